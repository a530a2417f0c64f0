"""Quick-and-dirty encounter design (spec 001c §12): a beginner's encounter rolled from charts, with the dice
given by the caller (the table draws them). Events 1 and 2: traps, each with the treasure or gain that offsets
it; event 3: a fight, its terrain, and one extra trap per terrain feature bought with what that feature
earns. Charts in data/quick_design.toml.

Where the book says to roll again (a threat the foe type cannot take, a terrain result already drawn, an extra
trap whose Difficulty leaves a negative damage budget: 001c A-88), the functions take several dice in the
order they were rolled, use them until one fits, and say how many they used.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from runehall.errors import ParameterError, RulesError
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import (
    Counted,
    Cover,
    Feature,
    Ground,
    SlopeRamps,
    WeirdAdjustment,
    WeirdMagic,
)  # fmt: skip
from runehall.systems.rune.encounters.dice_charts import look_up
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.quick_data import GainPart, TerrainRow, quick_file
from runehall.systems.rune.foe_data import category, foe_type, rank
from runehall.systems.rune.foes import STAT_WORDS

TRAP_PAGE, GAIN_PAGE, COMBAT_PAGE = 186, 187, 190


# -- trap damage (001c §6.1) -----------------------------------------------------------------------------
def dam_cost(dam: int) -> int:
    """What a flat Dam rating costs: its rating, plus the surcharge of its band above 15."""
    data = quick_file()
    if not 0 <= dam <= data.dam.max_dam:
        raise RulesError(N_("a trap's Dam rating runs from 0 to {most}, not {dam}"), most=data.dam.max_dam, dam=dam)
    if dam <= data.dam.free_up_to:
        return dam
    return dam + look_up(data.dam_surcharge, dam, data.dam.max_dam).surcharge


def max_affordable_dam(budget: int) -> int | None:
    """The highest Dam rating whose cost fits the budget; None when the budget is below 0 (nothing fits)."""
    fits = [d for d in range(quick_file().dam.max_dam + 1) if dam_cost(d) <= budget]
    return max(fits) if fits else None


# -- events 1 and 2: traps -------------------------------------------------------------------------------
def quick_trap_count(die: int) -> int:
    """Trap Chart 1: how many traps an event gets."""
    return look_up(quick_file().trap_count, die, 10).traps


@dataclass(frozen=True)
class QuickTrap:
    difficulty: int
    difficulty_ep: int
    ability: str  # an Ability id, or "any_weapon"
    structure: str
    roll_ep: int
    budget: int  # the trap's whole budget: 30, or what its terrain feature earns
    dam: int
    dice_used: int = 1  # Trap Chart 2 dice used (a negative damage budget rolls again)

    @property
    def damage_budget(self) -> int:
        return self.budget - (self.difficulty_ep + self.roll_ep)

    @property
    def dam_ep(self) -> int:
        return dam_cost(self.dam)

    @property
    def net(self) -> int:
        return self.difficulty_ep + self.roll_ep + self.dam_ep

    def lines(self, where: str) -> tuple[CostLine, ...]:
        """Its priced lines, never netted (the bundling rule)."""
        return (
            CostLine(where, N_("Quick design: Difficulty {difficulty}"), self.difficulty_ep,
                     {"difficulty": self.difficulty}, TRAP_PAGE),
            CostLine(where, N_("Quick design: the roll's type"), self.roll_ep, {}, TRAP_PAGE),
            CostLine(where, N_("Quick design: Dam rating {dam}"), self.dam_ep, {"dam": self.dam}, TRAP_PAGE),
        )  # fmt: skip


def _dice(dice: int | Sequence[int]) -> tuple[int, ...]:
    found = (dice,) if isinstance(dice, int) else tuple(dice)
    if not found:
        raise ParameterError(N_("roll the chart's die first"))
    return found


def quick_trap(difficulty_dice: int | Sequence[int], roll: int, budget: int | None = None) -> QuickTrap:
    """Trap Charts 2 and 3, then the highest Dam rating the rest of the budget buys. A Difficulty whose cost
    leaves the damage budget below 0 is rolled again: the next die is used."""
    data = quick_file()
    whole = data.budget.trap if budget is None else budget
    kind = look_up(data.trap_roll, roll, 100)
    for used, die in enumerate(_dice(difficulty_dice), start=1):
        row = look_up(data.trap_difficulty, die, 10)
        dam = max_affordable_dam(whole - (row.cost + kind.cost))
        if dam is not None:
            assert row.difficulty is not None  # every trap row has one (checked at load)
            return QuickTrap(row.difficulty, row.cost, kind.ability, kind.structure, kind.cost, whole, dam, used)
    raise RulesError(N_("this Difficulty costs more than the trap's budget of {budget}: roll Trap Chart 2 again"),
                     budget=whole)  # fmt: skip


# -- events 1 and 2: treasure and gains ------------------------------------------------------------------
@dataclass(frozen=True)
class QuickGain:
    difficulty: int | None  # None: no roll, a simple act after its trap went off
    difficulty_ep: int
    ability: str | None
    structure: str | None
    roll_ep: int
    parts: tuple[GainPart, ...]

    @property
    def opposed_bonus(self) -> int | None:
        """The supporting character's bonus if the table makes it an Opposed roll (same encounter points)."""
        return None if self.difficulty is None else self.difficulty - 4

    @property
    def net(self) -> int:
        return self.difficulty_ep + self.roll_ep + sum(p.ep for p in self.parts)


def quick_gain(difficulty_die: int, roll: int | None, type_roll: int) -> QuickGain:
    """Treasure/Gains Charts 1 to 3: its Difficulty, what is rolled (only if a Difficulty came up), its type."""
    data = quick_file()
    row = look_up(data.gain_difficulty, difficulty_die, 10)
    parts = look_up(data.gain_type, type_roll, 100).parts
    if row.difficulty is None:
        if roll is not None:
            raise ParameterError(N_("no roll is needed for this gain: Chart 2 is not rolled"))
        return QuickGain(None, row.cost, None, None, 0, parts)
    if roll is None:
        raise ParameterError(N_("this gain needs a roll: roll Chart 2 for what is rolled"))
    kind = look_up(data.gain_roll, roll, 100)
    return QuickGain(row.difficulty, row.cost, kind.ability, kind.structure, kind.cost, parts)


# -- event 3: the fight ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class QuickCombat:
    foe_type: str  # a foes.toml id, or "other"
    category: str
    foes: int  # heroes / Mix, fractions dropped
    mix: Fraction  # one foe's
    remainder: Fraction  # heroes - foes x Mix: filled with foes of other categories
    dice_used: int = 1


def _legal(foe: str, threat: str, heroes: int) -> bool:
    if heroes < category(threat).min_heroes:
        return False
    return foe == "other" or rank(category(threat)) >= rank(category(foe_type(foe).max_threat))


def quick_combat(foe_roll: int, threat_dice: int | Sequence[int], heroes: int) -> QuickCombat:
    """Combat Charts 1 and 2: the foe type, then its category (rolled again until legal for the type and the
    number of heroes), and how many such foes the Mix allows."""
    data = quick_file()
    foe = look_up(data.foe, foe_roll, 100).type
    for used, die in enumerate(_dice(threat_dice), start=1):
        threat = look_up(data.threat, die, 10).category
        if _legal(foe, threat, heroes):
            modifier = Fraction(0) if foe == "other" else foe_type(foe).mix or Fraction(0)
            mix = category(threat).mix + modifier
            count = math.floor(heroes / mix)
            return QuickCombat(foe, threat, count, mix, heroes - count * mix, used)
    raise RulesError(N_("that Threat Category does not suit this foe type: roll Combat Chart 2 again"))


TERRAIN_WORDS = {
    "cover": N_("Half cover sheltering up to {shelters}"),
    "decoys": N_("{count} decoys"),
    "hostages": N_("{count} hostages"),
    "hiding_place": N_("A hiding place from which the heroes may ambush their foes"),
    "levels": N_("{count} additional levels"),
    "slippery": N_("Slippery ground over two-thirds of the area"),
    "slope_ramp": N_("{count} sloped areas of {hexes_each} hexes"),
    "tube_strikers": N_("{count} tube-strikers"),
    "weird_magic": N_("Weird magic: {delta} to {target} for every combatant"),
}


@dataclass(frozen=True)
class QuickFeature:
    row: TerrainRow
    roll: int
    feature: Feature | None  # as the notes write it; None for the hiding place (an ambush gain, not terrain)

    @property
    def ep(self) -> int:
        return self.row.ep

    @property
    def trap_budget(self) -> int:
        """The extra trap bought with this feature: what the feature earns is its whole budget."""
        return -self.row.ep

    @property
    def label(self) -> tuple[str, dict[str, Any]]:
        values = self.row.model_dump(exclude={"faces", "kind", "ep"}, exclude_none=True)
        if "delta" in values:
            values["delta"] = f"{values['delta']:+d}"
        if "target" in values:
            values["target"] = STAT_WORDS[values["target"]]
        return TERRAIN_WORDS[self.row.kind], values


def _feature(row: TerrainRow, fid: str) -> Feature | None:
    if row.kind == "cover":
        return Cover(id=fid, kind="cover", degree=row.degree or "half", shelters=row.shelters or 0)
    if row.kind in ("decoys", "hostages", "levels", "tube_strikers"):
        return Counted(id=fid, kind=row.kind, count=row.count or 1)
    if row.kind == "slippery":
        return Ground(id=fid, kind="slippery", coverage=row.coverage or "all")
    if row.kind == "slope_ramp":
        return SlopeRamps(id=fid, kind="slope_ramp", count=row.count or 1, hexes_each=row.hexes_each or 1)
    if row.kind == "weird_magic" and row.target is not None and row.delta is not None:
        adjust = WeirdAdjustment(target=row.target, delta=row.delta, side="both")
        return WeirdMagic(id=fid, kind="weird_magic", adjustments=(adjust,))
    return None


def quick_terrain(rolls: Sequence[int], features: int = 3) -> tuple[QuickFeature, ...]:
    """Combat Chart 3, three times: a result already drawn is rolled again (the next roll is used)."""
    drawn: list[QuickFeature] = []
    for roll in rolls:
        row = look_up(quick_file().terrain, roll, 100)
        if any(d.row == row for d in drawn):
            continue
        drawn.append(QuickFeature(row, roll, _feature(row, f"quick_terrain_{len(drawn) + 1}")))
        if len(drawn) == features:
            return tuple(drawn)
    raise ParameterError(N_("{count} different terrain features need more rolls of Combat Chart 3"), count=features)


def quick_extra_trap(feature: QuickFeature, difficulty_dice: int | Sequence[int], roll: int) -> QuickTrap:
    """The extra trap a terrain feature buys: Trap Charts 2 and 3 on the feature's earnings as its budget."""
    return quick_trap(difficulty_dice, roll, feature.trap_budget)
