"""A whole treasure rolled at the table (spec 001c §8.4-§8.12): the category's chart and every chart it leads to,
with scripted dice (every face used, none left over), the readings A-33 and A-39 as options, said in words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import Cli
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import Source
from runehall.present.words import words_for
from runehall.systems.rune.treasure.charts import CATEGORIES
from runehall.systems.rune.treasure.generate import Item, generate_treasure
from runehall.systems.rune.treasure.words import item_words

EN, ES = words_for("en", "rune"), words_for("es", "rune")


class Script(Source):
    kind = "manual"  # type: ignore[assignment]

    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self.faces = list(faces)

    def _below(self, n: int) -> int:
        face = self.faces.pop(0)
        assert 1 <= face <= n, (face, n)
        return face - 1


def rolled(category: Any, faces: list[int], **options: Any) -> tuple[Item, ...]:
    script = Script(faces)
    items = generate_treasure(category, script, **options)
    assert script.faces == [], "every scripted face is used"
    return items


def test_a_redirect_uses_the_final_categorys_modifiers() -> None:  # 001c A-33
    # A: 0 -> Category B's chart; 9: an amulet; its bonus die 6 is 6 - 2 = 4 (+1) for B, 6 (+2) for A
    faces = [10, 9, 6, 1, 5]
    (item,) = rolled("A", faces)
    assert item_words(item, EN) == (
        "Amulet: +1, useless after 4 failures, A goblin swings a melee weapon at the wearer (bonus to DFN)"
    )
    (item,) = rolled("A", faces, modifier_category="original")
    assert item_words(item, EN).startswith("Amulet: +2,")


def test_category_f_rolls_twice_ignoring_results_over_90() -> None:
    # 95: twice; 93 rolled again; 5: liar's silver 300 + (3 + 4) x 30; 12: loot 300 + (1 + 1) x 30, form 95: jewelry
    first, second = rolled("F", [95, 93, 5, 3, 4, 12, 1, 1, 95])
    assert (first.kind, first.ounces, second.kind, second.ounces) == ("liars_silver", 510, "loot", 360)
    assert item_words(second, EN) == "loot worth 360 ounces of silver: Jewelry"
    assert item_words(second, ES) == "botín por valor de 360 onzas de plata: Joyas"


def test_weapon_potency_more_bonuses() -> None:  # 001c A-39
    # C: 5 equipment; type 8 magical; 63 Viking broadsword; potency 10 - 1 = 9: two more bonuses, each another stat
    # reroll_9_and_0: 10 (9 again) rolled again, 3 -> +1 (stat 9: DFN); 7 -> +2 (stat 9 again: DFN, so 1: DAM)
    (item,) = rolled("C", [5, 8, 63, 10, 10, 3, 9, 7, 9, 1])
    assert item_words(item, EN) == "Equipment: Magical item, Viking Broadsword, DFN +1, DAM +2"
    # literal: the 9 of a further roll gives two more bonuses again
    (item,) = rolled("C", [5, 8, 63, 10, 10, 3, 9, 2, 4, 7, 6], potency_subrolls="literal")
    assert item_words(item, EN) == "Equipment: Magical item, Viking Broadsword, DFN +1, ATK +1, INIT +2"


def test_a_shield_rolls_a_low_statistic_again() -> None:
    # C: 5 equipment; 8 magical; 11 a buckler; potency 2 - 1 -> +1; statistic 1 rolled again, 5: ATK
    (item,) = rolled("C", [5, 8, 11, 2, 1, 5])
    assert item_words(item, EN) == "Equipment: Magical item, Buckler, ATK +1"


def test_potions_charms_helms_and_legendary_armor() -> None:
    (potion,) = rolled("A", [8, 9, 9, 10, 50, 4])  # potion; type 9 - 4 = 5: Ability; potency 4; duration 4; 50; doses
    assert item_words(potion, EN) == "Potion: Ability potion, +1, 2 rounds, Gamble, 6 doses"  # 50 - 30
    (charm,) = rolled("C", [7, 10, 10, 10, 90, 60, 3])  # charm; characteristic; +4; 6 + d10 rounds; d10 3
    assert item_words(charm, EN).endswith("Perception, d10: 3")
    (helm,) = rolled("D", [83, 19, 6])
    assert item_words(helm, ES) == "Yelmo de Poder: Agonía aplazada, 2 niveles"
    (armor,) = rolled("D", [88, 8, 10, 9])  # legendary: 8 absorption armor; any armor 10: steel scale; potency 9
    said = item_words(armor, EN)
    assert said.startswith("Legendary item: Absorption Armor (30 VP a level), Steel Scale Mail, Prot +5. Its power: ")
    (torc,) = rolled("D", [88, 53])  # the Even-Handed Torc: no potency
    assert item_words(torc, ES).startswith("Objeto legendario: Torques ecuánime (30 PV por nivel). Su poder: ")
    (wand,) = rolled("D", [88, 73, 1, 4])  # the Loki-Trouncing Wand, a quarterstaff: potency 1 + 1, statistic 4
    assert item_words(wand, EN).startswith("Legendary item: Loki-Trouncing Wand (30 VP a level, patron Odin), ATK +1.")


def test_every_legendary_item_has_a_price_and_a_power_in_both_languages() -> None:
    from runehall.systems.rune.treasure.charts import chart

    for row in chart("legendary_item").rows:
        assert row.cost is not None and row.effect is not None and ES.knows(row.effect), row.name


@pytest.mark.parametrize("category", CATEGORIES)
def test_any_treasure_reads_in_both_languages(category: Any) -> None:
    for seed in range(40):
        for item in generate_treasure(category, SeededSource(f"{category}{seed}".encode())):
            english, spanish = item_words(item, EN), item_words(item, ES)
            assert english != spanish and "{" not in english + spanish and "None" not in english + spanish
            assert all(1 <= f <= 100 for r in item.rolls for f in r.faces)


def test_the_cli_rolls_a_whole_treasure(cli: Cli) -> None:
    text = cli("rune", "treasure", "A", "--manual", "8,9,9,10,50,4")
    assert "Potion: Ability potion, +1, 2 rounds, Gamble, 6 doses" in text and "[8 9 9 10 50 4]" in text
    data = json.loads(
        cli("rune", "treasure", "a", "--manual", "10,9,6,1,5", "-o", "treasure_modifier_category=original", "--json")
    )
    assert data["category"] == "A" and data["items"][0].startswith("Amulet: +2,")  # A's (no) modifier
    assert data["faces"] == [[10, 9, 6, 1, 5]]
    text = cli("rune", "treasure", "D", "--manual", "29,5,10,99", "--lang", "es")
    assert "botín por valor de 160 onzas de plata: Joyas   [29 5 10 99]" in text and "Tesoro de categoría D" in text
    assert "A, B, C, D, E" in cli("rune", "treasure", "G", code=2)
    assert "manual" in cli("rune", "treasure", "A", "--manual", "8,9", code=2)
