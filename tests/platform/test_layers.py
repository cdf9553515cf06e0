"""The layers' one-way imports, read from the source: `app/ui` never imports `app/host`
(nor the in-process adapter or composition root that do), and the host never imports
the UI. The composition root (app/compose) is where the two meet."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (a function's lazy import too),
    relative imports resolved."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parent.parts)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def reaches(package: str, forbidden: tuple[str, ...]) -> list[str]:
    """``module: import`` for each import under ``package`` of a forbidden module."""
    out = []
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        for name in sorted(imported(path)):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                out.append(f"{path.relative_to(ROOT)}: {name}")
    return out


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("app.ui", ("app.host", "app.inproc", "app.compose")),
        ("app.host", ("app.ui", "app.compose", "app.inproc")),
        ("app.client", ("app.host", "app.ui", "app.inproc", "app.compose")),
    ],
)
def test_layers_import_one_way(package: str, forbidden: tuple[str, ...]) -> None:
    assert reaches(package, forbidden) == []


def test_the_walk_sees_lazy_and_relative_imports() -> None:
    """The check itself: an import inside a function, and ``from ..host`` in app/ui."""
    module = ROOT / "app" / "ui" / "views" / "gm.py"
    assert "app.qr" in imported(module)
    lazy = ROOT / "app" / "compose" / "app_host.py"
    assert "app.host.embedded" in imported(lazy) and "app.compose.web" in imported(lazy)
