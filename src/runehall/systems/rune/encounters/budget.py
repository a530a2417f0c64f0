"""The encounter point limit (spec 001b §5.2): the base limit raised by the Designer's Budget Table's highest
row that a majority of the players (the designer among them) have reached in total victory points.

A majority is more than half: of n players, the m = n // 2 + 1 highest totals. The row that applies is the
highest whose victory points the m-th highest total reaches; rows past the table's last go on in steps
(every 250 more victory points, 25 more encounter points). Increases do not add up: one row applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from runehall.errors import ParameterError
from runehall.present.words import N_
from runehall.systems.rune.encounters.pricing_data import terrain_file

if TYPE_CHECKING:
    from runehall.systems.rune.options import RuneOptions

# The plot table's limits (001c §10.2) and the text's percentages on a base of 300.
TABLE = {"set_up": 350, "cushion": 300, "development": 350, "climax": 450}
PERCENT = {"set_up": 130, "cushion": 100, "development": 115, "climax": 150}
PERCENT_BASE = 300
MAX_PLAYERS = 64
MAX_TOTAL = 10**9  # victory points no campaign reaches; bounds the arithmetic on what a person types


def majority_total(totals: Sequence[int]) -> int:
    """The highest total that a majority of the players have reached: the m-th highest, m = n // 2 + 1."""
    ranked = sorted(totals, reverse=True)
    return ranked[len(ranked) // 2]


def increase(reached: int) -> int:
    """The budget table's increase for a total a majority reached (0 below its first row)."""
    budget = terrain_file().budget
    last = budget.row[-1]
    if reached >= last.victory_points:
        steps = (reached - last.victory_points) // budget.every_additional
        return last.increase + steps * budget.increase_each
    applying = [row.increase for row in budget.row if reached >= row.victory_points]
    return applying[-1] if applying else 0


def budget_limit(totals: Sequence[int], base: int) -> int:
    """The encounter point limit L: `base` (350 by the rule text, an option) plus the increase for the total
    victory points a majority of the players, `totals` (each player's total, spent and unspent), reached."""
    if not totals:
        return base
    if len(totals) > MAX_PLAYERS:
        raise ParameterError(N_("at most {most} players' totals"), most=MAX_PLAYERS)
    if any(not isinstance(t, int) or isinstance(t, bool) or not 0 <= t <= MAX_TOTAL for t in totals):
        raise ParameterError(N_("a player's total victory points is a whole number from 0 to {most}"), most=MAX_TOTAL)
    return base + increase(majority_total(totals))


def role_base(role: str | None, options: RuneOptions) -> int:
    """The base limit of an encounter in the role `role` (None: not part of a plot: the table's base_limit)."""
    if role is None or options.plot_encounter_limits == "base_limit":
        return options.base_limit
    if options.plot_encounter_limits == "percentages":
        return PERCENT_BASE * PERCENT[role] // 100
    return TABLE[role]
