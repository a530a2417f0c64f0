"""Pieces shared by the CLI's commands: error handling, sources, options, common flags."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource, SecureSource, Source
from runehall.cli import render, speech
from runehall.cli.words import coerce
from runehall.errors import N_, RunehallError
from runehall.fairness.session import FairSession
from runehall.present.refusals import say
from runehall.present.words import DEFAULT, SHARED, Words
from runehall.systems import registry
from runehall.systems.base import GameSystem, RulesModel

P = ParamSpec("P")
R = TypeVar("R")
WORDS_SETTINGS: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}
JsonOut = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
OptionPairs = Annotated[list[str] | None, typer.Option("--option", "-o", help="A system option, NAME=VALUE.")]


def user_errors(f: Callable[P, R]) -> Callable[P, R]:
    """Turn a RunehallError into its one-line message and exit code 2: in the command's --lang (or the
    environment's language) where it has one, the same words the web page says it in; English otherwise."""

    @functools.wraps(f)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return f(*args, **kwargs)
        except RunehallError as e:
            render.error(said(e, kwargs.get("lang") if "lang" in kwargs else "en", kwargs.get("words")))
            raise typer.Exit(2) from None

    return wrapper


def said(error: RunehallError, lang: Any, words: Any = None) -> str:
    """`error` in the language asked for (an unknown --lang is itself the refusal: the environment's
    language says it). `words` are the command's SYSTEM MECHANIC words, whose system's catalog comes first;
    every other system's follows, since a play log's system is not known here."""
    try:
        chosen = speech.language(lang if isinstance(lang, str) or lang is None else None)
    except RunehallError:
        chosen = speech.language(None)
    if chosen == DEFAULT:
        return str(error)
    # A parameter is named as it is typed (--required-trait), and so is what a refusal asks to give or do
    # (errors.Named): the same in every language.
    flags = {part.where: "--" + part.where.replace("_", "-") for part in error.parts if part.where}
    try:
        return say(error, Words(chosen, _packages(words)), flags, typed=True)
    except Exception:  # a refusal is always printed: in English if its words cannot be found
        return str(error)


def _packages(words: Any) -> tuple[str, ...]:
    found = registry.systems()
    first = words[0] if isinstance(words, list) and words else None
    named = ["dice"] if isinstance(words, list) and len(words) == 1 else [first] if first in found else []
    packages = [type(found[sid]).__module__ for sid in named if sid in found]
    packages += [SHARED, *(type(system).__module__ for system in found.values())]
    return tuple(dict.fromkeys(packages))


def parse_options(system: GameSystem, pairs: list[str]) -> RulesModel:
    values: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise RunehallError(N_("--option takes NAME=VALUE, not {pair!r}"), pair=pair)
        name = key.strip().replace("-", "_")
        values[name] = coerce(system.Options, name, value)
    return system.options(values)


def choose_source(seed: int | None, manual: str | None, fair: FairSession | None) -> Source:
    if sum(x is not None for x in (seed, manual, fair)) > 1:
        raise RunehallError(N_("choose one of --seed, --manual and --fair"))
    if seed is not None:
        return SeededSource(seed)
    if manual is not None:
        return ManualSource([part.strip() for part in manual.split(",") if part.strip()])
    if fair is not None:
        return fair.source()
    return SecureSource()
