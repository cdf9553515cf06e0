"""Spacelands combat end to end: a real uvicorn host on 127.0.0.1, real httpx clients
(the GM and two phones), through the HTTP API."""

from __future__ import annotations

from typing import Any

import httpx

from tests.conftest import RunningHost, bearer, create_table, join


class Client:
    def __init__(self, url: str, table: str, token: str, tag: str) -> None:
        self.url, self.table, self.token, self.tag, self.n = url, table, token, tag, 0

    def send(self, type_: str, **args: Any) -> httpx.Response:
        self.n += 1
        return httpx.post(
            f"{self.url}/api/tables/{self.table}/commands",
            json={"id": f"{self.tag}{self.n}", "type": type_, "args": args},
            headers=bearer(self.token),
        )

    def ok(self, type_: str, **args: Any) -> list[dict[str, Any]]:
        r = self.send(type_, **args)
        assert r.status_code == 200, r.text
        events: list[dict[str, Any]] = r.json()["events"]
        return events

    def view(self) -> dict[str, Any]:
        r = httpx.get(f"{self.url}/api/tables/{self.table}", headers=bearer(self.token))
        combat: dict[str, Any] = r.json()["rules"]["combat"]
        return combat


def table(host: RunningHost) -> tuple[Client, Client, Client]:
    t = create_table(host.url, ruleset="spacelands")
    ann = join(host.url, t["join_code"], "Ann")
    bob = join(host.url, t["join_code"], "Bob")
    gm = Client(host.url, t["table_id"], t["gm_token"], "g")
    return (
        gm,
        Client(host.url, t["table_id"], ann["player_token"], "a"),
        Client(host.url, t["table_id"], bob["player_token"], "b"),
    )


def test_attack_defence_fear_and_refusals_over_http(host: RunningHost) -> None:
    """A ranged attack's TN by range increment with its raises into the hit location;
    an active defence becoming the TN; a Fear test; a stunned player refused with the
    rule's words; bad input a clear 4xx that changes nothing; no NPC names leak."""
    gm, ann, bob = table(host)
    gm.ok("session.start")
    gm.ok("sheet.update", player="p1", path="aptitudes.shooting: blasters", value={"level": 3})
    gm.ok("sheet.update", player="p2", path="aptitudes.dodge", value={"level": 2})
    gm.ok("npc.add", name="Gelatinous thing", quickness="1d6", fighting="2d6")
    # outside a fight no card is needed: the attack alone
    events = ann.ok(
        "combat.attack",
        target="p2",
        skill="shooting: blasters",
        distance=29,
        range_increment=10,
        damage="3d6",
        faces=[[6, 6, 2], [2], [3]],
        shift=1,
        location_face=2,  # a leg: the damage dice are the host's, and a maimed gizzard
        # would end Bob's fight before the Fear test below
    )
    attacked = next(e for e in events if e["type"] == "combat.attacked")
    assert attacked["data"]["tn"] == 7 and attacked["data"]["roll"]["raises"] == 1
    hit = next(e for e in events if e["type"] == "combat.damaged")
    assert hit["data"]["location"]["result"] == 3  # 2 + the raise: the legs

    before = gm.view()
    r = ann.send("combat.attack", target="p2", distance=-3, range_increment=10, damage="3d6")
    assert r.status_code == 422 and "distance" in r.json()["error"]["message"]
    r = ann.send("combat.attack", target="n1", distance=3, range_increment=10, damage="3d6")
    unseen = r.json()["error"]["message"]
    r2 = ann.send("combat.attack", target="n42", distance=3, range_increment=10, damage="3d6")
    assert r.status_code == r2.status_code == 422 and unseen == r2.json()["error"]["message"]
    assert "Gelatinous" not in unseen
    r = ann.send("combat.will", test="bluff")
    assert r.status_code == 422 and "target" in r.json()["error"]["message"]
    assert gm.view()["combatants"] == before["combatants"]

    r = gm.send("wounds.accept", player="p2")  # (3d6 of the host's may stay under Size)
    assert r.status_code == 200 or "no fresh wounds" in r.text, r.text
    gm.ok("sheet.update", player="p2", path="wind.current", value=10)  # (bandaged)
    gm.ok("combat.start")
    gm.ok("combat.fear", who="p2", tn=5, faces=[[1]])  # bust in the fight: terrified
    ann.ok("combat.draw", faces=[[4]])
    drew = bob.ok("combat.draw", faces=[[4]])
    # The NPC's Quickness is rolled with given faces too: a host roll that drew more
    # than two cards would leave the GM choosing which to keep, and the step waits.
    gm.ok("combat.draw", who="n1", faces=[[4]])
    # Terrified: a single card (a Joker drawn with it may bring more: the table's deck
    # is shuffled from the host's own seed).
    assert next(e for e in drew if e["type"] == "combat.drew")["data"]["count"] == 1
    gm.ok("combat.next")
    bob_view = bob.view()["me"]
    if bob_view["hand"]:
        bob.ok("combat.defend", skill="dodge", faces=[[6, 6, 1], [2]])
        assert bob.view()["me"]["body"]["wind"]["current"] <= 10
    gm.ok("combat.condition", who="p1", stunned=True)
    hand = ann.view()["me"]["hand"]
    if hand:
        r = ann.send(
            "combat.attack", target="p2", card=hand[0], distance=3, range_increment=10, damage="3d6"
        )
        assert r.status_code == 409 or r.status_code == 400
        assert "stunned and can't do anything" in r.json()["error"]["message"]
