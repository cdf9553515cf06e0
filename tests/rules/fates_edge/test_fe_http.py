"""Fate's Edge end to end through the HTTP API: a real uvicorn host, real httpx
clients for the GM and two players (the rules of issue #17 as a table plays them)."""

from __future__ import annotations

import itertools
from typing import Any

import httpx

from tests.conftest import RunningHost, bearer, create_table, join

ids = itertools.count()


def send(host: RunningHost, table: str, token: str, type_: str, **args: Any) -> httpx.Response:
    return httpx.post(
        f"{host.url}/api/tables/{table}/commands",
        json={"id": f"fe-{next(ids)}", "type": type_, "args": args},
        headers=bearer(token),
    )


def ok(r: httpx.Response) -> dict[str, Any]:
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def view(host: RunningHost, table: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{host.url}/api/tables/{table}", headers=bearer(token))
    assert r.status_code == 200, r.text
    rules: dict[str, Any] = r.json()["rules"]
    return rules


def test_a_session_through_http(host: RunningHost) -> None:
    """DV set before the roll and shown on the phone; Failure's Gift offered; a War-Kit
    erasing a CP of the roll it's used on; a contest on both phones; a CP spend naming
    no target refused with a 4xx in plain words; the bank never in a player's events;
    session.end's bookkeeping."""
    t = create_table(host.url, ruleset="fates-edge", name="Ford")
    tid, gm = t["table_id"], t["gm_token"]
    ann = join(host.url, t["join_code"], "Ann")["player_token"]
    bob = join(host.url, t["join_code"], "Bob")["player_token"]
    war_kit = {"what": "gear", "tier": "superior", "name": "Rothari War-Kit"}
    ok(send(host, tid, gm, "xp.buy", player="p1", **war_kit))  # rare gear: the GM grants it
    ok(send(host, tid, gm, "session.start"))

    # The GM sets the DV before the roll; Ann's phone shows it; her roll uses it.
    ok(send(host, tid, gm, "roll.dv", player="p1", dv=2, label="Ford the river"))
    assert view(host, tid, ann)["you"]["dv_set"] == {"dv": 2, "label": "Ford the river"}
    roll = ok(send(host, tid, ann, "roll.enter", attribute="body", faces=[1, 2]))
    data = roll["events"][-1]["data"]
    assert data["dv"] == 2 and data["outcome"] == "miss" and data["cp"] == 1

    # The failure offers the GM a Boon (the GM sees it; Ann doesn't).
    assert view(host, tid, gm)["boon_offer"]["player"] == "p1"
    assert "boon_offer" not in view(host, tid, ann)

    # The War-Kit erases the CP on that roll: the bank gives it back, the roll shows 0.
    gear = next(iter(view(host, tid, ann)["you"]["gear"]))
    ok(send(host, tid, ann, "ability.use", ability=gear))
    assert view(host, tid, gm)["cp_bank"] == 0
    assert view(host, tid, ann)["last_roll"]["cp"] == 0
    again = send(host, tid, ann, "ability.use", ability=gear)
    assert again.status_code == 409 and "used up this session" in again.json()["error"]["message"]

    # A CP spend naming no target is refused and pays nothing.
    ok(send(host, tid, gm, "cp.grant", cp=3, reason="the river rises"))
    refused = send(host, tid, gm, "cp.spend", option="fatigue")
    assert 400 <= refused.status_code < 500
    assert "Name who gains the Fatigue" in refused.json()["error"]["message"]
    assert view(host, tid, gm)["cp_bank"] == 3
    ok(send(host, tid, gm, "cp.spend", option="attention", reveal=True))

    # A contest: both players roll on their phones, both see the result.
    ok(send(host, tid, gm, "contest.start", a="p1", b="p2", label="Race to the boat"))
    ok(send(host, tid, ann, "roll.enter", attribute="body", faces=[6, 6]))
    ok(send(host, tid, bob, "roll.enter", attribute="body", faces=[6, 2]))
    for token in (ann, bob):
        result = view(host, tid, token)["contest"]["result"]
        assert result["name"] == "Ann" and not result["tie"]

    # Nothing a player received carries the bank, whatever the reveal flag.
    for token in (ann, bob):
        feed = httpx.get(
            f"{host.url}/api/tables/{tid}/events", params={"after": 0}, headers=bearer(token)
        ).json()["events"]
        assert feed and all("bank" not in e["data"] for e in feed)
        assert "cp_bank" not in view(host, tid, token)

    # session.end does the bookkeeping: the checklist goes to the GM alone.
    ended = ok(send(host, tid, gm, "session.end"))
    assert "fe.session.checklist" in [e["type"] for e in ended["events"]]
    ann_feed = httpx.get(
        f"{host.url}/api/tables/{tid}/events", params={"after": 0}, headers=bearer(ann)
    ).json()["events"]
    assert "fe.session.checklist" not in [e["type"] for e in ann_feed]


def test_shield_hauberk_and_pack_through_http(host: RunningHost) -> None:
    """Knight's Heater Shield ('give ally +2 dice to next defense'), the Aeler-forged
    Hauberk ('When gaining Fatigue, roll a die; on 6+, avoid it') and the Traveler's
    Pack ('Without it, a PC suffers Fatigue one step sooner') over HTTP; a cover with
    no ally named is a 4xx in plain words and changes nothing."""
    t = create_table(host.url, ruleset="fates-edge", name="Ford")
    tid, gm = t["table_id"], t["gm_token"]
    ann = join(host.url, t["join_code"], "Ann")["player_token"]
    bob = join(host.url, t["join_code"], "Bob")["player_token"]
    shield_buy = {"what": "gear", "tier": "standard", "name": "Knight's Heater Shield"}
    ok(send(host, tid, gm, "xp.buy", player="p1", **shield_buy))  # no book price: the GM's
    hauberk_buy = {"what": "gear", "tier": "standard", "name": "Aeler-forged Hauberk"}
    ok(send(host, tid, gm, "xp.buy", player="p2", **hauberk_buy))
    ok(send(host, tid, bob, "character.kit", kit="travelers-pack"))
    ok(send(host, tid, gm, "session.start"))
    shield = next(a for a in view(host, tid, ann)["you"]["abilities"] if a["effect"] == "shield")
    refused = send(host, tid, ann, "ability.use", ability=shield["key"])
    assert refused.status_code == 422 and "covers an ally" in refused.json()["error"]["message"]
    ok(send(host, tid, ann, "ability.use", ability=shield["key"], target="p2"))
    given = next(a for a in view(host, tid, bob)["you"]["abilities"] if "from Ann" in a["name"])
    roll = ok(send(host, tid, bob, "roll.pool", attribute="body", use=[given["key"]]))
    assert roll["events"][-1]["data"]["pool"] == 4

    # Supply to Low: Ann (no pack) suffers Fatigue one step sooner; Bob doesn't yet.
    ok(send(host, tid, gm, "supply.tick", ticks=2))
    assert view(host, tid, ann)["you"]["fatigue"] == 1
    assert view(host, tid, bob)["you"]["fatigue"] == 0
    # Dangerously Low: Bob's turn, and his Hauberk rolls.
    event = ok(send(host, tid, gm, "supply.tick", ticks=1))["events"][-1]
    assert "Aeler-forged Hauberk rolls" in event["text"]
    assert view(host, tid, ann)["you"]["fatigue"] == 1


def test_a_one_shot_favor_over_http(host: RunningHost) -> None:
    """D.12.6: 'A one-shot favor costs 1 Boon (or 2 XP in desperation) to activate.' Ann
    calls in a favor from her phone for a Boon, then one for 2 XP; asking to pay a Boon
    she no longer has is refused in plain words and takes nothing."""
    t = create_table(host.url, ruleset="fates-edge", name="Favors")
    tid, gm = t["table_id"], t["gm_token"]
    ann = join(host.url, t["join_code"], "Ann")["player_token"]
    ok(send(host, tid, gm, "boon.award", player="p1", complication="the bridge gave way"))
    xp = view(host, tid, ann)["you"]["xp"]["unspent"]
    assert view(host, tid, ann)["you"]["boons"] == 1
    data = ok(send(host, tid, ann, "favor.call", favor="The official's marker"))["events"][-1]
    assert data["data"]["pay"] == "boon" and view(host, tid, ann)["you"]["boons"] == 0
    data = ok(send(host, tid, ann, "favor.call", favor="A magistrate owes me"))["events"][-1]
    assert data["data"]["pay"] == "xp"
    assert view(host, tid, ann)["you"]["xp"]["unspent"] == xp - 2
    r = send(host, tid, ann, "favor.call", favor="One more", pay="boon")
    assert 400 <= r.status_code < 500 and "no Boon to spend" in r.text
    assert view(host, tid, ann)["you"]["xp"]["unspent"] == xp - 2
