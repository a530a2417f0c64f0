"""The Demon Maw Helm played in a fight (001c §8.12, A-42): "Bellow" is a full action once in the fight, offered on
the board while legal and refused otherwise with the log unchanged; each character who then strikes at the wearer
first rolls, once, a d10 plus his primary god's rating against the wearer's Loki rating (die stored), and below it
attacks him at -3X for the rest of the fight; the attack odds before that roll weigh both outcomes by their exact
chance (checked against the odds of each outcome and a count of the die's faces); undo; cards in English and
Spanish. Numbers are compared with the same fight without the helm's levels."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest

from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.legendary import MAW, POWERS
from test_rune_combat import Fight, fighter
from test_rune_hero import ragnar
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")
CLUB = {"weapon": "club", "init": 5, "atk": 8, "dfn": 5, "dam": 12}
LEVELS = 5


def _sheet(levels: int | None) -> dict[str, Any]:
    plain = ragnar()
    plain.pop("name")
    return {**plain, "magic_items": [{"item": legendary(MAW), "levels": levels}]}


def _fight(levels: int | None) -> Fight:
    foe = fighter("Orm", (1, 0), res=0, weapons=[copy.deepcopy(CLUB)])
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(_sheet(levels)), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[9], Orm=[2])
    return fight


def _bellowed() -> Fight:
    fight = _fight(LEVELS)
    fight.do("demon_maw", who="Ragnar")
    return fight


def _swing(fight: Fight, faces: list[int]) -> dict[str, Any]:
    found: dict[str, Any] = fight.do("attack", faces, who="Orm", target="Ragnar", weapon="club")["attack"]
    return found


def _moves(fight: Fight) -> set[str]:
    view = fight.log.tracker.board(fight.state, EN, Seat(runs=True, owns=True))
    return {m.action for m in view.moves}


def test_the_sheet_gives_the_fight_the_helm() -> None:
    assert POWERS[MAW].played
    numbers = from_sheet(_sheet(LEVELS), "Ragnar", RuneOptions()).numbers
    assert numbers["maw"] == LEVELS and numbers["loki_rating"] >= LEVELS  # the helm's patron is Loki
    assert numbers["primary_rating"] >= numbers["loki_rating"]
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["maw"] == 0


def test_bellow_is_offered_while_legal_and_refused_otherwise() -> None:
    fight = _fight(LEVELS)
    assert "demon_maw" in _moves(fight)
    assert "demon_maw" not in _moves(_fight(None))
    _fight(None).refuse("demon_maw", "no levels in a Demon Maw Helm", who="Ragnar")
    result = fight.do("demon_maw", who="Ragnar")
    assert result["penalty"] == 3 * LEVELS and fight.who("Ragnar").maw_roared
    fight.next_round(Ragnar=[9], Orm=[2])
    assert "demon_maw" not in _moves(fight)
    fight.refuse("demon_maw", "bellowed through the helm in this fight already", who="Ragnar")


def test_a_striker_rolls_once_and_attacks_at_minus_3x() -> None:
    plain = _fight(LEVELS)
    plain.do("pass", who="Ragnar")
    worn = _bellowed()
    loki = worn.who("Ragnar").loki_rating
    p, w = _swing(plain, [9, 2]), _swing(worn, [3, 9, 2])  # the helm's d10 first: 3 + 0 < his Loki rating
    assert w["maw"] == {"who": "Orm", "wearer": "Ragnar", "faces": [3], "total": 3, "difficulty": loki,
                        "penalty": 3 * LEVELS}  # fmt: skip
    assert "maw" not in p and w["atk"]["total"] == p["atk"]["total"] - 3 * LEVELS
    for f in (plain, worn):
        f.next_round(Ragnar=[9], Orm=[2])
        f.do("pass", who="Ragnar")
    again = _swing(worn, [9, 2])  # no second roll: the penalty stays
    assert "maw" not in again and again["atk"]["total"] == _swing(plain, [9, 2])["atk"]["total"] - 3 * LEVELS
    made = _bellowed()
    bold = _swing(made, [loki, 9, 2])  # a face reaching his rating: made
    assert bold["maw"]["penalty"] == 0 and bold["atk"]["total"] == p["atk"]["total"]


def test_the_odds_weigh_both_outcomes() -> None:
    worn = _bellowed()
    options = worn.log.option_values()
    loki = worn.who("Ragnar").loki_rating
    weighed = attack_odds(worn.state, options, "Orm", "Ragnar", "club")
    outcomes = {}
    for penalty in (3 * LEVELS, 0):
        board = Board(worn.state, options)
        board.update("Ragnar", maw_rolls={"Orm": penalty})
        outcomes[penalty] = attack_odds(board.freeze(), options, "Orm", "Ragnar", "club")
    failed, made = outcomes[3 * LEVELS], outcomes[0]
    assert weighed is not None and failed is not None and made is not None
    fail = Fraction(sum(1 for face in range(1, 11) if face < loki), 10)  # a supporting character's god: 0
    assert 0 < fail < 1
    assert weighed.hit == fail * failed.hit + (1 - fail) * made.hit and failed.hit < made.hit
    assert weighed.mean_lost == fail * failed.mean_lost + (1 - fail) * made.mean_lost
    assert worn.who("Ragnar").maw_rolls == {}  # the odds change nothing


def test_undo_takes_the_bellow_back() -> None:
    worn = _bellowed()
    worn.log.undo()
    assert not worn.who("Ragnar").maw_roared and "demon_maw" in _moves(worn)


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_cards_say_it(words: Any) -> None:
    worn = _bellowed()
    _swing(worn, [3, 9, 2])
    tracker = registry.get("rune").tracker("combat")
    bellow, strike = (json.loads(json.dumps(e)) for e in worn.log.events[-2:])
    first = tracker.action("demon_maw").describe(bellow, words, "Ana").plain()
    second = tracker.action("attack").describe(strike, words, "Ana").plain()
    if words is EN:
        assert "Ragnar bellows through the Demon Maw Helm" in first and "attacks at -15" in first
        assert "Demon Maw Helm Orm rolls 3 against" in second and "ATK -15 on his blows and shots at Ragnar" in second
    else:
        assert "Ragnar brama por el Yelmo de fauces de demonio" in first and "ataca a -15" in first
        assert "Orm tira 3 contra" in second and "ATQ -15" in second
    assert not program_values(first) and not program_values(second)
