"""The numbers the risk estimate's fight is played with (the fighters' table and the rules it follows) and its
dice: stress rolls drawn with NumPy, each result with exactly the die's probability.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from runehall.systems.rune.combat.arithmetic import INCAPACITATING_WOUNDS, MORTAL_WOUNDS, gang_up

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]
ACTIVE, DOWN, DYING, DEAD = 0, 1, 2, 3  # down: incapacitated (4 Wounds)
LAST = np.int64(1 << 40)  # a sort key after every real one
SPAN = 1 << 16  # room for any HP in a target's sort key
PER_EXTRA_ATTACKER = gang_up(2)  # the DFN modifier for one attacker beyond the first (-2)


@dataclass(frozen=True)
class Rules:
    """The rules the model follows where the table's options or the estimate's choices decide."""

    down_dfn: str = "score_zero_plus_roll"  # option incapacitated_dfn
    static_dfn: bool = False  # option static_dfn_variant
    riposte_depth: int = 10  # option riposte_max_depth
    revive_difficulty: int = 15  # 12, + 3 in combat (option revive_applies_situation_mods)
    revive_sets_hp_to_4: bool = True  # option revive_sets_hp_to_4
    most_attackers: int = 4  # melee.toml: attackers round one human-sized defender
    finish_downed: bool = False  # foes keep hitting a fallen target until he is dead (001c §11.5 read literally)
    max_rounds: int = 60


@dataclass(frozen=True)
class Table:
    """The fighters' numbers, one entry each, heroes first."""

    hero: Bools
    init: Ints
    atk: Ints
    dfn: Ints
    dam: Ints
    soak: Ints
    wt: Ints
    hp: Ints
    wounds: Ints
    impairment_other: Ints
    invigoration: Ints
    gifts: Ints
    death_blow: Ints
    healer: Ints
    has_healer: Bools
    revive_extra: Ints

    @property
    def heroes(self) -> int:
        return int(self.hero.sum())


def stress(rng: np.random.Generator, shape: Any, botch: bool = True) -> Ints:
    """Stress rolls: a first 10 adds an open-ended value, a first 1 (botch) is minus one. The open-ended value
    is rolled die by die (10 adds 10 and rolls again), so each result has exactly the die's probability."""
    first = rng.integers(1, 11, size=shape, dtype=np.int64)
    opens = (first == 10) | ((first == 1) if botch else np.zeros_like(first, dtype=bool))
    where = np.flatnonzero(opens)
    extra = np.zeros(where.size, dtype=np.int64)
    pending = np.arange(where.size)
    while pending.size:
        face = rng.integers(1, 11, size=pending.size, dtype=np.int64)
        extra[pending] += face
        pending = pending[face == 10]
    flat = first.reshape(-1).copy()
    tens = flat[where] == 10
    flat[where] = np.where(tens, 10 + extra, -extra)
    return ints(flat.reshape(first.shape))


def ints(values: Any) -> Ints:
    return np.asarray(values, dtype=np.int64)


def state_of(hp: Ints, wounds: Ints) -> Ints:
    """The health HP and Wounds give, as the engine's health_of does (death below -20 is the blow's)."""
    down = np.where(wounds >= INCAPACITATING_WOUNDS, DOWN, ACTIVE)
    return ints(np.where((hp <= 0) | (wounds >= MORTAL_WOUNDS), DYING, down))
