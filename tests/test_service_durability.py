"""Durability: a server killed (SIGKILL) in the middle of a burst of rolls loses nothing it acknowledged.

The real server runs as a subprocess (`python -m runehall serve`) on SQLite and on PostgreSQL. Threads
post rolls; every 201 is an acknowledgement, recorded with the event it returned. The server is killed
while requests are in flight, started again on the same database, and the table must hold every
acknowledged event exactly as acknowledged, numbered 1..N with no gap and no duplicate, with no
half-written event, and with a fair log that still verifies (no nonce was used twice).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from live_server import server
from runehall.fairness.log import verify_log
from runehall.rolling import RollResult
from service_fixtures import BACKENDS, postgres_url

WRITERS = 3
ACKS_BEFORE_KILL = 40


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_sigkill_mid_burst_loses_no_acknowledged_event(backend: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'durable.sqlite3'}" if backend == "sqlite" else postgres_url("_durable")
    log = tmp_path / "server.log"
    acknowledged: dict[int, dict[str, Any]] = {}
    failures: list[str] = []  # what the writer threads saw go wrong (an assert in a thread would go unseen)
    lock = threading.Lock()

    with server(url, log) as (process, base):
        http = httpx.Client(base_url=base, timeout=10, trust_env=False)
        made = http.post("/api/tables", json={"name": "Saga", "system": "dice", "gm_name": "Norn"})
        assert made.status_code == 201, made.text
        table_id, token = made.json()["table_id"], made.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        enough = threading.Event()

        def burst(writer: int) -> None:
            with httpx.Client(base_url=base, headers=headers, timeout=10, trust_env=False) as client:
                for i in range(10_000):  # bounded: the server is killed long before
                    body = {
                        "system": "dice",
                        "mechanic": "roll",
                        "params": {"notation": f"{1 + (writer + i) % 9}d6+{i}"},
                    }
                    try:
                        response = client.post(f"/api/tables/{table_id}/rolls", json=body)
                    except httpx.TransportError:
                        return  # the server is gone
                    with lock:
                        if response.status_code != 201:
                            failures.append(f"{response.status_code} {response.text}")
                            enough.set()
                            return
                        event = response.json()
                        if event["seq"] in acknowledged:
                            failures.append(f"seq {event['seq']} acknowledged twice")
                        acknowledged[event["seq"]] = event
                        if len(acknowledged) >= ACKS_BEFORE_KILL:
                            enough.set()

        writers = [threading.Thread(target=burst, args=(w,), daemon=True) for w in range(WRITERS)]
        for t in writers:
            t.start()
        assert enough.wait(timeout=60), f"only {len(acknowledged)} rolls acknowledged:\n{log.read_text()}"
        os.kill(process.pid, signal.SIGKILL)  # with requests in flight
        process.wait(timeout=10)
        for t in writers:
            t.join(timeout=30)
        assert not any(t.is_alive() for t in writers)
        assert failures == []
    assert process.returncode == -signal.SIGKILL

    if backend == "sqlite":
        with sqlite3.connect(tmp_path / "durable.sqlite3") as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    with server(url, log) as (_, base):
        http = httpx.Client(base_url=base, headers=headers, timeout=10, trust_env=False)
        events = http.get(f"/api/tables/{table_id}/events")
        assert events.status_code == 200, events.text
        stored = events.json()
        seqs = [e["seq"] for e in stored]
        assert seqs == list(range(1, len(seqs) + 1)), "a gap or a duplicate in the sequence numbers"
        summary = http.get(f"/api/tables/{table_id}").json()
        assert summary["last_seq"] == len(seqs)
        by_seq = {e["seq"]: e for e in stored}
        for seq, event in acknowledged.items():
            assert by_seq.get(seq) == event, f"acknowledged event {seq} lost or changed"
        assert [e["kind"] for e in stored[:2]] == ["table_created", "joined"]
        for event in stored[2:]:  # every roll, acknowledged or not, is whole
            assert event["kind"] == "roll"
            roll = RollResult.from_json(event["payload"]["roll"])
            assert roll.tape and roll.render() and event["text"]
        # Numbering and nonces carry on where they stopped, and every roll still verifies.
        after = http.post(
            f"/api/tables/{table_id}/rolls", json={"system": "dice", "mechanic": "roll", "params": {"notation": "1d6"}}
        )
        assert after.status_code == 201 and after.json()["seq"] == len(seqs) + 1
        rotated = http.post(f"/api/tables/{table_id}/seed/rotate", json={})
        assert rotated.status_code == 201
        fair_log = http.get(f"/api/tables/{table_id}/fair-log").json()
        report = verify_log(fair_log)
        assert report.ok and report.verified == len(seqs) - 2 + 1
