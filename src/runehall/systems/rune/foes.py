"""Rune's foes: the Threat Categories and foe types of data/foes.toml (validated when it loads), the Roll of
Valor that turns the heroes' numbers into a tally, and the Foe Maker that turns a tally into one foe's
statistics, with the combat tracker's spec for that foe (spec 001b §8).

Everything here is pure: the numbers come from the data file and the arguments, never from a fight's state.
Mix values are Fractions (the data writes them as exact decimals); a foe's Might uses exact arithmetic and
drops fractions only at the end.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from runehall.errors import ParameterError, Refusal
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.foe_data import (
    STATS,
    Category,
    FoeType,
    attack_form,
    categories,
    category,
    foe_type,
    foe_types,
    foes_file,
    form_weapon_id,
    missile_row,
    missile_weapon_id,
    rank,
)

__all__ = [
    "STATS", "Category", "FoeStats", "FoeType", "MissileStats", "Tally", "categories", "category", "foe_mix",
    "foe_spec", "foe_stats", "foe_type", "foe_types", "hero_tally", "might", "mix_total", "roll_of_valor",
    "wound_threshold",
]  # fmt: skip
STAT_WORDS = {"init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN"), "dam": N_("DAM")}
STAT_WORDS |= {"soak": N_("Soak"), "hp": N_("HP"), "res": N_("Res")}


Entry = Sequence[int] | Mapping[Any, int]  # seven numbers in column order, or by stat name


class Tally(NamedTuple):
    """The seven Roll of Valor numbers: one hero's entry, or the marked values (an Equal foe's base)."""

    init: int
    atk: int
    dfn: int
    dam: int
    soak: int
    hp: int
    res: int


# -- Mix ------------------------------------------------------------------------------------------------
def foe_mix(foe: str | FoeType, threat: str | Category) -> Fraction | None:
    """A foe's Mix: its category's plus its type's modifier; None for a type priced without Mix."""
    modifier = foe_type(foe).mix
    return None if modifier is None else category(threat).mix + modifier


def mix_total(mixes: Iterable[Fraction | None]) -> int:
    """An event's Mix total, rounded to the nearest whole number with exactly one half rounding down."""
    total = sum((m for m in mixes if m is not None), Fraction(0))
    return math.ceil(total - Fraction(1, 2))


# -- Roll of Valor --------------------------------------------------------------------------------------
def as_tally(entry: Entry, who: Any) -> Tally:
    """One hero's seven numbers, as a sequence in the book's column order or by stat name."""
    try:
        values = [entry[s] for s in STATS] if isinstance(entry, Mapping) else list(entry)
        if len(values) != len(STATS) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise TypeError
    except (KeyError, TypeError):
        raise ParameterError(
            N_("{who}: a Roll of Valor entry is seven whole numbers: INIT, ATK, DFN, DAM, Soak, HP and Res"),
            who=who,
        ) from None
    return Tally(*values)


def roll_of_valor(heroes: Sequence[Entry]) -> Tally:
    """The tally: per column the second-lowest distinct value (four heroes or more), the lowest (three),
    or the lowest less the two-hero reduction (two)."""
    rule = foes_file().roll_of_valor
    count = len(heroes)
    if count < rule.min_heroes:
        raise ParameterError(
            N_("a Roll of Valor needs at least {minimum} heroes (the runner's counts), not {count}"),
            minimum=rule.min_heroes,
            count=count,
        )
    entries = [as_tally(h, Refusal(N_("hero {number}"), {"number": i})) for i, h in enumerate(heroes, start=1)]
    marked: list[int] = []
    for index, stat in enumerate(STATS):
        column = sorted({e[index] for e in entries})
        if count >= rule.second_lowest_from:
            value = column[1] if len(column) > 1 else column[0]
        else:
            value = column[0]
            if count == rule.min_heroes:
                value -= rule.two_heroes_less.get(stat, 0)
        marked.append(value)
    return Tally(*marked)


# -- the Foe Maker --------------------------------------------------------------------------------------
class MissileStats(NamedTuple):
    weapon: str
    init: int
    atk: int
    dfn: int
    dam: int


class FoeStats(BaseModel):
    """One foe's statistics: the melee seven (weapons, armor and shields already in them), WT, Might, and
    the type's Move, night vision and missile statistics when it carries a bow or crossbow."""

    model_config = ConfigDict(frozen=True)

    foe_type: str
    category: str
    init: int
    atk: int
    dfn: int
    dam: int
    soak: int
    hp: int
    res: int
    wt: int
    might: int
    death_blow: int
    move: int
    move_half: int
    night_vision: bool
    mix: Fraction | None
    missile: MissileStats | None = None

    def tally(self) -> Tally:
        return Tally(*(getattr(self, s) for s in STATS))


def wound_threshold(hp: int) -> int:
    rule = foes_file().wound_threshold
    return rule.over_60_hp if hp > 60 else rule.under_20_hp if hp < 20 else rule.default


def might(stats: Tally) -> int:
    """Half of the melee stats added up (negatives as 0, HP in tenths), fractions dropped at the end."""
    rule = foes_file().might
    terms = sum(max(0, getattr(stats, s)) for s in rule.stats)
    return math.floor((Fraction(terms) + Fraction(max(0, stats.hp), rule.hp_divisor)) / rule.divisor)


def foe_stats(
    foe: str | FoeType,
    threat: str | Category,
    tally: Entry,
    adjust: bool = True,
    missile: str | None = None,
    heroes: int | None = None,
) -> FoeStats:
    """The Foe Maker: tally + the category's row (+ the type's Adjust), clamped; refused above the type's
    Maximum Threat, for a missile on a type without the arrow icon, and (when `heroes` is given) for a
    category that needs more heroes."""
    kind, level, base = foe_type(foe), category(threat), as_tally(tally, Refusal(N_("the tally")))
    maximum = category(kind.max_threat)
    if rank(level) < rank(maximum):
        raise ParameterError(
            N_("a {foe} can be at most {maximum}, not {threat}"),
            foe=Refusal(kind.label),
            maximum=Refusal(maximum.name),
            threat=Refusal(level.name),
        )
    if heroes is not None and heroes < level.min_heroes:
        raise ParameterError(
            N_("a {threat} foe needs at least {minimum} heroes to fight it, not {heroes}"),
            threat=Refusal(level.name),
            minimum=level.min_heroes,
            heroes=heroes,
        )
    values = {s: getattr(base, s) + level.maker[s] + (kind.adjust.get(s, 0) if adjust else 0) for s in STATS}
    for stat, floor in foes_file().clamps.items():
        values[stat] = max(floor, values[stat])
    stats = Tally(**values)
    shot = None
    if missile is not None:
        row = missile_row(missile)
        if not kind.missiles:
            raise ParameterError(N_("a {foe} never uses missile weapons"), foe=Refusal(kind.label))
        shot = MissileStats(row.id, stats.init + row.init, stats.atk + row.atk, stats.res, min(stats.dam, row.dam_cap))
    strength = might(stats)
    return FoeStats(
        foe_type=kind.id,
        category=level.id,
        **values,
        wt=wound_threshold(stats.hp),
        might=strength,
        death_blow=strength // 2,
        move=kind.move,
        move_half=kind.move // 2,
        night_vision=kind.night_vision,
        mix=foe_mix(kind, level),
        missile=shot,
    )


# -- heroes and fights ----------------------------------------------------------------------------------
MELEE = ("melee", "brawling")
BARB_NET = "barb_net"  # weapons.toml: the medic's net


def hero_tally(who: Combatant | Mapping[str, Any], options: Any = None) -> Tally:
    """One hero's Roll of Valor entry, from his combatant or his Rune hero sheet (read through the hero
    model, so permanent Gifts count): INIT, ATK, DFN and DAM from his best melee attack form (unarmed
    included; foes' numbers are melee numbers) as the option `roll_of_valor_weapon` reads "best" (001b A-48),
    his Soak, maximum HP, and RES, the core rules' best non-combat bonus that the hero reports to build foes."""
    if isinstance(who, Combatant):
        name, weapons = who.name, who.weapons
        numbers: dict[str, Any] = {"soak": who.soak, "hp": who.hp_max, "res": who.res}
    else:
        from runehall.systems.rune.combat import heroes

        name = str(who.get("name") or "?")
        sheet = heroes.from_sheet(dict(who), name, options)
        weapons, numbers = sheet.weapons, sheet.numbers
    reading = getattr(options, "roll_of_valor_weapon", None) or "best_profile"
    values: dict[str, int | None] = _weapon_numbers(weapons, reading)
    values |= {s: numbers.get(s) for s in STATS[4:]}
    for stat, value in values.items():
        if value is None:
            raise ParameterError(
                N_("{who}'s {stat} is not known, so he cannot fill in the Roll of Valor: give it by hand"),
                who=name,
                stat=Refusal(STAT_WORDS[stat]),
            )
    return Tally(*(int(values[s] or 0) for s in STATS))


def _weapon_numbers(weapons: Iterable[Weapon], reading: str) -> dict[str, int | None]:
    """INIT, ATK, DFN and DAM for the Roll of Valor: the best melee weapon's whole profile (`best_profile`:
    the one whose four numbers add up to the most, the sum a foe's Might adds; a tie goes to the higher INIT,
    then ATK, DFN, DAM), or each column's best from any melee weapon (`best_each_column`). None where a number
    is not known (with `best_profile`, the first melee weapon's, when no weapon has all four)."""
    melee = [w for w in weapons if w.kind in MELEE]
    if reading == "best_each_column":
        return {s: _best(melee, s) for s in STATS[:4]}
    whole = [w for w in melee if all(getattr(w, s) is not None for s in STATS[:4])]
    if not whole:
        return {s: getattr(melee[0], s) if melee else None for s in STATS[:4]}
    best = max(whole, key=lambda w: (sum(int(getattr(w, s)) for s in STATS[:4]), *(getattr(w, s) for s in STATS[:4])))
    return {s: getattr(best, s) for s in STATS[:4]}


def _best(weapons: Iterable[Weapon], stat: str) -> int | None:
    known = [getattr(w, stat) for w in weapons if getattr(w, stat) is not None]
    return max(known) if known else None


def foe_spec(
    foe: str | FoeType,
    threat: str | Category,
    stats: FoeStats,
    name: str,
    side: str = "foes",
    at: tuple[float, float] = (0, 0),
    self_willed: bool = False,
    attacks_foes: bool = False,
) -> dict[str, Any]:
    """The combat tracker's CombatantSpec (as JSON) of one foe made by `foe_stats`: its type's attack form
    with the melee scores, and its bow or crossbow (in hand at the start, DFN = Res) when it has one.
    `attacks_foes`: a wendol whose notes bought it the option of attacking the other foes (001b §8.4)."""
    kind, level = foe_type(foe), category(threat)
    if (stats.foe_type, stats.category) != (kind.id, level.id):
        raise ParameterError(N_("these statistics were made for another foe type or Threat Category"))
    form = attack_form(kind)
    weapons: list[dict[str, Any]] = [
        {"weapon": form_weapon_id(form), "name": form.name, "kind": "melee"} | {s: getattr(stats, s) for s in STATS[:4]}
    ]
    if kind.barb_net:  # the medic's net: thrown with its melee scores (a foe's numbers hold every weapon)
        weapons.append({"weapon": BARB_NET} | {s: getattr(stats, s) for s in STATS[:3]})
    if stats.missile is not None:
        row = missile_row(stats.missile.weapon)
        shot = stats.missile
        weapons.insert(
            0,
            {"weapon": missile_weapon_id(row), "name": row.name, "kind": "missile", "dam_rating": row.range_dam_rating}
            | {"init": shot.init, "atk": shot.atk, "dfn": shot.dfn, "dam": shot.dam},
        )
    return {
        "name": name,
        "side": side,
        "hero": False,
        "at": list(at),
        "weapons": weapons,
        "soak": stats.soak,
        "hp": stats.hp,
        "wt": stats.wt,
        "res": stats.res,
        "night_vision": stats.night_vision,
        "move_full": stats.move,
        "move_half": stats.move_half,
        "undead": kind.undead,
        "foe_type": kind.id,
        "threat": level.id,
        "self_willed": self_willed,
        "attacks_foes": attacks_foes,
    }
