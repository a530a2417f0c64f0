"""The sheet editor (issue 12): every system's sheet is entered through structured controls — pickers,
steppers, rows with Add and Remove, fieldsets — never JSON; what the form sends reads back as the same sheet;
a stored sheet opens in the form with every value in its place; the live preview says what is left to fill in.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from tests.sheet_form import flat
from tests.test_browser import sheet_of
from tests.test_web import new_table

from runehall.present.check import program_values
from runehall.systems import registry
from runehall.web.forms import collect, walk
from runehall.web.table_pages import _character_fields

SYSTEMS = [s for s, system in sorted(registry.systems().items()) if registry.get(s).Character is not None]


def _sheet(system_id: str, values: dict[str, Any]) -> dict[str, Any]:
    system = registry.get(system_id)
    options = system.options({})
    return system.character(values, options).model_dump(mode="json")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_what_the_form_sends_is_the_same_sheet(system_id: str) -> None:
    sheet = sheet_of(system_id)
    sent = flat(system_id, sheet)
    assert not any(v.lstrip().startswith(("{", "[")) for v in sent.values()), sent  # no JSON anywhere
    character = registry.get(system_id).Character
    assert character is not None
    assert _sheet(system_id, collect(character, sent)) == _sheet(system_id, sheet)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_stored_sheet_opens_with_every_value_in_its_place(system_id: str) -> None:
    """The edit form of a saved sheet sends that sheet back unchanged when saved as it is."""
    stored = _sheet(system_id, sheet_of(system_id))
    controls = walk(_character_fields(registry.get(system_id), "en", stored))
    sent: dict[str, str] = {}
    for f in controls:
        if "__i" in f.name or f.kind in ("group", "table", "rows", "scores", "items"):
            continue  # containers; a template row is not sent
        if f.kind == "picks":
            sent.update({f"{f.name}.{c}": "on" for c in f.choices if c in f.picked})  # in the page's order
        elif f.kind == "checkbox":
            if f.shown in ("true", "on"):
                sent[f.name] = "on"
        elif f.shown:
            sent[f.name] = f.shown
    character = registry.get(system_id).Character
    assert character is not None
    again = _sheet(system_id, collect(character, sent))
    if system_id == "ragnarok":  # the Esencia is a bag: picked in the runes' order, the same runes
        again["essence"], stored["essence"] = sorted(again["essence"]), sorted(stored["essence"])
    assert again == stored


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_control_reads_as_words_in_both_languages(system_id: str) -> None:
    for lang in ("en", "es"):
        for f in walk(_character_fields(registry.get(system_id), lang)):
            for text in (f.label, f.description, *f.choice_text.values()):
                assert not program_values(text), (system_id, lang, f.name, text)


def test_the_create_form_has_pickers_steppers_and_rows_not_json(client: Any) -> None:
    for system_id in SYSTEMS:
        table_id = new_table(client, system_id)
        page = client.get(f"/t/{table_id}").text
        form = page[page.index('<form id="character-form"') : page.index("</form>", page.index('id="character-form"'))]
        assert "<textarea" not in form, system_id
        assert 'class="stepper"' in form and 'data-step="1"' in form, system_id
        assert "data-add-row" in form and "<template>" in form, system_id
        labels = re.findall(r"<(?:label|legend)[^>]*>([^<]+)<", form)
        assert labels and not [t for t in labels if "_" in t], (system_id, labels)
    midgard = client.get(f"/t/{new_table(client, 'midgard')}").text
    headings = re.findall(r'<h5 class="row-group">([^<]+)</h5>', midgard)
    assert headings == ["Freyja", "Thor", "Odin", "Heimdall", "Tyr"]  # the skills under their god runes
    ragnarok = new_table(client, "ragnarok")
    page = client.get(f"/t/{ragnarok}").text
    assert 'name="essence.tiwaz"' in page and "ᛏ Týr" in unescape(page)  # the Esencia picked from the runes


def test_ragnarok_skills_are_named_as_the_book_names_them_and_kept_by_id() -> None:
    sheet = {**sheet_of("ragnarok"), "skills": {"Abrir cerraduras": 2, "lock opening": 1, "Cantar": 1}}
    kept = _sheet("ragnarok", sheet)["skills"]
    assert kept == {"abrir_cerraduras": 1, "cantar": 1} or kept == {"abrir_cerraduras": 1, "Cantar": 1}
    shown = {f.name: f.shown for f in walk(_character_fields(registry.get("ragnarok"), "es", {"skills": kept}))}
    assert shown["skills.0.key"] == "Abrir cerraduras"  # the form shows the name, the sheet keeps the id


def test_an_optional_group_left_at_its_defaults_is_left_out() -> None:
    character = registry.get("ragnarok").Character
    assert character is not None
    sent = {**flat("ragnarok", sheet_of("ragnarok")), "divine.origin": "einherjar", "divine.bdp": ""}
    assert "divine" not in collect(character, sent)
    sent["divine.bdp"] = "2"
    assert collect(character, sent)["divine"] == {"bdp": "2", "origin": "einherjar"}


def test_rows_come_back_in_page_order_and_blank_rows_are_dropped() -> None:
    character = registry.get("rune").Character
    assert character is not None
    sent = {"name": "Ulf", "abilities.3.key": "dodge", "abilities.3.value": "1", "abilities.0.key": "bows",
            "abilities.0.value": "2", "abilities.7.key": "", "abilities.7.value": "", "weapons.2": "dagger",
            "weapons.0": "", "weapons.10": "spear"}  # fmt: skip
    got = collect(character, sent)
    assert list(got["abilities"].items()) == [("bows", "2"), ("dodge", "1")]
    assert got["weapons"] == ["dagger", "spear"]


def test_the_preview_names_what_is_left_to_fill_in_instead_of_errors(client: Any) -> None:
    table_id = new_table(client, "ragnarok")
    shown = client.post(f"/t/{table_id}/characters/preview", data={"name": "Atla", "preview_for": "character-form"})
    text = unescape(re.sub(r"<[^>]+>", " ", shown.text))
    assert "Still to fill in" in text and "Esencia" in text and "Destino" in text
    assert "Field required" not in text and "essence" not in text
    spanish = client.post(
        f"/t/{table_id}/characters/preview", data={"name": "Atla"}, headers={"Accept-Language": "es"}
    ).text
    assert "Falta rellenar" in unescape(spanish)
    bad_target = client.post(f"/t/{table_id}/characters/preview", data={"name": "A", "preview_for": "log"}).text
    assert 'id="budgets-log"' not in bad_target  # the preview fills only its own form's strip
