"""Two Sark Amen trade targets as the runner's logged call in an encounter run (001b §9, §16.6;
rune/encounters/run_targets.py): free of the flowchart, refused when a hero would end up with more or fewer of
them on him; the card in English and Spanish; the runner's board offers it only while two are on targets."""

from __future__ import annotations

import pytest

from rune_encounter_fixtures import HEROES, notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present import words_for
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.systems.rune.encounters.run_state import RunState

SARK = ("Sark 1", "Sark 2", "Sark 3")


def _targets(log: PlayLog) -> dict[str, str | None]:
    state = log.state()
    assert isinstance(state, RunState) and state.fight is not None
    return {c.name: c.last_target for c in state.fight.combatants if c.name in SARK}


def _moves(log: PlayLog) -> list[str]:
    view = log.tracker.board(log.state(), words_for("en", "rune"), Seat(runs=True, owns=True))
    return [m.action for m in view.moves]


def sark_amen_fight(attacks: int = 3) -> PlayLog:
    """Three Sark Amen bound onto the heroes: Sark 1 on Ragnar, Sark 2 on Thurid, Sark 3 on Bjorn (as many as
    `attacks` of them)."""
    given = notes()
    given["events"][0]["combat"]["foes"] = [
        {"id": f"s{i}", "name": f"Sark {i}", "type": "sark_amen", "threat": "inferior"} for i in (1, 2, 3)
    ]
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": given}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    for who, face in zip((*HEROES, *SARK), (2, 3, 4, 9, 9, 8, 7), strict=True):
        log.apply("initiative", {"who": who}, ManualSource([face]))
    log.apply("pass", {"who": "Sigrid"}, ManualSource([]))  # she acts first, at 18
    for sark, hero, spot in list(zip(SARK, HEROES, ([1, 0], [1, 2], [1, 4]), strict=False))[:attacks]:
        log.apply("attack", {"who": sark, "target": hero, "leap_to": spot}, ManualSource([5, 5]))
    return log


def test_two_sark_amen_trade_targets_and_the_card_says_so() -> None:
    log = sark_amen_fight()
    assert _targets(log) == {"Sark 1": "Ragnar", "Sark 2": "Thurid", "Sark 3": "Bjorn"}
    assert "sark_amen_trade" in _moves(log)
    event = log.apply("sark_amen_trade", {"sark_amen": "Sark 1", "target": "Thurid"}, ManualSource([]))
    assert event["result"]["other"] == "Sark 2"  # the one on Thurid, found for the runner
    assert _targets(log) == {"Sark 1": "Thurid", "Sark 2": "Ragnar", "Sark 3": "Bjorn"}
    action = log.tracker.action("sark_amen_trade")
    en = action.describe(event, words_for("en", "rune"), "Ana")
    es = action.describe(event, words_for("es", "rune"), "Ana")
    assert (en.action, en.result) == ("Ana: Sark 1 and Sark 2 trade targets", "Sark 1 on Thurid, Sark 2 on Ragnar")
    assert es.action != en.action and es.result != en.result
    assert not program_values(es.action) and not program_values(es.result)


def test_a_trade_that_changes_how_many_are_on_a_hero_is_refused_and_changes_nothing() -> None:
    log = sark_amen_fight()
    before = (len(log.events), _targets(log))
    refusals = (
        ({"sark_amen": "Sark 1", "target": "Bjorn", "other": "Sark 2"}, "as many of them"),  # Bjorn 2, Thurid 0
        ({"sark_amen": "Sark 1", "target": "Ragnar", "other": "Sark 2"}, "as many of them"),
        ({"sark_amen": "Sark 1", "target": "Sigrid"}, "no other Sark Amen is on Sigrid"),
        ({"sark_amen": "Ragnar", "target": "Thurid"}, "no Sark Amen"),
        ({"sark_amen": "Sark 1", "target": "Ragnar", "other": "Sark 1"}, "not with itself"),
    )
    for params, reason in refusals:
        with pytest.raises(RulesError, match=reason):
            log.apply("sark_amen_trade", params, ManualSource([]))
    assert (len(log.events), _targets(log)) == before


def test_only_sark_amen_on_a_target_trade_and_only_in_a_fight() -> None:
    log = sark_amen_fight(attacks=1)  # only Sark 1 is on a hero
    assert "sark_amen_trade" not in _moves(log)
    with pytest.raises(RulesError, match="on no hero"):
        log.apply("sark_amen_trade", {"sark_amen": "Sark 2", "target": "Ragnar"}, ManualSource([]))
    log.apply("end_combat", {}, ManualSource([]))
    with pytest.raises(RulesError, match="none is under way"):
        log.apply("sark_amen_trade", {"sark_amen": "Sark 1", "target": "Thurid"}, ManualSource([]))


def traded() -> PlayLog:
    """A run in which two Sark Amen trade targets (for the tests of every card in words)."""
    log = sark_amen_fight()
    log.apply("sark_amen_trade", {"sark_amen": "Sark 3", "target": "Ragnar"}, ManualSource([]))
    return log
