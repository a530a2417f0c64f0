"""Rune's hero sheet as people read it (issue 12, "Sheets as sheets" and "Roll from the sheet"): the book's
sections in its order, words and never program values in English and Spanish, every roll offered with the
parameters that give the same odds as the roll typed by hand, the creation budget as the model counts it, and
the book's worked example (Ragnar) read line by line."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.present.check import program_values
from runehall.present.sheet import Sheet, SheetRow
from runehall.present.words import words_for
from runehall.systems.rune import SYSTEM
from runehall.systems.rune.creation import spent
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules
from test_rune_hero import BROADSWORD, RAGNAR, WHOLE, hero, ragnar

RICH = {
    **ragnar(),
    "cognomen": "the Whelp",
    "characteristics": {**RAGNAR["characteristics"], "com": -2},
    "abilities": {a: r for a, r in RAGNAR["abilities"].items() if a != "swim"},
    "kits_left_behind": ["climb"],
    "other_items": {"Rope": 0.5},
    "silver_oz": 40,
    "modifiers": ["soak:+2:Valor of Tyr", "atk:viking_axe:+1:Axe of Glory", "great_weapon:+1:Blessing of Ull"],
    "vp_total": 30,
    "vp_spent": 10,
    "advances": {"dodge": 1},
}


def ragnar_hero() -> Hero:
    return hero(ragnar(), **RAGNAR["options"])


def heroes() -> list[Hero]:
    return [
        ragnar_hero(),
        hero(RICH, **RAGNAR["options"]),
        hero({**BROADSWORD, "weapon_overrides": f"{WHOLE}, whip.dam=2"}),
    ]


def lines(sheet: Sheet) -> list[str]:
    texts = [sheet.name, *sheet.warnings]
    for section in sheet.sections:
        texts += [section.title, section.gloss]
        texts += [t for r in section.rows for t in (r.label, r.gloss, r.value)]
    return texts


def find(sheet: Sheet, section: str, label: str) -> SheetRow:
    rows = next(s.rows for s in sheet.sections if s.title == section)
    return next(r for r in rows if r.label == label)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_line_reads_as_words(lang: str) -> None:
    words = words_for(lang, "rune")
    for h in heroes():
        sheet = h.sheet(words, h.table_options)
        found = {text: program_values(text) for text in lines(sheet) if program_values(text)}
        assert not found, found
        for section in sheet.sections:
            assert bool(section.gloss) == (lang == "es"), section.title
            for r in section.rows:
                typed = r.label in (*h.other_items, *(m.source for m in h.modifiers))
                # The book is English: a Spanish reader gets the Spanish beside every term of the book.
                assert bool(r.gloss) == (lang == "es" and not typed), (section.title, r.label, r.gloss)
                assert r.value, r.label


def test_spanish_sheet_reads_in_spanish() -> None:
    sheet = hero(RICH, **RAGNAR["options"]).sheet(words_for("es", "rune"))
    assert find(sheet, "Characteristics", "Strength").gloss == "Fuerza"
    assert find(sheet, "Fighting Abilities", "Great Weapon").value == "4 (tira +7 con Destreza)"
    # Great Weapon 4 with the blessing; the Axe of Glory adds to ATK with the axe alone
    assert find(sheet, "Combat scores", "Viking Axe").value == "INIC 10 · ATQ 11 · DEF 10 · DAÑ 12"
    # 4.5 without the Climb kit left at home, a rope of 0.5 and 40 oz of silver (32 to the Load)
    assert find(sheet, "Equipment", "Total Load").value == "6,25"
    assert find(sheet, "Divine Gifts", "Valor of Tyr").value == "Absorción +2"
    assert find(sheet, "Divine Gifts", "Axe of Glory").value == "ATQ con Hacha vikinga +1"
    assert "Comunicación -2: el libro aconseja a los principiantes -1 o más" in sheet.warnings
    assert "equipo de Trepar olvidado: sus tiradas llevan −2" in sheet.warnings
    assert "1 punto de creación sin gastar: se pierde" in sheet.warnings


def rollables(sheet: Sheet) -> list[tuple[str, Any]]:
    return [(r.label, r.roll) for s in sheet.sections for r in s.rows if r.roll is not None]


def test_every_roll_parses_with_its_mechanic() -> None:
    for h in heroes():
        for label, roll in rollables(h.sheet(words_for("en", "rune"))):
            mechanic = SYSTEM.mechanic(roll.mechanic)
            params = mechanic.parse_params(roll.params)
            assert mechanic.odds(params, h.table_options).outcomes.total > 0, label


def odds(name: str, values: dict[str, Any], options: RuneOptions) -> Any:
    mechanic = SYSTEM.mechanic(name)
    return mechanic.odds(mechanic.parse_params(values), options).outcomes


def test_each_roll_has_the_odds_of_the_roll_typed_by_hand() -> None:
    h = ragnar_hero()
    o = h.table_options
    offered = dict(rollables(h.sheet(words_for("en", "rune"))))
    by_hand = {
        "Great Weapon": ("roll", {"bonus": 3 + 3, "difficulty": 6}),  # Dex 3 + Great Weapon 3
        "Strength": ("roll", {"bonus": 2}),
        "Climb": ("roll", {"bonus": 2 + 1}),  # Str 2 + Climb 1, the kit carried
        "Awareness": ("roll", {"bonus": -1, "lacking_ability": True}),  # Per -1, lacking it: -3
        "Map": ("roll", {"bonus": -1 - 3 - 2}),  # Int -1, lacking the Ability and its kit
        "Viking Axe": ("attack", {"attack": {"bonus": 9}, "weapon": "Viking Axe", "strength": 2,
                                  "defence": {"bonus": 9}, "soak": 6, "wound_threshold": 18}),
        "Short Bow": ("attack", {"attack": {"bonus": 0}, "dam": 6, "difficulty": 6, "soak": 6,
                                 "wound_threshold": 18}),
    }  # fmt: skip
    for label, (name, values) in by_hand.items():
        roll = offered[label]
        assert roll.mechanic == name, label
        assert odds(name, roll.params, o) == odds(name, values, o), label
    # The weapon is named (its card says what struck) while its DAM is the book's; a Gift's DAM stays a number.
    assert offered["Viking Axe"].params["weapon"] == "Viking Axe"
    sharp = hero(ragnar(modifiers=["dam:viking_axe:+1:Whetstone of Weland"]), **RAGNAR["options"])
    axe = dict(rollables(sharp.sheet(words_for("en", "rune"))))["Viking Axe"].params
    assert "weapon" not in axe and axe["dam"] == 13
    # Each Ability's bonus is the one the rules compute for its check (Characteristic + ab(X), kit, ENC).
    rich = hero(RICH, **RAGNAR["options"])
    offered = dict(rollables(rich.sheet(words_for("en", "rune"))))
    for a in ("great_weapon", "climb", "dodge", "healer", "bows"):
        params = SYSTEM.mechanic("roll").parse_params(offered[rules().ability(a).name].params)
        assert params.total == rich.check_bonus(a).value, a


def test_the_budget_is_what_the_model_counts() -> None:
    for h in heroes():
        points = spent(h.model_dump(), h.cp_on_hp, h.table_options)
        budget = [r for s in h.sheet(words_for("en", "rune")).sections for r in s.rows if r.emphasis == "budget"]
        assert [r.value for r in budget] == [f"{points['spent']} / {points['budget']}"]
        assert h.derived()["creation_points"]["spent"] == points["spent"]


def test_ragnar_reads_as_the_book_builds_him() -> None:
    sheet = ragnar_hero().sheet(words_for("en", "rune"))
    assert sheet.name == "Ragnar" and sheet.warnings == ()
    assert [s.title for s in sheet.sections] == [
        "Hero",
        "Characteristics",
        "Important numbers",
        "Combat scores",
        "Fighting Abilities",
        "Exploratory Abilities",
        "Interaction Abilities",
        "Miscellaneous Abilities",
        "Equipment",
        "Creation points",
    ]
    expect = RAGNAR["expect"]
    shown = {
        ("Characteristics", "Dexterity"): "+3",
        ("Characteristics", "Communication"): "-1",
        ("Important numbers", "Encumbrance (ENC)"): "Light (Load 6.5)",
        ("Important numbers", "Move"): f"{expect['move_full']} paces, half move {expect['move_half']}",
        ("Important numbers", "Soak"): str(expect["soak"]),
        ("Important numbers", "Response (RES)"): str(expect["res"]),
        ("Important numbers", "Hit points"): str(expect["hp_max"]),
        ("Important numbers", "Wound Threshold"): str(expect["wt"]),
        ("Combat scores", "Viking Axe"): "INIT 9 · ATK 9 · DFN 9 · DAM 12",
        ("Combat scores", "War Maul"): "INIT 9 · ATK 8 · DFN 10 · DAM 12",
        ("Combat scores", "Short Bow"): "INIT 2 · ATK 0 · DFN -1 · DAM 6",
        ("Combat scores", "Fist/Kick"): "INIT -1 · ATK 0 · DFN -1 · DAM 2",
        ("Combat scores", "Non-combat action"): "INIT 2",
        ("Fighting Abilities", "Great Weapon"): "3 (rolls +6 with Dexterity)",
        ("Exploratory Abilities", "Bravery"): "1 (rolls +4 with Stamina)",
        ("Interaction Abilities", "Runes"): "0 (not rolled at 0)",
        ("Equipment", "Climb kit"): "Load 2",
        ("Equipment", "Short Bow"): "Load 0.5, 1 dozen shots",
        ("Creation points", "Characteristics"): str(expect["cp_characteristics"]),
        ("Creation points", "Abilities"): str(expect["cp_abilities"]),
        ("Creation points", "Hit points"): str(expect["cp_hp"]),
        ("Creation points", "Creation points"): "60 / 60",
    }
    for (section, label), value in shown.items():
        assert find(sheet, section, label).value == value, (section, label)
    assert find(sheet, "Interaction Abilities", "Runes").roll is None  # Runes is never rolled at 0


def test_warnings_the_rules_compute() -> None:
    kjartan = hero({**BROADSWORD, "weapon_overrides": f"{WHOLE}, whip.dam=2"})
    warned = kjartan.sheet(words_for("en", "rune")).warnings
    assert "the Viking Broadsword's availability was lost from the book: the runner decides" in warned
    assert "values filled in for the Whip, which the hero does not carry" in warned
    left = 60 - spent(kjartan.model_dump(), 0, kjartan.table_options)["spent"]
    assert f"{left} creation points unspent: they are lost" in warned
    advised = hero(ragnar(), **RAGNAR["options"], beginner_advice_warnings=True).sheet(words_for("en", "rune"))
    assert advised.warnings == ()  # Ragnar's -1s are within the book's advice
