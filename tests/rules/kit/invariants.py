"""The checks every rule system must pass after every command, named so a known defect
in one system can be marked by name (``systems.Profile.known``).

Each check raises AssertionError with what it found.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from app.domain.actors import GM, Actor
from app.domain.errors import DomainError
from app.domain.evolve import fold

from .driver import KitTable, memo_off
from .fuzz import CANARY

NEVER_RAISES = "never_raises"
DECIDE_PURE = "decide_leaves_state_alone"
REPLAYS = "replay_gives_the_same_state"
CONSERVED = "tokens_conserved"
FRESH_VIEWS = "views_equal_views_from_scratch"
SECRETS = "nothing_gm_only_reaches_a_player"
GUESSES = "guessed_ids_reveal_nothing"
SEATS_RETURN = "removed_seats_return_their_tokens"
JSON_VIEWS = "views_are_plain_json"
EVERY = (
    NEVER_RAISES,
    DECIDE_PURE,
    REPLAYS,
    CONSERVED,
    SEATS_RETURN,
    FRESH_VIEWS,
    JSON_VIEWS,
    SECRETS,
    GUESSES,
)


def snapshot(kit: KitTable) -> str:
    return json.dumps(kit.state, sort_keys=True, default=str)


def tokens_conserved(kit: KitTable) -> None:
    """Per kind, the sum over all containers (``supply`` included) is 0, and no
    container but the supply holds fewer than none."""
    assert not kit.token_totals(), f"tokens created or lost: {kit.token_totals()}"
    assert not kit.negative_holders(), f"negative holdings: {kit.negative_holders()}"


def removed_seats_return_their_tokens(kit: KitTable) -> None:
    """docs/protocol.md: "`seat.remove` | GM | `player` | the seat leaves (the system
    returns its tokens)": a removed seat's hand holds nothing."""
    tokens = kit.state.get("tokens", {})
    for pid, seat in kit.state.get("seats", {}).items():
        if not seat.get("active", True):
            held = {k: n for k, n in tokens.get(f"hand:{pid}", {}).items() if n}
            assert not held, f"removed seat {pid} still holds {held}"


def replay_gives_the_same_state(kit: KitTable) -> None:
    assert kit.replays(), "folding the log does not give the live state"


def views_equal_views_from_scratch(kit: KitTable) -> None:
    """The views as served (shared parts, remembered parts) equal views computed afresh
    from the folded log, for the GM and every seat."""
    viewers = kit.viewers()
    served = [kit.table.view(v)["rules"] for v in viewers]
    rebuilt = fold(kit.events)
    with memo_off():
        fresh = [kit.table.ruleset.view(rebuilt, v) for v in viewers]
    for viewer, a, b in zip(viewers, served, fresh, strict=True):
        assert a == b, f"{viewer.label}'s view differs from one computed from scratch"


def views_are_plain_json(kit: KitTable) -> None:
    """Every viewer's view (and every event it receives) is made of JSON's own types
    (str keys, lists not tuples): the host's browser sessions get them as Python
    values, with no JSON round trip to turn a tuple into a list (app.inproc)."""
    for viewer in kit.viewers():
        found = not_json(kit.table.view(viewer)) or not_json(
            [e.to_public() for e in kit.table.events_after(0, viewer)]
        )
        assert found is None, f"{viewer.label}'s view holds a non-JSON value at {found}"


def not_json(value: object, path: str = "") -> str | None:
    """The path of the first value in ``value`` that JSON would not give back as is."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return None
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = not_json(item, f"{path}/{i}")
            if found is not None:
                return found
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{path}/{key!r} (a {type(key).__name__} key)"
            found = not_json(item, f"{path}/{key}")
            if found is not None:
                return found
        return None
    return f"{path} ({type(value).__name__})"


def _received_events(kit: KitTable, viewer: Actor) -> str:
    """Everything the viewer's events tell, their command ids included."""
    events = kit.table.events_after(0, viewer)
    return json.dumps([[e.command_id, e.text, e.data] for e in events], default=str)


def nothing_gm_only_reaches_a_player(kit: KitTable) -> None:
    """No event a player receives is meant for someone else, and no player's view holds
    a GM-only name (a canary the GM gave something only the GM sees) that no event the
    player received revealed."""
    gm_only = json.dumps(
        [[e.text, e.data] for e in kit.events if e.visible_to == "gm"], default=str
    )
    canaries = set(re.findall(rf"{CANARY} \d+", gm_only))
    for viewer in kit.viewers():
        if viewer.is_gm:
            continue
        for event in kit.table.events_after(0, viewer):
            assert event.visible_to in ("all", viewer.player_id), (
                f"{viewer.label} receives an event for {event.visible_to}: {event.text!r}"
            )
        told = _received_events(kit, viewer)
        view = json.dumps(kit.table.view(viewer), default=str)
        for canary in canaries:
            if canary not in told:
                assert canary not in view, f"{viewer.label}'s view holds GM-only {canary!r}"


def gm_only_ids(kit: KitTable, viewer: Actor, most: int = 3) -> list[str]:
    """Ids (and canary names) in GM-only events that ``viewer`` never received."""
    told = json.dumps(kit.table.view(viewer), default=str) + _received_events(kit, viewer)
    found: list[str] = []
    for event in kit.events:
        if event.visible_to != "gm":
            continue
        for value in re.findall(r'"([a-z_]*\d+|' + CANARY + r' \d+)"', json.dumps(event.data)):
            dice = re.fullmatch(r"d\d+", value)  # a die type ('d6') is a word, not an id
            if value not in found and f'"{value}"' not in told and not dice:
                found.append(value)
    return found[:most]


def decoy(value: str) -> str:
    """An id of the same shape that names nothing: 'npc1' -> 'npc9999'."""
    return re.sub(r"\d+$", "9999", value)


def outcome(kit: KitTable, viewer: Actor, type_: str, args: dict[str, object]) -> str:
    try:
        kit.decide(viewer, type_, args)
    except DomainError as error:
        return f"{type(error).__name__}: {error.message}"
    return "accepted"


def guessed_ids_reveal_nothing(
    kit: KitTable, pick: Callable[[list[tuple[str, str]]], list[tuple[str, str]]]
) -> None:
    """A player who names the id of something GM-only gets exactly the answer a made-up
    id of the same shape gets: the same refusal, in the same words."""
    for viewer in kit.viewers():
        if viewer.is_gm:
            continue
        ids = gm_only_ids(kit, viewer)
        if not ids:
            continue
        pairs = [
            (type_, arg)
            for type_, spec in sorted(kit.specs().items())
            if "player" in spec.roles
            for arg in spec.descriptions()
        ]
        for type_, arg in pick(pairs):
            for secret in ids:
                fake = decoy(secret)
                made_up_raw = outcome(kit, viewer, type_, {arg: fake})
                if secret in made_up_raw:
                    continue  # the answer names it anyway (an example, a rule's word)
                real = outcome(kit, viewer, type_, {arg: secret}).replace(secret, "<id>")
                made_up = made_up_raw.replace(fake, "<id>")
                assert real == made_up, (
                    f"{viewer.label} guessing {secret!r} in {type_}.{arg} learns something: "
                    f"{real!r} vs {made_up!r} for a made-up id"
                )


__all__ = ["EVERY", "GM"]
