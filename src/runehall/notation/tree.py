"""The expression tree of dice notation. Each node knows how to roll itself and its exact distribution.

A roll's detail is the flat tuple of PoolRolls of its dice terms, left to right; the value is computed
from that detail alone, so a stored roll can always be re-evaluated and re-rendered.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Union

from runehall.chance.dice import DEFAULT_EXPLODE_DEPTH, Die, ExplodingDie, Keep, Pool, PoolRoll
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.errors import N_, TooComplexError

MAX_ODDS_OUTCOMES = 200_000
# Exact odds cost about (outcomes x bits of the weights) for sums, and that much again per step of the
# keep-highest walk; these bounds keep any one request to roughly a third of a second on this machine.
MAX_SUM_COST = 4_000_000
MAX_KEEP_COST = 5_000_000_000


def _refuse_heavy(span: int, bits: int, what: str) -> None:
    if span * bits > MAX_SUM_COST:
        raise TooComplexError(N_("{what} is too large for exact odds"), what=what)


@dataclass(frozen=True, slots=True)
class Const:
    value: int

    def sample_into(self, source: Source, out: list[PoolRoll]) -> None:
        return None

    def evaluate(self, details: Iterator[PoolRoll]) -> int:
        return self.value

    def dist(self) -> Dist[int]:
        return Dist.certain(self.value)

    def show(self) -> str:
        return str(self.value)

    def shape(self) -> tuple[int, int]:
        return 1, 1


@dataclass(frozen=True, slots=True)
class DiceTerm:
    count: int
    sides: int
    keep: Keep | None
    explode: bool
    text: str

    @property
    def pool(self) -> Pool:
        die = ExplodingDie(self.sides) if self.explode else Die(self.sides)
        return Pool(die, self.count, self.keep)

    def plain_roll(self, source: Source) -> PoolRoll:
        """Roll without keep or explosion: the common case, kept lean because most rolls are like it."""
        die, sides = source.die, self.sides
        faces = tuple([die(sides) for _ in range(self.count)])
        return PoolRoll(tuple([(f,) for f in faces]), faces, (True,) * self.count)

    def sample_into(self, source: Source, out: list[PoolRoll]) -> None:
        if not self.explode and self.keep is None:
            out.append(self.plain_roll(source))
        else:
            out.append(self.pool.sample(source))

    def evaluate(self, details: Iterator[PoolRoll]) -> int:
        return next(details).total

    def shape(self) -> tuple[int, int]:
        """(how many outcomes the term's odds span, bits of their total weight), known before computing."""
        rolls = DEFAULT_EXPLODE_DEPTH + 1 if self.explode else 1
        kept = self.keep.count if self.keep is not None else self.count
        return kept * self.sides * rolls + 1, self.count * (self.sides**rolls).bit_length()

    def dist(self) -> Dist[int]:
        span, bits = self.shape()
        single = self.sides * (DEFAULT_EXPLODE_DEPTH + 1 if self.explode else 1)
        if self.keep is not None and self.keep.count < self.count:
            if single * self.count * self.keep.count * span * bits > MAX_KEEP_COST:
                raise TooComplexError(N_("{text} is too large for exact odds"), text=self.text)
        else:
            _refuse_heavy(span, bits, self.text)
        if single * self.count > MAX_ODDS_OUTCOMES:
            raise TooComplexError(N_("{text} has too many outcomes for exact odds"), text=self.text)
        return self.pool.dist()

    def show(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr

    def sample_into(self, source: Source, out: list[PoolRoll]) -> None:
        self.operand.sample_into(source, out)

    def evaluate(self, details: Iterator[PoolRoll]) -> int:
        return -self.operand.evaluate(details)

    def dist(self) -> Dist[int]:
        return self.operand.dist().map(lambda v: -v)

    def show(self) -> str:
        return f"-{self.operand.show()}"

    def shape(self) -> tuple[int, int]:
        return self.operand.shape()


def _floor_div(a: int, b: int) -> int:
    if b == 0:
        raise ZeroDivisionError
    return a // b


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str
    left: Expr
    right: Expr

    def sample_into(self, source: Source, out: list[PoolRoll]) -> None:
        self.left.sample_into(source, out)
        self.right.sample_into(source, out)

    def evaluate(self, details: Iterator[PoolRoll]) -> int:
        a = self.left.evaluate(details)
        b = self.right.evaluate(details)
        if self.op == "+":
            return a + b
        if self.op == "-":
            return a - b
        if self.op == "*":
            return a * b
        return _floor_div(a, b)

    def shape(self) -> tuple[int, int]:
        (sa, ba), (sb, bb) = self.left.shape(), self.right.shape()
        return (sa + sb if self.op in "+-" else sa * sb), ba + bb

    def dist(self) -> Dist[int]:
        _refuse_heavy(*self.shape(), "this expression")
        a, b = self.left.dist(), self.right.dist()
        if self.op == "+":
            result = a.add(b)
        elif self.op == "-":
            result = a.add(b.map(lambda v: -v))
        else:
            if len(a) * len(b) > MAX_ODDS_OUTCOMES:
                raise TooComplexError(N_("the product of these terms has too many outcomes for exact odds"))
            if self.op == "*":
                result = a.combine(b, lambda x, y: x * y)
            else:
                result = a.combine(b, _floor_div)
        if len(result) > MAX_ODDS_OUTCOMES:
            raise TooComplexError(N_("this expression has too many outcomes for exact odds"))
        return result

    def show(self) -> str:
        return f"{self.left.show()} {self.op} {self.right.show()}"


Expr = Union[Const, DiceTerm, Neg, BinOp]  # noqa: UP007 - a runtime alias used by the parser
