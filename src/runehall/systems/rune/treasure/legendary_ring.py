"""The Ring of Alberich (spec 001c §8.12, A-44): tied to one Ability, rolled on the Ability chart when the ring
appears (generate.py rolls the chart its Legendary Item row names); the VP its owner earns for a success on a roll
of the notes with that Ability are multiplied by his levels in it - literally, so 1 level changes nothing. The
encounter tracker's rolls multiply the VP a point of margin earns (Tally.roll's `per_point`, the table's option
success_vp_per_point) by `ring_times`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.legendary import legend

RING = "Ring of Alberich"


def ring_ability(c: CarriedItem) -> str | None:
    """The Ability (an id of data/abilities.toml) a Ring of Alberich is tied to: rolled on the Ability chart when
    it appeared (None for another item, or a ring stored before that roll was made)."""
    return next((r.row.ability for r in c.stored.rolls if r.chart == "ability"), None)


def ring_times(sheet: Mapping[str, Any], ability: str | None) -> int:
    """The Ring of Alberich on a hero's sheet: what the VP of his success on a notes roll of the ring's Ability are
    multiplied by - its levels X (A-44: literally, so 1 level changes nothing); 1 without such a ring, with no
    level in it, or on a roll of another Ability. Two rings tied to the same Ability: the one with more levels."""
    carried = [CarriedItem.model_validate(i) for i in sheet.get("magic_items") or ()]
    rings = [c.levels or 0 for c in carried if c.kind == "legendary" and legend(c.stored).name == RING
             and ability is not None and ring_ability(c) == ability]  # fmt: skip
    return max([1, *rings])
