"""Fixtures for the table service: a fresh database per test, on SQLite and (when available) PostgreSQL.

PostgreSQL runs when RUNEHALL_TEST_POSTGRES holds a URL (dev.py test starts a server and sets it).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from runehall.storage.db import Database
from runehall.storage.schema import metadata

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from runehall.service.app import create_app

BACKENDS = ["sqlite", *(["postgresql"] if os.environ.get("RUNEHALL_TEST_POSTGRES") else [])]


def fresh_database(backend: str, tmp_path: Path) -> Database:
    if backend == "sqlite":
        database = Database(f"sqlite:///{tmp_path / 'runehall.sqlite3'}")
    else:
        database = Database(os.environ["RUNEHALL_TEST_POSTGRES"])
        with database.engine.begin() as connection:
            metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
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
