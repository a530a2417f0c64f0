"""The Blunting Armor played in a fight (001c §8.12; the book: a foe who hits the wearer with a melee weapon of normal
make rolls his weapon Ability against the wearer's Divine Awareness + X; failing, the weapon's Dam falls by X): X from
his sheet while he wears it; the roll stored with the blow (a supporting character rolls his Res); the lower DAM in
the blows that follow; a miss, a bare hand, a made roll or a dwarven weapon change nothing; undo; the card in English
and Spanish. Numbers are compared with the same fight without levels."""

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
from runehall.systems.rune.treasure.legendary import BLUNTING, POWERS, blunting_levels
from test_rune_combat import Fight, fighter
from test_rune_hero import ragnar
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")
CLUB = {"weapon": "club", "init": 5, "atk": 8, "dfn": 12, "dam": 12}
AXE = {"weapon": "dwarven_battle_axe", "init": 5, "atk": 8, "dfn": 5, "dam": 14}


def _sheet(levels: int | None) -> dict[str, Any]:
    plain = ragnar()
    plain.pop("name")
    return {**plain, "magic_items": [{"item": legendary(BLUNTING, plain["armor"]), "levels": levels}]}


def _fight(levels: int | None, res: int = 0) -> Fight:
    foe = fighter("Orm", (1, 0), res=res, weapons=[copy.deepcopy(CLUB), copy.deepcopy(AXE)],
                  unarmed={"weapon": "unarmed", "init": 5, "atk": 2, "dfn": 2, "dam": 1})  # fmt: skip
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(_sheet(levels)), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[2], Orm=[9])
    return fight


def _swing(fight: Fight, faces: list[int], weapon: str = "club") -> dict[str, Any]:
    found: dict[str, Any] = fight.do("attack", faces, who="Orm", target="Ragnar", weapon=weapon)["attack"]
    return found


def _dam(fight: Fight, weapon: str = "club") -> int | None:
    return next(w.dam for w in fight.who("Orm").weapons if w.id == weapon)


def test_the_sheet_gives_the_fight_x_while_worn() -> None:
    assert POWERS[BLUNTING].played
    sheet = _sheet(3)
    items = [CarriedItem.model_validate(i) for i in sheet["magic_items"]]
    assert blunting_levels(items, sheet["armor"]) == 3
    assert from_sheet(copy.deepcopy(sheet), "Ragnar", RuneOptions()).numbers["blunting"] == 3
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["blunting"] == 0


def test_a_failed_roll_blunts_the_weapon_for_the_blows_after() -> None:
    plain, worn = _fight(None), _fight(3)
    difficulty = worn.who("Ragnar").gifted.divine_awareness + 3
    p, w = _swing(plain, [9, 2]), _swing(worn, [9, 2, 2])  # ATK, DFN, then the roll: 2 + Res 0
    assert p["hit"] and w["hit"] and "blunt" not in p
    dulled = w["blunt"]
    assert dulled["faces"] == [2] and dulled["total"] == 2 and dulled["difficulty"] == difficulty
    assert dulled["blunted"] and dulled["dam"] == CLUB["dam"] - 3 == _dam(worn) and _dam(plain) == CLUB["dam"]
    assert w["soak"] == p["soak"] and w["injury"] == p["injury"]  # the blow that strikes meets the old edge
    for f in (plain, worn):
        f.next_round(Ragnar=[2], Orm=[9])
    p2, w2 = _swing(plain, [9, 2]), _swing(worn, [9, 2, 10, 1])  # a 10 rolls again: 11 >= the Difficulty
    assert not w2["blunt"]["blunted"] and _dam(worn) == CLUB["dam"] - 3
    assert w2["raw"] == p2["raw"] - 3


@pytest.mark.parametrize(("levels", "faces", "weapon"), [
    (3, [2, 9], "club"),  # a miss
    (None, [9, 2], "club"),  # no levels
    (3, [9, 2], "dwarven_battle_axe"),  # a dwarven weapon
])  # fmt: skip
def test_nothing_is_blunted_otherwise(levels: int | None, faces: list[int], weapon: str) -> None:
    fight = _fight(levels)
    found = _swing(fight, faces, weapon)
    assert "blunt" not in found and _dam(fight, weapon) == (CLUB if weapon == "club" else AXE)["dam"]


def test_a_strong_foe_keeps_the_edge_and_undo_takes_it_back() -> None:
    strong = _fight(3, res=20)
    assert not _swing(strong, [9, 2, 2])["blunt"]["blunted"] and _dam(strong) == CLUB["dam"]
    worn = _fight(3)
    _swing(worn, [9, 2, 2])
    worn.log.undo()
    assert _dam(worn) == CLUB["dam"]


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_blows_card_says_it(words: Any) -> None:
    worn = _fight(3)
    _swing(worn, [9, 2, 2])
    event = json.loads(json.dumps(worn.log.events[-1]))
    text = registry.get("rune").tracker("combat").action("attack").describe(event, words, "Ana").plain()
    if words is EN:
        assert "Blunting Armor Orm rolls Res 2 against " in text and "is blunted, its DAM 9 from now on" in text
    else:
        assert "Armadura que embota Orm tira Res 2 contra " in text
        assert "queda embotada; su DAM es 9 desde ahora" in text
    assert not program_values(text)
