"""Midgard's character sheet as people read it (issue 12, "Sheets as sheets" and "Roll from the sheet"): the
book's six steps in order, words and never program values in English and Spanish, every skill, Courage and
weapon a cast whose odds are those of the cast typed by hand, the three creation budgets as the model counts
them, and the spec's worked character CH-1 (built by the book's steps) read line by line."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.present.check import program_values
from runehall.present.sheet import Sheet, SheetRow
from runehall.present.words import SHARED, catalog, words_for
from runehall.systems.midgard import SYSTEM
from runehall.systems.midgard.character import Character
from runehall.systems.midgard.rules import PACKAGE, rules
from test_midgard_character import CH1, build, ch1

WARNED = ch1(rune_points={"T": 4}, skills={}, gifts=["twist_of_fate"], weapons=["berserkr", "broad_sword", "bow"])
CHOSEN = ch1(gifts=[*ch1()["gifts"][:-2], "the_branch_that_grows:Thor"])


def characters() -> list[Character]:
    return [build(ch1()), build(WARNED), build(ch1(birthright="loysing", legend="volva", **_volva()))]


def _volva() -> dict[str, Any]:
    return {
        "legend_skills": ["Empathy", "Rune Divination", "Fate Weaving", "Legends"],
        "skills": {"Fate Weaving": 2},
        "gifts": [],
        "weapons": ["bow"],
        "armour": {},
    }


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
    words = words_for(lang, "midgard")
    spanish = {**catalog(SHARED, "es"), **catalog(PACKAGE, "es")}
    for c in characters():
        sheet = c.sheet(words, SYSTEM.options())
        found = {text: program_values(text) for text in lines(sheet) if program_values(text)}
        assert not found, found
        for section in sheet.sections:
            assert section.title in spanish, section.title
            for r in section.rows:
                assert r.value, r.label
                # The book is English: every term on the sheet has its Spanish (the same word for a name the
                # Spanish keeps, like Freyja or Wyrð), shown beside it on a Spanish page when it differs.
                term = r.label if not r.label.startswith("Block with the ") else "Block with the {item}"
                assert term in spanish, (section.title, r.label)
                assert bool(r.gloss) == (lang == "es" and words(term) != term), (r.label, r.gloss)


def test_the_choices_read_in_spanish() -> None:
    for b in rules().character.birthright:
        assert b.name in catalog(PACKAGE, "es"), b.name
    for legend in rules().legends.legend:
        assert legend.name in catalog(PACKAGE, "es"), legend.name
    sheet = build(CHOSEN).sheet(words_for("es", "midgard"))
    assert find(sheet, "Character", "Birthright").value == "Descendiente de Týr"
    assert find(sheet, "Character", "Legend").value == "Guerrero"
    assert find(sheet, "Skills", "Axes").value == "rango 3, se lanza con Týr 8"
    assert find(sheet, "Weapons and armour", "Block with the Round Shield").gloss == "Parada con Escudo redondo"
    assert find(sheet, "Rune gifts", "The Branch that Grows").value.endswith("(Thor)")
    warned = build(WARNED).sheet(words_for("es", "midgard")).warnings
    assert warned[:3] == (
        "10 puntos de runa sin gastar: se pierden",
        "13 puntos de habilidad sin gastar: se pierden",
        "11 puntos de don sin gastar: se pierden",
    )


def rollables(sheet: Sheet) -> dict[str, Any]:
    return {r.label: r.roll for s in sheet.sections for r in s.rows if r.roll is not None}


def test_every_roll_parses_with_its_mechanic() -> None:
    for c in characters():
        for label, roll in rollables(c.sheet(words_for("en", "midgard"))).items():
            assert roll.mechanic == "cast", label
            params = SYSTEM.mechanic("cast").parse_params(roll.params)
            assert params.dice > 0, label


def odds(values: dict[str, Any], **changes: Any) -> Any:
    mechanic = SYSTEM.mechanic("cast")
    return mechanic.odds(mechanic.parse_params({**values, **changes}), SYSTEM.options())


def test_each_cast_has_the_odds_of_the_cast_typed_by_hand() -> None:
    expect = CH1["expect"]
    offered = rollables(build(ch1()).sheet(words_for("en", "midgard")))
    legend = expect["legend_score"]
    by_hand = {
        "Axes": {"rune": expect["runes"]["T"], "skill": expect["skills"]["Axes"], "legend": legend, "difficulty": 2},
        "Medicine": {"rune": expect["runes"]["Th"], "skill": 1, "legend": legend, "difficulty": 2},
        "Stealth": {"rune": expect["runes"]["F"], "skill": 0, "legend": legend, "difficulty": 2},
        "Courage": {"rune": expect["courage"]["dice"], "skill": expect["courage"]["bonus"], "difficulty": 2,
                    "simple": True, "instant": True},
        "Large Axe": {"rune": 8, "skill": 3, "difficulty": 2, "speed": expect["speeds"]["large_axe_one_hand"]},
    }  # fmt: skip
    for label, values in by_hand.items():
        assert odds(offered[label].params).outcomes == odds(values).outcomes, label
    # The book's attack: Tyr 8 + Axes 3 against Defence 4 and 5 (spec §16.2).
    axe = offered["Large Axe"].params
    assert (axe["rune"], axe["skill"]) == (expect["attack_setup"]["dice"], expect["attack_setup"]["skill"])
    for defence in (4, 5):
        success = odds(axe, difficulty=defence).views["success"].probability(True)
        assert str(success) == expect["attack_success"][f"vs_defence_{defence}"]  # 255/256, 247/256


def test_the_budgets_are_what_the_model_counts() -> None:
    for c in characters():
        points = c.derived()["points"]
        sheet = c.sheet(words_for("en", "midgard"))
        budgets = {r.label: r.value for s in sheet.sections for r in s.rows if r.emphasis == "budget"}
        assert budgets == {
            "Rune points": f"{points['god_runes']['spent']} / {points['god_runes']['budget']}",
            "Skill points": f"{points['skills']['spent']} / {points['skills']['budget']}",
            "Gift points": f"{points['gifts']['spent']} / {points['gifts']['budget']}",
        }


def test_ch1_reads_as_built() -> None:
    expect = CH1["expect"]
    sheet = build(ch1()).sheet(words_for("en", "midgard"))
    assert sheet.name == "Astrid" and sheet.warnings == ()
    assert [s.title for s in sheet.sections] == [
        "Character",
        "God runes",
        "Qualities",
        "Skills",
        "Wyrð",
        "Health and wounds",
        "Weapons and armour",
        "Rune gifts",
    ]
    shown = {
        ("Character", "Birthright"): "Descendant of Tyr",
        ("Character", "Legend skills"): "Axes, Sax, Shields, and Alertness",
        ("Character", "Legend score"): str(expect["legend_score"]),
        ("God runes", "Tyr"): str(expect["runes"]["T"]),
        ("God runes", "Odin"): str(expect["runes"]["A"]),
        ("God runes", "Rune points"): "14 / 14",
        ("Qualities", "Defence"): str(expect["defence"]),
        ("Qualities", "Weapon Skill"): str(expect["weapon_skill"]),
        ("Qualities", "Courage"): "6 dice, 1 on the Cast Runes stone",
        ("Qualities", "Declaration score"): str(expect["declaration_score"]),
        ("Skills", "Axes"): "rank 3, cast with Tyr 8",
        ("Skills", "Animal Lore"): "rank 1, cast with Freyja 5",
        ("Skills", "Skill points"): "13 / 13",
        ("Wyrð", "Wyrð"): str(expect["wyrd_max"]),
        ("Wyrð", "Wyrð spent on one cast"): f"at most {expect['bonus_dice_cap']}",
        ("Health and wounds", "Health"): str(expect["health"]),
        ("Health and wounds", "First rank"): "15 boxes, no penalty",
        ("Health and wounds", "Fifth rank"): "3 boxes, 4 Merkstave on every cast",
        ("Health and wounds", "Wound boxes in all"): str(expect["wound_total"]),
        ("Weapons and armour", "Large Axe"): "Tyr 8 + Axes 3 · damage 6 · AP 3 · speed 7 · 6 in two hands",
        ("Weapons and armour", "Block with the Round Shield"): "speed 2 declared, 6 switched",
        ("Weapons and armour", "Dodge"): "speed 5 declared, 7 switched",
        ("Weapons and armour", "Chainmail"): "Body and Arms: pool 26, hardness 3, speed 2",
        ("Weapons and armour", "Armour speed penalty"): str(expect["armour_speed_penalty"]),
        ("Weapons and armour", "Throwing range"): f"{expect['throw_range_ft']} ft",
        ("Rune gifts", "Block and Breach"): "Algiz, level 3",
        ("Rune gifts", "Gift levels by rune"): "Algiz 6, Dagaz 3, Tiwaz 1, and Thurisaz 1",
        ("Rune gifts", "Gift points"): "12 / 12",
    }
    for (section, label), value in shown.items():
        assert find(sheet, section, label).value == value, (section, label)
    skills = [r.label for r in next(s for s in sheet.sections if s.title == "Skills").rows]
    assert "Fate Weaving" not in skills  # a Volva's skill is not on a Warrior's sheet


def test_warnings_the_rules_compute() -> None:
    assert build(WARNED).sheet(words_for("en", "midgard")).warnings == (
        "10 rune points unspent: they are lost",
        "13 skill points unspent: they are lost",
        "11 gift points unspent: they are lost",
        "the Berserkr is suggested for a Berserker: the GM decides",
        "the Broad Sword is suggested for a Chieftain: the GM decides",
        "Twist of Fate needs ranks in Fate Weaving, which this character lacks",
    )
