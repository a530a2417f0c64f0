"""The CLI's listings in words (issue 12): `runehall systems` and `runehall play actions` name every system,
mechanic, tracker, action and parameter by its words in the reader's language (--lang), its choices and
default as the forms say them; what a person types stays beside the words once, in brackets. Outside the
brackets no program value shows (no flag, no snake_case id, no dict); --json keeps the program's listing.
`fair new`, `fair rotate` and `verify` speak words too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import Cli
from runehall.fairness.session import FairSession
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems import registry
from test_spanish_pages import TYPED_SYNTAX, english_in

EN, ES = ("--lang", "en"), ("--lang", "es")
TRACKERS = [(s.id, name) for s in registry.systems().values() for name in s.trackers()]


def words_outside_brackets(text: str) -> str:
    """`text` without what is typed (in brackets): it must read as words."""
    said = re.sub(r"\[[^\]\n]*\]", "", text)
    for syntax in TYPED_SYNTAX:  # a hint's example of what to type (the field's own syntax)
        said = said.replace(syntax, "")
    assert said.strip() and program_values(said) == [], program_values(said)
    assert "--" not in said  # no flag: the brackets name what is typed after two dashes
    return said


def test_systems_lists_every_system_mechanic_and_option_in_words(cli: Cli) -> None:
    en, es = cli("systems", *EN), cli("systems", *ES)
    for text in (en, es):
        words_outside_brackets(text)
    for system in registry.systems().values():
        said = words_for("es", system.id)
        assert f"{said(system.meta.name)} [{system.id}]" in es and said(system.meta.summary) in es
        assert f"{system.meta.name} [{system.id}]" in en and system.meta.summary in en
        for m in system.mechanics().values():
            assert f"{said(m.title)} [{m.name}]" in es and said.knows(m.title), m.title
            assert f"{m.title} [{m.name}]" in en
    assert "Dados libres [dice]" in es and "Free dice" not in es and "Lo que se puede tirar" in es
    assert "Opciones de mesa (cada una con -o nombre=valor)" in es and "What can be rolled" in en
    # A choice reads in words with its value to type; a default in words; a required parameter says so.
    assert "Transformación [transform]" in es and "la mejor [optimal]" in es and "Si se omite: la mejor." in es
    assert "Destino [destiny] (obligatorio)" in es and "Un número entero." in es
    assert "One of: Physical (F), Mental (M), or Spiritual (E)." in en


def test_a_spanish_listing_has_no_english_words(cli: Cli) -> None:
    """The Spanish listings, once what is typed and the books' own names are taken out, hold no English word."""
    shown = [cli("systems", *ES), *(cli("play", "actions", sid, name, *ES) for sid, name in TRACKERS)]
    english = []
    for text in shown:
        for line in words_outside_brackets(text).splitlines():
            found = english_in(line.replace("Midgard: Viking Legends", "").replace("Rune ", " "))
            english += [(line.strip()[:120], found)] if found else []
    assert not english, english


@pytest.mark.parametrize(("system_id", "tracker_name"), TRACKERS)
def test_play_actions_lists_the_setup_and_every_action_in_words(cli: Cli, system_id: str, tracker_name: str) -> None:
    tracker = registry.get(system_id).tracker(tracker_name)
    es, en = cli("play", "actions", system_id, tracker_name, *ES), cli("play", "actions", system_id, tracker_name, *EN)
    for text in (en, es):
        words_outside_brackets(text)
    said = words_for("es", system_id)
    assert said(tracker.title) in es and "Para empezar" in es and "Lo que se puede hacer" in es
    assert tracker.title in en and "To start it" in en and "What can be done" in en
    for action in tracker.actions().values():
        assert f"[{action.name}]" in es and (not action.title or f"{said(action.title)} [{action.name}]" in es)
    random = [a for a in tracker.actions().values() if a.random]
    assert es.count("(saca runas o tira dados)") == len(random)
    if (system_id, tracker_name) == ("rune", "combat"):  # a list of choices, each in words with what to type
        assert "Cualquiera de estos, separados por comas: terreno elevado [high_ground], terreno bajo" in es


def test_the_json_listings_are_the_programs_own(cli: Cli) -> None:
    systems = json.loads(cli("systems", "--json", *ES))
    assert {s["id"] for s in systems} == set(registry.systems())
    ragnarok = next(s for s in systems if s["id"] == "ragnarok")
    test = next(m for m in ragnarok["mechanics"] if m["name"] == "test")
    assert {"bag", "destiny", "void_trait"} <= {p["name"] for p in test["params"]}
    actions = json.loads(cli("play", "actions", "midgard", "combat", "--json"))
    assert [a["name"] for a in actions["actions"]][:2] == ["next_segment", "declare"] and actions["setup"]


def test_a_fair_session_and_its_verification_speak_words(cli: Cli, tmp_path: Path) -> None:
    """`fair new`, `fair rotate` and `verify` in the reader's language: statuses in words, seeds as they are."""
    session, log = tmp_path / "session.json", tmp_path / "log.json"
    new = cli("fair", "new", str(session), "--client-seed", "taberna", *ES)
    commitment = FairSession.load(session).current.public()["commitment"]
    assert new.startswith(f"Sesión nueva: compromiso {commitment} (semilla del cliente taberna)")
    for notation in ("4d6k3", "2d6/2"):
        cli("roll", notation, "--fair", str(session))
    cli("roll", "2d6", "--manual", "3,4")  # not in the session: a fair log holds only its own rolls
    log.write_text(cli("fair", "export", str(session)))
    hidden = cli("verify", str(log), *ES, code=1)
    assert "Tirada 1: sin revelar: su semilla sigue siendo secreta" in hidden and "NO verificado: 0 de 2" in hidden
    rotated = cli("fair", "rotate", str(session), *ES)
    assert "Revelada: compromiso" in rotated and "semilla del servidor" in rotated and "Siguiente: " in rotated
    log.write_text(cli("fair", "export", str(session)))
    for text in (cli("verify", str(log), *ES), cli("verify", str(log), *EN)):
        assert program_values(text) == [], program_values(text)
    assert "verificado: 2 de 2 tiradas recalculadas" in cli("verify", str(log), *ES)
    assert "verified: 2 of 2 rolls re-derived" in cli("verify", str(log), *EN)
