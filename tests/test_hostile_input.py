"""Hostile input at every route of the app, as the game master, a player and nobody (issue 11).

The routes are read from the app itself, so a new one is covered the day it is added, and
`test_every_route_is_described` fails until tests/hostile.py knows how to make a valid request to it (its JSON
body model, or its form). Each generated request takes a valid one and makes one part of it hostile: a
path or query parameter, a body or form field, an unknown field, or the whole body. Whatever comes back,
no 5xx and no traceback; and a refusal (4xx) leaves the tables, participants, events and the table's
summary exactly as they were.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Iterator

import pytest
from hypothesis import given, settings

from hostile import (
    BODIES,
    DEEP,
    DEEP_TEXT,
    FORMS,
    HERO,
    HOSTILE_VALUES,
    RAW_BODIES,
    ROUTES,
    XSS,
    Attack,
    Hall,
    TestClient,
    attacks,
    body_model,
    parts_of,
    send,
    snapshot,
)
from runehall import wire
from runehall.service.app import create_app
from runehall.storage.db import Database
from service_fixtures import open_table, postgres_url

EXAMPLES = 10  # per route and backend: about 20 s for all routes on SQLite
TRACEBACK = re.compile(r'Traceback \(most recent call last\)|File "[^"]+", line \d+')


def _database(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Database:
    if backend == "sqlite":
        database = Database(f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'hostile.sqlite3'}")
    else:
        database = Database(postgres_url("_hostile"))
    database.migrate()
    return database


@pytest.fixture(
    scope="module", params=["sqlite", *(["postgresql"] if os.environ.get("RUNEHALL_TEST_POSTGRES") else [])]
)
def hall(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    database = _database(request.param, tmp_path_factory)
    app = create_app(database)
    with TestClient(app, raise_server_exceptions=False) as client:
        table = open_table(client)
        player, victim = table.join("Ana"), table.join("Bo")
        table.join(XSS)  # joined now: the attacks that follow use up the address's failed-join allowance
        made = player.post("/characters", {"sheet": HERO})
        assert made.status_code == 201, made.text
        character_id = made.json()["payload"]["character_id"]
        started = table.gm.post("/trackers", {"tracker": "tree", "setup": {"character_id": character_id}})
        assert started.status_code == 201, started.text
        values = {
            "table_id": table.gm.table,
            "invite_code": table.invite_code,
            "character_id": character_id,
            "tracker_id": started.json()["payload"]["tracker_id"],
            "participant_id": victim.id,
        }
        gm = app.state.service.viewer(table.gm.table, table.gm.token)
        yield Hall(client, database, values, {"gm": table.gm.token, "player": player.token, "nobody": ""}, gm)
    database.dispose()


def test_every_route_is_described() -> None:
    """A new route fails here until this suite can make a valid request to it (then it is attacked too)."""
    missing = []
    for (method, path), route in ROUTES.items():
        if method == "WS" or method == "GET":
            continue  # the socket has tests of its own below; a GET has no body
        model = body_model(route)
        if path.startswith("/api/"):
            if model is None and path not in RAW_BODIES:
                missing.append(f"{method} {path}: add its body to RAW_BODIES")
            elif model is not None and model not in BODIES:
                missing.append(f"{method} {path}: add a valid {model} to BODIES")
        elif path not in FORMS:
            missing.append(f"{method} {path}: add its form to FORMS")
    assert not missing, missing
    assert len(ROUTES) > 50
    assert {p for m, p in ROUTES if m == "WS"} == {"/api/tables/{table_id}/ws"}


HTTP_ROUTES = sorted((m, p) for m, p in ROUTES if m != "WS")
ROUTE_IDS = [f"{m} {p}" for m, p in HTTP_ROUTES]
# Sent into every part of every route (Hypothesis then mixes roles, parts and the other values).
SWEEP = ["\ud800", "a\x00b", str(10**30), DEEP, "x" * 100_000, XSS]


def check(hall: Hall, method: str, path: str, attack: Attack) -> None:
    """One attack: no 5xx, no traceback, and a refusal changes nothing."""
    before = snapshot(hall)
    response = send(hall, method, path, ROUTES[(method, path)], attack)
    shown = f"{method} {path} {attack.role} {attack.part}={str(attack.value)[:60]!r} -> {response.status_code}"
    assert response.status_code < 500, f"{shown}: {response.text[:300]}"
    assert not TRACEBACK.search(response.text), f"{shown}: {response.text[:300]}"
    if "html" in response.headers.get("content-type", ""):
        assert XSS not in response.text, f"{shown}: the markup came back unescaped"
    if response.status_code >= 400:
        assert snapshot(hall) == before, f"{shown}: a refused request changed the table"
        if path.startswith("/api/"):
            assert response.json().get("detail"), shown


@pytest.mark.parametrize(("method", "path"), HTTP_ROUTES, ids=ROUTE_IDS)
def test_every_part_of_a_route_refuses_each_kind_of_hostile_value(hall: Hall, method: str, path: str) -> None:
    failures = []
    for part in parts_of(method, path, ROUTES[(method, path)]):
        for value in SWEEP:
            try:
                check(hall, method, path, Attack("gm", part, value))
            except AssertionError as failure:
                failures.append(str(failure).splitlines()[0])
    assert not failures, failures


@pytest.mark.parametrize(("method", "path"), HTTP_ROUTES, ids=ROUTE_IDS)
def test_no_hostile_request_breaks_a_route(hall: Hall, method: str, path: str) -> None:
    @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None)
    @given(attack=attacks(method, path, ROUTES[(method, path)]))
    def attack_once(attack: Attack) -> None:
        check(hall, method, path, attack)

    attack_once()


def test_every_int_parameter_of_every_route_is_bounded() -> None:
    """A path or query number without bounds once reached the database as 10**30 (OverflowError, a 500)."""
    unbounded = []
    for (method, path), route in ROUTES.items():
        dependant = getattr(route, "dependant", None)
        if dependant is None:
            continue
        stack = [dependant]
        while stack:
            d = stack.pop()
            stack.extend(d.dependencies)
            for param in [*d.path_params, *d.query_params]:
                annotation = str(param.field_info.annotation)
                if "int" in annotation:
                    limits = {type(m).__name__ for m in param.field_info.metadata}
                    if not ({"Ge", "Gt"} & limits and {"Le", "Lt"} & limits):
                        unbounded.append(f"{method} {path} {param.name}")
    assert not unbounded, unbounded


@pytest.mark.parametrize("since", [str(10**30), str(2**63), "-1", "1e3", "NaN", "9" * 5000, "", "0x10"])
def test_the_live_socket_refuses_a_hostile_since(hall: Hall, since: str) -> None:
    from starlette.websockets import WebSocketDisconnect

    url = f"/api/tables/{hall.values['table_id']}/ws?token={hall.tokens['gm']}&since={urllib.parse.quote(since)}"
    with pytest.raises(WebSocketDisconnect) as refused:
        with hall.client.websocket_connect(url) as socket:
            socket.receive_text()
    assert refused.value.code == 1008


def test_the_hostile_values_include_each_class_the_issue_names() -> None:
    for value in ("\ud800", "a\x00b", DEEP, 10**30, 2**63, "x" * 100_000, {"\ud800": 1}, [DEEP]):
        assert value in HOSTILE_VALUES, value
    assert any(isinstance(v, float) and v != v for v in HOSTILE_VALUES)  # NaN
    assert wire.MAX_DEPTH < DEEP_TEXT.count("[")  # DEEP is past the limit


def test_nothing_stored_comes_back_as_markup(hall: Hall) -> None:
    """Markup written wherever a person can write text (chat, notes, names, a sheet) is escaped on every
    page and fragment the app serves, for the game master and for a player."""
    gm = {"Authorization": f"Bearer {hall.tokens['gm']}"}
    table = f"/api/tables/{hall.values['table_id']}"
    for path, body in (
        ("/chat", {"text": XSS}),
        ("/notes", {"text": XSS, "visibility": "gm"}),
        ("/characters", {"sheet": {**HERO, "name": XSS}}),
    ):
        assert hall.client.post(table + path, json=body, headers=gm).status_code == 201
    pages = [
        p for m, p in ROUTES if m == "GET" and not p.startswith(("/api/", "/static", "/docs", "/redoc", "/openapi"))
    ]
    assert len(pages) > 10
    for role in ("gm", "player"):
        cookie = {"Cookie": f"rh_{hall.values['table_id']}={hall.tokens[role]}"}
        for path in pages:
            url = re.sub(r"{(\w+)}", lambda m: hall.values.get(m.group(1), "x"), path)
            hall.client.cookies.clear()
            response = hall.client.get(url, headers=cookie, params={"action": "wyrd", "mechanic": "dice:roll"})
            assert response.status_code < 500 and XSS not in response.text, (role, url, response.status_code)
    hall.client.cookies.clear()
    page = hall.client.get(f"/t/{hall.values['table_id']}", headers=cookie).text
    assert page.count("&lt;img src=x onerror=alert(1)&gt;") >= 3  # the chat, the sheet and the name are shown
