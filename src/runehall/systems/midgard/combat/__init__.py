"""Midgard combat (spec 003 §9-§13): rounds and segments, declarations, casts with token allocation, the
GM's shared cast for villains, active defences, and the damage procedure, as an event-sourced Tracker."""

from __future__ import annotations

from runehall.systems.midgard.combat.state import CombatState
from runehall.systems.midgard.combat.tracker import CombatTracker

__all__ = ["CombatState", "CombatTracker"]
