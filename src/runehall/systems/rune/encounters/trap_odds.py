"""The exact odds of a trap's random damage (spec 001c §6.3): the total of n open-ended d10 (1 <= n <= 8), each
die a stress die (2-9 as shown; a 10 adds 10 and an open-ended value; a first 1 subtracts an open-ended value).

The total splits by how many dice triumph (t) and botch (b): S = X + 10 M, where X gathers the ordinary faces,
the triumphs' 10s and the last faces of the open-ended values (a finite distribution), and M = A - B, where A
and B count the 10s the t triumphs and b botches rolled on (negative binomial: P(A = k) = C(k+t-1, t-1)
(9/10)^t (1/10)^k). P(M = m) and P(M >= m) are series sum_k poly(k) x^k with x = 1/100, summed in closed form
(Newton's forward differences: sum_k C(k, j) x^k = x^j / (1 - x)^(j+1)), so every probability is an exact
Fraction; nothing is cut. `DiceTotal` is a Chance over the total with both tails grouped, as stress.py does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise
from math import comb

from runehall.chance.chance import Chance
from runehall.chance.dice import StressDie
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.systems.rune.stress import AtLeast, AtMost

TENTH = Fraction(1, 10)
GO_ON = TENTH  # a further 10 on an open-ended die
STOP = 1 - GO_ON
X = TENTH * TENTH  # two 10s per step of k: one for each side of M


def series(p: Callable[[int], Fraction], degree: int, x: Fraction, start: int) -> Fraction:
    """sum_{k >= start} p(k) x^k for a polynomial p of at most `degree`, exactly."""
    values = [p(start + i) for i in range(degree + 1)]
    total = Fraction(0)
    for j in range(degree + 1):
        total += values[0] * x**j / (1 - x) ** (j + 1)
        values = [b - a for a, b in pairwise(values)]
    return total * x**start


def _tens(count: int, k: int) -> Fraction:
    """P(the `count` open-ended values roll k 10s in all) (negative binomial)."""
    if count == 0:
        return Fraction(int(k == 0))
    return comb(k + count - 1, count - 1) * STOP**count * GO_ON**k if k >= 0 else Fraction(0)


def _tens_at_least(count: int, j: int) -> Fraction:
    """P(at least j 10s among `count` open-ended values): at most count - 1 stops in the first j + count - 1."""
    if j <= 0:
        return Fraction(1)
    if count == 0:
        return Fraction(0)
    n = j + count - 1
    return sum((comb(n, i) * STOP**i * GO_ON ** (n - i) for i in range(count)), Fraction(0))


@cache
def tens_difference(t: int, b: int, m: int) -> Fraction:
    """P(A - B = m), A the 10s of t triumphs' open-ended values and B of b botches'."""
    if b == 0:
        return _tens(t, m)
    if t == 0:
        return _tens(b, -m)
    k0 = max(0, -m)

    def term(k: int) -> Fraction:
        return Fraction(comb(k + b - 1, b - 1) * comb(k + m + t - 1, t - 1))

    return STOP ** (t + b) * GO_ON**m * series(term, t + b - 2, X, k0)


@cache
def tens_difference_at_least(t: int, b: int, m: int) -> Fraction:
    """P(A - B >= m)."""
    if b == 0:
        return _tens_at_least(t, m)
    if t == 0:
        return sum((_tens(b, k) for k in range(0, -m + 1)), Fraction(0))  # B <= -m
    total = sum((_tens(b, k) for k in range(0, max(0, 1 - m))), Fraction(0))  # A >= k + m holds for sure
    start = max(0, 1 - m)
    for i in range(t):  # P(A >= k + m) = sum_i C(k+m+t-1, i) STOP^i GO_ON^(k+m+t-1-i), a term for each i

        def term(k: int, i: int = i) -> Fraction:
            return Fraction(comb(k + b - 1, b - 1) * comb(k + m + t - 1, i))

        scale = STOP ** (b + i) * GO_ON ** (m + t - 1 - i)
        total += scale * series(term, b - 1 + i, X, start)
    return total


def _spread(counts: dict[int, int], low: int, high: int) -> dict[int, int]:
    """Add one uniform face low..high: the ways of each total (whole numbers; exact and fast)."""
    out: dict[int, int] = {}
    for x, ways in counts.items():
        for face in range(low, high + 1):
            out[x + face] = out.get(x + face, 0) + ways
    return out


@cache
def _finite_part(o: int, t: int, b: int) -> tuple[tuple[int, Fraction], ...]:
    """The distribution of X: o ordinary faces (2-9), t times 10 plus a last face 1-9, minus b last faces 1-9."""
    counts = {0: 1}
    for _ in range(o):
        counts = _spread(counts, 2, 9)
    for _ in range(t):
        counts = _spread(counts, 11, 19)
    for _ in range(b):
        counts = _spread(counts, -9, -1)
    whole = 8**o * 9 ** (t + b)
    return tuple(sorted((x, Fraction(ways, whole)) for x, ways in counts.items()))


def _splits(n: int) -> list[tuple[int, int, int, Fraction]]:
    """(ordinary, triumphs, botches, probability of that split) for n dice."""
    out = []
    for t in range(n + 1):
        for b in range(n - t + 1):
            o = n - t - b
            ways = comb(n, t) * comb(n - t, b)
            out.append((o, t, b, ways * Fraction(8, 10) ** o * TENTH ** (t + b)))
    return out


@cache
def _by_residue(o: int, t: int, b: int) -> dict[int, tuple[tuple[int, Fraction], ...]]:
    """X's values grouped by their residue mod 10 (S = X + 10M: only X of the total's residue can give it)."""
    groups: dict[int, list[tuple[int, Fraction]]] = {}
    for x, p in _finite_part(o, t, b):
        groups.setdefault(x % 10, []).append((x, p))
    return {r: tuple(v) for r, v in groups.items()}


@cache
def total_exactly(n: int, s: int) -> Fraction:
    """P(the n dice total exactly s)."""
    total = Fraction(0)
    for o, t, b, w in _splits(n):
        part = Fraction(0)
        for x, p in _by_residue(o, t, b).get(s % 10, ()):
            part += p * tens_difference(t, b, (s - x) // 10)
        total += w * part
    return total


@cache
def total_at_least(n: int, s: int) -> Fraction:
    """P(the n dice total s or more)."""
    total = Fraction(0)
    for o, t, b, w in _splits(n):
        for x, p in _finite_part(o, t, b):
            total += w * p * tens_difference_at_least(t, b, -((x - s) // 10))  # 10M >= s - x
    return total


@dataclass(frozen=True)
class DiceTotal(Chance[tuple[tuple[int, ...], ...], int]):
    """n open-ended damage dice. Key: their total; in dist(), low - 1 / high + 1 stand for the tails."""

    n: int
    low: int
    high: int

    def sample(self, source: Source) -> tuple[tuple[int, ...], ...]:
        return tuple(StressDie().sample(source) for _ in range(self.n))

    def key(self, detail: tuple[tuple[int, ...], ...]) -> int:
        return sum(StressDie().key(d) for d in detail)

    def dist(self) -> Dist[int]:
        p = {s: total_exactly(self.n, s) for s in range(self.low, self.high + 1)}
        p[AtLeast(self.high + 1)] = total_at_least(self.n, self.high + 1)
        p[AtMost(self.low - 1)] = 1 - total_at_least(self.n, self.low)
        return Dist.from_probabilities({k: v for k, v in p.items() if v})
