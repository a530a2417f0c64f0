"""The web table under attack (issue 11, items 9-11): reflected and stored script, the headers every
answer carries, the live socket's Origin, the forms held to the API's validation, and input that used to
end in a 500 (lone surrogates, numbers past 64 bits, JSON nested thousands deep)."""

from __future__ import annotations

import html
import re
import warnings
from importlib import resources
from typing import Any

import pytest
from sqlalchemy import text

from runehall.service.guard import HEADERS
from runehall.storage.db import Database
from runehall.web.render import environment
from service_fixtures import open_table
from test_web import HERO_FORM, join, new_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

XSS = "<img src=x onerror=alert(1)>"
HX = {"HX-Request": "true"}
DEEP = "[" * 5000 + "]" * 5000
TABLES = ("tables", "participants", "events")


def written(database: Database) -> tuple[int, int, int]:
    """Tables, participants and events in the database: a refusal leaves all three as they were."""
    with database.engine.connect() as c:
        tables, people, events = (int(c.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()) for t in TABLES)
    return tables, people, events


def no_traceback(response: Any) -> None:
    assert response.status_code < 500, response.text[:300]
    assert "Traceback" not in response.text and 'File "' not in response.text


# -- item 9: script in what is shown, and the headers -----------------------------------------------------


def test_a_system_name_in_the_options_query_comes_back_escaped(client: Any) -> None:
    response = client.get("/options", params={"system": XSS})
    assert response.status_code == 422
    assert "<img" not in response.text and "&lt;img src=x onerror=alert(1)&gt;" in response.text


def test_stored_text_is_escaped_everywhere_it_is_shown(client: Any) -> None:
    made = client.post("/tables", data={"name": XSS, "gm_name": XSS, "system": "ragnarok"}, follow_redirects=False)
    assert made.status_code == 303
    table_id = made.headers["location"].split("/")[-1]
    player = join(client, table_id, XSS + "!")  # names are unique at a table: another one, as hostile
    assert client.post(f"/t/{table_id}/chat", data={"text": XSS}, headers=HX).status_code == 200
    assert client.post(f"/t/{table_id}/notes", data={"text": XSS}, headers=HX).status_code == 200
    for who, path in (
        (client, f"/t/{table_id}"),
        (player, f"/t/{table_id}"),
        (client, f"/t/{table_id}/log"),
        (client, f"/t/{table_id}/people"),
        (client, "/"),
    ):
        html = who.get(path).text
        assert "<img src=x" not in html, path
    assert "&lt;img src=x onerror=alert(1)&gt;" in client.get(f"/t/{table_id}").text


def test_every_template_escapes_and_runs_no_inline_script_or_style() -> None:
    env = environment("en")
    names = env.list_templates()
    assert len(names) > 15
    root = resources.files("runehall")
    for name in names:
        assert env.autoescape(name) if callable(env.autoescape) else env.autoescape, name  # type: ignore[operator]
        source = env.loader.get_source(env, name)[0]  # type: ignore[union-attr]
        assert not re.search(r"\son[a-z]+\s*=", source), name  # handlers run from /static/app.js instead
        assert not re.search(r"\shx-on", source), name
        assert not re.search(r"<script(?![^>]*\ssrc=)", source), name
        assert not re.search(r"\sstyle\s*=", source), name
        assert "|safe" not in source.replace(" ", "") and "Markup(" not in source, name
    assert (root / "web" / "static" / "app.js").is_file()


def _has_every_header(response: Any, what: str) -> None:
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, (what, name, response.headers.get(name))
    policy = response.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy


def test_every_kind_of_answer_carries_the_security_headers(client: Any) -> None:
    table_id = new_table(client)
    answers = {
        "a page": client.get(f"/t/{table_id}"),
        "a fragment": client.get(f"/t/{table_id}/log"),
        "a form refused": client.post(f"/t/{table_id}/chat", data={"text": ""}, headers=HX),
        "an API answer": client.get("/api/systems"),
        "a static file": client.get("/static/app.css"),
        "a 404": client.get("/no/such/page"),
        "a 422": client.post("/api/tables", json={}),
        "a 401": client.get(f"/api/tables/{table_id}/events", headers={"Authorization": "Bearer nope"}),
        "a 413": client.post("/api/tables", content=b"x" * (300 * 1024), headers={"Content-Type": "application/json"}),
        "a redirect": client.post("/lang", data={"lang": "es"}, follow_redirects=False),
        "the API schema": client.get("/openapi.json"),
    }
    expected = {"a form refused": 422, "a 404": 404, "a 422": 422, "a 401": 401, "a 413": 413, "a redirect": 303}
    for what, response in answers.items():
        assert response.status_code == expected.get(what, 200), (what, response.status_code)
        _has_every_header(response, what)


def test_the_api_documentation_still_runs_its_own_script_only(client: Any) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200
    policy = docs.headers["content-security-policy"]
    assert "'sha256-" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    assert docs.headers["x-frame-options"] == "DENY"


def test_the_api_documentation_loads_nothing_from_elsewhere(client: Any) -> None:
    docs = client.get("/docs")
    policy = docs.headers["content-security-policy"]
    assert "http" not in policy  # no CDN may be allowed, so none can be used
    loaded = re.findall(r'(?:src|href)=["\']([^"\']+)', docs.text)
    assert loaded and all(url.startswith("/") for url in loaded), loaded
    for url in loaded:
        assert client.get(url).status_code == 200, url
    assert client.get("/redoc").status_code == 404


def test_the_live_socket_refuses_a_page_from_another_site(client: Any) -> None:
    table = open_table(client)
    base = f"/api/tables/{table.gm.table}/ws?token={table.gm.token}"
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(base, headers={"Origin": "http://evil.example"}) as socket:
            socket.receive_text()
    assert refused.value.code == 1008
    for origin in ({"Origin": "http://testserver"}, {}):  # this site, and a client that is not a browser
        with client.websocket_connect(base, headers=origin) as socket:
            assert '"table_created"' in socket.receive_text()


# -- item 10: the forms are held to the API's models ----------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "form", "reason"),
    [
        ("chat", {"text": "x" * 200_000}, "at most 4000 characters"),
        ("notes", {"text": "x" * 200_000}, "at most 4000 characters"),
        ("chat", {"text": ""}, "Message: must not be empty"),  # the web names the field by its label
        ("chat", {"text": "a\x00b"}, "NUL"),
        ("notes", {"text": "a\x00b"}, "NUL"),
    ],
)
def test_a_message_the_api_would_refuse_is_refused_by_the_form(
    client: Any, database: Database, path: str, form: dict[str, str], reason: str
) -> None:
    table_id = new_table(client)
    before = written(database)
    for headers in (HX, {}):  # htmx gets a fragment, a plain form a page: both say why
        response = client.post(f"/t/{table_id}/{path}", data=form, headers=headers, follow_redirects=False)
        assert response.status_code == 422 and reason in response.text, response.text[:300]
    assert written(database) == before


@pytest.mark.parametrize(
    ("form", "reason"),
    [
        ({"name": "a\x00b", "gm_name": "Norn"}, "NUL"),
        ({"name": "x" * 121, "gm_name": "Norn"}, "at most 120 characters"),
        ({"name": "Saga", "gm_name": "N\x00rn"}, "NUL"),
        ({"name": "   ", "gm_name": "Norn"}, "Table name: must not be empty"),
        ({"name": "Saga", "gm_name": "x" * 61}, "Your name: at most 60 characters"),
    ],
)
def test_a_table_the_api_would_refuse_is_not_created_by_the_form(
    client: Any, database: Database, form: dict[str, str], reason: str
) -> None:
    before = written(database)
    response = client.post("/tables", data={**form, "system": "dice"}, follow_redirects=False)
    assert response.status_code == 422 and reason in response.text
    assert "rh_" not in response.headers.get("set-cookie", "")
    assert written(database) == before


@pytest.mark.parametrize(
    ("name", "reason"),
    [("A\x00na", "NUL"), ("x" * 61, "at most 60 characters"), ("", "Your name: must not be empty")],
)
def test_a_join_the_api_would_refuse_is_refused_by_the_form(
    client: Any, database: Database, name: str, reason: str
) -> None:
    table = open_table(client)
    before = written(database)
    response = TestClient(client.app).post("/join", data={"invite_code": table.invite_code, "name": name})
    assert response.status_code == 422 and reason in response.text
    assert written(database) == before


# -- item 11: no 500 and no traceback -----------------------------------------------------------------------


def test_numbers_past_64_bits_in_the_web_are_refused(client: Any) -> None:
    table_id = new_table(client)
    for response in (
        client.get(f"/t/{table_id}/log", params={"since": 10**30}),
        client.get(f"/t/{table_id}/log", params={"only": 2**70}),
        client.get(f"/t/{table_id}/log", params={"since": -1}),
        client.post(f"/t/{table_id}/undo/{10**30}", headers=HX),
    ):
        no_traceback(response)
        assert response.status_code == 422


def test_the_live_socket_refuses_a_since_past_64_bits(client: Any) -> None:
    table = open_table(client)
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"/api/tables/{table.gm.table}/ws?token={table.gm.token}&since={10**30}") as s:
            s.receive_text()
    assert refused.value.code == 1008


def test_lone_surrogates_are_refused_by_the_api(client: Any, database: Database) -> None:
    table = open_table(client)
    before = written(database)
    raw = {"Content-Type": "application/json"}
    attempts = [
        client.post("/api/tables", content=b'{"name": "\\ud800", "system": "dice", "gm_name": "Norn"}', headers=raw),
        client.post(
            "/api/join",
            content=b'{"invite_code": "' + table.invite_code.encode() + b'", "name": "\\udfff"}',
            headers=raw,
        ),
        client.post(
            f"/api/tables/{table.gm.table}/chat", content=b'{"text": "a\\ud800b"}', headers={**raw, **table.gm.headers}
        ),
        client.post(
            f"/api/tables/{table.gm.table}/chat",
            content=b'{"text": "hi", "\\ud800": 1}',
            headers={**raw, **table.gm.headers},
        ),
    ]
    for response in attempts:
        no_traceback(response)
        assert response.status_code == 422, response.text
    assert written(database) == before


def test_lone_surrogates_in_form_json_fields_are_refused(client: Any, database: Database) -> None:
    table_id = new_table(client)
    before = written(database)
    for path, form in (("trackers", {"tracker": "tree", "setup": '{"x": "\\ud800"}'}), ("chat", {"text": "\ud800"})):
        body = "&".join(f"{k}={v}" for k, v in form.items()).encode("utf-8", "surrogatepass")
        headers = {**HX, "Content-Type": "application/x-www-form-urlencoded"}
        response = client.post(f"/t/{table_id}/{path}", content=body, headers=headers)
        no_traceback(response)
    assert written(database)[2] <= before[2] + 1  # the raw chat bytes are decoded as U+FFFD at most
    assert (
        "Unicode"
        in client.post(f"/t/{table_id}/trackers", data={"tracker": "tree", "setup": '["\\ud800"]'}, headers=HX).text
    )


def test_json_nested_thousands_deep_is_refused_by_every_form(client: Any, database: Database) -> None:
    table_id = new_table(client)
    client.post(f"/t/{table_id}/characters", data=HERO_FORM)
    made = re.search(r"/characters/([\w-]+)/edit", client.get(f"/t/{table_id}").text)
    assert made
    client.post(f"/t/{table_id}/trackers", data={"tracker": "tree", "setup": "{}", "character_id": made.group(1)})
    tracker = re.search(r'<article class="tracker" aria-labelledby="tr-([\w-]+)"', client.get(f"/t/{table_id}").text)
    assert tracker
    before = written(database)
    attempts = [
        client.post(f"/t/{table_id}/trackers", data={"tracker": "tree", "setup": DEEP}, headers=HX),
        client.post(f"/t/{table_id}/trackers/{tracker.group(1)}", data={"action": "wyrd", "params": DEEP}, headers=HX),
        client.post(f"/t/{table_id}/characters", data={"name": "U", "essence": "Týr", "destiny": "2", "void": DEEP}),
        client.post(f"/t/{table_id}/import-character", files={"file": ("deep.json", DEEP.encode())}, headers=HX),
        client.post("/api/tables", content=DEEP.encode(), headers={"Content-Type": "application/json"}),
        client.post(
            "/api/import",
            content=b'{"a":' + b"[" * 900 + b"]" * 900 + b"}",
            headers={"Content-Type": "application/json"},
        ),
    ]
    for response in attempts:
        no_traceback(response)
        assert 400 <= response.status_code < 500, response.text[:200]
    assert "nested deeper than 64 levels" in attempts[0].text
    preview = client.post(f"/t/{table_id}/characters/preview", data={"name": "U", "void": DEEP})
    said = html.unescape(preview.text)
    assert preview.status_code == 200 and "Runa del Vacío: data nested deeper than 64 levels" in said  # its label
    assert written(database) == before


@pytest.mark.parametrize("system", ["midgard", "rune", "ragnarok", "dice"])
def test_a_table_is_created_with_every_option_the_form_shows(client: Any, system: str) -> None:
    """The API's bound on options must admit every option of a system (Midgard and Rune have over 70)."""
    from runehall.web.pages import option_fields

    form = {"name": "Saga", "gm_name": "Norn", "system": system, "options_for": system}
    for f in option_fields(system):
        if f.kind == "checkbox":
            if f.default:
                form[f.name] = "on"
        else:
            form[f.name] = f.shown
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]


def test_a_nul_in_the_address_is_refused_before_any_route(client: Any, database: Database) -> None:
    """PostgreSQL cannot compare text holding a NUL: an id with %00 in the path ended in a 500 there."""
    table = open_table(client)
    before = written(database)
    gm_cookie = {"Cookie": f"rh_{table.gm.table}={table.gm.token}"}
    for response in (
        client.get("/api/tables/a%00b", headers=table.gm.headers),
        client.post(f"/api/tables/{table.gm.table}/participants/a%00b/revoke", headers=table.gm.headers),
        client.post(f"/t/{table.gm.table}/revoke/a%00b", headers={**HX, **gm_cookie}),
        client.get(f"/t/{table.gm.table}/trackers/x%00/view", headers=gm_cookie),
        client.get("/options?system=dice%00"),
    ):
        assert response.status_code == 422 and "NUL" in response.json()["detail"], response.text
        assert response.headers["x-content-type-options"] == "nosniff"
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/api/tables/a%00b/ws?token={table.gm.token}") as socket:
            socket.receive_text()
    assert written(database) == before


def test_even_a_server_error_carries_the_headers_and_no_traceback(database: Database) -> None:
    """No route should fail, but if one does, its 500 still says nothing of the code and keeps the headers."""
    from runehall.service.app import create_app

    app = create_app(database)

    def broken() -> None:
        raise RuntimeError("a secret detail of the code")

    app.add_api_route("/api/broken", broken)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/api/broken")
    assert response.status_code == 500 and response.json() == {"detail": "internal error"}
    assert "secret" not in response.text and "Traceback" not in response.text
    _has_every_header(response, "a 500")
