"""The Mace's Rune Power in a fight (spec 001b §2.6; combat/rune_blast.py): one blast as it wakes, the X nearest
(friend or foe) flung 10X paces away from him or towards the place he names, a taken place stopping the flight
short, each landing roll against 6 with its exact chance, refusals leaving the fight unchanged, the card in
English and Spanish."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_rune_powers import wake_moves

MACE = "rune_power_mace"


def mace_fight(level: int = 2, **more: Any) -> Fight:
    ragnar = hero("Ragnar", (0, 0), gift_ranks={MACE: level}, weapons=[{"weapon": "mace", "init": 5, "atk": 5,
                  "dfn": 5, "dam": 6}], **more)  # fmt: skip
    sigrid = hero("Sigrid", (0, 4), balance=2)
    return Fight(ragnar, fighter("Goblin", (2, 0)), sigrid, fighter("Troll", (9, 9)), new_encounter=False)


def brute_stays_up(score: int) -> Fraction:
    """A walk of the stress die's first face for a landing roll whose needed result is 1 to 10: 2-9 as rolled, a
    10 always more than 10, a 1 a botch (0 or less), never enough."""
    need = 6 - score
    assert 1 <= need <= 10
    return Fraction(sum(1 for f in range(2, 10) if f >= need) + 1, 10)


def test_the_mace_flings_the_x_nearest_away_from_him_and_each_lands_with_a_roll() -> None:
    fight = mace_fight()
    assert wake_moves(fight) == ["Wake the rune: Rune Power: Mace"]
    woke = fight.do("use_gift", [2, 5], who="Ragnar", gift=MACE)  # the Goblin rolls 2, Sigrid 5
    hit = {h["who"]: h for h in woke["blast"]}
    assert list(hit) == ["Goblin", "Sigrid"]  # the two nearest, friend or foe; not the Troll
    assert (hit["Goblin"]["to"], hit["Sigrid"]["to"]) == ([22, 0], [0, 24])  # 20 paces straight away from him
    assert fight.who("Goblin").at == (22, 0) and fight.who("Sigrid").at == (0, 24) and fight.who("Troll").at == (9, 9)
    assert hit["Goblin"]["roll"]["total"] == 2 + 3 and hit["Goblin"]["fallen"] and fight.who("Goblin").fallen
    assert hit["Sigrid"]["roll"]["total"] == 5 + 2 and not hit["Sigrid"]["fallen"] and not fight.who("Sigrid").fallen
    for name, score in (("Goblin", 3), ("Sigrid", 2)):
        assert Fraction(*hit[name]["stays_up"]) == brute_stays_up(score)
    assert woke["recharge"] == {"amount": 24, "unit": "hours"}
    fight.refuse("use_gift", "sleeps for 24 hours", [5, 5], who="Ragnar", gift=MACE)
    assert wake_moves(fight) == []
    event = fight.log.events[-1]
    for lang in ("en", "es"):
        card = combat_card("use_gift", event, words_for(lang, "rune"))
        assert program_values(card.action + card.result) == [] and card.action
    assert "fallen down" in str(combat_card("use_gift", event, words_for("en", "rune")))


def test_the_mace_flings_them_towards_the_place_named_and_a_taken_place_stops_the_flight_short() -> None:
    fight = mace_fight(level=1)
    fight.do("use_gift", [9], who="Ragnar", gift=MACE, toward=[2, -50])  # one victim: the Goblin, 10 paces
    assert fight.who("Goblin").at == (2, -10) and not fight.who("Goblin").fallen
    crowded = Fight(hero("Ragnar", (0, 0), gift_ranks={MACE: 1}, weapons=[{"weapon": "mace", "init": 5, "atk": 5,
                    "dfn": 5, "dam": 6}]), fighter("Goblin", (2, 0)), fighter("Orc", (12, 0)))  # fmt: skip
    crowded.do("use_gift", [9], who="Ragnar", gift=MACE)
    assert crowded.who("Goblin").at == (11, 0)  # the Orc stands at 12: a pace short


def test_the_mace_needs_the_weapon_and_a_landing_roll_everyone_can_make() -> None:
    bare = Fight(hero("Ragnar", (0, 0), gift_ranks={MACE: 1}), fighter("Goblin", (2, 0)))
    bare.refuse("use_gift", "bears no Mace", who="Ragnar", gift=MACE)
    assert wake_moves(bare) == []
    fight = Fight(hero("Ragnar", (0, 0), gift_ranks={MACE: 1}, weapons=[{"weapon": "mace", "init": 5, "atk": 5,
                  "dfn": 5, "dam": 6}]), hero("Sigrid", (0, 1)), fighter("Goblin", (5, 0)))  # fmt: skip
    fight.refuse("use_gift", "Sigrid has no Balance roll bonus", [5], who="Ragnar", gift=MACE)
    assert fight.who("Sigrid").at == (0, 1)
