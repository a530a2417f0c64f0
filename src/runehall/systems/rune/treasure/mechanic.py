"""Rolling one treasure chart at the table, as a mechanic of `runehall roll` / `runehall odds` (spec 001c §8.4):
`runehall odds rune treasure --chart category_d --category E` shows each row's exact chance; the stored roll reads
as the chart's row in words in the reader's language."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import Field

from runehall.chance.chance import Chance
from runehall.present.card import Card, Chip
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words, words_for
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.rune.treasure.charts import Category, chart, charts
from runehall.systems.rune.treasure.rolling import MAX_GOLDEN, ChartChance
from runehall.systems.rune.treasure.words import faces_words, row_words, title

ChartId = Literal[
    "category_a",
    "category_b",
    "category_c",
    "category_d",
    "category_e",
    "category_f",
    "loot_form",
    "potion_type",
    "potion_potency",
    "potion_duration",
    "potion_doses",
    "charm_type",
    "charm_bonus",
    "charm_duration",
    "charm_recharge",
    "amulet_bonus",
    "amulet_failure",
    "amulet_activation",
    "equipment_type",
    "rare_equipment",
    "magical_equipment",
    "weapon_potency",
    "weapon_statistic",
    "armor_potency",
    "kit_potency",
    "ability",
    "characteristic",
    "helm_gift",
    "helm_levels",
    "legendary_item",
    "legendary_armor",
]  # every chart of the two files (a test checks they agree)


class ChartParams(RulesModel):
    chart: ChartId = Field(title="Chart", description="The treasure chart to roll on.")
    category: Category | None = Field(
        None, title="Category", description="The treasure's category (A-F), for the chart's modifiers."
    )
    golden: int = Field(
        0, ge=0, le=MAX_GOLDEN, title="Golden Blade levels", description="Of the hero first to pick the item up."
    )


class ChartResult(NamedTuple):
    chart: str  # the chart's id
    row: int  # the index of the chart's row
    result: int  # the final result (after modifiers and re-rolls)


class TreasureChart(Mechanic[ChartParams, int, ChartResult]):
    name: ClassVar[str] = "treasure"
    title: ClassVar[str] = N_("Treasure chart")
    summary: ClassVar[str] = N_(
        "A d10 or percentile chart of treasure: the category's modifier added, the result clamped or rolled again."
    )
    chart_view: ClassVar[str | None] = "row"
    Params: ClassVar[type[RulesModel]] = ChartParams
    manual_help: ClassVar[str] = N_("the die's face, then the faces of any re-rolls")

    def chance(self, params: ChartParams, options: RulesModel) -> Chance[Any, int]:
        return ChartChance(chart(params.chart), params.category, params.golden)

    def resolve(self, params: ChartParams, options: RulesModel, key: int) -> ChartResult:
        return ChartResult(params.chart, chart(params.chart).index(key), key)

    def resolver(self, params: ChartParams, options: RulesModel) -> Callable[[int], ChartResult]:
        found = chart(params.chart)
        return lambda key: ChartResult(found.id, found.index(key), key)

    def views(self) -> dict[str, Callable[[ChartResult], Hashable]]:
        return {"row": lambda r: (r.chart, r.row)}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        """A row (view "row") or a final result (no view) in words: its faces and what it gives."""
        if view == "row":
            found = chart(str(value[0]))
            row = found.rows[int(value[1])]
        elif view is None:
            found = chart(str(value.chart))
            row = found.rows[int(value.row)]
        else:
            return None
        return words("{faces}: {result}", faces=faces_words(found, row, words), result=row_words(found, row, words))

    def view_titles(self, words: Words) -> dict[str, str]:
        return {"row": words("Outcome")}

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        """A chart by its title ("Potion type"), not its id."""
        return title(chart(value), words) if field == "chart" else None

    def headline(self, odds: Odds[ChartResult], words: Words) -> tuple[Headline, ...]:
        """A chart decides nothing by success or failure: its most likely row comes first."""
        rows: dict[tuple[str, int], Fraction] = {}
        for r, p in odds.outcomes.items():
            rows[(r.chart, r.row)] = rows.get((r.chart, r.row), Fraction(0)) + p
        (chart_id, index), likeliest = max(rows.items(), key=lambda item: (item[1], -item[0][1]))
        shown = self.label("row", (chart_id, index), words) or ""
        return (Headline(words("Most likely: {row}", row=shown), likeliest),)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        p, o = stored["params"], stored["outcome"]
        found = chart(str(p["chart"]))
        row = found.rows[int(o["row"])]
        action = words("{who} rolls on the chart {chart}", who=who, chart=title(found, words))
        if p.get("category"):
            action = words("{action}, for a Category {category} treasure", action=action, category=p["category"])
        result = words("{faces}: {result}", faces=faces_words(found, row, words), result=row_words(found, row, words))
        chips = tuple(Chip(str(d[1]), sides=int(d[0]), title=_die(int(d[0]), words)) for d in stored["tape"])
        return Card(action=action, result=result, chips=chips)

    def render(self, stored: Mapping[str, Any]) -> str:
        return self.describe(stored, words_for("en", "rune"), str(stored.get("requested_by") or "someone")).plain()


def _die(sides: int, words: Words) -> str:
    return words("percentile die") if sides == 100 else words("d{sides}", sides=sides)


def chart_odds(chart_id: str, category: Category | None, words: Words, golden: int = 0) -> list[tuple[str, str, Any]]:
    """Each row of a chart with its exact chance for a treasure of `category`: (faces, result in words, Fraction)."""
    found = chart(chart_id)
    odds = ChartChance(found, category, golden).row_odds()
    return [
        (faces_words(found, r, words), row_words(found, r, words), p) for r, p in zip(found.rows, odds, strict=True)
    ]


__all__ = ["ChartParams", "ChartResult", "TreasureChart", "chart_odds", "charts"]
