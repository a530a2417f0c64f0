"""What is in play at a table, on the web page: each tracker's state, the forms for the actions this
person may take (a player only for the combatants handed to them), and the GM's hand-out form."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response

from runehall.errors import N_, OneOf, RunehallError
from runehall.play.board import board_of
from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.service import models
from runehall.storage.store import Event, NotFound, Participant
from runehall.systems.tracker import Tracker
from runehall.table.play import TableService
from runehall.web import boards, lineup, lineup_start
from runehall.web.forms import Field, collect, fields, validated
from runehall.web.pages import form_of, lang_of, same_origin, service_of
from runehall.web.plumbing import act, json_object, render_html, viewer_of

router = APIRouter()
PARAM = "param-"  # an action's parameter fields are named apart from the form's own (declare has an "action")


def tracker_rows(
    service: TableService,
    viewer: Participant,
    system: Any,
    names: dict[str, str],
    lang: str = "en",
    states: list[tuple[str, Any]] | None = None,
    only: str | None = None,
) -> list[dict[str, Any]]:
    """What the page shows of each tracker this person may see: its board for this viewer's seat (the moves
    they may make now as buttons), in the reader's words. `states` collects each one's (name, state); `only`
    names the one tracker wanted."""
    words = words_for(lang, system.id)
    trackers: list[dict[str, Any]] = []
    for t in service.trackers(viewer, states=True, only=only):
        now, options = t.pop("now"), t.pop("options")
        if states is not None:
            states.append((t["tracker"], now))
        tracker = system.tracker(t["tracker"])
        usable, mine = _usable(viewer, tracker, t)
        seat = Seat(runs=mine is None, controls=frozenset(mine or ()), owns=t["owner"] == viewer.id)
        players = {key: names.get(pid, pid) for key, pid in t["controllers"].items()}
        board = board_of(tracker, now, words, seat, options)
        drawn = boards.draw(board, tracker, words, t["id"], players)
        default = type(tracker).board is Tracker.board  # a system not drawing its own board yet
        shown = {
            "title": words(tracker.title),
            "can_act": bool(usable),
            "board": drawn,
            "mine": [t["combatants"].get(key, key) for key in mine or ()],
            "plain": default,
            "can_assign": (viewer.is_gm or t["owner"] == viewer.id) and bool(t["combatants"]),
            "assigned": [
                {"key": key, "name": name, "player": t["controllers"].get(key, "")}
                for key, name in t["combatants"].items()
            ],
            "controller_names": {t["combatants"].get(key, key): who for key, who in players.items()},
        }
        trackers.append({**t, **shown})
    return trackers


def trackers_context(
    service: TableService,
    viewer: Participant,
    system: Any,
    participants: list[dict[str, Any]],
    characters: Any,
    lang: str = "en",
) -> dict[str, Any]:
    """What the trackers section needs: the rows, the players one may hand combatants to, and what may be
    put into play (with the characters that can go with it)."""
    names = {p["id"]: p["name"] for p in participants}
    states: list[tuple[str, Any]] = []
    rows = tracker_rows(service, viewer, system, names, lang, states)
    return {
        "trackers": rows,
        # (named apart: the roll panel has a "summary" of its own)
        "session_summary": system.summary(states, words_for(lang, system.id), _options(service, viewer, system)),
        "players": [p for p in participants if p["role"] == "player" and not p["revoked"]],
        "trackers_available": bool(system.trackers()),
        "tracker_kinds": [(name, words_for(lang, system.id)(t.title)) for name, t in system.trackers().items()],
        "characters": characters,
        "table_id": viewer.table_id,
    }


def _options(service: TableService, viewer: Participant, system: Any) -> Any:
    """The table's rule options, as the system's model (a summary may follow them: a Rune league)."""
    return system.options(service.system(viewer.table_id)[1])


def _usable(viewer: Participant, tracker: Any, t: dict[str, Any]) -> tuple[list[Any], list[str] | None]:
    """The actions this viewer may use on a tracker, and the combatants they act for: None for its owner and
    the game master (every action, anyone); else those the GM handed them, with the actions naming an actor."""
    if viewer.is_gm or t["owner"] == viewer.id:
        return list(tracker.actions().values()), None
    mine = [key for key, pid in t["controllers"].items() if pid == viewer.id]
    if not mine:
        return [], []
    if tracker.played_whole:  # one character's tracker: its player plays it as its owner
        return list(tracker.actions().values()), None
    return [a for a in tracker.actions().values() if a.actor_param], mine


def _action_params(action: Any, form: dict[str, str]) -> dict[str, Any]:
    """The parameters from an action's form fields, as the API takes them."""
    return collect(action.Params, {k[len(PARAM) :]: v for k, v in form.items() if k.startswith(PARAM)})


def _move_params(action: Any, form: dict[str, str]) -> dict[str, Any]:
    """A board's move (web/boards.py): its fixed parameters (JSON), with those it asked taken from its fields
    (an asked field left empty is left out)."""
    params = json_object(form["params"], N_("parameters"))
    asked = [name for name in form.get("asked", "").split(",") if name]
    if asked:
        sent = _action_params(action, form)
        for name in asked:
            params.pop(name, None)
            if name in sent:
                params[name] = sent[name]
    return params


@router.post("/t/{table_id}/trackers")
async def start_tracker(request: Request, table_id: str) -> Response:
    """Put something into play: from the setup screen (web/lineup.py, lineup_start.py), or its setup as JSON
    (as the API)."""
    form = await form_of(request)

    def work(service: TableService, me: Participant) -> Event:
        if form.get("setup_form"):
            screen = _screen(service, me, form.get("tracker", ""), lang_of(request))
            made = lineup_start.start(*screen, form, is_gm=me.is_gm, viewer_id=me.id)
            asked = validated(models.StartTracker, tracker=form.get("tracker", ""), setup=made.setup)
            controllers = made.controllers or None  # whoever starts a tracker hands out its combatants
            return service.start_tracker(me, asked.tracker, asked.setup, asked.visibility, controllers)
        setup = json_object(form.get("setup", ""), N_("settings"))
        if form.get("character_id"):
            setup["character_id"] = form["character_id"]
        asked = validated(models.StartTracker, tracker=form.get("tracker", ""), setup=setup)
        return service.start_tracker(me, asked.tracker, asked.setup, asked.visibility)

    return await act(request, table_id, work)


def _screen(
    service: TableService, me: Participant, tracker_name: str, lang: str
) -> tuple[Any, Any, Any, list[dict[str, Any]], list[tuple[str, str]]]:
    """What a setup screen is drawn from: the tracker, the reader's words, the table's rule options, the
    characters this person may put in play, and the players one may hand combatants to."""
    system, options = service.system(me.table_id)
    tracker = system.tracker(tracker_name)
    people = service.summary(me)["participants"]
    players = [(p["id"], p["name"]) for p in people if p["role"] == "player" and not p["revoked"]]
    characters = service.characters(me)
    return tracker, words_for(lang, system.id), system.options(options), characters, players


def _setup_page(request: Request, table_id: str, tracker_name: str, form: dict[str, str] | None) -> HTMLResponse:
    viewer = viewer_of(request, table_id)
    service = service_of(request)
    tracker, words, options, characters, players = _screen(service, viewer, tracker_name, lang_of(request))
    owners = {p["id"]: p["name"] for p in service.summary(viewer)["participants"]}
    shown = lineup.build(
        tracker, words, options, characters, players, owners, form, is_gm=viewer.is_gm, viewer_id=viewer.id
    )
    return render_html(request, "_setup.html", s=shown, table_id=viewer.table_id)


@router.get("/t/{table_id}/trackers/setup", response_class=HTMLResponse)
async def setup_screen(request: Request, table_id: str, tracker: str) -> HTMLResponse:
    """The setup screen of one kind of tracker, fresh: the table's characters in, one row of foes."""
    return await run_in_threadpool(_setup_page, request, table_id, tracker, None)


@router.post("/t/{table_id}/trackers/setup", response_class=HTMLResponse)
async def setup_again(request: Request, table_id: str) -> HTMLResponse:
    """The setup screen as the person left it, its numbers worked out again (a row added or removed)."""
    form = await form_of(request)
    same_origin(request)
    return await run_in_threadpool(_setup_page, request, table_id, form.get("tracker", ""), form)


def _tracker_of(service: TableService, me: Participant, tracker_id: str) -> tuple[Any, dict[str, Any]]:
    found = service.trackers(me, only=tracker_id)
    if not found:
        raise NotFound(N_("no tracker {tracker_id!r}"), tracker_id=tracker_id)
    system, _ = service.system(me.table_id)
    return system.tracker(found[0]["tracker"]), found[0]


@router.get("/t/{table_id}/trackers", response_class=HTMLResponse)
async def trackers_part(request: Request, table_id: str) -> HTMLResponse:
    """Everything in play, as on the table page (fetched when something new is put into play)."""

    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        service = service_of(request)
        system, _ = service.system(viewer.table_id)
        people = service.summary(viewer)["participants"]
        context = trackers_context(service, viewer, system, people, service.characters(viewer), lang_of(request))
        return render_html(request, "_trackers.html", **context)

    return await run_in_threadpool(work)


@router.get("/t/{table_id}/trackers/{tracker_id}/view", response_class=HTMLResponse)
async def tracker_view(request: Request, table_id: str, tracker_id: str) -> HTMLResponse:
    """One tracker's state (fetched live after each move, leaving the action form as it is)."""

    def work() -> HTMLResponse:
        viewer = viewer_of(request, table_id)
        service = service_of(request)
        system, _ = service.system(viewer.table_id)
        names = {p["id"]: p["name"] for p in service.summary(viewer)["participants"]}
        found = tracker_rows(service, viewer, system, names, lang_of(request), only=tracker_id)
        if not found:
            raise NotFound(N_("no tracker {tracker_id!r}"), tracker_id=tracker_id)
        return render_html(request, "_tracker_view.html", t=found[0], table_id=viewer.table_id)

    return await run_in_threadpool(work)


@router.post("/t/{table_id}/trackers/{tracker_id}")
async def tracker_action(request: Request, table_id: str, tracker_id: str) -> Response:
    form = await form_of(request)

    labels: dict[str, str] = {}

    def work(service: TableService, me: Participant) -> Event:
        action = form.get("action", "")
        known = _known_action(service, me, tracker_id, action)
        shown: dict[str, Field] = {}
        if known is not None:  # a refusal names a parameter as a form labels it, however it was sent
            words = words_for(lang_of(request), service.system(me.table_id)[0].id)
            shown = {f.name: f for f in fields(known.Params, None, words, known.choice_label)}
            labels.update({name: f.label for name, f in shown.items()})
        if form.get("editor"):  # the action's own screen (web/action_editor.py): its form, as the action reads it
            chosen = known or _tracker_of(service, me, tracker_id)[0].action(action)
            sent = {k[len(PARAM) :]: v for k, v in form.items() if k.startswith(PARAM)}
            params = chosen.params_of(collect(chosen.form_model(), sent))
        elif "shipped" in form:  # a shipped document given as it ships (the editor's "Give it as it is")
            chosen = known or _tracker_of(service, me, tracker_id)[0].action(action)
            params = chosen.shipped_params(form["shipped"]) or {}
        elif "asked" in form:  # a move of the board: fixed parameters as JSON, the chosen ones as fields
            params = _move_params(known or _tracker_of(service, me, tracker_id)[0].action(action), form)
        elif "params" in form:  # the parameters as JSON, as the API takes them
            params = json_object(form["params"], N_("parameters"))
        else:
            params = _action_params(known or _tracker_of(service, me, tracker_id)[0].action(action), form)
        manual = [part.strip() for part in form.get("manual", "").split(",") if part.strip()] or None
        try:
            asked = validated(models.TrackerAction, action=action, params=params, manual=manual)
            return service.tracker_action(me, tracker_id, asked.action, asked.params, asked.manual)
        except RunehallError as e:
            _choices_as_shown(e, shown)
            if form.get("editor"):  # its screen shows each beside its row (the preview): the reasons alone here
                e.parts = tuple(replace(part, where="") for part in e.parts)
            raise

    return await act(request, table_id, work, labels=labels)


def _known_action(service: TableService, me: Participant, tracker_id: str, name: str) -> Any:
    """The tracker's action `name`, or None when there is no such tracker or action (the service says so)."""
    try:
        return _tracker_of(service, me, tracker_id)[0].action(name)
    except RunehallError:
        return None


def _choices_as_shown(error: RunehallError, shown: dict[str, Field]) -> None:
    """A parameter's refused choice: the choices it takes listed as its form shows them ('tirada prevista en
    las notas'), not by their ids ('listed_roll'); `shown`: the action's fields by name."""
    parts = []
    for part in error.parts:
        said = shown[part.where].choice_text if part.where in shown else {}
        values = {
            k: OneOf(tuple(said.get(o, o) for o in v.options)) if isinstance(v, OneOf) and said else v
            for k, v in part.values.items()
        }
        parts.append(replace(part, values=values))
    error.parts = tuple(parts)


@router.post("/t/{table_id}/trackers/{tracker_id}/controllers")
async def tracker_controllers(request: Request, table_id: str, tracker_id: str) -> Response:
    """The GM's form: one choice per combatant (field "ctl-<combatant>"), a player's id or empty."""
    form = await form_of(request)
    controllers = {k[4:]: v for k, v in form.items() if k.startswith("ctl-") and v}

    def work(service: TableService, me: Participant) -> Event:
        asked = validated(models.TrackerControllers, controllers=controllers)
        return service.set_controllers(me, tracker_id, asked.controllers)

    return await act(request, table_id, work)
