"""The Loki-Thwarting Armor played in a fight (001c §8.12; the book: each attempt of a Sark Amen, Dishonored or Dark
Viking to hit the wearer raises his Prot by 1, at most X in an event, back to normal after it): X from his sheet
while he wears armour of its kind; each attempt, hit or miss, melee or shot, raises it until X; the risen Prot is in
the Soak of the blows that follow and in the attack odds (the same functions); others raise nothing; undo takes the
rise back; the card says it in English and Spanish. Each number is compared with the same fight without levels."""

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
from runehall.systems.rune.treasure.legendary import LOKI_THWART, POWERS, loki_thwart_levels
from test_rune_combat import Fight, fighter
from test_rune_hero import ragnar
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")
BOW = {"weapon": "short_bow", "init": 20, "atk": 2, "dam": 6, "ammo": 5}


def _sheet(levels: int | None, armor: str | None = None) -> dict[str, Any]:
    """Ragnar carrying the armour (of the kind he wears unless `armor`), with `levels` bought (None: none)."""
    plain = ragnar()
    plain.pop("name")
    return {**plain, "magic_items": [{"item": legendary(LOKI_THWART, armor or plain["armor"]), "levels": levels}]}


def _fight(levels: int | None, foe_type: str | None = "dark_viking", at: tuple[int, int] = (1, 0),
           **more: Any) -> Fight:  # fmt: skip
    foe = fighter("Dark", at, atk=8, dam=12, **({"foe_type": foe_type} if foe_type else {}), **more)
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(_sheet(levels)), "at": [0, 0]}, foe)
    fight.roll_all(Ragnar=[2], Dark=[9])
    return fight


def _swing(fight: Fight, faces: list[int], weapon: str = "club", **more: Any) -> dict[str, Any]:
    found: dict[str, Any] = fight.do("attack", faces, who="Dark", target="Ragnar", weapon=weapon, **more)["attack"]
    return found


def test_the_sheet_gives_the_fight_x_while_worn() -> None:
    assert POWERS[LOKI_THWART].played
    sheet = _sheet(3)
    items = [CarriedItem.model_validate(i) for i in sheet["magic_items"]]
    assert loki_thwart_levels(items, sheet["armor"]) == 3
    assert loki_thwart_levels(items, "studded_leather") == 0 and loki_thwart_levels(items, None) == 0
    assert from_sheet(copy.deepcopy(sheet), "Ragnar", RuneOptions()).numbers["loki_thwart"] == 3
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["loki_thwart"] == 0


@pytest.mark.parametrize("foe_type", ["dark_viking", "dishonored", "sark_amen"])
def test_each_attempt_raises_his_prot_up_to_x(foe_type: str) -> None:
    plain, worn = _fight(None, foe_type), _fight(2, foe_type)
    base = plain.who("Ragnar").soak
    assert worn.who("Ragnar").soak == base and worn.who("Ragnar").loki_thwart == 2
    for attempt, faces in enumerate(([9, 2], [2, 9], [9, 2], [9, 2]), 1):  # a hit, a miss, then two hits
        if attempt > 1:
            for f in (plain, worn):
                f.next_round(Ragnar=[2], Dark=[9])
        before = worn.who("Ragnar").hp
        p, w = _swing(plain, faces), _swing(worn, faces)
        risen = min(2, attempt)
        assert worn.who("Ragnar").thwarted == risen and plain.who("Ragnar").thwarted == 0
        assert "thwart" not in p
        if attempt <= 2:
            assert w["thwart"] == {"who": "Ragnar", "by": "Dark", "prot": risen, "most": 2}
        else:
            assert "thwart" not in w  # at its most: nothing more rises
        if w["hit"]:
            assert w["soak"] == p["soak"] + risen  # the attempt that raises it already meets it
            assert before - worn.who("Ragnar").hp == max(0, int(p["raw"]) - int(w["soak"]))


def test_a_shot_raises_it_too_and_others_raise_nothing() -> None:
    plain, worn = _fight(None, at=(8, 0), weapons=[BOW]), _fight(2, at=(8, 0), weapons=[BOW])
    p, w = _swing(plain, [9], "short_bow"), _swing(worn, [9], "short_bow")
    assert w["thwart"]["prot"] == 1 and w["soak"] == p["soak"] + 1
    goblin = _fight(2, None)
    assert "thwart" not in _swing(goblin, [9, 2]) and goblin.who("Ragnar").thwarted == 0


def test_undo_takes_the_rise_back() -> None:
    worn = _fight(2)
    _swing(worn, [9, 2])
    assert worn.who("Ragnar").thwarted == 1
    worn.log.undo()
    assert worn.who("Ragnar").thwarted == 0


def test_the_attack_odds_count_the_risen_prot() -> None:
    plain, worn = _fight(None), _fight(2)
    options = worn.log.option_values()
    p = attack_odds(plain.state, options, "Dark", "Ragnar", "club")
    w = attack_odds(worn.state, options, "Dark", "Ragnar", "club")
    assert p is not None and w is not None
    assert w.params.soak == p.params.soak + 1 and w.hit == p.hit and w.mean_lost < p.mean_lost
    assert worn.who("Ragnar").thwarted == 0  # the odds change nothing
    blow = _swing(worn, [9, 2])
    assert blow["soak"] == w.params.soak  # the soak the odds read is the blow's
    worn.next_round(Ragnar=[2], Dark=[9])
    again = attack_odds(worn.state, options, "Dark", "Ragnar", "club")
    assert again is not None and again.params.soak == p.params.soak + 2
    _swing(worn, [9, 2])
    worn.next_round(Ragnar=[2], Dark=[9])
    most = attack_odds(worn.state, options, "Dark", "Ragnar", "club")
    assert most is not None and most.params.soak == p.params.soak + 2  # never past X


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_blows_card_says_it(words: Any) -> None:
    worn = _fight(2)
    _swing(worn, [9, 2])
    event = json.loads(json.dumps(worn.log.events[-1]))
    card = registry.get("rune").tracker("combat").action("attack").describe(event, words, "Ana")
    text = card.plain()
    if words is EN:
        assert "Loki-Thwarting Armor Ragnar's armour Prot rises by 1 against Dark (+1 of +2 in this fight)" in text
    else:
        assert "Armadura que frustra a Loki la Prot de la armadura de Ragnar sube 1 frente a Dark" in text
    assert not program_values(text)
