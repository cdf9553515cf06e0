"""A command's arguments as real controls, from the JSON Schema its declaration makes
(``GET /api/rulesets`` -> ``commands.<type>.schema``): a switch for true/false, a menu
for one of a few values, a number field for a whole number, a text field for text, and
a JSON field for lists and objects. What a control holds becomes the argument's JSON
value with :func:`arguments_from`; the host still checks everything and answers in a
player's words."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

import flet as ft

from ..forms import Form, text_field
from ..widgets import named_menu

Kind = Literal["flag", "choice", "whole", "number", "text", "json"]
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


def arguments_of(spec: dict[str, Any]) -> list[Argument]:
    """The arguments a catalogue entry declares, in declaration order (an entry with no
    schema: one JSON field per described argument)."""
    schema = spec.get("schema") or {}
    props: dict[str, Any] = schema.get("properties") or {}
    required = set(schema.get("required", []))
    if not props:
        return [_argument(n, {"description": d}, False) for n, d in spec.get("args", {}).items()]
    return [_argument(n, p, n in required) for n, p in props.items()]


def _argument(name: str, prop: dict[str, Any], required: bool) -> Argument:
    about = str(prop.get("description") or prop.get("title") or "")
    label = f"{name}: {about}" if about else name
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
    return Argument(name, label + ("" if not required else " (required)"), kind, required,
                    options, prop.get("default"), items)  # fmt: skip


#: The entries a list field reads from plain typing ("3 5 7", "sword, rope").
_ENTRY_KINDS: dict[Any, Kind] = {"integer": "whole", "string": "text"}


def control_for(form: Form, arg: Argument) -> ft.Control:
    """The control that edits ``form[arg.name]``."""
    if arg.kind == "flag":
        return ft.Switch(
            label=arg.label,
            value=bool(form.get(arg.name, arg.default or False)),
            on_change=lambda e: form.put(**{arg.name: bool(e.control.value)}),
        )
    if arg.kind == "choice":
        keys = [json.dumps(o) if not isinstance(o, str) else o for o in arg.options]
        shown = [] if arg.required else [UNSET]
        menu = ft.Dropdown(
            label=arg.label,
            value=str(form.get(arg.name, "") or (shown[0] if shown else "")) or None,
            options=[ft.DropdownOption(key=k, text=k) for k in [*shown, *keys]],
            on_select=lambda e: form.put(**{arg.name: e.control.value}),
        )
        return named_menu(menu)
    numeric = arg.kind in ("whole", "number")
    return text_field(
        form,
        arg.name,
        redraw=False,
        label=arg.label,
        hint_text=_hint(arg),
        keyboard_type=ft.KeyboardType.NUMBER if numeric else None,
    )


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
