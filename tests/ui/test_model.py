"""The session model driven by a fake TableClient: routes, tokens on the device, toasts."""

from __future__ import annotations

from app.domain.actors import GM
from app.domain.fatechips.rolls import ROLL_TRAIT
from app.domain.fatechips.spending_args import CHIPS_SPEND
from app.domain.table_commands import NOTE, SESSION_START
from app.ui.device import Device, MemoryStore
from app.ui.model import AppModel, Screen
from app.ui.routes import Route, origin_of, parse_route

from .conftest import make_model
from .fakes import FakeClient, FakeHost


def screen_of(model: AppModel) -> Screen:
    """The screen now. Read through a call: mypy keeps an earlier ``model.screen ==``
    narrowing across the awaited taps that change it."""
    return model.screen


def test_routes_parse_join_claim_gm_and_home() -> None:
    assert parse_route("/join/ab12") == Route("join", code="AB12")
    assert parse_route("/claim/xYz") == Route("claim", code="xYz")
    assert parse_route("/gm?table=t1&token=s3cret") == Route("gm", table="t1", token="s3cret")
    assert parse_route("/nowhere") == Route("home")
    assert origin_of("ws://10.0.0.5:8000/ws", "http://x") == "http://10.0.0.5:8000"


async def test_joining_remembers_the_name_and_a_reload_returns_to_the_seat(
    host: FakeHost,
) -> None:
    store = MemoryStore()
    model, seen = make_model(host, store)
    await model.open_route(parse_route("/join/ABC123"))
    assert model.screen == "join"
    await model.join("ABC123", "Ann")
    assert screen_of(model) == "player" and model.player_id == "p1"
    assert seen.routes[-1] == "/join/ABC123"
    # A reload is a new session on the same device: no typing, same seat.
    again, _ = make_model(host, store)
    await again.open_route(parse_route("/join/ABC123"))
    assert again.screen == "player" and again.player_id == "p1"
    assert again.name == "Ann"
    assert len(host.table.view(GM)["seats"]) == 1  # nobody joined twice


async def test_the_start_page_resumes_the_last_seat(host: FakeHost) -> None:
    store = MemoryStore()
    model, _ = make_model(host, store)
    await model.join("ABC123", "Ann")
    again, _ = make_model(host, store)
    await again.open_route(parse_route("/"))
    assert again.screen == "player" and again.player_id == "p1"


async def test_a_token_the_host_refuses_is_forgotten(host: FakeHost) -> None:
    store = MemoryStore()
    model, _ = make_model(host, store)
    await model.join("ABC123", "Ann")
    host.tokens = {t: a for t, a in host.tokens.items() if a.player_id != "p1"}
    again, _ = make_model(host, store)
    await again.open_route(parse_route("/join/ABC123"))
    assert again.screen == "join"
    assert await Device(store).player_seat("ABC123") is None


async def test_the_gm_link_keeps_the_token_and_drops_it_from_the_address_bar(
    host: FakeHost,
) -> None:
    store = MemoryStore()
    model, seen = make_model(host, store)
    await model.open_route(parse_route("/gm?table=t1&token=gm-token"))
    assert model.screen == "gm" and model.is_gm
    assert seen.routes[0] == "/gm?table=t1"
    again, _ = make_model(host, store)
    await again.open_route(parse_route("/gm?table=t1"))
    assert again.screen == "gm"


async def test_a_gm_page_without_a_kept_token_explains_itself(host: FakeHost) -> None:
    model, _ = make_model(host)
    await model.open_route(parse_route("/gm?table=t1"))
    assert model.screen == "home" and "GM link" in model.message


async def test_a_wrong_join_code_shows_the_hosts_message(host: FakeHost) -> None:
    model, _ = make_model(host)
    await model.join("NOPE", "Ann")
    assert model.screen == "join" and model.message == "No table has that join code."


async def test_a_join_link_is_checked_before_the_name_is_asked(host: FakeHost) -> None:
    model, _ = make_model(host)
    await model.open_route(parse_route("/join/NOPE"))
    assert model.screen == "home" and model.message == "No table has that join code."
    await model.open_route(parse_route(f"/join/{host.join_code}"))
    assert screen_of(model) == "join" and model.joining["title"] == "Deadlands"


async def test_an_action_toasts_its_log_line_with_undo_when_allowed(host: FakeHost) -> None:
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, seen = make_model(host)
    await player.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    await player.send(NOTE(text="I draw my gun"))
    assert seen.toasts[-1].message == "Ann: I draw my gun"
    assert seen.toasts[-1].undo_command is not None
    await player.undo(seen.toasts[-1].undo_command)
    assert "undid" in seen.toasts[-1].message
    # Dice: only the GM may undo a roll, so the player's toast offers no Undo.
    await player.send(ROLL_TRAIT(dice=2, sides=6, tn=5))
    assert seen.toasts[-1].undo_command is None


async def test_a_refused_command_shows_the_rule_and_changes_nothing(host: FakeHost) -> None:
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, seen = make_model(host)
    await player.join("ABC123", "Ann")
    before = host.table.version
    await player.send(CHIPS_SPEND(colour="white"))
    assert seen.toasts[-1].error
    assert "session" in seen.toasts[-1].message.lower()
    assert host.table.version == before


async def test_offline_taps_are_queued_counted_and_kept_on_the_device(host: FakeHost) -> None:
    store = MemoryStore()
    player, seen = make_model(host, store)
    await player.join("ABC123", "Ann")
    client = player.client
    assert isinstance(client, FakeClient)
    client.offline = True
    await player.send(NOTE(text="while the Wi-Fi is down"))
    assert player.queued == 1
    assert "saved" in seen.toasts[-1].message
    assert any(k.startswith("fatepot.outbox.") for k in store.data)


async def test_changes_from_other_screens_bump_the_model(host: FakeHost) -> None:
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    rev = gm.rev
    host.join("Bob")
    assert gm.rev > rev
    assert [s["name"] for s in gm.table["seats"]] == ["Bob"]


async def test_a_reissued_seat_link_moves_the_seat_to_a_new_device(host: FakeHost) -> None:
    old_phone, _ = make_model(host)
    await old_phone.join("ABC123", "Ann")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    await gm.issue_claim("p1")
    link = gm.claim_links["p1"]
    assert link.startswith("http://192.168.1.9:8000/claim/")
    new_phone, seen = make_model(host)
    await new_phone.open_route(parse_route(link.removeprefix("http://192.168.1.9:8000")))
    assert new_phone.screen == "player" and new_phone.player_id == "p1"
    assert seen.routes[-1] == "/join/ABC123"


async def test_the_admin_creates_a_table_and_lands_on_the_gm_screen(host: FakeHost) -> None:
    model, _ = make_model(host)
    await model.open_route(parse_route("/"))
    await model.load_tables("wrong")
    assert model.message.startswith("This needs")
    await model.load_tables("admin")
    assert [t["name"] for t in model.tables] == ["Saloon"]
    await model.create_table("Deadwood", "deadlands")
    assert model.screen == "gm"


async def test_a_player_hears_when_the_gm_undoes_their_action(host: FakeHost) -> None:
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, seen = make_model(host)
    await player.join("ABC123", "Ann")
    await player.send(NOTE(text="I cheat at cards"))
    command = seen.toasts[-1].undo_command
    assert command is not None
    count = len(seen.toasts)
    await gm.undo(command)
    assert len(seen.toasts) == count + 1
    assert seen.toasts[-1].message.startswith("The GM undid")
