"""The domain core never imports an I/O library (DESIGN: domain core without I/O)."""

from __future__ import annotations

import ast
from pathlib import Path

import app.domain

FORBIDDEN = {
    "flet",
    "flet_web",
    "httpx",
    "sqlite_utils",
    "sqlite3",
    "fastapi",
    "starlette",
    "uvicorn",
    "requests",
    "socket",
    "random",
    "time",
    "datetime",
    "asyncio",
}
DOMAIN = Path(app.domain.__file__).parent


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_domain_imports_no_io_library() -> None:
    files = sorted(DOMAIN.rglob("*.py"))
    assert len(files) > 10
    offenders = {
        str(f.relative_to(DOMAIN)): sorted(imported_roots(f) & FORBIDDEN)
        for f in files
        if imported_roots(f) & FORBIDDEN
    }
    assert offenders == {}


def test_the_check_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import httpx\nfrom sqlite_utils import Database\n")
    assert imported_roots(bad) & FORBIDDEN == {"httpx", "sqlite_utils"}
