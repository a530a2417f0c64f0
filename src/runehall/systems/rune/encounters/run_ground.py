"""The ground of a fight of the notes (spec 001b §11-§12): the terrain the designer priced, laid on the fight's map
so it does in play what it was priced for. The notes give a feature's kind and how much of the area it covers,
not its shape, so Runehall lays each one out plainly between the heroes' line and the foes': a share of the
area as a band across the middle, darkness and the like over everything, exits behind the heroes, levels and a
damaging place beside the foes. The runner may move people as the notes' map has it; the features' effects
follow the combat tracker's terrain rules.

Cover, barriers, obstructions, weird magic and tube-strikers are not areas of the map: the notes' cover shelters
heroes from the start and weird magic, an obscurant's penalty and a whole-area missile penalty go on the rolls
(run_effects.py); barriers, obstructions and tube-strikers the runner applies.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from runehall.systems.rune.encounters.design import (
    Combat,
    Counted,
    DamagingPlace,
    Ground,
    LimitedExits,
    Obscurant,
    Vision,
)

SHARE = {"less_than_third": Fraction(1, 4), "third": Fraction(1, 3), "half": Fraction(1, 2),
         "two_thirds": Fraction(2, 3), "all": Fraction(1)}  # fmt: skip
AREAS = {"slippery": "slippery", "uneven": "uneven", "slope_area": "slope"}
EVERYWHERE = {"darkness": "darkness", "gloom": "gloom", "obscurant": "fog"}
EXITS = {"one": (1, 1), "two": (2, 1), "one_double": (1, 2)}  # exits, heroes through each a round
LEVEL_FEET = 10


def ground(combat: Combat, apart: int, rows: int, row: int) -> list[dict[str, Any]]:
    """The zones of the combat tracker's setup for the notes' terrain, on a field `apart` paces between the two
    lines and `rows` people deep (each `row` paces from the next)."""
    top = max(0, rows - 1) * row
    y0, y1 = -row, top + row
    zones: list[dict[str, Any]] = []
    for feature in combat.terrain:
        name = feature.name
        if isinstance(feature, Ground):
            share = SHARE[feature.coverage]
            width = max(1, int(apart * share)) if share < 1 else apart + 2 * row
            x0 = (apart - width) // 2
            zone: dict[str, Any] = {"kind": AREAS[feature.kind], "name": name, "area": [x0, y0, x0 + width, y1]}
            if feature.kind == "slope_area":
                zone["up"] = [1, 0]  # uphill toward the foes: they hold the higher ground
            zones.append(zone)
        elif isinstance(feature, Vision | Obscurant) and feature.kind in EVERYWHERE:
            zones.append({"kind": EVERYWHERE[feature.kind], "name": name, "area": [-2 * row, y0, apart + 2 * row, y1]})
        elif isinstance(feature, LimitedExits):
            count, per_round = EXITS[feature.mode]
            for i in range(count):
                y = y0 if i == 0 else y1
                zones.append({"kind": "exit", "name": name, "area": [-2 * row, y, -2 * row, y], "per_round": per_round})
        elif isinstance(feature, Counted) and feature.kind == "levels":
            for i in range(feature.count):
                x, y = apart + row, i * 2 * row
                zones.append({"kind": "level", "name": name, "area": [x, y, x + 1, y + 1], "height": LEVEL_FEET})
        elif isinstance(feature, DamagingPlace):
            middle, above = apart // 2, y1 + row  # beside the way between the lines: heroes may keep out of it
            area = [middle - 1, above, middle + 1, above + row]
            zones.append({"kind": "damaging", "name": name, "area": area, "dam": max(1, feature.dam)})
    return zones
