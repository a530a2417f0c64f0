"""Gains played on the later rolls (001c §9.3, §9.6; rules §35.4): a carrot given to a hero goes on his total of
the roll it names for its rounds, then goes; Invigoration on his rolls of its window, cancelling Impairment point
for point, and on his INIT, ATK and DFN in the window's fight; the trap button's exact odds count both."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_rolls import bonus, find_roll
from runehall.systems.rune.encounters.trap_cards import odds
from runehall.systems.rune.stress import at_least
from test_rune_encounter_trap_effects import plain, ragnar_fails, roll, state_of
from test_rune_encounter_traps_play import brute_made


def table(gains: list[dict[str, Any]], trap: dict[str, Any] | None = None) -> PlayLog:
    """A gate event (a trap on 'trip', a trap roll, a gain roll, a Freestanding roll) and the gains, before the
    fixture's hall with its fight."""
    given = notes(difficulty=8)
    rolls = [
        {"id": "trip", "name": "Spot the tripwire", "ability": "awareness", "difficulty": 8, "purpose": "trap"},
        {"id": "climb", "name": "Climb the wall", "ability": "climb", "difficulty": 7, "purpose": "trap"},
        {"id": "search", "name": "Search the niche", "ability": "awareness", "difficulty": 7, "purpose": "gain"},
        {"id": "sing", "name": "Sing the dirge", "ability": "climb", "difficulty": 8, "freestanding": True},
    ]  # fmt: skip
    wire = {
        "id": "wire",
        "name": "Tripwire",
        "kind": "trap",
        "roll": "trip",
        "trap": trap or {"impairment": {"points": 2}},
    }
    herbs = {"id": "herbs", "name": "Herbs", "kind": "gain", "lines": [{"label": "Healing herbs", "ep": -400}]}
    elements = [wire, herbs, *({"kind": "gain", **g} for g in gains)]
    given["events"] = [{"id": "gate", "summary": "A gate", "rolls": rolls, "elements": elements}, *given["events"]]
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def carrot(target: str, points: int, rounds: int = 1) -> dict[str, Any]:
    return {"id": "nod", "name": "The jarl's nod", "gain": {"kind": "carrot", "target": target, "bonus": points,
                                                          "rounds": rounds}}  # fmt: skip


def vigour(points: int, specific: str = "general", **window: int) -> dict[str, Any]:
    gain = {"kind": "invigoration", "points": points, "specific": specific, **window}
    return {"id": "mead", "name": "Odin's mead", "gain": gain}


def give(log: PlayLog, gain: str, hero: str = "Ragnar") -> dict[str, Any]:
    return log.apply("give_gain", {"gain": gain, "hero": hero}, ManualSource([]))["result"]


def test_a_carrot_goes_on_its_heros_total_of_the_roll_it_names_for_its_rounds() -> None:
    log = table([carrot("climb", 3, rounds=2)])
    give(log, "nod")
    for _ in range(2):
        totals = roll(log, "climb")["totals"]
        assert totals["Ragnar"] == plain(log, "Ragnar", "climb", [5]) + 3
        assert totals["Thurid"] == plain(log, "Thurid", "climb", [5])  # his alone
    assert roll(log, "search")["totals"]["Ragnar"] == plain(log, "Ragnar", "search", [5])  # not another roll
    assert state_of(log).traps.marks == ()  # two rounds made: gone
    assert roll(log, "climb")["totals"]["Ragnar"] == plain(log, "Ragnar", "climb", [5])


def test_the_trap_button_odds_count_a_carrot_on_the_traps_roll() -> None:
    log = table([carrot("trip", 2)])
    state = state_of(log)
    element = state.notes.events[0].elements[0]  # type: ignore[union-attr]
    adds = bonus("Ragnar", state.setup.heroes[0].sheet, find_roll(state, "trip"), log.option_values())
    before, _ = odds(state, element, "Ragnar", log.option_values())
    give(log, "nod")
    after, _ = odds(state_of(log), element, "Ragnar", log.option_values())
    assert before == at_least(8 - adds) and after == at_least(8 - adds - 2) > before
    assert abs(brute_made(8 - adds - 2) - after) < 0.001  # brute force through the die itself
    other, _ = odds(state_of(log), element, "Thurid", log.option_values())
    thurid = bonus("Thurid", state.setup.heroes[1].sheet, find_roll(state, "trip"), log.option_values())
    assert other == at_least(8 - thurid)


def test_invigoration_adds_over_its_window_then_is_spent() -> None:
    log = table([vigour(2, trap_rolls=1, freestanding=1)])
    give(log, "mead")
    assert roll(log, "search")["totals"]["Ragnar"] == plain(log, "Ragnar", "search", [5])  # no gain roll counted
    assert roll(log, "climb")["totals"]["Ragnar"] == plain(log, "Ragnar", "climb", [5]) + 2
    assert roll(log, "climb")["totals"]["Ragnar"] == plain(log, "Ragnar", "climb", [5])  # its one trap roll made
    assert roll(log, "sing")["totals"]["Ragnar"] == plain(log, "Ragnar", "sing", [5]) + 2
    assert state_of(log).traps.ills == ()


def test_invigoration_cancels_impairment_point_for_point() -> None:
    log = table([vigour(1, trap_rolls=2, freestanding=2)])
    ragnar_fails(log)  # Impairment 2 from the tripwire
    give(log, "mead")
    assert roll(log, "climb")["totals"]["Ragnar"] == plain(log, "Ragnar", "climb", [5]) - 2 + 1


def test_invigoration_goes_into_the_fight_on_his_scores_and_is_spent_there() -> None:
    log = table([vigour(2, specific="combat", combats=1)])
    give(log, "mead")
    assert roll(log, "climb")["totals"]["Ragnar"] == plain(log, "Ragnar", "climb", [5])  # the fight's alone
    log.apply("next_event", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    state = state_of(log)
    found = sorted((e.roll, e.delta, e.only) for e in state.fights[-1].fight.effects if e.name == "Odin's mead")
    assert found == [("atk", 2, "Ragnar"), ("dfn", 2, "Ragnar"), ("init", 2, "Ragnar")]
    assert state.traps.ills == ()


def test_one_abilitys_invigoration_is_left_to_the_table() -> None:
    log = table([vigour(1, specific="other", trap_rolls=1)])
    assert give(log, "mead")["played"] is False
    assert state_of(log).traps.ills == ()
