"""Multiple rolls played at the table in an encounter run (rune/encounters/run_multiple.py, 001c §5.1-§5.6):
a Countdown's successes within its rounds, a Scoreboard's exchanges, an Endurance Test, a Panic Button ended by
another roll, an Action Sink lost when the fight ends; each required success scores."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_state import RunState

WALL = {"ability": "awareness", "characteristic": None, "purpose": "gain"}
TITHE = {"id": "tithe", "name": "A tithe chest", "kind": "treasure", "lines": [{"label": "Treasure", "ep": -300}]}


def _run(*rolls: dict[str, Any]) -> PlayLog:
    given = notes()
    given["events"][0]["rolls"] = [{**WALL, **r} for r in rolls]
    given["events"][0]["elements"] = [TITHE]  # earns what the rolls spend
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def _roll(log: PlayLog, faces: list[int], **params: Any) -> dict[str, Any]:
    result: dict[str, Any] = log.apply("noted_roll", params, ManualSource(faces))["result"]
    return result


def test_a_countdown_needs_its_successes_within_its_rounds() -> None:  # 001c §5.5
    countdown = {"kind": "countdown", "successes": "one", "attempts": 2}  # 4 successes (N) within 2 rounds
    log = _run({"id": "gate", "name": "Hold the gate", "difficulty": 6, "multiple": countdown})
    made = _roll(log, [9, 9, 1, 2, 2], roll="gate")
    first = made["multiple"]
    won = sum(t >= 6 for t in made["totals"].values())
    assert (first["needed"], first["successes"], first["outcome"], first["round"]) == (4, won, None, 2)
    again = _roll(log, [10, 9, 10, 9, 9, 9], roll="gate")
    won += sum(t >= 6 for t in again["totals"].values())
    assert again["multiple"]["outcome"] is (won >= 4)
    with pytest.raises(RulesError, match="settled"):
        _roll(log, [9, 9, 9, 9], roll="gate")
    state = log.state()
    assert isinstance(state, RunState)
    successes = [e for e in state.tally.events if e.kind == "success"]
    assert len(successes) == won  # each required success scores, not the first alone


def test_a_scoreboard_is_won_by_the_first_to_its_target() -> None:  # 001c §5.6
    board = {"kind": "scoreboard", "target": 3}
    log = _run(
        {"id": "arm", "name": "Arm-wrestle the troll", "opposed_bonus": 2, "structure": "rush", "multiple": board}
    )
    outcomes = []
    for hero_face, troll_face in ((9, 2), (9, 2), (2, 9), (9, 2)):
        outcomes.append(_roll(log, [hero_face, troll_face], roll="arm", rollers=["Sigrid"])["multiple"]["outcome"])
        if outcomes[-1] is not None:
            break
    assert outcomes[-1] is True and len(outcomes) == 4


def test_an_endurance_test_fails_at_the_first_failure() -> None:  # 001c §5.3
    log = _run({"id": "heat", "name": "Bear the heat", "difficulty": 5, "structure": "singular",
                "multiple": {"kind": "endurance", "rolls": 3}})  # fmt: skip
    assert _roll(log, [9], roll="heat", rollers=["Bjorn"])["multiple"]["outcome"] is None
    assert _roll(log, [1, 1], roll="heat", rollers=["Bjorn"])["multiple"]["outcome"] is False


def test_a_panic_button_holds_until_another_roll_ends_it() -> None:  # 001c §5.2
    log = _run(
        {"id": "beam", "name": "Hold up the beam", "difficulty": 5, "structure": "singular",
         "multiple": {"kind": "panic_button", "ending_roll": "wedge"}},
        {"id": "wedge", "name": "Wedge the beam", "difficulty": 6, "structure": "singular"},
    )  # fmt: skip
    assert _roll(log, [9], roll="beam", rollers=["Bjorn"])["multiple"]["outcome"] is None
    ended = _roll(log, [9], roll="wedge", rollers=["Sigrid"])
    assert ended["ends"] == ["beam"]
    state = log.state()
    assert isinstance(state, RunState) and state.multiples["beam"]["state"]["ended"]


def test_an_action_sink_not_met_is_lost_when_the_fight_ends() -> None:  # 001c §5.1
    log = _run({"id": "lever", "name": "Pull the levers", "difficulty": 6, "structure": "singular",
                "combat_action": True, "multiple": {"kind": "action_sink", "successes": 2}})  # fmt: skip
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    assert _roll(log, [9], roll="lever", rollers=["Bjorn"])["multiple"]["outcome"] is None
    log.apply("end_combat", {}, ManualSource([]))
    state = log.state()
    assert isinstance(state, RunState)
    assert state.multiples["lever"]["state"]["fight_over"]
