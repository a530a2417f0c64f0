"""Quick-and-dirty encounter design (spec 001c §12) with the trap damage surcharge of §6.1: 001c TV-101 to TV-106,
the charts checked against the rest of the rules' data, and the refusals when a chart must be rolled again."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runehall.errors import ParameterError, RulesDataError, RulesError
from runehall.systems.data import read_data_file
from runehall.systems.rune.encounters import quick as q
from runehall.systems.rune.encounters.design import Combat, FoeSpec
from runehall.systems.rune.encounters.lines import totals
from runehall.systems.rune.encounters.quick_data import QuickFile, quick_file
from runehall.systems.rune.encounters.roll_data import roll_data
from runehall.systems.rune.encounters.terrain import price_terrain
from runehall.systems.rune.records import PACKAGE

# 001c §12.1's damage purchase table as printed: Dam band -> its cost range
PRINTED_COSTS = {(16, 20): (21, 25), (21, 25): (31, 35), (26, 30): (41, 45), (31, 35): (51, 55),
                 (36, 40): (61, 65), (41, 45): (71, 75), (46, 50): (81, 85)}  # fmt: skip


# -- trap damage ------------------------------------------------------------------------------------------
def test_dam_costs_match_the_printed_purchase_table() -> None:
    assert [q.dam_cost(d) for d in range(16)] == list(range(16))
    for (low, high), (cheapest, dearest) in PRINTED_COSTS.items():
        assert [q.dam_cost(d) for d in range(low, high + 1)] == list(range(cheapest, dearest + 1))
    with pytest.raises(RulesError):
        q.dam_cost(51)


def printed_cost(dam: int) -> int:
    """The cost of a Dam rating read off the printed purchase table."""
    if dam <= 15:
        return dam
    (low, _), (cheapest, _) = next((band, cost) for band, cost in PRINTED_COSTS.items() if band[0] <= dam <= band[1])
    return cheapest + dam - low


@given(st.integers(-20, 120))
def test_the_highest_affordable_dam_by_brute_force(budget: int) -> None:
    affordable = [d for d in range(51) if printed_cost(d) <= budget]
    assert q.max_affordable_dam(budget) == (max(affordable) if affordable else None)
    if budget >= 0:
        dam = q.max_affordable_dam(budget)
        assert dam is not None and (dam == 50 or q.dam_cost(dam + 1) > budget)


# -- traps ------------------------------------------------------------------------------------------------
def test_001c_tv101_a_quick_trap() -> None:  # 001c TV-101
    assert q.quick_trap_count(2) == 1
    trap = q.quick_trap(2, 50)
    assert (trap.difficulty, trap.difficulty_ep, trap.ability, trap.structure, trap.roll_ep) == (
        4,
        -20,
        "jump",
        "standard",
        0,
    )
    assert trap.damage_budget == 30 - (-20) == 50
    assert (trap.dam, trap.dam_ep) == (30, 45) and q.dam_cost(31) == 51 > 50
    assert trap.net == 25
    assert [line.ep for line in trap.lines("t1")] == [-20, 0, 45] and totals(trap.lines("t1")) == (45, 20)


def test_trap_chart_1_and_3_readings() -> None:
    assert [q.quick_trap_count(d) for d in range(1, 11)] == [1] * 4 + [2] * 4 + [3] * 2
    assert q.quick_trap(5, 4).ability == "animal_handling"
    assert q.quick_trap(5, 5).ability == "any_weapon"  # 05-08, the printed 04-08 repaired
    no_fault = q.quick_trap(5, 9)
    assert no_fault.roll_ep == -15 and no_fault.damage_budget == 45 and no_fault.dam == 30


def test_the_trap_charts_agree_with_the_roll_prices() -> None:
    data = quick_file()
    for row in data.trap_difficulty:
        assert row.difficulty is not None and roll_data().difficulty.ep(row.difficulty) == row.cost
    for row in (*data.trap_roll, *data.gain_roll):
        assert roll_data().structure_cost(row.structure).ep == row.cost
    for row in data.gain_difficulty:
        assert row.cost == (0 if row.difficulty is None else roll_data().difficulty.ep(row.difficulty))


def test_001c_tv105_tv106_extra_traps_on_terrain_budgets() -> None:
    extra = q.quick_trap(2, 13, budget=28)
    assert (extra.difficulty, extra.difficulty_ep, extra.structure) == (4, -20, "standard")  # 001c TV-105
    assert extra.damage_budget == 48 and (extra.dam, extra.dam_ep) == (30, 45)
    assert (q.quick_trap(9, 13).difficulty, q.quick_trap(9, 13).difficulty_ep) == (8, 20)  # the die TV-106 rolls
    with pytest.raises(RulesError, match="roll Trap Chart 2 again"):
        q.quick_trap(9, 13, budget=15)  # 001c TV-106: 15 - 20 = -5
    rerolled = q.quick_trap([9, 7, 5], 13, budget=8)  # +20 and +10 leave less than 0; Difficulty 6 (+0) fits
    assert rerolled.dice_used == 3 and rerolled.difficulty == 6 and rerolled.dam == 8
    exactly = q.quick_trap(7, 13, budget=10)
    assert exactly.damage_budget == 0 and exactly.dam == 0  # Dam 0 only when the budget is exactly 0


# -- treasure and gains -------------------------------------------------------------------------------------
def test_001c_tv102_a_quick_gain() -> None:  # 001c TV-102
    gain = q.quick_gain(5, 14, 78)
    assert (gain.difficulty, gain.ability, gain.structure) == (6, "bargain", "rush")
    assert [(p.kind, p.category, p.ep) for p in gain.parts] == [("treasure", "A", -10), ("treasure", "B", -20)]
    assert gain.net == -30 and gain.opposed_bonus == 2
    free = q.quick_gain(3, None, 10)
    assert free.difficulty is None and free.opposed_bonus is None and free.parts[0].kind == "healing"
    with pytest.raises(ParameterError):
        q.quick_gain(3, 14, 10)
    with pytest.raises(ParameterError):
        q.quick_gain(9, None, 10)


def test_every_gain_type_is_worth_30() -> None:
    assert {sum(p.ep for p in row.parts) for row in quick_file().gain_type} == {-30}


# -- the fight ----------------------------------------------------------------------------------------------
def test_001c_tv103_a_quick_fight() -> None:  # 001c TV-103
    fight = q.quick_combat(55, 4, heroes=4)
    assert (fight.foe_type, fight.category, fight.foes) == ("elf_courtier", "equal", 3)
    assert fight.remainder == 4 - 3 * fight.mix


def test_a_threat_the_type_cannot_take_is_rolled_again() -> None:
    goblins = q.quick_combat(58, [1, 3, 6], heroes=5)  # rock goblins: at most Inferior
    assert (goblins.category, goblins.dice_used) == ("inferior", 3)
    with pytest.raises(RulesError, match="roll Combat Chart 2 again"):
        q.quick_combat(95, [1], heroes=3)  # Terrifying needs four heroes, whatever the foe
    dishonored = q.quick_combat(21, 7, heroes=4)
    assert dishonored.mix == q.category("weak").mix + q.foe_type("dishonored").mix  # the type's Mix counts


# -- terrain ------------------------------------------------------------------------------------------------
def test_001c_tv104_quick_terrain_and_its_extra_trap_budgets() -> None:  # 001c TV-104
    drawn = q.quick_terrain([74, 37, 70])
    assert [(f.row.kind, f.ep) for f in drawn] == [("tube_strikers", -28), ("levels", -15), ("slope_ramp", -30)]
    assert [f.row.count for f in drawn] == [4, 3, 6]  # four tube-strikers, three levels, six sloped areas
    assert [f.trap_budget for f in drawn] == [28, 15, 30]
    again = q.quick_terrain([74, 80, 37, 75, 70])  # 80 and 75 repeat the tube-strikers: rolled again
    assert [f.roll for f in again] == [74, 37, 70]
    with pytest.raises(ParameterError):
        q.quick_terrain([74, 75])


@pytest.mark.parametrize("roll", [1, 13, 19, 37, 49, 61, 73, 81, 86, 91, 96])
def test_each_terrain_result_earns_what_the_terrain_rules_price_it_at(roll: int) -> None:
    (drawn,) = q.quick_terrain([roll], features=1)
    assert drawn.feature is not None
    combat = Combat(foes=(FoeSpec(id="f", name="Foe", type="dark_viking", threat="equal"),), terrain=(drawn.feature,))
    lines = price_terrain(drawn.feature, combat, ())
    assert -totals(lines)[1] + totals(lines)[0] == drawn.ep
    template, values = drawn.label
    assert template.format(**values) and "{" not in template.format(**values)


def test_the_hiding_place_is_an_ambush_not_terrain() -> None:
    (hiding,) = q.quick_terrain([30], features=1)
    assert hiding.feature is None and hiding.ep == -30  # Weak Link Stealth vs 8: -50 + 20


# -- the file is checked when it loads ----------------------------------------------------------------------
def _broken(change: Any) -> None:
    raw = dict(read_data_file(PACKAGE, "quick_design.toml"))
    change(raw)
    with pytest.raises(ValueError):
        QuickFile.model_validate(raw)


def test_a_chart_with_an_overlap_or_a_gap_is_refused() -> None:
    def overlap(raw: dict[str, Any]) -> None:
        raw["trap_roll"] = [dict(row) for row in raw["trap_roll"]]
        raw["trap_roll"][1]["faces"] = [4, 8]  # the book's misprint

    def gap(raw: dict[str, Any]) -> None:
        raw["threat"] = raw["threat"][:-1]

    def wrong_mix(raw: dict[str, Any]) -> None:
        raw["threat"] = [dict(row) for row in raw["threat"]]
        raw["threat"][3]["mix"] = "1.5"

    def unknown_foe(raw: dict[str, Any]) -> None:
        raw["foe"] = [{**raw["foe"][0], "type": "orc"}, *raw["foe"][1:]]

    for change in (overlap, gap, wrong_mix, unknown_foe):
        _broken(change)
    assert issubclass(RulesDataError, Exception)
