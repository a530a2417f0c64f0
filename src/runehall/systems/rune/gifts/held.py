"""The gifts a hero sheet holds (`Hero.gifts`, gift id -> level), as its field validators read them: a gift or
Rune Power named by its id or its book name, each once, at a level from 1 to its most (the Clatter of Rushing
Boots per option clatter_levels, 001b A-10; an unlimited gift up to the catalog's cap)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_
from runehall.systems.rune.gifts.catalog import gifts, max_level
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import fold


@cache
def _by_name() -> dict[str, str]:
    found = {fold(g.name): g.id for g in gifts().values()}
    found.update({fold(g.id): g.id for g in gifts().values()})
    return found


def find(text: str) -> str | None:
    """A gift's or Rune Power's id from its id or its name as people type it; None when Rune has none such."""
    return _by_name().get(fold(text))


def ids(value: object) -> object:
    """The keys of a gifts mapping as ids; a name Rune does not know, or a gift named twice, refused."""
    if not isinstance(value, Mapping):
        return value  # the type check reports it
    out: dict[str, Any] = {}
    for name, level in value.items():
        found = find(str(name))
        if found is None:
            raise Invalid(N_("{name!r} is not a Divine Gift or Rune Power of Rune"), name=name)
        if found in out:
            raise Invalid(N_("{name!r} is listed twice"), name=name)
        out[found] = level
    return out


def check(levels: Mapping[str, int], options: RuneOptions) -> dict[str, int]:
    """Each level within its gift's most (below 1, or past the catalog's cap on an unlimited gift, the field's
    type refuses)."""
    for gift_id, level in levels.items():
        g = gifts()[gift_id]
        most = max_level(g, options)
        if most is not None and level > most:
            raise Invalid(N_("{gift} has no level {level}: {most} at most"), gift=Refusal(g.name), most=most,
                          level=level)  # fmt: skip
    return dict(levels)
