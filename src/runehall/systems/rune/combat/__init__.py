"""Rune combat (spec 001a §6-§7): initiative with extra actions and waiting, the declaration flowchart, melee
and missile attacks with every modifier, ripostes, berserk, Fog of War, holds and nets, injury, healing and
reviving the dying, as an event-sourced Tracker."""

from __future__ import annotations

from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.combat.tracker import CombatTracker

__all__ = ["CombatState", "CombatTracker", "Combatant"]
