"""flet.toml < FATEPOT_* environment < CLI flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.host.config import HostConfig, load_config

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_without_a_file(tmp_path: Path) -> None:
    config = load_config(path=tmp_path / "missing.toml", environ={})
    assert config == HostConfig()


def test_the_shipped_flet_toml_matches_the_defaults() -> None:
    config = load_config(path=ROOT / "flet.toml", environ={})
    assert (config.bind, config.port, config.ruleset) == ("0.0.0.0", 8550, "deadlands")
    assert config.data_dir == ROOT / "storage" / "data"


def test_layers_override_in_order(tmp_path: Path) -> None:
    toml = tmp_path / "flet.toml"
    toml.write_text('[fatepot]\nport = 9000\nruleset = "bottlecaps"\ndata_dir = "d"\n')
    env = {"FATEPOT_PORT": "9100", "FATEPOT_ADMIN_TOKEN": "tok"}
    config = load_config({"port": 9200, "table": None}, path=toml, environ=env)
    assert config.port == 9200 and config.ruleset == "bottlecaps"
    assert config.admin_token == "tok" and config.data_dir == tmp_path / "d"
    assert load_config(path=toml, environ=env).port == 9100


def test_unknown_keys_and_bad_ports_are_refused(tmp_path: Path) -> None:
    toml = tmp_path / "flet.toml"
    toml.write_text("[fatepot]\nprot = 1\n")
    with pytest.raises(ValueError, match="unknown setting"):
        load_config(path=toml, environ={})
    with pytest.raises(ValueError, match="port"):
        load_config({"port": 70000}, path=tmp_path / "none.toml", environ={})
