"""`runehall play`: drive a system's tracker (e.g. Ragnarök's game tree) from a play file.

The file holds the setup and the event log; the state shown is always the fold of the events. A refused
action exits 2 and leaves the file exactly as it was. Actions read as their system's cards, in words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from runehall.cli import board, listing, render, speech
from runehall.cli.common import JsonOut, OptionPairs, choose_source, parse_options, user_errors
from runehall.cli.words import coerce, split_words
from runehall.errors import N_, ParameterError, Refusal
from runehall.files import read_document, write_json_atomic
from runehall.play.board import board_of
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.card import Card
from runehall.present.words import Words, words_for
from runehall.systems import registry

play_app = typer.Typer(help="Play a system's tracker (a game tree, a combat) from a file, one action at a time.")
WORDS = {"allow_extra_args": True, "ignore_unknown_options": True}
PlayFile = Annotated[Path, typer.Argument(help="The play file (JSON).")]


def _load(path: Path) -> PlayLog:
    return PlayLog.from_json(read_document(path, Refusal(N_("play file"))))


def _show(log: PlayLog, as_json: bool, words: Words | None = None) -> None:
    tracker = log.tracker
    state = log.state()
    if as_json:
        print(json.dumps(tracker.view(state), ensure_ascii=False, indent=1))
        return
    if words is not None:
        render.out.print(words(tracker.title), style="bold", markup=False)
    render.out.print(tracker.render(state), markup=False)


def _board(log: PlayLog, words: Words) -> None:
    """The tracker as its board (runehall.present.board) for the one who runs the file: the cards, the order,
    the moves legal now, in words."""
    tracker = log.tracker
    title = words(tracker.title)
    render.out.print(title, style="bold", markup=False)
    shown = board_of(tracker, log.state(), words, Seat(runs=True, owns=True), log.option_values())
    board.draw(render.out, shown, words, title, tracker)


def _words(log: PlayLog, lang: str | None) -> Words:
    return words_for(speech.language(lang), log.system_id)


def _card(log: PlayLog, event: dict[str, Any], words: Words) -> Card:
    """A logged action as its system's card; the combatants' names as they stand now name those it stores
    by id (as the web log does)."""
    action = log.tracker.action(str(event["action"]))
    names = log.tracker.combatants(log.state())
    who = str(event.get("by") or words("Someone"))
    return action.describe({**event, "names": names} if names else event, words, who)


def _named(words: list[str], model: Any) -> dict[str, Any]:
    positional, named = split_words(words)
    if positional:
        raise ParameterError(N_("unexpected {value!r}: parameters are --name value"), value=" ".join(positional))
    return {k: coerce(model, k, v) for k, v in named.items()}


@play_app.command("new", context_settings=WORDS)
@user_errors
def play_new(
    path: PlayFile,
    system_id: Annotated[str, typer.Argument(metavar="SYSTEM")],
    tracker_name: Annotated[str, typer.Argument(metavar="TRACKER")],
    words: Annotated[list[str] | None, typer.Argument(help="--setup-field value ...")] = None,
    option: OptionPairs = None,
    as_json: JsonOut = False,
) -> None:
    """Start a play file: SYSTEM TRACKER --setup-field value (a value @FILE reads JSON or TOML)."""
    system = registry.get(system_id)
    tracker = system.tracker(tracker_name)
    options = parse_options(system, option or [])
    log = PlayLog.start(system_id, tracker_name, options.model_dump(mode="json"), _named(words or [], tracker.Setup))
    write_json_atomic(path, log.to_json(), exclusive=True)
    _show(log, as_json)


@play_app.command("do", context_settings=WORDS)
@user_errors
def play_do(
    path: PlayFile,
    action_name: Annotated[str, typer.Argument(metavar="ACTION")],
    words: Annotated[list[str] | None, typer.Argument(help="--param value ...")] = None,
    seed: Annotated[int | None, typer.Option(help="Seeded draws (not for real play).")] = None,
    manual: Annotated[str | None, typer.Option(help="Runes, cards or faces drawn by hand, comma-separated.")] = None,
    by: Annotated[str | None, typer.Option(help="Who acts.")] = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Apply one action (see `play actions`); a refused action changes nothing. Prints the action's card."""
    log = _load(path)
    said = _words(log, lang)
    action = log.tracker.action(action_name)
    source = choose_source(seed, manual, None)
    event = log.apply(action_name, _named(words or [], action.Params), source, by)
    write_json_atomic(path, log.to_json())
    if as_json:
        print(json.dumps({"event": event, "state": log.tracker.view(log.state())}, ensure_ascii=False, indent=1))
        return
    speech.card(render.out, _card(log, event, said), f"{event['seq']}.")
    _show(log, False, said)


@play_app.command("show")
@user_errors
def play_show(path: PlayFile, as_json: JsonOut = False, lang: speech.LangOption = None) -> None:
    """The current state: the fold of every event still in force, and the last action's card."""
    log = _load(path)
    if as_json:
        _show(log, True)
        return
    words = _words(log, lang)
    gone = log.revoked()
    live = [e for e in log.events if e["action"] != "revoke" and e["seq"] not in gone]
    if live:
        speech.card(render.out, _card(log, live[-1], words), f"{live[-1]['seq']}.")
    _board(log, words)


@play_app.command("undo")
@user_errors
def play_undo(
    path: PlayFile,
    event: Annotated[int | None, typer.Option(help="The event to revoke (default: the last one in force).")] = None,
    by: Annotated[str | None, typer.Option(help="Who undoes.")] = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Revoke an event by appending a revoke event; the original stays in the log."""
    log = _load(path)
    words = _words(log, lang)
    revoke = log.undo(event, by)
    write_json_atomic(path, log.to_json())
    if not as_json:
        who = str(by or words("Someone"))
        said = words("{who} undoes event {revokes}", who=who, revokes=revoke["revokes"])
        render.out.print(f"{revoke['seq']}. {said}", markup=False)
    _show(log, as_json, None if as_json else words)


@play_app.command("log")
@user_errors
def play_log(path: PlayFile, as_json: JsonOut = False, lang: speech.LangOption = None) -> None:
    """Every event as a card in words, one per action, with undone ones struck."""
    log = _load(path)
    if as_json:
        print(json.dumps(log.events, ensure_ascii=False, indent=1))
        return
    words = _words(log, lang)
    gone = log.revoked()
    for e in log.events:
        if e["action"] == "revoke":
            who = str(e.get("by") or words("Someone"))
            said = words("{who} undoes event {revokes}", who=who, revokes=e["revokes"])
            render.out.print(f"{e['seq']}. {said}", markup=False)
            continue
        speech.card(render.out, _card(log, e, words), f"{e['seq']}.", words("undone") if e["seq"] in gone else "")


@play_app.command("actions")
@user_errors
def play_actions(
    system_id: Annotated[str, typer.Argument(metavar="SYSTEM")],
    tracker_name: Annotated[str, typer.Argument(metavar="TRACKER")],
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """A tracker's setup and its actions, each with its parameters, in words (--json: the fields as data)."""
    tracker = registry.get(system_id).tracker(tracker_name)
    if not as_json:
        listing.tracker_actions(render.out, registry.get(system_id), tracker_name, speech.language(lang))
        return
    data = {
        "setup": render.fields(tracker.Setup),
        "actions": [
            {"name": a.name, "summary": a.summary, "random": a.random, "params": render.fields(a.Params)}
            for a in tracker.actions().values()
        ],
    }
    print(json.dumps(data, ensure_ascii=False, indent=1))
