"""Alembic environment: run by runehall.storage.db.Database.migrate with a live connection."""

from __future__ import annotations

from alembic import context

from runehall.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
