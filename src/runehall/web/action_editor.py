"""A tracker action whose parameters are a whole document (`TrackerAction.editor`: a Rune runner's notes) edited
on a screen of its own: the form drawn from the action's `form_model` (fieldsets, lists with Add and Remove,
pickers from `action.choices`), its preview beside it (below it on a phone) drawn again on every change, each
refusal beside the row it is about, and a submit that makes the action through the tracker action route.

Only those who may use the action get the screen. It starts from the state's current document for the
tracker's owner alone (`action.current`: his secret, never drawn for anyone else, the game master included),
else from the action's first draft (`action.fresh`). A document that ships with the rules
(`action.shipped`, a Rune runner's shipped encounters) may be chosen to start from instead (`?shipped=KEY`): the
form is filled with it, to be read and changed before saving.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse

from runehall.errors import N_, RunehallError
from runehall.present.action_preview import ActionPreview
from runehall.present.refusals import say
from runehall.present.words import Words, words_for
from runehall.storage.store import Forbidden, NotFound, Participant
from runehall.web.formdata import blank, tree
from runehall.web.forms import Field, collect, fields, walk
from runehall.web.pages import form_of, lang_of, same_origin, service_of
from runehall.web.plumbing import render_html, viewer_of
from runehall.web.tracker_pages import PARAM, _usable

router = APIRouter()


def _opened(
    request: Request, table_id: str, tracker_id: str, name: str
) -> tuple[Participant, Any, Any, dict[str, Any]]:
    """The viewer, the action, the tracker's row (its state under "now") and the table's options; NotFound
    for an action that has no screen, Forbidden for someone who may not use it."""
    viewer = viewer_of(request, table_id)
    service = service_of(request)
    system, _ = service.system(viewer.table_id)
    found = service.trackers(viewer, states=True, only=tracker_id)
    if not found:
        raise NotFound(N_("no tracker {tracker_id!r}"), tracker_id=tracker_id)
    t = found[0]
    tracker = system.tracker(t["tracker"])
    action = tracker.action(name)
    if not getattr(action, "editor", False):
        raise NotFound(N_("no tracker {tracker_id!r}"), tracker_id=tracker_id)
    usable, _ = _usable(viewer, tracker, t)
    if action not in usable:
        raise Forbidden(N_("only the owner or the game master can act on this tracker"))
    try:
        t["options"] = system.options(t.get("options") or {})
    except RunehallError:  # options the rules no longer take: the defaults
        t["options"] = system.options({})
    return viewer, action, t, {"system": system}


def _fields(action: Any, values: Mapping[str, Any], words: Words, options: Any) -> list[Field]:
    shown = fields(
        action.form_model(),
        dict(values),
        words,
        action.choice_label,
        lambda path: action.choices(path, options),
        list_rows=True,
    )
    for f in walk(shown):
        f.name = PARAM + f.name
    return shown


def _preview(action: Any, t: dict[str, Any], values: Mapping[str, Any], words: Words) -> ActionPreview | None:
    try:
        return action.preview(t["now"], values, t["options"], words)  # type: ignore[no-any-return]
    except RunehallError as e:
        return ActionPreview(problems={"": (say(e, words),)})


def named(sent: Mapping[str, Any], path: str) -> str:
    """A path with rows numbered by their place in each list ("events.0.rolls.1") as the form names them: rows
    keep the numbers they were given on the page (one removed leaves a gap), so the second row sent may be
    called "3"."""
    place: Any = sent
    out: list[str] = []
    for part in path.split(".") if path else []:
        if part.isdigit() and isinstance(place, dict) and any(str(k).isdigit() for k in place):
            keys = sorted((int(k) for k, v in place.items() if str(k).isdigit() and not blank(v)))
            index = int(part)
            key = str(keys[index]) if index < len(keys) else part
            out.append(key)
            place = place.get(key)
            continue
        out.append(part)
        place = place.get(part) if isinstance(place, dict) else None
    return ".".join(out)


def _placed(preview: ActionPreview | None, sent: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each problem with the form name it belongs beside (the editor's script puts it there)."""
    if preview is None:
        return []
    return [(PARAM + named(sent, path), "; ".join(said)) for path, said in preview.problems.items() if path and said]


def _context(
    action: Any, t: dict[str, Any], words: Words, preview: ActionPreview | None, sent: Mapping[str, Any]
) -> dict[str, Any]:
    whole = list(preview.problems.get("", ())) if preview else []
    if preview is not None and not preview.sections:  # nothing priced: every problem is said here too
        whole += [said for path, said in _placed(preview, sent)]
    return {"p": preview, "placed": _placed(preview, sent), "whole": whole}


def _page(request: Request, table_id: str, tracker_id: str, name: str) -> HTMLResponse:
    viewer, action, t, more = _opened(request, table_id, tracker_id, name)
    words = words_for(lang_of(request), more["system"].id)
    values = action.current(t["now"]) if t["owner"] == viewer.id else None  # the owner's own secret only
    picked = request.query_params.get("shipped", "")
    if picked:  # a shipped document chosen to start from (the page's "A shipped encounter")
        values = action.from_shipped(t["now"], picked)
    if values is None:
        values = action.fresh(t["now"], t["options"]) or {}
    shown = _fields(action, values, words, t["options"])
    preview = _preview(action, t, values, words)
    editor = {
        "title": words(action.title or action.name),
        "action": action.name,
        "fields": shown,
        "tracker": t["id"],
        "tracker_title": words(more["system"].tracker(t["tracker"]).title),
        "shipped": action.shipped(),
        "picked": picked,
    }
    context = _context(action, t, words, preview, {})
    return render_html(request, "editor.html", e=editor, table_id=viewer.table_id, **context)


@router.get("/t/{table_id}/trackers/{tracker_id}/edit/{action}", response_class=HTMLResponse)
async def editor_screen(request: Request, table_id: str, tracker_id: str, action: str) -> HTMLResponse:
    """The action's screen: its form, prefilled, and its preview."""
    return await run_in_threadpool(_page, request, table_id, tracker_id, action)


@router.post("/t/{table_id}/trackers/{tracker_id}/edit/{action}/preview", response_class=HTMLResponse)
async def editor_preview(request: Request, table_id: str, tracker_id: str, action: str) -> HTMLResponse:
    """The preview of the form as it stands (nothing is stored)."""
    form = await form_of(request)
    same_origin(request)

    def work() -> HTMLResponse:
        _, chosen, t, more = _opened(request, table_id, tracker_id, action)
        words = words_for(lang_of(request), more["system"].id)
        sent = {k[len(PARAM) :]: v for k, v in form.items() if k.startswith(PARAM)}
        try:
            values = collect(chosen.form_model(), sent)
            preview = _preview(chosen, t, values, words)
        except RunehallError as e:
            preview = ActionPreview(problems={"": (say(e, words),)})
        context = _context(chosen, t, words, preview, tree(sent))
        return render_html(request, "_action_preview.html", **context)

    return await run_in_threadpool(work)
