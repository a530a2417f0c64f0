"""Fuzzing the JSON API from its own OpenAPI description (schemathesis, in-process, SQLite).

Every operation gets valid and invalid requests; none may end in a 5xx, and every refusal is a 4xx whose
JSON body says why ({"detail": ...}). Requests carry a real token and the real table id (now and then
a generated one instead), so they get past authentication and reach the code behind it. Generation is
derandomized and bounded, so the run is the same every time.
"""

from __future__ import annotations

import re
import warnings
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from hypothesis import given, settings
from hypothesis import strategies as st

from runehall.service.app import create_app
from runehall.storage.db import Database
from service_fixtures import open_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

EXAMPLES = 40  # per operation and generation mode
WEB_EXAMPLES = 10
HERO = {"name": "Ulrik", "essence": ["tiwaz", "berkano", "ehwaz", "hagalaz"], "destiny": 2, "void": {"trait": "E"}}


@dataclass
class FuzzTable:
    table_id: str
    invite_code: str
    gm_token: str
    player_token: str
    victim_id: str  # a participant the fuzzer may revoke (not the player whose token it uses)
    character_id: str


@pytest.fixture(scope="module")
def fuzz_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, FuzzTable]]:
    """One table for the whole run (module scope: a fixture is not reset between generated inputs anyway)."""
    database = Database(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.sqlite3'}")
    database.migrate()
    app = create_app(database)
    with TestClient(app) as client:
        table = open_table(client, client_seed="fuzz")
        player, victim = table.join("Ana"), table.join("Bo")
        made = player.post("/characters", {"sheet": HERO})
        assert made.status_code == 201, made.text
        character_id = made.json()["payload"]["character_id"]
        seats = FuzzTable(table.gm.table, table.invite_code, table.gm.token, player.token, victim.id, character_id)
    yield app, seats
    database.dispose()


# The description does not depend on the database, so it is read from an app whose database is never used;
# each request goes to the fixture's app (case.call(app=...)).
def _schema(examples: int) -> Any:
    return schemathesis.openapi.from_dict(
        create_app(Database("sqlite:///never-opened.sqlite3")).openapi(),
        config=schemathesis.Config.from_dict(
            {
                "generation": {"max-examples": examples, "deterministic": True, "database": "none", "mode": "all"},
                "phases": {"stateful": {"enabled": False}},
            }
        ),
    )


schema = _schema(EXAMPLES).include(path_regex="^/api/")  # the JSON API
# The web pages and forms: their parameters are in the description too (a form's fields are not, and
# tests/test_hostile_input.py attacks those); fewer examples, as they answer HTML that says less.
web_schema = _schema(WEB_EXAMPLES).exclude(path_regex="^/api/")
TRACEBACK = re.compile(r'Traceback \(most recent call last\)|File "[^"]+", line \d+')


def _pick(case: Any, salt: str, every: int) -> bool:
    """A deterministic 1-in-`every` choice for this case (the same case always chooses the same way)."""
    seed = f"{salt}|{case.path_parameters}|{case.query}|{case.body!r}"
    return zlib.crc32(seed.encode()) % every == 0


@schema.parametrize()
def test_no_request_gets_a_server_error(case: Any, fuzz_table: tuple[Any, FuzzTable]) -> None:
    _fuzz(case, fuzz_table)


@web_schema.parametrize()
def test_no_page_or_form_request_gets_a_server_error(case: Any, fuzz_table: tuple[Any, FuzzTable]) -> None:
    _fuzz(case, fuzz_table)


def _fuzz(case: Any, fuzz_table: tuple[Any, FuzzTable]) -> None:
    """One generated request, made with a real token most of the time: no 5xx, no traceback, and an API
    refusal says why in JSON."""
    seats = fuzz_table[1]
    path = case.path_parameters
    if path is not None:
        if "table_id" in path and not _pick(case, "table", 10):
            path["table_id"] = seats.table_id
        if "participant_id" in path and _pick(case, "participant", 2):
            path["participant_id"] = seats.victim_id
        if "character_id" in path and _pick(case, "character", 2):
            path["character_id"] = seats.character_id
        if "seq" in path and _pick(case, "seq", 2):
            path["seq"] = 2
    if isinstance(case.body, dict) and _pick(case, "body", 2):  # known names, so more requests get deeper
        if case.path == "/api/tables" and "system" in case.body:
            case.body["system"] = "dice" if _pick(case, "system", 2) else "ragnarok"
        if case.path == "/api/join" and "invite_code" in case.body:
            case.body["invite_code"] = seats.invite_code
        if case.path.endswith(("/rolls", "/odds")) and "mechanic" in case.body:
            case.body.update({"system": "dice", "mechanic": "roll"})
    if not _pick(case, "token", 10):
        token = seats.player_token if _pick(case, "player", 3) else seats.gm_token
        headers = {k: v for k, v in (case.headers or {}).items() if k.lower() not in ("authorization", "cookie")}
        if case.path.startswith("/api/"):
            case.headers = {**headers, "Authorization": f"Bearer {token}"}
        else:  # a browser: the table's cookie
            case.headers = {**headers, "Cookie": f"rh_{seats.table_id}={token}"}
    response = case.call(app=fuzz_table[0])
    shown = f"{case.method} {case.formatted_path} {case.body!r} -> {response.status_code} {response.text[:500]}"
    assert response.status_code < 500, shown
    assert not TRACEBACK.search(response.text), shown
    if response.status_code >= 400 and case.path.startswith("/api/"):
        body = response.json()
        assert isinstance(body, dict) and isinstance(body.get("detail"), str | list) and body["detail"], shown


# Dice notation from its grammar, with sizes near the limits, and sometimes one stray piece spliced in.
NUMBERS = st.sampled_from(["6", "2", "3", "1", "10", "20", "100", "0", "999", "1000", "1001", "10000000000"])
SUFFIXES = st.sampled_from(["", "!", "k", "kh", "kl", "dh", "dl", "["]).flatmap(
    lambda s: st.just(s) if s in ("", "!") else NUMBERS.map(lambda n: f"{s}{n}]" if s == "[" else f"{s}{n}")
)
DICE = st.builds(
    lambda count, faces, suffixes: f"{count}d{faces}{''.join(suffixes)}",
    st.one_of(st.just(""), NUMBERS),
    st.one_of(NUMBERS, st.just("%")),
    st.lists(SUFFIXES, max_size=2),
)
TERMS = st.one_of(DICE, NUMBERS, st.builds(lambda n, m: f"{n}({m})", NUMBERS, NUMBERS))
NOTATION = st.builds(
    lambda first, rest, stray: stray[1](first + "".join(op + term for op, term in rest), stray[0]),
    TERMS,
    st.lists(st.tuples(st.sampled_from(["+", "-", "*", "/"]), TERMS), max_size=3),
    st.tuples(
        st.integers(0, 40),
        st.sampled_from(
            [lambda text, _: text] * 4
            + [lambda text, at: text[:at] + "(" + text[at:], lambda text, at: text[:at] + "x"]
        ),
    ),
)


@settings(max_examples=150, derandomize=True, database=None, deadline=None)
@given(
    notation=NOTATION,
    visibility=st.sampled_from(["public", "blind"]),
)
def test_no_dice_notation_gets_a_server_error(
    fuzz_table: tuple[Any, FuzzTable], notation: str, visibility: str
) -> None:
    """Generated bodies rarely name a real mechanic, so free dice notation gets a fuzzer of its own."""
    seats = fuzz_table[1]
    with TestClient(fuzz_table[0], raise_server_exceptions=False) as client:
        headers = {"Authorization": f"Bearer {seats.gm_token}"}
        body = {"system": "dice", "mechanic": "roll", "params": {"notation": notation}}
        for path, extra in (("rolls", {"visibility": visibility}), ("odds", {"record": True})):
            response = client.post(f"/api/tables/{seats.table_id}/{path}", headers=headers, json={**body, **extra})
            assert response.status_code in (200, 201, 400, 409, 422), (notation, path, response.text)
            if response.status_code >= 400:
                assert response.json()["detail"], response.text
