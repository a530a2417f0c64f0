"""A quick-and-dirty trap in the notes (spec 001c §12.1): priced by the rules, it costs what the quick charts
say (001c TV-101, TV-105) for every face of Trap Charts 2 and 3, and never more than its budget."""

from __future__ import annotations

from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.quick import quick_trap
from runehall.systems.rune.encounters.rolls import RollContext, price_roll, roll_refusals
from runehall.systems.rune.encounters.trap_checks import trap_refusals
from runehall.systems.rune.encounters.trap_quick import quick_trap_notes
from runehall.systems.rune.encounters.traps_pricing import price_trap
from runehall.systems.rune.options import RuneOptions


def priced(difficulty_die: int, roll: int, budget: int | None = None) -> tuple[int, int, list[CostLine]]:
    trap = quick_trap(difficulty_die, roll, budget)
    spec, element = quick_trap_notes(trap, "t", "A quick trap", "Avoid it")
    lines = [*price_roll(spec, RollContext(4)), *price_trap(element, {spec.id: spec}, RuneOptions())]
    assert not trap_refusals(element, {spec.id: spec}, {spec.id: spec})
    assert not roll_refusals(spec, RollContext(4, {}, {spec.id: spec}))
    return sum(line.ep for line in lines if line.counted), trap.net, lines


def test_001c_tv101_priced_by_the_rules() -> None:  # 001c TV-101
    total, net, lines = priced(2, 50)
    assert total == net == 25
    assert [line.ep for line in lines if line.counted] == [-20, 45]  # Difficulty 4, Dam 30


def test_001c_tv105_extra_trap_priced_by_the_rules() -> None:  # 001c TV-105
    total, net, _ = priced(2, 50, budget=28)
    assert total == net == 25  # Dam 30 (45) still fits 48


def test_every_quick_trap_costs_what_the_charts_say() -> None:
    for die in range(1, 11):
        for roll in range(1, 101):
            total, net, _ = priced(die, roll)
            assert total == net <= 30, (die, roll)
