"""The `runehall` command line. Every user error ends with one line on stderr and exit code 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from runehall import wire
from runehall.cli import fair_words, listing, render, speech
from runehall.cli.common import WORDS_SETTINGS, JsonOut, OptionPairs, choose_source, parse_options, user_errors
from runehall.cli.play import play_app
from runehall.cli.server import register as register_server
from runehall.cli.words import coerce, parse_request
from runehall.errors import N_, RunehallError
from runehall.fairness.log import verify_log
from runehall.fairness.session import FairSession
from runehall.present.odds import summarize
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.base import GameSystem, Mechanic, RulesModel

app = typer.Typer(
    name="runehall",
    help="Runehall: rune-and-dice games with exact odds and provably fair rolls.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
fair_app = typer.Typer(help="Fair sessions: commit to a seed, roll, reveal, export a verifiable log.")
app.add_typer(fair_app, name="fair")
app.add_typer(play_app, name="play")
register_server(app)
for _system_id, _commands in registry.commands().items():  # a system's own commands: `runehall rune ...`
    app.add_typer(_commands, name=_system_id)

Words = Annotated[list[str] | None, typer.Argument(help="NOTATION, or SYSTEM MECHANIC --param value ...")]


def _resolve(words: list[str], option: list[str]) -> tuple[GameSystem, Mechanic[Any, Any, Any], Any, RulesModel]:
    (system_id, mechanic_name), raw = parse_request(words)
    system = registry.get(system_id)
    mechanic = system.mechanic(mechanic_name)
    params = mechanic.parse_params({k: coerce(mechanic.Params, k, v) for k, v in raw.items()})
    return system, mechanic, params, parse_options(system, option)


@app.command(context_settings=WORDS_SETTINGS)
@user_errors
def roll(
    words: Words = None,
    seed: Annotated[int | None, typer.Option(help="Seeded, reproducible roll (not for real play).")] = None,
    manual: Annotated[str | None, typer.Option(help="Faces, cards or runes rolled by hand, comma-separated.")] = None,
    fair: Annotated[Path | None, typer.Option(help="Roll from this fair session file and record it.")] = None,
    by: Annotated[str | None, typer.Option(help="Who asked for the roll.")] = None,
    option: OptionPairs = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Roll dice notation or a system mechanic; the result is its card, in words."""
    said = words_for(speech.language(lang), None)
    system, mechanic, params, options = _resolve(words or [], option or [])
    session = FairSession.load(fair) if fair is not None else None
    source = choose_source(seed, manual, session)
    result = mechanic.roll(system.id, params, options, source, by)
    if session is not None and fair is not None:
        session.record(result)
        session.save(fair)
    if as_json:
        render.roll(result, as_json)
        return
    said = words_for(said.lang, system.id)
    stored = result.to_json()
    speech.card(render.out, mechanic.describe(stored, said, by or said("Someone")))
    render.out.print(speech.source_note(stored["source"], said), style="dim", markup=False)


@app.command(context_settings=WORDS_SETTINGS)
@user_errors
def odds(
    words: Words = None,
    option: OptionPairs = None,
    as_json: JsonOut = False,
    full: speech.FullOption = False,
    lang: speech.LangOption = None,
) -> None:
    """The odds of dice notation or a system mechanic: the chances that decide first, a chart with
    exactly / at least / at most (rare outcomes folded); --full for every outcome as exact fractions."""
    chosen = speech.language(lang)
    system, mechanic, params, options = _resolve(words or [], option or [])
    result = mechanic.odds(params, options)
    header = {"system": system.id, "mechanic": mechanic.name, "params": params.model_dump(mode="json")}
    if as_json:
        render.odds(header, result, as_json)
        return
    said = words_for(chosen, system.id)
    asked = speech.asked(mechanic.Params, header["params"], said, mechanic.choice_label)
    speech.odds(render.out, said(mechanic.title), asked, summarize(mechanic, result, said), said, full)


@app.command()
@user_errors
def systems(as_json: JsonOut = False, lang: speech.LangOption = None) -> None:
    """The installed game systems: what each can roll, with what, and its table options, in words."""
    if as_json:
        render.systems(registry.systems(), as_json)
        return
    listing.systems(render.out, registry.systems(), speech.language(lang))


@app.command()
@user_errors
def verify(
    log: Annotated[Path, typer.Argument(help="An exported fair log (JSON).")],
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Re-derive every roll of an exported fair log from its revealed seeds. Exit 1 if any fails."""
    try:
        data = wire.loads(log.read_bytes(), f"{log}")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RunehallError(N_("cannot read {log} as JSON: {e}"), log=log, e=e) from None
    report = verify_log(data)
    if as_json:
        render.verification(report, as_json)
    else:
        fair_words.verification(render.out, report, words_for(speech.language(lang)))
    if not report.ok:
        raise typer.Exit(1)


@fair_app.command("new")
@user_errors
def fair_new(
    path: Annotated[Path, typer.Argument(help="The session file to create (keep it private).")],
    client_seed: Annotated[str | None, typer.Option(help="Your client seed; random if omitted.")] = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Start a fair session: a secret seed whose commitment is printed now."""
    session = FairSession.new(client_seed)
    session.save(path, exclusive=True)
    if as_json:
        render.epoch("new session", session.current.public(), as_json)
    else:
        fair_words.epoch(render.out, "new session", session.current.public(), words_for(speech.language(lang)))


@fair_app.command("rotate")
@user_errors
def fair_rotate(path: Path, as_json: JsonOut = False, lang: speech.LangOption = None) -> None:
    """Reveal the current seed (its rolls become verifiable) and commit to a new one."""
    session = FairSession.load(path)
    revealed = session.rotate()
    session.save(path)
    if as_json:
        render.epoch("revealed", revealed.public(), as_json)
        render.epoch("next", session.current.public(), as_json)
        return
    words = words_for(speech.language(lang))
    fair_words.epoch(render.out, "revealed", revealed.public(), words)
    fair_words.epoch(render.out, "next", session.current.public(), words)


@fair_app.command("export")
@user_errors
def fair_export(path: Path) -> None:
    """Print the shareable log (only revealed seeds appear in it) as JSON."""
    print(json.dumps(FairSession.load(path).export(), indent=1))


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        sys.exit(130)
