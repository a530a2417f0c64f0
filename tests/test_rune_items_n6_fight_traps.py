"""Potions and amulets where the run hands a roll elsewhere (spec 001c §8.8, A-84): a potion running when a fight
begins, or drunk in one, goes on the INIT, ATK and DFN rolls whose scores read its Characteristic, for its rounds;
an amulet on a trap's roll that strikes only some heroes (run_traps' own roll) adds its bonus to the victim's
total and marks its failure when the trap strikes him anyway, both said on the trap's card."""

from __future__ import annotations

from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.present.words import words_for
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.effects import effect_mods
from test_rune_items_n6 import OTHER, _texts, amulet, crypt, own, potion, state


def test_a_trap_striking_one_hero_reads_his_amulet_on_its_roll_and_marks_its_failure() -> None:
    log = crypt([amulet(OTHER)])
    worn = state(log).magic["Ragnar"][0].state()
    base = own(log, "dodge_icicle")
    r = log.apply("spring_trap", {"trap": "icicle", "victims": ["Ragnar"]}, ManualSource([1, 3]))["result"]
    assert r["roll"]["totals"]["Ragnar"] == StressDie().key((1, 3)) + base + worn.bonus
    assert "Ragnar" in r["harm"] and state(log).magic["Ragnar"][0].failures == 1
    card = log.tracker.action("spring_trap").describe(log.events[-1], words_for("es", "rune"), "Thurid")
    texts = _texts(card)
    assert any("el amuleto de Ragnar, objeto 1, no lo protegió" in t for t in texts)
    assert any(t.startswith("Ragnar, objeto 1: +") for t in texts)


def test_in_a_fight_the_potion_goes_on_the_rolls_whose_scores_read_it() -> None:
    log = crypt([potion("qik", potency=2, rounds=3), potion("per", potency=4, rounds=3)])
    log.apply("use_item", {"hero": "Ragnar", "item": 1, "use": "drink"}, ManualSource([]))
    fight_event = next(e.id for e in state(log).notes.events if e.combat is not None)  # type: ignore[union-attr]
    log.apply("fight", {"event": fight_event}, ManualSource([]))
    assert state(log).item_bonuses == ()  # the fight counts its rounds now
    fight = state(log).fight
    assert fight is not None
    board = Board(fight, log.option_values())
    ragnar = board.people["Ragnar"]
    assert effect_mods(board, ragnar, "init") == [("potion", 2)] == effect_mods(board, ragnar, "dfn")
    shot = ragnar.in_hand.ability in ("bows", "thrown_weapon")
    assert effect_mods(board, ragnar, "atk") == []  # Qik is on no ATK score
    log.apply("use_item", {"hero": "Ragnar", "item": 2, "use": "drink"}, ManualSource([]))  # Per: a shot's ATK
    board = Board(state(log).fight, log.option_values())  # type: ignore[arg-type]
    assert effect_mods(board, board.people["Ragnar"], "atk") == ([("potion", 4)] if shot else [])
    assert effect_mods(board, board.people["Bjorn"], "init") == []  # his own, nobody else's
    board.round = 4
    assert effect_mods(board, board.people["Ragnar"], "init") == []  # three rounds, then it is over
