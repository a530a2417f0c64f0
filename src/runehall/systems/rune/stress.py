"""Rune's stress d10 in closed form: exact probabilities over its unbounded results.

A stress roll R: a first face 2-9 counts as it is; a 10 gives 10 + E; a first 1 (a botch) gives -E, or 1
on a quality roll. E, the open-ended value, is one die whose 10 adds 10 and rolls again:
P(E = 10n + j) = 10**-(n+1) for n >= 0 and j in 1..9. Every question about one or two rolls splits, by the
first faces, into finite sums and geometric series, so every answer here is an exact Fraction.

`BandedStress` and `StressDifference` are Chances over the result (or the difference of two results). A
roll's key is the exact value, so a recorded margin is never cut. Their `dist()` gives every value inside
a band its exact probability and groups each tail outside it into one outcome, keyed low - 1 ("this or
less") and high + 1 ("this or more"), with its exact probability. Nothing is truncated.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from runehall.chance.chance import Chance
from runehall.chance.dice import StressDie
from runehall.chance.dist import Dist
from runehall.chance.sources import Source

TENTH = Fraction(1, 10)


@cache
def open_at_least(x: int) -> Fraction:
    """P(E >= x): 1 for x <= 1; with x = 10n + j (j in 1..10), (11 - j) / 10**(n+1)."""
    if x <= 1:
        return Fraction(1)
    n, j = divmod(x - 1, 10)
    return Fraction(10 - j, 10 ** (n + 1))


def open_exactly(x: int) -> Fraction:
    return open_at_least(x) - open_at_least(x + 1)


@cache
def open_pair_at_least(c: int) -> Fraction:
    """P(E1 >= E2 + c) for two independent open-ended values.

    Sum over E2 = 10n + j (probability 10**-(n+1)) of P(E1 >= 10n + j + c). Once 10(n + q) >= 10, with
    c = 10q + r, that is g(t) / 10**(n + q + h(t)) for t = j + r (g = 11 - t, h = 1 for t <= 10; g = 21 - t,
    h = 2 above), a geometric series in n with ratio 1/100: summed exactly from n0 = max(0, 1 - q).
    """
    q, r = divmod(c, 10)
    n0 = max(0, 1 - q)
    total = Fraction(0)
    for n in range(n0):
        for j in range(1, 10):
            total += Fraction(1, 10 ** (n + 1)) * open_at_least(10 * n + j + c)
    for j in range(1, 10):
        t = j + r
        g, h = (11 - t, 1) if t <= 10 else (21 - t, 2)
        total += Fraction(g) * Fraction(10) ** -(q + h + 1) * Fraction(1, 100**n0) * Fraction(100, 99)
    return total


@cache
def open_sum_at_least(t: int) -> Fraction:
    """P(E1 + E2 >= t): E2 >= t - 1 always suffices (E1 >= 1), the rest is a finite sum."""
    if t <= 2:
        return Fraction(1)
    return sum((open_exactly(e) * open_at_least(t - e) for e in range(1, t - 1)), open_at_least(t - 1))


def _finite(botch: bool) -> list[int]:
    return list(range(2, 10)) if botch else list(range(1, 10))


@cache
def at_least(target: int, botch: bool = True) -> Fraction:
    """P(R >= target) for one stress roll (botch) or quality roll (no botch)."""
    return StressDie(botch=botch).at_least(target)


def exactly(x: int, botch: bool = True) -> Fraction:
    return at_least(x, botch) - at_least(x + 1, botch)


@cache
def beats(c: int, botch_x: bool = True, botch_y: bool = True) -> Fraction:
    """P(X >= Y + c) for two independent rolls, by the 3 x 3 cases of their first faces."""
    fx, fy = _finite(botch_x), _finite(botch_y)
    p = Fraction(sum(1 for x in fx for y in fy if x >= y + c), 100)
    for x in fx:  # X an ordinary face
        p += TENTH * TENTH * (1 - open_at_least(x - 10 - c + 1))  # Y = 10 + E
        if botch_y:
            p += TENTH * TENTH * open_at_least(c - x)  # Y = -E
    for y in fy:  # Y an ordinary face
        p += TENTH * TENTH * open_at_least(y + c - 10)  # X = 10 + E
        if botch_x:
            p += TENTH * TENTH * (1 - open_at_least(-y - c + 1))  # X = -E
    p += TENTH * TENTH * open_pair_at_least(c)  # both triumph: E1 >= E2 + c
    if botch_y:
        p += TENTH * TENTH * open_sum_at_least(c - 10)  # X triumphs, Y botches
    if botch_x:
        p += TENTH * TENTH * (1 - open_sum_at_least(-9 - c))  # X botches, Y triumphs
        if botch_y:
            p += TENTH * TENTH * open_pair_at_least(c)  # both botch: E2 >= E1 + c
    return p


def difference_exactly(s: int, botch_x: bool = True, botch_y: bool = True) -> Fraction:
    """P(X - Y = s)."""
    return beats(s, botch_x, botch_y) - beats(s + 1, botch_x, botch_y)


class AtMost(int):
    """A key of the odds standing for every result at or below it (the low tail of a band)."""


class AtLeast(int):
    """A key of the odds standing for every result at or above it (the high tail of a band)."""


def beyond(key: int) -> int:
    """-1 / 1 for a tail of the odds ("or less" / "or more"), 0 for one exact result (every real roll)."""
    return -1 if isinstance(key, AtMost) else 1 if isinstance(key, AtLeast) else 0


def _clamp(value: int, low: int, high: int) -> int:
    return AtMost(low - 1) if value < low else AtLeast(high + 1) if value > high else value


@dataclass(frozen=True)
class BandedStress(Chance[tuple[int, ...], int]):
    """One roll. Key: the result; in dist(), low - 1 / high + 1 stand for "at most low - 1" / "at least high + 1".
    A band that reaches 0 keeps botches (below 0) apart from ordinary results in the tails as well."""

    low: int
    high: int
    botch: bool = True

    def sample(self, source: Source) -> tuple[int, ...]:
        return StressDie(botch=self.botch).sample(source)

    def key(self, detail: tuple[int, ...]) -> int:
        return StressDie(botch=self.botch).key(detail)  # exact: dist() groups the tails, a roll does not

    def dist(self) -> Dist[int]:
        probabilities = {x: exactly(x, self.botch) for x in range(self.low, self.high + 1)}
        probabilities[AtMost(self.low - 1)] = 1 - at_least(self.low, self.botch)
        probabilities[AtLeast(self.high + 1)] = at_least(self.high + 1, self.botch)
        return Dist.from_probabilities({k: p for k, p in probabilities.items() if p})


@dataclass(frozen=True)
class StressDifference(Chance[tuple[tuple[int, ...], ...], int]):
    """Two rolls, X then Y (a contest). Key: X - Y clamped to [low, high] like BandedStress.

    With `reroll_on` set, a difference equal to it is rolled again (tied heroes reroll), so the key's
    distribution is conditional on not hitting it.
    """

    low: int
    high: int
    botch_x: bool = True
    botch_y: bool = True
    reroll_on: int | None = None
    max_rerolls: int = 100

    def sample(self, source: Source) -> tuple[tuple[int, ...], ...]:
        rolls: list[tuple[int, ...]] = []
        for _ in range(self.max_rerolls):
            x = StressDie(botch=self.botch_x).sample(source)
            y = StressDie(botch=self.botch_y).sample(source)
            rolls += [x, y]
            if self._difference(x, y) != self.reroll_on:
                break
        return tuple(rolls)

    def _difference(self, x: tuple[int, ...], y: tuple[int, ...]) -> int:
        return StressDie(botch=self.botch_x).key(x) - StressDie(botch=self.botch_y).key(y)

    def key(self, detail: tuple[tuple[int, ...], ...]) -> int:
        return self._difference(detail[-2], detail[-1])  # exact: dist() groups the tails, a roll does not

    def dist(self) -> Dist[int]:
        bx, by = self.botch_x, self.botch_y
        probabilities = {s: difference_exactly(s, bx, by) for s in range(self.low, self.high + 1)}
        probabilities[AtMost(self.low - 1)] = 1 - beats(self.low, bx, by)
        probabilities[AtLeast(self.high + 1)] = beats(self.high + 1, bx, by)
        if self.reroll_on is not None:
            # Every tie is rolled again, so the tie's share is spread over the other results in proportion.
            tie = probabilities.pop(_clamp(self.reroll_on, self.low, self.high))
            probabilities = {k: p / (1 - tie) for k, p in probabilities.items()}
        return Dist.from_probabilities({k: p for k, p in probabilities.items() if p})
