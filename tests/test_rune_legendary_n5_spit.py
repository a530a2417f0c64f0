"""The Spitting Armor played in a fight (001c §8.12; the book: an enemy who damages the wearer with a melee weapon
rolls Quickness + Dodge against the wearer's Loki Divine Connection or takes 3X armour-ignoring damage): X and the
Loki rating (the armour's own levels count for Loki, its patron) from his sheet; the roll stored with the blow; the
acid's HP taken from the attacker, dealt by the wearer; a dodge, a miss or bare hands ask nothing; undo; the card in
English and Spanish. Each number is compared with the same fight without levels."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.legendary import POWERS, SPITTING, SPITTING_PER_LEVEL, loki_rating, spitting_damage
from test_rune_combat import Fight, fighter
from test_rune_hero import ragnar
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")
CLUB = {"weapon": "club", "init": 5, "atk": 8, "dfn": 5, "dam": 12}
FISTS = {"weapon": "unarmed", "init": 5, "atk": 8, "dfn": 2, "dam": 12}


def _sheet(levels: int | None) -> dict[str, Any]:
    plain = ragnar()
    plain.pop("name")
    return {**plain, "magic_items": [{"item": legendary(SPITTING, plain["armor"]), "levels": levels}]}


def _fight(levels: int | None) -> Fight:
    foe = fighter("Orm", (1, 0), res=0, weapons=[copy.deepcopy(CLUB)], unarmed=copy.deepcopy(FISTS))
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(_sheet(levels)), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[2], Orm=[9])
    return fight


def _swing(fight: Fight, faces: list[int], weapon: str = "club") -> dict[str, Any]:
    found: dict[str, Any] = fight.do("attack", faces, who="Orm", target="Ragnar", weapon=weapon)["attack"]
    return found


def test_the_sheet_gives_the_fight_the_acid_and_his_loki_rating() -> None:
    assert POWERS[SPITTING].played
    sheet = _sheet(5)
    items = [CarriedItem.model_validate(i) for i in sheet["magic_items"]]
    assert spitting_damage(items, sheet["armor"]) == SPITTING_PER_LEVEL * 5 == 15
    assert spitting_damage(items, "studded_leather") == 0
    assert loki_rating({}, items) == 5  # the armour's patron is Loki
    numbers = from_sheet(copy.deepcopy(sheet), "Ragnar", RuneOptions()).numbers
    assert numbers["spitting"] == 15 and numbers["loki_rating"] == loki_rating(sheet.get("gifts") or {}, items) >= 5
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["spitting"] == 0


def test_a_failed_dodge_takes_the_acids_hp() -> None:
    plain, worn = _fight(None), _fight(5)
    loki = worn.who("Ragnar").loki_rating
    assert loki >= 5
    p, w = _swing(plain, [9, 2]), _swing(worn, [9, 2, 3])  # the dodge: 3 + Res 0 < his Loki rating
    assert p["injury"]["hp_lost"] == w["injury"]["hp_lost"] > 0 and "spit" not in p
    spat = w["spit"]
    assert spat["faces"] == [3] and spat["total"] == 3 and spat["difficulty"] == loki and not spat["dodged"]
    soak = worn.who("Orm").soak  # given as stats: no armour, all his Soak counts
    assert spat["damage"] == 15 and spat["injury"]["hp_lost"] == 15 - soak
    assert worn.who("Orm").hp == plain.who("Orm").hp - (15 - soak)


@pytest.mark.parametrize(("faces", "weapon"), [([9, 2, 9], "club"), ([2, 9], "club"), ([9, 2], "unarmed")])
def test_a_dodge_a_miss_or_bare_hands_take_nothing(faces: list[int], weapon: str) -> None:
    worn = _fight(5)
    if weapon == "unarmed":
        worn.do("change_weapon", who="Orm", weapon="unarmed")
    hp = worn.who("Orm").hp
    found = _swing(worn, faces, weapon)
    assert worn.who("Orm").hp == hp
    assert "spit" not in found or found["spit"]["dodged"]


def test_undo_gives_the_hp_back() -> None:
    worn = _fight(5)
    hp = worn.who("Orm").hp
    _swing(worn, [9, 2, 3])
    assert worn.who("Orm").hp < hp
    worn.log.undo()
    assert worn.who("Orm").hp == hp


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_blows_card_says_it(words: Any) -> None:
    worn = _fight(5)
    _swing(worn, [9, 2, 3])
    event = json.loads(json.dumps(worn.log.events[-1]))
    text = registry.get("rune").tracker("combat").action("attack").describe(event, words, "Ana").plain()
    if words is EN:
        assert "Spitting Armor Orm rolls Quickness + Dodge 3 against" in text
        assert "the acid deals him 15 armour-ignoring damage; he loses 12 HP" in text
    else:
        assert "Armadura escupidora Orm tira Rapidez + Esquivar 3 contra" in text and "pierde 12 PG" in text
    assert not program_values(text)
