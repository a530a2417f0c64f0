"""A client flooding its live socket is cut off (1008) while everyone else at the table keeps up.

The real server runs as a subprocess. Flooders (players at the table) connect again and again and each
time send messages far faster than the rate limit allows. Meanwhile the game master rolls; a calm
player's socket must receive each roll within a second of the roll being acknowledged, and every
flooding connection must end with the policy-violation close code after no more than its burst.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from live_server import server
from runehall.service.live import BURST, POLICY_VIOLATION

FLOODERS = 3
MESSAGES_PER_CONNECTION = 200  # far over the burst
ROLLS = 5
LIVENESS = 1.0  # seconds from a roll's acknowledgement to its arrival at the calm socket
PING = json.dumps({"type": "ping", "pad": "x" * 200})


def _socket(base: str, table_id: str, token: str, since: int = 0, close_timeout: float = 5) -> ClientConnection:
    url = f"{base.replace('http://', 'ws://')}/api/tables/{table_id}/ws?token={token}&since={since}"
    return connect(url, proxy=None, open_timeout=10, close_timeout=close_timeout)


def _receive_seq(ws: ClientConnection, seq: int, timeout: float) -> dict[str, Any] | None:
    """The event `seq` if it arrives on `ws` before `timeout` seconds pass (earlier events are skipped)."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            return None
        if message.get("seq") == seq:
            return message  # type: ignore[no-any-return]
    return None


def test_a_flooding_socket_is_cut_off_and_the_others_keep_receiving(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path / 'flood.sqlite3'}", tmp_path / "server.log") as (_, base):
        http = httpx.Client(base_url=base, timeout=10, trust_env=False)
        made = http.post("/api/tables", json={"name": "Saga", "system": "dice", "gm_name": "Norn"})
        assert made.status_code == 201, made.text
        table_id, invite = made.json()["table_id"], made.json()["invite_code"]
        gm = {"Authorization": f"Bearer {made.json()['token']}"}
        tokens = []
        for name in ["Calm", *(f"Flood{i}" for i in range(FLOODERS))]:
            joined = http.post("/api/join", json={"invite_code": invite, "name": name})
            assert joined.status_code == 201, joined.text
            tokens.append(joined.json()["token"])
        calm_token, flood_tokens = tokens[0], tokens[1:]

        stop = threading.Event()
        lock = threading.Lock()
        rounds: list[tuple[int | None, int]] = []  # per flooding connection: its close code, pongs it got

        def flood(token: str) -> None:
            while not stop.is_set():
                # A short close timeout: the websockets client, cut off in the middle of send(), waits that
                # long before giving up the connection (its send holds the lock its close reply needs).
                with _socket(base, table_id, token, since=2**40, close_timeout=0.2) as ws:
                    try:
                        for _ in range(MESSAGES_PER_CONNECTION):
                            ws.send(PING)
                    except ConnectionClosed:
                        pass  # cut off while still sending
                    pongs, code = 0, None
                    try:
                        while True:
                            if json.loads(ws.recv(timeout=10)).get("type") == "pong":
                                pongs += 1
                    except ConnectionClosed as closed:
                        code = closed.rcvd.code if closed.rcvd else None
                    except TimeoutError:
                        code = None  # never cut off: the assertion below reports it
                with lock:
                    rounds.append((code, pongs))

        with _socket(base, table_id, calm_token) as calm:
            assert _receive_seq(calm, 1 + 1 + len(tokens), timeout=10) is not None  # the backlog: created, joins
            flooders = [threading.Thread(target=flood, args=(t,), daemon=True) for t in flood_tokens]
            for t in flooders:
                t.start()
            try:
                for i in range(ROLLS):
                    seen = len(rounds)
                    waited = time.monotonic() + 10
                    while len(rounds) < seen + FLOODERS and time.monotonic() < waited:
                        time.sleep(0.01)  # let the flood run a few rounds between rolls
                    rolled = http.post(
                        f"/api/tables/{table_id}/rolls",
                        headers=gm,
                        json={"system": "dice", "mechanic": "roll", "params": {"notation": f"{i + 1}d6"}},
                    )
                    assert rolled.status_code == 201, rolled.text
                    arrived = _receive_seq(calm, rolled.json()["seq"], timeout=LIVENESS)
                    assert arrived is not None, f"roll {i + 1} did not reach the calm player within {LIVENESS} s"
                    assert arrived["payload"] == rolled.json()["payload"]
            finally:
                stop.set()
                for t in flooders:
                    t.join(timeout=30)
            assert not any(t.is_alive() for t in flooders)
            calm.send(json.dumps({"type": "ping"}))  # the calm socket is still open and answered
            assert json.loads(calm.recv(timeout=10)) == {"type": "pong"}

        assert len(rounds) >= ROLLS * FLOODERS
        assert {code for code, _ in rounds} == {POLICY_VIOLATION}, rounds
        assert max(pongs for _, pongs in rounds) <= BURST, rounds
