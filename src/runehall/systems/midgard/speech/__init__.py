"""Midgard in words: stored casts and logged combat actions as cards, in the reader's language.

The sentences are made here from the stored data only (runehall.present); the game's data names (weapons,
gifts, skills, runes) are translated through the system's catalog, whose completeness a test checks."""
