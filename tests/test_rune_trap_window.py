"""An Impairment's window counted from the notes (spec 001c §6.5, §18.3 window_counts): the fights and rolls left
after the trap, the designer's own counts overriding them, and the low-Difficulty gain refused on every later
roll the Impairment falls on when the designer lists none (001c TV-40, TV-41, TV-42 in whole notes)."""

from __future__ import annotations

from typing import Any

from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.trap_window import Window, later_rolls, window_counts
from runehall.systems.rune.encounters.validate import price_encounter
from runehall.systems.rune.options import RuneOptions

GOBLINS = [{"id": f"g{i}", "type": "rock_goblin", "threat": "inferior"} for i in range(6)]
LATE = "the roll {id!r} falls under the Impairment: it earns nothing for a Difficulty below {least}"


def taken_in_the_night(impairment: dict[str, Any], bomb_difficulty: int = 6) -> Encounter:
    """The shape of the sample's first encounter: a fright, two carrots, then the fight and the bomb trap."""
    roll = {"purpose": "trap", "difficulty": 6}
    return Encounter.model_validate({
        "title": "Taken in the night", "heroes": 4,
        "events": [
            {"id": "e1", "rolls": [{"id": "fright", "name": "Fright", "ability": "bravery", **roll}],
             "elements": [{"id": "scare", "name": "Fright", "kind": "trap", "roll": "fright",
                           "trap": {"impairment": impairment}}]},
            {"id": "e2", "rolls": [{"id": "c1", "name": "Machinery", "ability": "lore", "purpose": "gain"}]},
            {"id": "e3", "rolls": [{"id": "c2", "name": "Scars", "ability": "awareness", "purpose": "gain"}]},
            {"id": "e4", "combat": {"foes": GOBLINS},
             "rolls": [{"id": "bomb", "name": "Bombs", "ability": "dodge", **roll, "difficulty": bomb_difficulty}],
             "elements": [{"id": "bombs", "name": "Bombs", "kind": "trap", "roll": "bomb",
                           "trap": {"damage": {"dam": 16}}}]},
        ],
    })  # fmt: skip


def trap_lines(encounter: Encounter, where: str) -> list[int]:
    return [line.ep for line in price_encounter(encounter, None, RuneOptions()).lines_for(where) if line.counted]


def refusals(encounter: Encounter, where: str) -> list[str]:
    return [r.template for r in price_encounter(encounter, None, RuneOptions()).errors if r.where == where]


def test_001c_tv40_the_window_counted_from_the_notes() -> None:  # 001c TV-40
    notes = taken_in_the_night({"points": 2})
    scare = notes.events[0].elements[0]
    assert [r.id for r in later_rolls(notes, scare)] == ["c1", "c2", "bomb"]
    assert window_counts(notes, scare) == Window(combats=1, trap_rolls=1, gain_rolls=2)
    assert trap_lines(notes, "scare") == [90]


def test_the_designers_counts_win() -> None:
    assert trap_lines(taken_in_the_night({"points": 2, "combats": 0}), "scare") == [30]  # 3 rolls x 5 x 2
    assert trap_lines(taken_in_the_night({"points": 1, "trap_rolls": 4, "gain_rolls": 0}), "scare") == [30 + 20]


def test_specific_impairment_counts_its_own_rolls() -> None:  # 001c TV-42
    assert trap_lines(taken_in_the_night({"points": 1, "specific": ["lore"]}), "scare") == [5]
    assert trap_lines(taken_in_the_night({"points": 2, "specific": ["dfn"]}), "scare") == [10 * 2]


def test_a_trap_in_the_fight_leaves_its_own_fight_out() -> None:
    notes = taken_in_the_night({"points": 1})
    bombs = notes.events[3].elements[0].model_copy(update={"in_combat": True})
    assert window_counts(notes, bombs) == Window()
    own = notes.events[3].elements[0]
    assert window_counts(notes, own).combats == 1  # before the fight, in its event


def test_001c_tv41_every_later_roll_is_covered() -> None:  # 001c TV-41
    assert LATE in refusals(taken_in_the_night({"points": 2}, bomb_difficulty=4), "scare")
    assert LATE not in refusals(taken_in_the_night({"points": 2}, bomb_difficulty=6), "scare")
    dfn = taken_in_the_night({"points": 2, "specific": ["dfn"]}, bomb_difficulty=4)
    assert LATE not in refusals(dfn, "scare")  # the Dodge roll keeps its gain (001c TV-42)
    listed = taken_in_the_night({"points": 2, "covers": ["c1"]}, bomb_difficulty=4)
    assert LATE not in refusals(listed, "scare")  # cured before the bombs


def test_a_combat_score_impairment_counts_those_rolls() -> None:  # 001c §6.5: a DFN roll against a baseline
    notes = taken_in_the_night({"points": 1, "specific": ["dfn"]})
    data = notes.model_dump(mode="json", exclude_none=True)
    data["events"][2]["rolls"].append({"id": "parry", "name": "Parry", "stat": "dfn", "baseline": 0, "purpose": "trap"})
    with_parry = Encounter.model_validate(data)
    scare = with_parry.events[0].elements[0]
    assert window_counts(with_parry, scare, ["dfn"]) == Window(combats=1, trap_rolls=1)
