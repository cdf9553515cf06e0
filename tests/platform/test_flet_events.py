"""app.host.flet_events: a handler's event type is resolved once per control class and
field, and it is the type Flet's own function resolves, for every control Flet exports."""

from __future__ import annotations

import dataclasses
from typing import Any

import flet as ft
from flet.controls import base_control
from flet.controls.base_control import BaseControl

from app.host import flet_events


def every_control_and_handler() -> list[tuple[Any, str]]:
    """An instance of each control class ``flet`` exports that needs no arguments, with
    each of its event-handler fields."""
    pairs = []
    for name in dir(ft):
        cls = getattr(ft, name)
        if not (isinstance(cls, type) and issubclass(cls, BaseControl)):
            continue
        try:
            control = cls()
        except Exception:  # needs arguments: not one a test can make blind
            continue
        for field in dataclasses.fields(control):
            if field.name.startswith("on_"):
                pairs.append((control, field.name))
    return pairs


def test_flets_function_is_the_one_stood_in_for_and_the_host_uses_the_cached_one() -> None:
    assert flet_events.is_flets_own_function()  # a new Flet fails here, not silently
    assert flet_events.install()
    assert vars(base_control)["get_event_field_type"] is flet_events.event_field_type


def test_every_handler_of_every_control_gets_the_type_flets_own_function_gives() -> None:
    pairs = every_control_and_handler()
    assert len(pairs) > 200, len(pairs)
    resolved = 0
    for control, field in pairs:
        flets, ours = (
            outcome(flet_events.FLET_EVENT_FIELD_TYPE, control, field),
            outcome(flet_events.event_field_type, control, field),
        )
        assert ours == flets, (type(control).__name__, field)
        if not isinstance(flets, str):  # (a colour named on_..., no handler: Flet raises)
            resolved += 1
            # ...and the second time from the cache, the very same answer
            assert flet_events.event_field_type(control, field) is ours
    assert resolved > 200, resolved


def outcome(resolve: Any, control: Any, field: str) -> Any:
    """What ``resolve`` answers, or the words of what it raises."""
    try:
        return resolve(control, field)
    except RuntimeError as error:
        return f"raises: {error}"


def test_a_field_that_is_no_handler_has_no_event_type() -> None:
    assert flet_events.event_field_type(ft.Text("x"), "on_nothing_at_all") is None
