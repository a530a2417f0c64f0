"""Rune's weapon, armour and shield tables as a table plays them, and the gear arithmetic heroes need.

`weapon_table(options)` is the weapon table with the table's readings applied: the Short Bow's Dam (A59),
the Viking Axe's Load (A12), the values the table filled in for lost rows (option weapon_overrides), and
the lost rows dropped when option incomplete_weapon_rows is "omit". A value still lost stays UNKNOWN; every
consumer (hero scores, combat) must treat it as unknown, never as 0. The armour and shield tables likewise
apply Leather Scale (A15), the Buckler's Load and option armor_overrides.

Pure functions of rows and options; nothing here knows a hero.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Literal

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune import overrides
from runehall.systems.rune.armoury import ArmorDef, ShieldDef, WeaponDef
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import UNKNOWN
from runehall.systems.rune.rules import rules

AttackForm = Literal["melee", "missile", "thrown"]


@cache
def _played_rows(options: RuneOptions) -> Mapping[str, WeaponDef]:
    filled = overrides.values(options.weapon_overrides)
    out: dict[str, WeaponDef] = {}
    for row in rules().weapons.weapon:
        if row.id == "short_bow":
            row = row.model_copy(update={"dam": options.short_bow_dam})
        elif row.id == "viking_axe":
            row = row.model_copy(update={"load": options.viking_axe_load})
        out[row.id] = overrides.fill_weapon(row, filled.get(row.id, {}))
    return out


@cache
def weapon_table(options: RuneOptions) -> Mapping[str, WeaponDef]:
    """Every weapon row (fist/kick included) by id, as this table reads it."""
    keep = options.incomplete_weapon_rows == "placeholder_needs_data"
    return {wid: row for wid, row in _played_rows(options).items() if row.complete or keep}


def played_weapon(weapon_id: str, options: object, entries: tuple[str, ...] = ()) -> WeaponDef | None:
    """One weapon row as this table plays it (whatever option incomplete_weapon_rows says), then with what a
    hero's sheet filled in (`entries`): the one look-up of a weapon's numbers for the mechanics, the sheets
    and combat, so all of them read the table's options the same way."""
    table_options = options if isinstance(options, RuneOptions) else RuneOptions()
    row = _played_rows(table_options).get(weapon_id)
    if row is None or not entries:
        return row
    return overrides.fill_weapon(row, overrides.values(entries).get(weapon_id, {}))


def played_dam(weapon_id: str, options: object, entries: tuple[str, ...] = ()) -> int | None:
    """A weapon's DAM rating as this table plays it; None when lost (or special, the barb-net)."""
    row = played_weapon(weapon_id, options, entries)
    return row.dam if row is not None and isinstance(row.dam, int) else None


@cache
def armor_table(options: RuneOptions) -> Mapping[str, ArmorDef]:
    filled = overrides.values(options.armor_overrides)
    out: dict[str, ArmorDef] = {}
    for row in rules().armor.armor:
        if row.id == "leather_scale" and options.leather_scale_row == "same_as_chain_mail":
            row = rules().armor_row("chain_mail").model_copy(update={"id": row.id, "name": row.name})
        out[row.id] = overrides.fill_armor(row, filled.get(row.id, {}))
    return out


@cache
def shield_table(options: RuneOptions) -> Mapping[str, ShieldDef]:
    rows = {s.id: s for s in rules().armor.shield}
    rows["buckler"] = rows["buckler"].model_copy(update={"load": options.buckler_load})
    return rows


def attack_form(weapon: WeaponDef) -> AttackForm | None:
    """Which ATK and DAM formulas a weapon uses, from its Ability (None while the Ability is lost)."""
    if weapon.ability == UNKNOWN:
        return None
    found = rules().range_of(weapon.ability)
    return found.kind if found else "melee"


def shield_counts(weapon: WeaponDef, options: RuneOptions) -> bool | None:
    """Whether a shield in the other hand adds its ratings to this weapon (A14); None when the row's lost
    values (its Ability, or whether it needs both hands) leave it open. Unarmed is the fist/kick row."""
    if weapon.ability == UNKNOWN:
        return None
    if weapon.ability not in options.shield_with_weapon_abilities:
        return False
    shield_rules = rules().armor.shield_rules
    if shield_rules.never_with_two_weapons and weapon.ability == "two_weapons":
        return False
    if weapon.two_handed == UNKNOWN:
        # Single Weapon is by definition the one-handed Ability that fights beside a shield (abilities.toml).
        return True if weapon.ability == "single_weapon" else None
    return not (shield_rules.never_with_two_handed and weapon.two_handed)


def weapon_load(weapon: WeaponDef, dozens: int | None = None) -> Fraction | None:
    """The Load of a weapon as carried. A missile weapon's Load includes one dozen pieces of ammunition;
    each further dozen adds a quarter of it, and with none it weighs three quarters (missiles.toml)."""
    base = weapon.load_value
    if base is None or dozens is None:
        return base
    ammo = rules().missiles.ammunition
    if dozens == 0:
        return base * ammo.no_ammo_load_fraction
    return base + base * ammo.extra_dozen_load_fraction * (dozens - ammo.included_dozens)


def takes_ammunition(weapon: WeaponDef) -> bool | None:
    """Missile weapons (Bows) carry ammunition; None while a lost row's Ability is unknown."""
    if weapon.ability == UNKNOWN:
        return None if weapon.kind in ("missile", UNKNOWN) else False
    return attack_form(weapon) == "missile"


def kit_load(ability_id: str, options: RuneOptions) -> Fraction:
    """The Load of an Ability's kit (0 without one); Pick Lock's by option A27."""
    if ability_id == "pick_lock":
        return Fraction(str(options.pick_lock_kit_load))
    load = rules().ability(ability_id).kit_load
    return Fraction(str(load)) if load is not None else Fraction(0)


def standard_range(weapon: WeaponDef, dam: int) -> int | None:
    """Paces of standard range for a missile or thrown weapon of this Dam rating (None for melee)."""
    found = rules().range_of(weapon.ability) if weapon.ability != UNKNOWN else None
    return found.paces_per_dam * dam if found else None


def range_penalty(weapon: WeaponDef, distance: int, options: RuneOptions) -> int:
    """The Dam decrease at a distance in paces (A16); a target nearer than the minimum distance is refused
    (A17: bows 5 paces; thrown 3, inclusive unless the option says otherwise)."""
    if weapon.ability == UNKNOWN or weapon.dam == UNKNOWN:
        raise RulesError(
            N_("the {weapon}'s Ability or Dam was lost; the table must fill it in first"), weapon=Refusal(weapon.name)
        )
    found = rules().range_of(weapon.ability)
    if found is None or not isinstance(weapon.dam, int):
        raise RulesError(N_("the {weapon} is not a missile or thrown weapon"), weapon=Refusal(weapon.name))
    nearest = found.min_distance
    if found.kind == "thrown" and not options.thrown_min_distance_inclusive:
        nearest += 1
    if distance < nearest:
        refusal = (
            N_("a thrown weapon needs a target {nearest} paces away or more, not {distance}")
            if found.kind == "thrown"
            else N_("a missile weapon needs a target {nearest} paces away or more, not {distance}")
        )
        raise RulesError(
            refusal,
            nearest=nearest,
            distance=distance,
        )
    beyond = max(0, distance - found.paces_per_dam * weapon.dam)
    return math.ceil(beyond / 10) if options.beyond_range_rounding == "per_started_10" else beyond // 10
