"""A host killed with SIGKILL mid-burst loses no acknowledged command and applies none twice."""

from __future__ import annotations

from pathlib import Path

from tests.support.drill import run_drill


def test_sigkill_during_a_burst_loses_nothing(tmp_path: Path) -> None:
    result = run_drill(tmp_path / "data", rounds=4, seed=1234)
    assert result["acknowledged"] > 20  # the drill really wrote under fire
