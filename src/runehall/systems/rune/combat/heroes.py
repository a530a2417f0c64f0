"""Reading a Rune hero sheet for a fight: the sheet is validated by the hero model
(runehall.systems.rune.hero.Hero, with the table's options) and the fight takes the derived numbers from it:
per weapon and unarmed INIT/ATK/DFN/DAM/Engagement, non-combat INIT, Soak, HP, WT, RES, Move, and the roll
bonuses combat uses (Dodge, hold and pin, Balance, Healer, Fatigue, the Str of a net escape).

The hero model is imported when a sheet is given, not before, so combat with stats works on its own. A
number the sheet cannot compute (a value the OCR lost) stays None; the combatant may supply it.
"""

from __future__ import annotations

import importlib
from typing import Any, NamedTuple

from runehall.errors import ParameterError, RunehallError
from runehall.present.words import N_
from runehall.systems.base import validate_model
from runehall.systems.rune.combat.combatant import UNARMED, Weapon
from runehall.systems.rune.combat.settings import weapon_row
from runehall.systems.rune.gear import played_dam
from runehall.systems.rune.treasure.legendary import (
    absorption_levels,
    blinding_levels,
    blunting_levels,
    einherjar_regain,
    fair_title_vp,
    glory_per_hit,
    loki_rating,
    loki_thwart_levels,
    maw_levels,
    primary_rating,
    spitting_damage,
    surety_bonus,
)

HERO_MODULE = "runehall.systems.rune.hero"
OPTIONS_MODULE = "runehall.systems.rune.options"
DOZEN = 12


class SheetNumbers(NamedTuple):
    numbers: dict[str, Any]
    weapons: tuple[Weapon, ...]
    shield: str | None
    horse: Any = None  # his horse (horses.Horse), when his sheet keeps one
    load: float | None = None  # his Load, which his horse bears while he rides (steeds.py)


def hero_model() -> Any:
    """The Rune hero model class, or None while it is not installed."""
    try:
        module = importlib.import_module(HERO_MODULE)
    except ImportError:
        return None
    return getattr(module, "Hero", None)


def rune_options(options: Any) -> Any:
    """The table's options as the hero model wants them (its defaults when the table has none)."""
    model = importlib.import_module(OPTIONS_MODULE).RuneOptions
    if isinstance(options, model):
        return options
    return model()


def _check(hero: Any, options: Any, ability: str, characteristic: str | None = None) -> int | None:
    try:
        value = hero.check_bonus(ability, characteristic, options=options).value
    except RunehallError:
        return None
    return None if value is None else int(value)


def _weapon(wid: str, row: dict[str, Any], hero: Any, options: Any) -> Weapon:
    data = weapon_row(wid)
    fields: dict[str, Any] = {
        "id": wid,
        "name": data.name if data is not None else wid,
        "kind": "melee",
        "ability": row.get("ability"),
        "init": row.get("init"),
        "atk": row.get("atk"),
        "dfn": row.get("dfn"),
        "dam": row.get("dam"),
        "engagement": row.get("engagement"),
    }
    if data is not None:
        kind = data.kind if data.kind in ("melee", "missile", "thrown", "brawling") else "melee"
        dam_rating = played_dam(wid, options, tuple(getattr(hero, "weapon_overrides", ())))
        fields.update(
            kind=kind,
            edge=data.edge if data.edge in ("sword", "axe") else "other",
            dfn_na=data.dfn == "n/a",
            dam_rating=dam_rating,
            dfn_rating=data.rating("dfn") or 0,
            special=data.special,
            lost=tuple(f for f in ("init", "atk", "dfn", "dam") if getattr(data, f) == "unknown"),
        )
        if kind == "missile":
            fields["ammo"] = DOZEN * int(hero.ammunition.get(wid, 1))
    return Weapon.model_validate(fields)


def from_sheet(sheet: dict[str, Any], name: str, options: Any) -> SheetNumbers:
    model = hero_model()
    if model is None:
        raise ParameterError(
            N_(
                "{name}: hero sheets need the Rune hero model ({module}), which is not installed; "
                "give his numbers as stats instead"
            ),
            name=name,
            module=HERO_MODULE,
        )
    hero_options = rune_options(options)
    values = {"name": name, **sheet}
    given = sheet.get("gifts")
    levels: dict[str, Any] = dict(given) if isinstance(given, dict) else {}
    if "gifts" not in model.model_fields:  # a hero model that does not keep gifts yet: the fight does
        values.pop("gifts", None)
    try:
        hero = validate_model(model, values, f"{name}'s sheet", {"options": hero_options})
    except ParameterError as e:
        raise ParameterError(parts=e.parts) from None
    derived = hero.derived(hero_options)
    combat = derived["combat"]
    weapons = [_weapon(w, combat[w], hero, options) for w in hero.weapons]
    unarmed = combat["unarmed"]
    weapons.append(
        Weapon(
            id=UNARMED,
            name="Fist/Kick",
            kind="brawling",
            ability="brawling",
            init=unarmed.get("init"),
            atk=unarmed.get("atk"),
            dfn=unarmed.get("dfn"),
            dam=unarmed.get("dam"),
            engagement=unarmed.get("engagement"),
        )
    )
    chars = derived["characteristics"]
    enc_dec = derived["enc_dec"]
    physical = None if enc_dec is None else int(enc_dec)
    rated = derived["abilities"]
    armor = hero.numbers(hero_options).armor
    armor_init = 0 if armor is None else armor.init if isinstance(armor.init, int) else None
    numbers: dict[str, Any] = {
        "soak": derived["soak"],
        "hp": derived["hp_max"],
        "wt": derived["wt"],
        "res": derived["res"],
        "init_noncombat": combat["noncombat"]["init"],
        "dodge": _check(hero, hero_options, "dodge"),
        "hold": _check(hero, hero_options, "brawling", "dex"),
        "pin": _check(hero, hero_options, "brawling", "str"),
        "balance": _check(hero, hero_options, "balance"),
        "jump": _check(hero, hero_options, "jump"),
        "balance_rating": int(rated.get("balance", {}).get("rating", 0)),
        "swim_rating": int(rated.get("swim", {}).get("rating", 0)),
        "healer": _check(hero, hero_options, "healer"),
        "fatigue": None if physical is None else chars["sta"] - physical,
        "escape": None if physical is None else chars["str"] - physical,
        "strength": chars["str"],
        "per": chars["per"],
        "ride": int(rated.get("ride", {}).get("rating", 0)),
        "move_half": derived["move_half"],
        "move_full": derived["move"],
        "armor_init": armor_init,
        "armor_prot": armor.prot if armor is not None and isinstance(armor.prot, int) else 0,
        # his gifts (gift id -> level), what gifts roll with, and the free VP his sheet holds (build.py)
        "gift_ranks": {str(k): int(v) for k, v in dict(getattr(hero, "gifts", None) or levels).items()},
        "presence": chars.get("pre"),
        "stamina": chars.get("sta"),
        "dexterity": chars.get("dex"),  # Penetrating Lightning's roll (gift_lightning.py)
        "disguise": int(rated.get("disguise", {}).get("rating", 0)),
        "great_weapon": int(rated.get("great_weapon", {}).get("rating", 0)),
        "divine_awareness": int(rated.get("divine_awareness", {}).get("rating", 0)),  # The Chattering Squirrel
        "free_vp": int(hero.vp_total) - int(hero.vp_spent),
        # a legendary Armor of Inflexible Surety worn: its bonus on the rolls resisting Impairment (legendary.py)
        "surety": surety_bonus(getattr(hero, "magic_items", ()), getattr(hero, "armor", None)),
        "einherjar": einherjar_regain(getattr(hero, "magic_items", ()), getattr(hero, "armor", None)),
        "loki_thwart": loki_thwart_levels(getattr(hero, "magic_items", ()), getattr(hero, "armor", None)),
        "absorption": absorption_levels(getattr(hero, "magic_items", ()), getattr(hero, "armor", None)),
        "blinding": blinding_levels(getattr(hero, "magic_items", ()), getattr(hero, "armor", None)),
        "blunting": blunting_levels(getattr(hero, "magic_items", ()), getattr(hero, "armor", None)),
        "spitting": spitting_damage(getattr(hero, "magic_items", ()), getattr(hero, "armor", None)),
        "loki_rating": loki_rating(dict(getattr(hero, "gifts", None) or levels), getattr(hero, "magic_items", ())),
        "maw": maw_levels(getattr(hero, "magic_items", ())),  # the Demon Maw Helm (legendary_maw.py)
        "primary_rating": primary_rating(
            dict(getattr(hero, "gifts", None) or levels), getattr(hero, "magic_items", ())
        ),
        "glory": glory_per_hit(getattr(hero, "magic_items", ())),  # the Axe of Glory (legendary_play.py)
        "fair_title": fair_title_vp(getattr(hero, "magic_items", ())),  # the Blade of Fair Title (run_fight.py)
    }
    return SheetNumbers(numbers, tuple(weapons), hero.shield, getattr(hero, "horse", None), derived["load"])
