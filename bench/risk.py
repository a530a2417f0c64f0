"""The encounter risk estimate of a 4-hero, 6-foe fight: 10,000 simulated fights with NumPy, timed, with the
errors of what it estimates, side by side with a plain Python loop of the same model (risk_loop.py).

The plain loop is timed on fewer fights and its time scaled to 10,000 (its time per fight does not depend on
how many fights it plays). Both estimates must agree within their errors, or the run stops.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

import numpy as np

import risk_loop
from harness import seconds
from runehall.systems.rune.combat.build import CombatantSpec, build
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.encounters.design import FoeSpec
from runehall.systems.rune.encounters.risk import Estimate, Risk, fighters_of, play, rules_of, table_of
from runehall.systems.rune.options import RuneOptions

T = TypeVar("T")
RUNS = 10_000
LOOP_RUNS = 1_000
SEED = 2026
REPEATS = 3
AGREE_SIGMAS = 5


@dataclass(frozen=True)
class RiskRow:
    TABLE: ClassVar[str] = "Encounter risk estimate"
    HEADERS: ClassVar[tuple[str, ...]] = (
        "Question",
        "Fights",
        "Runehall (NumPy)",
        "Plain Python loop",
        "Ratio loop/NumPy",
        "Largest standard error",
    )

    question: str
    numpy_seconds: float
    loop_seconds: float  # scaled to RUNS fights
    risk: Risk

    @property
    def ratio(self) -> float:
        return self.loop_seconds / self.numpy_seconds

    def largest_errors(self) -> tuple[float, float]:
        """(the largest error of a hero's chance to be downed or die, of a player's or the runner's VP)."""
        shares = [e.error for h in self.risk.heroes for e in (h.downed, h.dies)]
        vp = [h.vp.error for h in self.risk.heroes] + [self.risk.runner_vp.error]
        return max(shares), max(vp)

    def cells(self) -> tuple[str, ...]:
        share, vp = self.largest_errors()
        return (
            self.question,
            f"{RUNS:,}",
            seconds(self.numpy_seconds),
            seconds(self.loop_seconds) + f" (timed on {LOOP_RUNS:,})",
            f"{self.ratio:.1f}×",
            f"{share * 100:.2f} percentage points, {vp:.2f} VP",
        )

    def detail(self) -> str:
        r = self.risk
        heroes = "; ".join(
            f"{h.name} downed {_pct(h.downed)}, dies {_pct(h.dies)}, VP {float(h.vp.mean):.1f} ± {h.vp.error:.2f}"
            for h in r.heroes
        )
        return (
            f"{self.question} (seed {SEED}): {heroes}; runner VP {float(r.runner_vp.mean):.1f} ± "
            f"{r.runner_vp.error:.2f}; no hero standing {_pct(r.party_falls)}; {float(r.rounds.mean):.2f} rounds "
            "on average. Figures are estimates ± one standard error."
        )


def _pct(e: Estimate) -> str:
    return f"{float(e.mean) * 100:.2f}% ± {e.error * 100:.2f}"


def _hero(name: str, order: int, atk: int, dfn: int, dam: int, healer: int | None = None) -> Combatant:
    weapon = {"weapon": "sword", "init": 6, "atk": atk, "dfn": dfn, "dam": dam}
    spec = CombatantSpec(name=name, hero=True, weapons=[weapon], hp=45, wt=15, soak=4, res=5, healer=healer)
    return build(spec, RuneOptions(), order)


HEROES = [
    _hero("Astrid", 0, 8, 7, 6, healer=6),
    _hero("Bjorn", 1, 9, 6, 8),
    _hero("Sigrid", 2, 7, 8, 5),
    _hero("Ulf", 3, 8, 7, 7),
]
FOES = [FoeSpec(id=f"v{i}", name=f"Dark Viking {i}", type="dark_viking", threat="equal") for i in (1, 2)] + [
    FoeSpec(id=f"g{i}", name=f"Rock Goblin {i}", type="rock_goblin", threat="inferior") for i in (1, 2, 3, 4)
]
QUESTION = "4 heroes against 2 Equal dark vikings and 4 Inferior rock goblins"


def _best(fn: Callable[[], T], repeats: int) -> tuple[float, T]:
    best, result = float("inf"), None
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            result = fn()
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    assert result is not None
    return best, result


def encounter_risk() -> RiskRow:
    options = RuneOptions()
    people = fighters_of(HEROES, FOES, options)  # the Foe Maker's work is done once, outside the timing
    rules = rules_of(options, False, 60)
    table = table_of(people)
    numpy_seconds, risk = _best(lambda: play(people, RUNS, SEED, rules, options), REPEATS)
    loop_seconds, runs = _best(lambda: risk_loop.play(table, rules, LOOP_RUNS, SEED), 1)
    for i, hero in enumerate(risk.heroes):  # the two must agree, or one of them is wrong
        dead = np.array([r.health[i] == risk_loop.DEAD for r in runs], dtype=np.int64)
        loop = Estimate(int(dead.sum()), int(dead.sum()), LOOP_RUNS)
        both = (hero.dies.error**2 + loop.error**2) ** 0.5
        if abs(float(hero.dies.mean - loop.mean)) > AGREE_SIGMAS * both + 1e-9:
            raise SystemExit(f"the NumPy model and the plain loop disagree on {hero.name}: {hero.dies} vs {loop}")
    return RiskRow(QUESTION, numpy_seconds, loop_seconds * RUNS / LOOP_RUNS, risk)
