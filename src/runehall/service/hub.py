"""Live updates: each table's connections, and the events each may see.

Visibility is checked here, per connection, before an event is queued: a player's socket is never
handed a hidden event, only a tick with its sequence number (kept on the server, never sent) so the
socket knows the event was accounted for. Each event is serialised once for everyone who may see it.
Each connection has a bounded queue; a client too slow to keep up is disconnected (it resumes from its
last sequence number) instead of slowing everyone else down.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from runehall.storage.store import Event, Participant
from runehall.table.visibility import SEALED_VISIBILITY, can_see

QUEUE_LIMIT = 1000
# Live sockets at once. A person has a few tabs and devices open; more is a leak or an attack (800 sockets
# in 2 s were opened by one token), each holding a queue of up to QUEUE_LIMIT events.
SOCKETS_PER_PARTICIPANT = 8
SOCKETS_PER_TABLE = 256  # a table of 30 people with 8 sockets each still fits


Message = tuple[int, str | None]  # seq, and the event's JSON text or None for a hidden event


@dataclass(eq=False)
class Subscriber:
    viewer: Participant
    queue: asyncio.Queue[Message | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    overflowed: bool = False

    def offer(self, message: Message) -> None:
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True
            self.close()

    def close(self) -> None:
        # A None tells the sender to stop; room is made for it if the queue is full.
        while True:
            try:
                self.queue.put_nowait(None)
                return
            except asyncio.QueueFull:
                self.queue.get_nowait()


class Hub:
    def __init__(self) -> None:
        self.rooms: dict[str, set[Subscriber]] = {}

    def subscribe(self, subscriber: Subscriber) -> str | None:
        """Add a connection; or, over a limit, add nothing and say why (the socket is then closed)."""
        room = self.rooms.get(subscriber.viewer.table_id, set())
        if len(room) >= SOCKETS_PER_TABLE:
            return f"too many live connections at this table (at most {SOCKETS_PER_TABLE})"
        if sum(1 for s in room if s.viewer.id == subscriber.viewer.id) >= SOCKETS_PER_PARTICIPANT:
            return f"too many live connections for one participant (at most {SOCKETS_PER_PARTICIPANT})"
        self.rooms.setdefault(subscriber.viewer.table_id, room).add(subscriber)
        return None

    def unsubscribe(self, subscriber: Subscriber) -> None:
        room = self.rooms.get(subscriber.viewer.table_id)
        if room is not None:
            room.discard(subscriber)
            if not room:
                del self.rooms[subscriber.viewer.table_id]

    def publish(self, events: Iterable[Event], present: Any) -> None:
        for event in events:
            room = list(self.rooms.get(event.table_id, ()))
            if not room:
                continue
            text = json.dumps(present(event))
            # One side of a secret choice: the others are told only that a choice was sealed, so their boards
            # are drawn anew (showing "chosen"); what was chosen stays with its author.
            notice = json.dumps({"type": "sealed"}) if event.visibility == SEALED_VISIBILITY else None
            for subscriber in room:
                subscriber.offer((event.seq, text if can_see(event, subscriber.viewer) else notice))

    def kick(self, table_id: str, participant_id: str) -> None:
        for subscriber in list(self.rooms.get(table_id, ())):
            if subscriber.viewer.id == participant_id:
                subscriber.close()

    def online(self, table_id: str) -> set[str]:
        return {s.viewer.id for s in self.rooms.get(table_id, ())}
