"""Magical equipment counted in the hero's numbers (spec 001c §8.9, §8.12): a weapon's potency bonuses on that
weapon's row, an armour's Init and Prot while worn (INIT, Soak and the fight's Prot), a shield's ratings where the
shield counts (its DAM too), a kit's bonus on the rolls that need the kit; legendary armour is magical armour too.
Each number is checked against the same hero with the bonus typed as a plain modifier or on the book's ratings,
never against a number written here; the sheet says what each item gives or that it is not counted."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rune_magic_fixtures import stored
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.charts import chart
from runehall.systems.rune.treasure.equipment import magical
from runehall.systems.rune.treasure.stored import item_from
from test_rune_hero import hero, ragnar

EN, ES = words_for("en", "rune"), words_for("es", "rune")


def _roll(chart_id: str, category: str | None = "F", **match: Any) -> dict[str, Any]:
    row = next(r for r in chart(chart_id).rows if all(getattr(r, k) == v for k, v in match.items()))
    face = row.faces[0]
    return {"chart": chart_id, "category": category, "faces": [face], "result": face}


def _bonus(value: int, stat: str) -> list[dict[str, Any]]:
    return [_roll("weapon_potency", value=value), _roll("weapon_statistic", None, stat=stat)]


def equipment(piece: dict[str, Any], *potency: dict[str, Any]) -> dict[str, Any]:
    """A magical item of the Magical Equipment chart's row `piece` (weapon=..., armor=..., shield=..., kit=...) with
    these potency rolls, stored as a treasure event stores it (the category roll of a real Category F treasure)."""
    first = stored("equipment")["rolls"][0]
    rolls = [first, _roll("equipment_type", name="Magical item"), _roll("magical_equipment", **piece), *potency]
    return {"kind": "equipment", "rolls": rolls, "dice": [], "ounces": None, "before": []}


def carrying(*items: dict[str, Any], **changes: Any) -> Any:
    return hero(ragnar(magic_items=[{"item": i} for i in items], **changes))


AXE_2_1 = equipment(
    {"weapon": "viking_axe"}, _roll("weapon_potency", name="Two more bonuses"), *_bonus(2, "atk"), *_bonus(1, "dam")
)


def test_the_potency_rolls_are_read_back_as_bonuses() -> None:
    found = magical(item_from(AXE_2_1))
    assert found is not None and (found.piece, found.id) == ("weapon", "viking_axe")
    assert found.bonuses == (("atk", 2), ("dam", 1))
    real = magical(item_from(stored("equipment")))  # a rolled item: three more bonuses, each with its statistic
    assert real is not None and len(real.bonuses) == 3
    rare = equipment({"weapon": "roman_sword"})
    rare["rolls"][1:3] = [_roll("equipment_type", name="Rare item"), _roll("rare_equipment", weapon="roman_sword")]
    assert magical(item_from(rare)) is None  # rare equipment has no bonus


def test_a_magical_weapon_counts_on_its_own_row_as_its_modifiers_would() -> None:
    plain = carrying().derived()["combat"]
    magic = carrying(AXE_2_1).derived()["combat"]
    typed = hero(ragnar(modifiers=["atk:viking_axe:+2:axe", "dam:viking_axe:+1:axe"])).derived()["combat"]
    assert magic == typed and magic != plain
    assert magic["war_maul"] == plain["war_maul"] and magic["unarmed"] == plain["unarmed"]
    bow = equipment({"weapon": "short_bow"}, *_bonus(3, "dam"))  # the DAM at a distance carries it too
    far = carrying(bow).dam_at("short_bow", 70)
    assert far.value == hero(ragnar(modifiers=["dam:short_bow:+3:bow"])).dam_at("short_bow", 70).value
    assert far.value == carrying().dam_at("short_bow", 70).value + 3  # type: ignore[operator]
    # without a Viking Axe among his weapons the item is not counted
    assert carrying(AXE_2_1, weapons=["war_maul", "short_bow"]).derived()["combat"]["war_maul"] == plain["war_maul"]


def test_a_second_magical_weapon_of_the_same_kind_is_not_added() -> None:
    once = carrying(AXE_2_1).derived()["combat"]
    assert carrying(AXE_2_1, AXE_2_1).derived()["combat"] == once


@pytest.mark.parametrize(("face", "stat", "amount"), [(3, "init", 2), (7, "prot", 3), (10, "prot", 6)])
def test_magical_armour_counts_while_worn(face: int, stat: str, amount: int) -> None:
    row = chart("armor_potency").row(face)
    assert (row.stat, row.value) == (stat, amount)
    armour = equipment({"armor": "heavy_leather"}, {"chart": "armor_potency", "category": "F", "faces": [face],
                                                     "result": face})  # fmt: skip
    plain, magic = carrying().numbers(), carrying(armour).numbers()
    assert plain.armor is not None and magic.armor is not None
    assert getattr(magic.armor, stat) == getattr(plain.armor, stat) + amount
    init_gain = amount if stat == "init" else 0
    for row_id in ("viking_axe", "unarmed", "noncombat"):
        assert magic.row(row_id)["init"].value == plain.row(row_id)["init"].value + init_gain
    assert magic.soak().value == plain.soak().value + (amount if stat == "prot" else 0)
    other = carrying(armour, armor="studded_leather").numbers()  # another armour worn: not counted
    assert other.soak().value == carrying(armor="studded_leather").numbers().soak().value


def test_legendary_armour_is_magical_armour_too() -> None:
    item = stored("legendary")  # Spitting Armor, Prot +5, as rolled; of Studded Leather here (rare armour is not
    item["rolls"][2] = _roll("legendary_armor", None, armor="studded_leather")  # yet taken on the sheet)
    found = magical(item_from(item))
    assert found is not None and found.piece == "armor"
    kind, prot = found.id, found.total("prot")
    assert prot > 0
    plain = carrying(armor=kind).numbers()
    magic = carrying(item, armor=kind).numbers()
    assert magic.soak().value == plain.soak().value + prot


def test_a_magical_shield_counts_where_the_shield_does() -> None:
    shield = equipment({"shield": "round_shield"}, _roll("weapon_potency", name="Two more bonuses"),
                       *_bonus(2, "dfn"), *_bonus(1, "dam"))  # fmt: skip
    gear = {"shield": "round_shield", "weapons": ["hand_axe", "viking_axe"]}
    plain, magic = carrying(**gear).numbers(), carrying(shield, **gear).numbers()
    axe, plain_axe = magic.row("hand_axe"), plain.row("hand_axe")
    assert axe["dfn"].value == plain_axe["dfn"].value + 2 and axe["dam"].value == plain_axe["dam"].value + 1
    assert axe["atk"].value == plain_axe["atk"].value
    assert magic.row("viking_axe") == plain.row("viking_axe")  # two-handed: the shield does not count
    assert magic.row("hand_axe", shield_in_hand=False)["dfn"].value == plain_axe["dfn"].value - plain.shield.dfn  # type: ignore[union-attr]


def test_a_magical_kit_counts_only_on_the_rolls_that_need_it() -> None:
    kit = equipment({"kit": "climb"}, _roll("kit_potency", value=2))
    plain, magic = carrying(), carrying(kit)
    assert magic.check_bonus("climb").value == plain.check_bonus("climb").value + 2  # type: ignore[operator]
    assert magic.check_bonus("climb", kit_matters=False).value == plain.check_bonus("climb", kit_matters=False).value
    behind = carrying(kit, kits_left_behind=["climb"])  # the kit left behind: -2 and no magic
    assert behind.check_bonus("climb").value == carrying(kits_left_behind=["climb"]).check_bonus("climb").value
    assert magic.check_bonus("swim").value == plain.check_bonus("swim").value


def test_the_fight_takes_the_magical_numbers_from_the_sheet() -> None:
    armour = equipment({"armor": "heavy_leather"}, {"chart": "armor_potency", "category": "F", "faces": [8],
                                                     "result": 8})  # fmt: skip
    sheet = ragnar(magic_items=[{"item": AXE_2_1}, {"item": armour}])
    sheet.pop("name")
    plain = ragnar()
    plain.pop("name")
    fight, before = (
        from_sheet(copy.deepcopy(sheet), "Ragnar", RuneOptions()),
        from_sheet(plain, "Ragnar", RuneOptions()),
    )
    axe = next(w for w in fight.weapons if w.id == "viking_axe")
    old = next(w for w in before.weapons if w.id == "viking_axe")
    assert (axe.atk, axe.dam) == (old.atk + 2, old.dam + 1)  # type: ignore[operator]
    assert fight.numbers["armor_prot"] == before.numbers["armor_prot"] + 4
    assert fight.numbers["soak"] == before.numbers["soak"] + 4


@pytest.mark.parametrize("words", [EN, ES], ids=["en", "es"])
def test_the_sheet_says_what_each_item_gives(words: Any) -> None:
    h = carrying(AXE_2_1, equipment({"armor": "studded_leather"}, _roll("armor_potency", stat="prot", value=2)))
    section = next(s for s in h.sheet(words).sections if s.title == "Magic items")
    values = [r.value for r in section.rows]
    atk, dam = words("{stat} +{n}", stat=words("ATK"), n=2), words("{stat} +{n}", stat=words("DAM"), n=1)
    assert atk in values[0] and dam in values[0]
    assert words("not counted: he does not carry or wear it") in values[1]  # he wears Heavy Leather
    for value in values:
        assert not program_values(value), value
