"""Traps, hazards, treasure and other gains on the notes designer's screen (notes_form_traps.py,
notes_form_gains.py): a row of the form becomes the element design.py reads and back again; notes files with
traps and gains load into the rows (what a row cannot hold whole is kept as written, never cut down); the
preview prices each row's lines by the rules' own functions and puts each refusal beside the field that
breaks the rule, roll ids said as a person reads them, in English and Spanish."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.test_rune_designer_web import _browser, _screen, _table, roll, values
from tests.test_spanish_pages import Pages, spanish

from runehall.present.check import program_values
from runehall.present.words import ENGLISH
from runehall.systems.base import validate_model
from runehall.systems.rune.encounters import notes_editor as ne
from runehall.systems.rune.encounters import notes_form as nf
from runehall.systems.rune.encounters.design import Element, Encounter
from runehall.systems.rune.encounters.gains import Treasure
from runehall.systems.rune.encounters.gains_pricing import price_gain
from runehall.systems.rune.encounters.traps import Damage, Targeting, Trap
from runehall.systems.rune.encounters.traps_pricing import damage_lines, targeting_lines
from runehall.systems.rune.encounters.validate import price_encounter
from runehall.systems.rune.options import RuneOptions
from test_lineup_web import text_of

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = [ROOT / "examples" / "rune" / n for n in ("flooded-crypt.toml", "jarls-hoard.toml")]
SHIPPED = sorted((ROOT / "src/runehall/systems/rune/data/adventures/the_stolen_rune").glob("[0-9]*.toml"))
E = "param-events.0"


def _load(path: Path) -> Encounter:
    return Encounter.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))


def _again(notes: Encounter) -> tuple[dict[str, Any], Encounter]:
    """The notes loaded into the form, and the notes the form gives back."""
    form = nf.from_encounter(notes)
    typed = validate_model(nf.NotesForm, form, "notes").model_dump()
    return form, Encounter.model_validate(nf.to_encounter(typed, ENGLISH, ne.english_names()).notes)


def _renamed(notes: Encounter) -> dict[str, str]:
    return {r.id: f"e{i + 1}-r{j + 1}" for i, e in enumerate(notes.events) for j, r in enumerate(e.rolls)}


def _as_written(element: Element, renamed: dict[str, str]) -> str:
    text = json.dumps(element.model_dump(exclude={"id"}, exclude_defaults=True), sort_keys=True)
    for old, new in renamed.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    return text


# -- the form and the notes --------------------------------------------------------------------------------
def test_every_trap_and_gain_of_the_examples_and_the_stolen_rune_comes_back_from_the_form() -> None:
    for path in EXAMPLES + SHIPPED:
        notes = _load(path)
        form, again = _again(notes)
        renamed = _renamed(notes)
        for before, after in zip(notes.events, again.events, strict=True):
            mine = sorted(_as_written(x, renamed) for x in before.elements)
            assert mine == sorted(_as_written(x, renamed) for x in after.elements), path.name
        rows = sum(len(e["traps"]) + len(e["gains"]) for e in form["events"])
        every = sum(len(e.elements) for e in notes.events)
        assert rows >= every - 3 * len(notes.events), path.name  # most are rows, not kept as written


def test_the_examples_load_into_rows_and_price_the_same() -> None:
    for path in EXAMPLES:
        notes = _load(path)
        form, again = _again(notes)
        first, second = price_encounter(notes, None, RuneOptions()), price_encounter(again, None, RuneOptions())
        assert (first.spent, first.earned) == (second.spent, second.earned), path.name
        assert [r.template for r in first.errors] == [r.template for r in second.errors]
    form, _ = _again(_load(EXAMPLES[0]))  # the flooded crypt: its icicle and its fall as rows
    icicle, slide = form["events"][0]["traps"]
    assert (icicle["kind"], icicle["damage"], icicle["dam"], icicle["victims"], icicle["roll"]) == (
        "hazard",
        "dam",
        12,
        1,
        1,
    )
    assert (slide["package"], slide["feet"], slide["roll"]) == ("falling", 18, 2)
    assert [g["category"] for g in form["events"][0]["gains"]] == ["C", "A"]
    kept = json.loads(form["events"][1]["kept"])  # the healing herbs' line typed by the designer
    assert [k["id"] for k in kept] == ["shrine_gain"] and kept[0]["lines"][0]["ep"] == -20


def _made(event: dict[str, Any]) -> nf.Made:
    values = {"title": "T", "heroes": 4, "events": [{"summary": "", **event}]}
    return nf.to_encounter(validate_model(nf.NotesForm, values, "notes").model_dump(), ENGLISH, ne.english_names())


def test_a_trap_row_is_the_element_the_rules_price() -> None:
    rolls = [{"name": "Dodge", "ability": "dodge", "difficulty": 8}, {"name": "Run", "ability": "run"}]
    trap = {"kind": "hazard", "roll": 1, "damage": "dam", "dam": 12, "victims": 1, "by_choice": "singular"}
    trap["deliberate"] = True
    made = _made({"rolls": rolls, "traps": [trap]})
    event = Encounter.model_validate(made.notes).events[0]
    element = event.elements[0]
    assert (element.id, element.kind, element.roll, element.name) == ("e1-x1", "hazard", "e1-r1", "Hazard 1")
    given = {"damage": {"dam": 12}, "targeting": {"most": 1}}
    if "deliberate" in Trap.model_fields:  # set on purpose to harm (traps.py's field, when the notes have it)
        given["deliberate"] = True
    assert element.trap == Trap.model_validate(given)
    assert event.rolls[0].conditional is not None and event.rolls[0].conditional.kind == "singular"
    assert event.rolls[1].conditional is None
    assert made.where["e1-x1"] == "events.0.traps.0"


def test_a_stick_and_a_carrot_name_a_roll_of_a_later_event() -> None:
    values = {
        "title": "T",
        "heroes": 4,
        "events": [
            {
                "rolls": [{"name": "Spot"}],
                "traps": [{"roll": 1, "damage": "none", "stick": 2, "stick_roll": 1, "stick_event": 2}],
                "gains": [{"kind": "carrot", "how": "roll", "roll": 1, "target": 1, "target_event": 2, "bonus": 3}],
            },
            {"rolls": [{"name": "Climb"}]},
        ],
    }
    made = nf.to_encounter(validate_model(nf.NotesForm, values, "notes").model_dump(), ENGLISH, ne.english_names())
    notes = Encounter.model_validate(made.notes)
    trap, carrot = notes.events[0].elements
    assert trap.trap is not None and trap.trap.sticks[0].roll == "e2-r1"
    assert carrot.gain is not None and carrot.gain.model_dump()["target"] == "e2-r1" and carrot.roll == "e1-r1"
    form = nf.from_encounter(notes)  # and back: the numbers as typed
    assert (form["events"][0]["traps"][0]["stick_roll"], form["events"][0]["traps"][0]["stick_event"]) == (1, 2)
    assert (form["events"][0]["gains"][0]["target"], form["events"][0]["gains"][0]["target_event"]) == (1, 2)
    assert form["events"][0]["kept"] == ""


# -- the screen ----------------------------------------------------------------------------------------------
def _trap(index: str, **given: str) -> dict[str, str]:
    base = {"kind": "trap", "name": "Falling stones", "roll": "1", "damage": "dam", "dam": "12", "package": "none"}
    return {f"{E}.traps.{index}.{k}": v for k, v in {**base, **given}.items()}


def _gain(index: str, **given: str) -> dict[str, str]:
    base = {"kind": "treasure", "name": "The jarl's chest", "how": "plain_sight", "category": "C"}
    return {f"{E}.gains.{index}.{k}": v for k, v in {**base, **given}.items()}


def test_the_preview_prices_a_trap_and_a_treasure_by_the_rules_and_refuses_beside_the_field(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    screen = _screen(people["ana"], tid)
    page = ana.get(screen).text
    assert f'data-rows="{E}.traps"' in page and f'data-rows="{E}.gains"' in page
    sent = {**values(page), **roll("0", difficulty="6")}
    shown = ana.post(screen + "/preview", data={**sent, **_trap("0", victims="1"), **_gain("0")})
    said = text_of(shown.text)
    for line in damage_lines("x", Damage(dam=12), RuneOptions()) + targeting_lines(
        "x", Trap(damage=Damage(dam=12), targeting=Targeting(most=1)), RuneOptions()
    ):
        assert f"{line.said(ENGLISH)}: {'+' if line.ep > 0 else ''}{line.ep} EP" in said
    treasure = price_gain("x", Treasure(kind="treasure", category="C"))
    assert f"{treasure[0].said(ENGLISH)}: {treasure[0].ep} EP" in said
    # a Dam the rules do not allow: beside the Dam field; a roll the event lacks: beside the roll, named
    bad = ana.post(screen + "/preview", data={**sent, **_trap("0", dam="60", roll="3"), **_gain("0", how="roll")})
    placed = dict(re.findall(r'<li data-for="([^"]+)">([^<]+)</li>', bad.text))
    assert "60" in placed[f"{E}.traps.0.dam"]
    assert "Roll 3" in placed[f"{E}.traps.0.roll"] and "e1-r" not in bad.text.split("editor-placed")[1]
    assert f"{E}.gains.0.roll" in placed  # won by a roll that is not a treasure roll
    assert not program_values(text_of(bad.text))


def test_given_notes_with_traps_and_gains_load_into_the_rows(client: TestClient) -> None:
    from test_service_control import done

    people, tid = _table(client)
    notes = _load(EXAMPLES[0]).model_dump(mode="json")
    done(people["ana"], tid, "notes", encounter=notes)
    page = _browser(client, people["ana"]).get(_screen(people["ana"], tid)).text
    sent = values(page)
    assert sent[f"{E}.traps.0.name"] == "Falling icicle" and sent[f"{E}.traps.0.dam"] == "12"
    assert sent[f"{E}.traps.1.package"] == "falling" and sent[f"{E}.traps.1.feet"] == "18"
    assert sent[f"{E}.gains.0.category"] == "C" and sent["param-events.1.gains.0.kind"] == "silver"
    assert "shrine_gain" in sent["param-events.1.kept"]


def _typed_in_spanish(value: Any) -> Any:
    """Notes whose every name and text the designer typed is Spanish (what he types is shown as he typed it)."""
    if isinstance(value, dict):
        typed = ("name", "label", "summary", "notes", "title")
        return {
            k: "Cosa" if k in typed and isinstance(v, str) and v else _typed_in_spanish(v) for k, v in value.items()
        }
    return [_typed_in_spanish(v) for v in value] if isinstance(value, list) else value


def test_the_spanish_screen_with_traps_and_gains_shows_no_english(client: TestClient) -> None:
    from test_service_control import done

    people, tid = _table(client)
    ana = spanish(_browser(client, people["ana"]))
    pages = Pages(system="rune")
    sent = values(ana.get(_screen(people["ana"], tid)).text)
    done(people["ana"], tid, "notes", encounter=_typed_in_spanish(_load(EXAMPLES[0]).model_dump(mode="json")))
    pages.read("editor-traps", ana.get(_screen(people["ana"], tid)))  # the flooded crypt's rows, in Spanish
    named = {"param-events.0.rolls.0.name": "Esquivar", f"{E}.traps.0.name": "Piedras", f"{E}.gains.0.name": "Cofre"}
    data = {**sent, **roll("0"), **_trap("0", dam="60", roll="3"), **_gain("0", how="roll"), **named}
    pages.read("preview-traps", ana.post(_screen(people["ana"], tid) + "/preview", data=data))
    fine = {**sent, **roll("0"), **_trap("0", package="drowning"), **_gain("0", kind="silver"), **named}
    pages.read("preview-traps-fine", ana.post(_screen(people["ana"], tid) + "/preview", data=fine))
    found = pages.problems()
    assert found == [], "\n".join(found)
