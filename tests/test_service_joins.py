"""Joining a table under attack (issue 11, items 2 and 14): the password check runs outside any write and
the SQLite writer lock, only with the service's own PBKDF2 parameters; joins and invite-code guesses are
rate-limited per client address and per table; the GM can change the invite code."""

from __future__ import annotations

import hashlib
import threading
from typing import Any

import pytest

import runehall.table.limits as limits
import runehall.table.service as table_service
from runehall.errors import RulesError
from runehall.storage.db import Database
from runehall.storage.store import Store, Unauthorized
from runehall.table.limits import GUESSES_PER_MINUTE, JOINS_PER_MINUTE, JoinLimits
from runehall.table.play import TableService
from service_fixtures import open_table


def test_a_wrong_password_never_holds_up_another_tables_roll(database: Database, monkeypatch: Any) -> None:
    """While one join's password check is under way (held here until released), a roll at another table
    completes: the check runs outside the write transaction and the SQLite writer lock."""
    service = TableService(Store(database))
    locked = service.create("Locked", "dice", {}, "Norn", password="sesame")
    other = service.create("Open", "dice", {}, "Norn")
    gm = service.viewer(other.table_id, other.gm_token)
    checking, release = threading.Event(), threading.Event()
    real = table_service.check_password

    def held(password: str, stored: str) -> bool:
        checking.set()
        release.wait(30)
        return real(password, stored)

    monkeypatch.setattr(table_service, "check_password", held)
    outcome: dict[str, Any] = {}

    def wrong_join() -> None:
        try:
            service.join(locked.invite_code, "Eve", "guess")
        except Unauthorized as e:
            outcome["join"] = e

    def roll() -> None:
        outcome["roll"] = service.roll(gm, "roll", {"notation": "1d20"})

    joiner = threading.Thread(target=wrong_join)
    joiner.start()
    try:
        assert checking.wait(30)
        roller = threading.Thread(target=roll)
        roller.start()
        roller.join(15)
        rolled_during_check = "roll" in outcome and not release.is_set()
    finally:
        release.set()
        joiner.join(30)
    assert rolled_during_check, "the roll waited for the password check"
    assert isinstance(outcome.get("join"), Unauthorized)


def test_the_password_check_never_runs_inside_a_write(database: Database, monkeypatch: Any) -> None:
    store = Store(database)
    service = TableService(store)
    writing = threading.local()
    real_write = store.write

    def write(work: Any) -> Any:
        writing.depth = getattr(writing, "depth", 0) + 1
        try:
            return real_write(work)
        finally:
            writing.depth -= 1

    checks: list[int] = []
    real_check = table_service.check_password

    def check(password: str, stored: str) -> bool:
        checks.append(getattr(writing, "depth", 0))
        return real_check(password, stored)

    monkeypatch.setattr(store, "write", write)
    monkeypatch.setattr(table_service, "check_password", check)
    made = service.create("Locked", "dice", {}, "Norn", password="sesame")
    with pytest.raises(Unauthorized):
        service.join(made.invite_code, "Eve", "wrong")
    service.join(made.invite_code, "Ana", "sesame")
    assert checks == [0, 0]


def test_a_hash_with_other_parameters_is_never_computed(monkeypatch: Any) -> None:
    """Defence at check time too: a stored hash asking for another iteration count is refused unrun."""
    stored = table_service.hash_password("sesame")
    assert table_service.check_password("sesame", stored) and not table_service.check_password("x", stored)
    _, _, salt, digest = stored.split("$")

    def never(*_: Any) -> bytes:
        raise AssertionError("PBKDF2 ran on a foreign hash")

    monkeypatch.setattr(hashlib, "pbkdf2_hmac", never)
    for foreign in (f"pbkdf2_sha256$9999999${salt}${digest}", f"pbkdf2_sha256$1${salt}${digest}", "x$y", "plain"):
        with pytest.raises(RulesError):
            table_service.check_password("sesame", foreign)


def test_an_imported_hash_with_a_huge_iteration_count_is_refused(client: Any) -> None:
    table = open_table(client, "dice", password="sesame")
    data = table.gm.get("/export").json()
    _, _, salt, digest = data["table"]["password_hash"].split("$")
    for iterations in ("9999999", "200001", "1000"):
        data["table"]["password_hash"] = f"pbkdf2_sha256${iterations}${salt}${digest}"
        data["table"]["id"] = "moved"
        refused = client.post("/api/import", json=data)
        assert refused.status_code in (400, 409, 422), refused.text
        assert "password_hash" in refused.json()["detail"]


def test_wrong_guesses_from_one_address_are_limited(client: Any) -> None:
    table = open_table(client, "dice", password="sesame")
    for _ in range(GUESSES_PER_MINUTE):
        wrong = client.post("/api/join", json={"invite_code": table.invite_code, "name": "Eve", "password": "x"})
        assert wrong.status_code == 401, wrong.text
    for body in (
        {"invite_code": table.invite_code, "name": "Eve", "password": "y"},
        {"invite_code": "no-such-code", "name": "Eve"},
        {"invite_code": table.invite_code, "name": "Eve", "password": "sesame"},  # even the right one, for now
    ):
        limited = client.post("/api/join", json=body)
        assert limited.status_code == 429, limited.text
        assert "too many" in limited.json()["detail"]
        assert 1 <= int(limited.headers["Retry-After"]) <= 60
    form = {"invite_code": table.invite_code, "name": "Eve", "password": "z"}
    web = client.post("/join", data=form, follow_redirects=False)
    assert web.status_code == 429 and "too many" in web.text and web.headers["Retry-After"]
    assert "Eve" not in str(table.gm.events())


def test_unknown_invite_codes_count_as_guesses() -> None:
    limits = JoinLimits()
    for _ in range(GUESSES_PER_MINUTE):
        limits.guess("10.0.0.1")
    with pytest.raises(table_service.RunehallError) as refused:
        limits.guess("10.0.0.1")
    assert "too many" in str(refused.value)
    limits.guess("10.0.0.2")  # another address is not held back
    for i in range(GUESSES_PER_MINUTE):  # one IPv6 host picks a new address in its /64 for each guess
        limits.guess(f"2001:db8:1:2::{i + 1:x}")
    with pytest.raises(table_service.RunehallError, match="too many"):
        limits.guess("2001:db8:1:2:ffff::1")
    limits.guess("2001:db8:1:3::1")  # the next /64 is someone else


def test_joins_at_one_table_are_limited_and_refill_with_time(database: Database) -> None:
    now = [1000.0]
    service = TableService(Store(database))
    service.join_limits = JoinLimits(clock=lambda: now[0])
    made = service.create("Busy", "dice", {}, "Norn")
    other = service.create("Quiet", "dice", {}, "Norn")
    for i in range(JOINS_PER_MINUTE):  # successes, from one address: the address is never held back
        service.join(made.invite_code, f"P{i}", address="10.0.0.1")
    with pytest.raises(table_service.RunehallError, match="too many joins at this table"):
        service.join(made.invite_code, "One more", address="10.0.0.9")
    service.join(other.invite_code, "Elsewhere", address="10.0.0.9")  # other tables are not held back
    now[0] += 60 / JOINS_PER_MINUTE  # one join's worth of time
    service.join(made.invite_code, "Later", address="10.0.0.9")
    with pytest.raises(table_service.RunehallError, match="too many joins"):
        service.join(made.invite_code, "Again", address="10.0.0.9")
    names = [e.payload.get("name") for e in service.store.read(lambda c: service.store.events(c, made.table_id))]
    assert "Later" in names and "One more" not in names and "Again" not in names


def test_the_gm_changes_the_invite_code_and_the_old_one_stops_working(client: Any) -> None:
    table = open_table(client, "dice")
    player = table.join("Ana")
    assert table.gm.post(f"/participants/{player.id}/revoke", {}).status_code == 200
    assert player.post("/invite-code", {}).status_code == 401
    other = table.join("Bo")
    assert other.post("/invite-code", {}).status_code == 403
    changed = table.gm.post("/invite-code", {})
    assert changed.status_code == 201, changed.text
    code = changed.json()["invite_code"]
    assert code != table.invite_code and table.gm.get("").json()["invite_code"] == code
    rejoin = client.post("/api/join", json={"invite_code": table.invite_code, "name": "Ana"})
    assert rejoin.status_code == 404, rejoin.text
    assert client.post("/api/join", json={"invite_code": code, "name": "Cy"}).status_code == 201
    assert "invite_code_changed" in [e["kind"] for e in table.gm.events()]
    assert "invite_code_changed" not in [e["kind"] for e in other.events()]
    assert code not in str(table.gm.events())  # the log never holds a code
    seq = next(e["seq"] for e in table.gm.events() if e["kind"] == "invite_code_changed")
    assert table.gm.post("/undo", {"seq": seq}).status_code == 409


def test_the_gm_panel_changes_the_invite_code(client: Any) -> None:
    made = client.post("/tables", data={"name": "Saga", "system": "dice", "gm_name": "Norn"}, follow_redirects=False)
    table_id = made.headers["location"].rsplit("/", 1)[-1]
    page = client.get(f"/t/{table_id}").text
    old = page.split('id="invite-code">', 1)[1].split("<", 1)[0]
    assert f'action="/t/{table_id}/invite-code"' in page
    changed = client.post(f"/t/{table_id}/invite-code", follow_redirects=False)
    assert changed.status_code == 303
    page = client.get(f"/t/{table_id}").text
    new = page.split('id="invite-code">', 1)[1].split("<", 1)[0]
    assert new and new != old
    assert client.post("/api/join", json={"invite_code": old, "name": "Ana"}).status_code == 404
    client.cookies.set("rh_lang", "es")
    spanish = client.get(f"/t/{table_id}").text
    assert "Cambiar el código de invitación" in spanish


def test_new_tables_from_one_address_are_limited(client: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(limits, "TABLES_PER_MINUTE", 3)
    client.app.state.service.join_limits = JoinLimits()
    for _ in range(3):
        open_table(client, "dice", password="sesame")
    body = {"name": "One more", "system": "dice", "gm_name": "Norn", "password": "sesame"}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 429 and "too many new tables" in refused.json()["detail"]
    assert int(refused.headers["Retry-After"]) >= 1
    form = {"name": "One more", "system": "dice", "gm_name": "Norn"}
    web = client.post("/tables", data=form, follow_redirects=False)
    assert web.status_code == 429 and "too many new tables" in web.text and web.headers["Retry-After"]
