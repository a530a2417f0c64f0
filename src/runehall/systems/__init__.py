"""Game systems: one subpackage per game, each filling the contract in runehall.systems.base."""
