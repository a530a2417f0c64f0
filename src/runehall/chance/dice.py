"""Dice primitives: a die of any faces, exploding dice, Rune's stress d10, pools with keep and counting."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from runehall.chance import poly
from runehall.chance.chance import Chance
from runehall.chance.dist import Dist, Truncation
from runehall.chance.sources import Source
from runehall.errors import N_, ParameterError

MAX_FACES = 1_000_000
DEFAULT_EXPLODE_DEPTH = 9


@dataclass(frozen=True, slots=True)
class Die(Chance[int, int]):
    """One fair die showing 1..sides."""

    sides: int

    def __post_init__(self) -> None:
        if not 1 <= self.sides <= MAX_FACES:
            raise ParameterError(
                N_("a die needs between 1 and {MAX_FACES} faces, not {sides}"), MAX_FACES=MAX_FACES, sides=self.sides
            )

    def sample(self, source: Source) -> int:
        return source.die(self.sides)

    def key(self, detail: int) -> int:
        return detail

    def dist(self) -> Dist[int]:
        return Dist(dict.fromkeys(range(1, self.sides + 1), 1))

    def describe(self) -> str:
        return f"d{self.sides}"


@dataclass(frozen=True, slots=True)
class ExplodingDie(Chance[tuple[int, ...], int]):
    """A die that is rolled again and added whenever it shows its highest face.

    At most `depth` extra dice are rolled; the last one counts its face without exploding further. The
    odds describe exactly this process, and their Truncation gives the probability of reaching the cut.
    """

    sides: int
    depth: int = DEFAULT_EXPLODE_DEPTH

    def __post_init__(self) -> None:
        if not 2 <= self.sides <= MAX_FACES:
            raise ParameterError(
                N_("an exploding die needs between 2 and {MAX_FACES} faces, not {sides}"),
                MAX_FACES=MAX_FACES,
                sides=self.sides,
            )
        if not 0 <= self.depth <= 100:
            raise ParameterError(N_("explosion depth must be between 0 and 100, not {depth}"), depth=self.depth)

    def sample(self, source: Source) -> tuple[int, ...]:
        faces = [source.die(self.sides)]
        while faces[-1] == self.sides and len(faces) <= self.depth:
            faces.append(source.die(self.sides))
        return tuple(faces)

    def key(self, detail: tuple[int, ...]) -> int:
        return sum(detail)

    def dist(self) -> Dist[int]:
        s = self.sides
        total = s ** (self.depth + 1)
        weights: dict[int, int] = {}
        for level in range(self.depth + 1):
            # `level` maxima then a non-maximal face: weight s**(depth - level) each.
            w = s ** (self.depth - level)
            for face in range(1, s):
                weights[level * s + face] = w
        weights[(self.depth + 1) * s] = 1  # every die at the maximum, the last one not exploding
        assert sum(weights.values()) == total
        return Dist(weights, Truncation(self.depth, Fraction(1, total)))

    def describe(self) -> str:
        return f"d{self.sides}!"


def _open_ended_at_least(x: int) -> Fraction:
    """P(E >= x) for Rune's open-ended value E (faces 1-9 count, a 10 adds 10 and rolls on).

    P(E = 10n + j) = 10**-(n+1) for j in 1..9, so with x = 10n + j, j in 1..10: P(E >= x) = (11 - j) / 10**(n+1).
    """
    if x <= 1:
        return Fraction(1)
    n, j = divmod(x - 1, 10)
    return Fraction(11 - (j + 1), 10 ** (n + 1))


@dataclass(frozen=True, slots=True)
class StressDie(Chance[tuple[int, ...], int]):
    """Rune's stress d10 (spec 001a §2.1). A 10 is a triumph: 10 plus the open-ended value. A first 1 is
    a botch: minus the open-ended value. `botch=False` gives the quality roll (a 1 counts as 1).

    Sampling is open-ended (capped at `cap` extra dice, a probability of 10**-cap). dist() is cut after
    `depth` extra dice with the Truncation stated; at_least() is the exact infinite-series answer.
    """

    botch: bool = True
    depth: int = 12
    cap: int = 200

    def sample(self, source: Source) -> tuple[int, ...]:
        faces = [source.die(10)]
        if faces[0] in (1, 10) and (faces[0] == 10 or self.botch):
            faces.append(source.die(10))
            while faces[-1] == 10 and len(faces) <= self.cap:
                faces.append(source.die(10))
        return tuple(faces)

    def key(self, detail: tuple[int, ...]) -> int:
        first, rest = detail[0], sum(detail[1:])
        if first == 10:
            return 10 + rest
        if first == 1 and self.botch:
            return -rest
        return first

    def at_least(self, target: int) -> Fraction:
        """Exact P(result >= target), summed in closed form over the unbounded explosions."""
        p = Fraction(sum(1 for f in range(2, 10) if f >= target), 10)
        p += _open_ended_at_least(target - 10) / 10
        if self.botch:
            if -target >= 1:  # -E >= target  <=>  E <= -target
                p += (1 - _open_ended_at_least(-target + 1)) / 10
        elif target <= 1:
            p += Fraction(1, 10)
        return p

    def dist(self) -> Dist[int]:
        d = self.depth
        total = 10 ** (d + 1)
        # Open-ended value E with at most d dice: n tens then a face j (1..9) has weight 10**(d-1-n) out of
        # 10**d; d tens in a row reach the cut and count as 10d.
        e: dict[int, int] = {10 * n + j: 10 ** (d - 1 - n) for n in range(d) for j in range(1, 10)}
        e[10 * d] = 1
        weights: dict[int, int] = {f: 10**d for f in range(2, 10)}
        for value, w in e.items():
            weights[10 + value] = weights.get(10 + value, 0) + w
            if self.botch:
                weights[-value] = weights.get(-value, 0) + w
        if not self.botch:
            weights[1] = 10**d
        assert sum(weights.values()) == total, (sum(weights.values()), total)
        cut = Fraction(2 if self.botch else 1, total)
        return Dist(weights, Truncation(d, cut))

    def describe(self) -> str:
        return "stress d10" if self.botch else "quality d10"


@dataclass(frozen=True, slots=True)
class Keep:
    which: Literal["highest", "lowest"]
    count: int


class PoolRoll(NamedTuple):
    """Every die of a pool: its faces (several when it exploded), its value and whether it was kept."""

    dice: tuple[tuple[int, ...], ...]
    values: tuple[int, ...]
    kept: tuple[bool, ...]

    @property
    def total(self) -> int:
        if all(self.kept):
            return sum(self.values)
        return sum(v for v, k in zip(self.values, self.kept, strict=True) if k)

    def __json__(self) -> dict[str, Any]:
        return {"dice": [list(d) for d in self.dice], "values": list(self.values), "kept": list(self.kept)}


def kept_mask(values: Sequence[int], keep: Keep | None) -> tuple[bool, ...]:
    """Which dice a keep rule keeps; among equal values the earlier die is kept."""
    n = len(values)
    if keep is None or keep.count >= n:
        return (True,) * n
    order = sorted(range(n), key=lambda i: (-values[i], i) if keep.which == "highest" else (values[i], i))
    chosen = set(order[: keep.count])
    return tuple(i in chosen for i in range(n))


@dataclass(frozen=True, slots=True)
class Pool(Chance[PoolRoll, int]):
    """n copies of an integer die, summing all of them or only the kept highest / lowest."""

    die: Chance[int, int] | Chance[tuple[int, ...], int]
    count: int
    keep: Keep | None = None

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ParameterError(N_("a pool cannot have a negative number of dice"))
        if self.keep is not None and self.keep.count < 0:
            raise ParameterError(N_("cannot keep a negative number of dice"))

    def sample(self, source: Source) -> PoolRoll:
        die = self.die
        details = [die.sample(source) for _ in range(self.count)]
        values = tuple(die.key(d) for d in details)  # type: ignore[arg-type]
        dice = tuple(d if isinstance(d, tuple) else (d,) for d in details)
        return PoolRoll(dice, values, kept_mask(values, self.keep))

    def key(self, detail: PoolRoll) -> int:
        return detail.total

    def dist(self) -> Dist[int]:
        single = self.die.dist()
        weights = single.weights()
        n = self.count
        if self.keep is None or self.keep.count >= n:
            out = poly.power(weights, n)
        elif self.keep.which == "highest":
            out = poly.keep_highest_sum(weights, n, self.keep.count)
        else:
            negated = poly.keep_highest_sum({-v: w for v, w in weights.items()}, n, self.keep.count)
            out = {-v: w for v, w in negated.items()}
        trunc = single.truncation
        if trunc is not None:
            trunc = Truncation(trunc.depth, 1 - (1 - trunc.mass) ** n)
        return Dist(out, trunc)

    def describe(self) -> str:
        k = "" if self.keep is None else f"k{'h' if self.keep.which == 'highest' else 'l'}{self.keep.count}"
        return f"{self.count}{self.die.describe()}{k}"


@dataclass(frozen=True, slots=True)
class CountPool(Chance[tuple[int, ...], tuple[int, ...]]):
    """n dice of `sides` faces, counted by category: key[i] = how many dice fell in categories[i].

    `category` maps a face to the index of its category (0..len(categories)-1).
    """

    sides: int
    count: int
    categories: tuple[str, ...]
    category: Callable[[int], int]

    def sample(self, source: Source) -> tuple[int, ...]:
        return tuple(source.die(self.sides) for _ in range(self.count))

    def key(self, detail: tuple[int, ...]) -> tuple[int, ...]:
        counts = [0] * len(self.categories)
        for face in detail:
            counts[self.category(face)] += 1
        return tuple(counts)

    def dist(self) -> Dist[tuple[int, ...]]:
        per_category = [0] * len(self.categories)
        for face in range(1, self.sides + 1):
            per_category[self.category(face)] += 1
        return multinomial_counts(per_category, self.count)


def multinomial_counts(weights: Sequence[int], n: int) -> Dist[tuple[int, ...]]:
    """Distribution of how many of n independent trials fall in each category (category weights given).

    Built category by category: a prefix (c_1..c_i) with `left` trials still to place has weight
    prod C(left_j, c_j) w_j^c_j; the last category takes whatever is left.
    """
    from math import comb

    if not weights:
        raise ParameterError(N_("counting needs at least one category"))
    level: list[tuple[tuple[int, ...], int, int]] = [((), 1, n)]  # (prefix, weight, trials left)
    for w in weights[:-1]:
        powers = [w**c for c in range(n + 1)]
        level = [
            ((*prefix, c), weight * comb(left, c) * powers[c], left - c)
            for prefix, weight, left in level
            for c in range(left + 1)
        ]
    last = weights[-1]
    counts = {(*prefix, left): weight * last**left for prefix, weight, left in level}
    # With every category weight positive no count vector has weight 0, so the checks can be skipped.
    return Dist.positive(counts) if all(w > 0 for w in weights) else Dist(counts)
