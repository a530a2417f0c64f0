"""Midgard: Viking Legends — d8 rune casts with token allocation, god runes, gifts and combat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from runehall.systems.base import CharacterModel, GameSystem, Mechanic, RulesModel, SystemMeta
from runehall.systems.midgard.character import Character
from runehall.systems.midgard.combat import CombatTracker
from runehall.systems.midgard.mechanics import Cast, Contested, Opposed
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.tracker import Tracker


class Midgard(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="midgard",
        name="Midgard: Viking Legends",
        language="en",
        source="Midgard: Viking Legends (Ben Redmond)",
        summary="Cast d8 runes and place the tokens: Past to succeed, Outcome for margin, Future for speed.",
        gm_title="game master",
    )
    Options: ClassVar[type[RulesModel]] = MidgardOptions
    Character: ClassVar[type[CharacterModel] | None] = Character

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {"cast": Cast(), "opposed": Opposed(), "contested": Contested()}

    def trackers(self) -> Mapping[str, Tracker[Any]]:
        return {"combat": CombatTracker()}


SYSTEM = Midgard()
