"""Rune (Robin D. Laws): heroes, the d10 stress roll, combat, injury, recovery and experience."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from runehall.systems.base import GameSystem, Mechanic, SystemMeta
from runehall.systems.rune.mechanics import Attack, Contest, Roll


class Rune(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="rune",
        name="Rune",
        language="en",
        source="Rune, the roleplaying game (Robin D. Laws, Atlas Games)",
        summary="Stress d10 + bonus against a Difficulty; heroes compete for victory points.",
        gm_title="runner",
    )

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {"roll": Roll(), "contest": Contest(), "attack": Attack()}


SYSTEM = Rune()
