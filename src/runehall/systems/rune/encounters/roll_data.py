"""The schema of Rune's data/encounter_rolls.toml (what a notes roll costs: spec 001b §13, 001c §1-§5), validated
when the file loads: every chart runs without a gap over its legal values, every structure and deity is priced
once, and the fractions are exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import pairwise
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.design import Deity, Structure
from runehall.systems.rune.records import PACKAGE

CountdownSuccesses = Literal["half", "one", "one_and_half", "two"]


class Strict(BaseModel):
    # Unknown keys are refused: a misspelt field would otherwise be silently ignored.
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


def _exact(value: Any) -> Any:
    """Fractions are strings ("1/2"): a TOML float would already have lost the exactness."""
    if not isinstance(value, str):
        raise Invalid(N_('a fraction is written as a string such as "1/2", not {value!r}'), value=value)
    return Fraction(value)


class Row(Strict):
    at: int
    ep: int


class Chart(Strict):
    """Value -> EP over a run of legal values without a gap (the lowest and highest legal ones are its ends)."""

    page: int
    rows: tuple[Row, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _no_gaps(self) -> Chart:
        values = [r.at for r in self.rows]
        if values != list(range(values[0], values[0] + len(values))):
            raise Invalid(N_("a chart's rows run one by one from its lowest value to its highest"))
        return self

    @property
    def lowest(self) -> int:
        return self.rows[0].at

    @property
    def highest(self) -> int:
        return self.rows[-1].at

    def ep(self, value: int) -> int | None:
        """The EP of a value, None outside the chart."""
        return next((r.ep for r in self.rows if r.at == value), None)


class DifficultyChart(Chart):
    default: int
    treasure_floor: int


class StructureCost(Strict):
    id: Structure
    ep: int
    page: int


class Conditional(Strict):
    page: int
    standard: int
    singular: int
    first_exposure: int


class Options(Strict):
    combat_action: int
    combat_action_page: int
    equipment_not_needed: int
    equipment_not_needed_page: int
    failure_leads_to_trap: int
    failure_leads_to_trap_page: int
    extra_roll: int
    extra_rolls_unlimited: int
    extra_rolls_page: int
    alternate_method: int
    max_methods: int = Field(ge=1)
    alternate_methods_page: int
    simultaneous_ability: int
    simultaneous_page: int
    combo_trap_share: Fraction
    combo_trap_page: int
    combo_gain_page: int
    clumping_free_rolls: int = Field(ge=0)
    clumping_per_earlier: int
    clumping_page: int

    _share = field_validator("combo_trap_share", mode="before")(_exact)


class Exotic(Strict):
    page: int
    characteristic_only: int
    ability_none_have: int
    stacked: int


class DeityCost(Strict):
    id: Deity
    ep: int


class Page(Strict):
    page: int


class ActionSink(Strict):
    page: int
    per_success: int
    trap_at_end: int
    trap_max_successes: int = Field(ge=1)


class PanicButton(Strict):
    page: int
    ep: int


class EnduranceGain(Strict):
    rolls: int
    ep: int


class Endurance(Strict):
    page: int
    min_rolls: int = Field(ge=2)
    max_rolls: int
    gain: tuple[EnduranceGain, ...]

    @model_validator(mode="after")
    def _every_count(self) -> Endurance:
        if [g.rolls for g in self.gain] != list(range(self.min_rolls, self.max_rolls + 1)):
            raise Invalid(N_("the Endurance Test gain chart has one row for each legal number of rolls"))
        return self


class CountdownBase(Strict):
    successes: CountdownSuccesses
    of_heroes: Fraction
    least: int
    times: int

    _of = field_validator("of_heroes", mode="before")(_exact)


class CountdownAttempts(Strict):
    attempts: int
    multiplier: Fraction

    _m = field_validator("multiplier", mode="before")(_exact)


class Countdown(Strict):
    page: int
    min_attempts: int = Field(ge=1)
    max_attempts: int
    base: tuple[CountdownBase, ...]
    attempts: tuple[CountdownAttempts, ...]

    @model_validator(mode="after")
    def _complete(self) -> Countdown:
        if sorted(b.successes for b in self.base) != sorted(get_args(CountdownSuccesses)):
            raise Invalid(N_("the Countdown base chart has one row for each number of successes"))
        if [a.attempts for a in self.attempts] != list(range(self.min_attempts, self.max_attempts + 1)):
            raise Invalid(N_("the Countdown multiplier chart has one row for each legal number of attempts"))
        return self


class Band(Strict):
    from_: int | None = Field(None, alias="from")
    to: int | None = None
    ep: int


class Scoreboard(Strict):
    page: int
    min_target: int = Field(ge=2)
    max_target: int
    per_success: tuple[Band, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _bands(self) -> Scoreboard:
        # Every opponent modifier falls in exactly one band: open at both ends, each next band starting one above.
        bands = self.per_success
        if bands[0].from_ is not None or bands[-1].to is not None:
            raise Invalid(N_("the Scoreboard chart's first band is open below and its last open above"))
        for a, b in pairwise(bands):
            if a.to is None or b.from_ != a.to + 1 or (b.to is not None and b.to < b.from_):
                raise Invalid(N_("the Scoreboard chart's bands follow each other without a gap or an overlap"))
        return self

    def ep(self, modifier: int) -> int:
        return next(b.ep for b in self.per_success if b.to is None or modifier <= b.to)


class EncounterRollsFile(Strict):
    schema_: Literal["runehall.rune.encounter_rolls"] = Field(alias="schema")
    schema_version: Literal[1]
    difficulty: DifficultyChart
    opposed: Chart
    baseline: Chart
    structure: tuple[StructureCost, ...]
    conditional: Conditional
    options: Options
    exotic: Exotic
    deity: tuple[DeityCost, ...]
    defiance: Page
    action_sink: ActionSink
    panic_button: PanicButton
    endurance: Endurance
    countdown: Countdown
    scoreboard: Scoreboard

    @model_validator(mode="after")
    def _consistent(self) -> EncounterRollsFile:
        if sorted(s.id for s in self.structure) != sorted(get_args(Structure)):
            raise Invalid(N_("every roll structure is priced once"))
        if sorted(d.id for d in self.deity) != sorted(get_args(Deity)):
            raise Invalid(N_("every deity is priced once"))
        if self.difficulty.ep(self.difficulty.default) is None:
            raise Invalid(N_("the default Difficulty is on the Difficulty chart"))
        return self

    def structure_cost(self, structure: str) -> StructureCost:
        return next(s for s in self.structure if s.id == structure)

    def deity_cost(self, deity: str) -> int:
        return next(d.ep for d in self.deity if d.id == deity)

    def countdown_base(self, successes: str) -> CountdownBase:
        return next(b for b in self.countdown.base if b.successes == successes)

    def countdown_multiplier(self, attempts: int) -> Fraction:
        return next(a.multiplier for a in self.countdown.attempts if a.attempts == attempts)


@cache
def roll_data() -> EncounterRollsFile:
    return load_data(PACKAGE, "encounter_rolls.toml", EncounterRollsFile)
