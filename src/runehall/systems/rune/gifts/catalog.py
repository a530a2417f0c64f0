"""Rune's Divine Gifts and Rune Powers as data (spec 001b §2.4-§2.6, §16.2): data/gifts.toml read and checked
when it loads (unique ids, costs above 0, patrons among the thirteen gods, weapons Rune's armoury knows, the
recharge table ascending), and the look-ups the rest of Rune uses: a gift by id, its levels, its uses per
scope, a Rune Power's recharge time.

A hero's gifts are a mapping gift id -> level everywhere (`gifts: dict[str, int]`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from runehall.errors import Invalid, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.dice_charts import Strict
from runehall.systems.rune.records import PACKAGE
from runehall.systems.rune.rules import rules

if TYPE_CHECKING:
    from runehall.systems.rune.options import RuneOptions

Kind = Literal["stat", "conditional", "triggered", "activated", "vp"]
Scope = Literal["none", "fight", "combat", "event", "encounter", "session"]
Unit = Literal["days", "hours", "minutes", "rounds"]
Levels = int | Literal["unlimited"]
MAX_LEVEL = 100  # far above any level a hero could buy (the dearest gifts cost 400 VP a level)


class _GiftRow(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)
    name: str = Field(min_length=1, max_length=80)
    cost: int = Field(gt=0, le=1000)
    patron: str
    levels: Levels
    table_levels: int | None = Field(None, ge=1, le=20)
    page: int = Field(ge=1, le=300)
    kind: Kind
    scope: Scope
    uses: Literal["X", "1"] | None = None
    no_action: bool
    summary: str = Field(min_length=1, max_length=200)


class _PowerRow(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)
    name: str = Field(min_length=1, max_length=80)
    cost: int = Field(gt=0, le=1000)
    levels: Levels
    weapon: str
    duration: Literal["X", "2X", "1+X/2", "X attacks", "instant"]
    summary: str = Field(min_length=1, max_length=200)


class Recharge(Strict):
    level: int = Field(ge=1, le=MAX_LEVEL)
    amount: int = Field(ge=1, le=100)
    unit: Unit


class _GiftFile(Strict):
    schema_: str = Field(alias="schema")
    schema_version: int
    gods: tuple[str, ...] = Field(min_length=1)
    rune_power_page: int = Field(ge=1, le=300)
    recharge: tuple[Recharge, ...] = Field(min_length=1)
    gift: tuple[_GiftRow, ...] = Field(min_length=1)
    rune_power: tuple[_PowerRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> _GiftFile:
        ids = [g.id for g in self.gift] + [p.id for p in self.rune_power]
        for i, found in enumerate(ids):
            if found in ids[:i]:
                raise Invalid(N_("the gift {what} is defined twice"), what=found)
        for row in self.gift:
            if row.patron not in self.gods:
                raise Invalid(N_("the gift {what} names a patron who is not one of the gods: {patron}"),
                              what=row.name, patron=row.patron)  # fmt: skip
        levels = [r.level for r in self.recharge]
        if levels[0] != 1 or levels != sorted(set(levels)):
            raise Invalid(N_("the recharge table's levels must start at 1 and rise"))
        return self


@dataclass(frozen=True)
class Gift:
    """One Divine Gift or Rune Power. max_level None = unlimited; uses None = not counted."""

    id: str
    name: str
    cost: int
    patron: str | None
    max_level: int | None
    kind: Kind
    scope: Scope
    uses: str | None
    no_action: bool
    page: int
    rune_power: bool
    summary: str = ""  # one line of our own words (English; Spanish in Rune's catalog)
    weapon: str | None = None
    duration: str | None = None  # a Rune Power's time active (see data/gifts.toml)
    table_levels: int | None = None  # the book's table where it disagrees with the entry


def _levels(value: Levels) -> int | None:
    return None if value == "unlimited" else value


@cache
def _file() -> _GiftFile:
    return load_data(PACKAGE, "gifts.toml", _GiftFile)


@cache
def gifts() -> Mapping[str, Gift]:
    """Every gift and Rune Power by id, in the book's order (gifts first)."""
    data = _file()
    weapons = {w.id for w in rules().weapons.weapon}
    found: dict[str, Gift] = {}
    for g in data.gift:
        found[g.id] = Gift(g.id, g.name, g.cost, g.patron, _levels(g.levels), g.kind, g.scope, g.uses,
                           g.no_action, g.page, rune_power=False, summary=g.summary,
                           table_levels=g.table_levels)  # fmt: skip
    for p in data.rune_power:
        if p.weapon not in weapons:
            raise RulesError(N_("the Rune Power {what} needs a weapon Rune's armoury lacks: {weapon}"),
                             what=p.name, weapon=p.weapon)  # fmt: skip
        found[p.id] = Gift(p.id, p.name, p.cost, None, _levels(p.levels), "activated", "none", None, True,
                           data.rune_power_page, rune_power=True, summary=p.summary, weapon=p.weapon,
                           duration=p.duration)  # fmt: skip
    return found


def gods() -> tuple[str, ...]:
    """The thirteen gods who grant gifts, in alphabetical order."""
    return _file().gods


def gift(gift_id: str) -> Gift:
    found = gifts().get(gift_id)
    if found is None:
        raise RulesError(N_("no Divine Gift or Rune Power is called {id!r}"), id=gift_id)
    return found


def max_level(found: Gift, options: RuneOptions | None = None) -> int | None:
    """The most levels a hero may hold; the Clatter of Rushing Boots per option clatter_levels (A-10)."""
    if found.table_levels is not None and options is not None and options.clatter_levels == "one":
        return found.table_levels
    return found.max_level


def check_level(found: Gift, level: int, options: RuneOptions | None = None) -> int:
    """A level a hero may hold (0 = not bought): refused when negative or above the gift's levels."""
    most = max_level(found, options)
    if level < 0:
        raise RulesError(N_("a gift's level cannot be negative ({level})"), level=level)
    if level > (MAX_LEVEL if most is None else most):
        raise RulesError(N_("{gift} has at most {most} levels, not {level}"),
                         gift=Refusal(found.name), most=MAX_LEVEL if most is None else most, level=level)  # fmt: skip
    return level


def uses_allowed(found: Gift, level: int) -> int | None:
    """How many times per its scope a hero at this level may use it (None = not counted)."""
    check_level(found, level)
    if found.uses is None:
        return None
    return level if found.uses == "X" else 1


def recharge(level: int) -> Recharge:
    """How long a Rune Power of this level stays dormant: the row of the highest listed level not above it."""
    if level < 1:
        raise RulesError(N_("a Rune Power's level is at least 1, not {level}"), level=level)
    return [r for r in _file().recharge if r.level <= level][-1]
