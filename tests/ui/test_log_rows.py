"""The log's rows on a screen: every row's box spans the log's width."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.ui.model.redraw import ModelRef
from app.ui.views.log import log_block

from .harness import Screen


def _row(version: int, text: str, more: list[str]) -> dict[str, Any]:
    return {
        "key": f"log-{version}",
        "event": {"text": text},
        "undone": False,
        "undoable": False,
        "more": [{"text": line} for line in more],
    }


def test_a_public_line_alone_spans_the_log_like_a_row_with_events_beneath() -> None:
    # A public line is its text in a bordered box (app/ui/views/log.py `_log_row`): in a
    # column that does not stretch its rows, that box (and its bottom border) was only
    # as wide as the text, beside full-width rows that have events beneath (seen on a
    # phone's Log tab, session 13's play test).
    rows = (
        (_row(3, "GM: The stage arrives at dusk", []), False),
        (_row(2, "Session 1 started.", ["Ann draws 2 red chips."]), False),
    )
    screen = Screen(log_block, ModelRef(object()), rows, False)
    block = next(c for c in screen.controls if isinstance(c, ft.Column))
    assert block.horizontal_alignment == ft.CrossAxisAlignment.STRETCH
