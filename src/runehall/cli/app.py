"""The `runehall` command line. Every user error ends with one line on stderr and exit code 2."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource, SecureSource, Source
from runehall.cli import render
from runehall.cli.words import coerce, parse_request
from runehall.errors import RunehallError
from runehall.fairness.log import verify_log
from runehall.fairness.session import FairSession
from runehall.systems import registry
from runehall.systems.base import GameSystem, Mechanic

app = typer.Typer(
    name="runehall",
    help="Runehall: rune-and-dice games with exact odds and provably fair rolls.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
fair_app = typer.Typer(help="Fair sessions: commit to a seed, roll, reveal, export a verifiable log.")
app.add_typer(fair_app, name="fair")

P = ParamSpec("P")
R = TypeVar("R")
WORDS_SETTINGS = {"allow_extra_args": True, "ignore_unknown_options": True}


def user_errors(f: Callable[P, R]) -> Callable[P, R]:
    """Turn a RunehallError into its one-line message and exit code 2."""

    @functools.wraps(f)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return f(*args, **kwargs)
        except RunehallError as e:
            render.error(str(e))
            raise typer.Exit(2) from None

    return wrapper


def _options(system: GameSystem, pairs: list[str]) -> Any:
    values: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise RunehallError(f"--option takes NAME=VALUE, not {pair!r}")
        values[key.strip().replace("-", "_")] = coerce(system.Options, key, value)
    return system.options(values)


def _resolve(words: list[str], option: list[str]) -> tuple[GameSystem, Mechanic[Any, Any, Any], Any, Any]:
    (system_id, mechanic_name), raw = parse_request(words)
    system = registry.get(system_id)
    mechanic = system.mechanic(mechanic_name)
    params = mechanic.parse_params({k: coerce(mechanic.Params, k, v) for k, v in raw.items()})
    return system, mechanic, params, _options(system, option)


def _source(seed: int | None, manual: str | None, fair: FairSession | None) -> Source:
    chosen = [x for x in (seed is not None, manual is not None, fair is not None) if x]
    if len(chosen) > 1:
        raise RunehallError("choose one of --seed, --manual and --fair")
    if seed is not None:
        return SeededSource(seed)
    if manual is not None:
        return ManualSource([part.strip() for part in manual.split(",") if part.strip()])
    if fair is not None:
        return fair.source()
    return SecureSource()


Words = Annotated[list[str] | None, typer.Argument(help="NOTATION, or SYSTEM MECHANIC --param value ...")]
JsonOut = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
OptionPairs = Annotated[list[str] | None, typer.Option("--option", "-o", help="A system option, NAME=VALUE.")]


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
) -> None:
    """Roll dice notation or a system mechanic."""
    system, mechanic, params, options = _resolve(words or [], option or [])
    session = FairSession.load(fair) if fair is not None else None
    source = _source(seed, manual, session)
    result = mechanic.roll(system.id, params, options, source, by)
    if session is not None and fair is not None:
        session.record(result)
        session.save(fair)
    render.roll(result, as_json)


@app.command(context_settings=WORDS_SETTINGS)
@user_errors
def odds(words: Words = None, option: OptionPairs = None, as_json: JsonOut = False) -> None:
    """The exact odds of dice notation or a system mechanic, as fractions."""
    system, mechanic, params, options = _resolve(words or [], option or [])
    result = mechanic.odds(params, options)
    header = {"system": system.id, "mechanic": mechanic.name, "params": params.model_dump(mode="json")}
    render.odds(header, result, as_json)


@app.command()
@user_errors
def systems(as_json: JsonOut = False) -> None:
    """The installed game systems, their mechanics, parameters and options."""
    render.systems(registry.systems(), as_json)


@app.command()
@user_errors
def verify(log: Annotated[Path, typer.Argument(help="An exported fair log (JSON).")], as_json: JsonOut = False) -> None:
    """Re-derive every roll of an exported fair log from its revealed seeds. Exit 1 if any fails."""
    try:
        data = json.loads(log.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RunehallError(f"cannot read {log} as JSON: {e}") from None
    report = verify_log(data)
    render.verification(report, as_json)
    if not report.ok:
        raise typer.Exit(1)


@fair_app.command("new")
@user_errors
def fair_new(
    path: Annotated[Path, typer.Argument(help="The session file to create (keep it private).")],
    client_seed: Annotated[str | None, typer.Option(help="Your client seed; random if omitted.")] = None,
    as_json: JsonOut = False,
) -> None:
    """Start a fair session: a secret seed whose commitment is printed now."""
    session = FairSession.new(client_seed)
    session.save(path, exclusive=True)
    render.epoch("new session", session.current.public(), as_json)


@fair_app.command("rotate")
@user_errors
def fair_rotate(path: Path, as_json: JsonOut = False) -> None:
    """Reveal the current seed (its rolls become verifiable) and commit to a new one."""
    session = FairSession.load(path)
    revealed = session.rotate()
    session.save(path)
    render.epoch("revealed", revealed.public(), as_json)
    render.epoch("next", session.current.public(), as_json)


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
