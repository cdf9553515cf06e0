"""Small building blocks shared by every screen: tokens, badges, cards, steppers.

Plain functions returning controls (no hooks), so tests can build and inspect them.
Every tappable thing is at least 48 px and carries text a screen reader (and
Playwright, through Flutter's accessibility tree) can name.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import flet as ft

# The forms live in .forms; screens import them from here with the other widgets.
from .forms import Form as Form
from .forms import KeptForms as KeptForms
from .forms import text_field as text_field
from .forms import use_form as use_form
from .forms import use_kept_form as use_kept_form
from .theme import STATUS_COLOURS, TARGET, token_colour

Handler = Callable[..., Any] | None


#: Characters the bundled Roboto subset lacks (they would draw as boxes).
_MISSING_GLYPHS = str.maketrans({"→": "->", "←": "<-"})


_RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
_SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_CARD_IN_TEXT = re.compile(r"\b(10|[2-9AKQJ])([♠♥♦♣])")


def readable(text: str) -> str:
    """Host text made drawable with the offline font: '8 → 17' becomes '8 -> 17' and
    'the Q♥' becomes 'the Queen of hearts' (the bundled font has no arrows or suits)."""
    spelled = _CARD_IN_TEXT.sub(
        lambda m: f"{_RANK_WORDS.get(m[1], m[1])} of {_SUIT_WORDS[m[2]]}", text
    )
    return spelled.translate(_MISSING_GLYPHS)


def later(fn: Callable[..., Any], *args: Any) -> Callable[[Any], Any]:
    """An event handler calling ``fn(*args)``, awaiting it when it is a coroutine."""

    async def handler(_: Any) -> None:
        result = fn(*args)
        if inspect.isawaitable(result):
            await result

    return handler


def act(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """An event handler calling ``fn(event)``, awaiting it when it is a coroutine."""

    async def handler(event: Any) -> None:
        result = fn(event)
        if inspect.isawaitable(result):
            await result

    return handler


def sentence(text: str) -> str:
    """Capitalise the first letter only ('the Marshal' stays 'the Marshal' inside)."""
    return text[:1].upper() + text[1:]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


#: The mark in a token's middle, a shape of its own per colour: red and blue art are the
#: same shape and the same grey to a colour-blind eye or in greyscale, and a letter
#: ("R", "B") shares most of its strokes at a glance's size. The Legend chip has its
#: star. A chip in the hand also says its colour in words (`token_button`).
TOKEN_MARKS: dict[str, ft.IconData] = {
    "white": ft.Icons.CIRCLE_OUTLINED,
    "red": ft.Icons.CHANGE_HISTORY,
    "blue": ft.Icons.SQUARE,
}


def token_image(kind: str, size: int, family: str = "chips") -> ft.Control:
    """A chip or cap picture in its true colour (the art lives in assets/), with its
    colour's shape in its middle."""
    face, ink = token_colour(kind)
    if kind not in ("white", "red", "blue", "legend"):
        return ft.Container(width=size, height=size, bgcolor=face, border_radius=size / 2)
    art = ft.Image(src=f"{family}/{kind}.png", width=size, height=size, fit=ft.BoxFit.CONTAIN)
    if kind not in TOKEN_MARKS:
        return art
    # The mark is for the eye: a screen reader already hears the colour's name (a blank
    # label keeps it out of the name; excluding it split the button).
    mark = ft.Icon(TOKEN_MARKS[kind], size=round(size * 0.5), color=ink, semantics_label=" ")
    return ft.Stack(
        [art, ft.Container(mark, width=size, height=size, alignment=ft.Alignment.CENTER)],
        width=size,
        height=size,
    )


def token_button(
    kind: str,
    count: int,
    *,
    noun: str = "chip",
    family: str = "chips",
    size: int = 64,
    on_click: Handler = None,
    selected: bool = False,
) -> ft.Control:
    """A big chip with its count; tapping it opens what it can do right now."""
    label = f"{kind.capitalize()} {noun}s: {count}"
    body = ft.Column(
        [
            token_image(kind, size, family),
            ft.Text(f"{count}", size=22, weight=ft.FontWeight.BOLD, semantics_label=label),
            # The colour in words, for an eye that can't tell it (the name says it).
            ft.Text(kind, size=13, semantics_label=" "),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=2,
        tight=True,
    )
    return ft.Button(
        content=body,
        on_click=on_click,
        data=kind,
        opacity=1.0 if count else 0.5,
        style=ft.ButtonStyle(
            padding=ft.Padding.all(8),
            shape=ft.RoundedRectangleBorder(radius=14),
            side=ft.BorderSide(3, ft.Colors.PRIMARY) if selected else None,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER,
        ),
    )


def token_counts(
    counts: Mapping[str, object] | None,
    *,
    noun: str = "chip",
    family: str = "chips",
    size: int = 28,
    total: int | None = None,
) -> ft.Control:
    """A compact row of chips with their counts (seats, the pot), or a hidden total."""
    if counts is None:
        hidden = f"{plural(total or 0, noun)} (hidden)"
        return ft.Text(hidden, semantics_label=hidden)
    items: list[ft.Control] = []
    for kind, n in counts.items():
        items.append(
            ft.Row(
                [
                    token_image(kind, size, family),
                    ft.Text(str(n), size=16, semantics_label=f"{n} {kind}"),
                ],
                spacing=4,
                tight=True,
            )
        )
    return ft.Row(items, spacing=10, wrap=True)


def status_badge(status: str, queued: int) -> ft.Control:
    """Online / reconnecting / offline, with the number of queued actions."""
    text = status.capitalize()
    if queued:
        text += f" · {queued} queued"
    return ft.Container(
        content=ft.Row(
            [
                ft.Container(width=12, height=12, border_radius=6, bgcolor=STATUS_COLOURS[status]),
                ft.Text(text, size=14, semantics_label=f"Connection: {text}"),
            ],
            spacing=6,
            tight=True,
        ),
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=16,
        border=ft.Border.all(1, STATUS_COLOURS[status]),
    )


def named_menu(menu: ft.Dropdown, label: str | None = None) -> ft.Control:
    """``menu`` as its own accessibility node, named ``label`` (by default its own).

    Flutter's dropdown menu is an unnamed, non-container button in the accessibility
    tree (a closed one had no node at all): a screen reader heard "button", and the card
    around it took the button's role and every text in it as one giant "button"
    (Spacelands' Trait and Aptitude menus).
    """
    # One node: the menu's own (tappable) button, with the label merged into it.
    name = label if label is not None else str(menu.label or "")
    return ft.MergeSemantics(content=ft.Semantics(content=menu, label=name))


def card(title: str, *controls: ft.Control, actions: Sequence[ft.Control] = ()) -> ft.Control:
    """A titled section."""
    header: list[ft.Control] = [ft.Text(title, size=18, weight=ft.FontWeight.BOLD, expand=True)]
    header += list(actions)
    return ft.Card(
        content=ft.Container(
            ft.Column(
                [ft.Row(header, vertical_alignment=ft.CrossAxisAlignment.CENTER), *controls],
                spacing=10,
            ),
            padding=ft.Padding.all(14),
        )
    )


#: How every disabled button looks, whatever its kind: flat (no fill, no outline) with
#: dim grey text. Flutter's default is 38% of the text colour on a 12% fill: in the
#: dark theme hard to read, and at a glance hardly different from an outlined button
#: that works. The grey is OUTLINE, which keeps text contrast above 4.5 (about 6 in
#: the dark theme) while plainly dimmer than an enabled button's text.
DISABLED = ft.ButtonStyle(
    color=ft.Colors.OUTLINE,
    icon_color=ft.Colors.OUTLINE,
    bgcolor=ft.Colors.TRANSPARENT,
    side=ft.BorderSide(1, ft.Colors.TRANSPARENT),
    elevation=0,
)


def button(
    text: str,
    on_click: Handler,
    *,
    icon: ft.IconData | None = None,
    filled: bool = False,
    disabled: bool = False,
    expand: bool | int | None = None,
    tonal: bool = False,
) -> ft.Control:
    """A labelled button at least 48 px tall; a disabled one flat and grey (`DISABLED`)."""
    kind = ft.FilledButton if filled else ft.FilledTonalButton if tonal else ft.OutlinedButton
    return kind(
        content=text,
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=TARGET,
        expand=expand,
        style=DISABLED if disabled else None,
    )


def icon_button(
    icon: ft.IconData, label: str, on_click: Handler, disabled: bool = False
) -> ft.Control:
    """An icon button that screen readers (and tests) can name: the icon carries it.

    Flutter web exposes no IconButton tooltip in its accessibility tree; the tooltip
    stays for long-press.
    """
    return ft.IconButton(
        icon=ft.Icon(icon, semantics_label=label),
        on_click=on_click,
        tooltip=label,
        disabled=disabled,
        # Flutter's default disabled icon is 38% of the colour: too faint to read.
        disabled_color=ft.Colors.OUTLINE,
        width=TARGET,
        height=TARGET,
    )


def spend_button(text: str, on_click: Handler, *, allowed: bool) -> ft.Control:
    """The button that spends a token: filled with a check when the rules allow it now,
    outlined with a no-entry sign when not (still tappable, to say why)."""
    return button(
        text, on_click, filled=allowed, icon=ft.Icons.CHECK if allowed else ft.Icons.BLOCK
    )


def option_card(lines: list[ft.Control], *, allowed: bool) -> ft.Control:
    """One thing a token can do right now, framed brighter when it is allowed."""
    return ft.Container(
        ft.Column(lines, spacing=6),
        padding=12,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.PRIMARY if allowed else ft.Colors.OUTLINE_VARIANT),
    )


def stepper(
    label: str,
    value: int,
    on_change: Callable[[int], Any],
    lo: int = 0,
    hi: int = 99,
    *,
    name: str | None = None,
) -> ft.Control:
    """label  [-] value [+]  with named 48 px targets; the ends of the range disable one.
    ``name``: what a screen reader calls it where ``label`` alone repeats on the screen
    (each trait's "Coordination": "Deftness Coordination").

    Quick taps add up: each tap moves on from the value the previous tap asked for, not
    from the value this drawing shows (the redraw after a tap can come after the next
    tap, and three quick taps on + must make +3, not +1).
    """
    latest = [value]
    said = name or label

    def nudge(delta: int) -> Callable[[Any], Any]:
        async def handler(_: Any) -> None:
            latest[0] = max(lo, min(hi, latest[0] + delta))
            result = on_change(latest[0])
            if inspect.isawaitable(result):
                await result

        return handler

    return ft.Row(
        [
            ft.Text(label, size=15, expand=True),
            icon_button(ft.Icons.REMOVE, f"Less {said}", nudge(-1), value <= lo),
            ft.Text(
                str(value),
                size=20,
                width=44,
                text_align=ft.TextAlign.CENTER,
                semantics_label=f"{said}: {value}",
            ),
            icon_button(ft.Icons.ADD, f"More {said}", nudge(+1), value >= hi),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def choice_chips(
    options: Sequence[tuple[str, str]],
    value: str | None,
    on_pick: Callable[[str], Any],
    *,
    name: str | None = None,
) -> ft.Control:
    """A wrap of big toggle buttons (value, label): segmented choice without a dropdown.
    ``name``: what the choice is about, for a screen reader, where the same labels repeat
    on the screen (a die type per trait: "Deftness: d6", not five buttons "d6")."""
    return ft.Row(
        [
            (ft.FilledButton if key == value else ft.OutlinedButton)(
                content=text if name is None else ft.Text(text, semantics_label=f"{name}: {text}"),
                height=TARGET,
                on_click=later(on_pick, key),
            )
            for key, text in options
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def pct(p: float | None) -> str:
    """A probability for people: '41%', '<1%', '>99%'."""
    if p is None:
        return "—"
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def muted(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT)


def confirm_box(question: str, yes: ft.Control, no: ft.Control) -> ft.Control:
    """A question that guards an easy mistake (a hit applied at once, a card discarded):
    the question in bold and the two answers, framed in the error colour."""
    return ft.Container(
        ft.Column(
            [
                ft.Text(question, size=16, weight=ft.FontWeight.BOLD),
                ft.Row([yes, no], wrap=True, spacing=8, run_spacing=8),
            ],
            spacing=8,
        ),
        padding=10,
        border_radius=10,
        border=ft.Border.all(2, ft.Colors.ERROR),
    )
