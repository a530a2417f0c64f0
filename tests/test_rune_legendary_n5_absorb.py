"""The Absorption Armor played in a fight (001c §8.12; the book: a foe of a type bearing the axe icon who strikes the
wearer rolls Res against X; failing, his weapon is absorbed, he is disarmed, and the wearer adds the weapon's
Dfn / 5 to his Prot until the event ends): X from his sheet while he wears armour of its kind; the Res roll stored
with the blow; the weapon gone for good; the Prot in the Soak of the blows that follow and in the attack odds; a
claw-fighting foe, a miss or a kept weapon change nothing; undo; the card in English and Spanish. Numbers are
compared with the same fight without levels."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.combatant import UNARMED
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.combat.legendary_play import axe_icon
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.legendary import ABSORPTION, POWERS, absorption_levels
from test_rune_combat import Fight, fighter
from test_rune_hero import ragnar
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")
CLUB = {"weapon": "club", "init": 5, "atk": 8, "dfn": 12, "dam": 12}  # DFN 12: 2 Prot once absorbed
KNIFE = {"weapon": "dagger", "init": 5, "atk": 8, "dfn": 5, "dam": 6}


def _sheet(levels: int | None) -> dict[str, Any]:
    plain = ragnar()
    plain.pop("name")
    return {**plain, "magic_items": [{"item": legendary(ABSORPTION, plain["armor"]), "levels": levels}]}


def _fight(levels: int | None, foe_type: str | None = "goblin_warrior", res: int = 0) -> Fight:
    more: dict[str, Any] = {"foe_type": foe_type} if foe_type else {}
    foe = fighter("Orm", (1, 0), res=res, weapons=[copy.deepcopy(CLUB), copy.deepcopy(KNIFE)],
                  unarmed={"weapon": "unarmed", "init": 5, "atk": 2, "dfn": 2, "dam": 1}, **more)  # fmt: skip
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(_sheet(levels)), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[2], Orm=[9])
    return fight


def _swing(fight: Fight, faces: list[int], weapon: str = "club") -> dict[str, Any]:
    found: dict[str, Any] = fight.do("attack", faces, who="Orm", target="Ragnar", weapon=weapon)["attack"]
    return found


def test_the_sheet_gives_the_fight_x_while_worn() -> None:
    assert POWERS[ABSORPTION].played
    sheet = _sheet(4)
    items = [CarriedItem.model_validate(i) for i in sheet["magic_items"]]
    assert absorption_levels(items, sheet["armor"]) == 4 and absorption_levels(items, "studded_leather") == 0
    assert from_sheet(copy.deepcopy(sheet), "Ragnar", RuneOptions()).numbers["absorption"] == 4
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["absorption"] == 0


def test_the_axe_icon_is_the_gallery_types() -> None:
    fight = _fight(1)
    assert axe_icon(fight.who("Orm"))
    assert not axe_icon(_fight(1, "rock_goblin").who("Orm")) and not axe_icon(_fight(1, None).who("Orm"))
    assert not axe_icon(fight.who("Ragnar"))


def test_a_failed_res_roll_loses_the_weapon_and_raises_his_prot() -> None:
    plain, worn = _fight(None), _fight(8)
    p, w = _swing(plain, [9, 2]), _swing(worn, [9, 2, 3])  # ATK, DFN, then the Res roll: 3 + Res 0 < 8
    assert p["hit"] and w["hit"] and "absorb" not in p
    absorbed = w["absorb"]
    assert absorbed["faces"] == [3] and absorbed["total"] == 3 and absorbed["difficulty"] == 8
    assert absorbed["absorbed"] and absorbed["prot"] == CLUB["dfn"] // 5 == 2
    orm = worn.who("Orm")
    assert orm.ready == UNARMED and "club" not in {x.id for x in orm.weapons} and "club" not in orm.dropped
    assert worn.who("Ragnar").absorbed == 2 and plain.who("Ragnar").absorbed == 0
    assert w["soak"] == p["soak"]  # the blow that struck him meets the old Prot
    for f in (plain, worn):
        f.next_round(Ragnar=[2], Orm=[9])
    worn.do("change_weapon", who="Orm", weapon="dagger")
    plain.do("change_weapon", who="Orm", weapon="dagger")
    p2, w2 = _swing(plain, [9, 2], "dagger"), _swing(worn, [9, 2, 9], "dagger")
    assert w2["soak"] == p2["soak"] + 2 and not w2["absorb"]["absorbed"]  # 9 + 0 >= 8: he keeps the dagger
    assert worn.who("Orm").ready == "dagger" and worn.who("Ragnar").absorbed == 2


def test_the_odds_read_the_absorbed_prot() -> None:
    worn = _fight(8)
    options = worn.log.option_values()
    before = attack_odds(worn.state, options, "Orm", "Ragnar", "dagger")
    _swing(worn, [9, 2, 3])
    worn.next_round(Ragnar=[2], Orm=[9])
    worn.do("change_weapon", who="Orm", weapon="dagger")
    after = attack_odds(worn.state, options, "Orm", "Ragnar", "dagger")
    assert before is not None and after is not None
    assert after.params.soak == before.params.soak + 2 and after.mean_lost < before.mean_lost


@pytest.mark.parametrize(("levels", "foe_type", "faces"), [
    (8, "rock_goblin", [9, 2]),  # a claw-fighting foe: no roll
    (8, None, [9, 2]),  # a foe given as stats
    (8, "goblin_warrior", [2, 9]),  # a miss
    (None, "goblin_warrior", [9, 2]),  # no levels
])  # fmt: skip
def test_nothing_is_absorbed_otherwise(levels: int | None, foe_type: str | None, faces: list[int]) -> None:
    fight = _fight(levels, foe_type)
    found = _swing(fight, faces)
    assert "absorb" not in found and fight.who("Ragnar").absorbed == 0 and fight.who("Orm").ready == "club"


def test_a_strong_foe_keeps_it_and_undo_takes_it_back() -> None:
    strong = _fight(8, res=5)
    assert not _swing(strong, [9, 2, 3])["absorb"]["absorbed"]  # 3 + Res 5 = 8: made
    worn = _fight(8)
    _swing(worn, [9, 2, 3])
    worn.log.undo()
    assert worn.who("Orm").ready == "club" and worn.who("Ragnar").absorbed == 0


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_blows_card_says_it(words: Any) -> None:
    worn = _fight(8)
    _swing(worn, [9, 2, 3])
    event = json.loads(json.dumps(worn.log.events[-1]))
    text = registry.get("rune").tracker("combat").action("attack").describe(event, words, "Ana").plain()
    if words is EN:
        assert "Absorption Armor Orm rolls Res 3 against 8: his club is absorbed; Ragnar's Prot +2" in text
    else:
        assert "Armadura de absorción Orm tira Res 3 contra 8: su " in text and "queda absorbida" in text
    assert not program_values(text)
