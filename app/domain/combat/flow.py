"""The GM's damage flow on any combatant, seat or NPC, in one command and its sequel:

hit location → damage → wounds → (a seat's negation window on that player's phone, or
the GM's chips for an NPC) → Wind → stun check due.

``combat.damage`` lands the wounds and opens the negation window exactly like
``wounds.assign``; ``chips.negate`` / ``wounds.accept`` (or ``combat.negate`` /
``combat.accept`` for NPCs) close it, and only then is the Wind rolled — "these wounds
are negated before any Wind is rolled". The attack waiting for that is at
``rules.attacks.<id>``; a new attack on the same target settles the last one first
("before any further attacks").
"""

from __future__ import annotations

from ..changes import Change, Move, Put, get_path
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY, UNDO_GM, Draft
from ..fatechips.state import ChipsTable, rules_of, settings_of, sheet_of
from ..fatechips.system import MAX_WOUND, ChipSystem, shade
from ..fatechips.wounds import read_wounds, window
from ..tokens import GM_HAND, POT
from . import body, damage, hitloc, wind
from .events.flow import (
    COMBAT_DAMAGED,
    COMBAT_HIT,
    COMBAT_MISSED,
    COMBAT_NEGATED,
    COMBAT_NEGATION_CLOSED,
    COMBAT_WIND_EVENT,
)
from .flow_args import AcceptArgs, DamageArgs, NegateArgs, WindArgs
from .state import Attack, is_seat, name_of, resolve


def attack_path(cid: str) -> tuple[str, ...]:
    return ("rules", "attacks", cid)


def pending(state: ChipsTable, cid: str) -> Attack | None:
    return rules_of(state).get("attacks", {}).get(cid)


def _where(loc: str) -> str:
    return loc.replace("_", " ")


def hit(ctx: Context, system: ChipSystem, args: DamageArgs) -> None:
    """``combat.damage`` (GM): one attack on a combatant, from hit location to wounds."""
    ctx.require_gm("apply damage")
    strike(ctx, system, resolve(ctx, args.who), args)


def strike(ctx: Context, system: ChipSystem, cid: str, hit: DamageArgs) -> None:
    """One hit on ``cid``: location, damage, wounds, and on to negation and Wind.

    ``hit`` is ``combat.damage``'s arguments: attacks, falls and stray shots build them
    too (:func:`~.flow_args.damage_args`)."""
    if is_seat(ctx.state, cid) and sheet_of(ctx.state, cid) is None:
        raise InvalidArgs("That seat has no character sheet.")
    earlier = pending(ctx.state, cid)
    if earlier is not None:
        settle(ctx, system, cid, "a further attack")
    where = hitloc.resolve(ctx, system, hit)
    who = name_of(ctx.state, cid)
    seen = wind.visible(ctx.state, cid)
    if where.miss:
        ctx.emit(
            Draft(
                COMBAT_MISSED,
                f"{who} is prone: the hit to the {_where(where.part)} misses.",
                data={"who": cid, "location": where.data()},
                undo=UNDO_GM,
            )
        )
        return
    brawling = hit.brawling
    spread = hit.spread
    if hit.blast_distance is not None:
        hit = _blast(hit, hit.blast_distance)
        spread = spread or "random"
    dmg = damage.roll(ctx, hit, where.part)
    size = body.size(ctx.state, cid)
    wounds, brawl_wind = damage.wounds_from(dmg.total, size, brawling)
    loc = where.location
    current = body.wounds(ctx.state, cid)
    placed = _place(ctx, system, loc, wounds, spread)
    changes: list[Change] = []
    window_now: dict[str, int] = {}
    befores: dict[str, int] = {}
    for spot, n in placed.items():
        before = current.get(spot, 0)
        after = min(MAX_WOUND, before + n)
        befores[spot] = before
        if after > before:
            window_now[spot] = after - before
            changes.append(Put(body.wound_path(ctx.state, cid, spot), before, after))
    landed = sum(window_now.values())
    before = befores.get(loc, current.get(loc, 0))
    after = before + window_now.get(loc, 0)
    if landed and is_seat(ctx.state, cid):
        changes.append(
            Put(
                ("rules", "window", cid),
                get_path(ctx.state, ("rules", "window", cid)),
                window_now,
            )
        )
    record: Attack = {
        "location": loc,
        "part": where.part,
        "before": before,
        "placed": befores,
        "landed": landed,
        # "If he's hit by an attack but doesn't actually take a wound ... he still takes
        # at least 1d6 Wind" — also a hit on a location already maimed
        "no_wound": landed == 0 and not dmg.stopped,
        "brawl_wind": brawl_wind,
        "brawling": brawling,
        "stage": "negate" if landed else "wind",
    }
    if landed and not is_seat(ctx.state, cid):
        record["window"] = window_now
    changes.append(Put(attack_path(cid), None, record))
    text = f"{who} is hit in the {_where(where.part)}"
    if spread:
        text = f"{who} is caught"
    elif where.result is not None:
        text += (
            f" (d20 {where.face}{where.modifier:+d} → {where.result})"
            if where.modifier
            else f" (d20 {where.face})"
        )
    if dmg.stopped:
        text += ": the armour stops it" if not dmg.deflected else ": the shot is deflected"
    else:
        faces = ", ".join("+".join(map(str, c)) for c in dmg.dice)
        text += f": damage [{faces}]"
        text += f" +{dmg.bonus}" if dmg.bonus else ""
        text += f" + Strength {dmg.strength}" if dmg.strength_dice or dmg.strength else ""
        text += f" = {dmg.total} vs Size {size}"
        if brawling:
            text += f" — brawling: {brawl_wind} Wind"
        text += f" — {wounds} wound{'s' * (wounds != 1)}"
        if landed and spread:
            text += " (" + ", ".join(f"{_where(k)} {n}" for k, n in window_now.items()) + ")"
        elif landed:
            text += f" (now {body.level_name(after)})"
    data = {"who": cid, "location": where.data(), "damage": dmg.data(), "size": size}
    data.update({"wounds": wounds, "landed": landed, "brawl_wind": brawl_wind})
    data["placed"] = window_now
    ctx.emit(
        Draft(
            COMBAT_DAMAGED,
            text + ".",
            data=data,
            changes=tuple(changes),
            visible_to=seen,
            undo=UNDO_GM,
        )
    )
    if not is_seat(ctx.state, cid):
        ctx.emit(
            Draft(
                COMBAT_HIT,
                f"{who} is hit in the {_where(where.part)}.",
                data={"who": cid, "part": where.part},
            )
        )
    if not landed or (
        not is_seat(ctx.state, cid) and not any(get_path(ctx.state, ("tokens", GM_HAND)) or {})
    ):
        settle(ctx, system, cid, "")


def _kept(state: ChipsTable, cid: str, record: Attack) -> dict[str, int]:
    """The wounds this attack left after negation, by location."""
    placed = record.get("placed") or {record["location"]: record["before"]}
    levels = body.wounds(state, cid)
    out = {loc: levels.get(loc, 0) - int(b) for loc, b in placed.items()}
    return {loc: n for loc, n in out.items() if n > 0}


def _blast(hit: DamageArgs, distance: int) -> DamageArgs:
    """ "Every 10 meters afterward, the damage of the explosion drops by a die" (up to
    10 m all the dice, 11–20 one less...); "Hits to the head and gizzards don't do extra
    damage in this case".
    """
    count = hit.dice
    left = count - max(0, distance - 1) // 10
    if left <= 0:
        raise RuleViolation(
            f"At {distance} m the explosion has lost all {count} dice: no damage "
            "(though they might get a little deaf)."
        )
    return hit.model_copy(update={"dice": left, "extra_dice": False})


def _place(ctx: Context, system: ChipSystem, loc: str, wounds: int, spread: str) -> dict[str, int]:
    """Where the wounds go: all to the location hit; ``random``: "a hit location for
    each", on separate areas while there are any; ``every``: "the wounds applied to
    every area at once" (totally consumed by flames)."""
    if not wounds:
        return {loc: 0}
    if spread == "every":
        return dict.fromkeys(system.locations, wounds)
    if spread != "random":
        return {loc: wounds}
    out: dict[str, int] = {}
    for _ in range(wounds):
        spot = system.location(hitloc.part(ctx.rng.die(20)))
        tries = 0
        while spot in out and len(out) < len(system.locations) and tries < 50:
            spot = system.location(hitloc.part(ctx.rng.die(20)))
            tries += 1
        assert spot is not None
        out[spot] = out.get(spot, 0) + 1
    return out


def settle(ctx: Context, system: ChipSystem, cid: str, why: str) -> None:
    """Negation is over for this attack: close the window, then Wind (and stun)."""
    record = pending(ctx.state, cid)
    if record is None:
        return
    changes: list[Change] = []
    if is_seat(ctx.state, cid):
        old = get_path(ctx.state, ("rules", "window", cid))
        if old is not None:
            changes.append(Put(("rules", "window", cid), old, None))
    kept = sum(_kept(ctx.state, cid, record).values())
    count = kept if not record["brawling"] else 0
    if not record["brawling"] and kept == 0 and record["no_wound"]:
        count = 1  # "he still takes at least 1d6 Wind"
    stage = {"stage": "wind", "kept": kept, "wind_dice": count}
    if record["stage"] != "wind" or "kept" not in record:
        changes.append(Put(attack_path(cid), record, {**record, **stage, "window": None}))
    if changes:
        ctx.emit(
            Draft(
                COMBAT_NEGATION_CLOSED,
                f"{name_of(ctx.state, cid)} keeps {kept} wound{'s' * (kept != 1)}"
                + (f" ({why})." if why else "."),
                data={"who": cid, "kept": kept},
                changes=tuple(changes),
                visible_to=wind.visible(ctx.state, cid),
            )
        )
    if settings_of(ctx.state).get("wind_dice", "host") == "host" or count == 0 or why:
        take_wind(ctx, cid, None)


def take_wind(ctx: Context, cid: str, faces: object) -> None:
    """Roll the attack's Wind, mark the wound fresh and the stun check due."""
    record = pending(ctx.state, cid)
    assert record is not None
    count = int(record["wind_dice"])
    rolled = wind.roll(ctx, count, faces)
    amount = sum(sum(c) for c in rolled) + int(record["brawl_wind"])
    kept = int(record["kept"])
    hurt = _kept(ctx.state, cid, record)
    changes: list[Change] = [Put(attack_path(cid), record, None)]
    if amount:
        changes.append(wind.loss(ctx.state, cid, amount))
    current, top = body.wind(ctx.state, cid)
    stunned = bool(body.extra(ctx.state, cid, "stunned", False))
    stun_tn = None
    if kept:
        fresh = dict(body.extra(ctx.state, cid, "fresh") or {})
        fresh.update(dict.fromkeys(hurt, True))
        changes.append(body.put_extra(ctx.state, cid, "fresh", fresh))
        if not stunned:
            level = max(body.wounds(ctx.state, cid).get(spot, 0) for spot in hurt)
            by = settings_of(ctx.state).get("stun_tn", "location")
            stun_tn = body.LEVEL_TN[min(MAX_WOUND, kept if by == "attack" else level)]
            old_tn = body.extra(ctx.state, cid, "stun_due")
            changes.append(
                body.put_extra(ctx.state, cid, "stun_due", max(stun_tn, int(old_tn or 0)))
            )
    new = current - amount
    faces_text = ", ".join("+".join(map(str, c)) for c in rolled)
    text = f"{name_of(ctx.state, cid)} loses {amount} Wind"
    text += (
        f" ([{faces_text}]"
        + (f" + {record['brawl_wind']} brawling)" if record["brawl_wind"] else ")")
        if rolled
        else ""
    )
    text += f" ({new}/{top})" + (" and is Winded" if new <= 0 else "")
    if stun_tn is not None:
        text += f"; stun check due (Vigor vs TN {stun_tn})"
    ctx.emit(
        Draft(
            COMBAT_WIND_EVENT,
            text + ".",
            data={"who": cid, "dice": rolled, "amount": amount, "wind": new, "stun_tn": stun_tn},
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )


def after_player_negation(ctx: Context, system: ChipSystem) -> None:
    """Hook after ``chips.negate`` / ``wounds.accept``: once the window has closed,
    the waiting attack goes on to its Wind."""
    for cid in list(rules_of(ctx.state).get("attacks") or {}):
        record = pending(ctx.state, cid)
        if (
            record
            and record["stage"] == "negate"
            and is_seat(ctx.state, cid)
            and not window(ctx.state, cid)
        ):
            settle(ctx, system, cid, "")


def enter_wind(ctx: Context, system: ChipSystem, args: WindArgs) -> None:
    """``combat.wind`` (GM): the Wind dice rolled at the table for a waiting attack."""
    ctx.require_gm("enter Wind dice")
    cid = resolve(ctx, args.who)
    record = pending(ctx.state, cid)
    if record is None or record["stage"] != "wind" or "kept" not in record:
        raise RuleViolation("No attack on that combatant is waiting for its Wind.")
    take_wind(ctx, cid, args.faces)


def npc_negate(ctx: Context, system: ChipSystem, args: NegateArgs) -> None:
    """``combat.negate`` (GM): a chip from the GM's hand negates an NPC's fresh wounds."""
    ctx.require_gm("spend the GM's chips")
    cid = resolve(ctx, args.who)
    record = pending(ctx.state, cid)
    if is_seat(ctx.state, cid):
        raise RuleViolation("A player negates with chips.negate from their own hand.")
    window = record.get("window") if record is not None else None
    if record is None or record["stage"] != "negate" or not window:
        raise RuleViolation(
            "There are no fresh wounds to negate (it must be right after they're assigned)."
        )
    colour = args.colour
    if colour not in system.colours:  # the game's colours: one model serves both games
        raise InvalidArgs(f"'colour' must be one of: {', '.join(system.colours)}.")
    if not get_path(ctx.state, ("tokens", GM_HAND, colour)):
        raise RuleViolation(f"{system.gm(capital=True)} has no {shade(colour)} chip.")
    open_wounds = {k: int(v) for k, v in window.items()}
    wanted = read_wounds(system, args.wounds) if args.wounds is not None else open_wounds
    cap = system.negate_wounds[colour]
    if sum(wanted.values()) > cap:
        wanted = {k: min(v, cap) for k, v in wanted.items()}
    changes: list[Change] = [Move(colour, GM_HAND, POT)]
    rest = dict(open_wounds)
    for loc, n in wanted.items():
        if n > open_wounds.get(loc, 0):
            raise RuleViolation(f"Only {open_wounds.get(loc, 0)} fresh wound(s) there.")
        level = body.wounds(ctx.state, cid)[loc]
        changes.append(Put(body.wound_path(ctx.state, cid, loc), level, level - n))
        rest[loc] -= n
    rest = {k: v for k, v in rest.items() if v}
    changes.append(Put((*attack_path(cid), "window"), record["window"], rest or None))
    ctx.emit(
        Draft(
            COMBAT_NEGATED,
            f"{system.gm(capital=True)} spends a {shade(colour)} chip: {name_of(ctx.state, cid)} "
            f"negates {sum(wanted.values())} wound(s).",
            data={"who": cid, "colour": colour, "wounds": wanted},
            changes=tuple(changes),
            visible_to=GM_ONLY,
        )
    )
    if not rest:
        settle(ctx, system, cid, "")


def accept(ctx: Context, system: ChipSystem, args: AcceptArgs) -> None:
    """``combat.accept``: the wounds stand; go on to the Wind (any combatant)."""
    cid = resolve(ctx, args.who)
    record = pending(ctx.state, cid)
    if record is None or record["stage"] != "negate":
        raise RuleViolation("There are no fresh wounds to accept.")
    if not is_seat(ctx.state, cid):
        ctx.require_gm("settle an NPC's wounds")
    settle(ctx, system, cid, "")
