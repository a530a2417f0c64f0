"""A character's bag as a parameter: trait counts ("4F 2M 1E") or the runes themselves ("fehu, uruz, Týr")."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated

from pydantic import BeforeValidator

from runehall.chance.draws import Token
from runehall.systems.ragnarok.rules import TRAITS, fold, parse_trait, rules

_COUNT = re.compile(r"^\s*(?:(\d+)\s*([a-záéíóú]+)|([a-záéíóú]+)\s*=?\s*(\d+))\s*$", re.IGNORECASE)


def _count_part(part: str) -> tuple[str, int] | None:
    match = _COUNT.match(part)
    if not match:
        return None
    number, name = (match[1], match[2]) if match[1] else (match[4], match[3])
    try:
        return parse_trait(name), int(number)
    except ValueError:
        return None


def parse_bag(value: object) -> tuple[str, ...]:
    """Normalise a bag to a tuple of labels: runes by the book's names (tyr, fe...), or F / M / E for
    runes known only by trait."""
    if isinstance(value, list | tuple):
        return _parse_parts(tuple(str(v) for v in value))
    return _parse_text(str(value))


@lru_cache(maxsize=1024)
def _parse_text(value: str) -> tuple[str, ...]:
    return _parse_parts(_split(value))


def _split(value: str) -> tuple[str, ...]:
    text = value.strip()
    text = re.sub(r"\s*=\s*", "=", text)
    return tuple(p for p in re.split(r"[,/;\s]+", text) if p)


@lru_cache(maxsize=1024)
def _parse_parts(parts: tuple[str, ...]) -> tuple[str, ...]:
    counted = [_count_part(p) for p in parts]
    if parts and all(c is not None for c in counted):
        labels: list[str] = []
        for item in counted:
            assert item is not None
            labels += [item[0]] * item[1]
        return tuple(labels)
    labels = []
    for part in parts:
        name = part.strip()
        if fold(name) in ("f", "m", "e"):
            labels.append(name.upper())
            continue
        try:
            labels.append(rules().rune(name).slug)  # the book's name, as players type it
        except Exception:
            raise ValueError(f"{name!r} is neither a rune nor a trait count such as 4F") from None
    return tuple(labels)


Bag = Annotated[tuple[str, ...], BeforeValidator(parse_bag)]


@lru_cache(maxsize=1024)
def bag_tokens(labels: tuple[str, ...]) -> tuple[Token, ...]:
    """Tokens for a bag draw: each rune's trait is its category; trait-only tokens are their own trait.

    A rune may be typed by its printed name (Týr), its label (tyr) or its Elder Futhark name (tiwaz)."""
    r = rules()
    tokens = []
    for label in labels:
        if label in TRAITS:
            tokens.append(Token(label, label))
        else:
            rune = r.rune(label)
            tokens.append(Token(label, r.trait_of(rune), (rune.id, rune.name)))
    return tuple(tokens)
