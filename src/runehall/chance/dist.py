"""Dist: an exact, immutable probability distribution with integer weights.

Probabilities are weight / total as Fractions; nothing here is ever a float. Outcomes may be any
hashable value (ints, strings, tuples, frozen dataclasses). A distribution of an unbounded process that
had to be cut off carries a Truncation saying where and how much probability the cut touches.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from typing import Any, Generic, TypeVar

from runehall.chance import poly
from runehall.chance.jsonable import jsonable

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Truncation:
    """An exploding process cut after `depth` extra dice: `mass` is the exact probability of the runs
    that reached the cut (their outcome is as if the last die had not exploded)."""

    depth: int
    mass: Fraction

    def join(self, other: Truncation | None) -> Truncation:
        if other is None:
            return self
        # Independent processes: P(either is cut) = 1 - (1 - a)(1 - b).
        return Truncation(max(self.depth, other.depth), 1 - (1 - self.mass) * (1 - other.mass))

    def to_json(self) -> dict[str, Any]:
        return {"depth": self.depth, "mass": _fraction_text(self.mass)}


def join_truncations(a: Truncation | None, b: Truncation | None) -> Truncation | None:
    return b if a is None else a.join(b)


def _fraction_text(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def _sort_key(outcome: Any) -> tuple[int, Any]:
    # Numbers first in numeric order, then everything else by its text: a stable order for any outcome.
    if isinstance(outcome, bool):
        return (1, str(outcome))
    if isinstance(outcome, int | Fraction):
        return (0, outcome)
    return (1, repr(outcome))


class Dist(Generic[T]):
    """Outcome -> integer weight; probability(o) = weight / total."""

    __slots__ = ("_total", "_weights", "truncation")

    def __init__(self, weights: Mapping[T, int], truncation: Truncation | None = None) -> None:
        cleaned = {o: w for o, w in weights.items() if w}
        if any(w < 0 for w in cleaned.values()):
            raise ValueError("weights must be non-negative")
        if not cleaned:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        self._weights: dict[T, int] = cleaned
        self._total = sum(cleaned.values())
        self.truncation = truncation

    # -- construction -------------------------------------------------------------------------------
    @classmethod
    def positive(cls, weights: dict[T, int], truncation: Truncation | None = None) -> Dist[T]:
        """Adopt a dict whose weights the caller guarantees are all positive integers (no copy, no checks)."""
        d = cls.__new__(cls)
        d._weights = weights
        d._total = sum(weights.values())
        d.truncation = truncation
        return d

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        weights: dict[T, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        return cls(weights)

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        return cls({outcome: 1})

    @classmethod
    def from_probabilities(cls, probabilities: Mapping[T, Fraction]) -> Dist[T]:
        if sum(probabilities.values()) != 1:
            raise ValueError("probabilities must sum to exactly 1")
        denominator = 1
        for p in probabilities.values():
            denominator = denominator * p.denominator // gcd(denominator, p.denominator)
        return cls({o: int(p * denominator) for o, p in probabilities.items()})

    # -- reading ------------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return self._total

    def weight(self, outcome: T) -> int:
        return self._weights.get(outcome, 0)

    def probability(self, outcome: T) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._total)

    def probability_where(self, predicate: Callable[[T], bool]) -> Fraction:
        return Fraction(sum(w for o, w in self._weights.items() if predicate(o)), self._total)

    def outcomes(self) -> list[T]:
        """Outcomes in their natural order when they compare (numbers, same-shaped tuples), else by text."""
        try:
            return sorted(self._weights)  # type: ignore[type-var]
        except TypeError:
            return sorted(self._weights, key=_sort_key)

    def weights(self) -> dict[T, int]:
        return dict(self._weights)

    def items(self) -> list[tuple[T, Fraction]]:
        return [(o, Fraction(self._weights[o], self._total)) for o in self.outcomes()]

    def __iter__(self) -> Iterator[T]:
        return iter(self.outcomes())

    def __len__(self) -> int:
        return len(self._weights)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        # Equal as probability measures: cross-multiplied weights agree for every outcome.
        if self._weights.keys() != other._weights.keys():
            return False
        return all(w * other._total == other._weights[o] * self._total for o, w in self._weights.items())

    def __hash__(self) -> int:
        return hash(frozenset((o, Fraction(w, self._total)) for o, w in self._weights.items()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{o!r}: {p}" for o, p in self.items()[:8])
        more = ", ..." if len(self) > 8 else ""
        return f"Dist({{{shown}{more}}})"

    def mean(self) -> Fraction:
        numerator: Any = sum(o * w for o, w in self._weights.items())  # type: ignore[operator, misc]
        return Fraction(numerator, self._total)

    # -- transforming -------------------------------------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        out: dict[U, int] = {}
        for o, w in self._weights.items():
            k = f(o)
            out[k] = out.get(k, 0) + w
        return Dist(out, self.truncation)

    def combine(self, other: Dist[U], f: Callable[[T, U], Any]) -> Dist[Any]:
        """Distribution of f(a, b) for independent a ~ self, b ~ other."""
        out: dict[Any, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                k = f(a, b)
                out[k] = out.get(k, 0) + wa * wb
        return Dist(out, join_truncations(self.truncation, other.truncation))

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """Distribution of a two-stage process: draw a from self, then draw from f(a)."""
        parts = [(w, f(o)) for o, w in self._weights.items()]
        common = 1
        for _, d in parts:
            common = common * d._total // gcd(common, d._total)
        out: dict[U, int] = {}
        trunc: Truncation | None = self.truncation
        for w, d in parts:
            scale = w * (common // d._total)
            for o, dw in d._weights.items():
                out[o] = out.get(o, 0) + scale * dw
            trunc = join_truncations(trunc, d.truncation)
        return Dist(out, trunc)

    def add(self: Dist[int], other: Dist[int]) -> Dist[int]:
        """Sum of two independent integer distributions, by packed-polynomial product."""
        return Dist(poly.multiply(self._weights, other._weights), join_truncations(self.truncation, other.truncation))

    def repeat_sum(self: Dist[int], n: int) -> Dist[int]:
        trunc = self.truncation
        if trunc is not None:
            trunc = Truncation(trunc.depth, 1 - (1 - trunc.mass) ** n)
        return Dist(poly.power(self._weights, n), trunc)

    def reduced(self) -> Dist[T]:
        """The same distribution with weights divided by their common factor."""
        g = 0
        for w in self._weights.values():
            g = gcd(g, w)
        return Dist({o: w // g for o, w in self._weights.items()}, self.truncation)

    # -- output -------------------------------------------------------------------------------------
    def to_json(
        self, order: Sequence[T] | None = None, label: Callable[[T], str | None] | None = None
    ) -> dict[str, Any]:
        """JSON rows, in `order` when given (outcomes missing from it follow in the natural order), each
        with a `label` for people when a labelling function is given."""
        items = self.items()
        if order is not None:
            rank = {o: i for i, o in enumerate(order)}
            items.sort(key=lambda item: rank.get(item[0], len(rank)))
        rows = [{"outcome": jsonable(o), "probability": _fraction_text(p)} for o, p in items]
        if label is not None:
            for row, (o, _) in zip(rows, items, strict=True):
                text = label(o)
                if text is not None:
                    row["label"] = text
        return {
            "outcomes": rows,
            "truncation": self.truncation.to_json() if self.truncation else None,
        }
