from __future__ import annotations

from typing import Any

import pytest

from app.ui.device import Device, MemoryStore
from app.ui.model import AppModel, Toast

from .fakes import FakeGateway, FakeHost


class Recorder:
    def __init__(self) -> None:
        self.toasts: list[Toast] = []
        self.routes: list[str] = []


def make_model(host: FakeHost, store: MemoryStore | None = None) -> tuple[AppModel, Recorder]:
    model = AppModel(FakeGateway(host), Device(store or MemoryStore()), "http://192.168.1.9:8000")
    seen = Recorder()
    model.on_toast(seen.toasts.append)
    model.on_navigate(seen.routes.append)
    return model, seen


@pytest.fixture
def host() -> FakeHost:
    return FakeHost("deadlands")


@pytest.fixture
def anyio_backend() -> Any:
    return "asyncio"
