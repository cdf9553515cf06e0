"""``fatepot odds``: JSON keys, the human table, and one-line errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.domain.odds import deadlands_odds, parse_die, parse_pool
from app.odds_cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deadlands_json_keys_and_chips(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "deadlands", "--dice", "3d8", "--tn", "7", "--chip", "white", "--chip", "red",
        "--json",
    )  # fmt: skip
    assert code == 0
    answer = json.loads(out)
    assert set(answer) == {"p_success", "p_bust", "expected_raises"}
    assert answer["p_success"] == deadlands_odds(3, 8, 7, whites=1, bonus=True).p_success


def test_tn_by_ladder_name(capsys: pytest.CaptureFixture[str]) -> None:
    """The TN ladder: Foolproof 3, Fair 5, Onerous 7, Hard 9, Incredible 11."""
    _, by_name, _ = run(capsys, "spacelands", "--dice", "2d6", "--tn", "Onerous", "--json")
    _, by_number, _ = run(capsys, "spacelands", "--dice", "2d6", "--tn", "7", "--json")
    assert by_name == by_number


def test_every_system_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, first in [
        (["savage", "--trait", "d12+2", "--extra-effort"], "p_success"),
        (["fates-edge", "--pool", "5", "--dv", "2", "--ladder", "detailed"], "p_success"),
        (["wheel", "--dice", "3", "--bonus", "1", "--difficulty", "10"], "p_success"),
    ]:
        code, out, _ = run(capsys, *argv)
        assert code == 0
        assert out.splitlines()[0].split()[0] == first


@pytest.mark.parametrize(
    "argv",
    [
        ["deadlands", "--dice", "3x8", "--tn", "7"],
        ["deadlands", "--dice", "3d1", "--tn", "7"],
        ["deadlands", "--dice", "3d8", "--tn", "tough"],
        ["deadlands", "--dice", "3d8", "--tn", "7", "--chip", "red", "--chip", "blue"],
        ["savage", "--trait", "8"],
        ["fates-edge", "--pool", "0", "--dv", "1"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_legend_chips_are_deadlands_only(capsys: pytest.CaptureFixture[str]) -> None:
    """Spacelands has white, red and blue chips; Legend chips are Deadlands'."""
    with pytest.raises(SystemExit) as exit_:
        main(["spacelands", "--dice", "2d6", "--tn", "5", "--chip", "legend"])
    assert exit_.value.code == 2
    assert run(capsys, "deadlands", "--dice", "2d6", "--tn", "5", "--chip", "legend")[0] == 0


def test_dice_specs() -> None:
    assert parse_pool(" 3d8 ") == (3, 8)
    assert parse_die("d12+2") == (12, 2)
    assert parse_die("D8-1") == (8, -1)
    assert parse_die("d6") == (6, 0)


def test_module_runs_as_a_program() -> None:
    """``python -m app.odds_cli`` works before the main CLI wires it in."""
    done = subprocess.run(
        [sys.executable, "-m", "app.odds_cli", "deadlands", "--dice", "3d8", "--tn", "7"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("p_success")
    bad = subprocess.run(
        [sys.executable, "-m", "app.odds_cli", "wheel", "--dice", "-1", "--difficulty", "5"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
