"""Ragnarök's game tree (árbol de juego): one character's runes on the nine piles, as an event-sourced Tracker."""

from __future__ import annotations

from runehall.systems.ragnarok.tree.state import TreeState
from runehall.systems.ragnarok.tree.tracker import TreeTracker

__all__ = ["TreeState", "TreeTracker"]
