"""The table page and its fragments. Every piece of HTML is rendered from what this viewer may see.

Writes go through the same TableService as the JSON API. With htmx a form gets a fragment back; without
JavaScript it gets a redirect to the table page, so every control also works as a plain form.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from runehall.errors import RunehallError
from runehall.fairness.log import verify_log
from runehall.storage.store import Event, Forbidden, NotFound, Participant
from runehall.systems import registry
from runehall.table.play import TableService
from runehall.web.forms import collect, errors_by_field, fields
from runehall.web.odds_view import odds_tables
from runehall.web.pages import _publish, form_of, lang_of, same_origin, service_of
from runehall.web.present import entry
from runehall.web.render import page, widget

router = APIRouter()
UNDOABLE = (
    "roll",
    "chat",
    "note",
    "odds",
    "character_edited",
    "character_created",
    "tracker_action",
    "tracker_controllers",
)
PARAM = "param-"  # an action's parameter fields are named apart from the form's own (declare has an "action")


def _viewer(request: Request, table_id: str) -> Participant:
    token = request.cookies.get(f"rh_{table_id}", "")
    return service_of(request).viewer(table_id, token)


def _mechanics(system_id: str) -> list[dict[str, str]]:
    found = []
    for sid in dict.fromkeys([system_id, "dice"]):
        system = registry.get(sid)
        for m in system.mechanics().values():
            found.append({"key": f"{sid}:{m.name}", "title": m.title, "system": sid})
    return found


def _panel(request: Request, viewer: Participant, key: str, values: dict[str, Any] | None = None) -> dict[str, Any]:
    system_id, _, name = key.partition(":")
    mechanic = registry.get(system_id).mechanic(name)
    return {
        "table_id": viewer.table_id,
        "chosen": key,
        "summary": mechanic.summary,
        "params": fields(mechanic.Params, values),
        "manual_help": mechanic.manual_help,
        "me": viewer,
    }


def _entries(request: Request, viewer: Participant, since: int = 0, only: int | None = None) -> dict[str, Any]:
    service = service_of(request)
    events = service.events_for(viewer, since)
    if only is not None:
        events = [e for e in service.events_for(viewer, only - 1) if e.seq == only]
    people = service.summary(viewer)["participants"]
    names = {p["id"]: p["name"] for p in people}
    revoked = service.state(viewer.table_id).revoked
    return {
        "entries": [entry(e, names, revoked, viewer.id) for e in events],
        "table_id": viewer.table_id,
        "can_undo": viewer.is_gm,
        "undoable": UNDOABLE,
        "me": viewer,
    }


def _tracker_rows(
    service: TableService, viewer: Participant, system: Any, names: dict[str, str]
) -> list[dict[str, Any]]:
    """What the page shows of each tracker this person may see: its state, and what they may do with it."""
    trackers: list[dict[str, Any]] = []
    for t in service.trackers(viewer):
        tracker = system.tracker(t["tracker"])
        usable, mine = _usable(viewer, tracker, t)
        first = usable[0] if usable else None
        shown = {
            "title": tracker.title,
            "can_act": bool(usable),
            "actions": [{"name": a.name, "summary": a.summary} for a in usable],
            "fields": _action_fields(first, mine) if first else [],
            "mine": mine,
            "widget": widget(system.id, t["tracker"]),
            "can_assign": viewer.is_gm and bool(t["combatants"]),
            "assigned": [
                {"key": key, "name": name, "player": t["controllers"].get(key, "")}
                for key, name in t["combatants"].items()
            ],
            "controller_names": {key: names.get(pid, pid) for key, pid in t["controllers"].items()},
        }
        trackers.append({**t, **shown})
    return trackers


def table_context(request: Request, viewer: Participant, **extra: Any) -> dict[str, Any]:
    service = service_of(request)
    summary = service.summary(viewer)
    system, _ = service.system(viewer.table_id)
    mechanics = _mechanics(system.id)
    online = request.app.state.hub.online(viewer.table_id)
    for p in summary["participants"]:
        p["online"] = p["id"] in online
    characters = service.characters(viewer)
    players = [p for p in summary["participants"] if p["role"] == "player" and not p["revoked"]]
    names = {p["id"]: p["name"] for p in summary["participants"]}
    trackers = _tracker_rows(service, viewer, system, names)
    token = request.cookies.get(f"rh_{viewer.table_id}", "")
    gm_link = f"{str(request.base_url).rstrip('/')}/t/{viewer.table_id}/enter?token={token}" if viewer.is_gm else ""
    context = {
        "gm_link": gm_link,
        "table": {"id": summary["id"], "name": summary["name"]},
        "system": system,
        "me": viewer,
        "gm_title": system.meta.gm_title,
        "participants": summary["participants"],
        "invite_code": summary["invite_code"],
        "seeds": summary["seeds"],
        "last_seq": summary["last_seq"],
        "mechanics": mechanics,
        "characters": characters,
        "character_fields": fields(system.Character) if system.Character else [],
        "character_errors": "",
        "trackers": trackers,
        "players": players,
        "trackers_available": bool(system.trackers()),
        "tracker_kinds": [(name, t.title) for name, t in system.trackers().items()],
        **_entries(request, viewer),
        **_panel(request, viewer, mechanics[0]["key"]),
    }
    context.update(extra)
    return context


def _usable(viewer: Participant, tracker: Any, t: dict[str, Any]) -> tuple[list[Any], list[str] | None]:
    """The actions this viewer may use on a tracker, and the combatants they act for: None for its owner and
    the game master (every action, anyone); else those the GM handed them, with the actions naming an actor."""
    if viewer.is_gm or t["owner"] == viewer.id:
        return list(tracker.actions().values()), None
    mine = [key for key, pid in t["controllers"].items() if pid == viewer.id]
    if not mine:
        return [], []
    return [a for a in tracker.actions().values() if a.actor_param], mine


def _action_fields(action: Any, mine: list[str] | None, values: dict[str, Any] | None = None) -> list[Any]:
    """An action's parameters as form fields; a player's actor field offers only their own combatants."""
    shown = fields(action.Params, values)
    for f in shown:
        if mine is not None and f.name == action.actor_param:
            f.kind, f.choices, f.required = "select", list(mine), True
        f.name = PARAM + f.name
    return shown


def _action_params(action: Any, form: dict[str, str]) -> dict[str, Any]:
    """The parameters from an action's form fields, as the API takes them."""
    return collect(action.Params, {k[len(PARAM) :]: v for k, v in form.items() if k.startswith(PARAM)})


def _html(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(page(lang_of(request), template, **context), status)


def _done(request: Request, table_id: str, message: str = "", status: int = 200) -> Response:
    if request.headers.get("hx-request"):
        css = "error" if status >= 400 else "ok"
        from markupsafe import escape

        return HTMLResponse(f'<span class="{css}">{escape(message)}</span>', status)
    return RedirectResponse(f"/t/{table_id}", 303)


async def _act(
    request: Request, table_id: str, work: Callable[[TableService, Participant], Event], done: str = "✔"
) -> Response:
    """One write from a form: same-site check, the viewer, the service call, the live broadcast."""
    try:
        same_origin(request)
        viewer = await run_in_threadpool(_viewer, request, table_id)
        event = await run_in_threadpool(work, service_of(request), viewer)
    except RunehallError as e:
        return _done(request, table_id, str(e), 422)
    await _publish(request, [event])
    return _done(request, table_id, done)


def _json_object(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text or "{}")
    except json.JSONDecodeError:
        raise RunehallError(f"{what} must be JSON") from None
    if not isinstance(value, dict):
        raise RunehallError(f"{what} must be a JSON object")
    return value


def _placed(model: Any, form: dict[str, str], error: RunehallError) -> tuple[list[Any], str]:
    """The form's fields with each error next to its field; what cannot be placed is returned apart."""
    shown = fields(model, form)
    problems = errors_by_field(str(error))
    for f in shown:
        f.error = problems.get(f.name, "")
    return shown, "" if problems else str(error)


def _gone(request: Request, error: RunehallError) -> HTMLResponse:
    from runehall.web.pages import home_page

    return home_page(request, str(error), None, 403)


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        try:
            viewer = _viewer(request, table_id)
        except RunehallError as e:
            return _gone(request, e)
        return _html(request, "table.html", **table_context(request, viewer))

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/log", response_class=HTMLResponse)
async def log(request: Request, table_id: str, since: int = 0, only: int | None = None) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        return _html(request, "_entries.html", **_entries(request, viewer, max(0, since), only))

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/panel", response_class=HTMLResponse)
async def panel(request: Request, table_id: str, mechanic: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        return _html(request, "_panel.html", **_panel(request, viewer, mechanic))

    return await run_in_threadpool(work)


def _mechanic_request(form: dict[str, str]) -> tuple[str, str, dict[str, Any]]:
    system_id, _, name = form.get("mechanic", "").partition(":")
    mechanic = registry.get(system_id).mechanic(name)
    return system_id, name, collect(mechanic.Params, form)


@router.post("/t/{table_id}/odds", response_class=HTMLResponse)
async def odds(request: Request, table_id: str) -> HTMLResponse:
    form = await form_of(request)

    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        try:
            system_id, name, params = _mechanic_request(form)
            result = service_of(request).odds(viewer, name, params, system_id)
        except RunehallError as e:
            return _html(request, "_odds.html", error=str(e))
        return _html(request, "_odds.html", **odds_tables(result))

    return await run_in_threadpool(work)


@router.post("/t/{table_id}/roll")
async def roll(request: Request, table_id: str) -> Response:
    form = await form_of(request)
    try:
        same_origin(request)
        viewer = await run_in_threadpool(_viewer, request, table_id)
        system_id, name, params = _mechanic_request(form)
        manual = [part.strip() for part in form.get("manual", "").split(",") if part.strip()] or None
        visibility = form.get("visibility", "public")
        event = await run_in_threadpool(service_of(request).roll, viewer, name, params, visibility, manual, system_id)
    except RunehallError as e:
        return _done(request, table_id, str(e), 422)
    await _publish(request, [event])
    from runehall.rolling import RollResult

    return _done(request, table_id, RollResult.from_json(event.payload["roll"]).render())


@router.post("/t/{table_id}/chat")
async def chat(request: Request, table_id: str) -> Response:
    return await _message(request, table_id, "chat")


@router.post("/t/{table_id}/notes")
async def notes(request: Request, table_id: str) -> Response:
    return await _message(request, table_id, "notes")


@router.post("/t/{table_id}/rotate")
async def rotate(request: Request, table_id: str) -> Response:
    return await _message(request, table_id, "rotate")


@router.post("/t/{table_id}/verify")
async def verify(request: Request, table_id: str) -> Response:
    return await _message(request, table_id, "verify")


async def _message(request: Request, table_id: str, kind: str) -> Response:
    form = await form_of(request)
    if kind == "verify":
        try:
            viewer = await run_in_threadpool(_viewer, request, table_id)
        except RunehallError as e:
            return _done(request, table_id, str(e), 422)
        report = verify_log(await run_in_threadpool(service_of(request).fair_log, viewer))
        checked = len([c for c in report.checks if c.status != "not-fair"])
        return _done(request, table_id, f"{'✔' if report.ok else '✘'} {report.verified} / {checked}")
    if kind == "rotate":
        return await _act(request, table_id, lambda service, me: service.rotate_seed(me, None))
    text = form.get("text", "")
    if kind == "notes":
        return await _act(request, table_id, lambda service, me: service.post(me, "note", text, "gm"))
    visibility = form.get("visibility", "public")
    return await _act(request, table_id, lambda service, me: service.post(me, "chat", text, visibility))


@router.post("/t/{table_id}/undo/{seq}")
async def undo(request: Request, table_id: str, seq: int) -> Response:
    return await _act(request, table_id, lambda service, me: service.undo(me, seq, ""))


@router.post("/t/{table_id}/revoke/{participant_id}")
async def revoke(request: Request, table_id: str, participant_id: str) -> Response:
    response = await _act(request, table_id, lambda service, me: service.revoke_participant(me, participant_id))
    if response.status_code < 400:
        request.app.state.hub.kick(table_id, participant_id)
    return response


@router.post("/t/{table_id}/characters")
async def create_character(request: Request, table_id: str) -> Response:
    form = await form_of(request)

    def work() -> Response:
        viewer = _viewer(request, table_id)
        system, _ = service_of(request).system(table_id)
        assert system.Character is not None
        values = collect(system.Character, form)
        try:
            same_origin(request)
            event = service_of(request).create_character(viewer, values, "public")
        except RunehallError as e:
            shown, unplaced = _placed(system.Character, form, e)
            context = table_context(
                request, viewer, character_fields=shown, character_errors=unplaced, character_open=True
            )
            return _html(request, "table.html", 422, **context)
        request.state.events = [event]
        if request.headers.get("hx-request"):
            return _html(request, "table.html", **table_context(request, viewer))
        return RedirectResponse(f"/t/{table_id}", 303)

    response = await run_in_threadpool(work)
    await _publish(request, getattr(request.state, "events", []))
    return response


@router.post("/t/{table_id}/characters/preview", response_class=HTMLResponse)
async def preview_character(request: Request, table_id: str) -> HTMLResponse:
    """Derived values (or the first problems) of the sheet being typed, before it is saved."""
    form = await form_of(request)

    def work() -> HTMLResponse:
        _viewer(request, table_id)
        system, options = service_of(request).system(table_id)
        assert system.Character is not None
        try:
            sheet = system.character(collect(system.Character, form), system.options(options))
        except RunehallError as e:
            return _html(request, "_preview.html", problems=errors_by_field(str(e)) or {"": str(e)})
        return _html(request, "_preview.html", derived=sheet.derived())

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/characters/{character_id}/edit", response_class=HTMLResponse)
async def edit_character_form(request: Request, table_id: str, character_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        found = [c for c in service_of(request).characters(viewer) if c["id"] == character_id]
        if not found:
            return _html(request, "base.html", 404)
        system, _ = service_of(request).system(table_id)
        assert system.Character is not None
        shown = fields(system.Character, found[0]["sheet"])
        return _html(request, "_edit_character.html", fields=shown, table_id=table_id, character_id=character_id)

    return await run_in_threadpool(work)


@router.post("/t/{table_id}/characters/{character_id}")
async def edit_character(request: Request, table_id: str, character_id: str) -> Response:
    form = await form_of(request)

    def work() -> Response:
        viewer = _viewer(request, table_id)
        system, _ = service_of(request).system(table_id)
        assert system.Character is not None
        try:
            same_origin(request)
            event = service_of(request).edit_character(viewer, character_id, collect(system.Character, form))
        except RunehallError as e:
            shown, unplaced = _placed(system.Character, form, e)
            context = {"fields": shown, "table_id": table_id, "character_id": character_id}
            return _html(request, "_edit_character.html", 422, error=unplaced, **context)
        request.state.events = [event]
        return _done(request, table_id, "✔")

    response = await run_in_threadpool(work)
    await _publish(request, getattr(request.state, "events", []))
    return response


@router.get("/t/{table_id}/people", response_class=HTMLResponse)
async def people(request: Request, table_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        context = table_context(request, viewer)
        return _html(request, "_people.html", **context)

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/characters/{character_id}/print", response_class=HTMLResponse)
async def print_character(request: Request, table_id: str, character_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        found = [c for c in service_of(request).characters(viewer) if c["id"] == character_id]
        if not found:
            return _html(request, "base.html", 404)
        system, _ = service_of(request).system(table_id)
        c = found[0]
        return _html(
            request, "print_character.html", sheet=c["sheet"], derived=c["derived"], system=system, table_id=table_id
        )

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/characters/{character_id}.json")
async def character_json(request: Request, table_id: str, character_id: str) -> Response:
    viewer = await run_in_threadpool(_viewer, request, table_id)
    found = [c for c in await run_in_threadpool(service_of(request).characters, viewer) if c["id"] == character_id]
    if not found:
        return JSONResponse({"detail": "no such character"}, 404)
    headers = {"Content-Disposition": f'attachment; filename="{character_id}.json"'}
    return JSONResponse(found[0]["sheet"], headers=headers)


@router.post("/t/{table_id}/import-character")
async def import_character(request: Request, table_id: str) -> Response:
    data = await request.form()
    upload = data.get("file")
    if upload is None or isinstance(upload, str):
        return _done(request, table_id, "choose a JSON file", 422)
    raw = await upload.read(200_000)
    try:
        sheet = _json_object(raw.decode("utf-8"), "a sheet")
    except (RunehallError, UnicodeDecodeError) as e:
        return _done(request, table_id, str(e) if isinstance(e, RunehallError) else "that file is not text", 422)
    return await _act(request, table_id, lambda service, me: service.create_character(me, sheet, "public"))


@router.post("/t/{table_id}/trackers")
async def start_tracker(request: Request, table_id: str) -> Response:
    form = await form_of(request)

    def work(service: TableService, me: Participant) -> Event:
        setup = _json_object(form.get("setup", ""), "settings")
        if form.get("character_id"):
            setup["character_id"] = form["character_id"]
        return service.start_tracker(me, form.get("tracker", ""), setup, "public")

    return await _act(request, table_id, work)


def _tracker_of(service: TableService, me: Participant, tracker_id: str) -> tuple[Any, dict[str, Any]]:
    found = [t for t in service.trackers(me) if t["id"] == tracker_id]
    if not found:
        raise NotFound(f"no tracker {tracker_id!r}")
    system, _ = service.system(me.table_id)
    return system.tracker(found[0]["tracker"]), found[0]


@router.get("/t/{table_id}/trackers", response_class=HTMLResponse)
async def trackers_part(request: Request, table_id: str) -> HTMLResponse:
    """Everything in play, as on the table page (fetched when something new is put into play)."""

    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        context = table_context(request, viewer)
        return _html(request, "_trackers.html", **context)

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/trackers/{tracker_id}/view", response_class=HTMLResponse)
async def tracker_view(request: Request, table_id: str, tracker_id: str) -> HTMLResponse:
    """One tracker's state (fetched live after each move, leaving the action form as it is)."""

    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        service = service_of(request)
        system, _ = service.system(viewer.table_id)
        names = {p["id"]: p["name"] for p in service.summary(viewer)["participants"]}
        found = [t for t in _tracker_rows(service, viewer, system, names) if t["id"] == tracker_id]
        if not found:
            raise NotFound(f"no tracker {tracker_id!r}")
        return _html(request, "_tracker_view.html", t=found[0], table_id=viewer.table_id)

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/trackers/{tracker_id}/fields", response_class=HTMLResponse)
async def tracker_fields(request: Request, table_id: str, tracker_id: str, action: str) -> HTMLResponse:
    """The chosen action's fields (swapped in when the action changes)."""

    def work() -> HTMLResponse:
        viewer = _viewer(request, table_id)
        try:
            tracker, t = _tracker_of(service_of(request), viewer, tracker_id)
            usable, mine = _usable(viewer, tracker, t)
            chosen = next((a for a in usable if a.name == action), None)
            if chosen is None:
                raise Forbidden(f"you cannot use {action!r} here")
        except RunehallError as e:
            return _html(request, "_tracker_fields.html", error=str(e), t={"id": tracker_id}, fields=[])
        shown = _action_fields(chosen, mine)
        return _html(request, "_tracker_fields.html", t={"id": tracker_id, "fields": shown})

    return await run_in_threadpool(work)


@router.post("/t/{table_id}/trackers/{tracker_id}")
async def tracker_action(request: Request, table_id: str, tracker_id: str) -> Response:
    form = await form_of(request)

    def work(service: TableService, me: Participant) -> Event:
        action = form.get("action", "")
        if "params" in form:  # the parameters as JSON, as the API takes them
            params = _json_object(form["params"], "parameters")
        else:
            params = _action_params(_tracker_of(service, me, tracker_id)[0].action(action), form)
        manual = [part.strip() for part in form.get("manual", "").split(",") if part.strip()] or None
        return service.tracker_action(me, tracker_id, action, params, manual)

    return await _act(request, table_id, work)


@router.post("/t/{table_id}/trackers/{tracker_id}/controllers")
async def tracker_controllers(request: Request, table_id: str, tracker_id: str) -> Response:
    """The GM's form: one choice per combatant (field "ctl-<combatant>"), a player's id or empty."""
    form = await form_of(request)
    controllers = {k[4:]: v for k, v in form.items() if k.startswith("ctl-") and v}
    return await _act(request, table_id, lambda service, me: service.set_controllers(me, tracker_id, controllers))
