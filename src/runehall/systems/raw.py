"""Reading a sheet while it is still being typed: the raw values a form sends (numbers as strings, lists as
comma-separated text, fields missing or of the wrong kind), read leniently and never raising, so a system can
count what is already there (CharacterModel.budgets) before its rules accept the sheet.

What cannot be read is None or left out: the model's own validation says why, beside its field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

WHOLE = re.compile(r"[+-]?[0-9]{1,6}")
LARGEST = 10_000
"""Numbers beyond this are no sheet's (every count on a sheet is capped far below it): not counted."""


def whole(raw: object) -> int | None:
    """A whole number as typed ("2", " +3 ", 2, 2.0); None for anything else (blank, "x", 2.5, True)."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, float):
        raw = int(raw) if raw.is_integer() else None
    elif isinstance(raw, str):
        typed = raw.strip()
        if not WHOLE.fullmatch(typed):
            return None
        raw = int(typed)
    if isinstance(raw, int) and -LARGEST <= raw <= LARGEST:
        return raw
    return None


def text(raw: object) -> str | None:
    """A name or an id as typed, stripped; None when it is not text or is blank."""
    if isinstance(raw, str) and raw.strip():
        return raw.strip()
    return None


def table(raw: object) -> list[tuple[str, int]]:
    """A table of scores ({"Sword": "2"}) as (name, whole number) pairs, in the order given; entries whose
    name or number cannot be read are left out."""
    if not isinstance(raw, Mapping):
        return []
    found = []
    for key, value in raw.items():
        name, number = text(key), whole(value)
        if name is not None and number is not None:
            found.append((name, number))
    return found


def names(raw: object) -> list[str]:
    """A list of names: a list, or one comma-separated text (how a form or the command line gives it);
    entries that are not text are left out."""
    if isinstance(raw, str):
        return [part.strip() for part in raw.split(",") if part.strip()]
    if isinstance(raw, list | tuple):
        return [found for found in map(text, raw) if found is not None]
    return []


def field(values: object, name: str) -> Any:
    """One field of the values sent, or None when they are not a mapping or lack it."""
    return values.get(name) if isinstance(values, Mapping) else None
