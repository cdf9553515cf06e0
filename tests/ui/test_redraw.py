"""A change at one seat redraws nothing on another seat's phone (every rule system).

Real Flet sessions in-process (``live.py``): the GM's page and two phones. Ann's phone
goes away (the GM's presence refresh sees it) and she writes a note from her phone.
Bob's phone keeps showing his first tab: every control on it must stay the very same
object (Flet's diff swaps a redrawn control for a new one) and his page sends nothing,
while the GM's page shows Ann away. Before parts kept what they drew, each such change
rebuilt every control of every open page (issue #13).
"""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest
from flet.components.component import Component

from app.domain.table_commands import NOTE, SESSION_START
from app.ui.flet_internals import parent_of
from app.ui.model import AppModel
from app.ui.model.redraw import PartSignals, part
from app.ui.routes import parse_route

from .conftest import make_model
from .fakes import FakeHost
from .live import LivePage, counting_renders, descendants, settle

SYSTEMS = ["deadlands", "spacelands", "bottlecaps", "fates-edge", "wheel-of-fate"]


def open_tab(page: LivePage) -> list[ft.BaseControl]:
    """The controls of the tab a phone shows (below the header, above the tab bar);
    not the components holding them, bookkeeping that draws nothing itself."""
    lists = [c for c in page.drawn() if isinstance(c, ft.ListView)]
    outer = lists[-1]  # the page's own scrolling body: the first built, the last found
    frame = outer.controls[0]
    assert isinstance(frame, ft.Container) and isinstance(frame.content, ft.Column)
    body = frame.content
    return [c for c in descendants(body.controls[1]) if not isinstance(c, Component)]


def header(page: LivePage) -> list[ft.BaseControl]:
    """The bar at the top of a phone: table, seat, session, connection."""
    return [c for c in page.drawn() if isinstance(c, ft.Text) and " · " in str(c.value)]


async def seated(host: FakeHost, name: str) -> AppModel:
    model, _ = make_model(host)
    await model.join(host.join_code, name)
    return model


@pytest.mark.parametrize("system", SYSTEMS)
async def test_a_change_at_one_seat_redraws_nothing_on_another_seats_phone(
    system: str,
) -> None:
    host = FakeHost(system)
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, bob = await seated(host, "Ann"), await seated(host, "Bob")
    gm_page, _, bob_page = LivePage(gm), LivePage(ann), LivePage(bob)
    await settle()
    shown = open_tab(bob_page) + header(bob_page)
    assert len(shown) > 5, "Bob's phone shows his first tab"
    bob_page.take_sent()
    gm_page.take_sent()

    host.away.add(str(ann.player_id))  # Ann's phone sleeps: only presence changes
    host.presence_refresh()
    await settle()
    assert any(isinstance(c, ft.Text) and c.value == "away" for c in gm_page.drawn())
    assert gm_page.take_sent() > 0, "the GM's page shows Ann away"

    await ann.send(NOTE(text="Ann was here"))  # a change Ann makes
    await settle()
    redrawn: list[Any] = [c for c in shown if c not in bob_page.still_shown(shown)]
    assert redrawn == [], f"{len(redrawn)} of {len(shown)} controls on Bob's phone redrawn"
    assert bob_page.take_sent() == 0
    await bob_page.open_tab("Log")
    assert any(isinstance(c, ft.Text) and "Ann was here" in str(c.value) for c in bob_page.drawn())


async def phone_on_the_log(earlier_lines: int) -> tuple[AppModel, LivePage]:
    """The GM and a phone showing the Log tab, after ``earlier_lines`` notes."""
    host = FakeHost("deadlands")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    phone = LivePage(await seated(host, "Ann"))
    for i in range(earlier_lines):
        await gm.send(NOTE(text=f"earlier line {i}"))
    await settle()
    await phone.open_tab("Log")
    phone.take_sent()
    return gm, phone


async def test_a_new_line_costs_a_phone_the_same_with_a_long_log() -> None:
    sent = {}
    for lines in (0, 200):
        gm, phone = await phone_on_the_log(lines)
        before = [c for c in phone.drawn() if not isinstance(c, Component)]
        await gm.send(NOTE(text="The stage pulls in"))
        await settle()
        sent[lines] = phone.take_sent()
        redrawn = phone.redrawn(before)
        # The log's column and its newest block's column take the new row; no row,
        # no other control on the phone is drawn again.
        assert all(isinstance(c, ft.Column) for c in redrawn), [type(c).__name__ for c in redrawn]
        assert len(redrawn) <= 2, f"{len(redrawn)} of {len(before)} controls redrawn"
        assert any(
            isinstance(c, ft.Text) and c.value == "GM: The stage pulls in" for c in phone.drawn()
        )
    assert sent[200] <= sent[0] * 1.1, sent


def counter(model: AppModel, setters: dict[str, Any]) -> ft.Control:
    """A builder with a state of its own, as the rollers' forms have."""
    n, set_n = ft.use_state(0)
    setters["n"] = set_n
    return ft.Text(f"n={n}")


@ft.component
def one_part(model: AppModel, setters: dict[str, Any]) -> ft.Control:
    return ft.Column([part(counter, model, setters, key="counter")])


async def test_a_part_keeps_what_it_drew_but_not_past_its_own_state() -> None:
    host = FakeHost("deadlands")
    model = await seated(host, "Ann")
    page = LivePage(model)
    setters: dict[str, Any] = {}
    page.session.page.render(one_part, model, setters)
    await settle()
    setters["n"](5)  # a tap in the part: its own state
    await settle()
    assert [c.value for c in page.drawn() if isinstance(c, ft.Text)] == ["n=5"]


async def test_a_change_of_the_model_alone_redraws_the_part_that_shows_it() -> None:
    """A seat link the GM just issued is the GM's model's own (no table event): the
    Seats part must draw it at once. (Parts were memoised on the table's news only, so
    the link never appeared: the browser claim test caught it.)"""
    host = FakeHost("deadlands")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann = await seated(host, "Ann")
    gm_page = LivePage(gm)
    await settle()
    shown = gm_page.drawn()
    assert any(getattr(c, "content", None) == "Seat link" for c in shown), "Seats shown"
    await gm.issue_claim(str(ann.player_id))
    await settle()
    assert any(isinstance(c, ft.Text) and "/claim/" in str(c.value) for c in gm_page.drawn()), (
        "the seat link is on the GM's screen"
    )


async def test_a_note_wakes_only_the_part_that_shows_the_log() -> None:
    """A new log line alone (`PartSignals`): the phone's header, tab bar and first-steps
    card are not even asked; its Log tab draws the line."""
    gm, phone = await phone_on_the_log(3)
    with counting_renders() as renders:
        await gm.send(NOTE(text="The stage pulls in"))
        await settle()
    woken = sorted(name for name in renders if name.startswith("part:"))
    assert woken == ["part:Log"], renders
    assert any(
        isinstance(c, ft.Text) and c.value == "GM: The stage pulls in" for c in phone.drawn()
    )


async def test_a_change_at_the_table_wakes_every_part() -> None:
    gm, phone = await phone_on_the_log(3)
    with counting_renders() as renders:
        await gm.send(SESSION_START())
        await settle()
    woken = {name for name in renders if name.startswith("part:")}
    assert {"part:header", "part:tabs", "part:Log"} <= woken, renders
    assert any(isinstance(c, ft.Text) and "Session 1" in str(c.value) for c in phone.drawn())


def test_a_part_that_began_reading_the_log_is_woken_by_the_next_line() -> None:
    """Who reads the log is looked up when the change comes, not when the part was
    placed: a part whose latest drawing read the log hears the next note."""
    signals = PartSignals()
    quiet, reader = signals.of(counter, "quiet"), signals.of(counter, "reader")
    signals.reads_log.update({(counter, "quiet"): False, (counter, "reader"): False})
    signals.tell(table=False, log=True)
    assert (quiet.rev, reader.rev) == (0, 0)
    signals.reads_log[(counter, "reader")] = True  # its last drawing read the log
    signals.tell(table=False, log=True)
    assert (quiet.rev, reader.rev) == (0, 1)
    signals.tell(table=True, log=False)
    assert (quiet.rev, reader.rev) == (1, 2)
    fresh = signals.of(counter, "never drawn")
    signals.tell(table=False, log=True)
    assert fresh.rev == 1  # not drawn yet: it may read the log


def log_rows(page: LivePage) -> list[Component]:
    return [c for c in page.drawn() if isinstance(c, Component) and c.fn.__name__ == "_log_row"]


async def test_a_new_line_leaves_the_rows_drawn_before_as_they_were_and_working() -> None:
    """The log's blocks hand back the rows they drew (`KeptNodes`): a new line adds one
    row node; the others stay the very objects the page has, where Flet's diff stops,
    and their Undo still reaches the host."""
    host = FakeHost("deadlands")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    gm_page = LivePage(gm)
    for line in ("The stage is late", "Dust on the road", "A shot rings out"):
        await gm.send(NOTE(text=line))
    await settle()
    before = log_rows(gm_page)
    await gm.send(NOTE(text="The stage pulls in"))
    await settle()
    after = log_rows(gm_page)
    assert len(after) == len(before) + 1
    new = [row for row in after if not any(row is old for old in before)]
    assert [row.args[1]["event"]["text"] for row in new] == ["GM: The stage pulls in"]
    assert gm_page.still_shown(list(before)) == before
    blocks = [c for c in gm_page.drawn() if isinstance(c, Component) and "block" in c.fn.__name__]
    assert {id(parent_of(row)) for row in after} <= {id(block) for block in blocks}

    dust = next(
        c
        for c in gm_page.drawn()
        if isinstance(c, ft.Text) and str(c.semantics_label) == "Undo: GM: Dust on the road"
    )
    button = dust.parent
    assert isinstance(button, ft.TextButton)
    await gm_page.session.dispatch_event(button._i, "click", None)
    await settle()
    assert any(
        isinstance(c, ft.Text) and c.value == "GM: Dust on the road  (undone)"
        for c in gm_page.drawn()
    )
