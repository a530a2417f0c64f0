"""Fixtures for the table service: a fresh database per test, on SQLite and (when available) PostgreSQL.

PostgreSQL runs when RUNEHALL_TEST_POSTGRES holds a URL (dev.py test starts a server and sets it). Each
test process works in a schema of its own (its search_path), so two test runs sharing one server (two
engineers, or two checkouts) never drop each other's tables. The sessions' time zone is not UTC (nor a
whole number of hours from it), so any timestamp that is not normalised to UTC shows up in the tests.
"""

from __future__ import annotations

import os
import urllib.parse
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from runehall.storage.db import Database

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from runehall.service.app import create_app

BACKENDS = ["sqlite", *(["postgresql"] if os.environ.get("RUNEHALL_TEST_POSTGRES") else [])]


SESSION_TIME_ZONE = "Asia/Kathmandu"  # UTC+05:45
_schemas: set[str] = set()  # made by this process, dropped when the session ends


def _in_admin_session(*statements: str) -> None:
    admin = Database(os.environ["RUNEHALL_TEST_POSTGRES"])
    try:
        with admin.engine.begin() as connection:
            connection.execute(text("SET lock_timeout = '20s'"))
            for statement in statements:
                connection.execute(text(statement))
    finally:
        admin.dispose()


def postgres_url(suffix: str = "") -> str:
    """The test server's URL, confined to an empty schema of this process (created, or emptied, now)."""
    schema = f"rh_test_{os.getpid()}{suffix}"
    _in_admin_session(f"DROP SCHEMA IF EXISTS {schema} CASCADE", f"CREATE SCHEMA {schema}")
    _schemas.add(schema)
    url = os.environ["RUNEHALL_TEST_POSTGRES"]
    options = urllib.parse.quote(f"-csearch_path={schema} -cTimeZone={SESSION_TIME_ZONE}")
    return f"{url}{'&' if '?' in url else '?'}options={options}"


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _schemas:
        _in_admin_session(*(f"DROP SCHEMA IF EXISTS {schema} CASCADE" for schema in sorted(_schemas)))
        _schemas.clear()


def fresh_database(backend: str, tmp_path: Path) -> Database:
    if backend == "sqlite":
        database = Database(f"sqlite:///{tmp_path / 'runehall.sqlite3'}")
    else:
        database = Database(postgres_url())
    database.migrate()
    return database


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    db = fresh_database(request.param, tmp_path)
    yield db
    db.dispose()


@dataclass
class Seat:
    """One participant at a test table: their token and a client that sends it."""

    client: TestClient
    table: str
    id: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str, **kw: Any) -> Any:
        return self.client.get(f"/api/tables/{self.table}{path}", headers=self.headers, **kw)

    def post(self, path: str, body: dict[str, Any], **kw: Any) -> Any:
        return self.client.post(f"/api/tables/{self.table}{path}", headers=self.headers, json=body, **kw)

    def events(self) -> list[dict[str, Any]]:
        response = self.get("/events")
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]


@dataclass
class Table:
    client: TestClient
    gm: Seat
    invite_code: str

    def join(self, name: str, password: str | None = None) -> Seat:
        body: dict[str, Any] = {"invite_code": self.invite_code, "name": name}
        if password:
            body["password"] = password
        response = self.client.post("/api/join", json=body)
        assert response.status_code == 201, response.text
        data = response.json()
        return Seat(self.client, data["table_id"], data["participant_id"], data["token"])


@pytest.fixture
def client(database: Database) -> Iterator[TestClient]:
    with TestClient(create_app(database)) as c:
        yield c


def open_table(client: TestClient, system: str = "ragnarok", **extra: Any) -> Table:
    response = client.post("/api/tables", json={"name": "Saga", "system": system, "gm_name": "Norn", **extra})
    assert response.status_code == 201, response.text
    data = response.json()
    gm = Seat(client, data["table_id"], data["participant_id"], data["token"])
    return Table(client, gm, data["invite_code"])
