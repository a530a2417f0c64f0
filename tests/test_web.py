"""The web table over HTTP: pages, forms, fragments, secrets, languages and local assets."""

from __future__ import annotations

import html
import re
from importlib import resources
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from runehall.present.check import program_values

SKILL_FORM = {
    "mechanic": "ragnarok:test",
    "bag": "4F,2M,1E",
    "destiny": "3",
    "void_trait": "E",
    "required_trait": "F",
    "difficulty": "3",
    "transform": "optimal",
    "visibility": "public",
}
HERO_FORM = {"name": "Ulrik", "kind": "heroe", "essence": "Týr,Fé,Úr", "destiny": "2", "void": '{"trait": "E"}'}


def new_table(client: Any, system: str = "ragnarok") -> str:
    response = client.post(
        "/tables", data={"name": "Saga", "gm_name": "Norn", "system": system}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    return str(response.headers["location"].split("/")[-1])


def join(client: Any, table_id: str, name: str) -> Any:
    """A second browser (its own cookies) joining with the table's invite code."""
    from fastapi.testclient import TestClient

    code = re.search(r"<code id=\"invite-code\">([0-9a-f]{10})</code>", client.get(f"/t/{table_id}").text)
    assert code, "the GM sees the invite code"
    other = TestClient(client.app)
    response = other.post("/join", data={"invite_code": code.group(1), "name": name}, follow_redirects=False)
    assert response.status_code == 303
    return other


def test_home_in_both_languages(client: Any) -> None:
    english = client.get("/", headers={"Accept-Language": "en"}).text
    spanish = client.get("/", headers={"Accept-Language": "es-ES,es;q=0.9"}).text
    assert "Create a table" in english and 'lang="en"' in english
    assert "Crear una mesa" in spanish and 'lang="es"' in spanish
    client.post("/lang", data={"lang": "es"})
    assert "Crear una mesa" in client.get("/", headers={"Accept-Language": "en"}).text  # the person's choice wins


def test_every_interface_text_has_a_spanish_translation() -> None:
    src = Path(str(resources.files("runehall")))
    folders = [src / "web" / "templates", *(src / "systems").glob("*/templates")]
    found = {
        item[2] if isinstance(item[2], str) else item[2][0]
        for folder in folders
        for item in extract_from_dir(
            str(folder), [("**.html", "jinja2")], {"**.html": {"extensions": "jinja2.ext.i18n"}}
        )
    }
    po = resources.files("runehall.web") / "locale" / "es" / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    translated = {m.id: m.string for m in catalog if m.id}
    missing = sorted(m for m in found if not translated.get(m))
    assert len(found) > 50 and not missing, missing


def test_create_roll_and_see_it_in_the_log(client: Any) -> None:
    table_id = new_table(client)
    page = client.get(f"/t/{table_id}").text
    assert "Table log" in page and "ragnarok:test" in page
    odds = client.post(f"/t/{table_id}/odds", data=SKILL_FORM).text
    assert "<code>2/7</code>" in odds and "<code>5/7</code>" in odds  # spec TV-17, the table's defaults (full table)
    assert "2/7" in odds and "5/7" in odds and "At least" in odds  # exact fractions a hover away, ordered columns
    rolled = client.post(f"/t/{table_id}/roll", data={**SKILL_FORM, "manual": "F,F,E"}, headers={"HX-Request": "true"})
    assert rolled.status_code == 200 and 'class="rollcard' in rolled.text and "R 0" in rolled.text
    log = client.get(f"/t/{table_id}/log", params={"since": 0}).text
    assert "R 0" in log and "a mano" not in log and "by hand" in log
    bad = client.post(f"/t/{table_id}/roll", data={**SKILL_FORM, "manual": "F,F,F,F"}, headers={"HX-Request": "true"})
    assert bad.status_code == 422 and "manual results" in bad.text


def test_player_pages_never_contain_gm_secrets(client: Any) -> None:
    table_id = new_table(client)
    player = join(client, table_id, "Ana")
    client.post(f"/t/{table_id}/notes", data={"text": "NOTE-the-well-hides-an-ogre"})
    client.post(f"/t/{table_id}/roll", data={"mechanic": "dice:roll", "notation": "1d6+4242", "visibility": "gm"})
    client.post(f"/t/{table_id}/chat", data={"text": "hello all", "visibility": "public"})
    assert "NOTE-the-well" in client.get(f"/t/{table_id}").text  # the GM sees both
    for path in (f"/t/{table_id}", f"/t/{table_id}/log?since=0"):
        html = player.get(path).text
        assert "hello all" in html
        assert "NOTE-the-well" not in html and "4242" not in html
    assert player.post(f"/t/{table_id}/notes", data={"text": "x"}, headers={"HX-Request": "true"}).status_code == 422


def test_character_errors_appear_next_to_their_field(client: Any) -> None:
    table_id = new_table(client)
    for field, bad in (("essence", "Týr,Týr"), ("destiny", "-1"), ("void", '{"trait": "X"}')):
        response = client.post(f"/t/{table_id}/characters", data={**HERO_FORM, field: bad})
        assert response.status_code == 422, field
        html = response.text
        assert re.search(rf'id="c-{field}"[^>]*aria-invalid="true"', html), field
        assert f'id="c-{field}-error"' in html
        if field == "essence":
            assert "twice: Týr" in html  # the message names the rune the way the player wrote it
    made = client.post(f"/t/{table_id}/characters", data=HERO_FORM, follow_redirects=False)
    assert made.status_code == 303
    page = client.get(f"/t/{table_id}").text
    assert "Ulrik" in page and "printable sheet" in page
    character_id = re.search(r"/characters/([\w-]+)/print", page)
    assert character_id
    printable = client.get(f"/t/{table_id}/characters/{character_id.group(1)}/print").text
    assert "Esencia" in printable and "Destino" in printable and "sheet-section" in printable  # the sheet, drawn
    exported = client.get(f"/t/{table_id}/characters/{character_id.group(1)}.json").json()
    assert exported["name"] == "Ulrik"


def test_gm_undo_strikes_the_entry(client: Any) -> None:
    table_id = new_table(client)
    client.post(f"/t/{table_id}/roll", data={"mechanic": "dice:roll", "notation": "2d6"})
    seq = max(int(s) for s in re.findall(r'data-seq="(\d+)"', client.get(f"/t/{table_id}/log?since=0").text))
    assert client.post(f"/t/{table_id}/undo/{seq}", headers={"HX-Request": "true"}).status_code == 200
    entry = client.get(f"/t/{table_id}/log", params={"only": seq}).text
    assert "undone" in entry and "<del>" in entry


def test_no_page_loads_anything_from_elsewhere(client: Any) -> None:
    table_id = new_table(client)
    for path in ("/", f"/t/{table_id}"):
        html = client.get(path).text
        outside = re.findall(r'(?:src|href)="(https?:)?//', html)
        assert not outside, outside
    assert client.get("/static/vendor/htmx.min.js").status_code == 200
    assert client.get("/static/live.js").status_code == 200


def test_forms_from_another_site_are_refused(client: Any) -> None:
    table_id = new_table(client)
    response = client.post(
        f"/t/{table_id}/chat", data={"text": "hi"}, headers={"Origin": "http://evil.example", "HX-Request": "true"}
    )
    assert response.status_code == 422


def test_a_stranger_is_sent_home(client: Any) -> None:
    from fastapi.testclient import TestClient

    table_id = new_table(client)
    stranger = TestClient(client.app)
    response = stranger.get(f"/t/{table_id}")
    assert response.status_code == 403 and "Join a table" in response.text and 'href="/"' in response.text


def test_templates_are_in_the_package() -> None:
    root = Path(str(resources.files("runehall.web")))
    assert (root / "templates" / "table.html").is_file()


def test_derived_values_update_as_one_types_and_sheets_can_be_edited(client: Any) -> None:
    table_id = new_table(client)
    preview = client.post(f"/t/{table_id}/characters/preview", data=HERO_FORM).text
    count = re.compile(r"Número de runas.*?sheet-value\">(\d+)<", re.S)
    found = count.search(preview)
    assert found and found.group(1) == "3", preview  # three runes typed so far, on the sheet as it will read
    said = html.unescape(re.sub(r"<[^>]+>", " ", preview))
    assert not program_values(said), program_values(said)  # never derived() keys such as rune_count
    more = client.post(f"/t/{table_id}/characters/preview", data={**HERO_FORM, "essence": "Týr,Fé,Úr,Áss"}).text
    again = count.search(more)
    assert again and again.group(1) == "4"
    wrong = client.post(f"/t/{table_id}/characters/preview", data={**HERO_FORM, "essence": "Týr,Týr"}).text
    assert "twice" in wrong and 'class="error"' in wrong
    client.post(f"/t/{table_id}/characters", data=HERO_FORM)
    character_id = re.search(r"/characters/([\w-]+)/edit", client.get(f"/t/{table_id}").text)
    assert character_id
    cid = character_id.group(1)
    form = client.get(f"/t/{table_id}/characters/{cid}/edit").text
    assert 'value="2"' in form  # the sheet's current Destino is filled in
    refused = client.post(
        f"/t/{table_id}/characters/{cid}", data={**HERO_FORM, "destiny": "-3"}, headers={"HX-Request": "true"}
    )
    assert refused.status_code == 422 and f'id="e-{cid}-destiny-error"' in refused.text
    saved = client.post(
        f"/t/{table_id}/characters/{cid}", data={**HERO_FORM, "destiny": "4"}, headers={"HX-Request": "true"}
    )
    assert saved.status_code == 200
    sheet = client.get(f"/t/{table_id}/characters/{cid}.json").json()
    assert sheet["destiny"] == 4
    other = join(client, table_id, "Bo")
    stolen = other.post(f"/t/{table_id}/characters/{cid}", data=HERO_FORM, headers={"HX-Request": "true"})
    assert stolen.status_code == 422 and "only the owner" in stolen.text


def test_a_system_widget_shows_ragnaroks_game_tree(client: Any) -> None:
    table_id = new_table(client)
    client.post(f"/t/{table_id}/characters", data={**HERO_FORM, "name": "Sigrid"})
    cid = re.search(r"/characters/([\w-]+)/edit", client.get(f"/t/{table_id}").text)
    assert cid
    started = client.post(
        f"/t/{table_id}/trackers", data={"tracker": "tree", "character_id": cid.group(1), "setup": "{}"}
    )
    assert started.status_code in (200, 303)
    page = client.get(f"/t/{table_id}").text
    assert 'class="board"' in page and "Esencia" in page and "Sigrid" in page
    tracker_id = re.search(r'id="tr-([\w-]+)"', page)
    assert tracker_id
    drawn = client.post(
        f"/t/{table_id}/trackers/{tracker_id.group(1)}",
        data={"action": "wyrd", "params": "{}", "manual": "Týr,Fé"},
        headers={"HX-Request": "true"},
    )
    assert drawn.status_code == 200, drawn.text
    hand = re.search(r"<h4>Mano .*?</section>", client.get(f"/t/{table_id}").text, re.S)  # the board's section
    assert hand and "Týr" in hand.group(0) and "Fé" in hand.group(0)
    bad = client.post(
        f"/t/{table_id}/trackers/{tracker_id.group(1)}",
        data={"action": "damage", "params": '{"points": 1, "trait": "F", "allocate": ["vacio"]}'},
        headers={"HX-Request": "true"},
    )
    assert bad.status_code == 422 and "Void" in bad.text


def test_the_game_master_sees_their_link_and_players_do_not(client: Any) -> None:
    table_id = new_table(client)
    page = client.get(f"/t/{table_id}").text
    link = re.search(r'id="gm-link" readonly value="([^"]+)"', page)
    assert link and f"/t/{table_id}/enter?token=" in link.group(1)
    from fastapi.testclient import TestClient

    other_browser = TestClient(client.app)
    assert other_browser.get(link.group(1).replace("http://testserver", "")).status_code == 200  # it opens the table
    player = join(client, table_id, "Ana")
    assert 'id="gm-link"' not in player.get(f"/t/{table_id}").text


def test_a_fresh_roll_form_names_what_to_fill_in_and_shows_no_error(client: Any) -> None:
    table_id = new_table(client)
    # What a fresh panel sends: the mechanic, and the selects' first choices (the Void rune's trait...).
    fresh = client.post(f"/t/{table_id}/odds", data={"mechanic": "ragnarok:test", "required_trait": "F"}).text
    assert "To see the odds, fill in:" in fresh and 'class="error"' not in fresh and "Field required" not in fresh
    half = client.post(f"/t/{table_id}/odds", data={**SKILL_FORM, "destiny": ""}).text
    assert "fill in:" in half and 'class="error"' not in half  # a field still blank is named, not an error
    wrong = client.post(f"/t/{table_id}/odds", data={**SKILL_FORM, "destiny": "many"}).text
    assert 'class="error"' in wrong  # what was typed and is wrong is said at once
    spanish = client.post(
        f"/t/{table_id}/odds", data={"mechanic": "ragnarok:test"}, headers={"Accept-Language": "es"}
    ).text
    assert "Para ver las probabilidades, rellena:" in spanish
