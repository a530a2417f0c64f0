"""The database: SQLite (WAL, the default) or PostgreSQL through psycopg 3, migrated with Alembic.

Before migrating an existing SQLite file to a newer schema, an online copy is taken beside it.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from runehall.errors import N_, RunehallError

DEFAULT_URL = "sqlite:///runehall.sqlite3"


def normalise_url(url: str) -> str:
    """postgresql://… uses psycopg 3; sqlite URLs pass through; anything else is refused."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise RunehallError(N_("not a database URL: {url!r}"), url=url) from None
    if parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    if parsed.drivername == "sqlite":
        return url
    raise RunehallError(
        N_("unsupported database {drivername!r}: use sqlite:///FILE or postgresql://…"), drivername=parsed.drivername
    )


def sqlite_path(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.drivername != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL loses nothing a committed transaction wrote when the process dies (SIGKILL);
    # only an operating-system crash could lose the last commits.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def backup_sqlite(source: Path, target: Path) -> None:
    """An online, consistent copy of a SQLite database, even while a server writes to it."""
    if not source.exists():
        raise RunehallError(N_("no database file at {source}"), source=source)
    if target.exists():
        raise RunehallError(N_("{target} already exists"), target=target)
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)


class Database:
    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = normalise_url(url)
        self.path = sqlite_path(self.url)
        options: dict[str, Any] = {}
        if self.path is not None:
            options["connect_args"] = {"check_same_thread": False, "timeout": 10}
        else:
            options.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine: Engine = create_engine(self.url, **options)
        if self.path is not None:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    # -- migrations ----------------------------------------------------------------------------------
    def _alembic(self) -> Config:
        config = Config()
        config.set_main_option("script_location", str(resources.files("runehall.storage") / "migrations"))
        return config

    def current_revision(self) -> str | None:
        with self.engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    def head_revision(self) -> str | None:
        return ScriptDirectory.from_config(self._alembic()).get_current_head()

    def migrate(self) -> Path | None:
        """Bring the schema to the newest version; returns the backup taken first, if any."""
        current, head = self.current_revision(), self.head_revision()
        if current == head:
            return None
        backup = None
        if self.path is not None and current is not None and self.path.exists():
            stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
            backup = self.path.with_name(f"{self.path.name}.before-{head}-{stamp}.bak")
            backup_sqlite(self.path, backup)
        config = self._alembic()
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        return backup

    def dispose(self) -> None:
        self.engine.dispose()
