"""Turn outcome values (dataclasses, named tuples, enums, fractions) into plain JSON data."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]


_PLAIN = frozenset({int, str, bool, type(None)})


def jsonable(value: Any) -> Any:
    """Plain JSON data for a value. Hot types answer through a `__json__` method without reflection."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    fast = getattr(value, "__json__", None)
    if fast is not None:
        return fast()
    if kind is tuple or kind is list:
        return [jsonable(v) for v in value]
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        # Tracker results carry measures (hours, metres); odds stay exact as Fractions, never floats here.
        if not math.isfinite(value):
            raise TypeError(f"cannot turn {value} into JSON")
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: jsonable(v) for name, v in zip(value._fields, value, strict=True)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        items = [jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, frozenset | set) else items
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")
