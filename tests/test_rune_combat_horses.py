"""Horses in a fight (spec 001c §10.4, A-48; combat/steeds.py): a mounted hero from his sheet moves at his own
horse's Move (its upgrades, less 10 paces a Load point beyond 20), adds his Ride to his Initiative and has +3 ATK
and +3 DFN against a foe on foot; his horse may stand in the fight as a combatant of its own (Trample, its numbers
and upgrades, the Impairment its load costs it), which foes may attack and which may trample. Numbers by hand."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.systems.rune.hero import Hero
from test_rune_combat import RAGNAR_SHEET, Fight, fighter

RIDER = {**RAGNAR_SHEET, "advances": {"ride": 2}, "horse": {"upgrades": {"move": 2, "hp": 1, "dfn": 1}}}


def ragnar(**more: Any) -> dict[str, Any]:
    return {"name": "Ragnar", "sheet": RIDER, "at": [0, 0], "mounted": True, **more}


def test_the_rider_moves_at_his_own_horses_move() -> None:
    assert Hero(name="Ragnar", **RIDER).numbers().load == 6.5  # within the 20 a horse bears
    rider = Fight(ragnar(), fighter("Goblin", (2, 0))).who("Ragnar")
    assert (rider.move_half, rider.move_full) == (110, 220)  # 200 + 2 x 10
    loaded = Fight(ragnar(horse_load=25), fighter("Goblin", (2, 0))).who("Ragnar")
    assert (loaded.move_half, loaded.move_full) == (85, 170)  # 220 - 5 x 10 for the 5 points beyond 20
    plain = {**RAGNAR_SHEET, "advances": {"ride": 2}}  # no horse on his sheet: a plain steed's 200 paces
    borrowed = Fight(ragnar(sheet=plain), fighter("Goblin", (2, 0))).who("Ragnar")
    assert (borrowed.move_half, borrowed.move_full) == (100, 200)
    afoot = Fight(ragnar(mounted=False), fighter("Goblin", (2, 0))).who("Ragnar")
    assert afoot.move_full == Hero(name="Ragnar", **RIDER).derived()["move"] != 220


def test_ride_on_initiative_and_three_on_atk_and_dfn_against_a_man_on_foot() -> None:
    fight = Fight(ragnar(), fighter("Goblin", (2, 0), atk=5, dfn=5))
    rolled = fight.do("initiative", [5], who="Ragnar")
    assert rolled["modifiers"] == {"mounted": 2} and rolled["total"] == 5 + 9 + 2  # die + Viking Axe INIT + Ride
    fight.do("initiative", [5], who="Goblin")
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert swing["atk"]["modifiers"] == {"mounted": 3} and swing["atk"]["total"] == 5 + 9 + 3
    back = fight.do("attack", [5, 5], who="Goblin", target="Ragnar")["attack"]
    assert back["dfn"]["modifiers"] == {"mounted": 3} and back["dfn"]["total"] == 5 + 9 + 3


def test_his_horse_in_the_fight_with_its_upgrades() -> None:
    fight = Fight(ragnar(horse={"name": "Blakkr", "at": [0, 1]}), fighter("Goblin", (2, 1)))
    horse = fight.who("Blakkr")
    assert (horse.side, horse.hero) == ("heroes", False)
    assert (horse.hp, horse.wt, horse.res, horse.soak) == (58, 9, 1, 0)  # 48 + 10, its own WT, Res and Soak
    trample = horse.weapons[0]
    assert (trample.name, trample.init, trample.atk, trample.dfn, trample.dam) == ("Trample", 6, 7, 2, 8)  # DFN 1+1
    assert (horse.move_full, horse.impairment) == (220, 0)


@pytest.mark.parametrize(("load", "impairment", "move"), [(20, 0, 220), (21, 1, 210), (23, 2, 190)])
def test_the_load_on_the_horse(load: int, impairment: int, move: int) -> None:
    """Each Load point beyond 20: 1 Impairment point (the fight counts 2 at most) and 10 paces less."""
    fight = Fight(ragnar(horse={"name": "Blakkr", "at": [0, 1]}, horse_load=load), fighter("Goblin", (2, 1)))
    horse = fight.who("Blakkr")
    assert (horse.impairment, horse.move_full, fight.who("Ragnar").move_full) == (impairment, move, move)


def test_a_foe_attacks_the_horse_and_it_tramples() -> None:
    fight = Fight(ragnar(horse={"name": "Blakkr", "at": [0, 1]}, horse_load=21), fighter("Goblin", (1, 1), atk=5))
    fight.roll_all(Ragnar=[5], Goblin=[8], Blakkr=[5])  # Blakkr: 5 + INIT 6 - 1 Impairment = 10
    assert fight.log.events[-1]["result"]["total"] == 10
    fight.do("pass", who="Ragnar")  # 16, then the Goblin at 13, then Blakkr at 10
    struck = fight.do("attack", [5, 5], who="Goblin", target="Blakkr")["attack"]
    assert struck["atk"]["total"] == 10 and struck["dfn"]["total"] == 5 + 2 - 1  # Goblin on foot: no mounted bonus
    hurt = struck["injury"]  # hit by 4: DAM 6 + 4 = 10 against Soak 0, a Wound at its WT of 9
    assert (hurt["hp_lost"], hurt["hp"], hurt["wounds"]) == (10, 48, 1)
    tramples = fight.do("attack", [5, 5], who="Blakkr", target="Goblin")["attack"]
    assert tramples["weapon"] == "Trample"
    assert tramples["atk"]["total"] == 5 + 7 - 2  # 1 point for the load, 1 for the Wound
    assert tramples["injury"]["hp_lost"] == 8 + (10 - 8) - 3  # DAM 8 + hit by 2 - the Goblin's Soak 3


def test_a_horse_needs_one_on_his_sheet() -> None:
    with pytest.raises(ParameterError, match="no horse on his sheet"):
        PlayLog.start(
            "rune",
            "combat",
            {},
            {
                "combatants": [
                    ragnar(sheet=RAGNAR_SHEET, horse={"name": "Blakkr", "at": [0, 1]}),
                    fighter("Goblin", (2, 0)),
                ]
            },
        )
