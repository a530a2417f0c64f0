"""The options combat reads, from the table's MidgardOptions when the system has them, else the defaults of
data/options.toml; and small shared helpers (names as people type them, rounding)."""

from __future__ import annotations

import math
import unicodedata
from functools import cache
from typing import Any

from runehall.systems.data import read_data_file

PACKAGE = "runehall.systems.midgard"


@cache
def defaults() -> dict[str, Any]:
    """Every option's default, by id (options.toml)."""
    return {o["id"]: o["default"] for o in read_data_file(PACKAGE, "options.toml")["option"]}


def opt(options: Any, name: str) -> Any:
    """An option's value at this table: the table's own setting when it has one, else the default."""
    value = getattr(options, name, None)
    return defaults()[name] if value is None else value


def fold(text: str) -> str:
    """Case, accents, spaces, hyphens and underscores ignored: how people type names."""
    plain = "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))
    return "".join(c for c in plain if c.isalnum())


def half_up(x: int) -> int:
    return math.ceil(x / 2)


def ceil_div(x: int, d: int) -> int:
    return -(-x // d)
