"""The encounter point limit (spec 001b §5.2) and the budget arithmetic of a report (§5.1): the majority rule
against the book's example and derived edge cases, and against a count of players per benchmark done here
independently of the closed form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runehall.errors import ParameterError
from runehall.systems.rune.encounters.budget import budget_limit, majority_total
from runehall.systems.rune.encounters.lines import CostLine, Report, totals
from runehall.systems.rune.encounters.pricing_data import terrain_file
from runehall.systems.rune.options import RuneOptions


def by_counting(players: list[int], base: int) -> int:
    """The rule as the prose says it: the highest benchmark (500, 750, 1000, then every 250) that more than
    half of the players have reached, each benchmark worth a tenth of itself."""
    best = 0
    benchmark = 500
    while benchmark <= max(players, default=0):
        if 2 * sum(1 for p in players if p >= benchmark) > len(players):
            best = benchmark // 10
        benchmark += 250
    return base + best


def test_the_books_example_at_both_base_limits() -> None:  # 001b TV-17, 001c TV-93
    """Five players, three of them above 750: +75 on either base limit (the book's 375 needs 300)."""
    players = [900, 800, 760, 200, 100]
    assert budget_limit(players, RuneOptions().base_limit) == 350 + 75
    assert budget_limit(players, RuneOptions(base_limit=300).base_limit) == 375


@pytest.mark.parametrize(
    ("players", "limit"),
    [
        ([820, 790, 760, 300, 120], 425),
        ([1300, 1260, 1250, 100], 475),
        ([600, 550, 100, 100], 350),
        ([750, 750, 0, 0], 350),  # half is not a majority
        ([1000, 1000, 1000], 450),
        ([1240, 1240, 1240], 450),
    ],
)
def test_edge_cases(players: list[int], limit: int) -> None:  # 001b TV-18
    assert budget_limit(players, 350) == limit
    assert by_counting(players, 350) == limit


def test_the_majority_total_is_the_smallest_majoritys_lowest() -> None:
    assert majority_total([820, 790, 760, 300, 120]) == 760  # m = 3 of 5
    assert majority_total([1300, 1260, 1250, 100]) == 1250  # m = 3 of 4
    assert majority_total([10, 20]) == 10  # m = 2 of 2


def test_no_totals_is_the_base_and_bad_totals_are_refused() -> None:
    assert budget_limit([], 350) == 350
    with pytest.raises(ParameterError, match="whole number"):
        budget_limit([-5, 600], 350)


def test_the_table_rows_follow_the_closed_form() -> None:
    budget = terrain_file().budget
    assert [(r.victory_points, r.increase) for r in budget.row] == [(500, 50), (750, 75), (1000, 100)]
    assert (budget.every_additional, budget.increase_each, budget.base) == (250, 25, 350)


@given(st.lists(st.integers(0, 4000), min_size=1, max_size=9), st.sampled_from([300, 350]))
def test_the_closed_form_matches_counting(players: list[int], base: int) -> None:
    assert budget_limit(players, base) == by_counting(players, base)


# -- the budget arithmetic of a report (§5.1) ---------------------------------------------------------
def test_bundling_counts_both_sides() -> None:  # 001b TV-16
    """A trap of +30 of harm and -30 of help consumes 30 of the limit, not nothing."""
    lines = (CostLine("trap", "harm", 30), CostLine("trap", "help", -30))
    assert totals(lines) == (30, 30)
    report = Report(lines, (), (), 350)
    assert (report.spent, report.earned, report.balance) == (30, 30, 0)


def test_a_terrain_credit_pays_for_harm() -> None:  # 001b TV-15
    """A slope over two-thirds of the area earns 20: it pays for 20 more of harmful elements."""
    from runehall.systems.rune.encounters.design import Combat
    from runehall.systems.rune.encounters.terrain import price_terrain

    combat = Combat.model_validate({"foes": [{"id": "g", "name": "G", "type": "rock_goblin", "threat": "equal"}]})
    slope = Combat.model_validate(
        {"foes": combat.foes, "terrain": [{"id": "s", "kind": "slope_area", "coverage": "two_thirds"}]}
    ).terrain[0]
    lines = price_terrain(slope, combat, [])
    assert totals(lines) == (0, 20)


def test_uncounted_lines_count_for_nothing() -> None:
    lines = (CostLine("a", "x", 10), CostLine("b", "y", -40, counted=False), CostLine("c", "z", -15))
    assert totals(lines) == (10, 15)
