"""Session-counted Divine Gifts from one encounter run to the next (gifts/session_uses.py, encounters/run_gifts.py):
settling writes each hero's uses of them to his sheet with the session's number, the next run's first fight reads
them back in the same session and not in another, and the sheet's field refuses what it cannot hold."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.systems.base import validate_model
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.session import heroes_after
from runehall.systems.rune.hero import Hero
from test_rune_combat import RAGNAR_SHEET

DESTINY, THUNDER, MJOLNIR = "destiny_reversed", "gathering_thunder", "mjolnir_awakes"
GIFTS = {"Destiny Reversed": 2, "Gathering Thunder": 1, "Mjolnir Awakes": 1}


def run(heroes: list[dict[str, Any]] | None = None, session: int = 1) -> PlayLog:
    given = setup()
    if heroes is not None:
        given["heroes"] = heroes
    else:
        for hero in given["heroes"]:
            hero["character"] = f"c-{hero['name'].lower()}"
        given["heroes"][0]["sheet"]["gifts"] = dict(GIFTS)
    given["session"] = session
    log = PlayLog.start("rune", "encounter", {}, given)
    for action, params in (("notes", {"encounter": notes()}), ("begin", {}), ("fight", {"event": "hall"})):
        log.apply(action, params, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def ragnar(state: RunState) -> Any:
    assert state.fight is not None
    return next(c for c in state.fight.combatants if c.name == "Ragnar")


def used_in_fight(state: RunState, used: dict[str, int]) -> RunState:
    """The run with Ragnar's usage counters in its (last) fight as given (as his uses there would leave them)."""
    fought = state.fights[-1]
    people = tuple(
        c.model_copy(update={"gifted": c.gifted.model_copy(update={"used": used})}) if c.name == "Ragnar" else c
        for c in fought.fight.combatants
    )
    again = fought.model_copy(update={"fight": fought.fight.model_copy(update={"combatants": people})})
    return state.model_copy(update={"fights": (*state.fights[:-1], again)})


def settled(used: dict[str, int], session: int = 1) -> tuple[RunState, dict[str, Any]]:
    """A run whose fight saw Ragnar use `used`, settled: its state and the settlement's sheet changes."""
    log = run(session=session)
    log.apply("end_combat", {}, ManualSource([]))
    event = log.apply("settle", {}, ManualSource([]))
    state = used_in_fight(state_of(log), used)
    return state, log.tracker.sheet_changes(state, event)  # type: ignore[attr-defined]


def test_settling_writes_the_session_counted_uses_with_the_session_and_nothing_else() -> None:
    state, changes = settled({DESTINY: 1, THUNDER: 1, MJOLNIR: 1}, session=3)
    assert changes["c-ragnar"]["session_uses"] == {"session": 3, "used": {DESTINY: 1, THUNDER: 1}}
    assert "session_uses" not in changes["c-thurid"]  # nothing used, nothing carried: nothing written
    carried = next(h for h in heroes_after([state]) if h["name"] == "Ragnar")["sheet"]
    assert carried["session_uses"] == {"session": 3, "used": {DESTINY: 1, THUNDER: 1}}


def test_the_next_run_of_the_session_starts_with_the_uses_and_a_new_session_gives_them_back() -> None:
    state, _ = settled({DESTINY: 2, MJOLNIR: 1})
    heroes = heroes_after([state])
    same = ragnar(state_of(run(heroes, session=1)))
    assert same.gifted.used == {DESTINY: 2}  # Mjolnir Awakes is counted per encounter: a new run, a new count
    assert ragnar(state_of(run(heroes, session=2))).gifted.used == {}
    later = run(heroes, session=1)  # the second run's settlement adds its own uses to the sheet's
    later.apply("end_combat", {}, ManualSource([]))
    event = later.apply("settle", {}, ManualSource([]))
    more = used_in_fight(state_of(later), {DESTINY: 2, THUNDER: 1})
    sheet = next(h for h in heroes_after([more]) if h["name"] == "Ragnar")["sheet"]
    assert sheet["session_uses"] == {"session": 1, "used": {DESTINY: 2, THUNDER: 1}}
    assert event["result"]["scores"]  # settled as any run


def test_a_past_sessions_uses_leave_the_sheet_once_a_run_of_a_new_session_is_settled() -> None:
    state, _ = settled({DESTINY: 1})
    heroes = heroes_after([state])
    for hero in heroes:
        hero["character"] = f"c-{hero['name'].lower()}"
    log = run(heroes, session=2)
    log.apply("end_combat", {}, ManualSource([]))
    event = log.apply("settle", {}, ManualSource([]))
    changes = log.tracker.sheet_changes(state_of(log), event)  # type: ignore[attr-defined]
    assert changes["c-ragnar"]["session_uses"] is None
    assert "session_uses" not in next(h for h in heroes_after([state_of(log)]) if h["name"] == "Ragnar")["sheet"]


def sheet(uses: Any) -> Hero:
    return validate_model(Hero, {"name": "Ragnar", **RAGNAR_SHEET, "session_uses": uses}, "sheet")  # type: ignore[no-any-return]


def test_the_sheet_keeps_session_uses_by_id_or_name_and_refuses_what_is_not_session_counted() -> None:
    kept = sheet({"session": 2, "used": {"Destiny Reversed": 1, THUNDER: 1}}).session_uses
    assert kept is not None and kept.session == 2 and kept.used == {DESTINY: 1, THUNDER: 1}
    with pytest.raises(ParameterError, match="Mjolnir Awakes is not counted per session"):
        sheet({"session": 2, "used": {MJOLNIR: 1}})
    with pytest.raises(ParameterError, match="not a Divine Gift"):
        sheet({"session": 2, "used": {"Odin's Hat": 1}})
    for bad in ({"session": 0, "used": {}}, {"session": 2, "used": {DESTINY: 0}}):
        with pytest.raises(ParameterError):
            sheet(bad)
    assert Hero.model_json_schema()["properties"]["session_uses"]["readOnly"] is True  # never typed in the form
