"""Rare gear won in play on the sheet (001c §8.9, §8.12): a rare weapon, armour or shield stands among the sheet's
gear when one of his magic items is that piece (rare, magical or legendary), with the armoury's numbers and, for a
magical piece, its bonuses counted; refused, with one clear reason, when no item he carries is that piece. Each
number is compared with the same hero's other numbers or the armoury's rows, never with a number written here."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rune_magic_fixtures import stored
from runehall.errors import ParameterError
from runehall.present.refusals import say
from runehall.present.words import words_for
from runehall.systems.rune import gear
from runehall.systems.rune.combat.heroes import from_sheet
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.equipment import magical
from runehall.systems.rune.treasure.stored import item_from
from test_rune_hero import hero, ragnar
from test_rune_legendary import legendary
from test_rune_magic_equipment import _bonus, _roll, equipment

EN, ES = words_for("en", "rune"), words_for("es", "rune")
OPTS = RuneOptions()


def rare(**piece: str) -> dict[str, Any]:
    """A piece of the Rare Equipment chart (no magic), stored as a treasure event stores it."""
    item = equipment({"weapon": "viking_axe"})
    item["rolls"][1] = _roll("equipment_type", name="Rare item")
    item["rolls"][2] = _roll("rare_equipment", **piece)
    return item


ROMAN_ATK_2 = equipment({"weapon": "roman_sword"}, _roll("weapon_potency", name="Two more bonuses"),
                        *_bonus(2, "atk"), *_bonus(1, "dam"))  # fmt: skip


def carrying(*items: dict[str, Any], **changes: Any) -> Any:
    return hero(ragnar(magic_items=[{"item": i} for i in items], **changes))


def test_a_won_rare_weapon_stands_on_the_sheet_beside_creations_three() -> None:
    plain = carrying(rare(weapon="roman_sword"), weapons=["viking_axe", "war_maul", "short_bow", "roman_sword"])
    assert "roman_sword" in plain.weapons and len(plain.weapons) == 4
    row = gear.weapon_table(OPTS)["roman_sword"]
    s = plain.numbers()
    for stat in ("init", "atk", "dfn", "dam"):  # the armoury's rating is a term of each score of its row
        terms = {t.label: t.value for t in s.row("roman_sword")[stat].terms}
        assert terms[f"Roman Sword {stat.capitalize()}"] == getattr(row, stat)


def test_a_magical_rare_weapons_bonuses_count_on_its_row() -> None:
    weapons = ["viking_axe", "roman_sword"]
    plain = carrying(rare(weapon="roman_sword"), weapons=weapons).numbers()
    magic = carrying(ROMAN_ATK_2, weapons=weapons).numbers()
    found = magical(item_from(ROMAN_ATK_2))
    assert found is not None
    for stat in ("atk", "dam", "dfn", "init"):
        assert magic.row("roman_sword")[stat].value == plain.row("roman_sword")[stat].value + found.total(stat)
    assert magic.row("viking_axe") == plain.row("viking_axe")
    fighter = from_sheet(copy.deepcopy(ragnar(magic_items=[{"item": ROMAN_ATK_2}], weapons=weapons)), "R", OPTS)
    plain_fighter = from_sheet(
        copy.deepcopy(ragnar(magic_items=[{"item": rare(weapon="roman_sword")}], weapons=weapons)), "R", OPTS
    )
    sword = next(w for w in fighter.weapons if w.id == "roman_sword")
    plain_sword = next(w for w in plain_fighter.weapons if w.id == "roman_sword")
    assert sword.atk is not None and plain_sword.atk is not None and sword.atk == plain_sword.atk + found.total("atk")


def test_a_rare_piece_he_did_not_win_is_refused() -> None:
    for changes, items in (
        ({"weapons": ["viking_axe", "roman_sword"]}, []),
        ({"weapons": ["viking_axe", "roman_sword"]}, [rare(weapon="pike")]),  # another piece
        ({"weapons": ["roman_sword", "pike"]}, [rare(weapon="roman_sword")]),  # one item, one piece
        ({"weapons": ["roman_sword"]}, [legendary("Blinding Armor", "steel_scale_mail")]),  # an armour
        ({"armor": "steel_scale_mail"}, [rare(weapon="roman_sword")]),
    ):
        with pytest.raises(ParameterError, match=r"is rare: rare (gear|armor) is won in play"):
            carrying(*items, **changes)


def test_the_refusal_reads_in_spanish() -> None:
    with pytest.raises(ParameterError) as refused:
        carrying(weapons=["roman_sword"])
    assert "the Roman Sword is rare: rare gear is won in play" in str(refused.value)
    assert "es un objeto raro" in say(refused.value, ES)  # the refusal test's own reading, in Spanish


def _armour(kind: str) -> dict[str, Any]:
    return equipment({"armor": kind})  # magical armour with no potency: the armoury's plain numbers


def test_won_steel_scale_mail_is_worn_with_the_armourys_numbers() -> None:
    steel, leather = gear.armor_table(OPTS)["steel_scale_mail"], gear.armor_table(OPTS)["heavy_leather"]
    assert steel.availability == "rare" and isinstance(steel.prot, int) and isinstance(leather.prot, int)
    worn = carrying(_armour("steel_scale_mail"), armor="steel_scale_mail").numbers()
    base = carrying(armor="heavy_leather").numbers()
    assert worn.soak().value - base.soak().value == steel.prot - leather.prot


def test_legendary_blinding_armor_is_worn_and_its_potency_counts() -> None:
    blinding = legendary("Blinding Armor", "steel_scale_mail")
    found = magical(item_from(blinding))
    assert found is not None and (found.piece, found.id) == ("armor", "steel_scale_mail")
    plain = carrying(_armour("steel_scale_mail"), armor="steel_scale_mail").numbers()
    worn = carrying(blinding, armor="steel_scale_mail").numbers()
    assert worn.soak().value == plain.soak().value + found.total("prot")


def test_a_legendary_any_axe_stands_for_one_rare_axe() -> None:
    axe = copy.deepcopy(legendary("Axe of Glory"))
    rare_axe = next(w for w, r in gear.weapon_table(OPTS).items() if r.availability == "rare" and r.edge == "axe")
    assert rare_axe in carrying(axe, weapons=[rare_axe]).weapons
    with pytest.raises(ParameterError, match="is rare"):
        carrying(axe, weapons=[rare_axe, "roman_sword"])


def test_the_sheet_says_the_won_piece_is_counted() -> None:
    h = carrying(ROMAN_ATK_2, weapons=["viking_axe", "roman_sword"])
    rows = {r.label: r.value for s in h.sheet(EN).sections if s.title == "Magic items" for r in s.rows}
    assert "counted" in rows["Item 1"] and "not counted" not in rows["Item 1"]
    assert stored("equipment")  # the fixture's real rolled item still loads
