"""Seed streams: one committed seed per audience per epoch (issue 11, items 5-6).

Each existing epoch keeps its one seed as the legacy stream `table`, with its nonce counter, so every
roll already made still names its commitment and nonce and still verifies. Its seed is shown at reveal
to everyone only if every roll drawn from it was public (runehall.fairness.streams). New epochs get one
stream per audience.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seed_streams",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("epoch", sa.Integer, primary_key=True),
        sa.Column("stream", sa.String(48), primary_key=True),
        sa.Column("server_seed", sa.String(128), nullable=True),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("next_nonce", sa.BigInteger, nullable=False),
    )
    op.execute(
        "INSERT INTO seed_streams (table_id, epoch, stream, server_seed, commitment, next_nonce) "
        "SELECT table_id, epoch, 'table', server_seed, commitment, next_nonce FROM seeds"
    )
    with op.batch_alter_table("seeds") as batch:
        batch.add_column(sa.Column("contributions", sa.JSON, nullable=True))
        batch.drop_column("server_seed")
        batch.drop_column("commitment")
        batch.drop_column("next_nonce")


def downgrade() -> None:
    with op.batch_alter_table("seeds") as batch:
        batch.add_column(sa.Column("server_seed", sa.String(128), nullable=False, server_default=""))
        batch.add_column(sa.Column("commitment", sa.String(64), nullable=False, server_default=""))
        batch.add_column(sa.Column("next_nonce", sa.BigInteger, nullable=False, server_default="0"))
        batch.drop_column("contributions")
    op.execute(
        "UPDATE seeds SET server_seed = COALESCE((SELECT s.server_seed FROM seed_streams s WHERE s.table_id = "
        "seeds.table_id AND s.epoch = seeds.epoch AND s.stream IN ('table', 'public')), ''), commitment = "
        "COALESCE((SELECT s.commitment FROM seed_streams s WHERE s.table_id = seeds.table_id AND s.epoch = "
        "seeds.epoch AND s.stream IN ('table', 'public')), '')"
    )
    op.drop_table("seed_streams")
