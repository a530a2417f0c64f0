"""The Lie Turns to Truth on a roll of the notes (001b §2.5; rules §36.3, roll_gifts.py): +X on the total of a roller
who invokes it on an Ability he lacks, X times a session (counted with his sheet's uses and written at settlement);
each refusal leaves the log unchanged; the roll's button says his chance with it, cross-checked against the same
roll made X easier."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.words import words_for
from runehall.systems.rune.encounters import roll_odds
from runehall.systems.rune.encounters.run_gifts import gift_changes
from runehall.systems.rune.encounters.run_rolls import find_roll
from runehall.systems.rune.encounters.run_state import RunState

LIE = "the_lie_turns_to_truth"


def table(level: int = 2, difficulty: int = 5, session_uses: dict[str, Any] | None = None) -> PlayLog:
    """Ragnar (no Brawling) holds The Lie at `level`; Thurid (Brawling 1) holds it too; the door is a Brawling roll."""
    heroes = setup()
    for h in heroes["heroes"][:2]:
        h["sheet"]["gifts"] = {LIE: level}
    if session_uses:
        heroes["heroes"][0]["sheet"]["session_uses"] = session_uses
    log = PlayLog.start("rune", "encounter", {}, heroes)
    given = notes(difficulty=difficulty)
    given["events"][0]["rolls"][0]["structure"] = "singular"  # one hero rolls, the runner names him
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def roll(log: PlayLog, face: int, **params: Any) -> dict[str, Any]:
    given = {"roll": "door", "rollers": ["Ragnar"]} | params
    return log.apply("noted_roll", given, ManualSource([face]))["result"]


def refused(log: PlayLog, match: str, **params: Any) -> None:
    before = json.dumps(log.to_json(), sort_keys=True)
    with pytest.raises(RulesError, match=match):
        roll(log, 5, **params)
    assert json.dumps(log.to_json(), sort_keys=True) == before


def test_the_lie_adds_x_and_is_counted_per_session() -> None:
    plain = roll(table(), 5)["totals"]["Ragnar"]
    log = table(level=2)
    r = roll(log, 5, lie=["Ragnar"])
    assert r["lie"] == {"Ragnar": 2} and r["totals"]["Ragnar"] == plain + 2
    roll(log, 5, lie=["Ragnar"])
    assert state(log).gift_uses == {"Ragnar": {LIE: 2}}
    refused(log, "as often as a session allows", lie=["Ragnar"])  # X = 2 uses a session
    assert roll(log, 5)["totals"]["Ragnar"] == plain  # without it, still rolled
    sheet = next(h.sheet for h in state(log).setup.heroes if h.name == "Ragnar")
    assert gift_changes(state(log), "Ragnar", sheet)["session_uses"] == {"session": 1, "used": {LIE: 2}}


def test_the_sheets_uses_this_session_count_and_a_past_sessions_do_not() -> None:
    log = table(level=2, session_uses={"session": 1, "used": {LIE: 2}})
    refused(log, "as often as a session allows", lie=["Ragnar"])
    past = table(level=2, session_uses={"session": 2, "used": {LIE: 2}})  # another session's: given back
    assert roll(past, 5, lie=["Ragnar"])["lie"] == {"Ragnar": 2}
    roll(past, 5, lie=["Ragnar"])
    refused(past, "as often as a session allows", lie=["Ragnar"])


def test_refusals_leave_the_log_unchanged() -> None:
    log = table()
    refused(log, "Ability Thurid lacks", rollers=["Thurid"], lie=["Thurid"])  # Thurid has Brawling
    refused(log, "does not make this roll", lie=["Thurid"])
    refused(log, "does not hold", rollers=["Bjorn"], lie=["Bjorn"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_button_says_the_chance_with_it_and_the_card_the_bonus(lang: str) -> None:
    words = words_for(lang, "rune")
    log, easier = table(level=2, difficulty=6), table(level=2, difficulty=4)
    door = find_roll(state(log), "door")
    with_it = roll_odds.hero_chance(state(log), "Ragnar", door, log.option_values(), 2)
    assert with_it == roll_odds.hero_chance(state(easier), "Ragnar", find_roll(state(easier), "door"),
                                            easier.option_values())  # fmt: skip
    assert with_it > roll_odds.hero_chance(state(log), "Ragnar", door, log.option_values())
    hint = roll_odds.hint(state(log), door, words, log.option_values())
    assert words.percent(with_it) in hint and words("The Lie Turns to Truth") in hint
    assert hint.count(words("The Lie Turns to Truth")) == 1  # Thurid has Brawling: no such chance for him
    roll(log, 5, lie=["Ragnar"])
    event = next(e for e in log.events if e["action"] == "noted_roll")
    card = log.tracker.action("noted_roll").describe(event, words, "Thurid")
    assert any(r.label == words("The Lie Turns to Truth") and "+2" in r.value for r in card.rows)
