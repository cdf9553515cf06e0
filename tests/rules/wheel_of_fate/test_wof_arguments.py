"""Wheel of Fate's typed arguments: the refusals that name a rule keep their words, and
what clients send today (nulls for "none", an empty reason) is still accepted."""

from __future__ import annotations

from app.domain.errors import InvalidArgs

from .driver import GM, P1, P2, Game


def test_each_aspect_counts_once_per_roll() -> None:
    """ "When you invoke an aspect, you spend a fate point and say which aspect you're
    using." — one aspect, one fate point and one extra die: naming it twice is refused."""
    game = Game()
    game.attributes("p1", 3, 3, 2)
    game.do(P1, "char.aspect", number=1, text="Bold")
    message = game.fails(P1, "roll", InvalidArgs, attribute="social", invoke=[1, 1])
    assert message == "'invoke' names 1 twice: each counts once per roll."


def test_a_pool_is_listed_once() -> None:
    """ "The GM should outline what the available pools are during character creation."
    — each pool once, whatever its capitals."""
    game = Game(session=False)
    message = game.fails(GM, "creation.pools", InvalidArgs, normal=["Kung Fu", "kung fu "])
    assert message == "'kung fu' appears twice in 'normal'."


def test_pool_dice_stay_within_the_tables_limit() -> None:
    """ "you can distribute three dice among them, according to whatever limitations the
    GM provides." — the limit is the table's ``pool_max``, named in the refusal."""
    game = Game(session=False, settings={"pool_max": 2})
    game.do(GM, "creation.pools", normal=["Kung Fu", "Sneaking"])
    message = game.fails(P1, "char.pools", InvalidArgs, dice={"Kung Fu": 3})
    assert message == "Dice in 'dice' must be whole numbers 0–2."


def test_help_outside_a_contest_names_the_attribute() -> None:
    """ "the helping character adds her dice as bonus dice" — which dice: outside a
    contest the helper says which attribute."""
    game = Game()
    game.attributes("p1", 3, 3, 2)
    game.attributes("p2", 2, 3, 3)
    message = game.fails(P1, "help", InvalidArgs, to="p2")
    assert message == "'attribute' is required (one of: physical, mental, social)."
    assert game.fails(P1, "help", InvalidArgs) == "Say which character 'to' is."


def test_a_wrong_type_is_refused_by_name() -> None:
    """Dice are whole numbers and flags are true or false: "3" is not 3."""
    game = Game()
    game.attributes("p1", 3, 3, 2)
    assert game.fails(GM, "roll", InvalidArgs, dice="3") == "'dice' must be a whole number."
    message = game.fails(
        GM, "contest.start", InvalidArgs, kind="physical", harmful="yes", participants=["p1"]
    )
    assert message == "'harmful' must be true or false."


def test_what_clients_send_for_none_is_still_accepted() -> None:
    """A roll with no difficulty and no entered faces may say so with null; the GM's
    reason for the log may be left empty (the GM's form sends "")."""
    game = Game()
    game.attributes("p1", 3, 3, 2)
    data = game.do(P1, "roll", attribute="physical", difficulty=None, faces=None)[0].data
    assert data["difficulty"] is None and not data["entered"]
    game.do(GM, "fate.adjust", player="p2", n=1, reason="")
    assert game.last("fate.adjusted").text == "The GM gives Bob 1 fate point (now 6)."
    game.do(P2, "fate.declare", kind="fact", text="The gate is unlocked.", aspect=None)
