"""Brute force for the tests: every possible sequence of draws of a Chance, with its exact probability.

A replaying source answers each draw from a prefix and records how many choices each draw had; the tapes
are then walked like an odometer. It knows nothing of how a Chance computes its odds, which is the point.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from runehall.chance.chance import Chance
from runehall.chance.sources import Source, SourceKind


class ReplaySource(Source):
    kind: ClassVar[SourceKind] = "seeded"

    def __init__(self, prefix: Sequence[int]) -> None:
        super().__init__()
        self.prefix = list(prefix)
        self.sizes: list[int] = []

    def _below(self, n: int) -> int:
        i = len(self.sizes)
        self.sizes.append(n)
        return self.prefix[i] if i < len(self.prefix) else 0


def enumerate_outcomes(run: Callable[[Source], Hashable], limit: int = 2_000_000) -> dict[Hashable, Fraction]:
    """Exact distribution of run(source) over every possible tape (each draw uniform)."""
    out: dict[Hashable, Fraction] = {}
    prefix: list[int] = []
    steps = 0
    while True:
        src = ReplaySource(prefix)
        value = run(src)
        p = Fraction(1)
        for n in src.sizes:
            p /= n
        out[value] = out.get(value, Fraction(0)) + p
        choices = [min(prefix[i], n) if i < len(prefix) else 0 for i, n in enumerate(src.sizes)]
        # odometer: advance the last draw that still has choices left, dropping everything after it
        i = len(choices) - 1
        while i >= 0 and choices[i] + 1 >= src.sizes[i]:
            i -= 1
        if i < 0:
            return out
        prefix = [*choices[:i], choices[i] + 1]
        steps += 1
        if steps > limit:
            raise RuntimeError("too many tapes to enumerate")


def brute_dist(chance: Chance[Any, Any]) -> dict[Hashable, Fraction]:
    return enumerate_outcomes(lambda src: chance.key(chance.sample(src)))


def as_fractions(dist: Any) -> dict[Hashable, Fraction]:
    return dict(dist.items())
