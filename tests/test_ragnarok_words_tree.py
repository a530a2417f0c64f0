"""Ragnarök's game tree in words: every action of a real play log described in English and Spanish.

Two sessions between them use every action the tree stores (Sacrifice never stores one: the excerpt has no
rule for it, so the action always refuses); each logged event becomes a card in both languages, with no
program value in any text, and a few read exactly as written here.
"""

from __future__ import annotations

from typing import Any

import pytest

from runehall.present import words_for
from runehall.present.card import Card
from runehall.present.check import program_values
from runehall.systems.ragnarok.tree.tracker import ACTIONS
from test_ragnarok_tree import Game, composition, hero
from test_ragnarok_words import LANGUAGES, clean

ENCHANTMENT = {"name": "Piel de piedra", "type": "encantamiento_runico"}


def _journey() -> Game:
    """Ulrik's runes through a day and a combat: drawing, transforming, playing, testing, hurting, dying."""
    sheet = hero(
        composition(4, 3, 3), destiny=4, divine={"bdp": 2}, skills={"atletismo": 1}, passive_powers=[ENCHANTMENT]
    )
    game = Game(sheet, "gris")
    game.do("new_saga", route="blanca")
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall", "naudhr"])
    game.do("transform", runes=["hagall", "naudhr"], to="F")
    game.do("untransform", composite="c1")
    game.do("transform", runes=["hagall", "naudhr"], to="F")
    game.do("play", rune="tyr", to="actividad", chain="golpe", metamarks=["continuidad"])
    fired = game.do("play", rune="bjarkan", to="contingencia", condition="si me atacan por la espalda")["contingency"]
    cancelled = game.do("declare_contingency", runes=["vacio"], condition="al caer la noche")["contingency"]
    game.do("trigger_contingency", contingency=fired)
    game.do("cancel_contingency", contingency=cancelled)
    game.do("test", difficulty=3, required_trait="F", skill="atletismo")
    game.do("cleanup")
    game.do("damage", points=3, trait="F", allocate=["tyr", "tyr", "bjarkan"])
    game.do("heal", points=2, allocate=["tyr"])
    game.do("damage", points=2, trait="M", policy="random_from_bag", seed=5)
    game.do("start_combat")
    game.do("damage", points=1, trait="F", allocate=["jor"])
    game.do("dp_gain", amount=10, source="Furia del lobo")
    game.do("dp_spend", effect="HEAL_6", allocate=["jor"])
    game.do("dp_spend", effect="EXTRA_RUNE")
    game.do("wyrd", seed=3)
    game.do("next_phase")
    game.do("dp_spend", effect="PARRY_OR_PHYS_DMG_6", context="damage_taken")
    game.do("next_phase")
    game.do("next_phase")
    game.do("end_combat")
    game.do("advance_time", hours=2.5)
    game.do("enchantment", power=ENCHANTMENT["name"], distance_m=3.5)
    game.do("enchantment", power=ENCHANTMENT["name"])
    game.do("damage", points=30, trait="F", policy="concentrate", cause="natural_disaster")
    game.do("rebirth")
    return game


def _consumption() -> Game:
    """A rune burnt into Consunción, brought back by the norn by hand; then a mortal's death."""
    game = Game(hero(composition(2, 0, 0), destiny=1), "blanca", consumption_auto=False)
    game.do("start_combat")
    game.do("damage", points=4, trait="E", allocate=["tyr"] * 4)
    game.do("end_combat")
    game.do("advance_time", hours=1)
    game.do("recover_consumption", rune="tyr")
    game.do("resolve_death", cause="killing_blow")
    return game


@pytest.fixture(scope="module")
def events() -> list[dict[str, Any]]:
    return [e for game in (_journey(), _consumption()) for e in game.log.events]


def _card(event: dict[str, Any], lang: str, who: str = "Ulrik") -> Card:
    return ACTIONS[event["action"]].describe(event, words_for(lang, "ragnarok"), who)


def test_every_action_is_described_from_real_events_in_both_languages(events: list[dict[str, Any]]) -> None:
    assert {e["action"] for e in events} == set(ACTIONS) - {"sacrifice"}
    for event in events:
        for lang in LANGUAGES:
            card = _card(event, lang)
            clean(card)
            assert card.action and card.action != ACTIONS[event["action"]].title, event["action"]


def test_the_spanish_cards_differ_from_the_english(events: list[dict[str, Any]]) -> None:
    for event in events:
        en, es = _card(event, "en"), _card(event, "es")
        assert (en.action, en.result) != (es.action, es.result), event["action"]


def test_a_sacrifice_event_would_still_read(events: list[dict[str, Any]]) -> None:
    event = {"action": "sacrifice", "params": {"rune": "tyr"}, "tape": [], "result": {}}
    for lang in LANGUAGES:
        clean(_card(event, lang))
    assert _card(event, "es").action == "Ulrik ofrece Týr en sacrificio"


def _first(events: list[dict[str, Any]], action: str) -> dict[str, Any]:
    return next(e for e in events if e["action"] == action)


def test_known_events_read_as_sentences(events: list[dict[str, Any]]) -> None:
    wyrd = _first(events, "wyrd")
    card = _card(wyrd, "en")
    assert card.action == "Ulrik draws 4 runes into Mano (wyrd)"
    assert card.result == "Týr, Bjarkan, Hagall, and Naudhr, and the Void rune joins them"
    assert [c.text for c in card.chips] == ["ᛏ", "ᛒ", "ᚺ", "ᚾ", "◇"]
    assert [c.role for c in card.chips[:4]] == ["trait-F", "trait-F", "trait-M", "trait-M"]
    assert card.chips[2].title == "Hagall (storm and chaos), trait Mental"
    es = _card(wyrd, "es")
    assert es.action == "Ulrik saca 4 runas a la Mano (wyrd)"
    assert es.chips[2].title == "Hagall (tormentas y caos), rasgo Mental"

    test = _first(events, "test")
    card = _card(test, "es")
    assert card.action == "Ulrik hace una prueba de Atletismo con rasgo Físico"
    assert card.tone == "success"
    assert ("R = D − L − P − K", "3 − 1 − 2 − 1 = -1") in [(r.label, r.value) for r in card.rows]  # BDP 2
    assert card.result == "Éxito, 1 éxito extra"
    assert _card(test, "en").result == "Éxito (Success), 1 extra success"

    damage = _first(events, "damage")
    assert _card(damage, "en").action == "3 points of Physical damage"
    assert _card(damage, "es").action == "3 puntos de daño Físico"
    assert _card(damage, "es").result == "runas dañadas: Týr ×2 y Bjarkan; estado: Activo"

    play = _first(events, "play")
    assert _card(play, "es").action == "Ulrik juega Týr: Mano → Actividad"
    assert _card(play, "en").action == "Ulrik plays Týr: Mano (Hand) → Actividad (Activity)"


def test_every_action_has_a_title_in_both_languages() -> None:
    es = words_for("es", "ragnarok")
    for name, action in ACTIONS.items():
        assert action.title, name
        assert es(action.title) != action.title, name


def test_an_edited_event_still_reads_without_values(events: list[dict[str, Any]]) -> None:
    # An imported log whose results were edited by hand: the card names the move and shows no value.
    for event in events:
        for broken in ({}, {"hits": 5, "drawn": None, "tier": 3, "R": "x", "now": [1]}):
            mangled = {**event, "result": broken}
            for lang in LANGUAGES:
                card = _card(mangled, lang)
                assert card.action and all(program_values(t) == [] for t in (card.action, card.result))
    card = _card({**_first(events, "wyrd"), "result": {}}, "es")
    assert card.action == "Ulrik: Sacar runas (wyrd)"
