"""The GM prepares a seat and its sheet before the evening and hands it out by seat
link: the player who claims it lands in that seat with the prepared sheet."""

from __future__ import annotations

import httpx

from tests.conftest import RunningHost, bearer, create_table


def test_a_prepared_seat_is_handed_out_by_seat_link(host: RunningHost) -> None:
    created = create_table(host.url, "deadlands", name="Gomorra")
    table = f"{host.url}/api/tables/{created['table_id']}"
    gm = bearer(created["gm_token"])
    for cid, type_, args in (
        ("add", "seat.add", {"name": "Ann"}),
        ("quick", "sheet.update", {"player": "p1", "path": "traits.quickness.die", "value": 10}),
    ):
        r = httpx.post(
            f"{table}/commands", json={"id": cid, "type": type_, "args": args}, headers=gm
        )
        assert r.status_code < 300, r.text
    issued = httpx.post(f"{table}/seats/p1/claim", headers=gm)
    assert issued.status_code == 201, issued.text
    claimed = httpx.post(f"{host.url}/api/claim", json={"claim_code": issued.json()["claim_code"]})
    assert claimed.status_code == 201, claimed.text
    seat = claimed.json()
    assert seat["player_id"] == "p1"
    mine = httpx.get(table, headers=bearer(seat["player_token"])).json()
    sheet = mine["rules"]["players"]["p1"]["sheet"]
    assert sheet["traits"]["quickness"]["die"] == 10
