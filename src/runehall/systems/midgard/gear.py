"""Midgard's weapons and armour on a sheet: where armour may be worn (Tables 12-13), the ablative pools,
the armour speed penalty, and the speeds and casts of the character's attacks and defences.

Speeds are before any Future tokens; they come from the expressions of combat.toml with the armour
penalty added, as every action pays it (A-35).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_
from runehall.systems.midgard import formula
from runehall.systems.midgard.armoury import RangedDef, WeaponDef
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import rules

LOCATION_WORDS = {"head": N_("head"), "body": N_("body"), "arms": N_("arms"), "legs": N_("legs")}


def location_words(location_id: str) -> Refusal | str:
    """A hit location as a refusal names it ("the head" / "la cabeza"), in the reader's language."""
    return Refusal(LOCATION_WORDS[location_id]) if location_id in LOCATION_WORDS else location_id


def worn_armour(value: Mapping[str, Any], options: MidgardOptions) -> dict[str, str]:
    """Location -> armour type ids, checked against Tables 12 and 13; raises ValueError with the reason."""
    r = rules()
    worn: dict[str, str] = {}
    for where, what in value.items():
        location = r.location(str(where))
        if location is None:
            known = ", ".join(loc.id for loc in r.armour.location)
            raise Invalid(N_("{where!r} is not an armour location ({known})"), where=where, known=known)
        kinds = [k for k in ([what] if isinstance(what, str) else list(what)) if str(k).strip() not in ("", "none")]
        types = []
        for kind in kinds:
            found = r.armour_type(str(kind))
            if found is None:
                known = ", ".join(t.name for t in r.armour.armour_type)
                raise Invalid(N_("{kind!r} is not an armour type ({known})"), kind=kind, known=known)
            types.append(found)
        if len(types) > 1:
            names = " and ".join(t.name for t in types)
            raise Invalid(
                N_("one armour type per location: the {location} has {names} (Reinforced mail is mail over cloth)"),
                location=location_words(location.id),
                names=names,
            )
        if not types:
            continue
        kind_def = types[0]
        allowed = kind_def.allowed_locations
        if kind_def.id == "steel_helm" and not options.steel_helm_head_only:
            allowed = tuple(loc.id for loc in r.armour.location)
        if location.id not in allowed:
            raise Invalid(
                N_("{armour} cannot be worn on the {location} (only: {allowed})"),
                armour=book_name(kind_def.name),
                location=location_words(location.id),
                allowed=", ".join(allowed),
            )
        if location.id in worn:
            raise Invalid(N_("the {location} is listed twice"), location=location_words(location.id))
        worn[location.id] = kind_def.id
    return worn


def armour_pools(worn: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """One pool per armour type: the structure of its locations times its modifier; hardness; speed."""
    r = rules()
    pools: dict[str, dict[str, Any]] = {}
    for kind_id in dict.fromkeys(worn.values()):
        kind = r.armour_type(kind_id)
        assert kind is not None
        where = [loc for loc, k in worn.items() if k == kind_id]
        structure = sum(loc.structure for loc in r.armour.location if loc.id in where)
        pools[kind_id] = {
            "locations": where,
            "pool": structure * kind.structure_modifier,
            "hardness": kind.hardness,
            "speed": kind.speed * len(where),
        }
    return pools


def armour_speed_penalty(pools: Mapping[str, Mapping[str, Any]], might: int) -> int:
    """The speed of every worn location, less Might ranks, never below 0 (A-35)."""
    return max(0, sum(int(p["speed"]) for p in pools.values()) - might)


def _speed(expression: str, weapon_speed: int, armour: int) -> int:
    return formula.whole(expression, {"weapon_speed": weapon_speed, "armour": armour, "future": 0})


def attacks(
    weapons: Sequence[str], runes: Mapping[str, int], ranks: Mapping[str, int], armour: int, options: MidgardOptions
) -> dict[str, dict[str, Any]]:
    """Each carried weapon's attack: the god rune and skill cast, damage, AP, speed (and in two hands)."""
    r = rules()
    strike = r.action("strike")
    melee_rune = str(strike.cast["melee"]).split("+")[0].strip()
    two_hands = r.weapons.two_handed
    out: dict[str, dict[str, Any]] = {}
    for weapon_id in dict.fromkeys(weapons):
        weapon = r.weapon(weapon_id)
        assert weapon is not None
        if isinstance(weapon, WeaponDef):
            skill = max(weapon.skills, key=lambda s: ranks.get(s, 0))
            rune_code = melee_rune
            speed = weapon.speed
            if speed is None:
                speed = formula.whole(weapon.speed_formula, runes, options.half_rounding)
            entry: dict[str, Any] = {"damage": weapon.damage, "ap": weapon.ap}
            entry["speed"] = _speed(strike.speed, speed, armour)
            if weapon.size == two_hands.allowed_for:
                entry["speed_two_hands"] = entry["speed"] + two_hands.speed_modifier
        else:
            skill, rune_code, entry = weapon.skill, _skill_rune(weapon.skill), _ranged(weapon, armour, runes, options)
        out[weapon_id] = {"cast": f"{rune_code} + {skill}", "dice": runes[rune_code], "ranks": ranks.get(skill, 0)}
        out[weapon_id].update(entry)
    return out


def _skill_rune(skill: str) -> str:
    r = rules()
    found = r.skill(skill)
    assert found is not None
    rune = r.god_rune(found.rune)
    assert rune is not None
    return rune.code


def _ranged(weapon: RangedDef, armour: int, runes: Mapping[str, int], options: MidgardOptions) -> dict[str, Any]:
    entry: dict[str, Any] = {"damage": weapon.damage, "ap": weapon.ap}
    if weapon.speed is not None:
        entry["speed"] = _speed(rules().action("strike").speed, weapon.speed, armour)
    if weapon.range_ft is not None:
        entry["range_ft"] = weapon.range_ft
    elif weapon.range_formula:
        entry["range_ft"] = formula.whole(weapon.range_formula, runes, options.half_rounding)
    if weapon.two_handed_always:
        entry["two_handed"] = True
    return entry


def defences(
    weapons: Sequence[str], armour: int, unarmed_speed: int, options: MidgardOptions
) -> dict[str, dict[str, int]]:
    """Block speeds (declared and switched) for each melee weapon or shield, and the Dodge's."""
    r = rules()
    block, dodge = r.action("block"), r.action("dodge")
    out: dict[str, dict[str, int]] = {}
    for weapon_id in dict.fromkeys(weapons):
        weapon = r.weapon(weapon_id)
        if not isinstance(weapon, WeaponDef) or weapon.speed is None:
            continue
        # A declared block is 2 faster; a shield and the thrusting spear are faster still (their column).
        out[f"block_{weapon_id}"] = {
            "declared": _speed(block.speed_declared, weapon.speed + weapon.block_speed_modifier, armour),
            "switched": _speed(block.speed_switched, weapon.speed, armour),
        }
    if options.dodge_speed == "unarmed_speed":
        out["dodge"] = {"declared": unarmed_speed + armour, "switched": unarmed_speed + armour}
    else:
        out["dodge"] = {
            "declared": _speed(dodge.speed_declared, 0, armour),
            "switched": _speed(dodge.speed_switched, 0, armour),
        }
    return out
