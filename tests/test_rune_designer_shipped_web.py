"""The runner starts his notes from a shipped adventure's encounter on the designer's screen: a choice "A shipped
encounter" lists each shipped adventure's encounters by their titles; choosing one fills the form with it (to be
read and changed before saving). Players get neither the screen nor the choice, and never the notes' contents."""

from __future__ import annotations

import re
from html import unescape

from fastapi.testclient import TestClient
from tests.test_spanish_pages import spanish

from runehall.systems.rune.encounters.shipped_notes import shipped_encounter, shipped_encounters
from test_rune_designer_web import HX, _browser, _screen, _table, values

FIRST = "the-stolen-rune:1"


def _choice(html: str) -> str:
    found = re.search(r'<select id="editor-shipped-pick" name="shipped"[^>]*>(.*?)</select>', html, re.S)
    assert found, html
    return found.group(1)


def test_the_runners_screen_offers_every_shipped_encounter_by_its_title(client: TestClient) -> None:
    people, tid = _table(client)
    page = _browser(client, people["ana"]).get(_screen(people["ana"], tid))
    assert page.status_code == 200, page.text
    assert re.search(r'<label for="editor-shipped-pick">A shipped encounter</label>', page.text)
    offered = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', _choice(page.text))
    everyone = shipped_encounters()
    assert len(everyone) >= 2
    assert [key for key, _ in offered] == [s.ref for s in everyone]
    for (_, label), s in zip(offered, everyone, strict=True):
        assert unescape(label) == f"{s.place}. {s.title}"
    assert f'<optgroup label="{everyone[0].adventure}">' in unescape(page.text)


def test_choosing_one_fills_the_form_with_its_title_and_events(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    drafted = values(ana.get(_screen(people["ana"], tid)).text)
    page = ana.get(_screen(people["ana"], tid), params={"shipped": FIRST})
    assert page.status_code == 200, page.text
    sent = values(page.text)
    notes = shipped_encounter(FIRST)
    assert sent["param-title"] == notes.title != drafted["param-title"]
    for number, event in enumerate(notes.events):
        assert sent[f"param-events.{number}.summary"] == (event.summary or "")
    assert f"param-events.{len(notes.events)}.summary" not in sent
    assert f'<option value="{FIRST}" selected>' in page.text  # the choice says what the form holds
    preview = ana.post(_screen(people["ana"], tid) + "/preview", data=sent)
    assert preview.status_code == 200, preview.text
    assert not [e for e in people["ana"].events() if e["kind"] == "tracker_action"]  # nothing given yet


def test_a_name_runehall_does_not_ship_is_one_clear_refusal(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    for wrong in ("the-stolen-rune:99", "no-such-saga:1", "the-stolen-rune"):
        page = ana.get(_screen(people["ana"], tid), params={"shipped": wrong}, headers=HX)
        assert 400 <= page.status_code < 500, (wrong, page.status_code)
        assert "Traceback" not in page.text
    said = ana.get(_screen(people["ana"], tid), params={"shipped": "the-stolen-rune:99"})
    assert "encounters 1 to 7, not 99" in unescape(said.text)


def test_a_player_gets_no_choice_and_no_notes(client: TestClient) -> None:
    people, tid = _table(client)
    bo = _browser(client, people["bo"])
    assert bo.get(_screen(people["bo"], tid), params={"shipped": FIRST}).status_code == 403
    board = bo.get(f"/t/{people['bo'].table}/trackers/{tid}/view")
    assert board.status_code == 200
    assert "A shipped encounter" not in board.text and "editor-shipped" not in board.text
    summary = shipped_encounter(FIRST).events[0].summary or ""
    assert summary and summary not in unescape(board.text)


def test_the_spanish_screen_names_the_choice_in_spanish(client: TestClient) -> None:
    people, tid = _table(client)
    page = spanish(_browser(client, people["ana"])).get(_screen(people["ana"], tid))
    assert ">Un encuentro publicado</label>" in page.text and "Cargarlo en el formulario" in page.text
    assert ">Darlo tal como está</button>" in unescape(page.text)
    assert "A shipped encounter" not in page.text


def test_give_it_as_it_is_makes_the_sealed_notes_event_by_name_with_its_role(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    page = ana.get(_screen(people["ana"], tid))
    button = re.search(
        r'<button type="submit" formmethod="post" formaction="([^"]+)">Give it as it is</button>', page.text
    )
    assert button and button.group(1) == f"/t/{people['ana'].table}/trackers/{tid}"
    wrong = ana.post(button.group(1), data={"action": "notes", "shipped": "the-stolen-rune:0"}, headers=HX)
    assert wrong.status_code == 422 and "encounters 1 to 7, not 0" in unescape(wrong.text)
    assert not [e for e in people["ana"].events() if e["kind"] == "tracker_action"]
    climax = shipped_encounters()[-1]
    given = ana.post(button.group(1), data={"action": "notes", "shipped": climax.ref}, headers=HX)
    assert given.status_code == 200, given.text
    made = [e for e in people["ana"].events() if e["kind"] == "tracker_action"]
    assert len(made) == 1 and made[0]["visibility"] == "sealed"
    encounter = made[0]["payload"]["params"]["encounter"]
    assert encounter["title"] == climax.title
    assert encounter["role"] == shipped_encounter(climax.ref).role is not None  # the adventure's role came too
    assert not [e for e in people["bo"].events() if e["kind"] == "tracker_action"]  # players never get the notes


def test_a_loaded_encounter_keeps_its_role_when_saved_from_the_form(client: TestClient) -> None:
    people, tid = _table(client)
    ana = _browser(client, people["ana"])
    climax = shipped_encounters()[3]  # the development, whose limit is not the default's
    role = shipped_encounter(climax.ref).role
    assert role is not None
    sent = values(ana.get(_screen(people["ana"], tid), params={"shipped": climax.ref}).text)
    assert sent["param-role"] == role  # kept out of sight, not typed
    saved = ana.post(f"/t/{people['ana'].table}/trackers/{tid}", data=sent, headers=HX)
    made = [e for e in people["ana"].events() if e["kind"] == "tracker_action"]
    assert saved.status_code == 200 and len(made) == 1, saved.text
    assert made[0]["payload"]["params"]["encounter"]["role"] == role
    assert values(ana.get(_screen(people["ana"], tid)).text)["param-role"] == role  # and again on an edit
