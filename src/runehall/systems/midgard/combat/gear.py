"""Weapons and armour from the rules data (weapons.toml, armour.toml), read into what a fight needs:
a weapon's profile as used (two hands, dual wielding, thrown, unarmed, natural weapons), armour pools,
hardness and the armour speed penalty (spec 003 §10, §11.1-11.2)."""

from __future__ import annotations

from typing import NamedTuple

from runehall.errors import ParameterError, RulesError
from runehall.present.words import N_
from runehall.systems.midgard.armoury import ArmourType, DualBonus, Location, RangedDef, WeaponDef
from runehall.systems.midgard.combat.settings import fold, half_up
from runehall.systems.midgard.gear import location_words
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import rules

SIZES = ("light", "normal", "heavy")
UNARMED = "unarmed"
NATURAL = ("natural", "claws")  # an enemy's natural weapons (Table 16), set by its rank


def _dual_bonus() -> dict[str, DualBonus]:
    return {b.size: b for b in rules().weapons.dual_wielding.bonus}


def size_of(speed: int) -> str:
    """Light at base speed 2 or less, heavy at 5 or more (A-42)."""
    return rules().weapons.size_of(speed)


def weapon(key: str) -> WeaponDef:
    found = rules().melee(key)
    if found is None:
        known = ", ".join(w.id for w in rules().weapons.weapon)
        raise ParameterError(N_("unknown weapon {key!r} (weapons: {known}, bow)"), key=key, known=known)
    return found


def weapon_or_bow(key: str) -> WeaponDef:
    """A carried item's Table 10 row; the bow (Table 11 only) as a two-handed normal weapon."""
    if fold(key) == "bow":
        r = ranged("bow")
        return WeaponDef(
            id="bow",
            name=r.name,
            skills=(r.skill,),
            damage=r.damage or 0,
            speed=r.speed,
            ap=r.ap or 0,
            hardness=r.hardness,
            structure=r.structure,
            size=size_of(r.speed or 3),
        )
    return weapon(key)


def ranged(key: str) -> RangedDef:
    found = rules().ranged(key)
    if found is None:
        raise ParameterError(N_("unknown ranged weapon {key!r}"), key=key)
    return found


def is_weapon_id(key: str) -> bool:
    return rules().melee(key) is not None or fold(key) == "bow"


def armour_type(key: str) -> ArmourType:
    found = rules().armour_type(key)
    if found is None:
        known = ", ".join(t.id for t in rules().armour.armour_type)
        raise ParameterError(N_("unknown armour type {key!r} ({known})"), key=key, known=known)
    return found


def rules_location(key: str) -> Location | None:
    return rules().location(key)


def location(key: str) -> Location:
    found = rules().location(key)
    if found is None:
        raise ParameterError(N_("unknown location {key!r} (head, body, arms or legs)"), key=key)
    return found


LOCATIONS = ("head", "body", "arms", "legs")


class Profile(NamedTuple):
    """A weapon as one attack or block uses it."""

    id: str
    name: str
    skills: tuple[str, ...]
    rune: str  # the god rune an attack with it rolls: T, or F for thrown Athletics weapons
    damage: int
    speed: int
    ap: int
    size: str
    shield: bool = False
    target_weapon_modifier: int = 0
    block_speed_modifier: int = 0
    defence_bonus: int = 0  # dual wielding raises the target's Defence
    armed: bool = True  # false for fists and feet: an unarmed block stops only unarmed attacks
    range_ft: int | None = None


def unarmed(freyja: int | None, rank: int | None = None) -> Profile:
    """Fists and feet: damage 1, AP 0, speed 4 - half(F); an enemy without F uses 5 - rank (Table 16)."""
    speed = 4 - half_up(freyja) if freyja is not None else 5 - (rank or 1)
    return Profile(UNARMED, "Unarmed", ("Sax", "Wrestling"), "T", 1, speed, 0, size_of(speed), armed=False)


def natural(kind: str, rank: int) -> Profile:
    """Table 16: natural weapons deal 1 + r at AP 1, supernatural claws 2r at AP r; speed 5 - r."""
    speed = 5 - rank
    if kind == "claws":
        return Profile("claws", "Claws", ("Wrestling",), "T", 2 * rank, speed, rank, size_of(speed))
    return Profile("natural", "Natural weapon", ("Wrestling",), "T", 1 + rank, speed, 1, size_of(speed))


def melee(w: WeaponDef, freyja: int | None = None, rank: int | None = None) -> Profile:
    if w.id == UNARMED:
        return unarmed(freyja, rank)
    speed = w.speed if w.speed is not None else 4
    return Profile(
        w.id,
        w.name,
        w.skills,
        "T",
        w.damage,
        speed,
        w.ap,
        w.size,
        w.is_shield,
        w.target_weapon_modifier,
        w.block_speed_modifier,
    )


def throw_range(thor: int) -> int:
    return half_up(thor) * 5


def thrown(w: WeaponDef, thor: int) -> Profile:
    """A weapon thrown: axes, daggers and improvised missiles use F + Athletics and Table 11's numbers;
    a spear keeps its melee numbers, T + Spears, at twice the throw range (spec §9.5, §10.2)."""
    reach = throw_range(thor)
    if "Spears" in w.skills:
        return melee(w)._replace(range_ft=2 * reach)
    table = {"throwing_axe": "thrown_axe", "dagger": "thrown_dagger", "club_improvised": "thrown_improvised"}
    if w.id not in table:
        raise RulesError(N_("a {weapon} is not a throwing weapon"), weapon=book_name(w.name))
    r = ranged(table[w.id])
    assert r.damage is not None and r.speed is not None and r.ap is not None
    return Profile(w.id, r.name, (r.skill,), "F", r.damage, r.speed, r.ap, size_of(r.speed), range_ft=reach)


def bow() -> Profile:
    r = ranged("bow")
    assert r.damage is not None and r.speed is not None and r.ap is not None
    return Profile("bow", r.name, (r.skill,), "T", r.damage, r.speed, r.ap, size_of(r.speed), range_ft=r.range_ft)


def two_handed(p: Profile) -> Profile:
    """A heavy weapon in both hands is 1 faster (spec §10.3)."""
    return p._replace(speed=p.speed - 1)


def dual(a: Profile, b: Profile, lighter: bool = True) -> Profile:
    """Two weapons at once: the slower speed, the higher damage and AP, and the bonus of the lighter
    weapon's class (A-43) -- light: 1 faster; normal: +1 damage, +1 Defence; heavy: +2, +2."""
    order = sorted((a, b), key=lambda p: SIZES.index(p.size))
    cls = (order[0] if lighter else order[1]).size
    bonus = _dual_bonus()[cls]
    speed = max(a.speed, b.speed) + bonus.speed
    main = a if a.damage >= b.damage else b
    return main._replace(
        name=f"{a.name} + {b.name}",
        speed=speed,
        damage=max(a.damage, b.damage) + bonus.damage,
        ap=max(a.ap, b.ap),
        size=cls,
        defence_bonus=bonus.target_defence,
    )


def pool(type_id: str, locations: tuple[str, ...]) -> int:
    """An armour type's structure pool: the structure of the locations it covers x its modifier (§11.2)."""
    t = armour_type(type_id)
    return sum(location(loc).structure for loc in locations) * t.structure_modifier


def speed_penalty(suit: dict[str, str], might: int) -> int:
    """Each worn location adds its type's speed; Might ranks take it off, never below 0 (A-35)."""
    return max(0, sum(armour_type(t).speed for t in suit.values()) - might)


def check_suit(suit: dict[str, str], helm_head_only: bool) -> None:
    """Armour placement: each type only where it may go (A-36)."""
    for loc, type_id in suit.items():
        place = location(loc).id
        t = armour_type(type_id)
        allowed = set(t.allowed_locations)
        if t.id == "steel_helm" and not helm_head_only:
            allowed |= set(LOCATIONS)
        if place not in allowed:
            raise ParameterError(
                N_("{armour} cannot be worn on the {place}"), armour=book_name(t.name), place=location_words(place)
            )
