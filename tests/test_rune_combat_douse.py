"""A hero douses a goblin shaman's smoke brazier (spec 001b §9): a full action, with a bucket of water or sand at
hand (the player's word, asked in the move), and the brazier's magic is gone from every roll after; the chant is
not a brazier; only a hero douses, and only what burns."""

from __future__ import annotations

import pytest

from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.speech.fights import combat_card
from test_rune_board import GM
from test_rune_combat import fighter, hero
from test_rune_encounter_fight_effects import BRAZIERS, fight, person, run


def douse_moves(log, lang: str = "en"):  # type: ignore[no-untyped-def]
    view = log.tracker.board(log.state(), words_for(lang, "rune"), GM, log.option_values())
    return [m for m in view.moves if m.action == "douse_brazier"]


def test_the_board_offers_the_hero_whose_turn_it_is_to_douse_it_asking_for_the_bucket() -> None:
    log = run(Sigrid=9)
    moves = douse_moves(log)
    assert [(m.actor, m.title, m.ask) for m in moves] == [("Sigrid", f"Douse {BRAZIERS}", ("bucket",))]
    assert [m.title for m in douse_moves(log, "es")] == [f"Apagar: {BRAZIERS}"]


def test_no_bucket_no_dousing_and_nothing_changes() -> None:
    log = run(Sigrid=9)
    before = log.to_json()
    with pytest.raises(RulesError, match="bucket of water or sand"):
        log.apply("douse_brazier", {"who": "Sigrid"}, ManualSource([]))
    assert log.to_json() == before


def test_doused_its_magic_is_gone_from_the_shots_after() -> None:
    log = run(Sigrid=9)
    done = log.apply("douse_brazier", {"who": "Sigrid", "bucket": True}, ManualSource([]))
    while (up := Board(fight(log), log.option_values()).next_up()) is not None and up[0] != "Raider":
        log.apply("pass", {"who": up[0]}, ManualSource([]))
    assert done["result"]["brazier"] == BRAZIERS
    assert all(e.out for e in fight(log).effects if e.kind == "shaman_brazier")
    assert not any(e.out for e in fight(log).effects if e.kind != "shaman_brazier")  # the chant goes on
    shot = log.apply("attack", {"who": "Raider", "target": "Bjorn"}, ManualSource([10, 9]))["result"]["attack"]
    assert BRAZIERS not in shot["atk"].get("modifiers", {})
    for lang in ("en", "es"):
        card = combat_card("douse_brazier", done, words_for(lang, "rune"))
        assert BRAZIERS in card.action and program_values(card.action + card.result) == []
    assert douse_moves(log) == []  # nothing left to douse
    with pytest.raises(RulesError, match="no shaman's brazier burns"):
        log.apply("douse_brazier", {"who": "Bjorn", "bucket": True}, ManualSource([]))


def test_only_a_hero_douses_it() -> None:
    log = run(Raider=9)
    assert person(log, "Raider").hero is False
    with pytest.raises(RulesError, match="only a hero"):
        log.apply("douse_brazier", {"who": "Raider", "bucket": True}, ManualSource([]))


def plain_fight_doused() -> PlayLog:
    """A fight of the combat tracker alone, its setup giving a brazier's magic; Ragnar douses it."""
    brazier = {"kind": "shaman_brazier", "name": "Braziers", "roll": "atk", "delta": 1, "who": "foes"}
    setup = {"combatants": [hero("Ragnar", (0, 0)), fighter("Goblin", (9, 9))], "effects": [brazier]}
    log = PlayLog.start("rune", "combat", {}, setup)
    for who, face in (("Ragnar", 9), ("Goblin", 2)):
        log.apply("initiative", {"who": who}, ManualSource([face]))
    log.apply("douse_brazier", {"who": "Ragnar", "brazier": "Braziers", "bucket": True}, ManualSource([]))
    return log


def test_a_fight_of_its_own_douses_by_name_too() -> None:
    state = plain_fight_doused().state()
    assert isinstance(state, CombatState) and [e.out for e in state.effects] == [True]
