"""What the PostgreSQL runs and the fuzzers found, on both backends: concurrent writers at one table,
time zones, text PostgreSQL cannot store, and damaged imports.

The concurrency tests start their threads together behind a barrier, so the interleavings they guard
against happen in practice, not only in theory.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from runehall.errors import RunehallError
from runehall.fairness.log import verify_log
from runehall.storage.db import Database
from runehall.storage.store import Store
from runehall.table.play import TableService
from service_fixtures import open_table

THREADS = 4


def together(work: Callable[[int], Any], threads: int = THREADS) -> tuple[list[Any], list[BaseException]]:
    """Run work(0..threads-1) at once; every result and every exception."""
    barrier = threading.Barrier(threads)
    results: list[Any] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def run(i: int) -> None:
        barrier.wait()
        try:
            value = work(i)
        except BaseException as error:  # collected and asserted on by the caller
            with lock:
                errors.append(error)
        else:
            with lock:
                results.append(value)

    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in pool), "a writer is stuck"
    return results, errors


def test_rolls_never_use_a_revealed_seed_and_rotations_do_not_collide(database: Database) -> None:
    service = TableService(Store(database))
    made = service.create("Race", "dice", {}, "Norn")
    gm = service.viewer(made.table_id, made.gm_token)

    def work(i: int) -> None:
        for _ in range(8):
            if i % 2:
                service.rotate_seed(gm)
            else:
                service.roll(gm, "roll", {"notation": "1d6"})

    _, errors = together(work)
    assert errors == []  # no rotation hit another's new epoch (an IntegrityError, a 500 in the API)
    service.rotate_seed(gm)  # reveal the last epoch too, so every roll can be verified
    revealed_at: dict[str, int] = {}
    for event in service.events_for(gm):
        if event.kind == "seed_rotated":
            revealed_at[event.payload["revealed"]["commitment"]] = event.seq
        elif event.kind == "roll":
            # A roll made with a seed already published would be predictable by anyone who read it.
            assert event.payload["roll"]["source"]["commitment"] not in revealed_at, event.seq
    epochs = service.store.read(lambda c: service.store.epochs(c, made.table_id))
    assert [e.epoch for e in epochs] == list(range(len(epochs)))
    assert len(epochs) == 1 + 2 * 8 + 1
    report = verify_log(service.fair_log(gm))
    assert report.ok and report.verified == 2 * 8


def test_an_event_is_undone_once(database: Database) -> None:
    service = TableService(Store(database))
    made = service.create("Race", "dice", {}, "Norn")
    gm = service.viewer(made.table_id, made.gm_token)
    seq = service.post(gm, "chat", "oops", "public").seq

    results, errors = together(lambda _: service.undo(gm, seq))
    assert len(results) == 1
    assert len(errors) == THREADS - 1 and all(isinstance(e, RunehallError) for e in errors), errors
    assert [e.kind for e in service.events_for(gm)].count("revoke") == 1


def test_timestamps_are_utc_whatever_the_database_session_says(database: Database) -> None:
    service = TableService(Store(database))
    before = datetime.now(UTC)
    made = service.create("Clock", "dice", {}, "Norn")
    after = datetime.now(UTC)
    gm = service.viewer(made.table_id, made.gm_token)
    event = service.events_for(gm)[0]
    offset = event.created_at.utcoffset()
    assert offset is not None and offset.total_seconds() == 0
    assert before <= event.created_at <= after
    exported = service.export(gm)
    assert exported["table"]["created_at"].endswith("+00:00")
    assert all(e["created_at"].endswith("+00:00") for e in exported["events"])


def test_text_with_nul_is_refused_before_it_reaches_the_database(client: Any) -> None:
    table = open_table(client)
    before = table.gm.events()
    for path, body in [
        ("/chat", {"text": "a\x00b"}),
        ("/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": "1d6\x00"}}),
        ("/seed/rotate", {"client_seed": "\x00"}),
    ]:
        response = table.gm.post(path, body)
        assert response.status_code == 422 and "NUL" in response.text, response.text
    assert client.post("/api/tables", json={"name": "\x00", "system": "dice", "gm_name": "N"}).status_code == 422
    joined = client.post("/api/join", json={"invite_code": table.invite_code + "\x00", "name": "X"})
    assert joined.status_code == 422
    revoked = client.post(f"/api/tables/{table.gm.table}/participants/%00/revoke", headers=table.gm.headers)
    assert revoked.status_code == 422
    assert table.gm.events() == before


def _damaged(exported: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Exports broken in one place each, with what should be named in the refusal."""
    fresh = {**exported["table"], "id": "fresh-id", "invite_code": "fresh-code"}
    base = _renamed(exported, "fresh-id")

    def but(**changes: Any) -> dict[str, Any]:
        return {**base, **changes}

    roll = next(e for e in base["events"] if e["kind"] == "roll")
    bad_roll = [e if e is not roll else {**roll, "payload": {"roll": {"faces": 1}}} for e in base["events"]]
    return [
        ("table", but(table=[])),
        ("name", but(table={**fresh, "name": 5})),
        ("NUL", but(table={**fresh, "name": "a\x00"})),
        ("name", but(table={**fresh, "name": "x" * 500})),
        ("created_at", but(table={**fresh, "created_at": "yesterday"})),
        ("password_hash", but(table={**fresh, "password_hash": "pbkdf2_sha256$0$zz$zz"})),
        ("numbered", but(events=base["events"][1:])),
        ("unrevealed", but(seeds=[{**s, "revealed": True} for s in base["seeds"]])),
        ("events", but(events=[{**base["events"][0], "payload": []}, *base["events"][1:]])),
        ("stored roll", but(events=bad_roll)),
        ("system", but(table={**fresh, "system": "nope"})),
        ("already exists", {**exported, "table": {**fresh, "id": "fresh-id2"}}),  # its participants exist here
    ]


def _renamed(exported: dict[str, Any], table_id: str) -> dict[str, Any]:
    """The export as another table: new table id and code, its people under new ids and tokens (an import
    must name only people of its own table)."""
    text = json.dumps(exported)
    for n, p in enumerate(exported["participants"]):
        text = text.replace(p["id"], f"{table_id}-p{n}")
    data: dict[str, Any] = json.loads(text)
    data["table"] = {**data["table"], "id": table_id, "invite_code": f"code-{table_id}"}
    for p in data["participants"]:
        p["token_hash"] = hashlib.sha256(p["id"].encode()).hexdigest()
    return data


def test_a_damaged_import_is_refused_and_writes_nothing(client: Any) -> None:
    table = open_table(client)
    table.gm.post("/rolls", {"system": "dice", "mechanic": "roll", "params": {"notation": "2d6"}})
    exported = table.gm.get("/export").json()
    for expected, document in _damaged(exported):
        response = client.post("/api/import", json=document)
        assert 400 <= response.status_code < 500, (expected, response.text)
        assert expected in response.json()["detail"], (expected, response.text)
    for table_id in ("fresh-id", "fresh-id2"):
        # Nothing of a refused import was written: the same ids import cleanly afterwards.
        clean = _renamed(exported, table_id)
        assert client.post("/api/import", json=clean).status_code == 201, client.post("/api/import", json=clean).text
