"""A fresh virtual environment holding only what the phone app carries.

`flet build apk|ipa` packs ``[tool.poetry.dependencies]`` (pyproject.toml) and what they
require; this builds the same set with ``python -m venv`` and pip, for a test to run
main.py on it as the compiled app would. Two things differ from a plain ``pip install``
of that list, both as on a phone:

- flet-web requires ``uvicorn[standard]``, whose compiled extras (uvloop, httptools,
  watchfiles) have no Android/iOS build: they are removed after the install, so the app
  must run without them (docs/operations.md, "A known snag");
- Fate Pot itself is not installed: the app's code travels as files next to main.py.

The environment is kept under ``.cache/phone-venv/<key>`` (git-ignored), ``key`` a hash
of the requirement list and the Python version, so a CI run pays for it once; it is
built in a folder of its own and renamed into place whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "phone-venv"
#: uvicorn[standard]'s compiled extras: no phone has them (nor orjson, never required).
NOT_ON_A_PHONE = ("uvloop", "httptools", "watchfiles")
#: pip's whole install, downloads included, may take this long.
INSTALL_SECONDS = 900


def phone_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """``[tool.poetry.dependencies]`` as pip requirements (Poetry's bare version is an
    exact pin; ``python`` is the interpreter, not a package)."""
    table: dict[str, Any] = tomllib.loads(pyproject.read_text())["tool"]["poetry"]["dependencies"]
    found = []
    for name, spec in table.items():
        if name == "python":
            continue
        if not isinstance(spec, str):
            raise ValueError(f"{name}: only plain version strings are understood, not {spec!r}")
        if spec[0].isdigit():
            spec = f"=={spec}"
        elif spec[0] in "^~":
            raise ValueError(f"{name}: Poetry's {spec[0]} constraints are not translated")
        found.append(f"{name}{spec}")
    return found


def cache_key(requirements: list[str]) -> str:
    """What decides the environment's content."""
    made_of = [requirements, NOT_ON_A_PHONE, sys.version, platform.machine()]
    return hashlib.sha256(json.dumps(made_of).encode()).hexdigest()[:16]


def phone_python() -> Path:
    """The Python of the phone app's environment, built first if not cached."""
    requirements = phone_requirements()
    home = CACHE / cache_key(requirements)
    python = home / "bin" / "python"
    if (home / "ready").exists():
        return python
    building = CACHE / f"{home.name}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    building.parent.mkdir(parents=True, exist_ok=True)
    try:
        _run([sys.executable, "-m", "venv", str(building)])
        pip = [str(building / "bin" / "python"), "-m", "pip"]
        _run([*pip, "install", "--quiet", *requirements])
        _run([*pip, "uninstall", "--yes", "--quiet", *NOT_ON_A_PHONE])
        frozen = _run([*pip, "freeze"])
        (building / "ready").write_text(frozen)
        try:
            building.rename(home)
        except OSError:  # another run finished first: use its copy
            if not (home / "ready").exists():
                raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return python


def _run(command: list[str]) -> str:
    # The fresh environment's own pip: nothing from the caller's virtual environment.
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=INSTALL_SECONDS, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
        )
    return done.stdout
