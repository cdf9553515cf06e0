"""A command's arguments as real controls, from the JSON Schema its declaration makes
(``GET /api/rulesets`` -> ``commands.<type>.schema``): a switch for true/false, a menu
for one of a few values, a number field for a whole number, a text field for text, and
a JSON field for lists and objects. What a control holds becomes the argument's JSON
value with :func:`arguments_from`; the host still checks everything and answers in a
player's words.

People see words, never the API (issue #28): a label is the argument's description
(not its name), a seat id is never typed but picked by the player's name from a menu
(several seats: one switch per player; a map keyed by seat: one field per player),
and a label too long for one line is written out above its field, wrapped."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import flet as ft

from ..forms import Form, text_field
from ..theme import SWITCH_PADDING
from ..widgets import muted, named_menu

Kind = Literal["flag", "choice", "whole", "number", "text", "json"]
#: How an argument names seats: one seat, a list of seats, or a map keyed by seat.
SeatKind = Literal["one", "many", "map"]
#: The seats a form may offer, as (seat id, the player's name).
Seats = Sequence[tuple[str, str]]
#: Things of the table an argument may name by id, by kind: ("bond", ((id, words), ...)).
Named = Sequence[tuple[str, Seats]]
#: The menu entry for every character at once (an argument that takes 'all').
EVERYONE = "Everyone"
#: Labels longer than this are cut off in a field's one-line label: written out above.
ONE_LINE = 34
#: The menu entry for "not given" (an optional choice left to its default).
UNSET = "—"


@dataclass(frozen=True)
class Argument:
    """One argument of a command as the form shows it."""

    name: str
    label: str
    kind: Kind
    required: bool
    options: tuple[Any, ...] = ()
    default: Any = None
    #: For a list of whole numbers or of text: what its entries are ("whole" / "text").
    items: Kind | None = None
    #: The argument names seats (picked by the players' names, never typed as ids).
    seat: SeatKind | None = None
    #: The argument also takes 'all' (every character).
    everyone: bool = False
    #: The argument names a thing of the table by its id (a "bond", a "follower"...):
    #: picked by its name from a menu when the screen knows them (see ``Named``).
    named: str | None = None


def arguments_of(spec: dict[str, Any]) -> list[Argument]:
    """The arguments a catalogue entry declares, in declaration order (an entry with no
    schema: one JSON field per described argument)."""
    schema = spec.get("schema") or {}
    props: dict[str, Any] = schema.get("properties") or {}
    required = set(schema.get("required", []))
    if not props:
        return [_argument(n, {"description": d}, False) for n, d in spec.get("args", {}).items()]
    return [_argument(n, p, n in required) for n, p in props.items()]


def in_words(name: str, about: str) -> str:
    """An argument's label in a player's words: its description with the API's terms
    ("the caster's seat id", "'all'", "a | b") turned into words; its name only when it
    has no description ("helper_skill" -> "Helper skill")."""
    if not about:
        return name.replace("_", " ").capitalize()
    text = about
    if text.startswith("seat id (the GM names one"):
        text = "the player"
    for pattern, words in _SEAT_WORDS:
        text = re.sub(pattern, words, text)
    text = text.replace("'all'", "everyone").replace("''", "none").replace(" | ", " / ")
    text = re.sub(r"\(false: ([^)]*)\)", r"(off: \1)", text)  # a switch is on or off
    text = re.sub(r" \(an? \w+ key[^)]*\)", "", text)  # picked from a menu of names
    text = re.sub(r"'s ids?\b", "", text)  # "the bond's id" -> "the bond"
    text = re.sub(r"(\w) ids\b", r"\1s", re.sub(r"(\w) id\b", r"\1", text))  # "gear id"
    return text[:1].upper() + text[1:]


#: Which things an argument names by id, from its description.
_NAMED = (
    ("bond", r"\bbond'?s? id"),
    ("follower", r"\bfollower'?s? id"),
    ("gear", r"^(?!.*talent).*(?:\bgear id|\bitem's id)"),
    ("training", r"\btraining'?s? id"),
    ("ability", r"\bability key"),
    ("asset", r"\basset'?s? ids?"),
)


def _named_kind(about: str) -> str | None:
    return next((kind for kind, said in _NAMED if re.search(said, about.lower())), None)


#: "the caster's seat id" -> "the caster"; "seat id of the item's owner" -> "the
#: item's owner"; any other seat id -> "the player".
_SEAT_WORDS = (
    (r"\{([\w' -]+?)'s seat id: ([^}]*)\}", r"for each \1: \2"),
    (r"([\w-]+(?: [\w-]+)?)'s seat ids?\b", r"\1"),
    (r"\b(?:the |a )?seat ids? of ", ""),
    (r"\b(?:the |a )?seat ids\b", "the players"),
    (r"\b(?:the |a )?seat id\b", "the player"),
)


def _seat_kind(about: str, branch: dict[str, Any]) -> SeatKind | None:
    """Whether (and how) an argument names seats, read from its description."""
    if "seat id" not in about:
        return None
    if branch.get("type") == "array":
        return "many"
    if branch.get("type") == "object" or about.startswith("{"):
        return "map"
    return "one"


def _argument(name: str, prop: dict[str, Any], required: bool) -> Argument:
    about = str(prop.get("description") or prop.get("title") or "")
    label = in_words(name, about)
    branches = [b for b in prop.get("anyOf", [prop]) if b.get("type") != "null"]
    branch = branches[0] if len(branches) == 1 else {}
    kind: Kind = "json"
    options: tuple[Any, ...] = ()
    items: Kind | None = None
    if "enum" in branch:
        kind, options = "choice", tuple(branch["enum"])
    elif "const" in branch:
        kind, options = "choice", (branch["const"],)
    elif branch.get("type") == "boolean":
        kind = "flag"
    elif branch.get("type") == "integer":
        kind = "whole"
    elif branch.get("type") == "number":
        kind = "number"
    elif branch.get("type") == "string":
        kind = "text"
    elif branch.get("type") == "array":
        items = _ENTRY_KINDS.get((branch.get("items") or {}).get("type"))
    seat = _seat_kind(about, branch)
    named = _named_kind(about) if kind == "text" or items == "text" else None
    return Argument(name, label + ("" if not required else " (required)"), kind, required,
                    options, prop.get("default"), items, seat, "'all'" in about,
                    named)  # fmt: skip


#: The entries a list field reads from plain typing ("3 5 7", "sword, rope").
_ENTRY_KINDS: dict[Any, Kind] = {"integer": "whole", "string": "text"}


def control_for(
    form: Form,
    arg: Argument,
    seats: Seats = (),
    named: Named = (),
    siblings: Sequence[Argument] = (),
    context: str = "",
) -> ft.Control:
    """The control that edits ``form[arg.name]`` (``seats``: whom a seat argument may
    name, by the players' names; ``named``: the things an id argument may name;
    ``siblings``: the form's arguments, which a choice's values may name; ``context``:
    the form's action, in the control's name for a screen reader, as forms on one tab
    share labels: "Channel: The player", "Weave: The player")."""
    # With its form's action, the label's parenthesis left out: the name stays short.
    name = f"{context}: {re.sub(r' [(].*[)]$', '', arg.label)}" if context else arg.label
    if arg.seat is not None:
        return _seat_control(form, arg, seats, name)
    things = dict(named).get(arg.named or "")
    if things is not None and arg.items == "text":
        return _switches(form, arg, things, f"No {arg.named} yet at this table.")
    if things is not None:
        return _menu(form, arg, list(things), f"No {arg.named} yet at this table.", name)
    if arg.kind == "flag":
        return ft.Switch(
            padding=SWITCH_PADDING,
            label=ft.Text(arg.label, semantics_label=name) if context else arg.label,
            value=bool(form.get(arg.name, arg.default or False)),
            on_change=lambda e: form.put(**{arg.name: bool(e.control.value)}),
        )
    if arg.kind == "choice":
        keys = [json.dumps(o) if not isinstance(o, str) else o for o in arg.options]
        shown = [] if arg.required else [UNSET]
        long = len(arg.label) > ONE_LINE  # a menu's label wraps over its border
        menu = ft.Dropdown(
            label=None if long else arg.label,
            value=str(form.get(arg.name, "") or (shown[0] if shown else "")) or None,
            options=[
                ft.DropdownOption(key=k, text=option_words(k, siblings)) for k in [*shown, *keys]
            ],
            on_select=lambda e: form.put(**{arg.name: e.control.value}),
        )
        return _written_out(arg.label, named_menu(menu, name))
    numeric = arg.kind in ("whole", "number")
    # A long label as a Text of up to three lines: Flutter's plain label is one line,
    # cut off at the field's width once it floats above the text typed.
    label: str | ft.Control = (
        arg.label
        if len(arg.label) <= ONE_LINE and not context
        else ft.Text(arg.label, max_lines=3, semantics_label=name)
    )
    return text_field(
        form,
        arg.name,
        redraw=False,
        label=label,
        hint_text=_hint(arg),
        keyboard_type=ft.KeyboardType.NUMBER if numeric else None,
    )


def _written_out(label: str, control: ft.Control) -> ft.Control:
    """A control whose label is too long for its one line, with the label written out
    in full above it (a field's label is cut off at the field's width: three-line
    descriptions lost their ends)."""
    if len(label) <= ONE_LINE:
        return control
    return ft.Column([muted(label, 15), control], spacing=4)


def _seat_control(form: Form, arg: Argument, seats: Seats, name: str) -> ft.Control:
    """A seat argument as the players' names: a menu for one seat, a switch per player
    for several, a field per player for a map keyed by seat."""
    if arg.seat == "one":
        return _menu(form, arg, [("all", EVERYONE)] * arg.everyone + list(seats), "", name)
    if arg.seat == "many":
        return _switches(form, arg, seats, "")
    return ft.Column(
        [
            muted(arg.label, 15),
            *[
                text_field(form, f"{arg.name}.{pid}", redraw=False, label=name)
                for pid, name in seats
            ],
        ],
        spacing=4,
    )


def _switches(form: Form, arg: Argument, things: Seats, none: str) -> ft.Control:
    """A list argument as one switch per thing it may name, by its words (``none``: what
    to say when there is nothing to pick)."""
    if not things and none:
        return muted(f"{arg.label}: {none}", 15)
    return ft.Column(
        [
            muted(arg.label, 15),
            *[
                ft.Switch(
                    padding=SWITCH_PADDING,
                    label=words,
                    value=bool(form.get(f"{arg.name}.{key}", False)),
                    on_change=lambda e, key=key: form.put(
                        **{f"{arg.name}.{key}": bool(e.control.value)}
                    ),
                )
                for key, words in things
            ],
        ],
        spacing=4,
    )


#: Option values that are abbreviations, as the rules write them.
_ABBREVIATIONS = {"xp": "XP", "cp": "CP", "dv": "DV", "gm": "GM", "pc": "PC", "npc": "NPC"}


def option_words(value: str, args: Sequence[Argument] = ()) -> str:
    """A menu entry in words: "promote" -> "Promote", "xp" -> "XP"; a letter that names
    another argument of the same form ("a", "b": the sides of a contest) reads as that
    argument's label ("One side: a player"). A word is its own words: xp.buy's
    "follower" (recruit one) is not its argument "follower" (the follower to promote)."""
    if value == UNSET:
        return value
    same = next((a for a in args if a.name == value and len(value) == 1), None)
    if same is not None:
        return same.label.removesuffix(" (required)")
    words = " ".join(_ABBREVIATIONS.get(w, w) for w in value.replace("_", " ").split())
    return words[:1].upper() + words[1:]


def named_in_words(message: str, args: Sequence[Argument]) -> str:
    """A host's sentence about the arguments with each argument's API name ('with')
    replaced by the label the form shows it under (“The other player”)."""
    for arg in args:
        label = arg.label.removesuffix(" (required)")
        message = message.replace(f"'{arg.name}'", f"“{label}”")
    return message


def _menu(
    form: Form, arg: Argument, entries: list[tuple[str, str]], none: str, name: str
) -> ft.Control:
    """A menu of ``entries`` (id, words) for ``arg`` (``none``: what to say when there
    is nothing to pick; ``name``: what a screen reader calls it)."""
    if not entries and none:
        return muted(f"{arg.label}: {none}", 15)
    entries = ([] if arg.required else [(UNSET, UNSET)]) + entries
    menu = ft.Dropdown(
        label=arg.label if len(arg.label) <= ONE_LINE else _short(arg),
        value=str(form.get(arg.name, "") or ("" if arg.required else UNSET)) or None,
        options=[ft.DropdownOption(key=k, text=t) for k, t in entries],
        on_select=lambda e: form.put(**{arg.name: e.control.value}),
    )
    return _written_out(arg.label, named_menu(menu, name))


def _short(arg: Argument) -> str:
    """A menu's own (one-line) label when its description is written out above it."""
    short = "Player" if arg.seat else (arg.named or "Choose").capitalize()
    return f"{short} (required)" if arg.required else short


def _hint(arg: Argument) -> str | None:
    if arg.items == "whole":
        return "e.g. 3, 7, 10"
    if arg.items == "text":
        return "names, comma separated"
    return 'JSON, e.g. [1, 2] or {"a": 1}' if arg.kind == "json" else None


def arguments_from(form: dict[str, Any], args: list[Argument]) -> dict[str, Any]:
    """The command's JSON arguments from what the form holds: empty fields and unset
    menus are left out (their defaults apply); a number or JSON field that doesn't parse
    is sent as typed, so the host names the argument and what it needs."""
    out: dict[str, Any] = {}
    for arg in args:
        if arg.seat in ("many", "map"):
            picked = _per_seat(form, arg)
            if picked:
                out[arg.name] = list(picked) if arg.seat == "many" else picked
            continue
        if arg.named is not None and arg.items == "text" and _picked_any(form, arg):
            out[arg.name] = list(_per_seat(form, arg))  # a switch per thing, by its id
            continue
        value = form.get(arg.name)
        if value is None or value == "" or value == UNSET:
            continue
        if arg.kind == "flag":
            out[arg.name] = bool(value)
        elif arg.kind == "choice":
            out[arg.name] = next(
                (o for o in arg.options if (o if isinstance(o, str) else json.dumps(o)) == value),
                value,
            )
        elif arg.items is not None:
            out[arg.name] = _list_of(str(value), arg.items)
        elif arg.kind in ("whole", "number", "json"):
            out[arg.name] = _json_or_text(str(value))
        else:
            out[arg.name] = str(value).strip()
    return out


def _picked_any(form: dict[str, Any], arg: Argument) -> bool:
    """Whether the form shows ``arg`` as one switch per thing (one was ever touched)."""
    return any(key.startswith(f"{arg.name}.") for key in form)


def _per_seat(form: dict[str, Any], arg: Argument) -> dict[str, Any]:
    """A several-seats argument's entries: {seat id: its switch or text}, the switches
    off and the fields empty left out."""
    prefix = f"{arg.name}."
    picked: dict[str, Any] = {}
    for key in list(form):
        value = form[key]  # a Form gives the field's own text
        if isinstance(value, str):
            value = value.strip()
        if key.startswith(prefix) and value not in (None, "", False):
            picked[key[len(prefix) :]] = value
    return picked


def _list_of(text: str, items: Kind) -> Any:
    """A list field as typed: JSON (``[3, 7]``), or entries separated by commas (and,
    for numbers, spaces): "3 7", "7" and "sword, rope" are lists, as the model declares.
    An entry that isn't a number where one is needed goes as typed, for the host to name."""
    parsed = _json_or_text(text)
    if isinstance(parsed, list):
        return parsed
    parts = text.replace(",", " ").split() if items == "whole" else text.split(",")
    entries = [p.strip() for p in parts if p.strip()]
    if items == "whole":
        return [int(e) if e.lstrip("-").isdigit() else e for e in entries]
    return entries


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text.strip())
    except ValueError:
        return text.strip()
