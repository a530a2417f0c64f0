"""Midgard's rules data for characters: the schemas of the files in data/ and one validated, cached Rules.

The files also carry documentation (notes, summaries, sources); the schemas read what the engine uses and
check the facts that must hold when a file loads: five god runes with consistent caps, 38 skills with
cumulative costs, twelve legends whose slots fill positions 1-4, 24 gift runes of three levelled gifts at
the Table 4 prices, precomputed wound tracks and armour pools that agree with their own rules, and
formulas that parse in the shared vocabulary (formula.py).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from itertools import pairwise
from typing import Any

from pydantic import model_validator

from runehall.errors import Invalid, RulesDataError
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.midgard.armoury import (
    ActionDef,
    ArmourFile,
    ArmourType,
    CombatFile,
    EnemiesFile,
    EnemyClass,
    Location,
    RangedDef,
    WeaponDef,
    WeaponsFile,
)
from runehall.systems.midgard.gift_runes import GiftCost, GiftDef, GiftsFile
from runehall.systems.midgard.records import Data, Formula, check_formula

PACKAGE = "runehall.systems.midgard"
RUNE_CODES = ("F", "Th", "A", "H", "T")


# -- god_runes.toml ---------------------------------------------------------------------------------
class RuneCreation(Data):
    start_value: int
    birthright_bonus: int
    birthright_start_value: int
    points: int
    max_raise_above_start: int
    max_value_ordinary: int
    max_value_birthright: int


class GodRuneDef(Data):
    id: str
    code: str
    name: str
    sheet_group: str


class GodRunesFile(Data):
    creation: RuneCreation
    rune: tuple[GodRuneDef, ...]

    @model_validator(mode="after")
    def _caps(self) -> GodRunesFile:
        c = self.creation
        if tuple(r.code for r in self.rune) != RUNE_CODES:
            raise Invalid(N_("the god runes are {rune_codes} in that order"), rune_codes=", ".join(RUNE_CODES))
        if c.birthright_start_value != c.start_value + c.birthright_bonus:
            raise Invalid(N_("the birthright start must be the start plus the bonus"))
        if (c.max_value_ordinary, c.max_value_birthright) != (
            c.start_value + c.max_raise_above_start,
            c.birthright_start_value + c.max_raise_above_start,
        ):
            raise Invalid(N_("the creation maxima must be each start plus max_raise_above_start"))
        return self


# -- character.toml ---------------------------------------------------------------------------------
class BirthrightDef(Data):
    id: str
    name: str
    book_alias: str = ""
    rune_bonus: str
    rune_bonus_amount: int
    extra_skill_points: int
    option: str = ""
    extra_wound_boxes_per_rank: int


class GenderPackage(Data):
    id: str
    free_skills: tuple[str, ...]


class GenderClash(Data):
    gender: str
    legend: str
    slot: int
    clashing_skill: str
    required_instead: str


class Budget(Data):
    points: int
    max_free_ranks_per_skill: int = 1


class CharacterFile(Data):
    birthright: tuple[BirthrightDef, ...]
    gender_package: tuple[GenderPackage, ...]
    gender_clash: tuple[GenderClash, ...]
    skills_budget: Budget
    gifts_budget: Budget


# -- legends.toml -----------------------------------------------------------------------------------
class LegendSlot(Data):
    slots: tuple[int, ...]
    picks: int
    options: tuple[str, ...]

    @model_validator(mode="after")
    def _fits(self) -> LegendSlot:
        if self.picks != len(self.slots) or len(self.options) < self.picks:
            raise Invalid(N_("a slot fills one position per pick, from at least that many options"))
        return self


class LegendDef(Data):
    id: str
    name: str
    weapon_hints: tuple[str, ...] = ()
    slot: tuple[LegendSlot, ...]

    @model_validator(mode="after")
    def _four(self) -> LegendDef:
        if [p for s in self.slot for p in s.slots] != [1, 2, 3, 4]:
            raise Invalid(N_("legend {id}: the slots must fill positions 1 to 4 in order"), id=self.id)
        return self


class LegendsFile(Data):
    linked_skills: int
    legend: tuple[LegendDef, ...]


# -- skills.toml ------------------------------------------------------------------------------------
class RankCost(Data):
    to: int
    step: int
    from_zero: int


class SkillDef(Data):
    name: str
    id: str
    rune: str
    knowledge: bool
    verbal: bool
    legend_only: str = ""


class Ranks(Data):
    min: int
    max: int


class SkillsFile(Data):
    skill_count: int
    ranks: Ranks
    rank_cost: tuple[RankCost, ...]
    skill: tuple[SkillDef, ...]
    aliases: dict[str, str]

    @model_validator(mode="after")
    def _catalogue(self) -> SkillsFile:
        if len(self.skill) != self.skill_count or len({s.name for s in self.skill}) != self.skill_count:
            raise Invalid(N_("the catalogue must hold {skill_count} distinct skills"), skill_count=self.skill_count)
        total = 0
        for rank, cost in enumerate(self.rank_cost, start=1):
            total += cost.step
            if (cost.to, cost.from_zero) != (rank, total):
                raise Invalid(
                    N_("rank_cost for rank {rank} must add up from rank 0 (expected {total})"), rank=rank, total=total
                )
        if len(self.rank_cost) != self.ranks.max:
            raise Invalid(N_("there must be one rank cost per rank up to the maximum"))
        names = {s.name for s in self.skill}
        if not set(self.aliases.values()) <= names:
            raise Invalid(N_("every alias must name a catalogue skill"))
        return self


# -- qualities.toml ---------------------------------------------------------------------------------
class QualityBase(Data):
    lo: int
    hi: int | None = None
    score: int


class QualityBaseRules(Data):
    below_table_score: int


class QualityDef(Data):
    id: str
    name: str
    formula: str = ""
    alternative_formula: Formula = ""
    dice: Formula = ""
    bonus: Formula = ""
    bonus_rounding: str = ""


class WoundRank(Data):
    rank: int
    multiplier: float
    merkstave_penalty: int


class WoundTrackExample(Data):
    health: int
    boxes: tuple[int, ...]
    total: int
    total_loysing: int


class Wounds(Data):
    rank_count: int
    box_rounding: str
    loysing_extra_boxes_per_rank: int
    rank: tuple[WoundRank, ...]
    track: tuple[WoundTrackExample, ...]


class WyrdRules(Data):
    bonus_dice_cap: Formula


class DerivedFormulas(Data):
    throw_range_ft: Formula
    unarmed_speed: Formula


class QualitiesFile(Data):
    quality_base: tuple[QualityBase, ...]
    quality_base_rules: QualityBaseRules
    quality: tuple[QualityDef, ...]
    wounds: Wounds
    wyrd: WyrdRules
    derived: DerivedFormulas

    @model_validator(mode="after")
    def _table(self) -> QualitiesFile:
        rows = self.quality_base
        if any(a.hi is None or a.hi + 1 != b.lo for a, b in pairwise(rows)) or rows[-1].hi:
            raise Invalid(N_("the quality base rows must be contiguous and the last one open-ended"))
        if len(self.wounds.rank) != self.wounds.rank_count:
            raise Invalid(N_("wounds.rank must list rank_count ranks"))
        for q in self.quality:
            if q.id in FORMULA_QUALITIES:
                check_formula(q.formula)
        return self


FORMULA_QUALITIES = ("defence", "weapon_skill", "health", "wyrd_max", "declaration_score")


# -- the cached whole -------------------------------------------------------------------------------
def fold(text: str) -> str:
    """How people type names: case, accents, spaces and hyphens ignored."""
    plain = "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))
    return "".join(c for c in plain if c.isalnum())


class Rules:
    """The character-side rules files, validated, with look-ups by id, name or the book's other names."""

    def __init__(self) -> None:
        self.god_runes = load_data(PACKAGE, "god_runes.toml", GodRunesFile)
        self.character = load_data(PACKAGE, "character.toml", CharacterFile)
        self.legends = load_data(PACKAGE, "legends.toml", LegendsFile)
        self.skills = load_data(PACKAGE, "skills.toml", SkillsFile)
        self.qualities = load_data(PACKAGE, "qualities.toml", QualitiesFile)
        self.gifts = load_data(PACKAGE, "gifts.toml", GiftsFile)
        self.weapons = load_data(PACKAGE, "weapons.toml", WeaponsFile)
        self.armour = load_data(PACKAGE, "armour.toml", ArmourFile)
        self.combat = load_data(PACKAGE, "combat.toml", CombatFile)
        self.enemies = load_data(PACKAGE, "enemies.toml", EnemiesFile)
        self._runes = _index((r, (r.id, r.code, r.name)) for r in self.god_runes.rune)
        self._skills = _index((s, (s.name, s.id)) for s in self.skills.skill)
        for alias, target in self.skills.aliases.items():
            self._skills.setdefault(fold(alias), self._skills[fold(target)])
        self._birthrights = _index(
            (b, (b.id, b.name, b.book_alias, b.book_alias.split("(")[0])) for b in self.character.birthright
        )
        self._legends = _index((legend, (legend.id, legend.name)) for legend in self.legends.legend)
        self._gifts = _index((g, (g.id, g.name)) for r in self.gifts.gift_rune for g in r.gift)
        self.gift_rune_of = {g.id: r for r in self.gifts.gift_rune for g in r.gift}
        self._weapons = _index((w, (w.id, w.name)) for w in self.weapons.weapon)
        self._ranged = _index((w, (w.id, w.name)) for w in self.weapons.ranged)
        self._armour = _index((t, (t.id, t.name)) for t in self.armour.armour_type)
        self._locations = _index((loc, (loc.id, loc.name)) for loc in self.armour.location)
        self._check_references()

    def _check_references(self) -> None:
        """Names one file uses that another defines: a typo here would only show up mid-game."""
        named = [s for legend in self.legends.legend for slot in legend.slot for s in slot.options]
        named += [s for p in self.character.gender_package for s in p.free_skills]
        named += [s for w in self.weapons.weapon for s in w.skills] + [w.skill for w in self.weapons.ranged]
        named += [g.skill for r in self.gifts.gift_rune for g in r.gift if g.skill]
        for name in named:
            if fold(name) not in self._skills:
                raise RulesDataError(
                    N_("{package}: {name!r} is used in the data but is not a catalogue skill"),
                    package=PACKAGE,
                    name=name,
                )
        for b in self.character.birthright:
            if b.rune_bonus and fold(b.rune_bonus) not in self._runes:
                raise RulesDataError(
                    N_("{package}: birthright {id} names an unknown god rune"), package=PACKAGE, id=b.id
                )
        for t in self.armour.armour_type:
            if any(self.location(loc) is None for loc in t.allowed_locations):
                raise RulesDataError(
                    N_("{package}: armour type {id} names an unknown location"), package=PACKAGE, id=t.id
                )

    def god_rune(self, key: str) -> GodRuneDef | None:
        return self._runes.get(fold(key))

    def skill(self, key: str) -> SkillDef | None:
        return self._skills.get(fold(key))

    def birthright(self, key: str) -> BirthrightDef | None:
        return self._birthrights.get(fold(key))

    def legend(self, key: str) -> LegendDef | None:
        return self._legends.get(fold(key))

    def gift(self, key: str) -> GiftDef | None:
        return self._gifts.get(fold(key))

    def weapon(self, key: str) -> WeaponDef | RangedDef | None:
        return self._weapons.get(fold(key)) or self._ranged.get(fold(key))

    def melee(self, key: str) -> WeaponDef | None:
        """A Table 10 weapon or shield, by id or name."""
        return self._weapons.get(fold(key))

    def ranged(self, key: str) -> RangedDef | None:
        """A Table 11 row, by id."""
        return self._ranged.get(fold(key))

    def enemy_class(self, class_id: str) -> EnemyClass:
        return next(k for k in self.enemies.enemy_class if k.id == class_id)

    def armour_type(self, key: str) -> ArmourType | None:
        return self._armour.get(fold(key))

    def location(self, key: str) -> Location | None:
        return self._locations.get(fold(key))

    def gender(self, key: str) -> GenderPackage | None:
        return next((p for p in self.character.gender_package if p.id == fold(key)), None)

    def quality(self, quality_id: str) -> QualityDef:
        return next(q for q in self.qualities.quality if q.id == quality_id)

    def action(self, action_id: str) -> ActionDef:
        return next(a for a in self.combat.action if a.id == action_id)

    def gift_price(self, level: int) -> GiftCost:
        return next(c for c in self.gifts.creation_cost if c.level == level)


def _index(entries: Any) -> dict[str, Any]:
    index: dict[str, Any] = {}
    for record, keys in entries:
        for key in keys:
            if key:
                index.setdefault(fold(key), record)
    return index


@cache
def rules() -> Rules:
    return Rules()
