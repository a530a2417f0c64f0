"""The creation rules a Rune hero is checked against, one function per step (the Hero's field validators call
them with the steps already validated, so each error is shown next to the field that breaks the rule).
Each raises ValueError with one clear reason.

Budget: 60 creation points, spent net of the refunds for Characteristics below 0 (characteristics.toml),
on Abilities (primary 2, secondary 1 a level, Sprint by option A62) and whole points of extra HP.
Gear: up to 3 common weapons (fist/kick is free), one common armor, one common shield (creation.toml);
rows whose values the OCR lost may be owned, their unknown numbers showing as unknown (gear.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import ValidationInfo

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_
from runehall.systems.rune import gear, overrides
from runehall.systems.rune.armoury import ArmorDef, WeaponDef
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import CHARACTERISTICS, UNKNOWN
from runehall.systems.rune.rules import rules

Kind = Literal["characteristic", "ability", "weapon", "armor", "shield"]
NOT_OF_RUNE = {  # a name that is none of the kind's rows
    "characteristic": N_("{name!r} is not a Characteristic of Rune"),
    "ability": N_("{name!r} is not an Ability of Rune"),
    "weapon": N_("{name!r} is not a weapon of Rune"),
    "armor": N_("{name!r} is not an armor of Rune"),
    "shield": N_("{name!r} is not a shield of Rune"),
}
ONE_AT_MOST = {
    "armor": N_("a hero starts with one armor at most, not {count}"),
    "shield": N_("a hero starts with one shield at most, not {count}"),
}


def options_of(info: ValidationInfo) -> RuneOptions:
    given = (info.context or {}).get("options")
    return given if isinstance(given, RuneOptions) else RuneOptions()


def listed(value: object) -> object:
    """A comma-separated string (as a form or the command line gives it) read as a list."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


def ids(kind: Kind, value: object) -> object:
    """Names (or ids, abbreviations) as ids, for a list or for the keys of a mapping; each listed once."""
    value = listed(value)
    if not isinstance(value, Mapping | list | tuple):
        return value  # the type check reports it
    out: dict[str, Any] = {}
    for name in value:
        found = rules().find(kind, str(name))
        if found is None:
            raise Invalid(NOT_OF_RUNE[kind], name=name)
        if found in out:
            raise Invalid(N_("{name!r} is listed twice"), name=name)
        out[found] = value[name] if isinstance(value, Mapping) else None
    return out if isinstance(value, Mapping) else list(out)


def single(kind: Kind, value: object) -> object:
    """One armor or shield: an id or name, "none", or a list of at most one."""
    if isinstance(value, list | tuple):
        if len(value) > 1:
            raise Invalid(ONE_AT_MOST.get(kind, N_("only one, not {count}")), count=len(value))
        value = value[0] if value else None
    if value is None or str(value).strip().casefold() in ("", "none", "no"):
        return None
    found = rules().find(kind, str(value))
    if found is None:
        raise Invalid(NOT_OF_RUNE[kind], name=value)
    return found


# -- Characteristics and Abilities --------------------------------------------------------------------
def characteristics_cost(values: Mapping[str, int]) -> int:
    return sum(rules().characteristic_cost(c, v) for c, v in values.items())


def category(ability_id: str, options: RuneOptions) -> str:
    """Primary or secondary, Sprint by option A62."""
    return options.sprint_category if ability_id == "sprint" else rules().ability(ability_id).category


def abilities_cost(values: Mapping[str, int], options: RuneOptions) -> int:
    r = rules().abilities.rules
    price = {"primary": r.cp_per_level_primary, "secondary": r.cp_per_level_secondary}
    return sum(price[category(a, options)] * v for a, v in values.items())


def check_characteristics(values: Mapping[str, int]) -> dict[str, int]:
    table = rules().characteristics
    for char_id, value in values.items():
        if not table.creation_min <= value <= table.creation_max:
            abbr = rules().characteristic(char_id).abbr
            raise Invalid(
                N_(
                    "{abbr} {value:+d}: a Characteristic runs from {creation_min} to +{creation_max} at creation "
                    "(only Divine Gifts raise it later)"
                ),
                abbr=abbr,
                value=value,
                creation_min=table.creation_min,
                creation_max=table.creation_max,
            )
    full = {c: values.get(c, 0) for c in CHARACTERISTICS}
    cost, budget = characteristics_cost(full), rules().creation.max_net_spend
    if cost > budget:
        raise Invalid(
            N_("these Characteristics cost {cost} creation points; a hero has {budget}"), cost=cost, budget=budget
        )
    return full


def check_abilities(values: Mapping[str, int], data: Mapping[str, Any], options: RuneOptions) -> dict[str, int]:
    r = rules().abilities.rules
    for ability_id, rating in values.items():
        if not r.min_rating <= rating <= r.creation_cap:
            name = rules().ability(ability_id).name
            raise Invalid(
                N_("{name} {rating}: an Ability is rated {min_rating} to {creation_cap} at creation"),
                name=Refusal(name),
                rating=rating,
                min_rating=r.min_rating,
                creation_cap=r.creation_cap,
            )
    rated = {a: v for a, v in values.items() if v > 0}
    if "characteristics" in data:
        spent_chars = characteristics_cost(data["characteristics"])
        spent = spent_chars + abilities_cost(rated, options)
        budget = rules().creation.max_net_spend
        if spent > budget:
            raise Invalid(
                N_(
                    "Characteristics ({spent_chars}) and Abilities ({abilities}) cost {spent} creation points; "
                    "a hero has {budget}"
                ),
                spent_chars=spent_chars,
                abilities=spent - spent_chars,
                spent=spent,
                budget=budget,
            )
    return rated


def check_kits(left: list[str], data: Mapping[str, Any]) -> tuple[str, ...]:
    rated = data.get("abilities", {})
    for ability_id in left:
        ability = rules().ability(ability_id)
        if not ability.has_kit:
            raise Invalid(N_("{ability} has no kit to leave behind"), ability=Refusal(ability.name))
        if "abilities" in data and ability_id not in rated and ability_id not in data.get("advances", {}):
            raise Invalid(
                N_("the hero is not rated in {ability}, so he carries no kit for it"), ability=Refusal(ability.name)
            )
    return tuple(left)


def spent(data: Mapping[str, Any], cp_on_hp: int, options: RuneOptions) -> dict[str, int]:
    parts = {
        "characteristics": characteristics_cost(data.get("characteristics", {})),
        "abilities": abilities_cost(data.get("abilities", {}), options),
        "hit_points": cp_on_hp,
    }
    return {**parts, "spent": sum(parts.values()), "budget": rules().creation.budget_cp}


def check_cp_on_hp(value: int, data: Mapping[str, Any], options: RuneOptions) -> int:
    if "characteristics" not in data or "abilities" not in data:
        return value  # an earlier step is wrong; the total cannot be known yet
    points = spent(data, value, options)
    if points["spent"] > rules().creation.max_net_spend:
        raise Invalid(
            N_(
                "Characteristics {characteristics} + Abilities {abilities} + hit points {hp} "
                "= {spent} creation points; a hero has {budget}"
            ),
            characteristics=points["characteristics"],
            abilities=points["abilities"],
            hp=value,
            spent=points["spent"],
            budget=points["budget"],
        )
    left = points["budget"] - points["spent"]
    if left and options.unspent_creation_points == "reject":
        raise Invalid(N_("{left} creation points left unspent, which this table does not allow"), left=left)
    return value


# -- gear ---------------------------------------------------------------------------------------------
def check_own_entries(kind: overrides.Kind, entries: tuple[str, ...], options: RuneOptions) -> tuple[str, ...]:
    """A sheet fills only what the table's options leave unknown."""
    table: Mapping[str, WeaponDef | ArmorDef] = (
        gear.weapon_table(options) if kind == "weapon" else gear.armor_table(options)
    )
    for item, fields in overrides.values(entries).items():
        row = table.get(item)
        if row is None:
            raise Invalid(
                N_("{weapon}: this table leaves out rows whose values were lost"),
                weapon=Refusal(rules().weapon(item).name),
            )
        for field in fields:
            if getattr(row, field) != UNKNOWN:
                raise Invalid(
                    N_("the table already sets the {item}'s {field} ({printed})"),
                    item=Refusal(row.name),
                    field=field,
                    printed=getattr(row, field),
                )
    return entries


def hero_weapon(weapon_id: str, options: RuneOptions, entries: tuple[str, ...] = ()) -> WeaponDef:
    """A weapon row as this hero uses it: the table's reading, then the sheet's own filled-in values."""
    row = gear.weapon_table(options).get(weapon_id)
    if row is None:
        name = rules().weapon(weapon_id).name
        raise Invalid(N_("the {name}'s values were lost and this table leaves such rows out"), name=Refusal(name))
    return overrides.fill_weapon(row, overrides.values(entries).get(weapon_id, {}))


def hero_armor(armor_id: str, options: RuneOptions, entries: tuple[str, ...] = ()) -> ArmorDef:
    return overrides.fill_armor(gear.armor_table(options)[armor_id], overrides.values(entries).get(armor_id, {}))


def _allowed(availability: str, name: str, kind: str, allowed: tuple[str, ...]) -> None:
    """Refuses gear creation cannot choose; a rare piece is not seen here (`RARE` skips it): that one is on the
    sheet only when he won it in play, which the sheet checks against his magic items (treasure/won_gear.py)."""
    if availability not in (*allowed, UNKNOWN):
        raise Invalid(
            N_("the {name} is not {allowed} and cannot be chosen at creation"),
            name=Refusal(name),
            allowed=Refusal(allowed[0]) if len(allowed) == 1 else " or ".join(allowed),
        )


RARE = "rare"  # won in play, never chosen at creation: checked with the hero's magic items (won_gear.py)


def lost_refusal(row: WeaponDef | ArmorDef, kind: overrides.Kind) -> Invalid | None:
    """Why a row whose numbers the book lost cannot be on the sheet yet; None when it is whole."""
    return None if row.complete else _lost_row(row, kind)


def rare_refusal(name: str, kind: str) -> Invalid:
    """Why a rare piece he did not win cannot be on his sheet."""
    rare = (
        N_("the {name} is rare: rare armor is won in play, never chosen at creation")
        if kind == "armor"
        else N_("the {name} is rare: rare gear is won in play, never chosen at creation")
    )
    return Invalid(rare, name=Refusal(name))


def check_weapons(names: list[str], data: Mapping[str, Any], options: RuneOptions) -> tuple[str, ...]:
    equipment = rules().creation.equipment
    chosen = [w for w in names if w != "fist_kick"]  # fists and kicks are always there, and free
    bought = [w for w in chosen if hero_weapon(w, options, data.get("weapon_overrides", ())).availability != RARE]
    if len(bought) > equipment.max_weapons:  # a rare weapon was won in play, not among creation's choices
        raise Invalid(
            N_("a hero starts with up to {max_weapons} weapons (fist/kick is free), not {count}"),
            max_weapons=equipment.max_weapons,
            count=len(bought),
        )
    allowed = equipment.weapon_availability
    for weapon_id in chosen:
        row = hero_weapon(weapon_id, options, data.get("weapon_overrides", ()))
        if row.availability == RARE:
            continue
        if row.availability == "improvised":
            if not options.improvised_weapons_at_creation:
                raise Invalid(
                    N_("the {item} is improvised: found in play, not chosen at creation"), item=Refusal(row.name)
                )
            continue
        _allowed(row.availability, row.name, "gear", allowed)
        if not row.complete:
            raise _lost_row(row, "weapon")
    return tuple(chosen)


def _lost_row(row: WeaponDef | ArmorDef, kind: overrides.Kind) -> Invalid:
    """Why a row whose numbers the book lost cannot be chosen yet, and how to fill them in."""
    numbers = ("init", "atk", "dfn", "dam", "load", "ability") if kind == "weapon" else ("prot", "init")
    lost = [f for f in numbers if getattr(row, f, None) == UNKNOWN]
    example = f"{row.id}.{lost[0]}=..." if lost else f"{row.id}.<field>=..."
    return Invalid(
        N_(
            "the {item}'s {lost} were lost from the book: it cannot be chosen until the table fills them in "
            "(option {option}, or this sheet's {option}, e.g. {example})"
        ),
        item=row.name,
        lost=", ".join(lost),
        option=f"{kind}_overrides",
        example=example,
    )


def check_armor(armor_id: str | None, data: Mapping[str, Any], options: RuneOptions) -> str | None:
    if armor_id is not None:
        row = hero_armor(armor_id, options, data.get("armor_overrides", ()))
        if row.availability == RARE:
            return armor_id
        _allowed(row.availability, row.name, "armor", rules().creation.equipment.armor_availability)
        if not row.complete:
            raise _lost_row(row, "armor")
    return armor_id


def check_shield(shield_id: str | None, options: RuneOptions) -> str | None:
    if shield_id is not None:
        row = gear.shield_table(options)[shield_id]
        if row.availability == RARE:
            return shield_id
        _allowed(row.availability, row.name, "gear", rules().creation.equipment.shield_availability)
    return shield_id


def check_ammunition(values: Mapping[str, int], data: Mapping[str, Any], options: RuneOptions) -> dict[str, int]:
    carried = data.get("weapons")
    for weapon_id in values:
        name = rules().weapon(weapon_id).name
        if carried is not None and weapon_id not in carried:
            raise Invalid(N_("the hero carries no {name}"), name=Refusal(name))
        if carried is not None:
            row = hero_weapon(weapon_id, options, data.get("weapon_overrides", ()))
            if gear.takes_ammunition(row) is False:
                raise Invalid(N_("the {name} is not a missile weapon and takes no ammunition"), name=Refusal(name))
    return dict(values)
