"""Through the Cracks in an encounter run (spec 001b §2.5; the fight's side: combat/gift_cracks.py): a hero whose
flight went through the cracks - nobody could strike him - loses every treasure he carries (the book's price of
it): his haul of the run (hauls.py: silver, liar's silver, valuables, items) is empty from that move on. Undo
gives it back, as every move's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.systems.rune.encounters.hauls import Haul


def dropped(hauls: Mapping[str, Haul], action: str, result: Mapping[str, Any]) -> dict[str, Haul] | None:
    """The run's hauls after a fight move (None when the move dropped nobody's treasure)."""
    flight = result.get("cracks") if action == "move" else None
    if not isinstance(flight, Mapping) or not flight.get("treasure_dropped"):
        return None
    who = str(result.get("who", ""))
    if who not in hauls or hauls[who] == Haul():
        return None
    return {**hauls, who: Haul()}
