"""The off-the-rack part of data/encounter_traps.toml's schema (spec 001c §7: equipment damage, drowning,
falling, fire, getting lost, grabbers, nuisance animals, ambushes), and the checks every chart of the file
shares: counted charts run one by one, range charts without a gap or an overlap.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_

Waters = Literal["tranquil", "choppy", "raging", "undercurrent"]
Current = Literal["none", "mild", "fast"]
Threat = Literal["superior", "equal", "inferior", "weak", "pitiful"]


class Strict(BaseModel):
    # Unknown keys are refused: a misspelt field would otherwise be silently ignored.
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


def counted(what: str, values: list[int], first: int) -> None:
    if values != list(range(first, first + len(values))):
        raise Invalid(N_("the chart {what} counts one by one from {first}"), what=what, first=first)


def spans(what: str, spans: list[tuple[int, int]], first: int) -> None:
    if not spans or spans[0][0] != first or any(low > high for low, high in spans):
        raise Invalid(N_("the chart {what} must start at {first}, each row from low to high"), what=what, first=first)
    for (_, end), (start, _) in pairwise(spans):
        if start != end + 1:
            raise Invalid(N_("the chart {what}: {end} and {start} leave a gap or overlap"), what=what, end=end,
                          start=start)  # fmt: skip


class Kit(Strict):
    item: str
    modifier: int = Field(gt=0)


class Equipment(Strict):
    page: int
    ep: int = Field(gt=0)
    unharmed_difficulty: int
    load_times: int = Field(gt=0)
    dwarven: int = Field(gt=0)
    magical: int = Field(gt=0)
    kit: tuple[Kit, ...] = Field(min_length=1)
    kit_slight_up_to: int = Field(gt=0)
    kit_mostly_up_to: int = Field(gt=0)
    kit_impairment: tuple[int, int, int]
    charm_per: int = Field(gt=0)
    helm_per: int = Field(gt=0)

    @model_validator(mode="after")
    def _once(self) -> Equipment:
        items = [k.item for k in self.kit]
        if len(set(items)) != len(items) or self.kit_slight_up_to >= self.kit_mostly_up_to:
            raise Invalid(N_("each kind of item is given once, and a kit's damage bands rise"))
        return self

    def modifier(self, item: str) -> int | None:
        return next((k.modifier for k in self.kit if k.item == item), None)


class WaterRow(Strict):
    id: str
    modifier: int
    ep: int = Field(ge=0)


class Drowning(Strict):
    page: int
    difficulty: int
    first_damage: int = Field(gt=0)
    step: int = Field(gt=0)
    direction: int
    pulling: int
    rope: int
    per_round: int
    waters: tuple[WaterRow, ...]
    currents: tuple[WaterRow, ...]

    @model_validator(mode="after")
    def _all(self) -> Drowning:
        waters, currents = [w.id for w in self.waters], [c.id for c in self.currents]
        if waters != list(get_args(Waters)) or currents != list(get_args(Current)):
            raise Invalid(N_("drowning prices every kind of water and current once, in order"))
        return self

    def water(self, waters: str) -> WaterRow:
        return next(w for w in self.waters if w.id == waters)

    def current(self, current: str) -> WaterRow:
        return next(c for c in self.currents if c.id == current)


class FallRow(Strict):
    feet: tuple[int, int]
    good: int = Field(gt=0)
    bad: int = Field(gt=0)
    ep: int = Field(gt=0)


class Falling(Strict):
    page: int
    jump_difficulty: int
    rows: tuple[FallRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _chart(self) -> Falling:
        spans("falling", [r.feet for r in self.rows], self.rows[0].feet[0])
        return self

    def row(self, feet: int) -> FallRow | None:
        return next((r for r in self.rows if r.feet[0] <= feet <= r.feet[1]), None)


class Water(Strict):
    paces: int = Field(gt=0)
    ep: int = Field(lt=0)


class Fire(Strict):
    page: int
    exposure: int = Field(gt=0)
    raging: int = Field(gt=0)
    ignite: int
    ignite_quilted: int
    exposure_start: int = Field(gt=0)
    raging_start: int = Field(gt=0)
    step: int = Field(gt=0)
    smother: int
    raging_smother: int
    water: tuple[Water, ...] = Field(min_length=1)

    def water_ep(self, paces: int) -> int | None:
        return next((w.ep for w in sorted(self.water, key=lambda w: w.paces) if paces <= w.paces), None)


class ThreatRow(Strict):
    difference: tuple[int, int]
    threat: Threat


class Lost(Strict):
    page: int
    base: int = Field(gt=0)
    free_difficulty: int
    surcharge_times: int = Field(gt=0)
    most_needed: int = Field(gt=1)
    threat: tuple[ThreatRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _chart(self) -> Lost:
        spans("lost.threat", [r.difference for r in self.threat], 0)
        return self

    def threat_for(self, difference: int) -> Threat:
        return next(r.threat for r in self.threat if r.difference[0] <= max(0, difference) <= r.difference[1])


class Grabber(Strict):
    page: int
    ep: int = Field(gt=0)
    escape_difficulty: int
    missile_atk: int = Field(gt=0)
    melee_penalty: int = Field(gt=0)


class NuisanceRow(Strict):
    dam: int
    ep: int = Field(gt=0)


class Nuisance(Strict):
    page: int
    rows: tuple[NuisanceRow, ...] = Field(min_length=1)
    light_armour_prot: int = Field(ge=0)
    light_armour_times: int = Field(gt=1)
    bravery_difficulty: int
    dodge_difficulty: int

    @model_validator(mode="after")
    def _chart(self) -> Nuisance:
        counted("nuisance", [r.dam for r in self.rows], 1)
        return self


class AmbushRound(Strict):
    atk: int = Field(ge=0)
    dfn: int = Field(ge=0)
    engagement: int = Field(ge=0)


class Ambush(Strict):
    page: int
    foes_ambush: int = Field(gt=0)
    heroes_ambush: int = Field(lt=0)
    recovery_difficulty: int
    recovered_penalty: int = Field(ge=0)
    rounds: tuple[AmbushRound, ...] = Field(min_length=1)
