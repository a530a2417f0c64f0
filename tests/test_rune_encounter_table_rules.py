"""Rules of the notes played at the table in an encounter run: foes the notes give one name are numbered in the
fight; the Rule of Escalating Buffness (001c §5.4, TV-09) raises every hero's total from the seventh qualifying
roll of the notes on; option success_vp_per_point (001b A-35) sets what a success is worth."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_fight import fed
from runehall.systems.rune.encounters.run_state import RunState

WARREN = Path(__file__).resolve().parent.parent / "examples" / "rune" / "goblin-warren.toml"


def _state(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def test_foes_sharing_a_name_in_the_notes_are_numbered_in_the_fight() -> None:
    warren = tomllib.loads(WARREN.read_text(encoding="utf-8"))
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": warren}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    fights = [e for e in warren["events"] if e.get("combat")]
    log.apply("fight", {"event": fights[0]["id"]}, ManualSource([]))
    fight = _state(log).fight
    assert fight is not None
    names = [c.name for c in fight.combatants if not c.hero]
    assert len(names) == len(set(names)) == len(fights[0]["combat"]["foes"])


def _many_rolls(count: int, difficulty: int = 6, **run: Any) -> PlayLog:
    given = notes(difficulty=difficulty)
    door = given["events"][0]["rolls"][0]
    climb = {**door, "ability": "awareness", "characteristic": None}  # Brawling is a Combat Ability: never counted
    given["events"][0]["rolls"] = [
        {**climb, "id": f"r{i}", "name": f"Wall {i}", "structure": "singular"} for i in range(count)
    ]
    log = PlayLog.start("rune", "encounter", run, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def test_escalating_buffness_raises_totals_from_the_seventh_qualifying_roll() -> None:  # 001c TV-09
    log = _many_rolls(9)
    bonuses = []
    for i in range(9):
        made = log.apply("noted_roll", {"roll": f"r{i}", "rollers": ["Sigrid"]}, ManualSource([5]))["result"]
        bonuses.append(made["buffness"])
    assert bonuses == [0, 0, 0, 0, 0, 0, 1, 2, 3]
    assert _state(log).buffness == 9


def test_a_success_is_worth_the_tables_points_per_margin() -> None:  # 001b A-35
    for per_point in (3, 1):
        log = _many_rolls(1, difficulty=4, success_vp_per_point=per_point)
        made = log.apply("noted_roll", {"roll": "r0", "rollers": ["Sigrid"]}, ManualSource([9]))["result"]
        margin = made["totals"]["Sigrid"] - 4
        success = [e for e in _state(log).tally.events if e.kind == "success"]
        assert margin > 0 and [e.amount for e in success] == [per_point * margin]


def test_a_creature_of_the_designers_own_and_a_foes_own_adjust_fight_as_the_notes_say() -> None:  # 001b §10
    given = notes()
    given["creatures"] = [{"id": "spew_rat", "name": "Pulsating Spew-Rat", "adjust": {"init": 9, "atk": -2}}]
    foes = given["events"][0]["combat"]["foes"]
    foes[0] = {"id": "rat", "name": "Spew-Rat", "type": "spew_rat", "threat": "superior"}
    foes[1] = {**foes[1], "adjust": {"dam": 5}}  # this Dark Viking hits harder than his type (001b A-60)
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    state = _state(log)
    assert state.fight is not None and state.valor is not None
    people = {c.name: c for c in state.fight.combatants}
    rat, viking = people["Spew-Rat"], people["Dark Viking 2"]
    superior = 2  # the Foe Maker's INIT, ATK and DAM for a Superior foe
    assert (
        rat.weapons[0].init == state.valor.init + superior + 9 and rat.weapons[0].atk == state.valor.atk + superior - 2
    )
    assert viking.weapons[0].dam == state.valor.dam + superior + 5


def test_the_notes_decoys_and_hostages_are_in_the_fight_and_a_freed_hostage_scores() -> None:  # 001b §11.5-§11.6
    given = notes()
    foes = given["events"][0]["combat"]["foes"]
    given["events"][0]["combat"]["terrain"] = [
        {"id": "maids", "name": "Thrall", "kind": "hostages", "count": 1, "held_by": [foes[0]["id"]]},
        {"id": "boys", "name": "Pot-boy", "kind": "decoys", "count": 2},
    ]
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    fight = _state(log).fight
    assert fight is not None
    extras = {e.name: e for e in fight.extras}
    assert extras["Thrall 1"].kind == "hostage" and extras["Thrall 1"].captor == "Dark Viking 1"
    assert {extras["Pot-boy 1"].kind, extras["Pot-boy 2"].kind} == {"decoy"}
    # What the fight reports when Bjorn frees the hostage (free_hostage's result) and when a blow slays one.
    state = _state(log)
    tally = fed(state.tally, state, fight, fight, {"who": "Bjorn", "freed": True, "freed_by": "Bjorn"})
    tally = fed(tally, state, fight, fight, {"attack": {"hostage": {"hostage": "Thrall 1", "slain_by": "Sigrid"}}})
    awards = [(e.kind, e.hero, e.amount) for e in tally.events if e.kind.startswith("hostage")]
    assert awards == [("hostage_freed", "Bjorn", 20), ("hostage_slain", "Sigrid", -20)]


def test_the_notes_terrain_is_laid_on_the_fights_map() -> None:  # 001b §11-§12
    given = notes()
    given["events"][0]["combat"]["terrain"] = [
        {"id": "mud", "name": "Mud", "kind": "slippery", "coverage": "half"},
        {"id": "dark", "kind": "darkness"},
        {"id": "gate", "name": "The one gate", "kind": "limited_exits", "mode": "one"},
        {"id": "coals", "name": "Coals", "kind": "damaging_place", "dam": 20},
        {"id": "stairs", "name": "Gallery", "kind": "levels", "count": 2},
    ]
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    fight = _state(log).fight
    assert fight is not None
    kinds = [z.kind for z in fight.terrain]
    assert sorted(kinds) == sorted(["slippery", "darkness", "exit", "damaging", "level", "level"])
    mud = next(z for z in fight.terrain if z.kind == "slippery")
    x0, _, x1, _ = mud.area
    assert x1 - x0 == 6  # half of the 12 paces between the lines
    coals = next(z for z in fight.terrain if z.kind == "damaging")
    assert coals.dam == 20 and coals.name == "Coals"
    assert next(z for z in fight.terrain if z.kind == "exit").per_round == 1
    people = [c.at for c in fight.combatants]
    assert not any(coals.area[0] <= x <= coals.area[2] and coals.area[1] <= y <= coals.area[3] for x, y in people)
