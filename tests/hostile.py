"""How the hostile-input suite (test_hostile_input.py) reaches every route: the routes read from the app,
a valid request for each (its JSON body or its form), the hostile values, and one request with one part of
it made hostile."""

from __future__ import annotations

import json
import re
import urllib.parse
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from fastapi.routing import APIRoute, APIWebSocketRoute
from hypothesis import strategies as st
from sqlalchemy import text
from starlette.routing import Mount, Route

from runehall.service.app import create_app
from runehall.storage.db import Database

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}
DEEP = "\x01deep\x01"  # stands for JSON nested 3,000 levels deep (spliced into the encoded text)
DEEP_TEXT = "[" * 3000 + "]" * 3000
XSS = "<img src=x onerror=alert(1)>"

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
    "Note": {"text": "a secret for the game master"},
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
    "/t/{table_id}/trackers/setup": {"tracker": "tree", "s.character": "{character_id}", "s.route": "", "player": ""},
    "/t/{table_id}/trackers/{tracker_id}": {"action": "wyrd", "params": "{}", "manual": ""},
    "/t/{table_id}/trackers/{tracker_id}/controllers": {"ctl-x": ""},
    "/t/{table_id}/trackers/{tracker_id}/edit/{action}/preview": {"title": "The warren"},
}
UPLOADS = {"/t/{table_id}/import-character"}
# The rest come from the table (table_id, tracker_id...).
PATH_VALUES = {"seq": "2", "path": "app.css", "action": "wyrd"}
QUERY_VALUES = {
    "since": "0",
    "only": "1",
    "system": "dice",
    "mechanic": "dice:roll",
    "action": "wyrd",
    "token": "",
    "tracker": "tree",
}

# -- hostile values -----------------------------------------------------------------------------------------

HOSTILE_TEXT = [
    "\ud800",
    "a\udfffb",
    "a\x00b",
    "",
    "   ",
    "x" * 100_000,
    "ᚱ" * 5_000,
    XSS,
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


def body_model(route: Any) -> str | None:
    field = getattr(route, "body_field", None)
    return None if field is None else str(field.field_info.annotation.__name__)


def query_names(route: Any) -> list[str]:
    def walk(dependant: Any) -> Iterator[Any]:
        yield dependant
        for sub in dependant.dependencies:
            yield from walk(sub)

    dependant = getattr(route, "dependant", None)
    return [] if dependant is None else [q.name for d in walk(dependant) for q in d.query_params]


# -- the attack -----------------------------------------------------------------------------------------------


@dataclass
class Attack:
    role: str
    part: str  # path:NAME | query:NAME | field:NAME | unknown | body
    value: Any


def parts_of(method: str, path: str, route: Any) -> list[str]:
    """Where a request to this route can be hostile."""
    parts = [f"path:{name}" for name in re.findall(r"{(\w+)", path)]
    parts += [f"query:{name}" for name in query_names(route)]
    if method != "GET":
        if path.startswith("/api/"):
            base = BODIES.get(body_model(route) or "", RAW_BODIES.get(path, {}))
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
    query = {q: QUERY_VALUES.get(q, "") for q in query_names(route)}
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
        body: Any = _fill(BODIES.get(body_model(route) or "", RAW_BODIES.get(path, {})), hall)
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
