"""The table store: tables, participants, seed epochs and the append-only event log.

Every write is one transaction. An event's number comes from `tables.last_seq`, incremented in the
same transaction as the insert, so a crash leaves either the whole event or nothing, and numbers are
never reused. A fair roll takes its nonce the same way from its seed epoch.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from runehall.errors import N_, RunehallError
from runehall.storage.db import Database
from runehall.storage.schema import events, participants, tables
from runehall.storage.seeds import SeedEpoch, SeedStore  # noqa: F401 - SeedEpoch: part of the store's API

if TYPE_CHECKING:
    from runehall.storage.exports import TableExport

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


def contains_nul(value: Any) -> bool:
    """Whether any text in a JSON value holds a NUL character (PostgreSQL cannot store one)."""
    pending = [value]  # a walk without recursion: nesting depth is the client's choice
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


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


def aware(moment: datetime) -> datetime:
    """A stored moment in UTC. SQLite hands back naive datetimes (stored as UTC); PostgreSQL hands back
    aware ones in the session's time zone, which need not be UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _event(row: Any) -> Event:
    created = aware(row.created_at)
    return Event(row.table_id, int(row.seq), row.kind, row.author, row.visibility, dict(row.payload), created)


def _participant(row: Any) -> Participant:
    return Participant(row.id, row.table_id, row.name, row.role, bool(row.revoked))


class Store(SeedStore):
    def __init__(self, database: Database) -> None:
        self.db = database
        # SQLite has one writer at a time and makes the others sleep and retry; queueing them here instead
        # keeps a busy table's waits short and fair. PostgreSQL locks per table row and needs none of it.
        self._sqlite_writer = threading.Lock() if database.path is not None else None

    # -- transactions -------------------------------------------------------------------------------
    def write(self, work: Callable[[Connection], R]) -> R:
        if self._sqlite_writer is None:
            with self.db.engine.begin() as connection:
                return work(connection)
        with self._sqlite_writer, self.db.engine.begin() as connection:
            return work(connection)

    def read(self, work: Callable[[Connection], R]) -> R:
        with self.db.engine.connect() as connection:
            return work(connection)

    def snapshot(self, work: Callable[[Connection], R]) -> R:
        """Reads that must agree with each other (an export), in one read transaction: every SELECT sees
        the database as of one moment, whatever commits meanwhile. pysqlite opens no transaction for a
        SELECT, so each would see the latest commit; an explicit BEGIN holds one WAL snapshot from the
        first read to the end. PostgreSQL's REPEATABLE READ gives one snapshot for the transaction."""
        with self.db.engine.connect() as connection:
            if self.db.path is not None:
                connection.exec_driver_sql("BEGIN")
            else:
                connection = connection.execution_options(isolation_level="REPEATABLE READ")
            try:
                return work(connection)
            finally:
                connection.rollback()  # nothing was written; ends the read transaction

    def lock(self, connection: Connection, table_id: str) -> None:
        """Hold the table's write lock until this transaction ends, so what it reads next stays true.

        Writers at one table take turns: a check made after the lock (is this seed still secret? is that
        event already undone?) cannot be overtaken by another writer before this transaction commits.
        The no-op UPDATE takes the row lock on PostgreSQL, and on SQLite opens the write transaction.
        """
        done = connection.execute(update(tables).where(tables.c.id == table_id).values(last_seq=tables.c.last_seq))
        if done.rowcount != 1:
            raise NotFound(N_("no table {table_id!r}"), table_id=table_id)

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
            raise NotFound(N_("no table {table_id!r}"), table_id=table_id)
        return row

    def table_by_code(self, connection: Connection, code: str) -> Any:
        row = connection.execute(select(tables).where(tables.c.invite_code == code)).first()
        if row is None:
            raise NotFound(N_("no table has that invite code"))
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
        self.add_personal_streams(connection, table_id, participant_id)
        return Participant(participant_id, table_id, name, role, False), token

    def by_token(self, connection: Connection, token: str) -> Participant:
        row = connection.execute(select(participants).where(participants.c.token_hash == token_hash(token))).first()
        if row is None or row.revoked:
            raise Unauthorized(N_("unknown or revoked access token"))
        return _participant(row)

    def still_seated(self, connection: Connection, participant: Participant) -> None:
        """Refuse unless this participant is, now, in this transaction, at their table and not revoked."""
        row = connection.execute(select(participants).where(participants.c.id == participant.id)).first()
        if row is None or row.revoked or row.table_id != participant.table_id:
            raise Unauthorized(N_("unknown or revoked access token"))

    def new_invite_code(self, connection: Connection, table_id: str) -> str:
        code = secrets.token_hex(5)
        done = connection.execute(update(tables).where(tables.c.id == table_id).values(invite_code=code))
        if done.rowcount != 1:
            raise NotFound(N_("no table {table_id!r}"), table_id=table_id)
        return code

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
            raise NotFound(N_("no participant {participant_id!r} at this table"), participant_id=participant_id)

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

    def latest_seq(self, connection: Connection, table_id: str) -> int:
        """The newest event's seq (0 before any): the log is appended to only, so a table whose latest seq is
        the same holds the same events."""
        found = connection.execute(select(func.max(events.c.seq)).where(events.c.table_id == table_id)).scalar()
        return int(found or 0)

    def event(self, connection: Connection, table_id: str, seq: int) -> Event:
        row = connection.execute(select(events).where(and_(events.c.table_id == table_id, events.c.seq == seq))).first()
        if row is None:
            raise NotFound(N_("no event {seq} at this table"), seq=seq)
        return _event(row)

    # -- export and import -------------------------------------------------------------------------------
    def export(self, connection: Connection, table_id: str) -> dict[str, Any]:
        """Everything about a table, secrets included (for backups and moving a table between servers)."""
        table = self.table(connection, table_id)
        people = connection.execute(select(participants).where(participants.c.table_id == table_id))
        return {
            "format": "runehall-table/2",  # runehall.storage.exports.EXPORT_FORMAT
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
            "seeds": [e.exported() for e in self.epochs(connection, table_id)],
            "events": [e.to_json() for e in self.events(connection, table_id)],
        }

    def import_table(self, connection: Connection, doc: TableExport) -> str:
        """Write a checked export (runehall.storage.exports.parse_export, runehall.table.imports)."""
        t = doc.table
        try:
            connection.execute(insert(tables).values(**t.model_dump()))
            if doc.participants:
                people = [{"table_id": t.id, **p.model_dump()} for p in doc.participants]
                connection.execute(insert(participants), people)
            for start in range(0, len(doc.events), 1000):  # in batches: a big import holds the writer briefly
                batch = doc.events[start : start + 1000]
                connection.execute(insert(events), [{"table_id": t.id, **e.model_dump()} for e in batch])
            # The file's last epoch is closed: its seeds are not in it (or, in a /1 file, no longer secret).
            # New rolls draw from a fresh epoch, committed now.
            epochs = [s.model_dump() for s in doc.seeds]
            epochs[-1]["revealed"] = True
            self.insert_epochs(connection, t.id, epochs)
            last = doc.seeds[-1]
            self.new_epoch(connection, t.id, last.epoch + 1, last.client_seed)
        except IntegrityError:
            raise Conflict(
                N_("a table with id {id!r}, its invite code, or one of its participants or tokens already exists"),
                id=t.id,
            ) from None
        return t.id
