"""Draw Fate Pot's icons and token art into assets/ (run once; the PNGs are committed).

    python tools/make_icons.py

Everything is drawn at 4x and downsampled, so edges are smooth at every size:
- PWA icons (any + maskable, 192/512), the Apple touch icon, favicon, loading image,
  and icon.png (1024, transparent), the source `flet build` makes app icons from;
- chips (white, red, blue, legend) and bottle caps (white, red, blue) for the UI.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SCALE = 4
BACKGROUND = (18, 18, 18, 255)  # #121212, the app's theme colour
#: Face colour, rim-insert colour, inner-ring colour: close to real clay poker chips.
CHIPS = {
    "white": ((236, 233, 224), (30, 80, 170), (180, 176, 166)),
    "red": ((190, 30, 45), (245, 242, 235), (120, 15, 25)),
    "blue": ((25, 70, 160), (245, 242, 235), (12, 40, 100)),
    "legend": ((212, 170, 55), (60, 40, 10), (150, 110, 25)),
}
CAPS = {
    "white": ((232, 230, 222), (160, 158, 150)),
    "red": ((200, 35, 40), (130, 20, 25)),
    "blue": ((35, 85, 180), (20, 50, 115)),
}
RGB = tuple[int, int, int]


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_chip(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, kind: str) -> None:
    face, insert, ring = CHIPS[kind]
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r),
        fill=(*face, 255),
        outline=(0, 0, 0, 90),
        width=max(1, int(r * 0.03)),
    )
    # Six rim inserts, like the edge spots of a real chip.
    for i in range(6):
        a0 = math.degrees(i * math.pi / 3) - 14
        draw.pieslice(
            (cx - r * 0.97, cy - r * 0.97, cx + r * 0.97, cy + r * 0.97),
            a0,
            a0 + 28,
            fill=(*insert, 255),
        )
    inner = r * 0.72
    draw.ellipse(
        (cx - inner, cy - inner, cx + inner, cy + inner),
        fill=(*face, 255),
        outline=(*ring, 255),
        width=max(1, int(r * 0.06)),
    )
    if kind == "legend":
        draw.polygon(_star(cx, cy, inner * 0.7), fill=(*insert, 255))
    else:
        dot = inner * 0.42
        draw.ellipse(
            (cx - dot, cy - dot, cx + dot, cy + dot),
            outline=(*ring, 255),
            width=max(1, int(r * 0.05)),
        )


def draw_cap(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, kind: str) -> None:
    face, shade = CAPS[kind]
    teeth = 21
    crimp = []
    for i in range(teeth * 2):
        radius = r if i % 2 == 0 else r * 0.9
        angle = i * math.pi / teeth
        crimp.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(crimp, fill=(*shade, 255))
    inner = r * 0.8
    draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=(*face, 255))
    ring = r * 0.62
    draw.ellipse(
        (cx - ring, cy - ring, cx + ring, cy + ring),
        outline=(*shade, 255),
        width=max(1, int(r * 0.05)),
    )


def render(
    size: int,
    paint: object,
    *,
    background: tuple[int, int, int, int] | None = None,
    rounded: bool = False,
) -> Image.Image:
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if background is not None:
        if rounded:
            draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.22, fill=background)
        else:
            draw.rectangle((0, 0, big, big), fill=background)
    paint(draw, big)  # type: ignore[operator]
    return image.resize((size, size), Image.Resampling.LANCZOS)


def pot(draw: ImageDraw.ImageDraw, big: int, safe: float) -> None:
    """Three chips fanned inside the central `safe` fraction of the square."""
    r = big * safe * 0.27
    c = big / 2
    for kind, dx, dy in (("white", -0.95, 0.35), ("blue", 0.95, 0.35), ("red", 0.0, -0.45)):
        draw_chip(draw, c + dx * r, c + dy * r, r, kind)


def save(image: Image.Image, rel: str) -> None:
    path = ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, optimize=True)
    print(f"{rel}: {path.stat().st_size} bytes")


def main() -> None:
    for size in (192, 512):
        # "any": a rounded tile; "maskable": full bleed, art inside the 80% safe circle.
        save(
            render(size, lambda d, b: pot(d, b, 0.8), background=BACKGROUND, rounded=True),
            f"icons/icon-{size}.png",
        )
        save(
            render(size, lambda d, b: pot(d, b, 0.72), background=BACKGROUND),
            f"icons/icon-maskable-{size}.png",
        )
    save(
        render(192, lambda d, b: pot(d, b, 0.8), background=BACKGROUND),
        "icons/apple-touch-icon-192.png",
    )
    save(render(256, lambda d, b: pot(d, b, 1.0)), "icons/loading-animation.png")
    # `flet build` makes every platform's icons from a transparent assets/icon.png,
    # adding platform margins and `icon_background` (#121212) where alpha can't stay.
    save(render(1024, lambda d, b: pot(d, b, 1.0)), "icon.png")
    save(render(48, lambda d, b: draw_chip(d, b / 2, b / 2, b * 0.47, "red")), "favicon.png")
    for kind in CHIPS:
        save(
            render(256, lambda d, b, k=kind: draw_chip(d, b / 2, b / 2, b * 0.47, k)),
            f"chips/{kind}.png",
        )
    for kind in CAPS:
        save(
            render(256, lambda d, b, k=kind: draw_cap(d, b / 2, b / 2, b * 0.47, k)),
            f"caps/{kind}.png",
        )


if __name__ == "__main__":
    main()
