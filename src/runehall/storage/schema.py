"""The database schema (SQLAlchemy Core). Events are append-only: no row of `events` is ever updated.

A table's events are numbered 1, 2, 3... by `seq`, unique per table; `tables.last_seq` hands the next
number out inside the transaction that appends the event, so numbers never repeat or skip.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(120), nullable=False),
    Column("system", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("invite_code", String(32), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=True),
    Column("players_can_undo", Boolean, nullable=False, default=False),
    Column("last_seq", BigInteger, nullable=False, default=0),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

participants = Table(
    "participants",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("name", String(60), nullable=False),
    Column("role", String(10), nullable=False),  # gm | player
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("revoked", Boolean, nullable=False, default=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# A seed epoch: its client seed (the base, and what participants added before its first roll) and whether
# it has been revealed. Its secret seeds are in seed_streams, one per audience (runehall.fairness.streams).
seeds = Table(
    "seeds",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("epoch", Integer, primary_key=True),
    Column("client_seed", String(120), nullable=False),
    Column("contributions", JSON, nullable=True),  # [{"by": participant id, "text": ...}]; null: none
    Column("revealed", Boolean, nullable=False, default=False),
)

seed_streams = Table(
    "seed_streams",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("epoch", Integer, primary_key=True),
    Column("stream", String(48), primary_key=True),
    Column("server_seed", String(128), nullable=True),  # secret until revealed; null: left out of an import
    Column("commitment", String(64), nullable=False),
    Column("next_nonce", BigInteger, nullable=False, default=0),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", BigInteger, primary_key=True),
    Column("kind", String(40), nullable=False),
    Column("author", String(32), nullable=True),  # participant id; null for the table itself
    Column("visibility", String(10), nullable=False),  # public | gm | private | blind | sealed
    Column("payload", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
)
