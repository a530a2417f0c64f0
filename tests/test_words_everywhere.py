"""Words everywhere, for every system the registry holds: every mechanic's odds summary and every form
field's label, hint and choice read as words in English and Spanish (no program values), and a Spanish
table page shows each system's field labels in Spanish."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel
from tests.test_web import new_table

from runehall.present.check import program_values
from runehall.present.fields import ChoiceLabel
from runehall.present.odds import summarize
from runehall.present.words import LANGUAGES, SHARED, catalog, words_for
from runehall.systems import registry
from runehall.systems.base import GameSystem
from runehall.web.forms import fields

SIDE = {"rune": 4, "wyrd": 2, "skill": 1}
# One request per mechanic (the registry walk below fails on a mechanic that has none, so a new one is covered).
EXAMPLES: dict[tuple[str, str], dict[str, Any]] = {
    ("dice", "roll"): {"notation": "10d10!k5"},
    ("ragnarok", "test"): {"bag": "4F,2M,1E", "destiny": 3, "required_trait": "F", "difficulty": 2},
    ("ragnarok", "opposed"): {
        "a": {"bag": "F,M", "destiny": 2}, "b": {"bag": "F,F", "destiny": 2}, "required_trait": "F"
    },
    ("ragnarok", "wyrd"): {"bag": "tyr,hagall,fe,ur", "destiny": 3},
    ("rune", "roll"): {"bonus": 4, "difficulty": 9},
    ("rune", "contest"): {"a": {"bonus": 3}, "b": {"bonus": 2}},
    ("rune", "contest_many"): {"sides": ["Thurid:3:hero", "Casin:6", "Foldo:4"]},
    ("rune", "attack"): {"attack": {"bonus": 5}, "defence": {"bonus": 3}, "dam": 8, "soak": 3, "wound_threshold": 10},
    ("rune", "bargain"): {"buyer": {"bonus": 2}, "seller": {"bonus": 1}},
    ("rune", "sleep"): {"stamina": 2, "hours_awake": 10},
    ("rune", "trap_damage"): {"bonus": 2, "difficulty": 8, "dice": 2, "soak": 4},
    ("rune", "hazard"): {"hazard": "exhaustion", "map_rolls": 5, "bonus": 2},
    ("rune", "equipment_damage"): {"item": "armour", "modifier": 8, "raw_damage": 20, "prot": 8},
    ("rune", "treasure"): {"chart": "category_d", "category": "E"},
    ("rune", "divine_awareness"): {"bonus": 5},
    ("midgard", "cast"): {"rune": 4, "wyrd": 2, "skill": 2, "difficulty": 3},
    ("midgard", "opposed"): {"a": SIDE, "b": {"rune": 3}},
    ("midgard", "contested"): {
        "a": {**SIDE, "difficulty": 2, "base_speed": 4}, "b": {"rune": 3, "difficulty": 2, "base_speed": 3}
    },
}  # fmt: skip


def _builtin() -> list[GameSystem]:
    return [s for sid, s in sorted(registry.systems().items()) if type(s).__module__.startswith("runehall.")]


def _mechanics() -> list[tuple[str, str]]:
    return [(s.id, name) for s in _builtin() for name in s.mechanics()]


def _forms(system: GameSystem) -> Iterator[tuple[str, type[BaseModel], ChoiceLabel | None]]:
    """Every model a form is built from: each mechanic's parameters, each tracker's setup and actions, the sheet."""
    for m in system.mechanics().values():
        yield f"mechanic {m.name}", m.Params, m.choice_label
    for t in system.trackers().values():
        yield f"setup {t.name}", t.Setup, t.choice_label
        for a in t.actions().values():
            yield f"action {t.name}.{a.name}", a.Params, a.choice_label
    if system.Character is not None:
        yield "character", system.Character, system.Character.choice_label


def test_every_mechanic_of_every_system_has_an_example() -> None:
    assert set(_mechanics()) <= set(EXAMPLES), set(_mechanics()) - set(EXAMPLES)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("system_id", "name"), _mechanics())
def test_every_odds_summary_reads_as_words(system_id: str, name: str, lang: str) -> None:
    system = registry.get(system_id)
    mechanic = system.mechanic(name)
    words = words_for(lang, system_id)
    odds = mechanic.odds(mechanic.parse_params(EXAMPLES[system_id, name]), system.options())
    summary = summarize(mechanic, odds, words)
    shown = [words(mechanic.title), words(mechanic.summary), summary.chart.title]
    shown += [h.label for h in summary.headline] + [r.label for r in summary.chart.rows]
    shown += [t.title for t in summary.full] + [r.label for t in summary.full for r in t.rows]
    for text in shown:
        assert text and program_values(text) == [], (system_id, name, lang, text)
    assert len(summary.chart.rows) <= 50  # rare outcomes folded: a chart people read, not 497 rows


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("system_id", [s.id for s in _builtin()])
def test_every_form_field_reads_as_words(system_id: str, lang: str) -> None:
    system = registry.get(system_id)
    words = words_for(lang, system_id)
    problems = []
    for where, model, choice in _forms(system):
        for f in fields(model, None, words, choice):
            for text in (f.label, f.description, *f.choice_text.values()):
                if program_values(text):
                    problems.append((where, f.name, text, program_values(text)))
    assert not problems, problems


def _spanish(system: GameSystem) -> dict[str, Any]:
    return {**catalog(SHARED, "es"), **catalog(type(system).__module__, "es")}


@pytest.mark.parametrize("system_id", [s.id for s in _builtin() if s.mechanics()])
def test_a_spanish_table_page_shows_the_systems_field_labels_in_spanish(client: Any, system_id: str) -> None:
    table_id = new_table(client, system_id)
    page = html.unescape(client.get(f"/t/{table_id}", headers={"Accept-Language": "es"}).text)
    system = registry.get(system_id)
    es, known = words_for("es", system_id), _spanish(system)
    shown = [(m.Params, "p") for m in list(system.mechanics().values())[:1]]
    if system.Character is not None:
        shown.append((system.Character, "c"))
    for model, _ in shown:
        for f in fields(model, None, es):
            prop = model.model_json_schema()["properties"][f.name]
            english = str(prop.get("title") or f.name.replace("_", " "))
            assert english in known, (system_id, f.name, english)  # the field has Spanish
            if f.kind == "hidden":
                continue  # made by the rules (a death-insurance snapshot): carried, not shown
            assert re.search(rf">{re.escape(f.label)}(?: <span| <small|</small>|</label>|</legend>)", page), (
                system_id,
                f.name,
                f.label,
            )
    for m in system.mechanics().values():  # the picker's titles
        assert f">{es(m.title)}</option>" in page and m.title in known, m.title


@pytest.mark.parametrize("system_id", [s.id for s in _builtin()])
def test_every_form_field_label_and_hint_has_spanish(system_id: str) -> None:
    system = registry.get(system_id)
    known = _spanish(system)
    missing = []
    for where, model, _ in [*_forms(system), ("options", system.Options, None)]:
        for name, prop in model.model_json_schema().get("properties", {}).items():
            for text in (prop.get("title") or name.replace("_", " "), prop.get("description")):
                if text and text not in known:
                    missing.append((where, name, text))
    assert not missing, missing


def test_a_selects_choices_are_labelled_in_words_and_send_their_id(client: Any) -> None:
    table_id = new_table(client, "ragnarok")
    spanish = html.unescape(client.get(f"/t/{table_id}", headers={"Accept-Language": "es"}).text)
    english = html.unescape(client.get(f"/t/{table_id}").text)
    assert re.search(r'<option value="F"[^>]*>Físico \(F\)</option>', spanish)  # the system's choice_label
    assert re.search(r'<option value="F"[^>]*>Physical \(F\)</option>', english)
    shown = fields(registry.get("midgard").tracker("combat").action("declare").Params, None, words_for("es", "midgard"))
    action = next(f for f in shown if f.name == "action")
    assert action.choice_text["knock_back"] == "Empujón" and "knock_back" in action.choices  # the system's own word
    assert all(not program_values(text) for text in action.choice_text.values())


@pytest.mark.parametrize("system_id", [s.id for s in _builtin()])
def test_every_choice_of_every_select_has_spanish(system_id: str) -> None:
    """A choice reads in Spanish: by the system's choice_label, or a word its catalog holds (trait letters and
    numbers are the same in both languages)."""
    system = registry.get(system_id)
    en, es = words_for("en", system_id), words_for("es", system_id)
    missing = []
    for where, model, choice in [*_forms(system), ("options", system.Options, system.choice_label)]:
        english = {f.name: f.choice_text for f in fields(model, None, en, choice)}
        for f in fields(model, None, es, choice):
            for value, text in f.choice_text.items():
                same = text == english[f.name][value]
                labelled = choice is not None and choice(f.name, value, es) is not None  # the system's own words
                if value and same and not (len(value) <= 2 or value.isdigit() or es.knows(text) or labelled):
                    missing.append((where, f.name, value, text))
    assert not missing, missing


@pytest.mark.parametrize("system_id", [s.id for s in _builtin()])
def test_every_title_summary_and_manual_hint_is_words_with_spanish(system_id: str) -> None:
    """What the roll panel, the mechanic picker and the action select show besides the fields."""
    system = registry.get(system_id)
    es = words_for("es", system_id)
    shown = [t for m in system.mechanics().values() for t in (m.title, m.summary, m.manual_help)]
    for tracker in system.trackers().values():
        shown += [tracker.title, *(t for a in tracker.actions().values() for t in (a.title, a.summary))]
    problems = [t for t in shown if not t or program_values(t) or not es.knows(t)]
    assert not problems, problems


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("system_id", [s.id for s in _builtin()])
def test_the_table_options_form_says_no_spec_references(system_id: str, lang: str) -> None:
    """The options keep the specs' references (A-03, I-18) in code for people checking the rules; the GM's
    form leaves them out."""
    options = fields(registry.get(system_id).Options, None, words_for(lang, system_id))
    for f in options:
        assert not re.search(r"\b(?:TV|[AIQ])-\d+", f.description + f.label), (f.name, f.description)
