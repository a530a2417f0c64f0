"""The schemas of data/encounter_terrain.toml and data/encounter_foes.toml, validated when they load: every
coverage band given once, the charts in order with no gaps, caps and signs the rules rely on.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.design import Coverage
from runehall.systems.rune.foe_data import STATS, Stat
from runehall.systems.rune.records import PACKAGE

COVERAGES: tuple[Coverage, ...] = ("less_than_third", "third", "half", "two_thirds", "all")


class Strict(BaseModel):
    # Unknown keys are refused: a misspelt field would otherwise be silently ignored.
    model_config = ConfigDict(frozen=True, extra="forbid")


def _fraction(value: Any) -> Any:
    if not isinstance(value, str):
        raise Invalid(N_('an exact number is written as a string such as "1/2", not {value!r}'), value=value)
    return Fraction(value)


# -- encounter_terrain.toml ------------------------------------------------------------------------------
class BudgetRow(Strict):
    victory_points: int = Field(gt=0)
    increase: int = Field(gt=0)


class Budget(Strict):
    base: int = Field(gt=0)
    page: int | None = None
    row: tuple[BudgetRow, ...] = Field(min_length=1)
    every_additional: int = Field(gt=0)
    increase_each: int = Field(gt=0)


class JumpCost(Strict):
    difficulty: int
    ep: int


class Jump(Strict):
    lowest_set: int
    highest: int
    cost: tuple[JumpCost, ...]


class Each(Strict):
    ep: int = Field(lt=0)
    cap: int = Field(gt=0)
    cap_scope: Literal["encounter", "fight"] = "encounter"
    jump_difficulty: int | None = None
    page: int | None = None


class CoverRow(Strict):
    degree: Literal["third", "half", "full"]
    ep: int = Field(lt=0)
    jump_difficulty: int


class Amount(Strict):
    ep: int


class DamRow(Strict):
    dam: int = Field(gt=0)
    ep: int = Field(lt=0)


class HexRow(Strict):
    hexes: Literal["2-4", "5", "10"]
    ep: int = Field(lt=0)


class BaitRow(Strict):
    rounds: int = Field(gt=1)
    ep: int = Field(gt=0)


class DamagingPlace(Strict):
    max_bait_rounds: int
    dam: tuple[DamRow, ...] = Field(min_length=1)
    expanding: tuple[HexRow, ...]
    bait: tuple[BaitRow, ...]


class Exits(Strict):
    one: int = Field(lt=0)
    two: int = Field(lt=0)
    one_double: int = Field(lt=0)


class Vision(Strict):
    darkness: int = Field(gt=0)
    gloom: int = Field(gt=0)
    torch_proof: int = Field(gt=0)
    obscurant_per_point: int = Field(gt=0)


class Missile(Strict):
    full: int = Field(lt=0)
    half: int = Field(lt=0)
    penalty_per_point: int = Field(lt=0)
    penalty_max_points: int = Field(gt=0)


class Bands(Strict):
    page: int | None = None
    less_than_third: int | None = Field(None, le=0)
    third: int | None = Field(None, le=0)
    half: int | None = Field(None, le=0)
    two_thirds: int | None = Field(None, le=0)
    all: int | None = Field(None, le=0)

    def ep(self, coverage: Coverage) -> int | None:
        value: int | None = getattr(self, coverage)
        return value


class Ramp(Strict):
    ep: int = Field(lt=0)
    min_hexes: int = Field(gt=0)


class Weird(Strict):
    page: int | None = None
    ep_per_point: int = Field(gt=0)
    max_points: int = Field(gt=0)
    not_together: tuple[tuple[str, str], ...]
    never_foes: tuple[str, ...]
    share: dict[Literal["place", "shaman_brazier", "shaman_chant"], Fraction]

    @field_validator("share", mode="before")
    @classmethod
    def _shares(cls, value: Any) -> Any:
        return {k: _fraction(v) for k, v in value.items()} if isinstance(value, dict) else value


class TerrainFile(Strict):
    schema_: Literal["runehall.rune.encounter_terrain"] = Field(alias="schema")
    schema_version: Literal[1]
    budget: Budget
    jump: Jump
    barrier: Each
    cover: tuple[CoverRow, ...]
    cover_cap: Amount
    damaging_place: DamagingPlace
    counted: dict[Literal["decoys", "hostages", "levels", "tube_strikers", "obscurant_areas"], Each]
    limited_exits: Exits
    vision: Vision
    missile: Missile
    ground: dict[Literal["slippery", "uneven", "slope_area"], Bands]
    slope_ramp: Ramp
    weird_magic: Weird

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _consistent(self) -> TerrainFile:
        rows = self.budget.row
        if [r.victory_points for r in rows] != sorted({r.victory_points for r in rows}):
            raise Invalid(N_("the budget table runs from the least victory points up, each once"))
        if any(b.increase <= a.increase for a, b in pairwise(rows)):
            raise Invalid(N_("each row of the budget table raises the limit more than the row before"))
        jump = [c.difficulty for c in self.jump.cost]
        if jump != list(range(jump[0], self.jump.highest + 1)) or not jump[0] < self.jump.lowest_set <= 6:
            raise Invalid(N_("the jump Difficulty chart gives every Difficulty once, in order, up to its highest"))
        if any(b.ep <= a.ep for a, b in pairwise(self.jump.cost)):
            raise Invalid(N_("a higher jump Difficulty always costs more"))
        if sorted(c.degree for c in self.cover) != ["full", "half", "third"] or self.cover_cap.ep >= 0:
            raise Invalid(N_("one cover row for each degree, and a cap that earns"))
        for row in self.cover:
            if row.jump_difficulty not in jump:
                raise Invalid(N_("cover's jump Difficulty {d} is not on the jump chart"), d=row.jump_difficulty)
        dams = [d.dam for d in self.damaging_place.dam]
        if dams != sorted(set(dams)):
            raise Invalid(N_("the Dam ratings of damaging places are listed from the least, each once"))
        if sorted(h.hexes for h in self.damaging_place.expanding) != ["10", "2-4", "5"]:
            raise Invalid(N_("one expanding row for each hex size"))
        baits = [b.rounds for b in self.damaging_place.bait]
        if baits != list(range(2, self.damaging_place.max_bait_rounds + 1)):
            raise Invalid(N_("a bait row for every number of rounds from two up to the most allowed"))
        if set(self.counted) != {"decoys", "hostages", "levels", "tube_strikers", "obscurant_areas"}:
            raise Invalid(N_("a counted row for decoys, hostages, levels, tube-strikers and areas of light"))
        if set(self.ground) != {"slippery", "uneven", "slope_area"}:
            raise Invalid(N_("ground rows for slippery, uneven and sloped areas"))
        for kind in ("slippery", "uneven"):
            if any(self.ground[kind].ep(c) is None for c in COVERAGES):
                raise Invalid(N_("{kind} ground gives every coverage band"), kind=kind)
        weird = self.weird_magic
        if set(weird.share) != {"place", "shaman_brazier", "shaman_chant"} or any(
            not 0 < s <= 1 for s in weird.share.values()
        ):
            raise Invalid(N_("weird magic gives a share of its cost, above nothing and at most all, per source"))
        return self


# -- encounter_foes.toml ---------------------------------------------------------------------------------
class MixPoints(Strict):
    init: int = Field(gt=0)
    atk: int = Field(gt=0)
    dfn: int = Field(gt=0)
    dam: int = Field(gt=0)
    soak: int = Field(gt=0)
    hp: int = Field(gt=0)
    res: int = Field(gt=0)
    mix_per_point: Fraction
    decreases_pay_nothing: tuple[Stat, ...]

    _exact = field_validator("mix_per_point", mode="before")(_fraction)

    def weight(self, stat: Stat) -> Fraction:
        """Mix points per point of `stat` (1/3 for INIT)."""
        return Fraction(1, int(getattr(self, stat)))


class SelfWilled(Strict):
    attacks_foes_type: str


class NoMissile(Strict):
    ep: int = Field(lt=0)
    arrow_share: Fraction

    _exact = field_validator("arrow_share", mode="before")(_fraction)


class TubeStriker(Strict):
    type: str
    trap_ep: int = Field(gt=0)


class Hostages(Strict):
    behaviour: Literal["crafty", "headlong"]


class Shaman(Strict):
    type: str


class FoesPricingFile(Strict):
    schema_: Literal["runehall.rune.encounter_foes"] = Field(alias="schema")
    schema_version: Literal[1]
    mix_points: MixPoints
    self_willed: SelfWilled
    no_missile: NoMissile
    tube_striker: TubeStriker
    hostages: Hostages
    shaman: Shaman

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _consistent(self) -> FoesPricingFile:
        from runehall.systems.rune.foe_data import foe_types

        known = {f.id for f in foe_types()}
        for type_id in (self.self_willed.attacks_foes_type, self.tube_striker.type, self.shaman.type):
            if type_id not in known:
                raise Invalid(N_("no foe type {id!r} in foes.toml"), id=type_id)
        if not 0 < self.no_missile.arrow_share <= 1 or set(self.mix_points.decreases_pay_nothing) - set(STATS):
            raise Invalid(N_("the arrow share is above nothing and at most all; decreases name known stats"))
        return self


@cache
def terrain_file() -> TerrainFile:
    return load_data(PACKAGE, "encounter_terrain.toml", TerrainFile)


@cache
def foes_pricing_file() -> FoesPricingFile:
    return load_data(PACKAGE, "encounter_foes.toml", FoesPricingFile)
