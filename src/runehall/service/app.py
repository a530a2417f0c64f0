"""The FastAPI application: the JSON API, its errors, and the live WebSocket.

Every error caused by a request is a 4xx with {"detail": reason}; nothing a client sends is written
before it has been validated.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, cast

from fastapi import Depends, FastAPI, Header, HTTPException, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from runehall import wire
from runehall.errors import (
    N_,
    ManualResultError,
    NotationError,
    ParameterError,
    RulesError,
    RunehallError,
    TooComplexError,
    UnknownNameError,
)
from runehall.rolling import RollResult
from runehall.service import guard, models
from runehall.service.hub import Hub
from runehall.service.live import live_socket
from runehall.storage.db import Database
from runehall.storage.store import Conflict, Event, Forbidden, NotFound, Participant, Store, Unauthorized
from runehall.table.limits import RateLimited
from runehall.table.play import TableService
from runehall.table.visibility import can_see

MAX_BODY = 256 * 1024
# An import carries a whole table: a 740-event export is ~440 KB, so years of weekly play (tens of thousands
# of events) stay well under this. Only POST /api/import gets it; it is read in chunks into one buffer.
MAX_IMPORT = 64 * 1024 * 1024
IMPORT_PATH = "/api/import"


IMPORT_BODY: dict[str, Any] = {
    "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}}
}


def body_limit(scope: Scope) -> int:
    return MAX_IMPORT if scope.get("path") == IMPORT_PATH else MAX_BODY


STATUS: list[tuple[type[RunehallError], int]] = [
    (RateLimited, 429),
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (Conflict, 409),
    (RulesError, 409),
    (TooComplexError, 422),
    (NotationError, 422),
    (ManualResultError, 422),
    (ParameterError, 422),
    (UnknownNameError, 422),
    (RunehallError, 400),
]


def present(event: Event) -> dict[str, Any]:
    """An event as sent to a client; a roll also gets its text, rendered from the stored roll."""
    data = event.to_json()
    if event.kind == "roll":
        data["text"] = RollResult.from_json(event.payload["roll"]).render()
    return data


def present_to(viewer: Participant, event: Event) -> dict[str, Any]:
    """The answer to a write, for its author: the event, or only an acknowledgement of it when they may not
    see it (a blind roll, a player's GM-only roll, an action at a blind tracker): its number, kind and
    visibility, never its payload (faces, outcome, text, tape, detail)."""
    if can_see(event, viewer):
        return present(event)
    return {
        "seq": event.seq,
        "kind": event.kind,
        "author": event.author,
        "visibility": event.visibility,
        "created_at": event.created_at.isoformat(),
        "acknowledged": True,
    }


class BodyTooLarge(HTTPException):
    """Raised from inside the body stream; FastAPI lets HTTPExceptions through its body parsing (anything
    else becomes a 400 there), so an over-limit body streamed without a length still answers 413."""

    def __init__(self, limit: int = MAX_BODY) -> None:
        super().__init__(413, f"request body over {limit} bytes")


class BodyLimit:
    """Refuse request bodies over MAX_BODY (413), whether or not they declare a length."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope)
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await _too_large(scope, receive, send)
            return
        seen = 0
        started = False

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise BodyTooLarge(limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, watched)
        except BodyTooLarge:
            if started:
                raise
            await _too_large(scope, receive, send)  # read where no handler answers for it (a form route)


def _parse_export(raw: bytearray) -> Any:
    try:
        return wire.loads(cast(bytes, raw), "the export")  # read in place: no second copy of the body
    except json.JSONDecodeError as e:
        raise ParameterError(N_("the export is not JSON: {msg} at line {lineno}"), msg=e.msg, lineno=e.lineno) from None


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    await JSONResponse({"detail": f"request body over {body_limit(scope)} bytes"}, 413)(scope, receive, send)


def _bearer(authorization: str | None, cookie: str | None) -> str:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    if cookie:
        return cookie
    raise Unauthorized(N_("send your access token: Authorization: Bearer TOKEN"))


async def _viewer(
    request: Request,
    table_id: Annotated[str, Path(max_length=32)],
    authorization: Annotated[str | None, Header(max_length=200)] = None,
) -> Participant:
    """The participant behind the request's token (header, or the table's cookie in a browser)."""
    secret = _bearer(authorization, request.cookies.get(f"rh_{table_id}"))
    service: TableService = request.app.state.service
    return await run_in_threadpool(service.viewer, table_id, secret)


Viewer = Annotated[Participant, Depends(_viewer)]


def system_catalogue() -> list[dict[str, Any]]:
    from runehall.cli.render import fields
    from runehall.systems import registry

    catalogue = []
    for system in sorted(registry.systems().values(), key=lambda s: s.id):
        catalogue.append(
            {
                "id": system.id,
                "name": system.meta.name,
                "language": system.meta.language,
                "gm_title": system.meta.gm_title,
                "options": fields(system.Options),
                "mechanics": [
                    {"name": m.name, "title": m.title, "summary": m.summary, "params": fields(m.Params)}
                    for m in system.mechanics().values()
                ],
                "trackers": [
                    {
                        "name": name,
                        "setup": fields(t.Setup),
                        "actions": [
                            {"name": a.name, "params": fields(a.Params), "actor_param": a.actor_param}
                            for a in t.actions().values()
                        ],
                    }
                    for name, t in system.trackers().items()
                ],
                "character_fields": fields(system.Character) if system.Character else [],
            }
        )
    return catalogue


def create_app(database: Database) -> FastAPI:
    store = Store(database)
    service = TableService(store)
    hub = Hub()
    # The API reference is Swagger UI from the static files (npm's swagger-ui-dist): nothing from a CDN.
    app = FastAPI(title="Runehall table service", version="0.1.0", docs_url=None, redoc_url=None)

    @app.get("/docs", include_in_schema=False)
    async def api_reference() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="Runehall table service — API",
            swagger_js_url="/static/vendor/swagger-ui-bundle.js",
            swagger_css_url="/static/vendor/swagger-ui.css",
            swagger_favicon_url="/static/favicon.svg",
        )

    app.state.service = service
    app.state.hub = hub
    app.add_middleware(BodyLimit)
    guard.install(app)  # outermost: its headers go on every answer, the body limit's 413 included

    @app.exception_handler(RunehallError)
    async def _user_error(request: Request, error: RunehallError) -> Response:
        status = next(code for kind, code in STATUS if isinstance(error, kind))
        headers = {"Retry-After": str(error.retry_after)} if isinstance(error, RateLimited) else None
        if not request.url.path.startswith("/api/"):  # a web page or fragment: words for people, not JSON
            from runehall.web.plumbing import refusal

            return await run_in_threadpool(refusal, request, error, status, headers)
        return JSONResponse({"detail": str(error), "error": type(error).__name__}, status, headers=headers)

    async def call(work: Callable[..., Any], *args: Any) -> Any:
        return await run_in_threadpool(work, *args)

    async def publish(*events: Event) -> None:
        hub.publish(events, present)

    # -- systems ------------------------------------------------------------------------------------------
    @app.get("/api/systems")
    async def systems() -> list[dict[str, Any]]:
        """The installed game systems: their options, mechanics and parameters, trackers and actions."""
        return await call(system_catalogue)  # type: ignore[no-any-return]

    # -- tables ---------------------------------------------------------------------------------------
    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: models.CreateTable) -> dict[str, Any]:
        created = await call(
            service.create,
            body.name,
            body.system,
            body.options,
            body.gm_name,
            body.password,
            body.players_can_undo,
            body.client_seed,
            request.client.host if request.client else "",
        )
        return {
            "table_id": created.table_id,
            "invite_code": created.invite_code,
            "participant_id": created.gm.id,
            "token": created.gm_token,
            "commitment": created.commitment,
        }

    @app.post("/api/join", status_code=201)
    async def join(request: Request, body: models.Join) -> dict[str, Any]:
        address = request.client.host if request.client else ""
        participant, token, event = await call(service.join, body.invite_code, body.name, body.password, address)
        await publish(event)
        return {"table_id": participant.table_id, "participant_id": participant.id, "token": token}

    @app.get("/api/tables/{table_id}")
    async def table(me: Viewer) -> dict[str, Any]:
        summary: dict[str, Any] = await call(service.summary, me)
        online = hub.online(me.table_id)
        for p in summary["participants"]:
            p["online"] = p["id"] in online
        return summary

    @app.get("/api/tables/{table_id}/events")
    async def events(me: Viewer, since: Annotated[int, Query(ge=0, le=2**53)] = 0) -> list[dict[str, Any]]:
        return [present(e) for e in await call(service.events_for, me, since)]

    @app.post("/api/tables/{table_id}/participants/{participant_id}/revoke")
    async def revoke_participant(
        me: Viewer, participant_id: Annotated[str, Path(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
    ) -> dict[str, Any]:
        event = await call(service.revoke_participant, me, participant_id)
        await publish(event)
        hub.kick(me.table_id, participant_id)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/invite-code", status_code=201)
    async def change_invite_code(me: Viewer) -> dict[str, Any]:
        """The GM replaces the invite code; the old one stops working at once."""
        code, event = await call(service.change_invite_code, me)
        await publish(event)
        return {"invite_code": code, "event": present_to(me, event)}

    # -- rolls and odds -----------------------------------------------------------------------------------
    @app.post("/api/tables/{table_id}/rolls", status_code=201)
    async def roll(me: Viewer, body: models.Roll) -> dict[str, Any]:
        about = body.about.model_dump() if body.about else None
        event = await call(
            service.roll, me, body.mechanic, body.params, body.visibility, body.manual, body.system, about
        )
        await publish(event)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/odds")
    async def odds(me: Viewer, body: models.Odds) -> dict[str, Any]:
        result: dict[str, Any] = await call(service.odds, me, body.mechanic, body.params, body.system)
        if body.record:
            request = {"system": result["system"], "mechanic": body.mechanic, "params": result["params"]}
            await publish(await call(service.record_odds, me, request, body.visibility))
        return result

    # -- characters and trackers ---------------------------------------------------------------------------
    @app.get("/api/tables/{table_id}/characters")
    async def characters(me: Viewer) -> list[dict[str, Any]]:
        return await call(service.characters, me)  # type: ignore[no-any-return]

    @app.post("/api/tables/{table_id}/characters", status_code=201)
    async def create_character(me: Viewer, body: models.Character) -> dict[str, Any]:
        event = await call(service.create_character, me, body.sheet, body.visibility)
        await publish(event)
        return present_to(me, event)

    @app.put("/api/tables/{table_id}/characters/{character_id}")
    async def edit_character(
        me: Viewer, body: models.CharacterEdit, character_id: Annotated[str, Path(max_length=32)]
    ) -> dict[str, Any]:
        event = await call(service.edit_character, me, character_id, body.sheet)
        await publish(event)
        return present_to(me, event)

    @app.get("/api/tables/{table_id}/trackers")
    async def trackers(me: Viewer) -> list[dict[str, Any]]:
        return await call(service.trackers, me)  # type: ignore[no-any-return]

    @app.post("/api/tables/{table_id}/trackers", status_code=201)
    async def start_tracker(me: Viewer, body: models.StartTracker) -> dict[str, Any]:
        event = await call(service.start_tracker, me, body.tracker, body.setup, body.visibility, body.controllers)
        await publish(event)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/trackers/{tracker_id}/controllers", status_code=201)
    async def tracker_controllers(
        me: Viewer, body: models.TrackerControllers, tracker_id: Annotated[str, Path(max_length=32)]
    ) -> dict[str, Any]:
        """The GM hands the tracker's combatants to players (the whole mapping, replacing the last)."""
        event = await call(service.set_controllers, me, tracker_id, body.controllers)
        await publish(event)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/trackers/{tracker_id}/actions", status_code=201)
    async def tracker_action(
        me: Viewer, body: models.TrackerAction, tracker_id: Annotated[str, Path(max_length=32)]
    ) -> dict[str, Any]:
        event = await call(service.tracker_action, me, tracker_id, body.action, body.params, body.manual)
        await publish(event)
        return present_to(me, event)

    # -- messages, undo, seeds, export -------------------------------------------------------------------
    @app.post("/api/tables/{table_id}/notes", status_code=201)
    async def note(me: Viewer, body: models.Note) -> dict[str, Any]:
        event = await call(service.post, me, "note", body.text, body.visibility)
        await publish(event)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/chat", status_code=201)
    async def chat(me: Viewer, body: models.Message) -> dict[str, Any]:
        event = await call(service.post, me, "chat", body.text, body.visibility)
        await publish(event)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/undo", status_code=201)
    async def undo(me: Viewer, body: models.Undo) -> dict[str, Any]:
        event = await call(service.undo, me, body.seq, body.reason)
        await publish(event)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/seed/rotate", status_code=201)
    async def rotate(me: Viewer, body: models.Rotate) -> dict[str, Any]:
        event = await call(service.rotate_seed, me, body.client_seed)
        await publish(event)
        return present_to(me, event)

    @app.post("/api/tables/{table_id}/seed/client-seed", status_code=201)
    async def add_to_client_seed(me: Viewer, body: models.ClientSeed) -> dict[str, Any]:
        """Add to the client seed of the epoch in use, before its first roll (409 once it has rolled)."""
        event = await call(service.add_to_client_seed, me, body.text)
        await publish(event)
        return present_to(me, event)

    @app.get("/api/tables/{table_id}/fair-log")
    async def fair_log(me: Viewer) -> dict[str, Any]:
        return await call(service.fair_log, me)  # type: ignore[no-any-return]

    @app.get("/api/tables/{table_id}/export")
    async def export(me: Viewer) -> dict[str, Any]:
        return await call(service.export, me)  # type: ignore[no-any-return]

    import_gate = asyncio.Semaphore(1)  # one import at a time: a big one holds its document while checked

    @app.post(IMPORT_PATH, status_code=201, openapi_extra=IMPORT_BODY)
    async def import_table(request: Request) -> dict[str, Any]:
        """A table export (runehall-table/2, or /1), checked whole; up to MAX_IMPORT bytes."""
        service.join_limits.opening(request.client.host if request.client else "")  # it opens a table
        async with import_gate:
            raw = bytearray()  # one buffer, filled chunk by chunk (BodyLimit stops it at MAX_IMPORT)
            async for chunk in request.stream():
                raw += chunk
            body = await run_in_threadpool(_parse_export, raw)  # off the event loop: it takes a while
            del raw
            return {"table_id": await call(service.import_table, body)}

    live: Callable[..., Awaitable[None]] = live_socket(service, hub, present)
    app.add_api_websocket_route("/api/tables/{table_id}/ws", live)
    from runehall.web import install  # the pages use the service above; imported here to keep the API usable alone

    install(app)
    return app
