"""Action Cards drawn as cards: rank and suit big, red suits red, Jokers unmistakable.

Plain functions (no hooks). A card that can be tapped is a 64x92 button whose name is
what tapping does and the card's long name ("Keep Queen of spades"); a card that
can't be tapped still reads as its long name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import flet as ft

from app.domain.combat import cards

from ..widgets import later
from .common import card_long, is_red

WIDTH, HEIGHT = 64, 92
#: Suit shapes as SVG paths (viewBox 0 0 100 100): the bundled offline font has no
#: suit symbols, so the cards draw them.
_SUIT_PATHS = {
    "H": "M50 92 C22 68 2 50 2 30 A24 24 0 0 1 50 20 A24 24 0 0 1 98 30 C98 50 78 68 50 92 Z",
    "D": "M50 4 L90 50 L50 96 L10 50 Z",
    "S": "M50 4 C78 32 98 46 98 64 A22 22 0 0 1 56 72 L66 96 L34 96 L44 72 A22 22 0 0 1 2 64 "
    "C2 46 22 32 50 4 Z",
    "C": "M50 8 A21 21 0 0 1 68 42 A21 21 0 1 1 56 74 L66 96 L34 96 L44 74 A21 21 0 1 1 32 42 "
    "A21 21 0 0 1 50 8 Z",
}
FACE = "#F7F3EA"
BACK = "#5D2E1A"
RED, BLACK = "#C62828", "#1B1B1B"
CALLED = "#F9A825"


@lru_cache(maxsize=16)
def suit_svg(suit: str, colour: str) -> bytes:
    """One suit's shape in ``colour``, as SVG bytes for an `ft.Image`."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<path d="{_SUIT_PATHS[suit]}" fill="{colour}"/></svg>'
    ).encode()


def suit_image(suit: str, size: int, colour: str) -> ft.Control:
    return ft.Image(src=suit_svg(suit, colour), width=size, height=size, fit=ft.BoxFit.CONTAIN)


def _face_content(card: str, label: str, face_down: bool) -> ft.Control:
    """The card's picture, in one labelled group (one name for the whole card)."""
    ink = RED if is_red(card) else BLACK
    if face_down:
        return ft.Column(
            [ft.Icon(ft.Icons.STYLE, color=FACE, size=28), ft.Text("", semantics_label=label)],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
            tight=True,
        )
    if cards.is_joker(card):
        return ft.Column(
            [
                ft.Icon(ft.Icons.STAR, color=ink, size=26),
                ft.Text(
                    "JOKER", size=12, weight=ft.FontWeight.BOLD, color=ink, semantics_label=label
                ),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
            spacing=2,
            tight=True,
        )
    return ft.Column(
        [
            ft.Text(
                cards.rank(card),
                size=24,
                weight=ft.FontWeight.BOLD,
                color=ink,
                semantics_label=label,
            ),
            suit_image(cards.suit(card), 24, ink),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        alignment=ft.MainAxisAlignment.CENTER,
        tight=True,
    )


def _border(selected: bool, highlight: bool) -> ft.BorderSide:
    if selected:
        return ft.BorderSide(4, ft.Colors.PRIMARY)
    if highlight:
        return ft.BorderSide(4, CALLED)
    return ft.BorderSide(1, "#8D8D8D")


def card_face(
    card: str,
    *,
    selected: bool = False,
    highlight: bool = False,
    on_click: Callable[[Any], Any] | None = None,
    label: str | None = None,
    face_down: bool = False,
) -> ft.Control:
    """One card. ``highlight``: its step is called now; ``selected``: chosen (to keep)."""
    name = label or ("A card face down" if face_down else card_long(card))
    content = _face_content(card, name, face_down)
    side = _border(selected, highlight)
    bg = BACK if face_down else FACE
    if on_click is None:
        return ft.Container(
            content,
            width=WIDTH,
            height=HEIGHT,
            bgcolor=bg,
            border_radius=8,
            border=ft.Border.all(side.width, side.color),
            alignment=ft.Alignment.CENTER,
        )
    return ft.Button(
        content=content,
        on_click=on_click,
        width=WIDTH,
        height=HEIGHT,
        style=ft.ButtonStyle(
            padding=ft.Padding.all(0),
            bgcolor=bg,
            shape=ft.RoundedRectangleBorder(radius=8),
            side=side,
            elevation=6 if selected or highlight else 1,
        ),
    )


def card_row(
    hand: list[str],
    *,
    highlight: set[str] | frozenset[str] = frozenset(),
    selected: set[str] | frozenset[str] = frozenset(),
    on_pick: Callable[[str], Any] | None = None,
    verb: str = "",
) -> ft.Control:
    """A wrap of cards; with ``on_pick`` each one is a button named '<verb> <card>'."""
    return ft.Row(
        [
            card_face(
                card,
                selected=card in selected,
                highlight=card in highlight,
                on_click=later(on_pick, card) if on_pick is not None else None,
                label=f"{verb} {card_long(card)}".strip() if on_pick is not None else None,
            )
            for card in hand
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def backs(n: int, who: str) -> ft.Control:
    """``n`` cards face down (someone else's hand, as the table sees it)."""
    if n <= 0:
        return ft.Text("no cards", size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        [
            ft.Container(
                width=22, height=32, bgcolor=BACK, border_radius=4, border=ft.Border.all(1, FACE)
            )
            for _ in range(n)
        ]
        + [
            ft.Text(
                f"{n} card{'s' * (n != 1)}",
                size=13,
                semantics_label=f"{who}: {n} card{'s' * (n != 1)}",
            )
        ],
        spacing=3,
        tight=True,
    )


def mini_card(card: str) -> ft.Control:
    """A small face-up card (discard piles)."""
    ink = RED if is_red(card) else BLACK
    if cards.is_joker(card):
        face: ft.Control = ft.Icon(ft.Icons.STAR, color=ink, size=18)
    else:
        face = ft.Column(
            [
                ft.Text(cards.rank(card), size=13, weight=ft.FontWeight.BOLD, color=ink),
                suit_image(cards.suit(card), 12, ink),
            ],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
    return ft.Container(
        face,
        width=30,
        height=42,
        bgcolor=FACE,
        border_radius=4,
        alignment=ft.Alignment.CENTER,
        tooltip=card_long(card),
    )
