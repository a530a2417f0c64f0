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
from sqlalchemy import Connection, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from runehall.chance.sources import commitment
from runehall.errors import RulesError, RunehallError
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


class ExportedSeed(_Exported):
    epoch: Annotated[int, Field(ge=0, lt=2**31)]
    server_seed: Annotated[str, Field(pattern=r"^([0-9a-f]{2}){1,64}$")]
    commitment: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    client_seed: Annotated[str, Field(min_length=1, max_length=120)]
    next_nonce: Count
    revealed: bool


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
    format: Literal["runehall-table/1"]
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
        raise RulesError(f"damaged table export: {where}: {first['msg']}") from None


class Store:
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

    def import_table(self, connection: Connection, data: dict[str, Any] | TableExport) -> str:
        doc = data if isinstance(data, TableExport) else parse_export(data)
        t = doc.table
        try:
            connection.execute(insert(tables).values(**t.model_dump()))
            for p in doc.participants:
                connection.execute(insert(participants).values(table_id=t.id, **p.model_dump()))
            for s in doc.seeds:
                connection.execute(insert(seeds).values(table_id=t.id, **s.model_dump()))
            for e in doc.events:
                connection.execute(insert(events).values(table_id=t.id, **e.model_dump()))
        except IntegrityError:
            raise Conflict(
                f"a table with id {t.id!r}, its invite code, or one of its participants or tokens already exists"
            ) from None
        return t.id
