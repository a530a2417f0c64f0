"""The Chance contract: one definition gives both a roll and its exact odds.

A Chance is an immutable description of a random experiment. `sample(source)` performs it and returns
the full detail (every face, card or rune, so the roll can be stored and shown). `key(detail)` reduces
the detail to what the odds are about (a sum, a count per trait...). `dist()` is the exact distribution
of that key. Mechanics are a Chance plus a pure function of the key, so roll and odds cannot disagree.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from runehall.chance.dist import Dist
from runehall.chance.sources import Source

D = TypeVar("D")
K = TypeVar("K", bound=Hashable)


class Chance(ABC, Generic[D, K]):
    @abstractmethod
    def sample(self, source: Source) -> D:
        """Perform the experiment with `source`, returning every detail of what was drawn."""

    @abstractmethod
    def key(self, detail: D) -> K:
        """The part of a detail that the odds describe."""

    @abstractmethod
    def dist(self) -> Dist[K]:
        """The exact distribution of key(sample(source)) for a uniform source."""

    def roll_key(self, source: Source) -> K:
        return self.key(self.sample(source))

    def describe(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        return self.describe()


def nothing(_: Any) -> None:
    """A key for experiments whose odds are not needed."""
    return None


D2 = TypeVar("D2")
K2 = TypeVar("K2", bound=Hashable)


class Both(Chance[tuple[D, D2], tuple[K, K2]]):
    """Two independent experiments performed one after the other (e.g. the two sides of an opposed test)."""

    def __init__(self, first: Chance[D, K], second: Chance[D2, K2]) -> None:
        self.first = first
        self.second = second

    def sample(self, source: Source) -> tuple[D, D2]:
        return self.first.sample(source), self.second.sample(source)

    def key(self, detail: tuple[D, D2]) -> tuple[K, K2]:
        return self.first.key(detail[0]), self.second.key(detail[1])

    def dist(self) -> Dist[tuple[K, K2]]:
        return self.first.dist().combine(self.second.dist(), lambda a, b: (a, b))

    def describe(self) -> str:
        return f"{self.first.describe()} and {self.second.describe()}"


class Mapped(Chance[D, K2]):
    """A chance whose key is f(the inner key): the same draws, odds about less (e.g. one side's summary
    before two sides are combined, which keeps the joint distribution small)."""

    def __init__(self, inner: Chance[D, Any], f: Any) -> None:
        self.inner = inner
        self.f = f

    def sample(self, source: Source) -> D:
        return self.inner.sample(source)

    def key(self, detail: D) -> K2:
        return self.f(self.inner.key(detail))  # type: ignore[no-any-return]

    def dist(self) -> Dist[K2]:
        return self.inner.dist().map(self.f)

    def describe(self) -> str:
        return self.inner.describe()
