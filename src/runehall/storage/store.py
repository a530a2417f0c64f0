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
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from sqlalchemy import Connection, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from runehall.chance.sources import commitment
from runehall.errors import ParameterError, RunehallError
from runehall.storage.db import Database
from runehall.storage.schema import events, participants, tables
from runehall.storage.seeds import SeedEpoch, SeedStore  # noqa: F401 - SeedEpoch: part of the store's API

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


# -- the export format, checked before anything of an import is written ------------------------------------
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Count = Annotated[int, Field(ge=0, le=2**53)]


class _Exported(BaseModel):
    model_config = ConfigDict(extra="ignore")

    @field_validator("created_at", mode="after", check_fields=False)
    @classmethod
    def _in_utc(cls, moment: datetime) -> datetime:
        return aware(moment)


class ExportedTable(_Exported):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=120)]
    system: Annotated[str, Field(min_length=1, max_length=40)]
    options: dict[str, Any]
    invite_code: Annotated[str, Field(min_length=1, max_length=32)]
    password_hash: (
        # exactly what the service writes (table/service.py, PASSWORD_ITERATIONS and a 16-byte salt): an
        # imported hash with millions of iterations would make each wrong join cost seconds of CPU
        Annotated[str, Field(pattern=r"^pbkdf2_sha256\$200000\$[0-9a-f]{32}\$[0-9a-f]{64}$")] | None
    )
    players_can_undo: bool
    last_seq: Count
    created_at: datetime


class ExportedParticipant(_Exported):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=60)]
    role: Literal["gm", "player"]
    token_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    revoked: bool
    created_at: datetime


EXPORT_FORMAT = "runehall-table/2"  # /1 (one seed an epoch, the live one included) still imports


class ExportedStream(_Exported):
    stream: Annotated[str, Field(pattern=r"^(public|gm|table|(private|sealed):[A-Za-z0-9_-]{1,32})$")]
    server_seed: Annotated[str, Field(pattern=r"^([0-9a-f]{2}){16,64}$")] | None  # None: not in the file
    commitment: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    next_nonce: Count

    @model_validator(mode="after")
    def _committed(self) -> ExportedStream:
        if self.server_seed is not None and commitment(bytes.fromhex(self.server_seed)) != self.commitment:
            raise ValueError(f"the {self.stream} seed is not the one its commitment was made for")
        return self


class ExportedContribution(_Exported):
    by: Id
    text: Annotated[str, Field(min_length=1, max_length=120)]


class ExportedSeed(_Exported):
    epoch: Annotated[int, Field(ge=0, lt=2**31 - 1)]
    client_seed: Annotated[str, Field(min_length=1, max_length=120)]
    contributions: Annotated[list[ExportedContribution], Field(max_length=1000)] = []
    revealed: bool
    streams: Annotated[list[ExportedStream], Field(min_length=1, max_length=100_000)]

    @model_validator(mode="before")
    @classmethod
    def _from_format_1(cls, data: Any) -> Any:
        """A /1 epoch had one seed for every roll: it becomes the legacy stream `table`."""
        if isinstance(data, dict) and "streams" not in data and "commitment" in data:
            one = {k: data.get(k) for k in ("server_seed", "commitment", "next_nonce")}
            return {**data, "streams": [{"stream": "table", **one}]}
        return data

    @model_validator(mode="after")
    def _distinct(self) -> ExportedSeed:
        names = [s.stream for s in self.streams]
        if len(set(names)) != len(names):
            raise ValueError(f"epoch {self.epoch} names a stream twice")
        return self


class ExportedEvent(_Exported):
    seq: Annotated[int, Field(ge=1, le=2**53)]
    kind: Annotated[str, Field(min_length=1, max_length=40)]
    author: Id | None
    visibility: Literal["public", "gm", "private", "blind", "sealed"]  # sealed: the author's only
    payload: dict[str, Any]
    created_at: datetime


class TableExport(BaseModel):
    """A table as `Store.export` writes it; an import must be one, consistent with itself."""

    model_config = ConfigDict(extra="ignore")
    format: Literal["runehall-table/1", "runehall-table/2"]
    table: ExportedTable
    participants: list[ExportedParticipant]
    seeds: Annotated[list[ExportedSeed], Field(min_length=1)]
    events: list[ExportedEvent]

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        if contains_nul(data):
            raise ValueError("text must not contain NUL characters (\\u0000)")
        return data

    @model_validator(mode="after")
    def _consistent(self) -> TableExport:
        seqs = [e.seq for e in self.events]
        if seqs != list(range(1, len(seqs) + 1)) or self.table.last_seq != len(seqs):
            raise ValueError("events must be numbered 1, 2, 3... up to the table's last_seq")
        epochs = [s.epoch for s in self.seeds]
        secret = [s.epoch for s in self.seeds if not s.revealed]
        if len(set(epochs)) != len(epochs) or secret != [max(epochs)]:
            raise ValueError("seed epochs must be distinct, and only the last one unrevealed")
        live = [s for s in self.seeds[-1].streams if s.server_seed is not None]
        if self.format != "runehall-table/1" and not self.seeds[-1].revealed and live:
            raise ValueError("an export never holds a seed still in use (a backup moves a live seed)")
        commitments = [s.commitment for e in self.seeds for s in e.streams]
        if len(set(commitments)) != len(commitments):
            raise ValueError("two seed streams share a commitment")
        ids = [p.id for p in self.participants]
        if len(set(ids)) != len(ids) or len({p.token_hash for p in self.participants}) != len(ids):
            raise ValueError("participants must have distinct ids and tokens")
        return self


def parse_export(data: Any) -> TableExport:
    """The export, checked; a RunehallError naming the first problem otherwise."""
    try:
        return TableExport.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the document"
        raise ParameterError(f"damaged table export: {where}: {first['msg']}") from None


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
        self.add_personal_streams(connection, table_id, participant_id)
        return Participant(participant_id, table_id, name, role, False), token

    def by_token(self, connection: Connection, token: str) -> Participant:
        row = connection.execute(select(participants).where(participants.c.token_hash == token_hash(token))).first()
        if row is None or row.revoked:
            raise Unauthorized("unknown or revoked access token")
        return _participant(row)

    def still_seated(self, connection: Connection, participant: Participant) -> None:
        """Refuse unless this participant is, now, in this transaction, at their table and not revoked."""
        row = connection.execute(select(participants).where(participants.c.id == participant.id)).first()
        if row is None or row.revoked or row.table_id != participant.table_id:
            raise Unauthorized("unknown or revoked access token")

    def new_invite_code(self, connection: Connection, table_id: str) -> str:
        code = secrets.token_hex(5)
        done = connection.execute(update(tables).where(tables.c.id == table_id).values(invite_code=code))
        if done.rowcount != 1:
            raise NotFound(f"no table {table_id!r}")
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
            raise NotFound(f"no participant {participant_id!r} at this table")

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
            "format": EXPORT_FORMAT,
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

    def import_table(self, connection: Connection, data: dict[str, Any] | TableExport) -> str:
        doc = data if isinstance(data, TableExport) else parse_export(data)
        t = doc.table
        try:
            connection.execute(insert(tables).values(**t.model_dump()))
            for p in doc.participants:
                connection.execute(insert(participants).values(table_id=t.id, **p.model_dump()))
            for e in doc.events:
                connection.execute(insert(events).values(table_id=t.id, **e.model_dump()))
            # The file's last epoch is closed: its seeds are not in it (or, in a /1 file, no longer secret).
            # New rolls draw from a fresh epoch, committed now.
            epochs = [s.model_dump() for s in doc.seeds]
            epochs[-1]["revealed"] = True
            self.insert_epochs(connection, t.id, epochs)
            last = doc.seeds[-1]
            self.new_epoch(connection, t.id, last.epoch + 1, last.client_seed)
        except IntegrityError:
            raise Conflict(
                f"a table with id {t.id!r}, its invite code, or one of its participants or tokens already exists"
            ) from None
        return t.id
