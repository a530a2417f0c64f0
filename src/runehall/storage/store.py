"""The table store: tables, participants, seed epochs and the append-only event log.

Every write is one transaction. An event's number comes from `tables.last_seq`, incremented in the
same transaction as the insert, so a crash leaves either the whole event or nothing, and numbers are
never reused. A fair roll takes its nonce the same way from its seed epoch.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import Connection, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from runehall.chance.sources import commitment
from runehall.errors import RunehallError
from runehall.storage.db import Database
from runehall.storage.schema import events, participants, seeds, tables

R = TypeVar("R")


class NotFound(RunehallError):
    """An unknown table, participant, event or code."""


class Forbidden(RunehallError):
    """A valid participant asking for something their role does not allow."""


class Unauthorized(RunehallError):
    """No token, or a token that is unknown or revoked."""


class Conflict(RunehallError):
    """The request clashes with what exists (an imported table id already taken...)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Participant:
    id: str
    table_id: str
    name: str
    role: str  # gm | player
    revoked: bool

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"


@dataclass(frozen=True)
class Event:
    table_id: str
    seq: int
    kind: str
    author: str | None
    visibility: str
    payload: dict[str, Any]
    created_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "author": self.author,
            "visibility": self.visibility,
            "payload": self.payload,
            "created_at": self.created_at.isoformat(),
        }


@dataclass(frozen=True)
class SeedEpoch:
    epoch: int
    server_seed: str
    commitment: str
    client_seed: str
    next_nonce: int
    revealed: bool

    def public(self) -> dict[str, Any]:
        return {
            "epoch": self.epoch,
            "commitment": self.commitment,
            "client_seed": self.client_seed,
            "server_seed": self.server_seed if self.revealed else None,
        }


def aware(moment: datetime) -> datetime:
    """A stored moment in UTC. SQLite hands back naive datetimes (stored as UTC); PostgreSQL hands back
    aware ones in the session's time zone, which need not be UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _event(row: Any) -> Event:
    created = aware(row.created_at)
    return Event(row.table_id, int(row.seq), row.kind, row.author, row.visibility, dict(row.payload), created)


def _participant(row: Any) -> Participant:
    return Participant(row.id, row.table_id, row.name, row.role, bool(row.revoked))


def _epoch(row: Any) -> SeedEpoch:
    return SeedEpoch(
        int(row.epoch), row.server_seed, row.commitment, row.client_seed, int(row.next_nonce), bool(row.revealed)
    )


class Store:
    def __init__(self, database: Database) -> None:
        self.db = database

    # -- transactions -------------------------------------------------------------------------------
    def write(self, work: Callable[[Connection], R]) -> R:
        with self.db.engine.begin() as connection:
            return work(connection)

    def read(self, work: Callable[[Connection], R]) -> R:
        with self.db.engine.connect() as connection:
            return work(connection)

    def lock(self, connection: Connection, table_id: str) -> None:
        """Hold the table's write lock until this transaction ends, so what it reads next stays true.

        Writers at one table take turns: a check made after the lock (is this seed still secret? is that
        event already undone?) cannot be overtaken by another writer before this transaction commits.
        The no-op UPDATE takes the row lock on PostgreSQL, and on SQLite opens the write transaction.
        """
        done = connection.execute(update(tables).where(tables.c.id == table_id).values(last_seq=tables.c.last_seq))
        if done.rowcount != 1:
            raise NotFound(f"no table {table_id!r}")

    # -- tables and participants ----------------------------------------------------------------------
    def create_table(
        self,
        connection: Connection,
        name: str,
        system: str,
        options: dict[str, Any],
        password_hash: str | None,
        players_can_undo: bool,
        client_seed: str,
    ) -> str:
        table_id = secrets.token_urlsafe(9)
        connection.execute(
            insert(tables).values(
                id=table_id,
                name=name,
                system=system,
                options=options,
                invite_code=secrets.token_hex(5),
                password_hash=password_hash,
                players_can_undo=players_can_undo,
                last_seq=0,
                created_at=now(),
            )
        )
        self.new_epoch(connection, table_id, 0, client_seed)
        return table_id

    def table(self, connection: Connection, table_id: str) -> Any:
        row = connection.execute(select(tables).where(tables.c.id == table_id)).first()
        if row is None:
            raise NotFound(f"no table {table_id!r}")
        return row

    def table_by_code(self, connection: Connection, code: str) -> Any:
        row = connection.execute(select(tables).where(tables.c.invite_code == code)).first()
        if row is None:
            raise NotFound("no table has that invite code")
        return row

    def add_participant(self, connection: Connection, table_id: str, name: str, role: str) -> tuple[Participant, str]:
        token = secrets.token_urlsafe(32)
        participant_id = secrets.token_urlsafe(9)
        connection.execute(
            insert(participants).values(
                id=participant_id,
                table_id=table_id,
                name=name,
                role=role,
                token_hash=token_hash(token),
                revoked=False,
                created_at=now(),
            )
        )
        return Participant(participant_id, table_id, name, role, False), token

    def by_token(self, connection: Connection, token: str) -> Participant:
        row = connection.execute(select(participants).where(participants.c.token_hash == token_hash(token))).first()
        if row is None or row.revoked:
            raise Unauthorized("unknown or revoked access token")
        return _participant(row)

    def participants(self, connection: Connection, table_id: str) -> list[Participant]:
        rows = connection.execute(
            select(participants).where(participants.c.table_id == table_id).order_by(participants.c.created_at)
        )
        return [_participant(r) for r in rows]

    def revoke_participant(self, connection: Connection, table_id: str, participant_id: str) -> None:
        done = connection.execute(
            update(participants)
            .where(and_(participants.c.id == participant_id, participants.c.table_id == table_id))
            .values(revoked=True)
        )
        if done.rowcount != 1:
            raise NotFound(f"no participant {participant_id!r} at this table")

    # -- seeds -----------------------------------------------------------------------------------------
    def new_epoch(self, connection: Connection, table_id: str, epoch: int, client_seed: str) -> SeedEpoch:
        seed = secrets.token_bytes(32)
        values = {
            "table_id": table_id,
            "epoch": epoch,
            "server_seed": seed.hex(),
            "commitment": commitment(seed),
            "client_seed": client_seed,
            "next_nonce": 0,
            "revealed": False,
        }
        connection.execute(insert(seeds).values(**values))
        return SeedEpoch(epoch, seed.hex(), commitment(seed), client_seed, 0, False)

    def epochs(self, connection: Connection, table_id: str) -> list[SeedEpoch]:
        rows = connection.execute(select(seeds).where(seeds.c.table_id == table_id).order_by(seeds.c.epoch))
        return [_epoch(r) for r in rows]

    def take_nonce(self, connection: Connection, table_id: str) -> SeedEpoch:
        """The current epoch with the nonce this roll uses; the counter moves on in the same transaction."""
        self.lock(connection, table_id)  # a rotation cannot reveal this epoch between reading and using it
        current = connection.execute(
            select(func.max(seeds.c.epoch)).where(and_(seeds.c.table_id == table_id, seeds.c.revealed.is_(False)))
        ).scalar_one()
        row = connection.execute(
            update(seeds)
            .where(and_(seeds.c.table_id == table_id, seeds.c.epoch == current, seeds.c.revealed.is_(False)))
            .values(next_nonce=seeds.c.next_nonce + 1)
            .returning(*seeds.c)
        ).one()
        taken = _epoch(row)
        return SeedEpoch(
            taken.epoch, taken.server_seed, taken.commitment, taken.client_seed, taken.next_nonce - 1, False
        )

    def rotate(self, connection: Connection, table_id: str, client_seed: str | None) -> tuple[SeedEpoch, SeedEpoch]:
        self.lock(connection, table_id)  # two rotations at once would both reveal one epoch and clash
        current = [e for e in self.epochs(connection, table_id) if not e.revealed][-1]
        connection.execute(
            update(seeds)
            .where(and_(seeds.c.table_id == table_id, seeds.c.epoch == current.epoch))
            .values(revealed=True)
        )
        revealed = SeedEpoch(
            current.epoch, current.server_seed, current.commitment, current.client_seed, current.next_nonce, True
        )
        return revealed, self.new_epoch(connection, table_id, current.epoch + 1, client_seed or current.client_seed)

    # -- events ----------------------------------------------------------------------------------------
    def append(
        self,
        connection: Connection,
        table_id: str,
        kind: str,
        author: str | None,
        visibility: str,
        payload: dict[str, Any],
    ) -> Event:
        seq = connection.execute(
            update(tables)
            .where(tables.c.id == table_id)
            .values(last_seq=tables.c.last_seq + 1)
            .returning(tables.c.last_seq)
        ).scalar_one()
        created = now()
        connection.execute(
            insert(events).values(
                table_id=table_id,
                seq=seq,
                kind=kind,
                author=author,
                visibility=visibility,
                payload=payload,
                created_at=created,
            )
        )
        return Event(table_id, int(seq), kind, author, visibility, payload, created)

    def events(self, connection: Connection, table_id: str, since: int = 0) -> list[Event]:
        rows = connection.execute(
            select(events).where(and_(events.c.table_id == table_id, events.c.seq > since)).order_by(events.c.seq)
        )
        return [_event(r) for r in rows]

    def event(self, connection: Connection, table_id: str, seq: int) -> Event:
        row = connection.execute(select(events).where(and_(events.c.table_id == table_id, events.c.seq == seq))).first()
        if row is None:
            raise NotFound(f"no event {seq} at this table")
        return _event(row)

    # -- export and import -------------------------------------------------------------------------------
    def export(self, connection: Connection, table_id: str) -> dict[str, Any]:
        """Everything about a table, secrets included (for backups and moving a table between servers)."""
        table = self.table(connection, table_id)
        people = connection.execute(select(participants).where(participants.c.table_id == table_id))
        return {
            "format": "runehall-table/1",
            "table": {
                "id": table.id,
                "name": table.name,
                "system": table.system,
                "options": table.options,
                "invite_code": table.invite_code,
                "password_hash": table.password_hash,
                "players_can_undo": bool(table.players_can_undo),
                "last_seq": int(table.last_seq),
                "created_at": aware(table.created_at).isoformat(),
            },
            "participants": [
                {
                    "id": p.id,
                    "name": p.name,
                    "role": p.role,
                    "token_hash": p.token_hash,
                    "revoked": bool(p.revoked),
                    "created_at": aware(p.created_at).isoformat(),
                }
                for p in people
            ],
            "seeds": [
                {
                    "epoch": e.epoch,
                    "server_seed": e.server_seed,
                    "commitment": e.commitment,
                    "client_seed": e.client_seed,
                    "next_nonce": e.next_nonce,
                    "revealed": e.revealed,
                }
                for e in self.epochs(connection, table_id)
            ],
            "events": [e.to_json() for e in self.events(connection, table_id)],
        }

    def import_table(self, connection: Connection, data: dict[str, Any]) -> str:
        t = data["table"]
        try:
            connection.execute(
                insert(tables).values(
                    id=t["id"],
                    name=t["name"],
                    system=t["system"],
                    options=t["options"],
                    invite_code=t["invite_code"],
                    password_hash=t["password_hash"],
                    players_can_undo=bool(t["players_can_undo"]),
                    last_seq=int(t["last_seq"]),
                    created_at=datetime.fromisoformat(t["created_at"]),
                )
            )
        except IntegrityError:
            raise Conflict(f"a table with id {t['id']!r} or its invite code already exists") from None
        for p in data["participants"]:
            connection.execute(
                insert(participants).values(
                    id=p["id"],
                    table_id=t["id"],
                    name=p["name"],
                    role=p["role"],
                    token_hash=p["token_hash"],
                    revoked=bool(p["revoked"]),
                    created_at=datetime.fromisoformat(p["created_at"]),
                )
            )
        for s in data["seeds"]:
            connection.execute(insert(seeds).values(table_id=t["id"], **s))
        for e in data["events"]:
            connection.execute(
                insert(events).values(
                    table_id=t["id"],
                    seq=int(e["seq"]),
                    kind=e["kind"],
                    author=e["author"],
                    visibility=e["visibility"],
                    payload=e["payload"],
                    created_at=datetime.fromisoformat(e["created_at"]),
                )
            )
        return str(t["id"])
