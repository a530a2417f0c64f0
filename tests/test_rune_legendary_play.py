"""Legendary items' powers played in a fight (001c §8.12): Einherjar's Armor gives its wearer back X lost HP at the
end of each combat round (never above his maximum, not for the dead), taken from his sheet while he wears armour of
its kind; the round's card says it in English and Spanish. Each number is compared with the same fight without the
armour, never with a number written here."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.combat.legendary_play import einherjar_rounds
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.legendary import EINHERJAR, POWERS, einherjar_regain
from test_rune_combat import Fight, fighter
from test_rune_hero import ragnar
from test_rune_legendary import legendary

EN, ES = words_for("en", "rune"), words_for("es", "rune")


def _sheet(levels: int | None, armor: str | None = None) -> dict[str, Any]:
    plain = ragnar()
    plain.pop("name")
    worn = armor or plain["armor"]
    if levels is None:
        return plain
    return {**plain, "magic_items": [{"item": legendary(EINHERJAR, worn), "levels": levels}]}


def _fight(sheet: dict[str, Any]) -> Fight:
    fight = Fight({"name": "Ragnar", "sheet": copy.deepcopy(sheet), "at": [0, 0]}, fighter("Goblin", (10, 2)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    return fight


def test_the_armour_gives_x_a_round_while_worn() -> None:
    assert POWERS[EINHERJAR].played
    sheet = _sheet(3)
    items = [CarriedItem.model_validate(i) for i in sheet["magic_items"]]
    assert einherjar_regain(items, sheet["armor"]) == 3
    assert einherjar_regain(items, "studded_leather") == 0 and einherjar_regain(items, None) == 0
    assert from_sheet(copy.deepcopy(sheet), "Ragnar", RuneOptions()).numbers["einherjar"] == 3
    assert from_sheet(_sheet(None), "Ragnar", RuneOptions()).numbers["einherjar"] == 0


@pytest.mark.parametrize(("levels", "lost"), [(2, 7), (3, 2), (1, 0)])
def test_hp_come_back_at_the_rounds_end_up_to_his_maximum(levels: int, lost: int) -> None:
    plain, worn = _fight(_sheet(None)), _fight(_sheet(levels))
    for f in (plain, worn):
        if lost:
            f.do("damage", who="Ragnar", raw=lost, soak=False)
    before = worn.who("Ragnar").hp
    assert before == plain.who("Ragnar").hp
    plain_end = plain.next_round(Ragnar=[5], Goblin=[5])
    worn.next_round(Ragnar=[5], Goblin=[5])
    back = min(levels, lost)
    assert worn.who("Ragnar").hp == plain.who("Ragnar").hp + back <= worn.who("Ragnar").hp_max
    assert "einherjar" not in plain_end


def test_the_dead_regain_nothing_the_dying_do() -> None:
    for health, back in (("dead", 0), ("gone", 0), ("dying", 2), ("incapacitated", 2)):
        board = _fight(_sheet(2)).board
        board.update("Ragnar", health=health, hp=-5)
        found = einherjar_rounds(board)
        assert board.people["Ragnar"].hp == -5 + back
        assert found == ([{"who": "Ragnar", "hp_gained": back, "hp": -5 + back}] if back else [])


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_rounds_card_says_it(words: Any) -> None:
    worn = _fight(_sheet(2))
    worn.do("damage", who="Ragnar", raw=5, soak=False)
    while (up := worn.board.next_up()) is not None:
        worn.do("pass", who=up[0])
    result = worn.do("end_round")
    assert result["einherjar"] == [{"who": "Ragnar", "hp_gained": 2, "hp": worn.who("Ragnar").hp}]
    event = json.loads(json.dumps(worn.log.events[-1]))
    card = registry.get("rune").tracker("combat").action("end_round").describe(event, words, "Ana")
    rows = {r.label: r.value for r in card.rows}
    label = words("Einherjar's Armor")
    said = words("{patient} regains {hp} HP ({left} HP now)", patient="Ragnar", hp=words.number(2),
                 left=words.number(worn.who("Ragnar").hp))  # fmt: skip
    assert rows[label] == said and not program_values(said) and not program_values(label)
    if words is ES:
        assert label != "Einherjar's Armor" and "recupera" in said
