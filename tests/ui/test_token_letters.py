"""Chips and caps are told apart without colour (#28).

The red and the blue art are the same shape, and in greyscale (or to a colour-blind
eye) the same grey: measured below from the art itself. So each token carries its
colour's letter in its middle, and no two colours share one.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from PIL import Image, ImageChops, ImageStat

from app.ui.widgets import token_image

ASSETS = Path(__file__).resolve().parents[2] / "assets"
COLOURS = ("white", "red", "blue")


def grey(path: Path) -> Image.Image:
    return Image.open(path).convert("L").resize((64, 64))


def letters(control: ft.Control) -> list[str]:
    """The texts drawn on a token."""
    if isinstance(control, ft.Text):
        assert control.semantics_label == " ", "the letter is not read out: the name says it"
        return [str(control.value)]
    found: list[str] = []
    for child in getattr(control, "controls", None) or []:
        found += letters(child)
    content = getattr(control, "content", None)
    if isinstance(content, ft.Control):
        found += letters(content)
    return found


@pytest.mark.parametrize("family", ["chips", "caps"])
def test_red_and_blue_are_one_grey_so_each_colour_has_its_own_letter(family: str) -> None:
    red, blue = grey(ASSETS / family / "red.png"), grey(ASSETS / family / "blue.png")
    difference = ImageStat.Stat(ImageChops.difference(red, blue)).mean[0]
    assert difference < 12, "the art alone would tell red from blue: revisit this test"
    marks = {colour: letters(token_image(colour, 28, family)) for colour in COLOURS}
    assert all(len(m) == 1 for m in marks.values()), marks
    assert len({m[0] for m in marks.values()}) == len(COLOURS), marks
    assert marks == {"white": ["W"], "red": ["R"], "blue": ["B"]}


def test_the_legend_chip_keeps_its_star() -> None:
    assert letters(token_image("legend", 28)) == []
