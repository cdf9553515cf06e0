"""``combat.attack``: one shooting, throwing or fighting action, from the card played to
the wounds, as the chapter computes it (spacelands-combat.txt, "Shooting" to "Defense").

The attacker's skill dice come from the sheet (an aptitude on Deftness; without it a
"default" roll on Deftness, halved; a related concentration −2), or the NPC's record, or
the table's dice (``faces``), or a ``roll.trait`` chips were spent on (``from_roll``).
The TN is Fair (5) plus the range increments (ranged), or plus the defender's fighting,
Defensive Bonus and Size difference (melee), or the defender's active defence roll if
higher. Every hit goes on to ``flow.strike`` with its raises, so they move the hit
location and nobody re-types them; an automatic weapon hits once more per raise; an AE
weapon's bonus dice are rolled with the attack and added to its damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..changes import Change
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY, UNDO_GM, Draft
from ..fatechips import dice
from ..fatechips.chips import MARSHAL
from ..fatechips.state import Rolled, rules_of, sheet_of
from ..fatechips.system import ChipSystem, die_type, trait_plus
from ..jsonvalue import JsonDict
from . import able, ammo, attack_card, body, checks, close, flow, stray, tohit
from .attack_args import AttackArgs
from .damage import LADDER
from .events.attack import (
    COMBAT_ATTACK_ROLL,
    COMBAT_ATTACK_TN,
    COMBAT_ATTACKED,
    COMBAT_ROUNDS_LEFT,
)
from .flow_args import DamageArgs, damage_args
from .npcs import parse_dice
from .state import fighter, fput, is_seat, name_of, named_target, npc_dice, resolve


def _given(args: AttackArgs) -> bool:
    """Whether the attack gives its own dice (``dice``/``sides``)."""
    return args.dice is not None or args.sides is not None


def _skill(ctx: Context, cid: str, args: AttackArgs, mode: str) -> tuple[int, int, str]:
    """(dice, sides, how): the aptitude's level in Deftness dice, or the default roll."""
    if _given(args):
        count, sides, _ = checks.dice_for(ctx, cid, "attack", args.dice, args.sides)
        return count, sides, "given"
    if not is_seat(ctx.state, cid):
        key = "fighting" if mode == "melee" else "shooting"
        found = npc_dice(ctx.state, cid, key)
        if not isinstance(found, dict):
            raise InvalidArgs(
                f"{name_of(ctx.state, cid)} has no {key.capitalize()} dice: "
                "the GM gives an NPC its dice on the NPCs tab."
            )
        return int(found["dice"]), int(found["sides"]), "skilled"
    sheet = sheet_of(ctx.state, cid)
    traits = sheet.get("traits", {}) if sheet else {}
    deft = traits.get("deftness", {"die": 6, "coordination": 1})
    aptitudes = sheet.get("aptitudes", {}) if sheet else {}
    level = _level(aptitudes, args.skill) if args.skill else 0
    if level > 0:
        return level, int(deft["die"]), "skilled"
    return int(deft["coordination"]), int(deft["die"]), "default"


def _level(aptitudes: Mapping[str, Any], name: str) -> int:
    """The level of the aptitude ``name`` ("shooting: blaster") on the sheet: its own
    entry, or the aptitude ("shooting") whose concentrations name it ("blaster", as the
    ready-made characters and the Sheet tab keep it; a plural "blasters" too)."""
    entry = aptitudes.get(name)
    if entry is None and ":" in name:
        base, _, wanted = (part.strip() for part in name.partition(":"))
        found = aptitudes.get(base) or {}
        held = [c.strip().lower() for c in str(found.get("concentrations", "")).split(",")]
        if wanted.lower().removesuffix("s") in {c.removesuffix("s") for c in held if c}:
            entry = found
    return int((entry or {}).get("level", 0))


def _roll(
    ctx: Context,
    cid: str,
    args: AttackArgs,
    mode: str,
    tn: int,
    extra: int,
    ae: int,
    share: int | None = None,
) -> tuple[checks.Check, str, list[list[int]]]:
    """The attack roll: its dice (``share`` of them when automatic fire is split between
    targets), wound penalty, situational modifiers, the default halving and the AE
    bonus d6s."""
    count, sides, how = _skill(ctx, cid, args, mode)
    if share is not None:
        count = share
    penalty = body.penalty(ctx.state, cid)
    bonus_dice = [dice.roll_die(ctx.rng, 6) for _ in range(ae)]
    if args.from_roll:
        base = checks.from_roll(ctx, cid, "attack", tn, penalty)
        rolled, modifier = base.dice, base.modifier + extra
        how = "roll"
    else:
        rolled = (
            [dice.roll_die(ctx.rng, sides) for _ in range(count)]
            if args.faces is None
            else dice.parse_faces(list(args.faces), sides, count)
        )
        modifier = penalty + extra
        base = None
    pool = [*rolled, *bonus_dice]
    record: Rolled = {"kind": dice.TRAIT, "dice": pool, "bonus": None, "modifier": 0}
    if base is not None:
        owner = cid if is_seat(ctx.state, cid) else MARSHAL
        roll = rules_of(ctx.state).get("rolls", {}).get(owner)
        # The chips' bonus dice bought on the roll (a red chip's "add it to your highest
        # current die"): every one, as the roll itself counts them (dice.bonuses).
        record["bonuses"] = dice.bonuses(roll) if roll else []
        record["bust_cancelled"] = roll.get("bust_cancelled", False) if roll else False
    outcome = dice.evaluate(record)
    raw = int(outcome["total"])
    if base is None and not _given(args) and is_seat(ctx.state, cid):
        # Deftness d12+2: the highest die, then +2 (before a default roll is halved)
        sheet = sheet_of(ctx.state, cid)
        deft = sheet["traits"].get("deftness") if sheet else None
        raw += trait_plus(deft) if deft else 0
    if how == "default":  # "since this is a "default" roll, you must halve the total"
        raw //= 2
    total = raw + modifier
    bust = bool(outcome["bust"])
    success = not bust and total >= tn
    raises = (total - tn) // dice.RAISE_STEP if success else 0
    changes = list(base.changes) if base is not None else []
    check = checks.Check(
        "attack", tn, pool, modifier, total, bust, success, raises, how, changes=changes
    )
    return check, how, bonus_dice


def _modifiers(
    ctx: Context, cid: str, args: AttackArgs, mode: str, distance: int
) -> list[tohit.Modifier]:
    mods: list[tohit.Modifier] = []
    # "any action in which your character runs ... he suffers a -4 penalty to any other
    # things he might try to do": a run this round (combat.move) counts by itself
    record = fighter(ctx.state, cid)
    running = args.running or bool(record and record.get("running"))
    if mode != "melee":
        mods += tohit.shooting_modifiers(
            running=running,
            mounted=args.mounted,
            target_moving=args.target_moving,
            size=args.size,
            concealed=args.concealed,
            darkness=args.darkness,
            distance=distance,
        )
    elif running:
        mods.append(("running", -4))
    mods += tohit.hands_modifiers(
        two_weapons=args.two_weapons,
        off_hand=args.off_hand,
        one_handed_rifle=args.one_handed_rifle,
    )
    if args.related:
        mods.append(("related concentration", -2))
    other = args.modifier
    if other:
        mods.append(("situation", other))
    unnerved = body.extra(ctx.state, cid, "unnerved", False)
    if unnerved:
        mods.append(("unnerved", -4))
    return mods


def _aim(ctx: Context, cid: str, raw: str | None, automatic: bool) -> tohit.Modifier | None:
    """The weapon's Aim value ``x/y`` against the markers on the attacker's card."""
    if raw is None:
        return None
    try:
        value, unaimed = tohit.parse_aim(raw)
    except ValueError as err:
        raise InvalidArgs(str(err)) from None
    record = fighter(ctx.state, cid)
    aiming = record.get("aim") if record else None
    # the tokens laid: the steps declared, or fewer if the aim isn't complete
    steps = min(aiming["steps"], aiming["markers"]) if aiming else 0
    if automatic and steps:
        raise RuleViolation("A gunner can never aim or make called shots when firing on automatic.")
    return tohit.aim_modifier(value, unaimed, steps)


def _tn(
    ctx: Context, cid: str, target: str, args: AttackArgs, mode: str
) -> tuple[int, int, list[str]]:
    """(TN, distance, how it was made)."""
    why: list[str] = []
    if mode == "melee":
        fighting = _defender_fighting(ctx, target, args.defender_skill)
        shaken = ""
        if body.extra(ctx.state, target, "unnerved", False):
            # Unnerved: "-4 to his next action. This includes any "passive" defense
            # Aptitudes like fighting": his fighting counts 4 less (not below none)
            fighting, shaken = max(0, fighting + checks.UNNERVED), " (unnerved −4)"
        # "Martial arts has a Defense value of 1, brawling 0": a seat defending with its
        # martial arts has that bonus unless the attack gives the weapon's own
        skill = args.defender_skill or ""
        art = 1 if is_seat(ctx.state, target) and "martial arts" in skill else 0
        given = art if args.defensive_bonus is None else args.defensive_bonus
        # who has closed in on whom changes the Defensive Bonus (close.py)
        bonus, how = close.melee_bonus(ctx.state, cid, target, given)
        diff = body.size(ctx.state, target) - body.size(ctx.state, cid)
        tn = tohit.melee_tn(fighting, bonus, diff)
        why.append(f"Fair 5 + fighting {fighting}{shaken}" + (f" + {how}" if how else ""))
        if diff > 0 and is_seat(ctx.state, target):
            why.append(f"+ Size {diff}")
        return tn, 0, why
    if args.distance is None:
        raise InvalidArgs("'distance' is required.")
    distance = args.distance
    if mode == "thrown":
        strength = _strength_die(ctx, cid)
        if distance > strength * 5:
            raise RuleViolation(
                f"The maximum range a character can throw is his Strength die type x 5 meters "
                f"({strength * 5} m)."
            )
        increment = tohit.THROW_INCREMENT
    else:
        if args.range_increment is None:
            raise InvalidArgs("'range_increment' is required.")
        increment = args.range_increment
    tn = tohit.range_tn(distance, increment)
    why.append(f"Fair 5 + {distance} m ÷ {increment} m")
    return tn, distance, why


def _strength_die(ctx: Context, cid: str) -> int:
    if is_seat(ctx.state, cid):
        sheet = sheet_of(ctx.state, cid)
        entry = sheet["traits"].get("strength") if sheet else None
        # a d12+2 counts 14 (throwing range, unarmed damage); no entry: a d6
        return die_type(entry) if entry else 6
    found = npc_dice(ctx.state, cid, "strength")
    return int(found["sides"]) if found else 6


def _defender_fighting(ctx: Context, target: str, skill: str | None) -> int:
    """ "the opponent's fighting Aptitude for whatever weapon is currently in his hand"
    (``defender_skill`` names it on a seat's sheet; an NPC's fighting dice)."""
    if is_seat(ctx.state, target):
        name = skill or "fighting: brawling"
        sheet = sheet_of(ctx.state, target)
        apt = sheet.get("aptitudes", {}).get(name) if sheet else None
        return int(apt.get("level", 0)) if apt else 0
    found = npc_dice(ctx.state, target, "fighting")
    return int(found["dice"]) if isinstance(found, dict) else 0


def _damage_args(
    ctx: Context, cid: str, target: str, args: AttackArgs, mode: str, ae: int
) -> DamageArgs:
    """The damage of each hit (its location's raises and shift are added per hit)."""
    given: dict[str, object] = {
        "armour": args.armour,
        "penetration": args.penetration,
        "height": args.height,
        "point_blank": args.point_blank,
        "prone": args.prone,
        "brawling": args.brawling,
        "location_face": args.location_face,
    }
    if args.unarmed:
        # "halve its Strength die type plus any bonuses and round down to the nearest damage die"
        half = _strength_die(ctx, cid) // 2
        sides = max([s for s in LADDER if s <= half], default=4)
        given.update(dice=_strength_count(ctx, cid), sides=sides, brawling=True)
        return damage_args(**given)
    weapon = parse_dice(args.damage, "The weapon's damage")
    given.update(dice=weapon["dice"] + ae, sides=weapon["sides"])
    if mode == "melee" and close.strength_allowed(ctx.state, cid, target):
        given.update(hand_to_hand=True, attacker=cid)
    return damage_args(**given)


def _strength_count(ctx: Context, cid: str) -> int:
    if is_seat(ctx.state, cid):
        sheet = sheet_of(ctx.state, cid)
        entry = sheet.get("traits", {}).get("strength") if sheet else None
        return int(entry.get("coordination", 1)) if entry else 1
    found = npc_dice(ctx.state, cid, "strength")
    return int(found["dice"]) if found else 1


def _target(ctx: Context, target: str | None) -> str:
    return named_target(ctx, target, "'target' is someone in the fight (a seat id or an NPC id).")


def _called(system: ChipSystem, raw: str | None) -> tuple[str, int] | None:
    if raw is None:
        return None
    name = raw.strip().lower().replace(" ", "_")
    if name not in tohit.CALLED or system.location(tohit.CALLED[name][1]) is None:
        raise InvalidArgs(
            f"A called shot names a part of the body: {', '.join(sorted(tohit.CALLED))}."
        )
    penalty, part = tohit.CALLED[name]
    return part, penalty


def attack(ctx: Context, system: ChipSystem, args: AttackArgs) -> None:
    """``combat.attack``: shoot, throw or fight: TN, roll, hits, and on to the damage."""
    resolve_attack(ctx, system, args)


def skill_dice(ctx: Context, cid: str, args: AttackArgs) -> int:
    """How many dice the attacker's shooting roll has (to split between targets)."""
    return _skill(ctx, cid, args, args.mode)[0]


def resolve_attack(
    ctx: Context,
    system: ChipSystem,
    args: AttackArgs,
    share: int | None = None,
    card_played: bool = False,
) -> None:
    """One attack on ``args.target``; ``share``: this target's part of the shooter's
    dice, ``card_played``: the action's card is already played (automatic fire split
    between targets, ``autofire.py``)."""
    cid = resolve(ctx, args.who)
    target = _target(ctx, args.target)
    if target == cid:
        raise InvalidArgs("'target' is someone else.")
    able.require(ctx, cid, "attack")
    if args.two_weapons:
        attack_card.require_both_hands(ctx, cid)
    maneuver = args.maneuver
    if maneuver != close.ATTACK:
        close.check(ctx.state, cid, target, args, maneuver)
    mode = args.mode
    bystanders = stray.read(ctx, args.bystanders, cid, target)
    if bystanders and mode == "melee":
        raise InvalidArgs("Bystanders are checked for a missed shot, not a blow.")
    rof = args.rate_of_fire
    shots = rof if args.shots is None else args.shots
    if shots > rof:
        raise InvalidArgs(f"'shots' must be between 1 and {rof}.")
    if share is None:  # a split burst counts its parts together (autofire.py)
        ammo.require_full_rate(ctx, cid, args.weapon, rof, shots)
    # a declared weapon fires from its rounds: no more shots than are loaded
    shots, spent, rounds_left = ammo.fire(ctx, cid, args.weapon, shots)
    called = _called(system, args.called)
    if rof > 1 and called:
        raise RuleViolation("A gunner can never aim or make called shots when firing on automatic.")
    tn, distance, why = _tn(ctx, cid, target, args, mode)
    mods = _modifiers(ctx, cid, args, mode, distance)
    aim = _aim(ctx, cid, args.aim, rof > 1)
    if aim is not None:
        mods.append(aim)
    if called:
        mods.append((f"called shot ({str(args.called).replace('_', ' ')})", called[1]))
    ae = tohit.ae_dice(distance) if args.area_effect and mode != "melee" else 0
    defending = fighter(ctx.state, target)
    defended = defending.get("defence") if defending else None
    if defended is not None and int(defended) > tn:
        why.append(f"active defence {defended}")
        tn = int(defended)
    dmg_args = _damage_args(ctx, cid, target, args, mode, ae) if maneuver == close.ATTACK else None
    if not card_played:
        _play_card(ctx, system, cid, args, target)
    check, how, bonus = _roll(ctx, cid, args, mode, tn, sum(v for _, v in mods), ae, share)
    hits = 0
    if check.success and maneuver == close.ATTACK:
        hits = min(shots, 1 + check.raises) if rof > 1 else 1
    who, them = name_of(ctx.state, cid), name_of(ctx.state, target)
    mod_text = ", ".join(f"{r} {v:+d}" for r, v in mods)
    verb = {close.CLOSE: "tries to close in on", close.WITHDRAW: "tries to get clear of"}
    # An NPC's fighting, Size and active defence roll are the Master's: an attack on one
    # tells the table whether it hit, not the TN those numbers made (GM-only line below).
    secret = not is_seat(ctx.state, target) and (mode == "melee" or defended is not None)
    shown_tn = "TN: the Master's numbers" if secret else f"TN {tn}: {', '.join(why)}"
    text = f"{who} {verb.get(maneuver, 'attacks')} {them} ({mode}; {shown_tn}"
    text += f"; {mod_text})" if mod_text else ")"
    # An NPC's own dice (its shooting or fighting level) and their total are the
    # Master's too: the table hears the outcome (GM-only ``combat.attack_roll`` below).
    npc_roll = not is_seat(ctx.state, cid)
    shown = _outcome(check) if npc_roll else _public_roll(check) if secret else check.text()
    text += f": {shown}"
    if how == "default":
        text += " (default roll: halved)"
    if rof > 1 and check.success:
        text += f" — {hits} of {shots} shots hit"
    changes: list[Change] = [*check.changes, *spent]
    if is_seat(ctx.state, cid):
        text += rounds_left  # an NPC's rounds are the GM's (a line of their own below)
    if maneuver != close.ATTACK:
        said, moved = close.outcome(ctx.state, cid, target, args, maneuver, check.success)
        text += said
        changes += moved
    if defended is not None:
        changes.append(fput(ctx.state, target, "defence", None))
    if body.extra(ctx.state, cid, "unnerved", False):
        changes.append(body.put_extra(ctx.state, cid, "unnerved", None))
    if mode == "melee" and body.extra(ctx.state, target, "unnerved", False):
        # the target's passive defence was his next action: the −4 is spent
        changes.append(body.put_extra(ctx.state, target, "unnerved", None))
    ctx.emit(
        Draft(
            COMBAT_ATTACKED,
            text + ".",
            data={
                "who": cid,
                "target": target,
                "mode": mode,
                "tn": None if secret else tn,
                "modifiers": [[r, v] for r, v in mods],
                "roll": _roll_seen(check, secret, npc_roll),
                "ae_dice": bonus,
                "hits": hits,
                "how": how,
                "maneuver": maneuver,
            },
            changes=tuple(changes),
            undo=UNDO_GM,
        )
    )
    if npc_roll:
        ctx.emit(
            Draft(
                COMBAT_ATTACK_ROLL,
                f"({who}'s roll: {check.text() if not secret else _public_roll(check)}.)",
                data={"who": cid, "target": target, "roll": check.data()},
                visible_to=GM_ONLY,
            )
        )
    if rounds_left and not is_seat(ctx.state, cid):
        ctx.emit(
            Draft(
                COMBAT_ROUNDS_LEFT,
                f"({who}{rounds_left}.)",
                data={"who": cid, "weapon": args.weapon},
                visible_to=GM_ONLY,
            )
        )
    if secret:
        ctx.emit(
            Draft(
                COMBAT_ATTACK_TN,
                f"(The TN against {them} was {tn}: {', '.join(why)}.)",
                data={"who": cid, "target": target, "tn": tn},
                visible_to=GM_ONLY,
            )
        )
    for _ in range(hits):
        assert dmg_args is not None  # hits come only from an attack
        aimed: dict[str, object] = {"fighting": mode == "melee"}
        if called:
            aimed["location"] = called[0]
        elif rof == 1:
            if abs(args.shift) > check.raises:
                raise InvalidArgs(f"'shift' must be between {-check.raises} and {check.raises}.")
            aimed.update(raises=check.raises, shift=args.shift)
        flow.strike(ctx, system, target, damage_args(**{**dict(dmg_args), **aimed}))
    if dmg_args is not None and mode != "melee":
        # "Unintended Targets": the rounds that missed may find a bystander
        missed = shots - hits if rof > 1 else int(not check.success)
        spray = rof > 1 or args.area_effect
        faces = list(args.bystander_faces or [])
        stray.check(ctx, system, faces, bystanders, missed, spray, dmg_args)


def _outcome(check: checks.Check) -> str:
    """Only what the roll did: bust, miss, or a hit and its raises."""
    if check.bust:
        return "BUST"
    outcome = "hit" if check.success else "miss"
    if check.raises:
        outcome += f", {check.raises} raise{'s' * (check.raises > 1)}"
    return outcome


def _roll_seen(check: checks.Check, secret: bool, npc_roll: bool) -> JsonDict:
    """The roll in the table's event: an NPC's dice and total stay the Master's, and
    so does the TN an NPC target's numbers made."""
    data = check.data()
    if npc_roll:
        return {
            "check": data["check"],
            "tn": None if secret else data["tn"],
            "bust": check.bust,
            "success": check.success,
            "raises": check.raises,
        }
    return {**data, "tn": None} if secret else data


def _public_roll(check: checks.Check) -> str:
    """The roll without the TN it was made against: faces, total, hit or miss."""
    faces = ", ".join("+".join(map(str, c)) for c in check.dice)
    mod = f" {check.modifier:+d}" if check.modifier else ""
    if check.bust:
        return f"[{faces}]{mod} → BUST"
    outcome = "hit" if check.success else "miss"
    if check.raises:
        outcome += f", {check.raises} raise{'s' * (check.raises > 1)}"
    return f"[{faces}]{mod} → {check.total}: {outcome}"


def _play_card(ctx: Context, system: ChipSystem, cid: str, args: AttackArgs, target: str) -> None:
    verb = {close.CLOSE: "closes in on", close.WITHDRAW: "gets clear of"}
    text = f"{verb.get(args.maneuver, 'attacks')} {name_of(ctx.state, target)}"
    attack_card.play_attack_card(ctx, system, cid, args, text)
