"""The exact odds of a cast, summed in stages instead of over every count vector of the d8 pool.

A cast's outcome is cast_resolver() applied to the six category counts (M, blank, P, F, O, C), whose
weights are multinomial: n! / (m! b! p! f! o! c!) * 3^c out of 8^n. Choosing the counts one category
at a time, a count vector's weight is the product of C(dice left, count) * category weight^count, and
after each choice only a little of the history matters to the rule:

1. Past and Cast (p, c): success or not, and the free tokens left after reaching the difficulty (or,
   on a failure, all of them);
2. Merkstave (m): a failure is decided (the rest of the dice, blank / F / O, weigh 3^left); a success
   keeps the Merkstave left uncancelled and the tokens left over;
3. Future (f): the effective Future after the cap and the goal, and the base of the margin;
4. Outcome (o): the outcome itself; blank takes the dice that are left, with weight 1.

Count vectors that agree on what matters are merged at each stage, so the work is a few hundred small
integer steps rather than one call of the rule per count vector (792 for 7 dice, 118,755 for 24).
The answer is the same sum of the same integer weights, only grouped: CastRoll.dist() gives exactly
what the plain enumeration (Mapped.dist: every count vector through cast_resolver) gives.
"""

from __future__ import annotations

from typing import Any

from runehall.chance.chance import Mapped
from runehall.chance.dice import CountPool
from runehall.chance.dist import Dist
from runehall.systems.midgard.cast import FUTURE_CAP, CastOutcome, Goal, Stones, cast_resolver

Outcome = tuple[bool, int, int, int, int]  # CastOutcome's fields, as a plain tuple while summing


def _pascal(n: int) -> list[list[int]]:
    rows = [[1]]
    for k in range(1, n + 1):
        prev = rows[-1]
        rows.append([1, *[prev[i - 1] + prev[i] for i in range(1, k)], 1])
    return rows


def cast_weights(
    dice: int, stones: Stones, difficulty: int, goal: Goal, simple: bool = False, instant: bool = False
) -> dict[Outcome, int]:
    """Integer weight of each cast outcome out of 8^dice: what cast_resolver() gives, summed over the
    multinomial count vectors of `dice` d8 (Table 8: M, blank, P, F, O one face each, C three faces)."""
    skill, past_bonus, outcome_bonus = stones.skill, stones.past, stones.outcome
    future_bonus, penalty = stones.future, stones.merkstave
    to_future = goal == "speed" and not instant
    to_outcome = goal in ("margin", "speed")
    rows = _pascal(dice)
    threes = [1]
    for _ in range(dice):
        threes.append(threes[-1] * 3)
    out: dict[Outcome, int] = {}

    # 1. Past and Cast dice: (tokens, dice left) -> weight, split by success.
    failing: dict[tuple[int, int], int] = {}  # all the free tokens (they can only cancel Merkstave)
    passing: dict[tuple[int, int], int] = {}  # free tokens left after the least Past that succeeds
    top = rows[dice]
    for p in range(dice + 1):
        need = difficulty - p - past_bonus
        if need < 0:
            need = 0
        after_p = dice - p
        row = rows[after_p]
        wp = top[p]
        for c in range(after_p + 1):
            free = c + skill
            w = wp * row[c] * threes[c]
            if free < need:
                key = (free, after_p - c)
                failing[key] = failing.get(key, 0) + w
            else:
                key = (free - need, after_p - c)
                passing[key] = passing.get(key, 0) + w

    # 2. Merkstave dice. A failure is decided: its free tokens cancel what Merkstave they can.
    for (free, left), w in failing.items():
        row = rows[left]
        for m in range(left + 1):
            m0 = m + penalty
            key5: Outcome = (False, 0, 0, m0 - free if m0 > free else 0, 0)
            out[key5] = out.get(key5, 0) + w * row[m] * threes[left - m]
    # A success: the spare tokens cancel Merkstave; (Merkstave left, tokens left, dice left) -> weight.
    cancelled: dict[tuple[int, int, int], int] = {}
    for (rest, left), w in passing.items():
        row = rows[left]
        for m in range(left + 1):
            m0 = m + penalty
            key3 = (m0 - rest, 0, left - m) if m0 > rest else (0, rest - m0, left - m)
            cancelled[key3] = cancelled.get(key3, 0) + w * row[m]

    # 3. Future dice: (Merkstave left, margin before Outcome dice, effective Future, dice left) -> weight.
    # With only success counting, margin is 0 whatever the Outcome dice: blank and O weigh 2^left.
    staged: dict[tuple[int, int, int, int], int] = {}
    for (merk, rest, left), w in cancelled.items():
        row = rows[left]
        for f in range(left + 1):
            future = f + future_bonus
            if future > FUTURE_CAP:
                future = FUTURE_CAP  # the Future stone holds at most four
            spare = rest
            if to_future:
                extra = spare if spare < FUTURE_CAP - future else FUTURE_CAP - future
                future += extra
                spare -= extra
            if instant:
                future = 0
            wf = w * row[f]
            if simple:
                slow = merk if merk < future else future
                key5 = (True, 0, future - slow, merk, merk - slow)
                out[key5] = out.get(key5, 0) + (wf << (left - f))
                continue
            key4 = (merk, outcome_bonus + (spare if to_outcome else 0), future, left - f)
            staged[key4] = staged.get(key4, 0) + wf

    # 4. Outcome dice, then policy A-20: the GM takes margin first, then speed, then the next attack.
    for (merk, base, future, left), w in staged.items():
        row = rows[left]
        if merk == 0:
            for o in range(left + 1):
                key5 = (True, base + o, future, 0, 0)
                out[key5] = out.get(key5, 0) + w * row[o]
            continue
        for o in range(left + 1):
            margin = base + o
            cut = merk if merk < margin else margin
            spare = merk - cut
            slow = spare if spare < future else future
            key5 = (True, margin - cut, future - slow, merk, spare - slow)
            out[key5] = out.get(key5, 0) + w * row[o]
    return out


class CastRoll(Mapped[tuple[int, ...], CastOutcome]):
    """A cast's d8 pool keyed by the cast's outcome (cast_resolver applied to the category counts).

    Rolling is the pool's; the odds are cast_weights(), the same sum as mapping the rule over every count
    vector (Mapped.dist, kept as the plain enumeration it is checked against)."""

    def __init__(
        self, pool: CountPool, stones: Stones, difficulty: int, goal: Goal, simple: bool, instant: bool
    ) -> None:
        super().__init__(pool, cast_resolver(stones, difficulty, goal, simple, instant))
        self.dice = pool.count
        self.rule: tuple[Any, ...] = (stones, difficulty, goal, simple, instant)

    def dist(self) -> Dist[CastOutcome]:
        weights = cast_weights(self.dice, *self.rule)
        return Dist.positive({CastOutcome._make(o): w for o, w in weights.items()})

    def enumerated(self) -> Dist[CastOutcome]:
        """The plain enumeration: cast_resolver applied to every count vector of the pool."""
        return super().dist()
