"""What a trap leaves, played on the later rolls and fights (001c §6.5-§6.8, §6.12; rules §34.5): a failing hero's
Impairment taken off his later rolls of the notes (every roll, a specific Ability's, the rolls it covers) and off
the button's exact odds, cured when its window is spent; sticks and carrots on the roll they name for their
rounds; the foes' bonus staged in the next fight for its rounds (in the fight under way from the next round);
loss of status scored for each failing hero, at most 20; undo."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.encounters.run_rolls import bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.trap_cards import odds
from runehall.systems.rune.stress import at_least as at_least_fraction
from test_rune_encounter_traps_play import brute_made

RUNNER = Seat(runs=True, owns=True)
FAIL = [1, 2]  # a botch: 1 then 2 reads -1, far below any Difficulty
MAKE = [10, 9]  # 19: makes any Difficulty here


def trapped(trap: dict[str, Any], structure: str = "standard", fight: bool = False) -> PlayLog:
    """A gate event (the trap's roll, then a later trap roll, a gain roll and a Freestanding one) before the
    fixture's hall."""
    given = notes(difficulty=8)
    rolls = [
        {"id": "trip", "name": "Spot the tripwire", "ability": "awareness", "difficulty": 8, "purpose": "trap",
         "structure": structure},
        {"id": "climb", "name": "Climb the wall", "ability": "climb", "difficulty": 7, "purpose": "trap"},
        {"id": "search", "name": "Search the niche", "ability": "awareness", "difficulty": 7, "purpose": "gain"},
        {"id": "sing", "name": "Sing the dirge", "ability": "climb", "difficulty": 8, "freestanding": True},
    ]  # fmt: skip
    element = {"id": "wire", "name": "Tripwire", "kind": "trap", "roll": "trip", "trap": trap}
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    gate = {"id": "gate", "summary": "A gate", "rolls": rolls, "elements": [element, herbs]}
    given["events"] = [gate, *given["events"]]
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state_of(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def plain(log: PlayLog, hero: str, roll_id: str, faces: list[int]) -> int:
    """The hero's total with no trap's effect: the die and his bonus."""
    state = state_of(log)
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    return StressDie().key(tuple(faces)) + bonus(hero, sheet, find_roll(state, roll_id), log.option_values())


def ragnar_fails(log: PlayLog) -> None:
    """Everyone rolls the tripwire (Standard: each for himself); only Ragnar fails."""
    r = log.apply("spring_trap", {"trap": "wire"}, ManualSource([*FAIL, *MAKE, *MAKE, *MAKE]))["result"]
    assert [h for h, fine in r["roll"]["fates"].items() if not fine] == ["Ragnar"]


def roll(log: PlayLog, roll_id: str) -> dict[str, Any]:
    """Everyone rolls 5 (a plain face)."""
    return log.apply("noted_roll", {"roll": roll_id}, ManualSource([5, 5, 5, 5]))["result"]


def test_impairment_comes_off_the_failing_heros_later_rolls_until_its_window_is_spent() -> None:
    log = trapped({"impairment": {"points": 1, "trap_rolls": 1, "gain_rolls": 0, "freestanding": 0, "combats": 0}})
    ragnar_fails(log)
    assert [(i.hero, i.points, i.left) for i in state_of(log).traps.ills] == [
        ("Ragnar", 1, {"combats": 0, "trap_rolls": 1, "gain_rolls": 0, "freestanding": 0})
    ]
    first = roll(log, "climb")["totals"]
    assert first["Ragnar"] == plain(log, "Ragnar", "climb", [5]) - 1  # 001c §6.5: a flat decrease
    assert first["Thurid"] == plain(log, "Thurid", "climb", [5])  # only the hero who failed
    assert state_of(log).traps.ills == ()  # its one trap roll made: cured
    again = roll(log, "climb")["totals"]
    assert again["Ragnar"] == plain(log, "Ragnar", "climb", [5])


def test_a_window_counted_from_the_notes_lasts_to_the_last_roll_and_spares_none() -> None:
    log = trapped({"impairment": {"points": 2}})
    ragnar_fails(log)
    (ill,) = state_of(log).traps.ills
    assert ill.left == {"combats": 1, "trap_rolls": 2, "gain_rolls": 1, "freestanding": 1}  # trap_window.py
    for roll_id in ("search", "sing"):
        assert roll(log, roll_id)["totals"]["Ragnar"] == plain(log, "Ragnar", roll_id, [5]) - 2
    assert state_of(log).traps.ills[0].left == {"combats": 1, "trap_rolls": 2, "gain_rolls": 0, "freestanding": 0}
    assert roll(log, "sing")["totals"]["Ragnar"] == plain(log, "Ragnar", "sing", [5])  # not paid for: spared


def test_specific_impairment_falls_only_on_its_abilitys_rolls() -> None:
    log = trapped({"impairment": {"points": 1, "specific": ["climb"]}})
    ragnar_fails(log)
    assert roll(log, "search")["totals"]["Ragnar"] == plain(log, "Ragnar", "search", [5])
    assert roll(log, "climb")["totals"]["Ragnar"] == plain(log, "Ragnar", "climb", [5]) - 1
    board = log.tracker.board(state_of(log), words_for("en", "rune"), RUNNER, log.option_values())  # type: ignore[call-arg]
    said = [row.value for s in board.sections for row in s.rows]
    assert "Impairment 1 on Climb" in said


def test_a_stick_weighs_on_its_roll_for_its_rounds_then_goes() -> None:
    log = trapped({"sticks": [{"roll": "climb", "penalty": 3, "rounds": 2}]})
    ragnar_fails(log)
    for _ in range(2):
        totals = roll(log, "climb")["totals"]
        assert all(totals[h] == plain(log, h, "climb", [5]) - 3 for h in totals)  # on everyone's roll
    assert state_of(log).traps.marks == ()
    assert roll(log, "climb")["totals"]["Sigrid"] == plain(log, "Sigrid", "climb", [5])


@pytest.mark.parametrize("made", [True, False])
def test_a_stick_and_carrot_moves_the_later_roll_by_its_side(made: bool) -> None:
    log = trapped({"stick_carrot": {"roll": "climb", "carrot": 2, "stick": 4}}, structure="singular")
    faces = MAKE if made else FAIL
    assert roll(log, "climb")["totals"]["Bjorn"] == plain(log, "Bjorn", "climb", [5])  # no mark yet
    r = log.apply("spring_trap", {"trap": "wire", "rollers": ["Sigrid"]}, ManualSource(faces))
    assert r["result"]["roll"]["group_success"] is made
    totals = roll(log, "climb")["totals"]
    assert totals["Bjorn"] == plain(log, "Bjorn", "climb", [5]) + (2 if made else -4)


def test_the_button_odds_take_the_impairment_off() -> None:
    log = trapped({"impairment": {"points": 2}})
    state = state_of(log)
    element = state.notes.events[0].elements[0]  # type: ignore[union-attr]
    before, _ = odds(state, element, "Ragnar", log.option_values())
    sheet = state.setup.heroes[0].sheet
    adds = bonus("Ragnar", sheet, find_roll(state, "trip"), log.option_values())
    assert before == at_least_fraction(8 - adds)
    assert abs(brute_made(8 - adds) - before) < 0.001  # brute force through the die itself
    ragnar_fails(log)  # a second spring is refused, but the odds read the state as it is now
    after, _ = odds(state_of(log), element, "Ragnar", log.option_values())
    assert after == at_least_fraction(8 - adds + 2) < before
    assert abs(brute_made(8 - adds + 2) - after) < 0.001


def test_the_foes_bonus_is_staged_in_the_next_fight_for_its_rounds() -> None:
    log = trapped({"foe_bonuses": [{"stat": "atk", "bonus": 2, "rounds": 2}]})
    ragnar_fails(log)
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    state = state_of(log)
    (effect,) = [e for e in state.fights[-1].fight.effects if e.kind == "trap"]
    assert (effect.roll, effect.delta, effect.who, effect.first_round, effect.last_round) == ("atk", 2, "foes", 1, 2)
    assert effect.name == "Tripwire" and state.traps.marks == ()  # spent on this fight's foes


def test_general_impairment_goes_into_the_next_fight_and_is_spent_there() -> None:
    log = trapped({"impairment": {"points": 1, "trap_rolls": 0, "gain_rolls": 0, "freestanding": 0}})
    ragnar_fails(log)
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    state = state_of(log)
    ragnar = next(c for c in state.fights[-1].fight.combatants if c.name == "Ragnar")
    assert ragnar.impairment_other == 1 and state.traps.ills == ()  # its one fight: cured after it


def test_specific_impairment_of_atk_is_ragnars_own_in_the_fight() -> None:
    log = trapped({"impairment": {"points": 1, "specific": ["atk"]}})
    ragnar_fails(log)
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    fight = state_of(log).fights[-1].fight
    (effect,) = [e for e in fight.effects if e.kind == "trap"]
    assert (effect.roll, effect.delta, effect.only) == ("atk", -1, "Ragnar")
    assert next(c for c in fight.combatants if c.name == "Ragnar").impairment_other == 0  # not every roll


def test_loss_of_status_is_scored_for_each_failing_hero_at_most_20() -> None:
    log = trapped({"loss_of_status": 15})
    log.apply("award", {"kind": "status_loss", "vp": 10, "hero": "Ragnar"}, ManualSource([]))
    r = log.apply("spring_trap", {"trap": "wire"}, ManualSource([*FAIL, *FAIL, *MAKE, *MAKE]))["result"]
    assert r["status"] == {"Ragnar": 10, "Thurid": 15}  # Ragnar had lost 10 already: 20 at most (001c §6.8)
    lost = {
        h: -sum(e.amount for e in state_of(log).tally.of("status_loss") if e.hero == h) for h in ("Ragnar", "Thurid")
    }
    assert lost == {"Ragnar": 20, "Thurid": 15}
    card = log.tracker.actions()["spring_trap"].describe(log.events[-1], words_for("es", "rune"), "Thurid")
    assert any("estatus" in row.value for row in card.rows)


def test_undo_takes_the_effects_back() -> None:
    log = trapped({"impairment": {"points": 1}, "sticks": [{"roll": "climb", "penalty": 2}]})
    ragnar_fails(log)
    before = copy.deepcopy(state_of(log))
    roll(log, "climb")
    assert state_of(log).traps != before.traps
    log.undo()
    assert state_of(log) == before
