"""What a structured form sends, back into the values a rules model reads.

Controls are named by their place in the model (runehall.web.forms): `destiny`, `void.trait`,
`skills.0.key` with `skills.0.value` (one row of a table of scores), `passive_powers.2.name` (a field of the
third row of a list of groups), `essence.1` (the second entry of a list), `gifts.thor_strength` ("on" when
that choice is picked). `tree` nests the flat names; `collect` walks the model's schema over that tree and
turns strings into the values the model validates, leaving blank fields out so defaults apply. A field sent
whole under its own name (a list comma-separated, a group or table as JSON: the older forms, the API's
shape, a roll link) is read as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from runehall import wire

MAX_ROWS = 200  # rows of one list a form may send (every list on a sheet has a lower cap of its own)


def tree(flat: Mapping[str, Any]) -> dict[str, Any]:
    """{"a.b": 1, "a.c": 2, "d": 3} -> {"a": {"b": 1, "c": 2}, "d": 3}; a name sent whole wins over its parts."""
    out: dict[str, Any] = {}
    for name, value in flat.items():
        if "." not in name:
            out[name] = value
    for name, value in flat.items():
        if "." not in name:
            continue
        *path, last = name.split(".")
        place: Any = out
        for part in path:
            nxt = place.get(part) if isinstance(place, dict) else None
            if nxt is None:
                nxt = place[part] = {}
            if not isinstance(nxt, dict):
                break  # sent whole: its parts are ignored
            place = nxt
        else:
            place[last] = value
    return out


def rows(value: Any) -> list[Any]:
    """A list's rows as sent: {"0": a, "3": b} in index order (the order of rows on the page)."""
    if isinstance(value, list | tuple):
        return list(value)
    if isinstance(value, dict):
        keyed = sorted((int(k), v) for k, v in value.items() if str(k).isdigit())
        return [v for _, v in keyed[:MAX_ROWS]]
    return []


def blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return value.strip() == ""
    if isinstance(value, dict):
        return all(blank(v) for v in value.values())
    if isinstance(value, list | tuple):
        return all(blank(v) for v in value)
    return False


def whole(raw: str, name: str) -> Any:
    """A group, table or list sent whole as JSON (depth-limited); what does not parse is left to the model to
    refuse beside its field."""
    try:
        return wire.loads(raw, f"field '{name}'")
    except json.JSONDecodeError:
        return raw
