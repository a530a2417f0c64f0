"""What each specific action casts, against what difficulty and at what speed (spec 003 §9.2, §9.5,
Table 9): the weapon as used, the god rune and skill, the difficulty, and the base speed before Future."""

from __future__ import annotations

from typing import Any

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.midgard.combat import gear, gift_moves
from runehall.systems.midgard.combat.combatant import (
    Combatant,
    Item,
    actions,
    alive_members,
    defence,
    item_name,
    skill_name,
    skill_ranks,
    skill_rune,
)
from runehall.systems.midgard.combat.effects import total
from runehall.systems.midgard.combat.gear import SIZES, Profile
from runehall.systems.midgard.combat.settings import fold, opt
from runehall.systems.midgard.combat.state import ATTACKS, Declaration
from runehall.systems.midgard.gift_use import parse_use
from runehall.systems.midgard.records import book_name

DEFAULT_GM_DIFFICULTY = 2  # Average, when the GM names none (Evaluate Battlefield, skill actions)


def item_profile(c: Combatant, item: Item) -> Profile:
    if item.weapon == "bow":
        return gear.bow()
    return gear.melee(gear.weapon(item.weapon), c.runes.get("F"), c.rank)


def base_weapon(c: Combatant, key: str | None) -> tuple[Profile, Item | None]:
    """The weapon named (an item held, unarmed, or an enemy's natural weapon), or the first one held."""
    if key is None:
        held = [i for i in c.held() if not gear.weapon_or_bow(i.weapon).is_shield]
        if held:
            return item_profile(c, held[0]), held[0]
        if c.kind == "warband" and alive_members(c):
            key = alive_members(c)[0].weapon
        elif c.is_enemy and not c.runes:
            key = "natural"
        else:
            return gear.unarmed(c.runes.get("F"), c.rank), None
    word = fold(key)
    if word == "unarmed":
        return gear.unarmed(c.runes.get("F"), c.rank), None
    if word in gear.NATURAL:
        if not c.is_enemy:
            raise RulesError(N_("natural weapons and claws belong to enemies (Table 16)"))
        return gear.natural(word, c.rank or 1), None
    item = c.item(key)
    if item is None:
        raise RulesError(N_("{who} carries no {key!r}"), who=c.name, key=key)
    if item.broken:
        raise RulesError(N_("{who}'s {item} is broken"), who=c.name, item=item_name(item))
    if not item.held:
        raise RulesError(
            N_("{who}'s {item} is not in hand (a Move action picks it up)"), who=c.name, item=item_name(item)
        )
    return item_profile(c, item), item


def weapon_in_use(c: Combatant, d: Declaration, options: Any) -> tuple[Profile, Item | None]:
    """The attack's weapon with two hands, dual wielding or a throw applied (spec §10.3), and what gifts
    do to it: Fist of Thunder's unarmed damage, a Rune of Power's damage or speed, Penetrating Attack's AP."""
    profile, item = _weapon_in_use(c, d, options)
    key = item.id if item is not None else profile.id
    fists = [e.value for e in c.effects if e.kind == "unarmed_damage"]
    if profile.id == gear.UNARMED and fists:
        profile = profile._replace(damage=fists[-1])
    return (
        profile._replace(
            damage=profile.damage + total(c.effects, "weapon_damage", item=key),
            speed=profile.speed + total(c.effects, "weapon_speed", item=key),
            ap=profile.ap + total(c.effects, "ap", item=key),
        ),
        item,
    )


def _weapon_in_use(c: Combatant, d: Declaration, options: Any) -> tuple[Profile, Item | None]:
    profile, item = base_weapon(c, d.weapon)
    if d.thrown:
        if item is None or item.weapon == "bow":
            raise RulesError(N_("only a carried throwing weapon, spear or improvised missile can be thrown"))
        return gear.thrown(gear.weapon(item.weapon), c.runes.get("Th", 2 * (c.rank or 1))), item
    others = [i for i in c.held() if item is None or i.id != item.id]
    if profile.id == "bow" and others:
        raise RulesError(N_("a bow needs both hands ({who} also holds {id})"), who=c.name, id=others[0].id)
    if d.two_hands:
        if profile.size != "heavy" or item is None or profile.range_ft is not None:
            raise RulesError(N_("only a heavy melee weapon is held in two hands"))
        if others:
            raise RulesError(N_("two hands need the other hand free ({who} holds {id})"), who=c.name, id=others[0].id)
        return gear.two_handed(profile), item
    if d.dual:
        second = [i for i in others if not gear.weapon_or_bow(i.weapon).is_shield]
        if item is None or not second:
            raise RulesError(N_("dual wielding needs two weapons in hand"))
        lighter = opt(options, "dual_wield_mixed_class") == "lighter"
        return gear.dual(profile, item_profile(c, second[0]), lighter), item
    return profile, item


def attack_skill(c: Combatant, d: Declaration, profile: Profile) -> tuple[str, str]:
    """God rune and skill of an attack: melee T + weapon skill, thrown missiles F + Athletics, a bow
    T + Archery (A-30); a pin Th + Wrestling unless another fitting skill is named."""
    if d.action == "pin" and (d.skill is None or fold(d.skill) == "wrestling"):
        return "Th", "Wrestling"
    skills = profile.skills
    if d.skill is not None:
        named = skill_name(d.skill)
        if named not in skills:
            raise RulesError(
                N_("a {profile} is used with {skills}, not {named}"),
                profile=book_name(profile.name),
                skills=" or ".join(skills),
                named=named,
            )
        skills = (named,)
    best = max(skills, key=lambda s: skill_ranks(c, s))
    return profile.rune, best


def block_item(c: Combatant, key: str | None) -> tuple[Profile, Item | None]:
    """What blocks: the item named, else a shield in hand, else the weapon in hand, else bare hands."""
    if key is None:
        shields = [i for i in c.held() if gear.weapon_or_bow(i.weapon).is_shield]
        if shields:
            return item_profile(c, shields[0]), shields[0]
    return base_weapon(c, key)


def size_difference(theirs: str, mine: str) -> int:
    return max(0, SIZES.index(theirs) - SIZES.index(mine))


def attack_difficulty(
    c: Combatant, target: Combatant, d: Declaration, profile: Profile, options: Any, round_: int
) -> int:
    """The target's Defence (prone -2, dual wielding's bonus, Details of War against this attacker) plus
    the action's modifiers (Table 9)."""
    value = defence(target) + profile.defence_bonus + total(target.effects, "defence_vs", target=c.id)
    size = profile.size
    if d.action == "knock_back":
        value += {"heavy": -1, "light": 1}.get(size, 0) + (2 if d.prone else 0) + len(d.extra_targets)
    elif d.action == "target_weapon":
        category = {"heavy": -1, "light": 1}.get(size, 0)
        special = profile.target_weapon_modifier
        if opt(options, "target_weapon_modifiers_stack"):
            value += 2 + category + special
        else:
            value += 2 + (special if special else category)
    elif d.action == "disarm":
        theirs = target_item(target, d.item)
        data = gear.weapon_or_bow(theirs.weapon)
        bigger = size_difference(data.size, size)
        if data.is_shield and opt(options, "disarm_shield_total") == "book_total_4":
            value += 4 + bigger
        else:
            value += 3 + bigger + data.disarm_difficulty_modifier
    elif d.action == "pin" and target.pin is not None and target.pin.by == c.id:
        value += max(0, round_ - target.pin.since_round)
    return value


def target_item(target: Combatant, key: str | None) -> Item:
    """The target's item aimed at: the one named, else the first it holds."""
    if key is None:
        held = target.held()
        if not held:
            raise RulesError(N_("{target} holds nothing to aim at"), target=target.name)
        return held[0]
    item = target.item(key)
    if item is None or not item.held or item.broken:
        raise RulesError(N_("{target} holds no {key!r}"), target=target.name, key=key)
    return item


def defence_difficulty(attacker: Combatant, attack: Declaration) -> int:
    """Block and Dodge: the attacker's WS + its attack-skill ranks - 2 (A-28 for Dodge)."""
    skill = attack.skill or "Wrestling"
    return actions(attacker) + skill_ranks(attacker, skill) - 2


def armour_speed(c: Combatant) -> int:
    """The armour penalty falls on PCs and Thanes; Shieldbearers and warriors use base speed - Future."""
    return c.armour_speed if c.kind in ("character", "thane") else 0


def quick_speed(options: Any) -> int:
    return int(opt(options, "quick_action_base_speed"))


def base_speed(c: Combatant, d: Declaration, options: Any, switched: bool = False) -> int:
    """Speed before Future (spec §9.2): weapon speed (+2 Smash, + the Charge's distance part), a Block's
    declared bonus (-2, a shield -4 in all, the Thrusting Spear -3), Dodge 3 (switched 5), 5 for quick
    skill actions and moves, plus the armour penalty."""
    if d.action in ATTACKS:
        profile, _ = weapon_in_use(c, d, options)
        speed = profile.speed + (2 if d.action == "smash" else 0) + (d.distance if d.action == "charge" else 0)
        if any(t.partition(":")[0] == "rune_of_power" for t in d.gifts):
            speed += 5  # carving a Rune of Power with the sword as the blow falls
    elif d.action == "block":
        profile, _ = block_item(c, d.weapon)
        speed = profile.speed if switched else profile.speed - 2 + profile.block_speed_modifier
    elif d.action == "dodge":
        if opt(options, "dodge_speed") == "unarmed_speed":
            speed = gear.unarmed(c.runes.get("F"), c.rank).speed
        else:
            speed = 5 if switched else 3
    elif d.action == "gift" and d.gift is not None:
        speed = gift_moves.base_speed(parse_use(d.gift).id, options, quick_speed(options))
    else:
        speed = quick_speed(options)
    return speed + armour_speed(c) + total(c.effects, "speed")


def cast_of(c: Combatant, d: Declaration) -> tuple[str, str]:
    """God rune and skill of a non-attack action's cast."""
    if d.action == "block":
        profile, _ = block_item(c, d.weapon)
        return "H", max(profile.skills, key=lambda s: skill_ranks(c, s))
    if d.action == "dodge":
        return "F", "Athletics"
    if d.action == "escape_pin":
        if d.skill is not None and fold(d.skill) == "wrestling":
            return "H", "Wrestling"
        if d.skill is not None and fold(d.skill) != "athletics":
            raise RulesError(N_("Escape Pin casts F + Athletics or H + Wrestling"))
        if d.skill is None and c.runes:
            wrestle = c.runes.get("H", 0) + skill_ranks(c, "Wrestling")
            if wrestle > c.runes.get("F", 0) + skill_ranks(c, "Athletics"):
                return "H", "Wrestling"
        return "F", "Athletics"
    if d.action == "stoke_fury":
        return "A", "Berserker"
    if d.action == "evaluate_battlefield":
        return "T", "Tactics"
    if d.action == "luck":
        return "A", "Luck"
    if d.action == "share_evaluation":
        return "H", "Command"
    if d.action == "gift":
        assert d.gift is not None
        use = parse_use(d.gift)
        rune, skill = gift_moves.rune_and_skill(c, use.id, use.words, d.skill)
        return rune or "", skill or ""
    assert d.skill is not None
    return d.rune or skill_rune(d.skill), skill_name(d.skill)


def fixed_difficulty(d: Declaration, penalty: int, fight: Any = None) -> int | None:
    """Difficulties that do not depend on an attacker: Stoke Fury 4 - wound penalty, Luck 2, a gift's,
    the GM's for skill actions; None for defences (each attacker sets its own) and Escape Pin (opposed)."""
    if d.action == "stoke_fury":
        return 4 - penalty
    if d.action == "luck":
        return 2
    if d.action == "gift" and fight is not None:
        assert d.gift is not None
        use = parse_use(d.gift)
        target = fight.people.get(d.target or "")
        other = fight.people.get(d.extra_targets[0]) if d.extra_targets else None
        return gift_moves.difficulty(use.id, use.words, d.difficulty, target, other, fight.options)
    if d.action in ("evaluate_battlefield", "skill", "short_action", "share_evaluation"):
        return d.difficulty if d.difficulty is not None else DEFAULT_GM_DIFFICULTY
    return None
