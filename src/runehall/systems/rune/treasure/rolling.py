"""Rolling a treasure chart (spec 001c §8.4, §8.9-§8.11): one definition gives the roll and its exact odds.

A chart's die is a plain die (no triumph, no botch: 001c A-32). For a treasure of a category the chart's
modifier is added and the result clamped into the die's range; a chart with re-roll rules rolls again the
results its rule names for that category (the Magical Equipment and Helm charts); the Ability and
Characteristic charts roll a result below 1 again, unmodified, until the die shows under 30, and one above 100
until it shows over 30 (001c §8.10). The key is the chart's final result (a face 1..die); the odds of each row
follow from it. `Golden Blade` levels add to the die before the category's modifier (001c §8.12, A-43).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from runehall.chance.chance import Chance
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.systems.rune.treasure.charts import Category, Chart

LOW_RAW, HIGH_RAW = 30, 30  # the Ability/Characteristic re-rolls: under 30 for a low result, over 30 for a high one
MAX_GOLDEN = 10  # Golden Blade levels a roll is asked about at most


@dataclass(frozen=True)
class ChartDraw:
    """What was rolled: every die face in order (re-rolls included) and the final result."""

    faces: tuple[int, ...]
    result: int


@dataclass(frozen=True)
class ChartChance(Chance[ChartDraw, int]):
    chart: Chart
    category: Category | None = None
    golden: int = 0  # the Golden Blade's levels of the hero who first picks the item up

    @property
    def shift(self) -> int:
        """What is added to the die: the category's modifier, and X (d10) or 10X (percentile) of a Golden Blade."""
        modifier = self.chart.modifiers.get(self.category, 0) if self.category else 0
        return modifier + self.golden * (1 if self.chart.die == 10 else 10)

    def _kept(self, face: int) -> bool:
        rule = self.chart.reroll.get(self.category) if self.category else None
        return rule is None or rule.keeps(face)

    def final(self, face: int) -> int | None:
        """The result a first face gives, or None when it is rolled again."""
        if not self._kept(face):
            return None
        value = face + self.shift
        if self.chart.out_of_range == "reroll_raw" and not 1 <= value <= self.chart.die:
            return None
        return min(max(value, 1), self.chart.die)

    def sample(self, source: Source) -> ChartDraw:
        die = self.chart.die
        faces = [source.die(die)]
        result = self.final(faces[0])
        if result is not None:
            return ChartDraw(tuple(faces), result)
        if self.chart.out_of_range == "reroll_raw":
            low = faces[0] + self.shift < 1
            while True:
                faces.append(source.die(die))
                if (faces[-1] < LOW_RAW) if low else (faces[-1] > HIGH_RAW):
                    return ChartDraw(tuple(faces), faces[-1])
        while result is None:
            faces.append(source.die(die))
            result = self.final(faces[-1])
        return ChartDraw(tuple(faces), result)

    def key(self, detail: ChartDraw) -> int:
        return detail.result

    def probabilities(self) -> dict[int, Fraction]:
        """The exact chance of each final result."""
        die = self.chart.die
        kept = [f for f in range(1, die + 1) if self._kept(f)]
        each = Fraction(1, len(kept))
        found: dict[int, Fraction] = {}
        for face in kept:
            value = face + self.shift
            if self.chart.out_of_range == "reroll_raw" and value < 1:
                spread = range(1, LOW_RAW)
            elif self.chart.out_of_range == "reroll_raw" and value > die:
                spread = range(HIGH_RAW + 1, die + 1)
            else:
                spread = range(min(max(value, 1), die), min(max(value, 1), die) + 1)
            for result in spread:
                found[result] = found.get(result, Fraction(0)) + each / len(spread)
        return found

    def dist(self) -> Dist[int]:
        return Dist.from_probabilities(self.probabilities())

    def row_odds(self) -> list[Fraction]:
        """The exact chance of each row of the chart, in the chart's order."""
        odds = [Fraction(0)] * len(self.chart.rows)
        for result, p in self.probabilities().items():
            odds[self.chart.index(result)] += p
        return odds
