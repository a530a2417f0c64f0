"""The Torc of Alberich played (001c §8.12): each roll of the notes its owner fails earns the runner 3X VP less
(never below 0), on a roll called for by the runner and on a trap's roll alike; compared with the same failed roll
without the torc, and with a success, which it leaves alone."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from rune_magic_fixtures import stored
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.treasure.legendary import POWERS, TORC, torc_spared
from test_rune_magic_equipment import _roll


def torc() -> dict[str, Any]:
    item = stored("legendary")
    item["rolls"] = [item["rolls"][0], _roll("legendary_item", None, name=TORC)]
    return item


def _runner_vp(levels: int, face: int, difficulty: int = 5) -> list[tuple[str | None, int]]:
    heroes = setup()
    if levels:
        heroes["heroes"][0]["sheet"]["magic_items"] = [{"item": torc(), "levels": levels}]
    log = PlayLog.start("rune", "encounter", {}, heroes)
    given = notes(difficulty=difficulty)
    given["events"][0]["rolls"][0]["structure"] = "singular"
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("noted_roll", {"roll": "door", "rollers": ["Ragnar"]}, ManualSource([face]))
    state = log.state()
    assert isinstance(state, RunState)
    return [(e.hero, e.amount) for e in state.tally.events if e.kind in ("runner_chortle", "success")]


def test_three_vp_a_level() -> None:
    assert POWERS[TORC].played
    assert torc_spared({"magic_items": [{"item": torc(), "levels": 4}]}) == 12
    assert torc_spared({}) == 0


@pytest.mark.parametrize("levels", [1, 2, 50])
def test_a_failed_roll_earns_the_runner_less(levels: int) -> None:
    plain = _runner_vp(0, 2)
    assert len(plain) == 1 and plain[0][0] == "Ragnar" and plain[0][1] > 0
    assert _runner_vp(levels, 2) == [("Ragnar", max(0, plain[0][1] - 3 * levels))]


def test_a_success_is_left_alone() -> None:
    plain = _runner_vp(0, 9)
    assert plain and plain[0][1] > 0 and _runner_vp(2, 9) == plain
