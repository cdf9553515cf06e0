"""How wide the screen is, and what the GM's screen makes of it.

The GM runs the evening from anything between a 7" tablet in portrait (800 px wide) and
a laptop (1920 px): `gm_layout` picks one, two or three columns from the page's width,
and `use_page_width` redraws the screen when the tablet turns.
"""

from __future__ import annotations

from typing import Literal

import flet as ft

Layout = Literal["narrow", "medium", "wide"]

#: Three columns (table | tools | log) from here; the tools keep at least ~560 px.
WIDE_FROM = 1200
#: Two columns (table | tools, the log a tab) from here; below it, one column.
MEDIUM_FROM = 960
DEFAULT_WIDTH = 1280.0  # a page that has not told its size yet (tests without a page)


def gm_layout(width: float) -> Layout:
    """'wide' (three columns), 'medium' (two) or 'narrow' (one) for a page ``width``."""
    if width >= WIDE_FROM:
        return "wide"
    if width >= MEDIUM_FROM:
        return "medium"
    return "narrow"


def _current_page() -> ft.Page | None:
    try:
        return ft.context.page
    except RuntimeError:  # rendered outside a running app (the no-browser tests)
        return None


def use_page_width() -> float:
    """The page's width in logical pixels, redrawing the component when it changes."""
    page = _current_page()
    width, set_width = ft.use_state(
        float(page.width) if page is not None and page.width else DEFAULT_WIDTH
    )

    def follow_resizes() -> None:
        if page is None:
            return

        def resized(event: ft.PageResizeEvent) -> None:
            set_width(float(event.width))

        page.on_resize = resized

    ft.use_effect(follow_resizes, [])
    return width
