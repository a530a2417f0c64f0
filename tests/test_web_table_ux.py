"""The web table as a new group meets it (issue 12): joining by link, names, refusals beside their field
and in the page's language, revoking asked twice, the phone's panels, the log at its newest entry."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient
from tests.test_web import join, new_table

SPANISH = {"Accept-Language": "es"}


def invite_code(client: Any, table_id: str) -> str:
    found = re.search(r'<code id="invite-code">([0-9a-f]{10})</code>', client.get(f"/t/{table_id}").text)
    assert found
    return found.group(1)


def new_browser(client: Any) -> TestClient:
    return TestClient(client.app)


def test_the_invite_link_joins_in_one_click(client: Any) -> None:
    table_id = new_table(client)
    page = client.get(f"/t/{table_id}").text
    link = re.search(r'id="invite-link" readonly value="([^"]+)"', page)
    code = invite_code(client, table_id)
    assert link and link.group(1) == f"http://testserver/join?code={code}"
    player = new_browser(client)
    form = player.get(link.group(1).replace("http://testserver", "")).text
    assert f'name="invite_code" value="{code}"' in form and 'id="j-name"' in form
    assert 'id="j-code"' not in form  # the code is filled in: only a name is asked
    joined = player.post("/join", data={"invite_code": code, "name": "Ana", "by_link": "1"}, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/t/{table_id}"
    assert "Ana" in player.get(f"/t/{table_id}").text


def test_invite_codes_are_case_insensitive_and_trimmed(client: Any) -> None:
    table_id = new_table(client)
    code = invite_code(client, table_id)
    player = new_browser(client)
    joined = player.post("/join", data={"invite_code": f"  {code.upper()} ", "name": "Ana"}, follow_redirects=False)
    assert joined.status_code == 303
    api = client.post("/api/join", json={"invite_code": code.upper(), "name": "Bo"})  # the API is the same service
    assert api.status_code == 201, api.text


def test_names_are_unique_per_table_whatever_their_case(client: Any) -> None:
    table_id = new_table(client)
    join(client, table_id, "Astrid")
    code = invite_code(client, table_id)
    again = new_browser(client)
    refused = again.post("/join", data={"invite_code": code, "name": " astrid "}, follow_redirects=False)
    assert refused.status_code == 409
    text = refused.text
    assert 'id="j-name-error"' in text and "already has that name" in text  # beside the name field
    assert f'value="{code}"' in text and 'value="astrid"' in text  # what was typed stays in the join form
    assert 'id="t-name" name="name" required maxlength="120" value=""' in text  # and not in Create table's
    also_gm = new_browser(client).post("/api/join", json={"invite_code": code, "name": "NORN"})
    assert also_gm.status_code == 409 and "already has that name" in also_gm.json()["detail"]
    other_table = new_table(client)
    assert join(client, other_table, "Astrid")  # another table: the name is free there


def test_a_failed_join_keeps_what_was_typed_and_says_why_beside_the_field(client: Any) -> None:
    new_table(client)
    stranger = new_browser(client)
    refused = stranger.post("/join", data={"invite_code": "ffffffffff", "name": "Ana"}, follow_redirects=False)
    assert refused.status_code == 422
    assert 'id="j-code-error"' in refused.text and "no table has that invite code" in refused.text
    assert 'id="j-code" name="invite_code"' in refused.text and 'value="ffffffffff"' in refused.text
    assert 'id="j-name" name="name" required maxlength="60" value="Ana"' in refused.text
    fresh = stranger.get("/").text
    assert 'class="error"' not in fresh  # nothing shows as wrong before anything was typed


def test_a_wrong_password_says_so(client: Any) -> None:
    made = client.post(
        "/tables",
        data={"name": "Saga", "gm_name": "Norn", "system": "ragnarok", "password": "sesame"},
        follow_redirects=False,
    )
    table_id = made.headers["location"].split("/")[-1]
    code = invite_code(client, table_id)
    player = new_browser(client)
    wrong = player.post("/join", data={"invite_code": code, "name": "Ana", "password": "open"})
    assert wrong.status_code == 422 and "wrong password" in wrong.text and "needs its password" not in wrong.text
    assert 'id="j-pass-error"' in wrong.text and 'aria-describedby="j-pass-error"' in wrong.text
    missing = player.post("/join", data={"invite_code": code, "name": "Ana"})
    assert "needs its password" in missing.text
    spanish = player.post("/join", data={"invite_code": code, "name": "Ana", "password": "x"}, headers=SPANISH)
    assert "contraseña incorrecta" in spanish.text and "wrong password" not in spanish.text


def test_a_table_not_joined_offers_the_join_form(client: Any) -> None:
    table_id = new_table(client)
    stranger = new_browser(client)
    page = stranger.get(f"/t/{table_id}")
    assert page.status_code == 403
    assert "You have not joined this table" in page.text and 'action="/join"' in page.text
    assert "unknown or revoked access token" not in page.text
    spanish = stranger.get(f"/t/{table_id}", headers=SPANISH).text
    assert "No te has unido a esta mesa" in spanish


def test_revoking_asks_first_and_names_whose_access(client: Any) -> None:
    table_id = new_table(client)
    player = join(client, table_id, "Bo")
    page = client.get(f"/t/{table_id}").text
    asked = re.search(r'href="(/t/[\w-]+/revoke/[\w-]+)">Revoke the access of Bo…</a>', page)
    assert asked, "the people panel links to a confirmation, naming the person"
    assert f'action="/t/{table_id}/revoke/' not in page  # no one-click revoke button on the table page
    confirm = client.get(asked.group(1)).text
    assert "Revoke the access of Bo?" in confirm and "Yes, revoke the access of Bo" in confirm
    assert player.get(f"/t/{table_id}").status_code == 200  # looking at the question revoked nothing
    assert player.get(asked.group(1)).status_code == 403  # a player is not asked
    done = client.post(asked.group(1), follow_redirects=False)
    assert done.status_code == 303
    assert player.get(f"/t/{table_id}").status_code == 403
    assert join(client, table_id, "Bo")  # a revoked name is free again (its old access stays revoked)


def test_your_tables_say_the_role_in_words(client: Any) -> None:
    table_id = new_table(client)
    player = join(client, table_id, "Bo")
    assert "(game master)" in client.get("/").text and "(gm)" not in client.get("/").text
    assert "(jugador)" in player.get("/", headers=SPANISH).text
    assert "(director de juego)" in client.get("/", headers=SPANISH).text


def test_refusals_are_said_in_the_pages_language(client: Any) -> None:
    table_id = new_table(client)
    hx = {"HX-Request": "true", **SPANISH}
    long = client.post(f"/t/{table_id}/chat", data={"text": "x" * 4001}, headers=hx)
    assert long.status_code == 422 and "Mensaje: como máximo 4000 caracteres" in long.text, long.text
    seen = client.post(f"/t/{table_id}/chat", data={"text": "hola", "visibility": "everyone"}, headers=hx)
    assert seen.status_code == 422 and "debe ser uno de estos" in seen.text and " o &#39;" in seen.text
    player = join(client, table_id, "Bo")
    note = player.post(f"/t/{table_id}/notes", data={"text": "secreto"}, headers=hx)
    assert note.status_code == 422 and "solo el director de juego guarda notas" in note.text
    english = client.post(f"/t/{table_id}/chat", data={"text": "x" * 4001}, headers={"HX-Request": "true"})
    assert "Message: at most 4000 characters" in english.text


def test_the_table_has_a_panel_bar_for_phones(client: Any) -> None:
    table_id = new_table(client)
    page = client.get(f"/t/{table_id}").text
    bar = re.search(r'<div class="tabs" role="tablist".*?</div>', page, re.S)
    assert bar
    tabs = re.findall(r'role="tab" id="[\w-]+" aria-controls="([\w-]+)" aria-selected="(true|false)"', bar.group(0))
    assert [t[0] for t in tabs] == ["panel-log", "panel-roll", "characters", "trackers", "panel-people"]
    assert [t[1] for t in tabs].count("true") == 1
    for panel, _ in tabs:
        assert f'id="{panel}"' in page
    assert 'style="' not in page and "<script>" not in page  # the behaviour lives in static/app.js (CSP)
    script = client.get("/static/app.js").text
    assert "aria-selected" in script and "ArrowRight" in script and "log.scrollTop = log.scrollHeight" in script


def test_an_imported_tables_code_joins_whatever_its_case(client: Any) -> None:
    from tests.test_fair_import import played

    _, _, doc = played(client)
    doc["table"]["invite_code"] = " Norse-HALL "
    assert client.post("/api/import", json=doc).status_code == 201
    for typed, name in (("NORSE-hall", "Sif"), ("norse-hall", "Tor")):
        joined = new_browser(client).post("/join", data={"invite_code": typed, "name": name}, follow_redirects=False)
        assert joined.status_code == 303, joined.text


def test_a_revoked_players_fragments_say_so_in_words_not_json(client: Any) -> None:
    table_id = new_table(client)
    player = join(client, table_id, "Bo")
    href = re.search(r'href="(/t/[\w-]+/revoke/[\w-]+)"', client.get(f"/t/{table_id}").text)
    assert href and client.post(href.group(1), follow_redirects=False).status_code == 303
    for path in ("/people", "/log", "/panel?mechanic=dice:roll", "/trackers"):  # htmx polls and swaps these
        polled = player.get(f"/t/{table_id}{path}", headers={"HX-Request": "true", **SPANISH})
        assert polled.status_code == 401 and polled.headers["content-type"].startswith("text/html"), path
        assert '{"detail"' not in polled.text and "te retiraron el acceso" in polled.text, polled.text
    english = player.get(f"/t/{table_id}/people", headers={"HX-Request": "true"}).text
    assert "you have not joined this table in this browser, or your access was revoked" in english
    assert "token" not in english
    opened = player.get(f"/t/{table_id}/people")
    assert opened.status_code == 401 and f'href="/t/{table_id}"' in opened.text and '{"detail"' not in opened.text
    api = player.get(f"/api/tables/{table_id}/events")
    assert api.status_code == 401 and api.json()["detail"] == "unknown or revoked access token"  # the API: JSON


def test_a_rolls_refusal_names_the_field_by_its_label_in_the_pages_language(client: Any) -> None:
    table_id = new_table(client, "rune")
    typed = {"mechanic": "rune:roll", "bonus": "abc", "difficulty": "9"}
    odds = client.post(f"/t/{table_id}/odds", data=typed, headers=SPANISH).text
    rolled = client.post(f"/t/{table_id}/roll", data=typed, headers={"HX-Request": "true", **SPANISH})
    for text in (odds, rolled.text):
        assert "debe ser un número entero" in text and "Input should be" not in text, text
        assert "&#39;bonus&#39;" not in text  # the field is named by its label, not its program name
    capped = client.post(f"/t/{table_id}/odds", data={**typed, "bonus": "4", "difficulty": "900"}, headers=SPANISH)
    assert "como máximo 60" in capped.text and "over its cap" not in capped.text
    english = client.post(f"/t/{table_id}/odds", data=typed).text
    assert "must be a whole number" in english and "&#39;bonus&#39;" not in english


def test_a_long_log_opens_at_its_newest_page_and_shows_earlier_entries_on_request(client: Any) -> None:
    from runehall.web.table_pages import LOG_PAGE

    table_id = new_table(client)
    for i in range(LOG_PAGE + 5):
        client.post(f"/t/{table_id}/chat", data={"text": f"line {i}"}, headers={"HX-Request": "true"})
    page = client.get(f"/t/{table_id}").text
    assert f"line {LOG_PAGE + 4}" in page and "line 0<" not in page and ">line 4<" not in page
    found = re.search(r'hx-get="(/t/[^"]+/log\?before=(\d+))"', page)
    assert found, "an earlier-entries button"
    earlier = client.get(html.unescape(found.group(1))).text
    assert "line 0" in earlier and f"line {LOG_PAGE + 4}" not in earlier
    assert "before=" not in earlier  # nothing earlier than the first page
