"""The Ring of Alberich played (001c §8.12, A-44): the ring is tied to an Ability rolled on the Ability chart when
it appears; the VP its owner earns for a success on a roll of the notes with that Ability are multiplied by his
levels in it (literally: 1 level changes nothing); a roll of another Ability, a failure, and the runner's VP are
left alone. Compared with the same roll without the ring."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from rune_magic_fixtures import stored
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.charts import chart
from runehall.systems.rune.treasure.generate import _item, _Roller
from runehall.systems.rune.treasure.legendary import POWERS
from runehall.systems.rune.treasure.legendary_ring import RING, ring_ability, ring_times
from test_rune_magic_equipment import _roll


def ring(ability: str) -> dict[str, Any]:
    item = stored("legendary")
    tied = _roll("ability", None, ability=ability)
    item["rolls"] = [item["rolls"][0], _roll("legendary_item", None, name=RING), tied]
    return item


def _vp(levels: int, face: int, ability: str = "brawling") -> list[tuple[str, str | None, int]]:
    heroes = setup()
    if levels:
        heroes["heroes"][0]["sheet"]["magic_items"] = [{"item": ring(ability), "levels": levels}]
    log = PlayLog.start("rune", "encounter", {}, heroes)
    given = notes(difficulty=5)
    given["events"][0]["rolls"][0]["structure"] = "singular"
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("noted_roll", {"roll": "door", "rollers": ["Ragnar"]}, ManualSource([face]))
    state = log.state()
    assert isinstance(state, RunState)
    return [(e.kind, e.hero, e.amount) for e in state.tally.events if e.kind in ("runner_chortle", "success")]


def test_the_ring_rolls_its_ability_when_it_appears() -> None:
    assert POWERS[RING].played
    made = _item(_Roller(ManualSource([81, 40])), "legendary", "C", "reroll_9_and_0")
    assert [r.chart for r in made.rolls] == ["legendary_item", "ability"]
    expected = next(r.ability for r in chart("ability").rows if r.faces[0] <= 40 <= r.faces[1])
    item = {"kind": "legendary", "rolls": [{"chart": r.chart, "category": r.category, "faces": list(r.faces),
                                            "result": r.result} for r in made.rolls]}  # fmt: skip
    assert ring_ability(CarriedItem.model_validate({"item": item, "levels": 1})) == expected
    torc = _item(_Roller(ManualSource([96])), "legendary", "C", "reroll_9_and_0")  # no Ability for another item
    assert [r.chart for r in torc.rolls] == ["legendary_item"]


def test_times_x_on_its_ability_only() -> None:
    sheet = {"magic_items": [{"item": ring("brawling"), "levels": 4}]}
    assert ring_times(sheet, "brawling") == 4
    assert ring_times(sheet, "sing") == 1 and ring_times(sheet, None) == 1 and ring_times({}, "brawling") == 1


@pytest.mark.parametrize("levels", [1, 2, 5])
def test_a_success_of_its_ability_is_multiplied(levels: int) -> None:
    plain = _vp(0, 9)
    assert plain and plain[0][0] == "success" and plain[0][2] > 0
    assert _vp(levels, 9) == [("success", "Ragnar", plain[0][2] * levels)]


def test_another_ability_and_a_failure_are_left_alone() -> None:
    assert _vp(3, 9, "sing") == _vp(0, 9)
    failed = _vp(0, 2)
    assert failed and failed[0][0] == "runner_chortle" and _vp(3, 2) == failed
