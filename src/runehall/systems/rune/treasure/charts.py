"""Rune's treasure charts as data (spec 001c §8.4-§8.12, §18.8): data/treasure_charts.toml and
data/treasure_items.toml, each chart checked when its file loads: its rows cover every face of its die exactly
once (dice_charts.check_chart), its modifiers and re-roll rules name categories, what a row names exists in the
rest of Rune's data (weapons, armor, Abilities, Characteristics) and a chart a row sends you to exists."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from runehall.errors import Invalid, ParameterError
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.dice_charts import Row, Strict, check_chart, look_up
from runehall.systems.rune.records import PACKAGE
from runehall.systems.rune.rules import rules

Category = Literal["A", "B", "C", "D", "E", "F"]
CATEGORIES: tuple[Category, ...] = ("A", "B", "C", "D", "E", "F")
Kind = Literal[
    "liars_silver", "loot", "equipment", "potion", "charm", "amulet", "helm", "legendary", "category", "twice"
]
FILES = ("treasure_charts.toml", "treasure_items.toml")


class Amount(Strict):
    """Ounces: base + the sum of `dice` d10s, times `times` (plain dice, 001c A-32)."""

    dice: int = Field(ge=1, le=4)
    times: int = Field(1, ge=1, le=100)
    base: int = Field(0, ge=0, le=1000)


class Reroll(Strict):
    above: int | None = Field(None, ge=1, le=99)  # results over this are rolled again
    below: int | None = Field(None, ge=2, le=100)  # results under this are rolled again

    @model_validator(mode="after")
    def _one(self) -> Reroll:
        if (self.above is None) == (self.below is None):
            raise Invalid(N_("a re-roll rule names either the results above a number or those below one"))
        return self

    def keeps(self, face: int) -> bool:
        if self.above is not None:
            return face <= self.above
        return face >= (self.below or 0)


class ChartRow(Row):
    kind: Kind | None = None
    count: int = Field(1, ge=1, le=4)
    amount: Amount | None = None
    category: Category | None = None
    name: str | None = Field(None, min_length=1, max_length=120)
    then: tuple[str, ...] = ()
    value: int | None = Field(None, ge=1, le=50)
    plus_d10: bool = False
    more: int | None = Field(None, ge=2, le=3)
    per_load: int | None = Field(None, ge=0, le=100)
    damage_modifier: int | None = Field(None, ge=0, le=50)
    applies_to: Literal["dfn", "dodge", "stamina", "prot", "init", "atk", "avoid"] | None = None
    weapon: str | None = None
    shield: str | None = None
    armor: str | None = None
    kit: str | None = None
    stat: Literal["init", "atk", "dfn", "dam", "prot"] | None = None
    ability: str | None = None
    characteristic: str | None = None
    deity: str | None = None
    max_level: int | None = Field(None, ge=1, le=20)
    rune_power: str | None = None
    wears: str | None = None
    cost: int | None = Field(None, ge=1, le=500)
    effect: str | None = Field(None, min_length=1, max_length=400)  # a legendary item's power, in words


class Chart(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    die: Literal[10, 100]
    page: int = Field(ge=1, le=300)
    unit: Literal["bonus", "rounds", "doses", "failures", "levels"] | None = None
    modifiers: dict[Category, int] = Field(default_factory=dict)
    reroll: dict[Category, Reroll] = Field(default_factory=dict)
    out_of_range: Literal["clamp", "reroll_raw"] = "clamp"
    repairs: tuple[str, ...] = ()
    rows: tuple[ChartRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _covers(self) -> Chart:
        check_chart(self.id, self.rows, self.die)
        if self.modifiers and self.reroll:
            raise Invalid(N_("the chart {what} has both modifiers and re-roll rules"), what=self.id)
        return self

    def row(self, result: int) -> ChartRow:
        """The row of a final result (after modifiers and re-rolls)."""
        return look_up(self.rows, result, self.die)

    def index(self, result: int) -> int:
        return self.rows.index(self.row(result))


class ChartFile(Strict):
    chart: tuple[Chart, ...]


def _known() -> Mapping[str, set[str]]:
    r = rules()
    return {
        "weapon": {w.id for w in r.weapons.weapon},
        "shield": {s.id for s in r.armor.shield},
        "armor": {a.id for a in r.armor.armor},
        "kit": {a.id for a in r.abilities.ability},
        "ability": {a.id for a in r.abilities.ability},
        "characteristic": {c.id for c in r.characteristics.characteristic},
        "rune_power": {w.id for w in r.weapons.weapon},
    }


def check_charts(found: Mapping[str, Chart]) -> None:
    """What the rows name exists: charts they send you to, and ids of the rest of Rune's data."""
    known = _known()
    for chart in found.values():
        for row in chart.rows:
            for nxt in row.then:
                if nxt not in found:
                    raise Invalid(N_("the chart {what} sends you to a chart {id!r} that does not exist"),
                                  what=chart.id, id=nxt)  # fmt: skip
            for field, ids in known.items():
                value = getattr(row, field)
                if value is not None and value not in ids:
                    raise Invalid(N_("the chart {what} names a {field} {id!r} Rune's data lacks"),
                                  what=chart.id, field=field, id=value)  # fmt: skip


@cache
def charts() -> Mapping[str, Chart]:
    """Every treasure chart by id, both files read and checked."""
    found: dict[str, Chart] = {}
    for name in FILES:
        for chart in load_data(PACKAGE, name, ChartFile).chart:
            if chart.id in found:
                raise Invalid(N_("the chart {what} is defined twice"), what=chart.id)
            found[chart.id] = chart
    check_charts(found)
    return found


def chart(chart_id: str) -> Chart:
    found = charts().get(chart_id)
    if found is None:
        raise ParameterError(N_("no treasure chart is called {id!r}"), id=chart_id)
    return found


def category_chart(category: Category) -> Chart:
    return chart(f"category_{category.lower()}")
