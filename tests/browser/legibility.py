"""Measured on the rendered page: text contrast, tap-target sizes, clipped buttons.

Flutter draws on a canvas, so colours can't be read from CSS: `contrast_of` crops the
screenshot to a text's box (from Flutter's accessibility tree), takes the commonest
colour as the background and the colour farthest from it as the ink, and returns the
WCAG 2 contrast ratio of the two. Anti-aliasing only lowers the ink's contrast, so a
ratio measured this way is never flattering.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from typing import cast

from PIL import Image
from playwright.sync_api import FloatRect, Locator, Page

MIN_TARGET = 48  # px, the smallest tap target
MIN_CONTRAST = 4.5  # WCAG AA for text under 18 pt


def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = (_channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_and_paper(image: Image.Image) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The text colour and the background colour of a crop around one text."""
    # An RGB image's pixels are (r, g, b) triples; Pillow types them as bare objects.
    pixels = cast(list[tuple[int, int, int]], list(image.convert("RGB").get_flattened_data()))
    paper = Counter(pixels).most_common(1)[0][0]
    ink = max(pixels, key=lambda p: sum((x - y) ** 2 for x, y in zip(p, paper, strict=True)))
    return ink, paper


def contrast_of(page: Page, target: Locator) -> float:
    """The measured contrast ratio of the text drawn in ``target``'s box."""
    box = target.bounding_box()
    assert box is not None, f"{target} is not on screen"
    return contrast_in(page, box)


def contrast_in(page: Page, box: FloatRect) -> float:
    """The measured contrast ratio of the text drawn in a box of the page."""
    shot = Image.open(io.BytesIO(page.screenshot()))
    scale = shot.width / page.viewport_size["width"] if page.viewport_size else 1.0
    crop = shot.crop(
        (
            int(box["x"] * scale),
            int(box["y"] * scale),
            int((box["x"] + box["width"]) * scale),
            int((box["y"] + box["height"]) * scale),
        )
    )
    ink, paper = ink_and_paper(crop)
    return contrast(ink, paper)


@dataclass(frozen=True)
class Target:
    name: str
    x: float
    y: float
    width: float
    height: float


def buttons_on_screen(page: Page) -> list[Target]:
    """Every button in the accessibility tree that is at least partly in the viewport."""
    size = page.viewport_size or {"width": 0, "height": 0}
    found = []
    for node in page.get_by_role("button").all():
        box = node.bounding_box()
        if box is None or box["width"] == 0:
            continue
        if box["y"] + box["height"] <= 0 or box["y"] >= size["height"]:
            continue  # scrolled away
        name = node.get_attribute("aria-label") or node.inner_text() or "?"
        found.append(Target(name.strip(), box["x"], box["y"], box["width"], box["height"]))
    return found


def too_small(targets: list[Target]) -> list[Target]:
    """Targets under 48 px either way (a fingertip misses them)."""
    return [t for t in targets if t.width < MIN_TARGET - 0.5 or t.height < MIN_TARGET - 0.5]


def cut_off(page: Page, targets: list[Target]) -> list[Target]:
    """Targets sticking out of the screen sideways (their labels are cut off)."""
    width = (page.viewport_size or {"width": 0})["width"]
    return [t for t in targets if t.x < -0.5 or t.x + t.width > width + 0.5]
