"""The rule sentences of each rules text, and whether a coverage table accounts for them.

Issue #27: a coverage table written by hand can't show what it left out; this can.
Each text in ``../shared/rules/`` is split into sentences; a sentence that states a
rule (it has one of ``RULE_WORDS``) must appear quoted *whole* in a row of its
system's coverage table, and that row must name code and a test, or give the reason
the app leaves it to the GM.

Matching is on words only (case, punctuation, curly quotes and dashes ignored), so a
quote may tidy the text's typography but may not cut a word out of the sentence: a
quote with "…" where the binding half was is reported as missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = REPO_ROOT.parent / "shared" / "rules"
DOCS = REPO_ROOT / "docs" / "rulesets"
TESTS = REPO_ROOT / "tests"


@dataclass(frozen=True)
class System:
    """One rule system: its text, the tables that account for it, how its text is laid out."""

    name: str
    text: str
    tables: tuple[str, ...]
    # True where the text is hard-wrapped (a paragraph runs over several lines);
    # otherwise each line is a paragraph (a heading, a list item, a table row).
    wrapped: bool = False


SYSTEMS: tuple[System, ...] = (
    System("Bottlecaps", "bottlecaps.txt", ("bottlecaps.md",), wrapped=True),
    System("Deadlands", "fate-chips.txt", ("deadlands.md",)),
    System("Fate's Edge", "fates-edge-srd.txt", ("fates-edge.md",)),
    System("Spacelands", "spacelands-combat.txt", ("spacelands.md", "combat.md")),
    System("Wheel of Fate", "wheel-of-fate.txt", ("wheel-of-fate.md",)),
)

# The words that make a sentence a rule: what one must, can, can't, may or only do,
# what something needs, costs, gains or loses, for each or every one, and the
# conditions (if, when, unless, until) under which it happens.
RULE_WORDS = (
    "must",
    "can",
    "can't",
    "cannot",
    "only",
    "may",
    "need",
    "needs",
    "require",
    "requires",
    "cost",
    "costs",
    "gain",
    "gains",
    "lose",
    "loses",
    "each",
    "every",
    "never",
    "always",
    "per",
    "if",
    "when",
    "whenever",
    "unless",
    "until",
)
_RULE = re.compile(r"\b(" + "|".join(re.escape(w) for w in RULE_WORDS) + r")\b")

_BULLET = re.compile(r"^\s*(?:[-*•\uf0b7]|\d+[.)]\s)")
_HEADING = re.compile(r"^\s*#")
# A sentence ends at . ! ? (perhaps inside a closing quote or bracket) before a
# capital, a digit or an opening quote/bracket.
_END = re.compile(r"(?<=[.!?])[\"')\]\u201d\u2019]*\s+(?=[\"'(\[\u201c\u2018*_]*[A-Z0-9])")
# A table of contents' line ('C.7\tEquipment Costs\t97') names a section, no rule.
_CONTENTS = re.compile(r"^\s*[A-Z]?[\d.]+[ \t][^\t]+\t\s*\d+\s*$")
_SEPARATOR = re.compile(r"^\s*\|[\s:|-]+\|\s*$")
# 'Between Sessions: At the end of each game...': the label heads the rule, it isn't it.
_WORD = r"(?:[A-Z][\w'\u2019]*|&|of|the|and|to|a|for|on)"
_LABEL = re.compile(rf"^\**{_WORD}(?:\s+{_WORD}){{0,5}}\**:\**\s+(?=\S)")
# Examples illustrate a rule, they don't state one.
_EXAMPLE = re.compile(r"^\W*example\b", re.IGNORECASE)


def normalise(text: str) -> str:
    """The words of ``text``, lower-case, apostrophes dropped, one space between."""
    text = text.lower().replace("\u2019", "").replace("\u2018", "").replace("'", "")
    return " " + " ".join(re.findall(r"[a-z0-9]+", text)) + " "


def paragraphs(text: str, wrapped: bool) -> list[str]:
    """The text's paragraphs: list items, headings and table rows each stand alone."""
    lines = text.splitlines()
    if not wrapped:
        # A table's separator row and the header above it state nothing.
        heads = {i - 1 for i, line in enumerate(lines) if _SEPARATOR.match(line)}
        return [
            line.strip()
            for i, line in enumerate(lines)
            if line.strip()
            and i not in heads
            and not _SEPARATOR.match(line)
            and not _CONTENTS.match(line)
            and not heading(line)
        ]
    out: list[str] = []
    current: list[str] = []
    blank = False
    for line in lines:
        stripped = line.strip()
        if not stripped:
            blank = True
            continue
        # The text's bullets were lost in extraction: an indented line is a list item.
        starts_new = bool(_BULLET.match(line) or _HEADING.match(line) or line[0].isspace())
        # A blank line ends a paragraph unless the next line carries on the sentence.
        if blank and not stripped[0].islower():
            starts_new = True
        if starts_new and current:
            out.append(" ".join(current))
            current = []
        current.append(stripped)
        blank = False
    if current:
        out.append(" ".join(current))
    return out


_TITLE_WORD = re.compile(r"^(?:[A-Z0-9][\w'\u2019/()-]*|&|of|the|and|to|a|vs\.?|per)$")


def heading(line: str) -> bool:
    """A heading names what follows ('C.7 Equipment Costs', 'Follower Cost & Upkeep',
    a table's header 'Name\tTags\tNotes\tCost'): at most five title-case words a cell,
    no sentence punctuation."""
    cells = [c.strip(" *#_") for c in line.strip().split("\t") if c.strip(" *#_")]
    if not cells or any(re.search(r"[.!?;:,]\s|[.!?;:,]$", c) for c in cells):
        return False
    words = [c.split() for c in cells]
    if words[0] and re.fullmatch(r"[A-Z]?[\d.]+", words[0][0]):
        words[0] = words[0][1:]  # a section number
    return all(0 < len(w) <= 5 and all(_TITLE_WORD.match(x) for x in w) for w in words)


def sentences(paragraph: str) -> list[str]:
    """The sentences of one paragraph (bullets, markup and a leading 'Label:' stripped);
    a table row is one sentence, its cells joined by ' — '."""
    if paragraph.startswith("|"):
        return [" — ".join(c.strip() for c in paragraph.strip("| ").split("|"))]
    paragraph = _LABEL.sub("", _BULLET.sub("", paragraph).lstrip("# \t"), count=1)
    return [s.strip() for s in _END.split(paragraph) if s.strip()]


def rule_sentences(text: str, wrapped: bool) -> list[str]:
    """Every sentence of ``text`` that states a rule, in order, once each."""
    seen: set[str] = set()
    found: list[str] = []
    for paragraph in paragraphs(text, wrapped):
        if _EXAMPLE.match(paragraph):
            continue
        for sentence in sentences(paragraph):
            key = normalise(sentence)
            if key in seen or not _RULE.search(sentence.lower().replace("\u2019", "'")):
                continue
            seen.add(key)
            found.append(sentence)
    return found


@dataclass(frozen=True)
class Row:
    """A coverage-table row: its quotes (normalised), its code cell and its last cell."""

    quotes: tuple[str, ...]
    code: str
    last: str

    @property
    def accounted(self) -> bool:
        """It names code and a test, or says why the GM keeps the rule."""
        tested = "test_" in self.last and self.code.strip(" —-") != ""
        return tested or bool(re.search(r"\bGM\b|GM's|Marshal", self.last))


_QUOTE = re.compile(r"\"([^\"]+)\"|\u201c([^\u201d]+)\u201d")


def table_rows(markdown: str) -> list[Row]:
    """Every table row of ``markdown`` that quotes something."""
    rows: list[Row] = []
    for line in markdown.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3:
            continue
        quotes = tuple(normalise(a or b) for a, b in _QUOTE.findall(line))
        if quotes:
            rows.append(Row(quotes, cells[-2], cells[-1]))
    return rows


@dataclass(frozen=True)
class Coverage:
    """One system's rule sentences and those no row accounts for."""

    system: System
    total: int
    missing: tuple[str, ...]

    @property
    def covered(self) -> int:
        return self.total - len(self.missing)

    def line(self) -> str:
        # Rounded down: 416/418 is 99 %, never a 100 % with sentences missing.
        share = 100 * self.covered // self.total if self.total else 100
        return f"{self.system.name}: {self.covered}/{self.total} rule sentences ({share} %)"


def coverage(system: System) -> Coverage:
    """How many of ``system``'s rule sentences its coverage tables account for."""
    text = (RULES_DIR / system.text).read_text(encoding="utf-8")
    rows = [row for t in system.tables for row in table_rows((DOCS / t).read_text("utf-8"))]
    found = rule_sentences(text, system.wrapped)
    return Coverage(system, len(found), uncovered(found, rows))


def uncovered(found: list[str], rows: list[Row]) -> tuple[str, ...]:
    """The sentences of ``found`` that no accounted-for row quotes whole."""
    quotes = [q for row in rows if row.accounted for q in row.quotes]
    return tuple(s for s in found if not any(normalise(s) in q for q in quotes))


def cited_tests(system: System) -> set[str]:
    """The names of tests the system's tables cite."""
    names: set[str] = set()
    for table in system.tables:
        names |= set(re.findall(r"\btest_\w+", (DOCS / table).read_text("utf-8")))
    return names


def defined_tests() -> set[str]:
    """Every test function (and test module) under tests/."""
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        names.add(path.stem)
        names |= set(re.findall(r"def (test_\w+)", path.read_text("utf-8")))
    return names
