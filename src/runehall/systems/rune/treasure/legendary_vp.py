"""Legendary items' powers that change only the victory points (spec 001c §8.12), read from a hero's sheet.

- Blue Cloak of Treachery (Loki): while he has it, the hero loses no VP for the damage he deals other heroes, and
  each other hero's death costs him 25X VP less at settlement (Valhalla's Gaping Maw, never below 0 a death; X =
  his levels in the cloak). The encounter's tally keeps X on his seat (`Seat.cloak`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.systems.rune.treasure.carried import CarriedItem

CLOAK = "Blue Cloak of Treachery"
CLOAK_DEATH_PER_LEVEL = 25


def cloak_levels(sheet: Mapping[str, Any]) -> int:
    """His levels in the Blue Cloak of Treachery on a stored sheet (its magic_items); 0 without it."""
    from runehall.systems.rune.treasure.legendary import legend

    carried = [CarriedItem.model_validate(i) for i in sheet.get("magic_items") or ()]
    return sum(c.levels or 0 for c in carried if c.kind == "legendary" and legend(c.stored).name == CLOAK)


def death_penalty(per_death: int, cloak: int) -> int:
    """What one other hero's death costs a player whose hero has `cloak` levels in the Blue Cloak of Treachery."""
    return max(0, per_death - CLOAK_DEATH_PER_LEVEL * cloak)
