"""Rune (Robin D. Laws): heroes, the d10 stress roll, combat, injury, recovery and experience."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from runehall.present.words import Words
from runehall.systems.base import CharacterModel, GameSystem, Mechanic, RulesModel, SystemMeta
from runehall.systems.rune.advancement import AdvancementTracker
from runehall.systems.rune.awareness_mechanic import DivineAwareness
from runehall.systems.rune.checks import Bargain, SleepRoll
from runehall.systems.rune.combat import CombatTracker
from runehall.systems.rune.encounters import session
from runehall.systems.rune.encounters.tracker import EncounterTracker
from runehall.systems.rune.equipment_mechanic import EquipmentDamage
from runehall.systems.rune.hazard_mechanics import HazardRollMechanic
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.iron_law_tracker import IronLawTracker
from runehall.systems.rune.mechanics import Attack, Contest, ContestMany, Roll
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.trap_mechanics import TrapDamage
from runehall.systems.rune.treasure.mechanic import TreasureChart


class Rune(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="rune",
        name="Rune",
        language="en",
        source="Rune, the roleplaying game (Robin D. Laws, Atlas Games)",
        summary="Stress d10 + bonus against a Difficulty; heroes compete for victory points.",
        gm_title="runner",
    )
    Options: ClassVar[type[RulesModel]] = RuneOptions
    Character: ClassVar[type[CharacterModel] | None] = Hero

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {
            "roll": Roll(),
            "contest": Contest(),
            "contest_many": ContestMany(),
            "attack": Attack(),
            "bargain": Bargain(),
            "sleep": SleepRoll(),
            "trap_damage": TrapDamage(),
            "hazard": HazardRollMechanic(),
            "equipment_damage": EquipmentDamage(),
            "treasure": TreasureChart(),
            "divine_awareness": DivineAwareness(),
        }

    def summary(self, trackers: Sequence[tuple[str, Any]], words: Words, options: Any = None) -> tuple[Any, ...]:
        """The session's scoreboard: every settled encounter run of the table, added up."""
        league = getattr(options, "league", "none")
        return session.summary([state for name, state in trackers if name == "encounter"], words, league)

    def trackers(self) -> Mapping[str, Any]:
        return {
            "combat": CombatTracker(),
            "encounter": EncounterTracker(),
            "advancement": AdvancementTracker(),
            "iron_law": IronLawTracker(),
        }


SYSTEM = Rune()
