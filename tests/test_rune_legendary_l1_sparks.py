"""The Blinding Armor played in a fight (001c §8.12; the book: a melee striker who hits the wearer rolls Stamina
against the wearer's Divine Awareness + X; failing, the shortfall is a penalty on his combat actions for X rounds,
added up when it happens again): X from his sheet while he wears it; the roll stored with the blow (a supporting
character rolls his Res); the penalty on his ATK and DFN rolls and in the attack odds; its rounds counted down at each
round's end; a miss or a made roll change nothing; undo; the card in English and Spanish. Numbers are compared with
the same fight without levels."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.legendary import BLINDING, POWERS, blinding_levels
from test_rune_combat import Fight, fighter
from test_rune_hero import ragnar
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")
CLUB = {"weapon": "club", "init": 5, "atk": 8, "dfn": 12, "dam": 12}


def _sheet(levels: int | None) -> dict[str, Any]:
    plain = ragnar()
    plain.pop("name")
    return {**plain, "armor": "steel_scale_mail",
            "magic_items": [{"item": legendary(BLINDING, "steel_scale_mail"), "levels": levels}]}  # fmt: skip


def _fight(levels: int | None, res: int = 0) -> Fight:
    foe = fighter("Orm", (1, 0), res=res, weapons=[copy.deepcopy(CLUB)],
                  unarmed={"weapon": "unarmed", "init": 5, "atk": 2, "dfn": 2, "dam": 1})  # fmt: skip
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(_sheet(levels)), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[2], Orm=[9])
    return fight


def _swing(fight: Fight, faces: list[int]) -> dict[str, Any]:
    found: dict[str, Any] = fight.do("attack", faces, who="Orm", target="Ragnar", weapon="club")["attack"]
    return found


def test_the_sheet_gives_the_fight_x_while_worn() -> None:
    assert POWERS[BLINDING].played
    sheet = _sheet(2)
    items = [CarriedItem.model_validate(i) for i in sheet["magic_items"]]
    assert blinding_levels(items, "steel_scale_mail") == 2 and blinding_levels(items, "studded_leather") == 0
    assert from_sheet(copy.deepcopy(sheet), "Ragnar", RuneOptions()).numbers["blinding"] == 2
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["blinding"] == 0


def test_a_failed_roll_dazzles_him_for_x_rounds_and_adds_up() -> None:
    plain, worn = _fight(None), _fight(5)
    difficulty = worn.who("Ragnar").gifted.divine_awareness + 5
    p, w = _swing(plain, [9, 2]), _swing(worn, [9, 2, 2])  # ATK, DFN, then the roll: 2 + Res 0
    assert p["hit"] and w["hit"] and "sparks" not in p
    found = w["sparks"]
    assert found["faces"] == [2] and found["total"] == 2 and found["difficulty"] == difficulty
    assert found["dazzled"] and found["penalty"] == difficulty - 2 and found["rounds"] == 5
    orm = worn.who("Orm")
    assert (orm.dazzled, orm.dazzled_rounds) == (difficulty - 2, 5) and plain.who("Orm").dazzled == 0
    for f in (plain, worn):
        f.next_round(Ragnar=[2], Orm=[9])
    assert worn.who("Orm").dazzled_rounds == 4
    p2, w2 = _swing(plain, [9, 2]), _swing(worn, [9, 2, 2])
    assert w2["atk"]["total"] == p2["atk"]["total"] - (difficulty - 2)  # the penalty on his ATK
    assert w2["sparks"]["penalty"] == 2 * (difficulty - 2) and w2["sparks"]["rounds"] == 9  # added up
    for _ in range(8):
        worn.next_round(Ragnar=[2], Orm=[9])
    assert worn.who("Orm").dazzled == 2 * (difficulty - 2) and worn.who("Orm").dazzled_rounds == 1
    for _ in range(1):
        worn.next_round(Ragnar=[2], Orm=[9])
    assert (worn.who("Orm").dazzled, worn.who("Orm").dazzled_rounds) == (0, 0)


def test_the_odds_and_his_defence_read_the_penalty() -> None:
    plain, worn = _fight(None), _fight(5)
    options = worn.log.option_values()
    before = attack_odds(worn.state, options, "Orm", "Ragnar", "club")
    _swing(plain, [9, 2])
    dazzled = _swing(worn, [9, 2, 2])["sparks"]["penalty"]
    for f in (plain, worn):
        f.next_round(Ragnar=[2], Orm=[9])
    after = attack_odds(worn.state, options, "Orm", "Ragnar", "club")
    assert before is not None and after is not None and after.hit < before.hit
    mine = next(w.id for w in worn.who("Ragnar").weapons if not w.ranged and w.id != "unarmed")
    for f in (plain, worn):
        _swing(f, [2, 9])  # Orm misses: no roll
    p, w = (f.do("attack", [5, 5], who="Ragnar", target="Orm", weapon=mine)["attack"] for f in (plain, worn))
    assert w["dfn"]["total"] == p["dfn"]["total"] - dazzled  # the penalty on his DFN


@pytest.mark.parametrize(("levels", "faces", "res"), [
    (5, [2, 9], 0),  # a miss
    (None, [9, 2], 0),  # no levels
    (5, [9, 2, 2], 30),  # a made roll
])  # fmt: skip
def test_nothing_is_dazzled_otherwise(levels: int | None, faces: list[int], res: int) -> None:
    fight = _fight(levels, res)
    found = _swing(fight, faces)
    assert not (found.get("sparks") or {}).get("dazzled") and fight.who("Orm").dazzled == 0


def test_undo_takes_it_back() -> None:
    worn = _fight(5)
    _swing(worn, [9, 2, 2])
    worn.log.undo()
    assert (worn.who("Orm").dazzled, worn.who("Orm").dazzled_rounds) == (0, 0)


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_blows_card_says_it(words: Any) -> None:
    worn = _fight(5)
    _swing(worn, [9, 2, 2])
    event = json.loads(json.dumps(worn.log.events[-1]))
    text = registry.get("rune").tracker("combat").action("attack").describe(event, words, "Ana").plain()
    if words is EN:
        assert "Blinding Armor Orm rolls Res 2 against " in text and "on his ATK and DFN rolls for 5 rounds" in text
    else:
        assert "Armadura cegadora Orm tira Res 2 contra " in text
        assert "a sus tiradas de ATK y DFN durante 5 asaltos" in text
    assert not program_values(text)
