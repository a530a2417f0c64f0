"""The table page and its fragments. Every piece of HTML is rendered from what this viewer may see.

Writes go through the same TableService as the JSON API. With htmx a form gets a fragment back; without
JavaScript it gets a redirect to the table page, so every control also works as a plain form.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response

from runehall import wire
from runehall.errors import RunehallError
from runehall.fairness.log import verify_log
from runehall.present.odds import summarize
from runehall.present.words import words_for
from runehall.service import models
from runehall.storage.store import Event, Participant
from runehall.systems import registry
from runehall.table.play import TableService
from runehall.table.visibility import can_see
from runehall.web.forms import collect, fields, validated
from runehall.web.i18n import translations
from runehall.web.odds_view import odds_view
from runehall.web.pages import _publish, form_of, lang_of, same_origin, service_of
from runehall.web.plumbing import act, answer, render_html, viewer_of
from runehall.web.present import combatant_names, entry, roll_card
from runehall.web.refusals import in_language
from runehall.web.sheets import about, prefill, roll_query, sheets
from runehall.web.tracker_pages import trackers_context

router = APIRouter()
# What the author of a roll they may not see is told (gettext ids: translated in messages.po).
HIDDEN_ACK = {
    "blind": "rolled blind: only the game master sees it",
    "gm": "rolled for the game master: only they see it",
}
NOT_YOURS_TO_REVOKE = "only the game master revokes access, and only of another participant"
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


def _mechanics(system_id: str, lang: str = "en") -> list[dict[str, str]]:
    """The mechanics the picker offers (the table's system's, then free dice), titled in the reader's words."""
    found = []
    for sid in dict.fromkeys([system_id, "dice"]):
        system = registry.get(sid)
        words = words_for(lang, sid)
        for m in system.mechanics().values():
            found.append({"key": f"{sid}:{m.name}", "title": words(m.title), "system": sid})
    return found


def _panel(request: Request, viewer: Participant, key: str, values: dict[str, Any] | None = None) -> dict[str, Any]:
    system_id, _, name = key.partition(":")
    mechanic = registry.get(system_id).mechanic(name)
    words = words_for(lang_of(request), system_id)
    return {
        "table_id": viewer.table_id,
        "chosen": key,
        "summary": words(mechanic.summary),
        "params": fields(mechanic.Params, values, words, mechanic.choice_label),
        "manual_help": words(mechanic.manual_help),
        "me": viewer,
        "from_sheets": _from_sheets(request, viewer, system_id, name),
        "about": about(request.query_params.multi_items()) if values else None,
        "asked_query": request.url.query if values else "",  # the sheet's roll the panel was opened for
    }


def _from_sheets(request: Request, viewer: Participant, system_id: str, name: str) -> list[tuple[str, str]]:
    """Every roll of this mechanic the table's characters offer on their sheets (the ones this viewer sees),
    as ("Atla · Abrir cerraduras", the panel's query prefilling it): a roll form picks a character's roll. A
    term in the book's language has the reader's word beside it, as on the sheet ("Ragnar · Great Weapon (Arma
    grande)")."""
    service = service_of(request)
    system, options = service.system(viewer.table_id)
    if system.id != system_id or system.Character is None:
        return []
    found = []
    for sheet in sheets(system, options, service.characters(viewer), lang_of(request)).values():
        for section in sheet.sections:
            for row in section.rows:
                if row.roll is not None and row.roll.mechanic == name:  # the book's term, the reader's word beside
                    term = f"{row.label} ({row.gloss})" if row.gloss else row.label
                    found.append((f"{sheet.name} · {term}", roll_query(system.id, row.roll, sheet.name, row.label)))
    return found[:MAX_SHEET_ROLLS]


MAX_SHEET_ROLLS = 500  # a picker longer than this helps nobody; a table has a handful of characters


def _undone(
    service: TableService, viewer: Participant, events: list[Event], names: dict[str, str]
) -> dict[int, tuple[str, str]]:
    """What each undo in `events` took back, as its card says it: the kind of entry (a roll, a message, a
    note, a move, or another entry) and whose it was; an entry this viewer may not see is left out (its undo
    names it by number only)."""
    targets = {int(e.payload["revokes"]) for e in events if e.kind == "revoke"}
    if not targets:
        return {}
    seen = {e.seq: e for e in events}
    if not targets <= seen.keys():
        seen = {e.seq: e for e in service.events_for(viewer, min(targets) - 1)}
    kinds = {"roll": "roll", "chat": "message", "note": "note", "tracker_action": "move"}
    return {
        seq: (kinds.get(seen[seq].kind, "entry"), names.get(seen[seq].author or "", "—"))
        for seq in targets
        if seq in seen
    }


LOG_PAGE = 60
"""Entries a page shows at first (the newest); earlier ones come a page at a time on request, so a table
after a long evening opens as fast as a new one."""


def _entries(
    request: Request, viewer: Participant, since: int = 0, only: int | None = None, before: int | None = None
) -> dict[str, Any]:
    service = service_of(request)
    events = service.events_for(viewer, since)
    if only is not None:
        events = [e for e in service.events_for(viewer, only - 1) if e.seq == only]
    earlier = None  # the first entry shown, when there are earlier ones to show
    if before is not None:
        events = [e for e in events if e.seq < before]
    if (before is not None or since == 0) and only is None and len(events) > LOG_PAGE:
        events = events[-LOG_PAGE:]
        earlier = events[0].seq
    people = service.summary(viewer)["participants"]
    names = {p["id"]: p["name"] for p in people}
    state = service.state(viewer.table_id)
    trackers = {t.id: (state.system, t.tracker) for t in state.trackers.values()}
    moved = ("tracker_action", "tracker_started", "tracker_controllers")  # entries naming combatants
    acted = {str(e.payload.get("tracker_id")) for e in events if e.kind in moved}
    lang = lang_of(request)
    combatants = combatant_names(state, acted)  # each tracker folded once for the page, not once an entry
    return {
        "undone": _undone(service, viewer, events, names),
        "entries": [entry(e, names, state.revoked, viewer.id, lang, trackers, combatants) for e in events],
        "table_id": viewer.table_id,
        "can_undo": viewer.is_gm,
        "undoable": UNDOABLE,
        "me": viewer,
        "earlier": earlier,
    }


def table_context(request: Request, viewer: Participant, **extra: Any) -> dict[str, Any]:
    service = service_of(request)
    summary = service.summary(viewer)
    system, options = service.system(viewer.table_id)
    mechanics = _mechanics(system.id, lang_of(request))
    online = request.app.state.hub.online(viewer.table_id)
    for p in summary["participants"]:
        p["online"] = p["id"] in online
    characters = service.characters(viewer)
    asked = request.query_params.get("mechanic", "")  # a sheet's roll link without JavaScript lands here
    chosen = asked if any(m["key"] == asked for m in mechanics) else mechanics[0]["key"]
    token = request.cookies.get(f"rh_{viewer.table_id}", "")
    base = str(request.base_url).rstrip("/")
    gm_link = f"{base}/t/{viewer.table_id}/enter?token={token}" if viewer.is_gm else ""
    code = summary["invite_code"]
    context = {
        "gm_link": gm_link,
        "invite_link": f"{base}/join?code={code}" if code else "",
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
        "sheets": sheets(system, options, characters, lang_of(request)),
        "roll_query": roll_query,
        "character_fields": _character_fields(system, lang_of(request)),
        "character_errors": "",
        **trackers_context(service, viewer, system, summary["participants"], characters, lang_of(request)),
        **_entries(request, viewer),
        **_panel(request, viewer, chosen, prefill(request.query_params.multi_items(), chosen)),
    }
    context.update(extra)
    return context


def _gone(request: Request) -> HTMLResponse:
    """A table this browser has not joined (or whose access was revoked): say so, and offer to join."""
    from runehall.web.pages import join_page

    return join_page(request, {"form": {}}, 403, not_joined=True)


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        try:
            viewer = viewer_of(request, table_id)
        except RunehallError:
            return _gone(request)
        return render_html(request, "table.html", **table_context(request, viewer))

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/log", response_class=HTMLResponse)
async def log(
    request: Request,
    table_id: str,
    since: Annotated[int, Query(ge=0, le=wire.MAX_SEQ)] = 0,
    only: Annotated[int | None, Query(ge=1, le=wire.MAX_SEQ)] = None,
    before: Annotated[int | None, Query(ge=1, le=wire.MAX_SEQ)] = None,
) -> HTMLResponse:
    """The log's entries after `since` (what the live page has not got yet), the one entry `only`, or the page
    of entries before `before` (the "earlier entries" button)."""

    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        return render_html(request, "_entries.html", **_entries(request, viewer, since, only, before))

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/panel", response_class=HTMLResponse)
async def panel(request: Request, table_id: str, mechanic: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        values = prefill(request.query_params.multi_items(), mechanic)  # a roll from a sheet
        return render_html(request, "_panel.html", **_panel(request, viewer, mechanic, values))

    return await run_in_threadpool(work)


def _character_fields(system: Any, lang: str, values: dict[str, Any] | None = None, options: Any = None) -> list[Any]:
    """A character sheet's fields in the reader's words (the system's catalog), choices by the sheet's hooks
    (how a choice reads, and what each list may hold under the table's options)."""
    if system.Character is None:
        return []
    character = system.Character
    return fields(
        character,
        values,
        words_for(lang, system.id),
        character.choice_label,
        lambda path: character.choices(path, options),
        list_rows=True,
        book=system.meta.language,
    )


def _mechanic_request(form: dict[str, str]) -> tuple[str, str, dict[str, Any]]:
    system_id, _, name = form.get("mechanic", "").partition(":")
    mechanic = registry.get(system_id).mechanic(name)
    return system_id, name, collect(mechanic.Params, form)


def _unfilled(request: Request, system_id: str, name: str, form: dict[str, str]) -> list[str]:
    """The labels of the required fields still blank: the odds wait for them, naming them, instead of
    calling them errors before the person has reached them."""
    mechanic = registry.get(system_id).mechanic(name)
    shown = fields(mechanic.Params, None, words_for(lang_of(request), system_id), mechanic.choice_label)
    sent = collect(mechanic.Params, form)
    return [f.label for f in shown if f.required and f.kind != "checkbox" and f.name not in sent]


def _manual(form: dict[str, str]) -> list[str] | None:
    return [part.strip() for part in form.get("manual", "").split(",") if part.strip()] or None


def _in_language(request: Request, form: dict[str, str], error: RunehallError) -> str:
    """A roll's refusal in the page's language, each parameter named by its label in the roll panel."""
    system_id, _, name = form.get("mechanic", "").partition(":")
    try:
        mechanic = registry.get(system_id).mechanic(name)
        shown = fields(mechanic.Params, None, words_for(lang_of(request), system_id), mechanic.choice_label)
    except RunehallError:  # no such mechanic: the refusal says so, with no labels to look up
        shown = []
    return in_language(error, lang_of(request), {f.name: f.label for f in shown}, system_id or None)


@router.post("/t/{table_id}/odds", response_class=HTMLResponse)
async def odds(request: Request, table_id: str) -> HTMLResponse:
    form = await form_of(request)

    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        try:
            system_id, name, params = _mechanic_request(form)
            waiting = _unfilled(request, system_id, name, form)
            if waiting:
                return render_html(request, "_odds.html", waiting=waiting)
            asked = validated(models.Odds, mechanic=name, system=system_id, params=params)
            chosen, mechanic, _, exact = service_of(request).exact_odds(
                viewer, asked.mechanic, asked.params, asked.system
            )
        except RunehallError as e:
            return render_html(request, "_odds.html", error=_in_language(request, form, e))
        words = words_for(lang_of(request), chosen.id)
        return render_html(request, "_odds.html", **odds_view(summarize(mechanic, exact, words), words))

    return await run_in_threadpool(work)


@router.post("/t/{table_id}/roll")
async def roll(request: Request, table_id: str) -> Response:
    form = await form_of(request)
    try:
        same_origin(request)
        viewer = await run_in_threadpool(viewer_of, request, table_id)
        system_id, name, params = _mechanic_request(form)
        visibility = form.get("visibility", "public")
        asked = validated(
            models.Roll,
            mechanic=name,
            system=system_id,
            params=params,
            visibility=visibility,
            manual=_manual(form),
            about=about((k.replace("_", "-"), v) for k, v in form.items()),
        )
        event = await run_in_threadpool(
            service_of(request).roll,
            viewer,
            asked.mechanic,
            asked.params,
            asked.visibility,
            asked.manual,
            asked.system,
            asked.about.model_dump() if asked.about else None,
        )
    except RunehallError as e:
        return answer(request, table_id, await run_in_threadpool(_in_language, request, form, e), 422)
    await _publish(request, [event])
    if not can_see(event, viewer):  # blind (or a player's GM-only roll): the author learns nothing of it
        said = HIDDEN_ACK.get(event.visibility, HIDDEN_ACK["blind"])
        return answer(request, table_id, translations(lang_of(request)).gettext(said))
    if request.headers.get("hx-request"):
        card = roll_card(event.payload["roll"], lang_of(request), viewer.name, event.payload.get("about"))
        return render_html(request, "_rolled.html", rolled=card)
    return answer(request, table_id)


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
            viewer = await run_in_threadpool(viewer_of, request, table_id)
        except RunehallError as e:
            return answer(request, table_id, e, 422)
        report = verify_log(await run_in_threadpool(service_of(request).fair_log, viewer))
        checked = len([c for c in report.checks if c.status not in ("not-fair", "manual")])
        return answer(request, table_id, f"{'✔' if report.ok else '✘'} {report.verified} / {checked}")
    if kind == "rotate":
        return await act(request, table_id, lambda service, me: service.rotate_seed(me, None))
    text = form.get("text", "")
    visibility = "gm" if kind == "notes" else form.get("visibility", "public")

    def work(service: TableService, me: Participant) -> Event:
        said = validated(models.Message, text=text, visibility=visibility)  # the API's limits, NUL included
        return service.post(me, "note" if kind == "notes" else "chat", said.text, said.visibility)

    return await act(request, table_id, work)


@router.post("/t/{table_id}/undo/{seq}")
async def undo(request: Request, table_id: str, seq: Annotated[int, Path(ge=1, le=wire.MAX_SEQ)]) -> Response:
    return await act(request, table_id, lambda service, me: service.undo(me, seq, ""))


@router.get("/t/{table_id}/revoke/{participant_id}", response_class=HTMLResponse)
async def revoke_asked(request: Request, table_id: str, participant_id: str) -> Response:
    """Revoking is asked twice: this page names whose access goes, and its button does it."""

    def work() -> Response:
        try:
            viewer = viewer_of(request, table_id)
        except RunehallError:
            return _gone(request)
        people = {p["id"]: p for p in service_of(request).summary(viewer)["participants"]}
        person = people.get(participant_id)
        if not viewer.is_gm or person is None or person["revoked"] or participant_id == viewer.id:
            return answer(request, table_id, NOT_YOURS_TO_REVOKE, 403)
        return render_html(request, "revoke.html", table_id=table_id, person=person)

    return await run_in_threadpool(work)


@router.post("/t/{table_id}/revoke/{participant_id}")
async def revoke(request: Request, table_id: str, participant_id: str) -> Response:
    response = await act(request, table_id, lambda service, me: service.revoke_participant(me, participant_id))
    if response.status_code < 400:
        request.app.state.hub.kick(table_id, participant_id)
    return response


@router.post("/t/{table_id}/invite-code")
async def change_invite_code(request: Request, table_id: str) -> Response:
    """The GM's button: a fresh invite code (shown in the people panel), the old one dead at once."""
    return await act(request, table_id, lambda service, me: service.change_invite_code(me)[1])


@router.get("/t/{table_id}/people", response_class=HTMLResponse)
async def people(request: Request, table_id: str) -> HTMLResponse:
    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        context = table_context(request, viewer)
        return render_html(request, "_people.html", **context)

    return await run_in_threadpool(work)
