"""A character's bag as a parameter: trait counts ("4F 2M 1E") or the runes themselves ("fehu, uruz, Týr").

A bag is capped before it is expanded (MAX_BAG runes), and stored in its compact form: runs of runes known
only by trait are written back as counts ("4F"), in the order given, so a stored roll re-draws the same tokens.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import groupby
from typing import Annotated

from pydantic import BeforeValidator, Field, PlainSerializer

from runehall.chance.draws import Token
from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.ragnarok.rules import TRAITS, fold, parse_trait, rules

MAX_BAG = 72
"""A hero's bag is one Futhark set (24 runes); the norn may build a dweller from several sets (A-32), so a bag
holds at most three full sets. More is no character of the book, only work for the server."""
_MAX_LABEL = 40  # the longest rune name is far shorter
_MAX_TEXT = _MAX_LABEL * MAX_BAG

_COUNT = re.compile(r"^\s*(?:(\d+)\s*([a-záéíóú]+)|([a-záéíóú]+)\s*=?\s*(\d+))\s*$", re.IGNORECASE)


def _count_part(part: str) -> tuple[str, int] | None:
    match = _COUNT.match(part)
    if not match:
        return None
    number, name = (match[1], match[2]) if match[1] else (match[4], match[3])
    if len(number) > 3 or int(number) > MAX_BAG:  # refuse before expanding anything
        raise Invalid(N_("a bag holds at most {most} runes (three Futhark sets)"), most=MAX_BAG)
    try:
        return parse_trait(name), int(number)
    except ValueError:
        return None


def parse_bag(value: object) -> tuple[str, ...]:
    """Normalise a bag to a tuple of labels: runes by the book's names (tyr, fe...), or F / M / E for
    runes known only by trait."""
    if isinstance(value, list | tuple):
        if len(value) > MAX_BAG or any(len(str(v)) > _MAX_TEXT for v in value):
            raise Invalid(N_("a bag holds at most {most} runes (three Futhark sets)"), most=MAX_BAG)
        return _parse_parts(tuple(str(v) for v in value))
    text = str(value)
    if len(text) > _MAX_TEXT:
        raise Invalid(N_("a bag holds at most {most} runes (three Futhark sets)"), most=MAX_BAG)
    return _parse_text(text)


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
        if sum(c[1] for c in counted if c is not None) > MAX_BAG:
            raise Invalid(N_("a bag holds at most {most} runes (three Futhark sets)"), most=MAX_BAG)
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
            raise Invalid(N_("{name!r} is neither a rune nor a trait count such as 4F"), name=name) from None
    return tuple(labels)


def compact_bag(labels: tuple[str, ...]) -> list[str]:
    """The stored form: a bag of runes known only by trait as counts per run, in order ("4F", "2M"); a bag
    of named runes as their names. parse_bag of it gives the same labels in the same order."""
    if not labels or any(label not in TRAITS for label in labels):
        return list(labels)
    return [f"{len(list(run))}{label}" for label, run in groupby(labels)]


Label = Annotated[str, Field(max_length=_MAX_LABEL)]
Bag = Annotated[tuple[Label, ...], BeforeValidator(parse_bag), PlainSerializer(compact_bag), Field(max_length=MAX_BAG)]


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
