"""Midgard in words: every combat action from real stored events, in English and Spanish, as sentences and
chips without a program value; exact sentences for the worked duel; every action has a title and its own
describe; every name the data files give a card has Spanish."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources
from string import Formatter
from typing import Any

import pytest

import test_midgard_combat_extras
import test_midgard_combat_play
from midgard_speech_helpers import WORDS, recorded, session_events, texts, values
from runehall.present.words import catalog
from runehall.systems.base import Mechanic
from runehall.systems.midgard import SYSTEM
from runehall.systems.midgard.combat.tracker import ACTIONS
from runehall.systems.midgard.speech.combat_more import DESCRIBERS
from runehall.systems.midgard.speech.terms import data_names
from runehall.systems.tracker import TrackerAction
from test_midgard_combat import Game, pc

ES = catalog("runehall.systems.midgard", "es")


def describe(event: dict[str, Any], lang: str) -> Any:
    return ACTIONS[event["action"]].describe(event, WORDS[lang], "Anna")


def test_every_action_and_mechanic_speaks_for_itself() -> None:
    for name, action in SYSTEM.tracker("combat").actions().items():
        assert type(action).describe is not TrackerAction.describe, name
        assert action.title and name in DESCRIBERS, name
        assert WORDS["es"](action.title) != action.title, name  # the button has Spanish
    for name, mechanic in SYSTEM.mechanics().items():
        for method in ("describe", "headline", "label"):
            assert getattr(type(mechanic), method) is not getattr(Mechanic, method), (name, method)
        assert mechanic.chart_view is not None, name
        for text in (mechanic.title, mechanic.summary):
            assert values(text) == [] and WORDS["es"](text) != text, text
    title = SYSTEM.tracker("combat").title
    assert WORDS["es"](title) != title


def test_the_sessions_log_every_action() -> None:
    logged = Counter(e["action"] for e in session_events())
    assert set(logged) == set(ACTIONS), set(ACTIONS) - set(logged)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_logged_action_reads_as_words(lang: str) -> None:
    for event in session_events():
        card = describe(event, lang)
        assert card.action and (card.result or not event["result"].get("order", True)), event
        for text in texts(card):
            assert values(text) == [], (event, text)
        if event.get("tape") and event["action"] != "next_segment":  # its draws are ties settled by lot
            assert len(card.chips) == sum(1 for d in event["tape"] if len(d) == 2), event


def test_every_logged_action_has_spanish_words() -> None:
    for event in session_events():
        en, es = describe(event, "en"), describe(event, "es")
        assert es.action != en.action, en.action
        if en.result:
            assert es.result != en.result, en.result


def test_the_duel_in_words() -> None:
    game = test_midgard_combat_play.duel()
    game.do("next_segment")
    game.do("declare", action="dodge")
    game.do("declare", action="strike", target="ulf")
    game.do("cast", actor="ulf", manual=[2, 2, 2, 2])
    game.do("cast", actor="astrid", wyrd=5, manual=[5] * 13, goal="margin")
    game.do("resolve")
    events = {e["action"]: e for e in game.log.events}  # the last of each
    said = {lang: {name: describe(e, lang) for name, e in events.items()} for lang in ("en", "es")}
    en, es = said["en"], said["es"]
    assert en["declare"].action == "Astrid declares Strike against Ulf"
    assert es["declare"].action == "Astrid declara Golpe contra Ulf"
    assert (en["cast"].action, en["cast"].result) == ("Astrid casts the runes", "success, Past 3, margin 13, speed 7")
    assert es["cast"].result == "éxito, Pasado 3, margen 13, velocidad 7"
    assert [c.text for c in en["cast"].chips] == ["5"] * 13 and en["cast"].chips[0].title == "Outcome"
    assert es["cast"].chips[0].title == "Resultado" and en["cast"].chips[0].role == "stone-outcome"
    assert en["resolve"].plain() == (
        "Astrid acts: Strike: hit, 19 damage to the body, 9 wounds (9 in all)  Speed 7  Margin 13  Armour left 0"
    )
    assert es["resolve"].result == "impacto, 19 de daño en cuerpo, 9 heridas (9 en total)"
    assert en["resolve"].tone == "success"
    assert en["next_segment"].plain() == "Round 1, segment 1: Ulf and Astrid declare, in this order"
    assert es["next_segment"].action == "Asalto 1, segmento 1"


def test_a_thane_blocks_and_makes_its_check_in_words() -> None:
    events = recorded([test_midgard_combat_play.test_a_thane_switches_to_a_block_and_makes_its_checks_from_the_gm_cast])
    by = {e["action"]: describe(e, "en") for e in events}
    assert by["gm_cast"].action == "The GM casts 5 dice for the enemies"
    assert [c.state for c in by["gm_cast"].chips] == ["kept"] * 5
    assert by["switch"].action == "The one hit switches to Block"
    assert by["switch"].result.startswith("success") and "the defence holds" in by["switch"].result
    assert by["take_hit"].result == "hit, 9 damage to the arms, 3 wounds (3 in all)"
    assert by["check"].action == "Jarl casts to keep hold of what the wounded arm carries"
    assert describe(events[-1], "es").action == "Jarl lanza para no soltar lo que lleva en el brazo herido"


def test_a_rerolled_two_is_struck() -> None:
    game = Game([pc("x", skills={"Sax": 1}, weapons=["sax"]), pc("y", "raiders")], face_2="reroll")
    game.do("next_segment")
    game.declare_all(x={"action": "strike", "target": "y"}, y={"action": "move"})
    game.do("cast", actor="x", manual=[2, 3, 5, 6], goal="margin")  # the 2 is rolled again: 3, 5, 6 are kept
    card = describe(game.log.events[-1], "en")
    assert [(c.text, c.state) for c in card.chips] == [("2", "rerolled"), ("3", "kept"), ("5", "kept"), ("6", "kept")]


def test_an_old_event_without_names_still_reads() -> None:
    # Events store ids; a person reads the id as a name (the GM's own cast as the GM).
    event = {"action": "allocate", "params": {"actor": "gm", "goal": "past"}, "tape": [],
             "result": {"actor": "gm", "past": 2, "future": 0, "outcome": 1, "merkstave": 0}}  # fmt: skip
    assert describe(event, "en").plain() == "The GM places the tokens: Past 2, Outcome 1"
    assert describe(event, "es").plain() == "El DJ coloca las fichas: Pasado 2, Resultado 1"


# -- the data's names ------------------------------------------------------------------------------------
def _data(name: str) -> dict[str, Any]:
    text = resources.files("runehall.systems.midgard").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


def _names_in_data_files() -> set[str]:
    weapons, armour, gifts = _data("weapons.toml"), _data("armour.toml"), _data("gifts.toml")
    names = {w["name"] for w in weapons["weapon"] + weapons["ranged"]}
    names |= {a["name"] for a in armour["armour_type"] + armour["location"]}
    names |= {s["name"] for s in _data("skills.toml")["skill"]} | {r["name"] for r in _data("god_runes.toml")["rune"]}
    names |= {r["name"] for r in gifts["gift_rune"]} | {g["name"] for r in gifts["gift_rune"] for g in r["gift"]}
    names |= {a["name"].split(" (")[0] for a in _data("combat.toml")["action"]}
    return names


def test_every_name_a_card_shows_has_spanish() -> None:
    names = _names_in_data_files()
    assert len(names) > 150  # the files were read
    assert names == {n for kind in data_names().values() for n in kind}  # what the cards look up is all of it
    missing = sorted(n for n in names if n not in ES)
    assert not missing, f"no Spanish for {missing}"


def test_names_are_translated_where_they_appear() -> None:
    event = {"action": "declare", "tape": [],
             "params": {"actor": "astrid", "action": "strike", "target": "ulf", "weapon": "large_axe",
                        "gifts": ["shield_splitter"]},
             "result": {"actor": "astrid", "action": "strike", "basic": "attack", "base_speed": 6,
                        "note": ""}}  # fmt: skip
    card = describe(event, "es")
    assert ("Arma", "Hacha grande") in [(r.label, r.value) for r in card.rows]
    assert ("Dones", "Rompeescudos") in [(r.label, r.value) for r in card.rows]



def test_names_given_beside_the_event_are_used() -> None:
    event = {"action": "declare", "tape": [], "params": {"actor": "astrid", "action": "strike", "target": "troll_1"},
             "result": {"actor": "astrid", "action": "strike", "basic": "attack", "base_speed": 6,
                        "note": ""}}  # fmt: skip
    assert describe(event, "en").action == "Astrid declares Strike against Troll 1"  # ids read as names
    named = {**event, "names": {"astrid": "Astrid Ulfsdottir", "troll_1": "the troll"}}
    assert describe(named, "en").action == "Astrid Ulfsdottir declares Strike against the troll"
    assert describe(event, "en").action == "Astrid declares Strike against Troll 1"  # nothing left behind


def test_a_short_action_that_ends_with_the_round_is_said() -> None:
    event = {"action": "next_segment", "params": {}, "tape": [],
             "result": {"round": 7, "segment": 1, "order": ["foe", "g"],
                        "finished": ["g's Fate Weaving (6 round(s)) succeeds, margin 0",
                                     "foe's Craft (4 round(s)) fails"]}}  # fmt: skip
    rows = [(r.label, r.value) for r in describe(event, "es").rows]
    assert rows == [("G", "Tejer el destino (6 asaltos): éxito, margen 0"), ("Foe", "Artesanía (4 asaltos): fracaso")]


@pytest.mark.parametrize(("spender", "en", "es"), [
    ("gm", "The GM spends the Merkstave of Sb's cast", "El DJ gasta el Merkstave de la tirada de Sb"),
    ("players", "The players spend the Merkstave of Sb's cast", "Los jugadores gastan el Merkstave de la tirada de Sb"),
])  # fmt: skip
def test_who_spends_the_merkstave_is_said(spender: str, en: str, es: str) -> None:
    by = "the GM" if spender == "gm" else "the players"
    events = recorded([lambda: test_midgard_combat_extras.test_the_gm_casts_merkstave_spent_by_hand(spender, by)])
    spent = next(e for e in events if e["action"] == "merkstave")
    assert (describe(spent, "en").action, describe(spent, "es").action) == (en, es)
    assert describe(spent, "en").result == "1 for a complication, success, Past 2, margin 1, speed 4, 1 Merkstave left"


def test_spanish_fills_the_same_places() -> None:
    def places(text: str) -> set[str]:
        return {field for _, field, _, _ in Formatter().parse(text) if field is not None}

    for source, spanish in ES.items():
        for form in (spanish,) if isinstance(spanish, str) else spanish:
            assert places(form) <= places(source) | {"n"} and places(source) - {"n"} <= places(form), source
