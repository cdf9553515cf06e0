"""Flet's internals, used only through app/ui/flet_internals.py: the installed Flet is
the one they were proven against, and each still has the shape the adapter reads.

A failure here means Flet changed under the UI: re-check each internal the adapter's
docstring names (why it is used, what reads it: `app/ui/model/redraw.py`), run
tests/ui/test_redraw.py and the browser tests, then set the adapter's `PROVEN`.
"""

from __future__ import annotations

import dataclasses
import weakref
from pathlib import Path

import flet as ft
import pytest
from flet.components.component import Renderer
from flet.components.hooks.use_state import StateHook

from app.ui import flet_internals
from app.ui.flet_internals import (
    MutableRef,
    adopt,
    current_component,
    hook_versions,
    parent_of,
)
from tests.platform.internals_pins import adapter_path, assert_proven, reaching_past

RECHECK = (
    "Flet changed what app/ui/flet_internals.py relies on: re-check each internal its "
    "docstring names, run tests/ui/test_redraw.py and the browser tests, then set PROVEN"
)


@pytest.mark.parametrize(("dist", "proven"), sorted(flet_internals.PROVEN.items()))
def test_the_installed_flet_is_the_one_the_internals_were_proven_against(
    dist: str, proven: str
) -> None:
    assert_proven(dist, proven, RECHECK)


def test_a_component_keeps_its_function_arguments_parent_and_hooks() -> None:
    fields = {f.name for f in dataclasses.fields(ft.Component)}
    assert {"fn", "args", "_parent_component", "_state"} <= fields, RECHECK
    state = {f.name for f in dataclasses.fields(ft.Component(fn=lambda: None)._state)}
    assert "hooks" in state, RECHECK
    assert "version" in {f.name for f in dataclasses.fields(StateHook)}, RECHECK
    assert "current" in MutableRef.__slots__, RECHECK


def test_a_set_state_shows_in_the_hook_versions_of_the_component_rendered() -> None:
    drawn: list[tuple[ft.Component, object]] = []

    def body() -> ft.Control:
        _, set_value = ft.use_state(0)
        drawn.append((current_component(), set_value))
        return ft.Text("x")

    node = ft.Component(fn=body)
    Renderer(node).render(body)  # type: ignore[no-untyped-call]
    assert drawn and drawn[0][0] is node, RECHECK
    before = hook_versions(node)
    set_value = drawn[0][1]
    assert callable(set_value)
    set_value(1)
    assert hook_versions(node) != before, RECHECK


def test_a_component_finds_the_one_it_was_rendered_in() -> None:
    outer, inner = ft.Component(fn=lambda: None), ft.Component(fn=lambda: None)
    assert parent_of(inner) is None
    inner._parent_component = weakref.ref(outer)
    assert parent_of(inner) is outer, RECHECK


def test_a_node_handed_back_is_adopted_by_the_component_being_rendered() -> None:
    kept = ft.Component(fn=lambda: None)
    kept._parent_component = weakref.ref(ft.Component(fn=lambda: None))
    adopters: list[ft.Component] = []

    def body() -> ft.Control:
        adopt(kept)
        adopters.append(current_component())
        return ft.Text("x")

    node = ft.Component(fn=body)
    Renderer(node).render(body)  # type: ignore[no-untyped-call]
    assert parent_of(kept) is node is adopters[0], RECHECK


def test_outside_a_render_there_is_no_current_component() -> None:
    with pytest.raises(RuntimeError):
        current_component()


def test_only_the_adapter_imports_flets_own_modules() -> None:
    """The rest of app/ui uses ``flet`` (``ft``) itself, nothing under it."""
    adapter = "app/ui/flet_internals.py"
    assert reaching_past(adapter, "app/ui", ("flet.", "flet_web.")) == []
    assert Path(flet_internals.__file__).resolve() == adapter_path(adapter)
