"""Fate Pot installs as a package: the wheel serves the web UI, every import is declared,
and the phone app (what `flet build` packs) declares what it imports, the host it runs
itself included, and hosts a table with none of the host's compiled extras."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import httpx
import pytest

from tests.support.drill import free_port

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
#: What `fatepot host` uses for speed and the phone app must do without: compiled, with no
#: Android/iOS build (pydantic-core, Pillow, msgpack and websockets come from Flet's
#: mobile index, pypi.flet.dev). The host imports them only where they exist.
COMPILED_EXTRAS = ("orjson", "httptools", "uvloop")


def distribution_names(requirements: list[str]) -> set[str]:
    return {_normal(re.split(r"[\[ ;=<>!~]", r, maxsplit=1)[0]) for r in requirements}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def third_party_imports(paths: list[Path]) -> set[str]:
    """Top-level modules imported by ``paths`` that are not the standard library's."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {m for m in found if m not in sys.stdlib_module_names and m not in ("app", "main")}


def distributions_of(modules: set[str]) -> dict[str, set[str]]:
    """Each module's distributions (by normalised name)."""
    owners = importlib.metadata.packages_distributions()
    return {m: {_normal(d) for d in owners.get(m, [])} for m in modules}


def python_files(*where: str) -> list[Path]:
    return [
        p for w in where for p in ([ROOT / w] if w.endswith(".py") else (ROOT / w).rglob("*.py"))
    ]


def test_every_package_the_code_imports_is_declared() -> None:
    declared = distribution_names(PYPROJECT["project"]["dependencies"])
    owners = distributions_of(third_party_imports(python_files("app", "main.py")))
    undeclared = {m: d for m, d in owners.items() if not d & declared}
    assert undeclared == {}, f"imported but not in [project] dependencies: {undeclared}"


def test_the_phone_app_declares_what_it_imports_and_no_compiled_extra() -> None:
    """`flet build` packs [tool.poetry.dependencies]: they cover the UI's imports and
    the host's (hosting from the app), but for the compiled extras it does without."""
    phone = PYPROJECT["tool"]["poetry"]["dependencies"]
    declared = distribution_names([k for k in phone if k != "python"])
    code = python_files("app/ui", "app/client", "app/protocol", "app/domain", "app/host", "main.py")
    owners = distributions_of(third_party_imports(code) - set(COMPILED_EXTRAS))
    assert {m: d for m, d in owners.items() if not d & declared} == {}
    assert not declared & {_normal(m) for m in COMPILED_EXTRAS}
    # The phone's uvicorn is plain: [standard] would bring uvloop and httptools back.
    assert "uvicorn" in phone and not any(k.startswith("uvicorn[") for k in phone)


@pytest.mark.slow
def test_the_phone_app_hosts_a_table_without_the_compiled_extras(tmp_path: Path) -> None:
    """Import everything main.py reaches, and host a table as *Host a table here* does,
    with orjson, httptools, uvloop and websockets' C speed-up made unimportable."""
    port = free_port()
    script = f"""
import asyncio, importlib, pkgutil, sys
from pathlib import Path
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {COMPILED_EXTRAS!r} or name == "websockets.speedups":
            raise ModuleNotFoundError(f"not on a phone: {{name}}")  # as if not installed
sys.meta_path.insert(0, Blocked())
import main, app.ui.app
import app.ui
for module in pkgutil.walk_packages(app.ui.__path__, "app.ui."):
    importlib.import_module(module.name)
import httpx
from app.host.config import HostConfig
from app.host.embedded import EmbeddedHost
from app.compose.web import mount_ui

async def host() -> None:
    config = HostConfig(bind="127.0.0.1", port={port}, data_dir=Path({str(tmp_path)!r}))
    tablet = EmbeddedHost(config, mount=mount_ui)
    hosting = await tablet.start("Saloon", "deadlands")
    try:
        code = hosting.table.join_code
        async with httpx.AsyncClient(base_url=hosting.base_url) as phone:
            page = await phone.get(f"/join/{{code}}")
            assert page.status_code == 200, page.status_code
            r = await phone.post("/api/join", json={{"join_code": code, "name": "Ann"}})
            assert r.status_code == 201, r.text
            seat = r.json()
            r = await phone.get(
                f"/api/tables/{{seat['table_id']}}",
                headers={{"Authorization": f"Bearer {{seat['player_token']}}"}},
            )
            assert r.status_code == 200 and r.json()["seats"][0]["name"] == "Ann", r.text
    finally:
        await tablet.stop()

asyncio.run(host())
blocked = [m for m in {COMPILED_EXTRAS!r} if m in sys.modules]
assert not blocked, blocked
print("ok")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


@pytest.mark.slow
def test_a_built_wheel_hosts_a_table_with_its_web_ui(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = dist.glob("fatepot-*.whl")
    target = tmp_path / "installed"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", target, wheel],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr
    assert (target / "app/web_assets/chips/red.png").is_file()

    port, data = free_port(), tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(target), "FATEPOT_CONFIG": str(tmp_path / "none")}
    host = subprocess.Popen(
        [
            *(sys.executable, "-c", "import sys, app.cli; sys.exit(app.cli.main())", "host"),
            *("--bind", "127.0.0.1", "--port", str(port), "--data", str(data)),
        ],
        cwd=tmp_path,  # not the clone: only the installed wheel can be imported as app
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert host.poll() is None and time.monotonic() < deadline, "the host did not start"
            time.sleep(0.2)
        page = httpx.get(f"{url}/join/ABCDEF")
        assert page.status_code == 200 and "<html" in page.text
        chip = httpx.get(f"{url}/chips/red.png")
        assert chip.status_code == 200 and chip.headers["content-type"] == "image/png"
    finally:
        host.send_signal(signal.SIGTERM)
        out, _ = host.communicate(timeout=30)
    assert host.returncode == 0, out
    log = (data / "logs/fatepot.log").read_text()
    assert f"assets {target / 'app/web_assets'}" in log, log[-2000:]
