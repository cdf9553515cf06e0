"""Find the chips (or caps) on a screenshot, tell their colours, and measure how
different two colours' pictures are once the colour is gone.

A token is a disc: a blob of not-dark pixels (the screens are dark) about square and
at least `SMALLEST` px across; text and icons are smaller. Its colour is the face's,
read on a ring between its mark and its rim (the rim's inlays are another colour: the
white chip's are blue). Its picture is then taken from the *greyscale* screenshot, its
brightness and contrast evened out (so a grey level alone tells nothing: a
colour-blind eye or a dim screen may not see it either), and compared pixel by pixel.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from statistics import fmean, pstdev

from PIL import Image

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

#: Which pixels are a token's face, by colour (the art's own shades included).
FACES: dict[str, Callable[[RGB], bool]] = {
    "white": lambda p: min(p) >= 200 and max(p) - min(p) <= 30,
    "red": lambda p: p[0] >= 140 and p[1] <= 80 and p[2] <= 80,
    "blue": lambda p: p[2] >= 140 and p[0] <= 90 and p[1] <= 140,
    "legend": lambda p: p[0] >= 170 and p[1] >= 130 and p[2] <= 100,
}
#: The smallest and largest token drawn (the glance's 28 px less the art's margin; the
#: hand's 64 px).
SMALLEST, LARGEST = 20, 80
#: Not dark: part of a token (the screens' backgrounds and the marks' ink are dark).
BRIGHT = 100
#: Where the face is read: on rings this far from the middle, as shares of the token's
#: size (a mark or the rim's inlays may cover one of them).
FACE_RINGS = (0.3, 0.36)
#: The side the pictures are compared at.
SIDE = 32


@dataclass(frozen=True)
class Token:
    colour: str
    box: Box

    @property
    def size(self) -> int:
        return max(self.box[2] - self.box[0], self.box[3] - self.box[1])


def find_tokens(shot: Image.Image) -> list[Token]:
    """Every token on ``shot`` whose face has a colour of `FACES`."""
    rgb = shot.convert("RGB")
    width, height = rgb.size
    pixels = rgb.load()
    assert pixels is not None
    bright = bytearray(width * height)
    for y in range(height):
        for x in range(width):
            bright[y * width + x] = max(pixels[x, y]) >= BRIGHT  # type: ignore[arg-type]
    found: list[Token] = []
    for box in _blobs(bright, width, height):
        w, h = box[2] - box[0], box[3] - box[1]
        if min(w, h) >= SMALLEST and max(w, h) <= LARGEST and 0.8 <= w / h <= 1.25:
            colour = _face(rgb, box)
            if colour is not None:
                found.append(Token(colour, box))
    return found


def _face(rgb: Image.Image, box: Box) -> str | None:
    """The colour most of the ring between mark and rim shows (None: no token's)."""
    cx, cy = (box[0] + box[2] - 1) / 2, (box[1] + box[3] - 1) / 2
    size = max(box[2] - box[0], box[3] - box[1])
    seen: Counter[str] = Counter()
    angles = 36
    for ring, step in itertools.product(FACE_RINGS, range(angles)):
        angle = 2 * math.pi * step / angles
        x, y = cx + ring * size * math.cos(angle), cy + ring * size * math.sin(angle)
        pixel: RGB = rgb.getpixel((round(x), round(y)))  # type: ignore[assignment]
        seen.update(name for name, is_face in FACES.items() if is_face(pixel))
    if not seen:
        return None
    colour, count = seen.most_common(1)[0]
    return colour if count >= 0.4 * angles * len(FACE_RINGS) else None


def _blobs(mask: bytearray, width: int, height: int) -> list[Box]:
    """Bounding boxes of the 8-connected regions of ``mask`` (cleared as it goes)."""
    boxes: list[Box] = []
    for start in range(width * height):
        if not mask[start]:
            continue
        mask[start] = 0
        stack = [start]
        left, top, right, bottom = width, height, 0, 0
        while stack:
            at = stack.pop()
            y, x = divmod(at, width)
            left, top, right, bottom = min(left, x), min(top, y), max(right, x), max(bottom, y)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < width and 0 <= ny < height and mask[ny * width + nx]:
                        mask[ny * width + nx] = 0
                        stack.append(ny * width + nx)
        boxes.append((left, top, right + 1, bottom + 1))
    return boxes


def evened(grey: Image.Image, token: Token) -> list[float]:
    """The token's greyscale picture at `SIDE` px, brightness 0 and contrast 1."""
    left, top, right, bottom = token.box
    side = token.size
    cx, cy = (left + right) / 2, (top + bottom) / 2
    square = (
        round(cx - side / 2),
        round(cy - side / 2),
        round(cx + side / 2),
        round(cy + side / 2),
    )
    values = [float(v) for v in grey.crop(square).resize((SIDE, SIDE)).get_flattened_data()]  # type: ignore[arg-type]
    mean, spread = fmean(values), pstdev(values) or 1.0
    return [(v - mean) / spread for v in values]


def difference(grey: Image.Image, one: Token, other: Token) -> float:
    """How far apart two tokens' pictures are once colour, brightness and contrast are
    gone: the mean absolute difference of their evened pictures (0: the same picture)."""
    return fmean(abs(a - b) for a, b in zip(evened(grey, one), evened(grey, other), strict=True))
