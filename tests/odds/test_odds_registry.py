"""Odds calculators register per rule system; the CLI builds itself from the registry."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from app.domain.odds import OddsCalculator, OddsParam, calculators, odds_for, register_odds
from app.domain.odds import registry as odds_registry
from app.domain.ruleset import ruleset_names
from app.odds_cli import main


@pytest.mark.parametrize(
    "system", [n for n in ruleset_names() if n not in ("test-ledger",)]
)  # the built-in five
def test_every_built_in_system_has_its_odds_on_the_cli(
    system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    calculator = odds_for(system)
    assert calculator is not None, f"{system} registers no odds"
    assert system in (calculator.command, *calculator.aliases)
    with pytest.raises(SystemExit):  # argparse prints the help and exits
        main([system, "--help"])
    assert calculator.summary in capsys.readouterr().out


@pytest.fixture
def a_sixth_system() -> Iterator[OddsCalculator]:
    calculator = OddsCalculator(
        command="coin",
        systems=("test-ledger",),
        summary="a fair coin, flipped n times: at least k heads",
        params=(OddsParam("flips", "coins flipped", int), OddsParam("heads", "needed", int)),
        compute=lambda v: {
            "p_success": sum(
                __import__("math").comb(v["flips"], h) for h in range(v["heads"], v["flips"] + 1)
            )
            / 2 ** v["flips"]
        },
    )
    register_odds(calculator)
    yield calculator
    del odds_registry._CALCULATORS["coin"]


def test_a_sixth_system_gets_a_cli_command_by_registering(
    a_sixth_system: OddsCalculator, capsys: pytest.CaptureFixture[str]
) -> None:
    assert odds_for("test-ledger") is a_sixth_system
    assert a_sixth_system in calculators()
    assert main(["coin", "--flips", "2", "--heads", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"p_success": 0.75}


def test_a_missing_required_value_is_a_clear_error() -> None:
    wheel = odds_for("wheel-of-fate")
    assert wheel is not None
    with pytest.raises(Exception, match="'difficulty' is required"):
        wheel.run({"dice": 3})
