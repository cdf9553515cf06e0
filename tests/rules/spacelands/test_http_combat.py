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
    if bob.view()["me"].get("stun_due"):  # the check before any other act of his
        bob.ok("combat.stun", dice=1, sides=6, faces=[[6, 6, 4]])
    gm.ok("combat.start")
    gm.ok("combat.fear", who="p2", tn=5, faces=[[1]])  # bust in the fight: terrified
    ann.ok("combat.draw", faces=[[4]])
    drew = next(e for e in bob.ok("combat.draw", faces=[[4]]) if e["type"] == "combat.drew")
    assert drew["data"]["drawn"] == 1, drew  # terrified: a single card (Jokers aside)
    gm.ok("combat.draw_npcs")
    npc = gm.view()["combatants"]["n1"]
    if npc["status"] == "choosing":  # the host's shuffle: keep two like the GM would
        gm.ok("combat.keep", who="n1", cards=npc["drawn"][:2])
    gm.ok("combat.next")
    bob_view = bob.view()["me"]
    if bob_view["hand"]:  # terrified: "must run full movement away", no active defence
        r = bob.send("combat.defend", skill="dodge", faces=[[6, 6, 1], [2]])
        assert r.status_code == 409 and "Bob is terrified" in r.json()["error"]["message"]
    gm.ok("combat.condition", who="p1", stunned=True)
    hand = ann.view()["me"]["hand"]
    if hand:
        r = ann.send(
            "combat.attack", target="p2", card=hand[0], distance=3, range_increment=10, damage="3d6"
        )
        assert r.status_code == 409 or r.status_code == 400
        assert "stunned and can't do anything" in r.json()["error"]["message"]


def test_close_ammo_and_d12_plus_over_http(host: RunningHost) -> None:
    """Over the wire: a d12+2 Strength on the sheet; the close manoeuvre ("The Defensive
    Bonus of the longer weapon now becomes a penalty, and they may no longer add their
    strength to any damage dealt"); a gun's rounds ("a target cannot be hit by more
    shots than were fired") and an empty gun refused with a 4xx that changes nothing;
    an NPC's defence and TN never reach a phone."""
    gm, ann, _bob = table(host)
    gm.ok("session.start")
    for pid in ("p1", "p2"):  # Wind enough that the random hits leave nobody Winded
        gm.ok("sheet.update", player=pid, path="wind.max", value=200)
        gm.ok("sheet.update", player=pid, path="wind.current", value=200)
    gm.ok("sheet.update", player="p1", path="traits.strength.die", value=12)
    gm.ok("sheet.update", player="p1", path="traits.strength.plus", value=2)
    events = ann.ok("roll.trait", trait="strength", faces=[[3]])
    assert events[-1]["data"]["outcome"]["total"] == 5
    bad = gm.send("sheet.update", player="p1", path="traits.strength.plus", value=3)
    assert 400 <= bad.status_code < 500 and "d12+2" in bad.json()["error"]["message"]
    gm.ok("sheet.update", player="p2", path="aptitudes.fighting: clubs", value={"level": 2})
    gm.ok("sheet.update", player="p1", path="aptitudes.fighting: brawling", value={"level": 3})
    # a fight (the Master resolves the actions here, so no cards are named)
    gm.ok("npc.add", name="Constable", quickness="1d6", fighting="3d6")
    gm.ok("combat.start")
    for who in ("p1", "p2", "n1"):
        gm.ok("combat.draw", who=who, faces=[[6, 2]])
        entry = gm.view()["combatants"][who]
        if entry["status"] == "choosing":
            gm.ok("combat.keep", who=who, cards=entry["drawn"][:2])
    gm.ok("combat.next")
    # Ann (unarmed) closes in on Bob's truncheon (DB 1): TN 5 + 2 + 1
    events = gm.ok(
        "combat.attack",
        who="p1",
        target="p2",
        mode="melee",
        maneuver="close",
        unarmed=True,
        defensive_bonus=1,
        defender_skill="fighting: clubs",
        dice=1,
        sides=10,
        faces=[[9]],
    )
    assert events[0]["data"]["tn"] == 8 and events[0]["data"]["maneuver"] == "close"
    events = gm.ok(
        "combat.attack",
        who="p2",
        target="p1",
        mode="melee",
        damage="1d6",
        dice=1,
        sides=12,
        faces=[[11]],
    )
    assert events[0]["data"]["tn"] == 9  # 5 + brawling 3 + the DB as a penalty
    hit = next(e for e in events if e["type"] == "combat.damaged")
    assert not hit["data"]["damage"]["strength"]
    # a gun's rounds
    ann.ok("combat.weapon", weapon="smg", capacity=2)
    events = gm.ok(
        "combat.attack",
        who="p1",
        target="p2",
        weapon="smg",
        rate_of_fire=3,
        distance=5,
        range_increment=10,
        damage="1d6",
        dice=1,
        sides=6,
        faces=[[6, 6, 6, 6, 1]],
    )
    assert events[0]["data"]["hits"] == 2
    before = gm.view()
    empty = gm.send(
        "combat.attack",
        who="p1",
        target="p2",
        weapon="smg",
        distance=5,
        range_increment=10,
        damage="1d6",
    )
    assert 400 <= empty.status_code < 500 and "out of ammo" in empty.json()["error"]["message"]
    assert gm.view() == before
    # an NPC's defence roll and the TN it makes stay the GM's
    gm.ok("combat.defend", who="n1", skill="fighting", faces=[[6, 5], [4], [2]])
    gm.ok("combat.attack", who="p1", target="n1", mode="melee", unarmed=True, faces=[[2]])
    seen = httpx.get(
        f"{ann.url}/api/tables/{ann.table}/events?after=0", headers=bearer(ann.token)
    ).text
    assert '"tn": 11' not in seen.replace('"tn":11', '"tn": 11') and "attacks need 11" not in seen


def test_surprise_and_terror_refused_over_http(host: RunningHost) -> None:
    """Through a real host: "If you don't make the roll, you don't get any cards, and
    your character can't act that round." — Ann's card up the sleeve is refused with the
    rule's words in the one error shape; "If a Hero goes bust on a Terror test, he ...
    takes no actions (including active defenses) and just cowers in place." — Bob's
    active defence is refused; neither refusal changes the table, and each phone's
    nudge says why."""
    gm, ann, bob = table(host)
    gm.ok("session.start")
    gm.ok("combat.start")
    for who in ("p1", "p2"):
        gm.ok("combat.draw", who=who, faces=[[6, 2]])
        entry = gm.view()["combatants"][who]
        if entry["status"] == "choosing":
            gm.ok("combat.keep", who=who, cards=entry["drawn"][:2])
    gm.ok("combat.next")
    while not ann.view()["me"]["playable"]:
        gm.ok("combat.next")
    card = ann.view()["me"]["playable"][0]
    if card == "RJ":  # the Red Joker never goes up a sleeve: act on it and try again
        ann.ok("combat.act", card=card)
        gm.ok("combat.next")
        while not ann.view()["me"]["playable"]:
            gm.ok("combat.next")
        card = ann.view()["me"]["playable"][0]
    ann.ok("combat.sleeve", card=card)
    gm.ok("combat.round")
    gm.ok("combat.surprise", who="p1", expecting=False, faces=[[5]])
    gm.ok("combat.draw", who="p2", faces=[[4]])
    entry = gm.view()["combatants"]["p2"]
    if entry["status"] == "choosing":
        gm.ok("combat.keep", who="p2", cards=entry["drawn"][:2])
    gm.ok("combat.fear", who="p2", tn=5, terror=True, faces=[[1]])
    gm.ok("combat.next")
    before = gm.view()
    r = ann.send("combat.act", card=card, action="shoots the bug")
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["error"]["message"] == (
        "Ann is surprised: no cards, and no action this round (Surprise)."
    )
    r = bob.send("combat.defend", skill="dodge")
    assert 400 <= r.status_code < 500, r.text
    assert "Bob is catatonic and cowers in place" in r.json()["error"]["message"]
    assert gm.view() == before
    assert "surprised" in ann.view()["me"]["nudge"]
    assert "catatonic" in bob.view()["me"]["nudge"]
