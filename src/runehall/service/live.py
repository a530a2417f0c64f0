"""The live WebSocket: the events a participant may see, resumable from a sequence number.

To resume with no gap and no duplicate, the socket subscribes to the hub first, then sends the stored
events after `since`, then whatever the hub queued, skipping anything at or below the last seq sent.
Clients may send small JSON messages (a ping); each connection has a size limit and a token-bucket rate
limit, and a client that breaks them is disconnected without touching anyone else.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlparse

from fastapi import WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from runehall import wire
from runehall.errors import RunehallError
from runehall.service.hub import Hub, Subscriber
from runehall.storage.store import Event

MAX_MESSAGE = 4096
RATE = 10.0  # messages per second, sustained
BURST = 20.0
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013  # over a connection limit: close another of your connections first


class Bucket:
    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def live_socket(service: Any, hub: Hub, present: Callable[[Event], dict[str, Any]]) -> Callable[..., Awaitable[None]]:
    async def endpoint(websocket: WebSocket, table_id: str) -> None:
        token = websocket.query_params.get("token") or websocket.cookies.get(f"rh_{table_id}") or ""
        if not same_site(websocket):
            await websocket.close(code=POLICY_VIOLATION, reason="this page is from another site")
            return
        try:
            since = int(websocket.query_params.get("since", "0"))
            if not 0 <= since <= wire.MAX_SEQ:
                raise ValueError
            viewer = await run_in_threadpool(service.viewer, table_id, token)
        except (ValueError, RunehallError):
            await websocket.close(code=POLICY_VIOLATION, reason="unknown token or bad 'since'")
            return
        subscriber = Subscriber(viewer)
        refused = hub.subscribe(subscriber)  # counted and added at once: no await between the two
        if refused is not None:  # accepted first, so the client reads the reason in the close frame
            await websocket.accept()
            await _close(websocket, TRY_AGAIN_LATER, refused)
            return
        try:
            # Looked up again now that it is subscribed: a revoke that committed since the first look-up
            # has kicked every socket it found, and this one was not there yet (the first look-up was old).
            await run_in_threadpool(service.viewer, table_id, token)
        except RunehallError:
            hub.unsubscribe(subscriber)
            await websocket.close(code=POLICY_VIOLATION, reason="unknown token or bad 'since'")
            return
        try:
            await websocket.accept()
            backlog = await run_in_threadpool(service.events_for, viewer, since)
            last = since
            for event in backlog:
                await websocket.send_text(json.dumps(present(event)))
                last = event.seq
            sender = asyncio.create_task(_send(websocket, subscriber, last, service, present))
            receiver = asyncio.create_task(_receive(websocket))
            done, pending = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in done:
                task.exception()  # collected, so asyncio does not log it; the socket is closing anyway
        except WebSocketDisconnect:
            pass
        finally:
            hub.unsubscribe(subscriber)
            if subscriber.overflowed:
                await _close(websocket, POLICY_VIOLATION, "too slow: reconnect with since=<last seq>")

    return endpoint


def same_site(websocket: WebSocket) -> bool:
    """A browser always says which page opened a socket (Origin), and sends the table's cookie with it even
    from another site: a page elsewhere must not read the table live as whoever visits it. Clients that
    are not browsers send no Origin and authenticate with their token as for the API."""
    origin = websocket.headers.get("origin")
    return origin is None or urlparse(origin).netloc == websocket.headers.get("host")


async def _send(
    websocket: WebSocket, subscriber: Subscriber, last: int, service: Any, present: Callable[[Event], dict[str, Any]]
) -> None:
    """Forward queued events in sequence. Request threads may publish a table's events out of order; a
    gap is filled from the database, where every event up to the one that arrived is already committed
    (a table's numbers are handed out under its row lock)."""
    while True:
        message = await subscriber.queue.get()
        if message is None:
            await _close(websocket, POLICY_VIOLATION, "disconnected by the server")
            return
        seq, text = message
        if seq <= last:
            continue  # already sent from the backlog or a catch-up
        if seq > last + 1:
            missed = await run_in_threadpool(service.events_for, subscriber.viewer, last)
            for event in missed:
                if last < event.seq < seq:
                    await websocket.send_text(json.dumps(present(event)))
        if text is not None:
            await websocket.send_text(text)
        last = seq


async def _receive(websocket: WebSocket) -> None:
    bucket = Bucket()
    while True:
        text = await websocket.receive_text()
        if len(text) > MAX_MESSAGE:
            await _close(websocket, POLICY_VIOLATION, f"message over {MAX_MESSAGE} bytes")
            return
        if not bucket.take():
            await _close(websocket, POLICY_VIOLATION, "too many messages")
            return
        try:
            message = wire.loads(text, "the message")
        except (ValueError, RunehallError):
            await websocket.send_text(json.dumps({"type": "error", "detail": "send JSON"}))
            continue
        if isinstance(message, dict) and message.get("type") == "ping":
            await websocket.send_text(json.dumps({"type": "pong"}))
        else:
            await websocket.send_text(json.dumps({"type": "error", "detail": "the only message accepted is a ping"}))


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    try:
        await websocket.close(code=code, reason=reason)
    except RuntimeError:
        pass  # already closed
