"""app.host.flet_diff: Flet's diff prepares a newly drawn control tree exactly as
Flet's own method does, without visiting the fields that cannot hold a control
(docs/benchmarks.md §11, change 26)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import flet as ft
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder

from app.host import flet_diff


def a_page_part() -> ft.Control:
    """Controls of the kinds the app draws: boxes, rows, lists, menus, buttons."""
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.LOCK, size=16),
                        ft.Text("GM: The stage pulls in", size=16, expand=True),
                        ft.TextButton(
                            content=ft.Text("Undo", semantics_label="Undo: the stage"),
                            icon=ft.Icons.UNDO,
                            on_click=lambda _: None,
                        ),
                    ]
                ),
                ft.Dropdown(
                    label="Whose",
                    options=[ft.DropdownOption(key="p1", text="Ann"), ft.DropdownOption("p2")],
                ),
                ft.TextField(label="Note for the log", value="typed"),
                ft.Text(
                    "struck",
                    style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH),
                    spans=[ft.TextSpan("a span", style=ft.TextStyle(size=12))],
                ),
            ],
            spacing=2,
        ),
        padding=ft.Padding.only(left=8, right=8, top=4, bottom=4),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )


def prepared(
    method: Callable[..., Any], frozen: bool, setattr_only: bool, monkeypatch: pytest.MonkeyPatch
) -> list[Any]:
    """What ``method`` yields for a fresh tree and what it leaves on every object of it
    (its recursion through ``method`` too)."""
    monkeypatch.setattr(DiffBuilder, "_configure_dataclass", method)
    tree = a_page_part()
    builder = DiffBuilder(None, tree, BaseControl)
    yielded = [type(c).__name__ for c in method(builder, tree, None, frozen, setattr_only)]
    ids: dict[int, str] = {}
    marks: list[Any] = []

    def walk(node: Any, path: str) -> None:
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            ids[id(node)] = path
            parent = getattr(node, "_parent", None)
            marks.append(
                (
                    path,
                    type(node).__name__,
                    ids.get(id(parent())) if parent is not None and parent() else None,
                    getattr(node, "_frozen", None),
                    getattr(node, "_initialized", None),
                    dict(getattr(node, "_dirty", None) or {}),
                    getattr(node, "__changes", None),
                )
            )
            for field in dataclasses.fields(node):
                if not field.metadata.get("skip", False):
                    walk(getattr(node, field.name), f"{path}.{field.name}")
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{path}[{i}]")
        elif isinstance(node, dict):
            for key, item in node.items():
                walk(item, f"{path}[{key}]")

    walk(tree, "")
    return [yielded, marks]


def test_flets_method_is_the_one_replaced_and_the_host_uses_the_lean_one() -> None:
    assert flet_diff.is_flets_own_method()  # a new Flet fails here, not silently
    assert flet_diff.install()
    assert DiffBuilder._configure_dataclass is flet_diff.configure_dataclass


@pytest.mark.parametrize(("frozen", "setattr_only"), [(False, False), (True, False), (False, True)])
def test_a_new_tree_is_prepared_as_flets_own_method_prepares_it(
    frozen: bool, setattr_only: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    flets = prepared(flet_diff.FLET_CONFIGURE, frozen, setattr_only, monkeypatch)
    assert len(flets[0]) >= (1 if setattr_only else 12)  # the walk reached the controls
    assert prepared(flet_diff.configure_dataclass, frozen, setattr_only, monkeypatch) == flets


def test_the_lean_method_visits_only_fields_that_can_hold_a_control(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for method in (flet_diff.FLET_CONFIGURE, flet_diff.configure_dataclass):
        visited: list[Any] = []

        def counting(
            self: Any, item: Any, *rest: Any, method: Any = method, seen: list[Any] = visited
        ) -> Any:
            seen.append(item)
            return method(self, item, *rest)

        monkeypatch.setattr(DiffBuilder, "_configure_dataclass", counting)
        tree = a_page_part()
        list(DiffBuilder(None, tree, BaseControl)._configure_dataclass(tree, None, False))
        plain = [v for v in visited if not dataclasses.is_dataclass(v)]
        plain = [v for v in plain if not isinstance(v, (dict, list))]
        if method is flet_diff.FLET_CONFIGURE:
            assert len(plain) > 100  # Flet's own visits every None, number and string
        else:
            assert plain == []
