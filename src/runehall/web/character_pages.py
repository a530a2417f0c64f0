"""Characters at the table page: creating (with the problems next to their fields), the derived values
previewed as one types, editing, the printable sheet, the JSON download and the JSON upload."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from runehall.errors import N_, RunehallError
from runehall.present.words import words_for
from runehall.service import models
from runehall.storage.store import Participant
from runehall.web.forms import collect, validated
from runehall.web.pages import _publish, form_of, lang_of, same_origin, service_of
from runehall.web.plumbing import act, answer, json_object, render_html, viewer_of
from runehall.web.refusals import beside_fields, by_field_in_language, in_language
from runehall.web.sheets import drawn, roll_query
from runehall.web.table_pages import _character_fields, table_context

router = APIRouter()


def _placed(system: Any, lang: str, form: dict[str, str], error: RunehallError) -> tuple[list[Any], str]:
    """The sheet's fields with each error next to its field; what cannot be placed is returned apart."""
    shown = _character_fields(system, lang, form)
    problems, unplaced = beside_fields(error, lang, system.id, {f.name: f.label for f in shown})
    for f in shown:
        f.error = problems.get(f.name, "")
    return shown, unplaced


def _character(request: Request, viewer: Participant, character_id: str) -> list[dict[str, Any]]:
    """The character with this id, if this viewer may see it (a list of one, or empty)."""
    return [c for c in service_of(request).characters(viewer) if c["id"] == character_id]


@router.post("/t/{table_id}/characters")
async def create_character(request: Request, table_id: str) -> Response:
    form = await form_of(request)

    def work() -> Response:
        viewer = viewer_of(request, table_id)
        system, _ = service_of(request).system(table_id)
        assert system.Character is not None
        try:
            same_origin(request)
            asked = validated(models.Character, sheet=collect(system.Character, form))
            event = service_of(request).create_character(viewer, asked.sheet, asked.visibility)
        except RunehallError as e:
            shown, unplaced = _placed(system, lang_of(request), form, e)
            context = table_context(
                request, viewer, character_fields=shown, character_errors=unplaced, character_open=True
            )
            return render_html(request, "table.html", 422, **context)
        request.state.events = [event]
        if request.headers.get("hx-request"):
            return render_html(request, "table.html", **table_context(request, viewer))
        return RedirectResponse(f"/t/{table_id}", 303)

    response = await run_in_threadpool(work)
    await _publish(request, getattr(request.state, "events", []))
    return response


@router.post("/t/{table_id}/characters/preview", response_class=HTMLResponse)
async def preview_character(request: Request, table_id: str) -> HTMLResponse:
    """The sheet being typed as it will read once saved, with its creation budgets counted from what is typed
    (so they show while the rules still refuse the sheet); until then, what is left to fill in and the
    problems, each under its field's label."""
    form = await form_of(request)

    def work() -> HTMLResponse:
        viewer_of(request, table_id)
        system, options = service_of(request).system(table_id)
        assert system.Character is not None
        lang = lang_of(request)
        words = words_for(lang, system.id)
        shown: dict[str, Any] = {
            "table_id": table_id,
            "system": system,
            "roll_query": roll_query,
            "budget_strip": _strip(form),
        }
        try:
            chosen = system.options(options)
        except RunehallError:  # options the rules no longer take: the sheet is checked by the defaults
            chosen = system.options({})
        try:
            values = collect(system.Character, form)  # a field's JSON too deep is refused here, beside it
            shown["budgets"] = system.Character.budgets(values, chosen, words)
            sheet = system.character(values, chosen)
        except RunehallError as e:
            labels = {f.name: f.label for f in _character_fields(system, lang)}
            waiting = [labels[p.where] for p in e.parts if p.where in labels and p.template == FIELD_REQUIRED]
            problems = {
                labels.get(name, name) if name else "": message
                for name, message in by_field_in_language(e, lang, system.id).items()
                if not (name in labels and labels[name] in waiting and _only_missing(e, name))
            }
            if not problems and not waiting:
                problems = {"": in_language(e, lang)}
            return render_html(request, "_preview.html", problems=problems, waiting=waiting, **shown)
        return render_html(request, "_preview.html", sheet=sheet.sheet(words, chosen), **shown)

    return await run_in_threadpool(work)


FIELD_REQUIRED = "Field required"  # pydantic's "missing", as systems.base says it (its template)


def _only_missing(error: RunehallError, name: str) -> bool:
    return all(p.template == FIELD_REQUIRED for p in error.parts if p.where.split(".")[0] == name)


def _strip(form: dict[str, str]) -> str:
    """The id of the form whose budget strip the preview fills (its own form's, never another element)."""
    target = form.get("preview_for", "")
    return target if target == "character-form" or re.fullmatch(r"edit-[\w-]{1,64}", target) else ""


@router.get("/t/{table_id}/characters/{character_id}/edit", response_class=HTMLResponse)
async def edit_character_form(request: Request, table_id: str, character_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        found = _character(request, viewer, character_id)
        if not found:
            return render_html(request, "base.html", 404)
        system, _ = service_of(request).system(table_id)
        assert system.Character is not None
        shown = _character_fields(system, lang_of(request), found[0]["sheet"])
        return render_html(request, "_edit_character.html", fields=shown, table_id=table_id, character_id=character_id)

    return await run_in_threadpool(work)


@router.post("/t/{table_id}/characters/{character_id}")
async def edit_character(request: Request, table_id: str, character_id: str) -> Response:
    form = await form_of(request)

    def work() -> Response:
        viewer = viewer_of(request, table_id)
        system, _ = service_of(request).system(table_id)
        assert system.Character is not None
        try:
            same_origin(request)
            asked = validated(models.CharacterEdit, sheet=collect(system.Character, form))
            event = service_of(request).edit_character(viewer, character_id, asked.sheet)
        except RunehallError as e:
            shown, unplaced = _placed(system, lang_of(request), form, e)
            context = {"fields": shown, "table_id": table_id, "character_id": character_id}
            return render_html(request, "_edit_character.html", 422, error=unplaced, **context)
        request.state.events = [event]
        return answer(request, table_id, "✔")

    response = await run_in_threadpool(work)
    await _publish(request, getattr(request.state, "events", []))
    return response


@router.get("/t/{table_id}/characters/{character_id}/print", response_class=HTMLResponse)
async def print_character(request: Request, table_id: str, character_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        found = _character(request, viewer, character_id)
        if not found:
            return render_html(request, "base.html", 404)
        system, options = service_of(request).system(table_id)
        sheet = drawn(system, options, found[0]["sheet"], lang_of(request))
        return render_html(
            request, "print_character.html", sheet=sheet, system=system, table_id=table_id, roll_query=roll_query
        )

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/characters/{character_id}.json")
async def character_json(request: Request, table_id: str, character_id: str) -> Response:
    viewer = await run_in_threadpool(viewer_of, request, table_id)
    found = await run_in_threadpool(_character, request, viewer, character_id)
    if not found:
        return JSONResponse({"detail": "no such character"}, 404)
    headers = {"Content-Disposition": f'attachment; filename="{character_id}.json"'}
    return JSONResponse(found[0]["sheet"], headers=headers)


@router.post("/t/{table_id}/import-character")
async def import_character(request: Request, table_id: str) -> Response:
    data = await request.form()
    upload = data.get("file")
    if upload is None or isinstance(upload, str):
        return answer(request, table_id, "choose a JSON file", 422)
    raw = await upload.read(200_000)
    try:
        sheet = json_object(raw.decode("utf-8"), N_("a sheet"))
        asked = validated(models.Character, sheet=sheet)
    except (RunehallError, UnicodeDecodeError) as e:
        return answer(request, table_id, e if isinstance(e, RunehallError) else "that file is not text", 422)
    return await act(request, table_id, lambda service, me: service.create_character(me, asked.sheet, "public"))
