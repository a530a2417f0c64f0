"""The schema of Rune's data/encounter_traps.toml (traps and hazards: spec 001c §6-§7), validated when the file
loads: every chart counts one by one from its first value with nothing left out, the range charts (falling
heights, a lost hero's Stealth difference) run without a gap or an overlap, and signs are the ones the rules
rely on (a trap spends, a gain earns). The off-the-rack hazards' part is trap_rack_data.py's.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import pairwise
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.trap_rack_data import (
    Ambush,
    Current,
    Drowning,
    Equipment,
    Falling,
    Fire,
    Grabber,
    Lost,
    Nuisance,
    Strict,
    Threat,
    Waters,
    counted,
)
from runehall.systems.rune.records import PACKAGE

__all__ = ["Current", "Threat", "TrapsFile", "Waters", "traps_file"]


class Limits(Strict):
    page: int
    per_encounter: int = Field(gt=0)
    per_fight: int = Field(gt=0)


class DiceCost(Strict):
    count: int
    ep: int = Field(gt=0)


class Damage(Strict):
    page: int
    armour_ignoring: int = Field(gt=0)
    armour_ignoring_page: int
    dice_page: int
    dice: tuple[DiceCost, ...] = Field(min_length=1)
    recurring_page: int
    recurring_times: Fraction
    escalating_extra: int = Field(ge=0)
    escalating_step: int = Field(gt=0)

    @field_validator("recurring_times", mode="before")
    @classmethod
    def _exact(cls, value: Any) -> Any:
        if not isinstance(value, str):
            raise Invalid(N_('a fraction is written as a string such as "5/2", not {value!r}'), value=value)
        return Fraction(value)

    @model_validator(mode="after")
    def _charts(self) -> Damage:
        counted("damage.dice", [d.count for d in self.dice], 1)
        return self

    @property
    def most_dice(self) -> int:
        return self.dice[-1].count


class Impairment(Strict):
    page: int
    max_non_wound: int = Field(gt=0)
    per_combat: int = Field(gt=0)
    per_combat_specific: int = Field(gt=0)
    per_trap_roll: int = Field(gt=0)
    per_gain_roll: int = Field(gt=0)
    per_freestanding: int = Field(gt=0)
    lowest_free_difficulty: int


class SleepRow(Strict):
    hours: int = Field(gt=0)
    points: int = Field(gt=0)


class Sleep(Strict):
    page: int
    awake_before: int = Field(gt=0)
    rows: tuple[SleepRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rising(self) -> Sleep:
        if any(a.hours >= b.hours or a.points >= b.points for a, b in pairwise(self.rows)):
            raise Invalid(N_("sleep deprivation's rows rise in hours and in points"))
        return self


class Stick(Strict):
    page: int
    per_point: int = Field(gt=0)
    max_penalty: int = Field(gt=0)
    init_per_point: int = Field(gt=0)


class LossOfStatus(Strict):
    page: int
    step: int = Field(gt=0)
    most: int = Field(gt=0)


class Limited(Strict):
    victims: int
    ep: int = Field(le=0)


class Repeat(Strict):
    targets: int
    ep: int = Field(gt=0)


class Targeting(Strict):
    page: int
    limited: tuple[Limited, ...] = Field(min_length=1)
    repeat_page: int
    repeat: tuple[Repeat, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _charts(self) -> Targeting:
        counted("targeting.limited", [r.victims for r in self.limited], 1)
        counted("targeting.repeat", [r.targets for r in self.repeat], 1)
        return self


class Positional(Strict):
    page: int
    paces_per_point: int = Field(gt=0)
    per_point: int = Field(gt=0)
    book_danger_per_point: int = Field(gt=0)


class StickCarrot(Strict):
    page: int
    per_point: int = Field(gt=0)
    max_side: int = Field(gt=0)
    max_init_side: int = Field(gt=0)
    max_rounds: int = Field(gt=0)


class TrapsFile(Strict):
    schema_: Literal["runehall.rune.encounter_traps"] = Field(alias="schema")
    schema_version: Literal[1]
    limits: Limits
    damage: Damage
    impairment: Impairment
    sleep: Sleep
    stick: Stick
    loss_of_status: LossOfStatus
    targeting: Targeting
    positional: Positional
    stick_carrot: StickCarrot
    equipment: Equipment
    drowning: Drowning
    falling: Falling
    fire: Fire
    lost: Lost
    grabber: Grabber
    nuisance: Nuisance
    ambush: Ambush


@cache
def traps_file() -> TrapsFile:
    return load_data(PACKAGE, "encounter_traps.toml", TrapsFile)
