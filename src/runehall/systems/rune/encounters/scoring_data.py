"""The schema of Rune's data/scoring.toml (spec 001b §6-§7: the numbers an encounter is scored with), validated
when the file loads: every award and deduction a whole number of VP, Valhalla's standings 1, 2, 3 ... without a
gap and never paying less for a better one, the terrain cap at least one feature's award."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.records import PACKAGE


# -- data/scoring.toml -----------------------------------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PillagerVP(_Strict):
    damage_vp_per_hp: int = Field(ge=1)
    death_blow_divisor: int = Field(ge=1)
    success_multiplier: int = Field(ge=1)
    damage_taken_per_hp: int = Field(ge=1)
    pvp_per_hp: int = Field(ge=1)
    hostage_freed: int = Field(ge=1)
    hostage_slain: int = Field(ge=1)
    arguing_penalty: int = Field(ge=1)
    slothful_divisor: int = Field(ge=2)


class RunnerVP(_Strict):
    thanks: int = Field(ge=1)
    almost_down: int = Field(ge=1)
    almost_down_hp: int = Field(ge=1)
    almost_down_wounds: int = Field(ge=1, le=5)
    almost_down_total_divisor: int = Field(ge=1)
    chortle_multiplier: int = Field(ge=1)
    terrain_per_feature: int = Field(ge=1)
    terrain_cap: int = Field(ge=1)
    history: int = Field(ge=0)
    trifecta: int = Field(ge=1)
    beginner: int = Field(ge=1)
    dead_hero: int = Field(ge=1)


class Valhalla(_Strict):
    standing: int = Field(ge=1)
    vp: int = Field(ge=0)


class ScoringFile(_Strict):
    schema_: str = Field(alias="schema")
    schema_version: Literal[1]
    pillager: PillagerVP
    runner: RunnerVP
    valhalla: tuple[Valhalla, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> ScoringFile:
        if [v.standing for v in self.valhalla] != list(range(1, len(self.valhalla) + 1)):
            raise Invalid(N_("valhalla: standings run 1, 2, 3 ... without a gap"))
        if any(a.vp < b.vp for a, b in zip(self.valhalla, self.valhalla[1:], strict=False)):
            raise Invalid(N_("valhalla: a better standing never pays less"))
        if self.runner.terrain_cap < self.runner.terrain_per_feature:
            raise Invalid(N_("runner: the terrain cap is below one feature's award"))
        return self

    def valhalla_vp(self, standing: int, low_rank: int) -> int:
        return self.valhalla[standing - 1].vp if standing <= len(self.valhalla) else low_rank


@cache
def scoring() -> ScoringFile:
    return load_data(PACKAGE, "scoring.toml", ScoringFile)
