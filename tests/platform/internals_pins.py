"""What every adapter of another library's internals is held to (app/ui/flet_internals.py,
app/host/uvicorn_internals.py, h11_internals.py, flet_web_internals.py): the installed
version is the one its internals were proven against, and no other module of the app
reaches those internals itself."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

from tests.platform.test_layers import ROOT, imported


def assert_proven(dist: str, proven: str, recheck: str) -> None:
    """The installed ``dist`` is version ``proven``; else say what to re-check."""
    installed = version(dist)
    assert installed == proven, f"{dist} {installed} is installed, proven: {proven}. {recheck}."


def reaching_past(adapter: str, under: str, prefixes: tuple[str, ...]) -> list[str]:
    """The modules under ``under`` (but ``adapter``) importing a module that starts
    with one of ``prefixes``: "app/host/x.py: uvicorn.protocols.http" each."""
    own = ROOT / adapter
    return [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / under).rglob("*.py"))
        if path != own
        for name in sorted(imported(path))
        if name.startswith(prefixes)
    ]


def adapter_path(adapter: str) -> Path:
    """The adapter's file, resolved (for checks that the module is the one expected)."""
    return (ROOT / adapter).resolve()
