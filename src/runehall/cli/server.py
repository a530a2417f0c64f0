"""`runehall serve`, `backup`, `export` and `import`: the table service from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from runehall.cli import render
from runehall.cli.common import user_errors
from runehall.errors import N_, Refusal, RunehallError
from runehall.files import read_document
from runehall.storage.db import DEFAULT_URL, Database, backup_sqlite, sqlite_path
from runehall.storage.store import Store
from runehall.table.play import TableService

DatabaseUrl = Annotated[
    str, typer.Option("--database-url", envvar="RUNEHALL_DATABASE_URL", help="sqlite:///FILE or postgresql://…")
]


def _service(url: str) -> TableService:
    database = Database(url)
    backup = database.migrate()
    if backup is not None:
        render.err.print(f"backed up {database.path} to {backup} before migrating", markup=False)
    return TableService(Store(database))


def _has_tables(service: TableService) -> bool:
    from sqlalchemy import func, select

    from runehall.storage.schema import tables

    return bool(service.store.read(lambda c: c.execute(select(func.count()).select_from(tables)).scalar_one()))


def register(app: typer.Typer) -> None:
    @app.command()
    @user_errors
    def serve(
        database_url: DatabaseUrl = DEFAULT_URL,
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        starter: Annotated[
            str, typer.Option(help="System of the first table made in an empty database ('' for none).")
        ] = "ragnarok",
        starter_name: Annotated[str, typer.Option(help="Name of that first table.")] = "First table",
    ) -> None:
        """Run the table service (the API at /api, its documentation at /docs)."""
        import uvicorn

        from runehall.service.app import create_app
        from runehall.service.runtime import settle_heap
        from runehall.systems.registry import systems
        from runehall.web.render import warm as warm_pages

        service = _service(database_url)
        base = f"http://{host}:{port}"
        render.out.print(f"Runehall at {base}  (API documentation at {base}/docs)", markup=False)
        if starter and not _has_tables(service):
            created = service.create(starter_name, starter, {}, "Game master")
            render.out.print(f"A first table is ready: {starter_name} ({starter}).", markup=False)
            link = f"{base}/t/{created.table_id}/enter?token={created.gm_token}"
            render.out.print(f"  Game master link (keep it; it is shown once): {link}", markup=False)
            render.out.print(f"  Players join at {base}/ with the invite code {created.invite_code}", markup=False)
        application = create_app(service.store.db)
        systems()  # every system's rules data loaded now, before the heap is settled
        warm_pages()  # and every page template compiled
        settle_heap()
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level="warning",
            ws_max_size=65536,
            ws_per_message_deflate=False,  # events are small; compressing each once per socket cost a third of the loop
        )

    @app.command()
    @user_errors
    def backup(
        target: Annotated[Path, typer.Argument(help="The copy to write (must not exist).")],
        database_url: DatabaseUrl = DEFAULT_URL,
    ) -> None:
        """An online copy of a SQLite database, safe while the server runs."""
        source = sqlite_path(Database(database_url).url)
        if source is None:
            raise RunehallError(N_("backup copies SQLite files; use pg_dump for PostgreSQL"))
        backup_sqlite(source, target)
        render.out.print(f"copied {source} to {target}", markup=False)

    @app.command("export")
    @user_errors
    def export_table(
        table_id: Annotated[str, typer.Argument(metavar="TABLE")],
        database_url: DatabaseUrl = DEFAULT_URL,
    ) -> None:
        """Print a table with everything it holds (secrets included) as JSON."""
        service = _service(database_url)
        data = service.store.snapshot(lambda c: service.store.export(c, table_id))  # one consistent moment
        print(json.dumps(data, ensure_ascii=False, indent=1))

    @app.command("import")
    @user_errors
    def import_table(
        path: Annotated[Path, typer.Argument(metavar="FILE", help="A table exported by `runehall export`.")],
        database_url: DatabaseUrl = DEFAULT_URL,
    ) -> None:
        """Load an exported table (its id must not exist yet)."""
        table_id = _service(database_url).import_table(read_document(path, Refusal(N_("table export"))))
        render.out.print(f"imported table {table_id}", markup=False)
