"""Turning the words after `runehall roll` / `runehall odds` into a system, a mechanic and parameters.

Forms: `NOTATION` (free dice) or `SYSTEM MECHANIC --name value ...`. Parameter names may use dashes for
underscores; a list parameter takes comma-separated values or JSON.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from runehall import wire
from runehall.errors import N_, ParameterError, Refusal
from runehall.files import read_document


def _is_listy(model: type[BaseModel], name: str) -> bool:
    info = model.model_fields.get(name)
    if info is None:
        return False
    annotation = info.annotation
    origins = {typing.get_origin(annotation), *(typing.get_origin(a) for a in typing.get_args(annotation))}
    return bool(origins & {list, tuple, set, frozenset})


def coerce(model: type[BaseModel], name: str, raw: str) -> Any:
    """A parameter's text as a value: @FILE reads JSON or TOML, [..]/{..} is JSON, lists split on commas."""
    text = raw.strip()
    if text.startswith("@") and len(text) > 1:
        return read_document(Path(text[1:]), Refusal(N_("file for --{name}"), {"name": name.replace("_", "-")}))
    if text[:1] in ("[", "{"):
        try:
            return wire.loads(text, f"parameter '{name}'")
        except json.JSONDecodeError as e:
            raise ParameterError(parts=[Refusal(N_("not valid JSON ({msg})"), {"msg": e.msg}, name)]) from None
    if _is_listy(model, name):
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def split_words(words: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """Positional words first, then --name value (or --name=value) pairs."""
    positional: list[str] = []
    named: dict[str, str] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("--") and len(word) > 2:
            name, eq, value = word[2:].partition("=")
            if not eq:
                if i + 1 >= len(words):
                    raise ParameterError(N_("--{name} needs a value"), name=name)
                value = words[i + 1]
                i += 1
            key = name.replace("-", "_")
            if key in named:
                raise ParameterError(N_("--{name} given twice"), name=name)
            named[key] = value
        elif named:
            raise ParameterError(N_("unexpected {word!r} after the parameters"), word=word)
        else:
            positional.append(word)
        i += 1
    return positional, named


def parse_request(words: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    positional, named = split_words(words)
    if not positional:
        raise ParameterError(N_("say what to roll: NOTATION, or SYSTEM MECHANIC --param value ..."))
    if len(positional) == 1:
        if named:
            raise ParameterError(N_("dice notation takes no --parameters; did you mean SYSTEM MECHANIC?"))
        return ["dice", "roll"], {"notation": positional[0]}
    if len(positional) > 2:
        raise ParameterError(
            N_("expected SYSTEM MECHANIC, got {n_positional} words: {value}"),
            n_positional=len(positional),
            value=" ".join(positional),
        )
    return positional, named
