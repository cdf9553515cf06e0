"""Every rule sentence of every rules text is accounted for in its coverage table (#27).

How a sentence is found and matched: ``tests/rules/sentences.py``. The test prints,
for every system, how many of its rule sentences a table row quotes whole (with code
and a test, or the reason the GM keeps it), and fails for a system in ``COMPLETE``
that has one missing, listing them.
"""

from __future__ import annotations

import pytest

from tests.rules.sentences import (
    RULES_DIR,
    SYSTEMS,
    cited_tests,
    coverage,
    defined_tests,
    rule_sentences,
    table_rows,
    uncovered,
)

# The systems brought to 100 %: a missing sentence fails the suite, and so does a
# cited test that doesn't exist. A system added to SYSTEMS is printed with its true
# numbers and joins this set once its tables reach 100 % (see issue #27).
COMPLETE = frozenset({"Bottlecaps", "Deadlands", "Fate's Edge", "Spacelands", "Wheel of Fate"})

needs_texts = pytest.mark.skipif(
    not RULES_DIR.is_dir(),
    reason=f"the rules texts are not beside this clone ({RULES_DIR} is absent)",
)


def test_a_quote_cut_short_or_a_row_without_test_does_not_count() -> None:
    text = (
        "Caps are reset at the beginning of each session \u2013 you can\u2019t save them\n"
        "up between sessions.\n\n There are three kinds of caps.\n"
        " You can only have one Moment at a time.\n"
    )
    found = rule_sentences(text, wrapped=True)
    assert found == [
        "Caps are reset at the beginning of each session \u2013 you can\u2019t save them "
        "up between sessions.",
        "You can only have one Moment at a time.",
    ]
    table = (
        "| rule | code | test |\n|---|---|---|\n"
        "| \"Caps are reset at the beginning of each session - you can't save them up "
        'between sessions." | `economy` | `test_reset` |\n'
        '| "You can only have one Moment …" | `uses` | `test_one` |\n'
    )
    assert uncovered(found, table_rows(table)) == (found[1],)
    untested = '| "You can only have one Moment at a time." | `uses` | soon |\n'
    assert uncovered(found, table_rows(untested)) == tuple(found)
    by_the_gm = '| "You can only have one Moment at a time." | — | the GM\'s call |\n'
    assert uncovered(found[1:], table_rows(by_the_gm)) == ()


def test_a_label_heads_a_rule_and_a_text_table_row_is_one_sentence() -> None:
    text = (
        "C.7\tEquipment Costs\t97\n"  # a table of contents' line
        "Timing: You can only improve between sessions.\n"
        "| Improvement | Cost |\n|---|---|\n| New Edge | 3x Edge cost |\n"
    )
    found = rule_sentences(text, wrapped=False)
    assert found == ["You can only improve between sessions.", "New Edge — 3x Edge cost"]
    table = (
        '| 1 | "You can only improve between sessions." | `advance` | `test_timing` |\n'
        '| 2 | "New Edge — 3x Edge cost" | `cost` | `test_costs` |\n'
    )
    assert uncovered(found, table_rows(table)) == ()


@needs_texts
def test_every_rule_sentence_is_in_its_coverage_table(capsys: pytest.CaptureFixture[str]) -> None:
    results = [coverage(system) for system in SYSTEMS]
    with capsys.disabled():
        print("\nRule sentences covered (quoted whole in docs/rulesets/, with code and test):")
        for result in results:
            enforced = " [enforced]" if result.system.name in COMPLETE else ""
            print(f"  {result.line()}{enforced}")
    failures = [
        f"{result.system.name} ({', '.join(result.system.tables)}) lacks:\n"
        + "\n".join(f"  - {sentence}" for sentence in result.missing)
        for result in results
        if result.system.name in COMPLETE and result.missing
    ]
    assert not failures, "\n".join(failures)


@needs_texts
def test_every_test_a_complete_table_cites_exists() -> None:
    defined = defined_tests()
    for system in SYSTEMS:
        if system.name in COMPLETE:
            assert cited_tests(system) <= defined, (
                f"{system.name}'s tables cite tests that don't exist: "
                f"{sorted(cited_tests(system) - defined)}"
            )


def test_the_systems_declared_complete_exist() -> None:
    assert {system.name for system in SYSTEMS} >= COMPLETE
