"""The generic command forms (Fate's Edge's "More" tab) render real controls from each
command's JSON Schema, and what the controls hold goes out as the right JSON types:
a switch for true/false, a menu for one of a few values, a number field for a whole
number, text as text (a "3" typed as a name stays "3")."""

from __future__ import annotations

import re
from typing import Annotated, Literal

import flet as ft
from pydantic import Field

from app.domain.arguments import Args, Text, described, optional, schema
from app.domain.fatesedge.catalog import COMMANDS
from app.host.catalogue import rulesets, specs
from app.ui.fatesedge.more import COVERED
from app.ui.forms import Form
from app.ui.systems.generic import action_words, shape_refusal
from app.ui.systems.schema_form import (
    UNSET,
    Argument,
    arguments_from,
    arguments_of,
    control_for,
    option_words,
)


class SampleArgs(Args):
    """Every kind of argument a command declares."""

    name: Text = described("who")
    dice: Annotated[int, Field(ge=1, le=10)] = optional("how many", 1)
    hidden: bool = optional("the GM only", False)
    colour: Literal["white", "red", "blue"] | None = optional("which chip")
    sides: Literal[6, 8, 10] = optional("die", 6)
    faces: list[int] | None = optional("as rolled")


SPEC = {"summary": "A sample", "args": {}, "schema": schema(SampleArgs)}


def field_in(control: ft.Control) -> ft.Control:
    """The field or menu inside its own accessibility node (see `text_field`,
    `named_menu`)."""
    node = control.content if isinstance(control, ft.MergeSemantics) else control
    assert isinstance(node, ft.Semantics) and node.content is not None
    return node.content


def test_each_kind_of_argument_gets_its_own_control() -> None:
    args = {a.name: a for a in arguments_of(SPEC)}
    assert [a.kind for a in args.values()] == ["text", "whole", "flag", "choice", "choice", "json"]
    assert args["name"].required and args["name"].label.endswith("(required)")
    form = Form({})
    assert isinstance(control_for(form, args["hidden"]), ft.Switch)
    menu = field_in(control_for(form, args["colour"]))
    assert isinstance(menu, ft.Dropdown)
    assert [o.key for o in menu.options or []] == [UNSET, "white", "red", "blue"]
    number = field_in(control_for(form, args["dice"]))
    assert isinstance(number, ft.TextField)
    assert number.keyboard_type == ft.KeyboardType.NUMBER


def test_what_the_controls_hold_goes_out_as_json_of_the_declared_type() -> None:
    args = arguments_of(SPEC)
    form = {"name": "3", "dice": "4", "hidden": True, "colour": UNSET, "sides": "8",
            "faces": "[2, 5]"}  # fmt: skip
    sent = arguments_from(form, args)
    assert sent == {"name": "3", "dice": 4, "hidden": True, "sides": 8, "faces": [2, 5]}
    SampleArgs.model_validate(sent)  # the host's model takes exactly that


def test_a_number_that_does_not_parse_is_sent_as_typed_for_the_host_to_name() -> None:
    sent = arguments_from({"name": "Ann", "dice": "four"}, arguments_of(SPEC))
    assert sent == {"name": "Ann", "dice": "four"}


def test_the_published_catalogue_drives_the_form() -> None:
    """The shared ``undo`` command, as ``GET /api/rulesets`` publishes it."""
    undo = rulesets()[0]["commands"]["undo"]
    kinds = {a.name: a.kind for a in arguments_of(undo)}
    assert kinds == {"command_id": "text", "version": "whole"}
    assert arguments_from({"version": "12"}, arguments_of(undo)) == {"version": 12}


def test_a_list_of_faces_or_names_reads_as_typed_on_a_phone() -> None:
    """Strict models take a list for a list: "7" or "3 5 7" typed in the faces field
    used to go out as 7 or "3 5 7" and came back as "'faces' lists d10 faces..." with
    nothing on the form saying to type brackets."""
    fe = next(r for r in rulesets() if r["name"] == "fates-edge")["commands"]
    cast = {a.name: a for a in arguments_of(fe["cast.channel"])}
    model = specs("fates-edge")["cast.channel"].args
    for typed, faces in (("7", [7]), ("3 5 7", [3, 5, 7]), ("3, 5,7", [3, 5, 7]),
                         ("[2, 9]", [2, 9])):  # fmt: skip
        sent = arguments_from({"faces": typed, "use": "Blood Frenzy"}, list(cast.values()))
        assert sent == {"faces": faces, "use": ["Blood Frenzy"]}
        model.model_validate(sent)  # the host's model takes exactly that
    sent = arguments_from({"use": "blood_frenzy, battle_instincts"}, list(cast.values()))
    assert sent == {"use": ["blood_frenzy", "battle_instincts"]}
    # A face that isn't a number goes as typed: the host's refusal names the argument.
    assert arguments_from({"faces": "3 x"}, [cast["faces"]]) == {"faces": [3, "x"]}
    assert (cast["faces"].items, cast["use"].items) == ("whole", "text")
    hint = field_in(control_for(Form({}), cast["faces"]))
    assert isinstance(hint, ft.TextField) and hint.hint_text == "e.g. 3, 7, 10"


def fates_edge_forms(role: str) -> dict[str, list[Argument]]:
    """The More tab's commands for ``role`` (``more.COVERED`` are elsewhere), as forms."""
    fe = next(r for r in rulesets() if r["name"] == "fates-edge")["commands"]
    return {
        t: [a for a in arguments_of(spec) if role == "gm" or a.name != "player"]
        for t, spec in fe.items()
        if role in spec["roles"] and t not in COVERED and t in COMMANDS
    }


def test_every_more_form_speaks_words_not_the_api() -> None:
    """Issue #28: "Send bond.propose", "player: seat id (the GM names one…)", "with: the
    other player's seat id (required)". Every label is now a description in words, with
    no argument name and no id; every button the action in words, and no two alike."""
    fe = next(r for r in rulesets() if r["name"] == "fates-edge")["commands"]
    for role in ("gm", "player"):
        forms = fates_edge_forms(role)
        buttons = [action_words(fe[t]["summary"], t) for t in forms]
        assert len(set(buttons)) == len(buttons), buttons
        for t, args in forms.items():
            assert t not in action_words(fe[t]["summary"], t)
            for arg in args:
                assert "seat id" not in arg.label and "_" not in arg.label, (t, arg.label)
                assert not arg.label.startswith(f"{arg.name}:"), (t, arg.label)
                assert arg.label[:1].isupper() or arg.label[:1].isdigit(), (t, arg.label)
                assert not re.search(r"\bids?\b", arg.label), (t, arg.label)
                entries = [option_words(str(value), args) for value in arg.options]
                for words in entries:  # a menu's entries: words, never "a" or "xp"
                    assert len(words) > 1 and words[:1].isupper(), (t, arg.name, words)
                assert len(set(entries)) == len(entries), (t, arg.name, entries)
    # xp.buy's "follower" entry recruits one: it is not "The follower to promote", the
    # form's field of that name (it read so in the menu, between Prestige and Promote)
    buy = fates_edge_forms("player")["xp.buy"]
    what = next(a for a in buy if a.name == "what")
    assert option_words("follower", buy) == "Follower" and "follower" in what.options


def test_seats_are_picked_by_name() -> None:
    """A seat argument is a menu of the players' names (with Everyone where 'all' is
    taken); several seats are a switch per player; a map by seat a field per player."""
    forms = fates_edge_forms("gm")
    seats = (("p1", "Ann"), ("p2", "Bob"))
    propose = {a.name: a for a in forms["bond.propose"]}
    assert propose["with"].label == "The other player (required)"
    menu = field_in(control_for(Form({}), propose["with"], seats))
    assert isinstance(menu, ft.Dropdown)
    assert [(o.key, o.text) for o in menu.options or []] == [("p1", "Ann"), ("p2", "Bob")]
    award = {a.name: a for a in forms["xp.award"]}["player"]
    menu = field_in(control_for(Form({}), award, seats))
    assert isinstance(menu, ft.Dropdown)
    assert [o.text for o in menu.options or []] == [UNSET, "Everyone", "Ann", "Bob"]
    assert arguments_from({"player": "all"}, [award]) == {"player": "all"}
    group = {a.name: a for a in forms["roll.group"]}["players"]
    assert group.seat == "many" and group.label.startswith("The characters taking part")
    sent = arguments_from({"players.p1": True, "players.p2": True}, [group])
    assert sent == {"players": ["p1", "p2"]}
    helpers = {a.name: a for a in forms["ritual.start"]}["helpers"]
    assert helpers.seat == "map" and helpers.label.startswith("For each assistant")
    assert arguments_from({"helpers.p2": " Arcana ", "helpers.p1": ""}, [helpers]) == {
        "helpers": {"p2": "Arcana"}
    }


def test_ids_are_picked_by_name() -> None:
    """A bond, a follower, an item or a training is picked by its name from what the
    table has; with none, the form says so instead of asking for an id."""
    forms = fates_edge_forms("gm")
    bond = {a.name: a for a in forms["bond.accept"]}["bond"]
    assert bond.named == "bond" and bond.label == "The bond (required)"
    named = (("bond", (("b7", "Ann & Bob: the caravan"),)), ("follower", ()))
    menu = field_in(control_for(Form({}), bond, (), named))
    assert isinstance(menu, ft.Dropdown)
    assert [o.text for o in menu.options or []] == ["Ann & Bob: the caravan"]
    ability = {a.name: a for a in forms["ability.use"]}["ability"]
    assert ability.named == "ability" and "key" not in ability.label
    follower = {a.name: a for a in forms["follower.loyalty"]}["follower"]
    said = control_for(Form({}), follower, (), named)
    assert isinstance(said, ft.Text) and "No follower yet" in str(said.value)


def test_assets_carried_over_are_switches_by_name() -> None:
    """Issue #28's leftover: "Assets carried over" was a field for typed asset ids."""
    keep = {a.name: a for a in fates_edge_forms("gm")["character.replace"]}["keep_assets"]
    assert keep.named == "asset" and keep.label.startswith("Assets carried over")
    named = (("asset", (("a1", "The Gilded Cup (Ann)"), ("a2", "A spy ring (Ann)"))),)
    column = control_for(Form({}), keep, (), named)
    assert isinstance(column, ft.Column)
    switches = [c for c in column.controls if isinstance(c, ft.Switch)]
    assert [s.label for s in switches] == ["The Gilded Cup (Ann)", "A spy ring (Ann)"]
    sent = arguments_from({"keep_assets.a1": False, "keep_assets.a2": True}, [keep])
    assert sent == {"keep_assets": ["a2"]}
    channel = {a.name: a for a in fates_edge_forms("gm")["cast.channel"]}["asset"]
    assert channel.named == "asset" and channel.label.startswith("Asset leveraged")


def test_a_menu_says_its_choices_in_words() -> None:
    """ "holds: a / b" were the menu's entries: now the sides as the form names them."""
    start = fates_edge_forms("gm")["contest.start"]
    holds = {a.name: a for a in start}["holds"]
    written_out = control_for(Form({}), holds, (), (), start)
    assert isinstance(written_out, ft.Column)  # the long label above the menu
    menu = field_in(written_out.controls[-1])
    assert isinstance(menu, ft.Dropdown)
    assert [o.text for o in menu.options or []] == [
        UNSET,
        "One side: a player",
        "The other side: a player (none or left out: an opposition pool)",
    ]
    assert [o.key for o in menu.options or []] == [UNSET, "a", "b"]
    pay = {a.name: a for a in fates_edge_forms("gm")["favor.call"]}["pay"]
    assert [option_words(str(o)) for o in pay.options] == ["Boon", "XP"]


def test_a_wrong_shape_is_answered_in_the_forms_words() -> None:
    """The host's "'with' is required." named an argument the screen never shows."""
    propose = fates_edge_forms("gm")["bond.propose"]
    said = shape_refusal(COMMANDS["bond.propose"].args, {"tie": "the caravan"}, propose)
    assert said == "“The other player” is required.", said
    assert "'" not in said and "with" not in said.split(), said
    award = fates_edge_forms("gm")["xp.award"]
    said = shape_refusal(COMMANDS["xp.award"].args, {"xp": 0}, award)
    assert said.startswith("“How much XP” must be"), said
    assert shape_refusal(COMMANDS["xp.award"].args, {"xp": 2}, award) == ""


def test_a_long_label_wraps_instead_of_being_cut_off() -> None:
    """A field's plain label is one line, cut off once it floats above the text typed;
    a long one is a Text of up to three lines."""
    faces = {a.name: a for a in fates_edge_forms("gm")["cast.channel"]}["rerolls"]
    field = field_in(control_for(Form({}), faces))
    assert isinstance(field, ft.TextField) and isinstance(field.label, ft.Text)
    assert field.label.max_lines == 3 and field.label.value == faces.label
