"""How `runehall serve` runs: the heap settled after start-up, live sockets without per-message deflate."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from live_server import server
from runehall.service.runtime import YOUNG_THRESHOLD, settle_heap


@pytest.fixture
def restored_gc() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_settle_heap_freezes_what_start_up_built_and_raises_the_young_threshold(restored_gc: None) -> None:
    built_at_start_up = [{"rule": n} for n in range(1000)]
    settle_heap()
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD
    assert gc.get_freeze_count() >= len(built_at_start_up)
    first = built_at_start_up[0]
    assert not any(o is first for o in gc.get_objects())  # no collection looks at it again


def test_live_socket_declines_compression_and_streams_events(tmp_path: Path) -> None:
    # A browser offers permessage-deflate; the server declines it, since compressing each small event once
    # per socket cost a third of the event loop's time with a thousand sockets (bench/load.py).
    with server(f"sqlite:///{tmp_path / 'live.sqlite3'}", tmp_path / "server.log") as (_, base):
        http = httpx.Client(base_url=base, timeout=10, trust_env=False)
        made = http.post("/api/tables", json={"name": "Saga", "system": "dice", "gm_name": "Norn"})
        assert made.status_code == 201, made.text
        table_id, token = made.json()["table_id"], made.json()["token"]
        ws_url = base.replace("http", "ws") + f"/api/tables/{table_id}/ws?token={token}&since=0"
        with connect(ws_url, proxy=None, compression="deflate", open_timeout=10) as socket:
            assert socket.protocol.extensions == []
            rolled = http.post(
                f"/api/tables/{table_id}/rolls",
                headers={"Authorization": f"Bearer {token}"},
                json={"system": "dice", "mechanic": "roll", "params": {"notation": "2d6"}},
            )
            assert rolled.status_code == 201, rolled.text
            seqs = [json.loads(socket.recv(timeout=10))["seq"] for _ in range(rolled.json()["seq"])]
            assert seqs[-1] == rolled.json()["seq"]
