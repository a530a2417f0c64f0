"""The schema of Rune's data/foes.toml (Threat Categories, the Foe Maker's Table, the gallery's foe types and
the numbers foes are built with), validated when the file loads, and the look-ups foes.py uses.

Unknown keys are refused, Mix values must be exact decimal strings, and the facts the rules rely on are
checked: seven categories from most to least dangerous, every Maximum Threat a known category, the foe table
in benchmark order, and a foe Wound Threshold rule that agrees with health.toml's (which combat reads).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from runehall.errors import Invalid, ParameterError, RulesDataError
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.combat.settings import foe_wt
from runehall.systems.rune.records import PACKAGE

Stat = Literal["init", "atk", "dfn", "dam", "soak", "hp", "res"]
STATS: tuple[Stat, ...] = ("init", "atk", "dfn", "dam", "soak", "hp", "res")


class Strict(BaseModel):
    # Unknown keys are refused: a misspelt field would otherwise be silently ignored.
    model_config = ConfigDict(frozen=True, extra="forbid")


def _exact(value: Any) -> Any:
    """Mix values are exact decimal strings ("1.3"): a TOML float would already have lost the exactness."""
    if value == "none":
        return None
    if isinstance(value, Fraction):  # worked out exactly (a designer's creature, priced by its Adjust)
        return value
    if not isinstance(value, str):
        raise Invalid(N_('a Mix value is written as a decimal string such as "1.3", not {value!r}'), value=value)
    return Fraction(value)


class RollOfValorRule(Strict):
    min_heroes: int
    second_lowest_from: int
    lowest_at: tuple[int, ...]
    two_heroes_less: dict[Stat, int]


class Category(Strict):
    id: str
    name: str
    mix: Fraction
    self_willed_cost: int
    min_heroes: int
    maker: dict[Stat, int]

    _mix = field_validator("mix", mode="before")(_exact)


class Might(Strict):
    stats: tuple[Stat, ...]
    hp_divisor: int
    divisor: int


class WoundThreshold(Strict):
    default: int
    over_60_hp: int
    under_20_hp: int


class Missile(Strict):
    id: Literal["bow", "crossbow"]
    name: str
    init: int
    atk: int
    dam_cap: int
    range_dam_rating: int


class AttackForm(Strict):
    id: Literal["axe", "claw"]
    name: str


class FoeType(Strict):
    id: str
    family: str
    name: str
    label: str
    benchmark: int
    max_threat: str
    move: int
    adjust: dict[Stat, int]
    mix: Fraction | None
    page: int
    missiles: bool
    weapons: Literal["axe", "claw"]
    behaviour: Literal["headlong", "crafty", "stationary"]
    night_vision: bool
    always_predictable: bool = False
    undead: bool = False
    barb_net: bool = False

    _mix = field_validator("mix", mode="before")(_exact)


class FoesFile(Strict):
    schema_: Literal["runehall.rune.foes"] = Field(alias="schema")
    schema_version: Literal[1]
    stats: tuple[Stat, ...]
    roll_of_valor: RollOfValorRule
    category: tuple[Category, ...]
    clamps: dict[Stat, int]
    might: Might
    wound_threshold: WoundThreshold
    missile: tuple[Missile, ...]
    attack_form: tuple[AttackForm, ...]
    foe: tuple[FoeType, ...]

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _consistent(self) -> FoesFile:
        if self.stats != STATS:
            raise Invalid(N_("stats must be {stats} in that order"), stats=", ".join(STATS))
        rov = self.roll_of_valor
        if list(rov.lowest_at) != list(range(rov.min_heroes, rov.second_lowest_from)):
            raise Invalid(N_("roll_of_valor: lowest_at must run from min_heroes up to second_lowest_from"))
        ids = [c.id for c in self.category]
        if len(ids) != 7 or len(set(ids)) != 7:
            raise Invalid(N_("seven Threat Categories, each once"))
        for c in self.category:
            if set(c.maker) != set(STATS):
                raise Invalid(N_("category {id}: the Foe Maker row gives all seven stats"), id=c.id)
        for a, b in zip(self.category, self.category[1:], strict=False):
            if b.mix >= a.mix or any(b.maker[s] > a.maker[s] for s in STATS):
                raise Invalid(N_("categories run from most to least dangerous: {id} is out of order"), id=b.id)
        if sorted(m.id for m in self.missile) != ["bow", "crossbow"]:
            raise Invalid(N_("one missile row for the bow and one for the crossbow"))
        if sorted(f.id for f in self.attack_form) != ["axe", "claw"]:
            raise Invalid(N_("one attack form for the axe icon and one for the claw icon"))
        if len({f.id for f in self.foe}) != len(self.foe):
            raise Invalid(N_("foe ids must be unique"))
        for f in self.foe:
            if f.max_threat not in ids:
                raise Invalid(N_("foe {id}: unknown Maximum Threat {threat!r}"), id=f.id, threat=f.max_threat)
        benchmarks = [f.benchmark for f in self.foe]
        if benchmarks != sorted(benchmarks):
            raise Invalid(N_("foe types are listed by benchmark, as the book's table is"))
        return self


@cache
def foes_file() -> FoesFile:
    data = load_data(PACKAGE, "foes.toml", FoesFile)
    # The combat tracker sets a foe's WT from health.toml; the two files must not drift apart.
    wt, health = data.wound_threshold, foe_wt()
    if (wt.default, wt.over_60_hp, wt.under_20_hp) != tuple(
        health[k] for k in ("default_wt", "wt_if_hp_over_60", "wt_if_hp_under_20")
    ):
        raise RulesDataError(
            N_("{package}: foes.toml [wound_threshold] and health.toml [foes] disagree"), package=PACKAGE
        )
    return data


def categories() -> tuple[Category, ...]:
    """The seven Threat Categories, most dangerous first."""
    return foes_file().category


def category(category_id: str | Category) -> Category:
    if isinstance(category_id, Category):
        return category_id
    found = next((c for c in categories() if c.id == category_id), None)
    if found is None:
        known = ", ".join(c.id for c in categories())
        raise ParameterError(N_("no Threat Category {id!r} (known: {known})"), id=category_id, known=known)
    return found


def foe_types() -> tuple[FoeType, ...]:
    """The gallery's foe types, in the Foe Reference Table's order (by benchmark)."""
    return foes_file().foe


def foe_type(type_id: str | FoeType) -> FoeType:
    if isinstance(type_id, FoeType):
        return type_id
    found = next((f for f in foe_types() if f.id == type_id), None)
    if found is None:
        raise ParameterError(N_("no foe type {id!r} in Rune's gallery"), id=type_id)
    return found


def missile_row(missile_id: str) -> Missile:
    found = next((m for m in foes_file().missile if m.id == missile_id), None)
    if found is None:
        raise ParameterError(N_("a foe's missile weapon is 'bow' or 'crossbow', not {missile!r}"), missile=missile_id)
    return found


def attack_form(foe: FoeType) -> AttackForm:
    return next(f for f in foes_file().attack_form if f.id == foe.weapons)


def form_weapon_id(form: AttackForm) -> str:
    """The weapon id a foe's attack form gets in a fight (names no weapons.toml row)."""
    return f"{form.id}_attack"


def missile_weapon_id(row: Missile) -> str:
    return f"foe_{row.id}"


def foe_weapon_name(weapon_id: str) -> str | None:
    """The name of a foe's weapon by the id it gets in a fight (an attack form, a bow or a crossbow): what a
    stored event that kept only the id is read with. None for any other id."""
    data = foes_file()
    found = [f.name for f in data.attack_form if form_weapon_id(f) == weapon_id]
    found += [m.name for m in data.missile if missile_weapon_id(m) == weapon_id]
    return found[0] if found else None


def rank(c: Category) -> int:
    """0 for the most dangerous category."""
    return [x.id for x in categories()].index(c.id)
