"""Hostile input at every route of the app, as the game master, a player and nobody (issue 11).

The routes are read from the app itself, so a new one is covered the day it is added, and
`test_every_route_is_described` fails until this file knows how to make a valid request to it (its JSON
body model, or its form). Each generated request takes a valid one and makes one part of it hostile: a
path or query parameter, a body or form field, an unknown field, or the whole body. Whatever comes back,
no 5xx and no traceback; and a refusal (4xx) leaves the tables, participants, events and the table's
summary exactly as they were.
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from starlette.routing import Mount, Route

from runehall import wire
from runehall.service.app import create_app
from runehall.storage.db import Database
from service_fixtures import open_table, postgres_url

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

EXAMPLES = 10  # per route and backend: about 20 s for all routes on SQLite
HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}
DEEP = "\x01deep\x01"  # stands for JSON nested 3,000 levels deep (spliced into the encoded text)
DEEP_TEXT = "[" * 3000 + "]" * 3000
TRACEBACK = re.compile(r'Traceback \(most recent call last\)|File "[^"]+", line \d+')


# -- the routes, from the app -------------------------------------------------------------------------------


def _flatten(routes: list[Any]) -> Iterator[Any]:
    for route in routes:
        if hasattr(route, "original_router"):  # a router included by FastAPI (its routes keep their paths)
            yield from _flatten(route.original_router.routes)
        else:
            yield route


def app_routes(app: Any) -> dict[tuple[str, str], Any]:
    """Every (method, path) the app answers, with its route object (WS for the socket)."""
    found: dict[tuple[str, str], Any] = {}
    for route in _flatten(app.routes):
        if isinstance(route, APIWebSocketRoute):
            found[("WS", route.path)] = route
        elif isinstance(route, Mount):
            found[("GET", route.path + "/{path}")] = route
        elif isinstance(route, APIRoute | Route):
            for method in sorted(route.methods or ()):
                if method != "HEAD":
                    found[(method, route.path)] = route
    return found


APP = create_app(Database("sqlite:///never-opened.sqlite3"))  # its routes only; never opened
ROUTES = app_routes(APP)

# A valid body for each JSON body model; "{...}" names are filled in from the table at hand.
BODIES: dict[str, dict[str, Any]] = {
    "CreateTable": {"name": "Saga", "system": "dice", "gm_name": "Norn"},
    "Join": {"invite_code": "{invite_code}", "name": "Ana"},
    "Roll": {"system": "dice", "mechanic": "roll", "params": {"notation": "1d6"}},
    "Odds": {"system": "dice", "mechanic": "roll", "params": {"notation": "2d6"}},
    "Character": {"sheet": HERO},
    "CharacterEdit": {"sheet": HERO},
    "StartTracker": {"tracker": "tree", "setup": {"character_id": "{character_id}"}},
    "TrackerControllers": {"controllers": {}},
    "TrackerAction": {"action": "wyrd", "params": {}},
    "Message": {"text": "hello"},
    "Undo": {"seq": 2},
    "Rotate": {},
    "ClientSeed": {"text": "mine"},
}
# Routes that read their JSON body themselves (no model in the signature), or take none.
RAW_BODIES: dict[str, Any] = {
    "/api/import": {"format": "runehall-table/1"},
    "/api/tables/{table_id}/participants/{participant_id}/revoke": {},
    "/api/tables/{table_id}/invite-code": {},
}
# Every web form, as a browser sends it.
FORMS: dict[str, dict[str, str]] = {
    "/tables": {"name": "Saga", "gm_name": "Norn", "system": "dice"},
    "/join": {"invite_code": "{invite_code}", "name": "Ana"},
    "/lang": {"lang": "es"},
    "/t/{table_id}/odds": {"mechanic": "dice:roll", "notation": "2d6"},
    "/t/{table_id}/roll": {"mechanic": "dice:roll", "notation": "1d6", "visibility": "public", "manual": ""},
    "/t/{table_id}/chat": {"text": "hello", "visibility": "public"},
    "/t/{table_id}/notes": {"text": "a note"},
    "/t/{table_id}/rotate": {},
    "/t/{table_id}/verify": {},
    "/t/{table_id}/undo/{seq}": {},
    "/t/{table_id}/revoke/{participant_id}": {},
    "/t/{table_id}/invite-code": {},
    "/t/{table_id}/characters": {"name": "Sigrid", "essence": "Týr,Fé,Úr", "destiny": "2", "void": '{"trait": "E"}'},
    "/t/{table_id}/characters/preview": {"name": "Sigrid", "essence": "Týr,Fé", "destiny": "2"},
    "/t/{table_id}/characters/{character_id}": {"name": "Ulrik", "essence": "Týr,Fé,Úr", "destiny": "3"},
    "/t/{table_id}/import-character": {"file": json.dumps(HERO)},  # sent as an uploaded file
    "/t/{table_id}/trackers": {"tracker": "tree", "setup": "{}", "character_id": "{character_id}"},
    "/t/{table_id}/trackers/{tracker_id}": {"action": "wyrd", "params": "{}", "manual": ""},
    "/t/{table_id}/trackers/{tracker_id}/controllers": {"ctl-x": ""},
}
UPLOADS = {"/t/{table_id}/import-character"}
PATH_VALUES = {"seq": "2", "path": "app.css"}  # the rest come from the table (table_id, tracker_id...)
QUERY_VALUES = {"since": "0", "only": "1", "system": "dice", "mechanic": "dice:roll", "action": "wyrd", "token": ""}

# -- hostile values -----------------------------------------------------------------------------------------

HOSTILE_TEXT = [
    "\ud800",
    "a\udfffb",
    "a\x00b",
    "",
    "   ",
    "x" * 100_000,
    "ᚱ" * 5_000,
    "<img src=x onerror=alert(1)>",
    DEEP_TEXT,
    '{"a":' * 3000,
    '["\\ud800"]',
    '{"a": NaN}',
    "9" * 5000,
    str(10**30),
    str(-(2**70)),
    "-1",
    "1e999",
    "NaN",
    "../../../../etc/passwd",
    "%00",
    "{}",
    "[]",
]
HOSTILE_VALUES = [
    *HOSTILE_TEXT,
    10**30,
    -(2**70),
    2**63,
    -1,
    0,
    1.5,
    float("nan"),
    float("inf"),
    True,
    None,
    [],
    {},
    [1] * 2000,
    {f"k{i}": i for i in range(300)},
    DEEP,
    [DEEP],
    {"\ud800": 1},
    "x" * 300_000,  # over the body limit
]


def _encode_json(value: Any) -> bytes:
    """JSON as a hostile client may write it: NaN allowed, surrogates as escapes, DEEP spliced in."""
    encoded = json.dumps(value, allow_nan=True)
    return encoded.replace(json.dumps(DEEP), DEEP_TEXT).encode("ascii")


def _encode_form(form: dict[str, Any]) -> bytes:
    pairs = [(k, DEEP_TEXT if v == DEEP else str(v)) for k, v in form.items()]
    return urllib.parse.urlencode(pairs, encoding="utf-8", errors="surrogatepass").encode("ascii")


# -- the table the attacks are made at ----------------------------------------------------------------------


@dataclass
class Hall:
    client: TestClient
    database: Database
    values: dict[str, str]  # table_id, invite_code, character_id, tracker_id, participant_id
    tokens: dict[str, str]  # gm, player, nobody ("")
    gm: Any  # the GM as a Participant, to read the summary through the service


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


def snapshot(hall: Hall) -> tuple[Any, ...]:
    """What a refusal must leave alone: row counts, and the table as its game master sees it."""
    with hall.database.engine.connect() as c:
        counts = tuple(
            c.execute(text(f"SELECT count(*) FROM {t}")).scalar_one() for t in ("tables", "participants", "events")
        )
    summary = hall.client.app.state.service.summary(hall.gm)  # type: ignore[attr-defined]
    return counts, json.dumps(summary, sort_keys=True, default=str)


def _fill(value: Any, hall: Hall) -> Any:
    if isinstance(value, str) and value.startswith("{") and value.endswith("}") and value[1:-1] in hall.values:
        return hall.values[value[1:-1]]
    if isinstance(value, dict):
        return {k: _fill(v, hall) for k, v in value.items()}
    return value


def _body_model(route: Any) -> str | None:
    field = getattr(route, "body_field", None)
    return None if field is None else str(field.field_info.annotation.__name__)


def _query_names(route: Any) -> list[str]:
    def walk(dependant: Any) -> Iterator[Any]:
        yield dependant
        for sub in dependant.dependencies:
            yield from walk(sub)

    dependant = getattr(route, "dependant", None)
    return [] if dependant is None else [q.name for d in walk(dependant) for q in d.query_params]


def test_every_route_is_described() -> None:
    """A new route fails here until this suite can make a valid request to it (then it is attacked too)."""
    missing = []
    for (method, path), route in ROUTES.items():
        if method == "WS" or method == "GET":
            continue  # the socket has tests of its own below; a GET has no body
        model = _body_model(route)
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


# -- the attack -----------------------------------------------------------------------------------------------


@dataclass
class Attack:
    role: str
    part: str  # path:NAME | query:NAME | field:NAME | unknown | body
    value: Any


def parts_of(method: str, path: str, route: Any) -> list[str]:
    """Where a request to this route can be hostile."""
    parts = [f"path:{name}" for name in re.findall(r"{(\w+)", path)]
    parts += [f"query:{name}" for name in _query_names(route)]
    if method != "GET":
        if path.startswith("/api/"):
            base = BODIES.get(_body_model(route) or "", RAW_BODIES.get(path, {}))
        else:
            base = FORMS[path]
        parts += [f"field:{name}" for name in base] + ["unknown", "body"]
    return parts or ["unknown"]


def attacks(method: str, path: str, route: Any) -> st.SearchStrategy[Attack]:
    values = st.sampled_from(HOSTILE_TEXT if not path.startswith("/api/") else HOSTILE_VALUES)
    roles = st.sampled_from(["gm", "player", "nobody"])
    return st.builds(Attack, roles, st.sampled_from(parts_of(method, path, route)), values)


URL_PART = 4000  # a hostile path or query part is cut here: servers refuse longer request lines anyway


def _quoted(value: Any) -> str:
    raw = (DEEP_TEXT if value == DEEP else str(value))[:URL_PART]
    return urllib.parse.quote(raw, safe="", errors="surrogatepass")


def send(hall: Hall, method: str, path: str, route: Any, attack: Attack) -> Any:
    """The valid request to this route, with the attacked part made hostile."""
    values = {**hall.values, **PATH_VALUES}
    where, _, name = attack.part.partition(":")
    filled = re.sub(
        r"{(\w+)(?::\w+)?}",
        lambda m: _quoted(attack.value) if (where, name) == ("path", m.group(1)) else _quoted(values[m.group(1)]),
        path,
    )
    query = {q: QUERY_VALUES.get(q, "") for q in _query_names(route)}
    if where == "query" or (where == "unknown" and method == "GET"):
        query[name or "hostile_extra"] = attack.value
    if query:
        filled += "?" + "&".join(f"{_quoted(k)}={_quoted(v)}" for k, v in query.items())
    headers: dict[str, str] = {}
    token = hall.tokens[attack.role]
    if token and path.startswith("/api/"):
        headers["Authorization"] = f"Bearer {token}"
    elif token:
        headers["Cookie"] = f"rh_{hall.values['table_id']}={token}"
    hall.client.cookies.clear()
    if method == "GET":
        return hall.client.request(method, filled, headers=headers, follow_redirects=False)
    if path.startswith("/api/"):
        body: Any = _fill(BODIES.get(_body_model(route) or "", RAW_BODIES.get(path, {})), hall)
        if where == "field":
            body = {**body, name: attack.value}
        elif where == "unknown":
            body = {**body, "hostile_extra": attack.value}
        elif where == "body":
            body = attack.value
        headers["Content-Type"] = "application/json"
        return hall.client.request(method, filled, content=_encode_json(body), headers=headers, follow_redirects=False)
    form = {k: _fill(v, hall) for k, v in FORMS[path].items()}
    if where == "field":
        form[name] = attack.value
    elif where == "unknown":
        form["hostile_extra"] = attack.value
    elif where == "body":
        form = {"": attack.value}
    if path in UPLOADS:
        content = str(form.pop("file", "")).encode("utf-8", "surrogatepass")
        fields = {k: str(v).encode("utf-8", "surrogatepass") for k, v in form.items()}
        files = {"file": ("sheet.json", content)}
        return hall.client.post(filled, files=files, data=fields, headers=headers, follow_redirects=False)
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    return hall.client.request(method, filled, content=_encode_form(form), headers=headers, follow_redirects=False)


HTTP_ROUTES = sorted((m, p) for m, p in ROUTES if m != "WS")
ROUTE_IDS = [f"{m} {p}" for m, p in HTTP_ROUTES]
# Sent into every part of every route (Hypothesis then mixes roles, parts and the other values).
SWEEP = ["\ud800", "a\x00b", str(10**30), DEEP, "x" * 100_000]


def check(hall: Hall, method: str, path: str, attack: Attack) -> None:
    """One attack: no 5xx, no traceback, and a refusal changes nothing."""
    before = snapshot(hall)
    response = send(hall, method, path, ROUTES[(method, path)], attack)
    shown = f"{method} {path} {attack.role} {attack.part}={str(attack.value)[:60]!r} -> {response.status_code}"
    assert response.status_code < 500, f"{shown}: {response.text[:300]}"
    assert not TRACEBACK.search(response.text), f"{shown}: {response.text[:300]}"
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
