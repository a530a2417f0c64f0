"""The foe gallery's wendol and tube-striker inside Rune's combat tracker (spec 001b §9, §11.13): the wendol's
charge that lands on its prey, and the tube-striker's bite or grab by a die, its throws and its severed
tentacles. Dice are given face by face (ManualSource)."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.present.check import program_values
from runehall.present.words import Words
from runehall.systems.rune.encounters.table_rules import tube_striker_throw
from runehall.systems.rune.speech.fights import combat_card
from test_rune_board import board
from test_rune_combat import Fight, fighter, hero


# -- the wendol (001b §9, A-58) ---------------------------------------------------------------------------
def wendol_fight(distance: int = 31) -> Fight:
    fight = Fight(
        fighter("Wendol", (0, 0), foe_type="wendol", init=20, move_half=30, move_full=60, hp=30),
        hero("Ragnar", (distance, 0), armor="heavy_leather", init=0, atk=9, dam=30, balance=3),
    )
    fight.roll_all(Wendol=[5], Ragnar=[5])
    return fight


def test_a_wendols_charge_lands_on_its_prey() -> None:
    """001b §9 and A-58: its first attack from 30 paces or more: he is down under it, the damage ignores armor."""
    fight = wendol_fight()
    result = fight.do("attack", [5, 5], who="Wendol", target="Ragnar", approach=True, wendol_charge=True)["attack"]
    ragnar = fight.who("Ragnar")
    assert result["hit"] and result["soak"] == ragnar.soak - ragnar.armor_prot == 0
    assert ragnar.fallen and ragnar.under == "Wendol"
    fight.refuse("stand_up", "wendol lies on him", [9], who="Ragnar")
    fight.do("pass", who="Ragnar")
    fight.refuse("attack", "first attack", who="Wendol", target="Ragnar", wendol_charge=True)


def test_a_wendol_charges_only_from_thirty_paces() -> None:
    fight = wendol_fight(distance=20)
    fight.refuse("attack", "30 paces", who="Wendol", target="Ragnar", approach=True, wendol_charge=True)
    fight = Fight(fighter("Troll", (0, 0), init=20, move_half=30), hero("Ragnar", (31, 0), init=0))
    fight.roll_all(Troll=[5], Ragnar=[5])
    fight.refuse("attack", "only a wendol", who="Troll", target="Ragnar", approach=True, wendol_charge=True)


def test_the_hero_who_kills_the_wendol_on_him_crawls_out_in_two_rounds() -> None:
    fight = Fight(
        fighter("Wendol", (0, 0), foe_type="wendol", init=20, move_half=30, move_full=60, hp=30),
        hero("Ragnar", (31, 0), init=0, atk=9, dam=30, balance=3),
        fighter("Goblin", (60, 60), init=0),
    )
    fight.roll_all(Wendol=[5], Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Wendol", target="Ragnar", approach=True, wendol_charge=True)
    fight.do("attack", [9, 2], who="Ragnar", target="Wendol")  # 9 + 9 vs 2 + 5: a kill
    assert fight.who("Wendol").out
    for left in (2, 1):
        result = fight.next_round(Ragnar=[5], Goblin=[5])
        assert fight.who("Ragnar").crawl_rounds == left
        fight.refuse("stand_up", "crawling out", [9], who="Ragnar")
    card = combat_card("end_round", fight.log.to_json()["events"][-3], Words("en"))
    assert any("1 round left" in r.value for r in card.rows) and result
    fight.next_round(Ragnar=[5], Goblin=[5])
    assert fight.do("stand_up", [9], who="Ragnar")["stands"]


def test_a_wendol_that_moves_off_lets_him_rise() -> None:
    fight = wendol_fight()
    fight.do("attack", [5, 5], who="Wendol", target="Ragnar", approach=True, wendol_charge=True)
    fight.do("pass", who="Ragnar")
    fight.do("pass", who="Wendol")
    fight.do("end_round")
    fight.roll_all(Wendol=[5], Ragnar=[5])
    fight.do("move", who="Wendol", to=[20, 10], kind="half", strikes={"Ragnar": "none"})
    fight.do("pass", who="Wendol")
    assert fight.do("stand_up", [9], who="Ragnar")["stands"]


def test_the_board_offers_the_wendols_charge() -> None:
    fight = wendol_fight()
    (move,) = [m for m in board(fight).moves if m.params.get("wendol_charge")]
    assert move.targets == ("Ragnar",) and not program_values(move.title)


# -- the tube-striker (001b §9, §11.13) -------------------------------------------------------------------
AXE = {"weapon": "viking_axe", "init": 0, "atk": 9, "dfn": 6, "dam": 6}


def tube_fight() -> Fight:
    """The tube-striker (ATK 10) acts first; Ragnar (DFN 6, an axe in hand, a dagger too) stands 2 paces off."""
    fight = Fight(
        fighter("Tube", (0, 0), foe_type="tube_striker", init=20, atk=10, dfn=0, move_half=0, move_full=0),
        hero("Ragnar", (2, 0), init=0, weapons=[AXE, {"weapon": "dagger", "init": 0, "atk": 5, "dfn": 2, "dam": 3}]),
    )
    fight.roll_all(Tube=[5], Ragnar=[5])
    return fight


def test_an_even_die_is_a_bite() -> None:
    fight = tube_fight()
    result = fight.do("tube_strike", [4, 5, 5], who="Tube", target="Ragnar")
    assert result["form"] == "bite" and result["attack"]["kind"] == "bite" and result["attack"]["hit"]
    assert fight.who("Ragnar").hp < 50 and fight.who("Ragnar").at == (2, 0)


def test_a_grab_flings_the_hero_four_paces_a_point() -> None:
    """001b TV-48: ATK total 15 vs DFN total 11: a hero flies 4 x 4 = 16 paces (hex side 1: north)."""
    fight = tube_fight()
    result = fight.do("tube_strike", [3, 5, 5, 1, 1], who="Tube", target="Ragnar")
    attack, grab = result["attack"], result["grab"]
    assert result["form"] == "grab" and (attack["atk"]["total"], attack["dfn"]["total"]) == (15, 11)
    assert "injury" not in attack  # a grab does no damage of its own
    assert grab["grabs"] == "hero" and grab["paces"] == tube_striker_throw(15, 11, "hero") == 16
    assert fight.who("Ragnar").at == (2, 16) and grab["lands"] == [2, 16]


def test_a_grab_on_an_even_die_flings_what_he_holds_eight_paces_a_point() -> None:
    fight = tube_fight()
    result = fight.do("tube_strike", [3, 5, 5, 2, 4], who="Tube", target="Ragnar")
    grab = result["grab"]
    assert grab["grabs"] == "object" and grab["paces"] == 32 and grab["side"] == 4
    assert grab["lands"] == [2, -32]  # side 4 faces south
    ragnar = fight.who("Ragnar")
    assert ragnar.ready == "unarmed" and "viking_axe" in ragnar.dropped and ragnar.at == (2, 0)


def test_the_runner_picks_the_object_it_grabs() -> None:
    """001b A-57."""
    fight = tube_fight()
    fight.do("tube_strike", [3, 5, 5, 2, 4], who="Tube", target="Ragnar", object="dagger")
    ragnar = fight.who("Ragnar")
    assert ragnar.ready == "viking_axe" and ragnar.dropped == ("dagger",)


def test_a_missed_grab_seizes_nothing() -> None:
    fight = tube_fight()
    result = fight.do("tube_strike", [3, 1, 2, 9], who="Tube", target="Ragnar")  # 1 is a botch: -2
    assert not result["attack"]["hit"] and "grab" not in result


def test_a_sharp_blow_of_eight_severs_a_tentacle_and_without_them_it_cannot_strike() -> None:
    fight = tube_fight()
    fight.do("pass", who="Tube")
    result = fight.do("attack", [5, 5], who="Ragnar", target="Tube")["attack"]  # 5 + 9 vs 5 + 0: 9 + 6 raw, Soak 3
    assert result["injury"]["hp_lost"] == 12 >= 8 and result["tentacles_left"] == 3
    board = fight.board
    board.update("Tube", tentacles_lost=4)
    with pytest.raises(RulesError, match="no tentacles"):
        fight.act_on(board.freeze(), "tube_strike", [4, 5, 5], who="Tube", target="Ragnar")


def test_a_blunt_blow_severs_nothing() -> None:
    fight = Fight(
        fighter("Tube", (0, 0), foe_type="tube_striker", init=20, hp=90, move_half=0, move_full=0),
        hero("Ragnar", (2, 0), init=0, dam=20),  # a club
    )
    fight.roll_all(Tube=[5], Ragnar=[5])
    fight.do("pass", who="Tube")
    result = fight.do("attack", [5, 5], who="Ragnar", target="Tube")["attack"]
    assert result["injury"]["hp_lost"] >= 8 and "tentacles_left" not in result
    assert fight.who("Tube").tentacles_lost == 0


def test_a_tube_striker_attacks_only_as_its_die_says() -> None:
    fight = tube_fight()
    fight.refuse("attack", "as its die says", [5, 5], who="Tube", target="Ragnar")
    (move,) = [m for m in board(fight).moves if m.action == "tube_strike"]
    assert move.targets == ("Ragnar",)
    events = fight.log.to_json()["events"]
    fight.do("tube_strike", [3, 5, 5, 1, 1], who="Tube", target="Ragnar")
    events = fight.log.to_json()["events"]
    for lang in ("en", "es"):
        card = combat_card("tube_strike", events[-1], Words(lang))
        assert all(not program_values(t) for t in (card.action, card.result, *(r.value for r in card.rows)))


# -- the Sark Amen's bound (001b §9) ----------------------------------------------------------------------
def sark_fight() -> Fight:
    return Fight(
        fighter("Sark", (0, 0), foe_type="sark_amen", undead=True, init=20, res=4),
        fighter("Goblin", (5, 0), init=0),  # in the way: a Sark Amen bounds over him
        hero("Ragnar", (18, 0), init=1),
    )


def test_a_sark_amen_bounds_over_everyone_and_strikes_as_it_lands() -> None:
    fight = sark_fight()
    fight.roll_all(Sark=[5], Goblin=[5], Ragnar=[5])
    result = fight.do("attack", [5, 5], who="Sark", target="Ragnar", leap_to=[16, 0])
    assert fight.who("Sark").at == (16, 0) and "free_attacks" not in result
    assert result["attack"]["dfn"]["modifiers"]["leaping Sark Amen"] == -4  # its Res


def test_a_sark_amen_bounds_twenty_paces_once_a_round() -> None:
    fight = sark_fight()
    fight.roll_all(Sark=[5], Goblin=[5], Ragnar=[5])
    fight.refuse("attack", "at most 20 paces", [5, 5], who="Sark", target="Ragnar", leap_to=[21, 1])
    fight.refuse("attack", "within reach", [5, 5], who="Sark", target="Ragnar", leap_to=[10, 0])
    fight.do("attack", [5, 5], who="Sark", target="Ragnar", leap_to=[16, 0])
    fight.do("pass", who="Ragnar")
    fight.refuse("attack", "once a round", [5, 5], who="Sark", target="Ragnar", leap_to=[16, 2])
    fight.do("pass", who="Sark")
    fight.refuse("attack", "only a Sark Amen", [5, 5], who="Goblin", target="Ragnar", leap_to=[17, 1])
