"""The runner's +20 for what came into play (001b §6.4, category 4): a button for each terrain feature of a fight
and each trap or hazard of an event with a fight, by its name (never an id to type); once credited, its button
goes; a trap of an event without a fight earns nothing this way."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Move, Seat
from runehall.present.words import words_for
from runehall.systems.rune.encounters.run_state import RunState

RUNNER = Seat(runs=True, owns=True)  # the buttons name the notes' features: the runner's alone (issue 15)


def _run() -> PlayLog:
    given = notes()
    hall = given["events"][0]
    hall["combat"]["terrain"] = [
        {"id": "rubble", "kind": "uneven", "coverage": "half"},
        {"id": "wall", "name": "The old wall", "kind": "cover", "degree": "half", "shelters": 2},
    ]
    pit = {"id": "pit", "name": "Spiked pit", "kind": "trap", "lines": [{"label": "Spikes", "ep": 10}]}
    hall["elements"] = [pit]
    quiet = {"id": "cellar", "summary": "A cellar", "rolls": [], "elements": [
        {"id": "rats", "name": "Rats in the cellar", "kind": "hazard", "lines": [{"label": "Bites", "ep": 5}]}
    ]}  # fmt: skip
    given["events"].append(quiet)
    log = PlayLog.start("rune", "encounter", {}, setup())
    for action, params in (("notes", {"encounter": given}), ("begin", {})):
        log.apply(action, params, ManualSource([]))
    return log


def _buttons(log: PlayLog, lang: str = "en") -> list[Move]:
    state = log.state()
    view = log.tracker.board(state, words_for(lang, "rune"), RUNNER, log.option_values())  # type: ignore[call-arg]
    return [m for m in view.moves if m.action == "terrain_in_play"]


def _runner_terrain(log: PlayLog) -> list[dict[str, Any]]:
    state = log.state()
    assert isinstance(state, RunState)
    return [dict(e.meta) for e in state.tally.of("runner_terrain")]


def test_a_button_for_each_feature_and_trap_of_a_fight_by_its_name() -> None:
    log = _run()
    buttons = _buttons(log)
    assert [m.title for m in buttons] == [
        "Came into play: Uneven ground",
        "Came into play: The old wall",
        "Came into play: Spiked pit",
    ]
    assert all(not m.ask for m in buttons)  # nothing to type
    assert [m.title for m in _buttons(log, "es")][2] == "Entró en juego: Spiked pit"


def test_credited_once_and_its_button_goes() -> None:
    log = _run()
    card = log.apply("terrain_in_play", {"feature": "pit"}, ManualSource([]))
    assert _runner_terrain(log) == [{"feature": "pit", "feature_kind": "trap", "name": "Spiked pit"}]
    assert card["result"]["name"] == "Spiked pit"
    assert "Came into play: Spiked pit" not in [m.title for m in _buttons(log)]
    with pytest.raises(RulesError, match="already earned"):
        log.apply("terrain_in_play", {"feature": "pit"}, ManualSource([]))


def test_a_trap_outside_a_fight_earns_nothing_this_way() -> None:
    log = _run()
    with pytest.raises(RulesError, match="no terrain feature"):
        log.apply("terrain_in_play", {"feature": "rats"}, ManualSource([]))
    assert _runner_terrain(log) == []
