"""Runehall: rune-and-dice tabletop games with exact odds and provably fair rolls."""

__version__ = "0.1.0"
