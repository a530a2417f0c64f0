"""What a fight of the notes does to its rolls and who starts it behind cover (spec 001b §9, §11.3, §11.9-§11.10,
§11.15): the notes price these features; staged in the combat tracker they do in play what they were priced for.

- Weird magic (of the place, a goblin shaman's braziers or his chant) adds its points to the INIT, ATK, DFN, DAM or
  Soak of the heroes, the foes or both. A chant is tied to the fight's first goblin shaman: it ends when he can no
  longer act. Adjustments to Gift rolls stay the runner's: the combat tracker rolls no Gifts.
- An obscurant the heroes cannot counter lowers, by its points, every roll darkness lowers (night vision sees
  through it; a light does not); its area is also laid as fog on the map (run_ground.py).
- A whole-area missile penalty lowers every shot's ATK by its points.
- Cover: each object of the notes shelters, in the notes' order, as many heroes as it holds (the heroes in the
  order they sit), so they start the fight behind it. The runner moves anyone in or out of cover with `condition`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from runehall.systems.rune.encounters.design import Combat, Cover, MissilePenalty, Obscurant, WeirdMagic
from runehall.systems.rune.encounters.pricing_data import foes_pricing_file

SOURCES = {"place": "weird_magic", "shaman_brazier": "shaman_brazier", "shaman_chant": "shaman_chant"}
NOT_IN_COMBAT = ("gift",)  # the combat tracker rolls no Gift: the runner applies these


def effects_of(combat: Combat, names: Sequence[str]) -> list[dict[str, Any]]:
    """The combat tracker's effects (combat/effects.py) for the notes' terrain; `names`: the foes' names in the
    fight, in the notes' order."""
    shaman = foes_pricing_file().shaman.type
    shamans = [n for f, n in zip(combat.foes, names, strict=True) if f.type == shaman]
    found: list[dict[str, Any]] = []
    for feature in combat.terrain:
        named = {"name": feature.name} if feature.name else {}
        if isinstance(feature, WeirdMagic):
            for adjustment in feature.adjustments:
                if adjustment.target in NOT_IN_COMBAT or not adjustment.delta:
                    continue
                effect = {"kind": SOURCES[feature.source], **named, "roll": adjustment.target,
                          "delta": adjustment.delta, "who": adjustment.side}  # fmt: skip
                if feature.source == "shaman_chant" and shamans:
                    effect["chanter"] = shamans[0]
                found.append(effect)
        elif isinstance(feature, Obscurant):
            found.append({"kind": "obscurant", **named, "roll": "senses", "delta": -feature.penalty})
        elif isinstance(feature, MissilePenalty):
            found.append({"kind": "missile_penalty", **named, "roll": "missile", "delta": -feature.points})
    return found


def cover_of(combat: Combat, heroes: Sequence[str]) -> dict[str, str]:
    """Each hero the notes' cover shelters at the start, and its degree (third, half or full)."""
    behind: dict[str, str] = {}
    waiting = list(heroes)
    for feature in combat.terrain:
        if isinstance(feature, Cover):
            for name in waiting[: feature.shelters]:
                behind[name] = feature.degree
            waiting = waiting[feature.shelters :]
    return behind
