"""Legendary items' powers (spec 001c §8.12): every item of the chart has its power as data; levels are bought with
VP at the item's price (A-85), refused with nothing changed when the rules forbid; a patron's Divine Connection
rises by the levels; the Armor of Inflexible Surety adds 3X to a roll resisting Impairment (the Fatigue roll after
a reckless move), compared with the same fight without it; the sheet says the levels in English and Spanish."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rune_magic_fixtures import stored
from runehall.errors import ParameterError, RulesError
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem, carried_words
from runehall.systems.rune.treasure.charts import chart
from runehall.systems.rune.treasure.legendary import POWERS, SURETY, buy, connections, legend, price, surety_bonus
from test_rune_combat import Fight, fighter
from test_rune_hero import hero, ragnar
from test_rune_magic_equipment import _roll

EN, ES = words_for("en", "rune"), words_for("es", "rune")


def legendary(name: str, armor: str = "heavy_leather") -> dict[str, Any]:
    """A rolled legendary item made the one named (armour of the kind given, with its rolled potency)."""
    item = copy.deepcopy(stored("legendary"))
    item["rolls"][1] = _roll("legendary_item", None, name=name)
    row = chart("legendary_item").rows[0]
    assert row.wears == "armor"
    item["rolls"][2] = _roll("legendary_armor", None, armor=armor)
    return item


def test_every_item_of_the_chart_has_its_power_as_data() -> None:
    names = {r.name for r in chart("legendary_item").rows}
    assert set(POWERS) == names and len(names) == 20
    assert POWERS[SURETY].played


def test_levels_are_kept_only_on_a_legendary_item() -> None:
    CarriedItem(item=legendary(SURETY), levels=2)
    with pytest.raises(ParameterError):
        hero(ragnar(magic_items=[{"item": stored("equipment"), "levels": 1}]))


@pytest.mark.parametrize("name", ["Armor of Inflexible Surety", "Blood Tribute Armor", "Einherjar's Armor"])
def test_levels_cost_the_items_price_each(name: str) -> None:
    item = CarriedItem(item=legendary(name))
    cost_each = legend(item.stored).cost
    assert cost_each is not None
    bought, cost = buy(item, 3, free_vp=1000, ratings={})
    assert bought.levels == 3 and cost == 3 * cost_each == price(item.stored, 3)
    again, more = buy(bought, 1, free_vp=1000, ratings={})
    assert again.levels == 4 and more == cost_each


def test_buying_is_refused_with_nothing_changed() -> None:
    item = CarriedItem(item=legendary(SURETY), levels=1)
    cost = price(item.stored)
    with pytest.raises(RulesError, match="free"):
        buy(item, 1, free_vp=cost - 1, ratings={})
    with pytest.raises(RulesError, match="at least one"):
        buy(item, 0, free_vp=1000, ratings={})
    with pytest.raises(RulesError, match="legendary"):
        buy(CarriedItem(item=stored("equipment")), 1, free_vp=1000, ratings={})
    wand = CarriedItem(item=legendary("Loki-Trouncing Wand"))
    with pytest.raises(RulesError, match="Loki"):
        buy(wand, 1, free_vp=1000, ratings={"Loki": 2, "Odin": 2})
    assert buy(wand, 1, free_vp=1000, ratings={"Loki": 1, "Odin": 2})[0].levels == 1
    assert item.levels == 1 and wand.levels is None


def test_a_patron_gods_rating_rises_by_the_levels() -> None:
    tribute = CarriedItem(item=legendary("Blood Tribute Armor"), levels=2)  # patron Loki
    cloak = CarriedItem(item=legendary("Blue Cloak of Treachery"), levels=3)  # patron Loki
    surety = CarriedItem(item=legendary(SURETY), levels=4)  # no patron
    assert connections([tribute, cloak, surety]) == {"Loki": 5}
    assert connections([CarriedItem(item=legendary("Blood Tribute Armor"))]) == {}


def test_surety_counts_3_a_level_while_its_armour_is_worn() -> None:
    worn = [CarriedItem(item=legendary(SURETY, "heavy_leather"), levels=2)]
    assert surety_bonus(worn, "heavy_leather") == 6
    assert surety_bonus(worn, "studded_leather") == 0 and surety_bonus(worn, None) == 0
    assert surety_bonus([CarriedItem(item=legendary(SURETY))], "heavy_leather") == 0  # no levels bought


def _reckless(sheet: dict[str, Any]) -> dict[str, Any]:
    fight = Fight({"name": "Ragnar", "sheet": sheet, "at": [0, 0]}, fighter("Goblin", (10, 2)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    result = fight.do("move", [5, 5, 4], who="Ragnar", to=[30, 0], kind="reckless")
    return dict(result["fatigue"])


def test_the_fatigue_roll_of_a_reckless_move_takes_the_surety_bonus() -> None:
    plain = ragnar()
    plain.pop("name")
    worn = {**plain, "magic_items": [{"item": legendary(SURETY, plain["armor"]), "levels": 2}]}
    assert from_sheet(copy.deepcopy(worn), "Ragnar", RuneOptions()).numbers["surety"] == 6
    without, with_it = _reckless(plain), _reckless(worn)
    assert with_it["faces"] == without["faces"]
    assert with_it["bonus"] == without["bonus"] + 6 and with_it["total"] == without["total"] + 6


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_sheet_says_the_levels(words: Any) -> None:
    none = carried_words(CarriedItem(item=legendary(SURETY)), words)[1]
    some = carried_words(CarriedItem(item=legendary(SURETY), levels=3), words)[1]
    assert none == words("no levels bought yet") and some == words.n("{n} level", "{n} levels", 3)
    assert none != some and not program_values(none) and not program_values(some)
