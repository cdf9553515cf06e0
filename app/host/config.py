"""Host settings: defaults < flet.toml < FATEPOT_* environment < command-line flags."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from .logs import LEVELS

ENV_PREFIX = "FATEPOT_"
ENV_NAMES = {
    "bind": "BIND",
    "port": "PORT",
    "data_dir": "DATA",
    "ruleset": "RULESET",
    "table": "TABLE",
    "public_url": "PUBLIC_URL",
    "admin_token": "ADMIN_TOKEN",
    "log_level": "LOG_LEVEL",
    "allowed_hosts": "ALLOWED_HOSTS",
}


@dataclass(frozen=True)
class HostConfig:
    """Everything ``fatepot host`` needs to start."""

    bind: str = "0.0.0.0"
    port: int = 8550
    data_dir: Path = Path("storage/data")
    ruleset: str = "deadlands"
    table: str = "Fate Pot table"
    public_url: str = ""
    admin_token: str = ""
    log_level: str = "INFO"
    allowed_hosts: str = ""  # extra names, comma-separated ("*": any name)

    def host_names(self) -> list[str]:
        """``allowed_hosts`` as a list of names."""
        return [n.strip() for n in self.allowed_hosts.split(",") if n.strip()]


def _coerce(name: str, value: Any, base: Path) -> Any:
    if name == "port":
        port = int(value)
        if not 0 <= port <= 65535:
            raise ValueError(f"port must be 0-65535, not {port}")
        return port
    if name == "allowed_hosts" and isinstance(value, list):
        return ",".join(str(v) for v in value)
    if name == "log_level":
        level = str(value).upper()
        if level not in LEVELS:
            raise ValueError(f"log_level must be one of {', '.join(LEVELS)}, not {value!r}")
        return level
    if name == "data_dir":
        path = Path(str(value)).expanduser()
        return path if path.is_absolute() else base / path
    return str(value)


def config_path() -> Path:
    """flet.toml from FATEPOT_CONFIG, else the current folder."""
    return Path(os.environ.get(f"{ENV_PREFIX}CONFIG", "flet.toml"))


def load_config(
    overrides: dict[str, Any] | None = None,
    *,
    path: Path | None = None,
    environ: dict[str, str] | None = None,
) -> HostConfig:
    """Resolve the host's settings from every layer."""
    config = HostConfig()
    path = path or config_path()
    known = {f.name for f in fields(HostConfig)}
    if path.is_file():
        with path.open("rb") as handle:
            section = tomllib.load(handle).get("fatepot", {})
        unknown = sorted(set(section) - known)
        if unknown:
            raise ValueError(f"{path}: unknown setting(s) {', '.join(unknown)}")
        base = path.resolve().parent
        config = replace(config, **{k: _coerce(k, v, base) for k, v in section.items()})
    env = os.environ if environ is None else environ
    from_env = {
        name: _coerce(name, env[ENV_PREFIX + suffix], Path.cwd())
        for name, suffix in ENV_NAMES.items()
        if env.get(ENV_PREFIX + suffix)
    }
    config = replace(config, **from_env)
    flags = {k: _coerce(k, v, Path.cwd()) for k, v in (overrides or {}).items() if v is not None}
    return replace(config, **flags)
