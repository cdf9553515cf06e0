"""app.host.flet_transport: Flet's web transport sends the same bytes without building
the debug text of every message (docs/benchmarks.md, "A convention host")."""

from __future__ import annotations

import asyncio
import logging

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi.flet_app import FletApp

from app.host import flet_transport


def queued(send: object, message: Message) -> bytes:
    """What ``send`` (a send_message) queues for the socket, on a bare FletApp."""
    conn = object.__new__(FletApp)
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    conn._FletApp__send_queue = queue
    send(conn, message)  # type: ignore[operator]
    return queue.get_nowait()


def a_patch() -> Message:
    row = ft.Row([ft.Icon(ft.Icons.CIRCLE, size=10), ft.Text("t01n0001x", size=16)])
    return Message(MessageAction.PATCH_CONTROL, PatchControlBody(7, [[0], [1, 0, 3, row]]))


def test_flets_method_is_the_one_replaced_and_the_host_uses_the_lean_one() -> None:
    assert flet_transport.is_flets_own_method()  # a new Flet fails here, not silently
    assert flet_transport.install()
    assert FletApp.send_message is flet_transport.send_message


def test_the_lean_method_queues_the_same_bytes_and_builds_no_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    message = a_patch()
    expected = queued(flet_transport.FLET_SEND_MESSAGE, message)
    described: list[object] = []

    def describe(m: Message) -> str:
        described.append(m)
        return ""

    monkeypatch.setattr(Message, "__repr__", describe)
    assert queued(flet_transport.send_message, message) == expected
    assert described == []  # Flet's own built the message's text: the lean one does not
    queued(flet_transport.FLET_SEND_MESSAGE, message)
    assert len(described) == 1


def test_with_the_transport_log_on_flets_own_method_runs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.DEBUG, logger="flet_transport"):
        queued(flet_transport.send_message, a_patch())
    assert any("send_message:" in r.getMessage() for r in caplog.records)
