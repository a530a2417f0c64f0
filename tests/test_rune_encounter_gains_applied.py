"""A haul carried across an adventure (spec 001c §8.3, §8.6-§8.7; 001b §6.2 item 4): what a hero won in one
encounter run is written to his sheet at settlement and the adventure's next run starts from it; the hauls go home
once, at the adventure's end, bringing every encounter's silver and valuables less the liar's silver, and leave
the sheets. The sheet refuses a haul the rules cannot hold."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.loot import home_vp
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.session import heroes_after
from test_rune_hero import hero, ragnar


def _notes(ounces: int, liars: int) -> dict[str, Any]:
    given = notes(difficulty=6)
    given["events"][0]["elements"] = [
        {"id": "purse", "name": "A purse", "kind": "gain", "gain": {"kind": "silver", "ounces": ounces}},
        {"id": "fake", "name": "Loki's coins", "kind": "gain", "gain": {"kind": "liars_silver", "pieces": liars}},
    ]
    return given


def encounter(heroes: list[dict[str, Any]] | None, ounces: int, liars: int) -> PlayLog:
    given = setup()
    if heroes is not None:
        given["heroes"] = heroes
    else:
        for h in given["heroes"]:
            h["character"] = f"c-{h['name'].lower()}"
    log = PlayLog.start("rune", "encounter", {}, given)
    log.apply("notes", {"encounter": _notes(ounces, liars)}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("give_gain", {"gain": "purse", "hero": "Ragnar"}, ManualSource([]))
    log.apply("give_gain", {"gain": "fake", "hero": "Ragnar"}, ManualSource([]))
    return log


def state(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def settle(log: PlayLog) -> dict[str, dict[str, Any]]:
    before = state(log)
    event = log.apply("settle", {}, ManualSource([]))
    return log.tracker.sheet_changes(before, event)


def test_settling_writes_the_haul_to_the_sheet_and_the_next_run_starts_from_it() -> None:
    first = encounter(None, 7, 2)
    changes = settle(first)
    assert changes["c-ragnar"]["haul"]["ounces"] == 7 and changes["c-ragnar"]["haul"]["liars"] == 2
    assert "haul" not in changes["c-thurid"]  # nothing carried: nothing written
    heroes = heroes_after([first.state()])
    carried = next(h for h in heroes if h["name"] == "Ragnar")["sheet"]["haul"]
    assert carried["ounces"] == 7 and carried["liars"] == 2
    assert all("haul" not in h["sheet"] for h in heroes if h["name"] != "Ragnar")
    second = encounter(heroes, 5, 1)
    haul = state(second).hauls["Ragnar"]
    assert (haul.ounces, haul.liars) == (7 + 5, 2 + 1)  # both encounters' silver, in one haul


def test_the_hauls_go_home_once_with_every_encounters_silver_and_leave_the_sheets() -> None:
    first = encounter(None, 7, 2)
    settle(first)
    second = encounter(heroes_after([first.state()]), 5, 1)
    settle(second)
    before = state(second)
    event = second.apply("haul_home", {}, ManualSource([]))
    assert event["result"]["heroes"]["Ragnar"]["vp"] == home_vp(12, (), 3)
    changes = second.tracker.sheet_changes(before, event)
    assert changes["c-ragnar"]["haul"] is None  # gone home: off his sheet
    assert "haul" not in next(h for h in heroes_after([second.state()]) if h["name"] == "Ragnar")["sheet"]


def test_a_hero_sheet_keeps_a_haul_and_refuses_one_the_rules_cannot_hold() -> None:
    kept = hero(ragnar(haul={"ounces": 3, "liars": 1, "valuables": [4]}))
    assert kept.haul is not None and kept.haul.vp == home_vp(3, (4,), 1)
    with pytest.raises(ParameterError, match="haul"):
        hero(ragnar(haul={"ounces": -1}))
