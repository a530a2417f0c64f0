"""The schema of data/quick_design.toml (the quick-and-dirty design charts and the trap damage surcharge),
validated when the file loads against the rest of Rune's data: abilities, foe types, categories and their
Mix, and terrain.toml's copy of Combat Chart 3."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.combat.terrain import terrain
from runehall.systems.rune.encounters.design import Structure
from runehall.systems.rune.encounters.dice_charts import Row, Strict, check_chart
from runehall.systems.rune.foe_data import categories, foe_types
from runehall.systems.rune.records import PACKAGE
from runehall.systems.rune.rules import rules

ANY_WEAPON = "any_weapon"  # Trap Chart 3's "any weapon Ability": the hero rolls with the one he likes


class Budget(Strict):
    ceiling: int = Field(ge=1)
    trap: int = Field(ge=1)
    gain_worth: int = Field(le=0)


class Dam(Strict):
    free_up_to: int = Field(ge=0)
    max_dam: int = Field(ge=1)


class Surcharge(Row):
    faces: tuple[int, int]  # here Dam ratings, not die faces
    surcharge: int = Field(ge=0)


class TrapCount(Row):
    traps: int = Field(ge=1)


class DifficultyRow(Row):
    difficulty: int | None = None  # None: no roll (Treasure/Gains Chart 1)
    cost: int


class RollRow(Row):
    ability: str
    structure: Structure
    cost: int


class GainPart(Strict):
    kind: Literal["bargaining", "healing", "loot_cache", "freestanding", "treasure", "shrine", "silver"]
    ep: int = Field(lt=0)
    hours: int | None = None  # healing: None is limitless
    difficulty: int | None = None
    count: int | None = None
    category: Literal["A", "B", "C", "D", "E", "F"] | None = None
    deity: str | None = None
    ounces: int | None = None


class GainType(Row):
    parts: tuple[GainPart, ...] = Field(min_length=1)


class FoeRow(Row):
    type: str


class ThreatRow(Row):
    category: str
    ratio: str = Field(pattern=r"^\d+:\d+$")
    mix: Fraction

    @field_validator("mix", mode="before")
    @classmethod
    def _exact(cls, value: Any) -> Any:
        if not isinstance(value, str):
            raise Invalid(N_('a Mix value is written as a decimal string such as "1.3", not {value!r}'), value=value)
        return Fraction(value)


class TerrainRow(Row):
    kind: Literal[
        "cover",
        "decoys",
        "hostages",
        "hiding_place",
        "levels",
        "slippery",
        "slope_ramp",
        "tube_strikers",
        "weird_magic",
    ]
    ep: int = Field(lt=0)
    degree: Literal["third", "half", "full"] | None = None
    shelters: int | None = None
    count: int | None = None
    coverage: Literal["third", "half", "two_thirds", "all"] | None = None
    hexes_each: int | None = None
    target: Literal["atk", "dfn", "dam", "soak"] | None = None
    delta: int | None = None


class QuickFile(Strict):
    schema_: Literal["runehall.rune.quick_design"] = Field(alias="schema")
    schema_version: Literal[1]
    budget: Budget
    dam: Dam
    dam_surcharge: tuple[Surcharge, ...]
    trap_count: tuple[TrapCount, ...]
    trap_difficulty: tuple[DifficultyRow, ...]
    trap_roll: tuple[RollRow, ...]
    gain_difficulty: tuple[DifficultyRow, ...]
    gain_roll: tuple[RollRow, ...]
    gain_type: tuple[GainType, ...]
    foe: tuple[FoeRow, ...]
    threat: tuple[ThreatRow, ...]
    terrain: tuple[TerrainRow, ...]

    model_config = Strict.model_config | {"populate_by_name": True}

    @model_validator(mode="after")
    def _consistent(self) -> QuickFile:
        check_chart("dam_surcharge", self.dam_surcharge, self.dam.max_dam, self.dam.free_up_to + 1)
        for what, sides in (
            ("trap_count", 10),
            ("trap_difficulty", 10),
            ("trap_roll", 100),
            ("gain_difficulty", 10),
            ("gain_roll", 100),
            ("gain_type", 100),
            ("foe", 100),
            ("threat", 10),
            ("terrain", 100),
        ):
            check_chart(what, getattr(self, what), sides)  # fmt: skip
        if any(r.difficulty is None for r in self.trap_difficulty):
            raise Invalid(N_("every trap is rolled against a Difficulty"))
        abilities = {a.id for a in rules().abilities.ability} | {ANY_WEAPON}
        costs: dict[str, int] = {}
        for row in (*self.trap_roll, *self.gain_roll):
            if row.ability not in abilities:
                raise Invalid(N_("no Ability {id!r} in abilities.toml"), id=row.ability)
            if costs.setdefault(row.structure, row.cost) != row.cost:
                raise Invalid(N_("the roll type {structure} has two different costs"), structure=row.structure)
        for result in self.gain_type:
            if sum(p.ep for p in result.parts) != self.budget.gain_worth:
                raise Invalid(N_("a treasure or gain result at {low} is not worth {worth}"), low=result.faces[0],
                              worth=self.budget.gain_worth)  # fmt: skip
        types = {f.id for f in foe_types()} | {"other"}
        for foe in self.foe:
            if foe.type not in types:
                raise Invalid(N_("no foe type {id!r} in foes.toml"), id=foe.type)
        mixes = {c.id: c.mix for c in categories()}
        if sorted(t.category for t in self.threat) != sorted(mixes):
            raise Invalid(N_("Combat Chart 2 lists each Threat Category once"))
        for t in self.threat:
            if mixes[t.category] != t.mix:
                raise Invalid(
                    N_("Combat Chart 2: {id} has the Mix {mix} in foes.toml"), id=t.category, mix=mixes[t.category]
                )
        theirs = [(tuple(r.roll), r.cost) for r in terrain().random_feature]
        if theirs != [(t.faces, t.ep) for t in self.terrain]:
            raise Invalid(N_("Combat Chart 3 disagrees with terrain.toml's copy of it"))
        return self


@cache
def quick_file() -> QuickFile:
    return load_data(PACKAGE, "quick_design.toml", QuickFile)
