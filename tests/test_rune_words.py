"""Rune's rolls in words: every mechanic's card, labels and headline odds in English and Spanish, from real
stored rolls (the book's examples among them), and Spanish for every name the rules data puts on a card.

Every text a person reads is checked for program values; the headline chances equal the exact odds.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource
from runehall.present import words_for
from runehall.present.card import Card
from runehall.present.check import program_values
from runehall.present.odds import summarize
from runehall.present.words import catalog
from runehall.systems import registry
from runehall.systems.base import Mechanic
from runehall.systems.rune.rules import rules
from runehall.systems.rune.speech.common import MODIFIERS, ROLLS

SYSTEM = registry.get("rune")
PACKAGE = "runehall.systems.rune"
LANGUAGES = ("en", "es")

# Parameters of each mechanic and faces for a stored roll of it (None: seeded rolls only).
ROLLS_OF: dict[str, list[tuple[dict[str, Any], list[int] | None]]] = {
    "roll": [
        ({"bonus": 5, "difficulty": 3}, [1, 4]),  # TV-CHK-2: a botch sinks a good bonus
        ({"bonus": 4, "difficulty": 9}, [5]),  # TV-CHK-3: meeting the Difficulty exactly succeeds
        ({"bonus": 2, "difficulty": 12, "quality": True}, [10, 10, 3]),
        ({"bonus": 3, "difficulty": 6, "secret": True, "impairment": 2, "lacking_equipment": True}, None),
    ],
    "contest": [
        ({"a": {"bonus": 3}, "b": {"bonus": 2}}, [5, 5]),  # TV-CON-1: Thorleik 8 against Osk 7
        ({"a": {"bonus": 4}, "b": {"bonus": 4}, "b_hero": True}, [5, 5, 3, 8]),  # TV-CON-4: tied heroes reroll
    ],
    "contest_many": [
        ({"sides": ["Thurid:3:hero", "Thorleik:5:hero", "Casin:6", "Foldo:4"]}, [5, 5, 7, 9, 2, 8]),  # TV-CON-2
        ({"sides": ["Astrid:3:hero", "Bjorn:3", "Troll:3"]}, [5, 5, 5]),
    ],
    "attack": [
        (
            {
                "attack": {"bonus": 5},
                "defence": {"bonus": 3},
                "weapon": "viking_axe",
                "strength": 2,
                "soak": 3,
                "wound_threshold": 10,
            },
            [9, 2],
        ),
        ({"attack": {"bonus": 4}, "difficulty": 12, "dam": 8, "soak": 2, "wound_threshold": 8}, [3]),
    ],
    "bargain": [
        ({"buyer": {"bonus": 2}, "seller": {"bonus": 1}, "availability": "rare"}, [9, 3]),
        ({"buyer": {"bonus": 1}, "seller": {"bonus": 4}}, [2, 8]),
    ],
    "sleep": [({"stamina": 2, "sleep": 1, "hours_awake": 10}, [9]), ({"stamina": 1, "hours_awake": 2}, [2])],
    "trap_damage": [
        ({"bonus": 0, "difficulty": 8, "dam": 12, "soak": 6}, [4]),  # 001c TV-30: the icicle, 10 HP
        ({"bonus": 2, "difficulty": 9, "dice": 2, "soak": 3}, [1, 3, 10, 4, 6]),  # a botch, then two damage dice
        ({"bonus": 5, "difficulty": 7, "dam": 20, "armour_ignoring": True, "soak": 5, "armour_prot": 3}, [9]),
    ],
    "hazard": [
        ({"hazard": "falling", "feet": 23, "bonus": 1}, [5]),  # 001c TV-63: a good landing, 20 damage
        ({"hazard": "drowning", "waters": "choppy", "current": "mild", "bonus": 3}, [2]),  # 001c TV-52
        ({"hazard": "flames", "quilted": True}, [5]),  # 001c TV-64: alight, 7
        ({"hazard": "exhaustion", "map_rolls": 4, "bonus": 1}, [1, 3, 7]),  # a botch, then the damage d10
        ({"hazard": "swarm", "swarm_dam": 4, "bonus": 2}, [3]),  # 001c TV-71: bitten for 12
        ({"hazard": "wandering", "map_rolls": 4}, [1, 4]),  # 001c TV-67: an Inferior wandering monster
    ],
    "equipment_damage": [
        ({"item": "weapon", "modifier": 6, "raw_damage": 30, "atk": 5, "dfn": 5, "dam": 12}, [4]),  # 001c TV-58
        ({"item": "kit", "modifier": 1, "raw_damage": 16}, [3]),  # 001c TV-60: slightly damaged
        ({"item": "legendary", "modifier": 15}, [1]),
    ],
    "treasure": [
        ({"chart": "category_d", "category": "E"}, [45]),  # a piece of equipment
        ({"chart": "ability", "category": "A"}, [20, 45, 12]),  # re-rolled until an Ability: Navigation
        ({"chart": "potion_type", "category": "C"}, None),
        ({"chart": "helm_gift", "category": "F"}, None),
    ],
    "divine_awareness": [
        ({"bonus": 3}, [5]),  # 8: the sum of his ratings and his primary gods
        ({"bonus": 2, "impairment": 1}, [1, 3]),  # a botch learns nothing
        ({"bonus": 4}, [10, 2]),  # 16: every god
    ],
}


def stored_rolls(name: str) -> list[dict[str, Any]]:
    """Rolls as the table stores them (through JSON, keys sorted as a JSON column may give them back)."""
    mechanic = SYSTEM.mechanic(name)
    found = []
    for params, faces in ROLLS_OF[name]:
        parsed = mechanic.parse_params(params)
        sources = [ManualSource(faces)] if faces is not None else []
        sources += [SeededSource(seed) for seed in range(6)]
        for source in sources:
            rolled = mechanic.roll("rune", parsed, SYSTEM.options(), source, "p").to_json()
            found.append(json.loads(json.dumps(rolled, sort_keys=True)))
    return found


def texts(card: Card) -> list[str]:
    found = [card.action, card.result, card.total or ""]
    found += [t for row in card.rows for t in (row.label, row.value)]
    found += [t for chip in card.chips for t in (chip.text, chip.title)]
    return found


def test_every_mechanic_has_rolls_here() -> None:
    assert set(ROLLS_OF) == set(SYSTEM.mechanics())


@pytest.mark.parametrize("name", sorted(ROLLS_OF))
def test_every_mechanic_describes_itself(name: str) -> None:
    mechanic = SYSTEM.mechanic(name)
    assert type(mechanic).describe is not Mechanic.describe
    assert type(mechanic).headline is not Mechanic.headline
    assert type(mechanic).label is not Mechanic.label
    assert mechanic.chart_view is not None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(ROLLS_OF))
def test_cards_are_words_with_every_die(name: str, lang: str) -> None:
    mechanic, words = SYSTEM.mechanic(name), words_for(lang, "rune")
    for stored in stored_rolls(name):
        card = mechanic.describe(stored, words, "Astrid")
        assert card.action.startswith("Astrid") and card.result
        for text in texts(card):
            assert program_values(text) == [], (text, card)
        assert [c.text for c in card.chips] == [str(d[1]) for d in stored["tape"]]  # every die, in order
        for chip in card.chips:  # Rune rolls d10s; its treasure charts a d10 or a percentile die
            assert chip.sides in ((10, 100) if name == "treasure" else (10,)) and chip.title
        assert program_values(mechanic.render(stored)) == []  # the plain text the CLI prints: words too


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(ROLLS_OF))
def test_labels_and_headlines_are_words(name: str, lang: str) -> None:
    mechanic, words = SYSTEM.mechanic(name), words_for(lang, "rune")
    for params, _ in ROLLS_OF[name]:
        odds = mechanic.odds(mechanic.parse_params(params), SYSTEM.options())
        summary = summarize(mechanic, odds, words)
        shown = [h.label for h in summary.headline] + [summary.chart.title]
        shown += [bar.label for table in (summary.chart, *summary.full) for bar in table.rows]
        shown += [table.title for table in summary.full]
        for text in shown:
            assert program_values(text) == [], text
        # rare outcomes fold, but a treasure chart is shown whole: each of its rows is a different find
        assert summary.headline and len(summary.chart.rows) <= (40 if name == "treasure" else 12)


def test_a_botch_reads_as_a_botch_in_both_languages() -> None:
    """TV-CHK-2: bonus 5 against 3, a 1 then a 4: -4 + 5 = 1, two short, a botch."""
    stored = stored_rolls("roll")[0]
    en = SYSTEM.mechanic("roll").describe(stored, words_for("en", "rune"), "Astrid")
    es = SYSTEM.mechanic("roll").describe(stored, words_for("es", "rune"), "Astrid")
    assert (en.action, en.result, en.tone, en.total) == (
        "Astrid makes a stress roll against Difficulty 3",
        "botch, failure by 2",
        "botch",
        "1",
    )
    assert (es.action, es.result) == ("Astrid hace una tirada de tensión contra Dificultad 3", "pifia, fracaso por 2")
    assert [(c.text, c.mark, c.state) for c in en.chips] == [("1", "botch", "exploded"), ("4", "", "kept")]


def test_the_four_way_gamble_reads_as_the_book_tells_it() -> None:
    """TV-CON-2: Casin and Foldo tie at 13 and roll again; Foldo wins 12 to 8."""
    stored = stored_rolls("contest_many")[0]
    mechanic = SYSTEM.mechanic("contest_many")
    en, es = (mechanic.describe(stored, words_for(lang, "rune"), "Runner") for lang in LANGUAGES)
    assert en.action == "Runner rolls a contest of 4 sides" and en.result == "Foldo wins by 4"
    assert es.action == "Runner tira un enfrentamiento de 4 bandos" and es.result == "gana Foldo por 4"
    assert [r.label for r in en.rows][-2:] == ["Casin (again)", "Foldo (again)"]


def test_an_attack_card_names_the_weapon_in_the_readers_language() -> None:
    stored = stored_rolls("attack")[0]  # ATK 9 + 5 = 14 against DFN 2 + 3 = 5: 9 + DAM 10 + Str 2 - Soak 3 = 18
    mechanic = SYSTEM.mechanic("attack")
    en = mechanic.describe(stored, words_for("en", "rune"), "Ragnar")
    es = mechanic.describe(stored, words_for("es", "rune"), "Ragnar")
    assert (en.action, en.result, en.total) == (
        "Ragnar attacks with the Viking Axe",
        "hit: 18 damage, 1 wound",
        "1 wound",
    )
    assert (es.action, es.result) == ("Ragnar ataca con su Hacha vikinga", "impacto: 18 de daño, 1 herida")


def _chance(name: str, params: dict[str, Any], test: Any) -> Fraction:
    mechanic = SYSTEM.mechanic(name)
    odds = mechanic.odds(mechanic.parse_params(params), SYSTEM.options())
    return sum((p for outcome, p in odds.outcomes.items() if test(outcome)), Fraction(0))


@pytest.mark.parametrize(
    ("name", "index", "tests"),
    [
        ("roll", 0, (lambda r: r.success, lambda r: r.botch)),
        ("contest", 0, (lambda r: r.winner == "a", lambda r: r.winner == "b")),
        ("attack", 0, (lambda r: r.hit, lambda r: r.wounds >= 1)),
        ("bargain", 0, (lambda r: r.winner == "buyer", lambda r: r.winner == "seller")),
        ("sleep", 0, (lambda r: r.asleep,)),
    ],
)
def test_headlines_are_the_exact_odds(name: str, index: int, tests: tuple[Any, ...]) -> None:
    mechanic, params = SYSTEM.mechanic(name), ROLLS_OF[name][index][0]
    odds = mechanic.odds(mechanic.parse_params(params), SYSTEM.options())
    headline = mechanic.headline(odds, words_for("en", "rune"))
    assert [h.probability for h in headline] == [_chance(name, params, t) for t in tests]


def test_a_stress_roll_headline_in_figures() -> None:
    """Bonus 4 against 9 needs a 5 or better on the first die (or a 10): 6 in 10; a first 1 botches: 1 in 10."""
    odds = SYSTEM.mechanic("roll").odds(
        SYSTEM.mechanic("roll").parse_params({"bonus": 4, "difficulty": 9}), SYSTEM.options()
    )
    success, botch = SYSTEM.mechanic("roll").headline(odds, words_for("es", "rune"))
    assert (success.label, success.probability, botch.label, botch.probability) == (
        "Éxito",
        Fraction(3, 5),
        "Pifia",
        Fraction(1, 10),
    )


def test_a_many_sided_contest_heads_with_each_sides_chance() -> None:
    params = {"sides": ["Astrid:3:hero", "Bjorn:2", "Troll:4"]}
    mechanic = SYSTEM.mechanic("contest_many")
    odds = mechanic.odds(mechanic.parse_params(params), SYSTEM.options())
    for h in mechanic.headline(odds, words_for("en", "rune")):
        side = h.label.removesuffix(" wins")
        assert h.probability == _chance("contest_many", params, lambda r, s=side: r.winner == s)


# -- names from the rules data ------------------------------------------------------------------------------
def data_names() -> list[str]:
    r = rules()
    names = [c.name for c in r.characteristics.characteristic]
    names += [a.name for a in r.abilities.ability] + [w.name for w in r.weapons.weapon]
    names += [a.name for a in r.armor.armor] + [s.name for s in r.armor.shield]
    return names + list(MODIFIERS.values()) + list(ROLLS.values())


def test_every_name_a_card_shows_has_spanish() -> None:
    spanish = catalog(PACKAGE, "es")
    names = data_names()
    assert len(names) > 150
    missing = sorted(n for n in names if n not in spanish)
    assert not missing, f"no Spanish for {missing}"


def test_data_names_are_translated_on_cards() -> None:
    es = words_for("es", "rune")
    assert es("Viking Broadsword") == "Espada ancha vikinga" and es("Great Weapon") == "Arma grande"


def test_spanish_fills_the_same_places() -> None:
    """A translation that drops or renames a {place} would fail or lose a number when shown."""
    places = re.compile(r"\{(\w+)\}")
    for english, spanish in catalog(PACKAGE, "es").items():
        wanted = set(places.findall(english))
        if isinstance(spanish, str):
            assert set(places.findall(spanish)) == wanted, english
            continue
        # a plural entry is keyed by its singular ("a potion"): its first form fills the singular's places, the
        # others those and the count's (the English plural, "{n} potions", is not in the mapping)
        first, *more = spanish
        assert set(places.findall(first)) == wanted, english
        for form in more:
            assert wanted <= set(places.findall(form)) <= wanted | {"n"}, english
