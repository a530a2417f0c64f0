"""The first schema: tables, participants, seeds, events.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("invite_code", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("players_can_undo", sa.Boolean, nullable=False),
        sa.Column("last_seq", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "participants",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("role", sa.String(10), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("revoked", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seeds",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("epoch", sa.Integer, primary_key=True),
        sa.Column("server_seed", sa.String(128), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("client_seed", sa.String(120), nullable=False),
        sa.Column("next_nonce", sa.BigInteger, nullable=False),
        sa.Column("revealed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.BigInteger, primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("author", sa.String(32), nullable=True),
        sa.Column("visibility", sa.String(10), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
    )


def downgrade() -> None:
    for name in ("events", "seeds", "participants", "tables"):
        op.drop_table(name)
