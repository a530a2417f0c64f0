"""Pieces shared by the CLI's commands: error handling, sources, options, common flags."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource, SecureSource, Source
from runehall.cli import render
from runehall.cli.words import coerce
from runehall.errors import RunehallError
from runehall.fairness.session import FairSession
from runehall.systems.base import GameSystem, RulesModel

P = ParamSpec("P")
R = TypeVar("R")
WORDS_SETTINGS: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}
JsonOut = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
OptionPairs = Annotated[list[str] | None, typer.Option("--option", "-o", help="A system option, NAME=VALUE.")]


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


def parse_options(system: GameSystem, pairs: list[str]) -> RulesModel:
    values: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise RunehallError(f"--option takes NAME=VALUE, not {pair!r}")
        name = key.strip().replace("-", "_")
        values[name] = coerce(system.Options, name, value)
    return system.options(values)


def choose_source(seed: int | None, manual: str | None, fair: FairSession | None) -> Source:
    if sum(x is not None for x in (seed, manual, fair)) > 1:
        raise RunehallError("choose one of --seed, --manual and --fair")
    if seed is not None:
        return SeededSource(seed)
    if manual is not None:
        return ManualSource([part.strip() for part in manual.split(",") if part.strip()])
    if fair is not None:
        return fair.source()
    return SecureSource()
