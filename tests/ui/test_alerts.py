"""What happens to a player, made by someone else, becomes an alert on the right tab."""

from __future__ import annotations

from app.ui.model import Alert, action_texts, alert_for


def event(type_: str, actor: str, **data: object) -> dict[str, object]:
    return {"type": type_, "actor": actor, "text": f"{type_} text", "data": data}


def test_an_award_to_me_by_the_gm_is_news_for_the_hand() -> None:
    alert = alert_for(event("chips.awarded", "gm", player="p1", colour="red"), "p1")
    assert alert == Alert("chips.awarded text", ("Hand",))
    assert alert.tab_in(["Hand", "Roll", "Log"]) == "Hand"


def test_my_own_action_and_others_awards_are_not_news() -> None:
    assert alert_for(event("chips.spent", "p1", player="p1"), "p1") is None
    assert alert_for(event("chips.awarded", "gm", player="p2"), "p1") is None


def test_a_compel_goes_to_fate_and_an_unknown_kind_to_the_log() -> None:
    compel = alert_for(event("compel.offered", "gm", player_id="p1"), "p1")
    assert compel is not None and compel.tab_in(["Character", "Roll", "Fate", "Log"]) == "Fate"
    odd = alert_for(event("mystery.thing", "gm", target="p1"), "p1")
    assert odd is not None and odd.tab_in(["Hand", "Log"]) == "Log"
    hit = alert_for(event("combat.hit", "gm", who="p1"), "p1")
    assert hit is not None and hit.tab_in(["Caps", "Roll", "Sheet", "Log"]) == "Sheet"


def test_an_action_reads_headline_first_then_the_rest_in_order() -> None:
    events = [
        {"version": 3, "text": "Session 1 ended.", "visible_to": "all"},
        {"version": 1, "text": "The Marshal's chips go back.", "visible_to": "gm"},
        {"version": 2, "text": "Ann writes down 3 white chips.", "visible_to": "all"},
    ]
    assert action_texts(events) == [
        "Ann writes down 3 white chips.",
        "The Marshal's chips go back.",
        "Session 1 ended.",
    ]


def test_a_boon_given_goes_to_roll_and_says_how_to_spend_it() -> None:
    """Issue #28: a new Fate's Edge player given a Boon got a Log badge and no word of
    what a Boon does or where; now the news names the Roll tab and the tap on a die."""
    boon = alert_for(event("fe.boon.awarded", "gm", player="p1", reason="bond"), "p1")
    assert boon is not None
    assert boon.tab_in(["Roll", "Sheet", "Table", "More", "Log"]) == "Roll"
    assert boon.text.startswith("fe.boon.awarded text ") and "tap one of its dice" in boon.text
    xp = alert_for(event("fe.xp.awarded", "gm", player="p1"), "p1")
    assert xp is not None and xp.tab_in(["Roll", "Sheet", "Log"]) == "Sheet"
