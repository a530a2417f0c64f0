"""The web table: server-rendered pages (Jinja2 + htmx) over the same table service as the API."""

from __future__ import annotations

from importlib import resources

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from runehall.web import action_editor, character_pages, pages, table_pages, tracker_pages


def install(app: FastAPI) -> None:
    """Add the pages and the static files (htmx included: nothing comes from a CDN) to the app."""
    static = resources.files("runehall.web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.include_router(pages.router)
    app.include_router(table_pages.router)
    app.include_router(tracker_pages.router)
    app.include_router(action_editor.router)
    app.include_router(character_pages.router)
