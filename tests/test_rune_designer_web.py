"""The runner designs his encounter on a screen of its own (web/action_editor.py, Rune's notes_editor.py): the
board's "Give the encounter's notes" opens it; lists to pick foes, Abilities and terrain from; a first draft
the rules accept; a preview that prices each line and puts each refusal beside the row it is about; a save
that makes the sealed notes event. Players get no screen; the game master (a pillager in the runner's
encounter) gets one that never holds the runner's notes. Nothing English on the Spanish screen."""

from __future__ import annotations

import re
from html import unescape

from fastapi.testclient import TestClient
from tests.test_spanish_pages import Pages, spanish

from rune_encounter_fixtures import notes, setup
from runehall.present.check import program_values
from service_fixtures import Seat, open_table
from test_lineup_web import text_of
from test_service_control import done

HX = {"HX-Request": "true"}
SECRET = "Force the iron door"


def _browser(client: TestClient, seat: Seat) -> TestClient:
    """A browser holding this participant's cookie."""
    other = TestClient(client.app)
    other.cookies.set(f"rh_{seat.table}", seat.token)
    return other


def _table(client: TestClient) -> tuple[dict[str, Seat], str]:
    """Ana runs the encounter for four heroes; Bo is her proxy; Norn hosts."""
    table = open_table(client, "rune")
    ana, bo, cy = table.join("Ana"), table.join("Bo"), table.join("Cy")
    controllers = {"Thurid": bo.id, "Bjorn": bo.id, "Sigrid": cy.id}
    started = ana.post("/trackers", {"tracker": "encounter", "setup": setup(), "controllers": controllers})
    assert started.status_code == 201, started.text
    return {"gm": table.gm, "ana": ana, "bo": bo, "cy": cy}, started.json()["payload"]["tracker_id"]


def _screen(seat: Seat, tid: str) -> str:
    return f"/t/{seat.table}/trackers/{tid}/edit/notes"


def _unrolled(html: str) -> str:
    """The page without its <template> rows (what Add copies), innermost first."""
    while "<template>" in html:
        html = re.sub(r"<template>(?:(?!<template>).)*?</template>", "", html, flags=re.S)
    return html


def values(html: str) -> dict[str, str]:
    """What the editor's form would send as it stands: inputs, ticked boxes, each select's chosen option."""
    html = _unrolled(html)
    sent: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if not name or ('type="checkbox"' in tag and " checked" not in tag):
            continue
        sent[name.group(1)] = unescape(value.group(1)) if value else ("on" if 'type="checkbox"' in tag else "")
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="([^"]*)"\s*selected', body) or re.search(r'<option value="([^"]*)"', body)
        sent[name] = unescape(chosen.group(1)) if chosen else ""
    return sent


def roll(index: str, **given: str) -> dict[str, str]:
    base = {"name": "Leap the chasm", "ability": "jump", "difficulty": "6", "purpose": "trap"}
    return {f"param-events.0.rolls.{index}.{k}": v for k, v in {**base, **given}.items()}


def test_the_board_links_the_runner_to_the_screen_with_lists_and_a_first_draft(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    board = ana.get(f"/t/{people['ana'].table}/trackers/{tid}/view")
    assert f'href="{_screen(people["ana"], tid)}"' in board.text
    page = ana.get(_screen(people["ana"], tid))
    assert page.status_code == 200, page.text
    assert re.search(
        r"<optgroup label=\"Goblin\">(?:(?!</optgroup>).)*>Rock Goblin \(benchmark 3, at most Inferior\)<",
        page.text,
        re.S,
    )  # by family
    assert ">Jump<" in page.text and ">Strength<" in page.text  # Abilities, Characteristics
    assert ">Cover<" in page.text and ">Line of Doom roll<" in page.text  # terrain kinds, roll structures
    sent = values(page.text)
    # the first draft: one event, one fight of Equal Dark Vikings whose Mix (1.3 each) rounds to four heroes
    assert sent["param-events.0.combat.foes.0.type"] == "dark_viking"
    assert sent["param-events.0.combat.foes.0.threat"] == "equal"
    assert round(int(sent["param-events.0.combat.foes.0.count"]) * 13 / 10) == 4
    assert "The rules accept it as it stands." in page.text
    shown = text_of(_unrolled(page.text))
    assert "JSON" not in shown and program_values(shown) == []


def test_a_player_gets_no_screen(client: TestClient) -> None:
    people, tid = _table(client)
    assert _browser(client, people["bo"]).get(_screen(people["bo"], tid)).status_code == 403
    preview = _browser(client, people["cy"]).post(_screen(people["cy"], tid) + "/preview", data={})
    assert preview.status_code == 403


def test_the_runner_edits_his_notes_again_and_the_host_never_sees_them(client: TestClient) -> None:
    people, tid = _table(client)
    done(people["ana"], tid, "notes", encounter=notes())
    mine = _browser(client, people["ana"]).get(_screen(people["ana"], tid))
    assert SECRET in mine.text and values(mine.text)["param-events.0.rolls.0.ability"] == "brawling"
    host = _browser(client, people["gm"]).get(_screen(people["gm"], tid))
    assert host.status_code == 200  # the game master may give notes, as every action
    assert SECRET not in host.text and "iron door" not in host.text and "brawling" not in values(host.text).values()


def test_an_over_budget_roll_is_refused_beside_its_row_and_the_budget_strip_says_so(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    sent = values(ana.get(_screen(people["ana"], tid)).text)
    # The first row was removed on the page: the one left keeps its number 3.
    fine = ana.post(_screen(people["ana"], tid) + "/preview", data={**sent, **roll("3", difficulty="8")})
    assert fine.status_code == 200, fine.text
    strip = text_of(re.search(r'<div class="budget-strip.*?</div>', fine.text, re.S).group(0))  # type: ignore[union-attr]
    assert "Spent 20 / " in strip and "Earned 0" in strip  # Difficulty 8: +20 (001c's roll price table)
    assert "Difficulty 8: +20 EP" in text_of(fine.text)
    over = ana.post(_screen(people["ana"], tid) + "/preview", data={**sent, **roll("3", difficulty="15")})
    beside = re.search(r'<li data-for="param-events\.0\.rolls\.3">([^<]+)</li>', over.text)
    assert beside, over.text
    assert "15" in beside.group(1)  # the rules allow Difficulties 4 to 14
    dear = ana.post(_screen(people["ana"], tid) + "/preview", data={**sent, **roll("3", difficulty="12")})
    strip = re.search(r'<div class="budget-strip.*?</div>', dear.text, re.S).group(0)  # type: ignore[union-attr]
    assert 'class="budget over"' in strip and "Spent</span> <strong>60 / " in strip  # earns nothing of it back
    problems = re.search(r'<ul class="problems editor-problems">(.*?)</ul>', dear.text, re.S)
    assert problems and "earns only 0" in problems.group(1)  # said beside the strip, not beside a row


def test_a_save_makes_the_sealed_notes_event(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    sent = values(ana.get(_screen(people["ana"], tid)).text)
    refused = ana.post(
        f"/t/{people['ana'].table}/trackers/{tid}", data={**sent, **roll("0", difficulty="8")}, headers=HX
    )
    assert refused.status_code == 422 and "earn" in refused.text  # +20 spent, nothing earned
    assert not [e for e in people["ana"].events() if e["kind"] == "tracker_action"]
    saved = ana.post(f"/t/{people['ana'].table}/trackers/{tid}", data={**sent, **roll("0", difficulty="5")}, headers=HX)
    assert saved.status_code == 200, saved.text
    made = [e for e in people["ana"].events() if e["kind"] == "tracker_action"]
    assert len(made) == 1 and made[0]["visibility"] == "sealed"
    encounter = made[0]["payload"]["params"]["encounter"]
    assert encounter["events"][0]["rolls"][0]["name"] == "Leap the chasm"
    assert len(encounter["events"][0]["combat"]["foes"]) == int(sent["param-events.0.combat.foes.0.count"])
    assert not [e for e in people["gm"].events() if e["kind"] == "tracker_action"]


def test_the_spanish_screen_shows_no_english(client: TestClient) -> None:
    people, tid = _table(client)
    ana = spanish(_browser(client, people["ana"]))
    pages = Pages(system="rune")
    page = pages.read("editor", ana.get(_screen(people["ana"], tid)))
    sent = values(page)
    named = {"param-events.0.rolls.0.name": "Saltar la sima"}  # typed in Spanish
    data = {**sent, **roll("0", difficulty="15"), **named, "param-events.0.combat.terrain.0.kind": "cover"}
    pages.read("preview", ana.post(_screen(people["ana"], tid) + "/preview", data=data))
    fine = {**sent, **roll("0"), **named, "param-events.0.combat.terrain.0.kind": "barrier"}
    pages.read("preview-fine", ana.post(_screen(people["ana"], tid) + "/preview", data=fine))
    dear = {**sent, **roll("0", difficulty="12"), **named}
    pages.read("preview-dear", ana.post(_screen(people["ana"], tid) + "/preview", data=dear))
    found = pages.problems()
    assert found == [], "\n".join(found)
