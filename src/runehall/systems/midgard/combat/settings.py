"""The options combat reads, from the table's MidgardOptions when the system has them, else the defaults of
data/options.toml; and small shared helpers (names as people type them, rounding)."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from runehall.systems.data import read_data_file
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.rules import fold

__all__ = ["PACKAGE", "ceil_div", "defaults", "fold", "half_up", "midgard_options", "opt"]

PACKAGE = "runehall.systems.midgard"


@cache
def defaults() -> dict[str, Any]:
    """Every option's default, by id (options.toml)."""
    return {o["id"]: o["default"] for o in read_data_file(PACKAGE, "options.toml")["option"]}


def opt(options: Any, name: str) -> Any:
    """An option's value at this table: the table's own setting when it has one, else the default."""
    value = getattr(options, name, None)
    return defaults()[name] if value is None else value


def midgard_options(options: Any) -> MidgardOptions:
    """The table's MidgardOptions, or the defaults when a caller passes something else."""
    return options if isinstance(options, MidgardOptions) else MidgardOptions()


def half_up(x: int) -> int:
    return math.ceil(x / 2)


def ceil_div(x: int, d: int) -> int:
    return -(-x // d)
