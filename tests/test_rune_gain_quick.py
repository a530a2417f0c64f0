"""A quick-and-dirty treasure or gain in the notes (spec 001c §12.2): written as rolls and gain elements, priced by
the rules it earns what the quick charts say (001c TV-102) for every face of Treasure/Gains Charts 1-3."""

from __future__ import annotations

import copy
from typing import Any

from rune_encounter_fixtures import notes
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.gain_quick import quick_gain_notes
from runehall.systems.rune.encounters.quick import quick_gain
from runehall.systems.rune.encounters.validate import price_encounter
from runehall.systems.rune.options import RuneOptions


def priced(difficulty_die: int, roll: int | None, type_roll: int) -> tuple[int, int, Any]:
    """The quick gain's own lines, priced in notes whose first event is a fight (so a haven is placed freely after
    it: the gain goes in a second event, and a third event holds a second fight)."""
    gain = quick_gain(difficulty_die, roll, type_roll)
    rolls, elements = quick_gain_notes(gain, "q", "A quick gain", "Win it")
    n = copy.deepcopy(notes())
    n["events"].append({"id": "after", "rolls": [r.model_dump(exclude_defaults=True) for r in rolls],
                        "elements": [e.model_dump(exclude_defaults=True) for e in elements]})  # fmt: skip
    n["events"].append({"id": "last", "combat": {"foes": [{"id": "w", "type": "dark_viking", "threat": "weak"}]}})
    report = price_encounter(Encounter.model_validate(n), None, RuneOptions())
    ours = {r.id for r in rolls} | {e.id for e in elements}
    total = sum(line.ep for line in report.lines if line.where in ours and line.counted)
    refused = [r for r in report.errors if r.where in ours]
    assert not refused, (difficulty_die, roll, type_roll, refused)
    return total, gain.net, report


def test_the_quick_gain_of_the_book() -> None:  # 001c TV-102
    total, net, report = priced(5, 14, 78)
    assert total == net == -30
    assert [line.ep for line in report.lines_for("q")] == [-10] and [line.ep for line in report.lines_for("q_2")] == [
        -20
    ]
    assert [line.ep for line in report.lines_for("q_roll") if line.counted] == [0, 0]  # Difficulty 6, Rush


def test_every_quick_gain_earns_what_the_charts_say() -> None:
    for type_roll in range(1, 101):
        for die, roll in ((1, None), (5, 4), (7, 21), (9, 50), (10, 99)):
            total, net, _ = priced(die, roll, type_roll)
            assert total == net, (die, roll, type_roll)
