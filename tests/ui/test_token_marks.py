"""Chips and caps are told apart without colour (#28).

The red and the blue art are the same shape, and in greyscale (or to a colour-blind
eye) the same grey: measured below from the art itself. So each token carries a shape
of its own colour in its middle (a letter alone shared most of its strokes: "R", "B";
tests/browser/test_greyscale_tokens.py measures them as drawn), and a chip in the hand
says its colour in words.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from PIL import Image, ImageChops, ImageStat

from app.ui.widgets import token_button, token_image

ASSETS = Path(__file__).resolve().parents[2] / "assets"
COLOURS = ("white", "red", "blue")


def grey(path: Path) -> Image.Image:
    return Image.open(path).convert("L").resize((64, 64))


def drawn(control: ft.Control, kind: type[ft.Control]) -> list[ft.Control]:
    """The controls of ``kind`` drawn inside ``control``."""
    found: list[ft.Control] = [control] if isinstance(control, kind) else []
    for child in getattr(control, "controls", None) or []:
        found += drawn(child, kind)
    content = getattr(control, "content", None)
    if isinstance(content, ft.Control):
        found += drawn(content, kind)
    return found


@pytest.mark.parametrize("family", ["chips", "caps"])
def test_red_and_blue_are_one_grey_so_each_colour_has_its_own_shape(family: str) -> None:
    red, blue = grey(ASSETS / family / "red.png"), grey(ASSETS / family / "blue.png")
    difference = ImageStat.Stat(ImageChops.difference(red, blue)).mean[0]
    assert difference < 12, "the art alone would tell red from blue: revisit this test"
    marks = {colour: drawn(token_image(colour, 28, family), ft.Icon) for colour in COLOURS}
    assert all(len(m) == 1 for m in marks.values()), marks
    icons = {colour: m[0].icon for colour, m in marks.items()}  # type: ignore[attr-defined]
    assert len(set(icons.values())) == len(COLOURS), icons
    for m in marks.values():
        label = m[0].semantics_label  # type: ignore[attr-defined]
        assert label == " ", "the mark is not read out: the name says it"


def test_the_legend_chip_keeps_its_star() -> None:
    assert drawn(token_image("legend", 28), ft.Icon) == []


def test_a_chip_in_the_hand_says_its_colour_in_words() -> None:
    texts = [str(t.value) for t in drawn(token_button("red", 2), ft.Text)]  # type: ignore[attr-defined]
    assert texts == ["2", "red"]
