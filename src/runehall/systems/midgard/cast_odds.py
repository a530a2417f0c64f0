"""The exact odds of a cast, summed in stages instead of over every count vector of the d8 pool.

A cast's outcome is cast_resolver() applied to the six category counts (M, blank, P, F, O, C), whose
weights are multinomial: n! / (m! b! p! f! o! c!) * wm^m wb^b wp^p wf^f wo^o wc^c out of (the faces)^n,
with the category weights of category_weights() (1,1,1,1,1,3 of 8 by default; option face_2 changes
them). Choosing the counts one category at a time, a count vector's weight is the product of
C(dice left, count) * category weight^count, and after each choice only a little of the history matters:

1. Past and Cast (p, c): success or not, and the free tokens left after reaching the difficulty (or,
   on a failure, all of them);
2. Merkstave (m): a failure is decided (the rest of the dice, blank / F / O, weigh (wb+wf+wo)^left),
   unless its Future counts (option future_on_failure), when its Future dice come next; a success keeps
   the Merkstave left uncancelled and the tokens left over;
3. Future (f): the effective Future after the cap and the goal, and the base of the margin;
4. Outcome (o): the outcome itself; blank takes the dice that are left.

Count vectors that agree on what matters are merged at each stage, so the work is a few hundred small
integer steps rather than one call of the rule per count vector (792 for 7 dice, 118,755 for 24).
The answer is the same sum of the same integer weights, only grouped: CastRoll.dist() gives exactly
what the plain enumeration (Mapped.dist: every count vector through cast_resolver) gives.
"""

from __future__ import annotations

from typing import Any

from runehall.chance.chance import Chance, Mapped
from runehall.chance.dice import multinomial_counts
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.systems.midgard.cast import (
    CATEGORIES,
    DEFAULT_RULES,
    FUTURE_CAP,
    CastOutcome,
    CastRules,
    Goal,
    Stones,
    cast_resolver,
    category_weights,
    face_category,
    future_tokens,
    gm_spends,
    roll_faces,
)

Outcome = tuple[bool, int, int, int, int]  # CastOutcome's fields, as a plain tuple while summing
Counts = tuple[int, ...]


class RunePool(Chance[tuple[int, ...], Counts]):
    """`dice` d8 counted into the six categories of Table 8, face 2 as option face_2 says (a blank, a
    Merkstave, or rolled again: the tape then holds every 2 that was rolled again)."""

    def __init__(self, dice: int, face_2: str = "blank") -> None:
        self.count = dice
        self.face_2 = face_2

    def sample(self, source: Source) -> tuple[int, ...]:
        return roll_faces(source, self.count, self.face_2)

    def key(self, detail: tuple[int, ...]) -> Counts:
        counts = [0] * len(CATEGORIES)
        for face in detail:
            counts[face_category(face, self.face_2)] += 1
        return tuple(counts)

    def dist(self) -> Dist[Counts]:
        return multinomial_counts(category_weights(self.face_2), self.count)

    def describe(self) -> str:
        return f"{self.count}d8"


def _pascal(n: int) -> list[list[int]]:
    rows = [[1]]
    for k in range(1, n + 1):
        prev = rows[-1]
        rows.append([1, *[prev[i - 1] + prev[i] for i in range(1, k)], 1])
    return rows


def _powers(base: int, n: int) -> list[int]:
    out = [1]
    for _ in range(n):
        out.append(out[-1] * base)
    return out


def cast_weights(
    dice: int,
    stones: Stones,
    difficulty: int,
    goal: Goal,
    simple: bool = False,
    instant: bool = False,
    rules: CastRules = DEFAULT_RULES,
) -> dict[Outcome, int]:
    """Integer weight of each cast outcome out of (faces)^dice (8, or 7 when a 2 is rolled again): what
    cast_resolver() gives, summed over the multinomial count vectors of `dice` d8."""
    skill, past_bonus, outcome_bonus = stones.skill, stones.past, stones.outcome
    future_bonus, penalty = stones.future, stones.merkstave
    to_future = goal == "speed" and not instant
    to_outcome = goal in ("margin", "speed")
    cap_all = rules.future_cap_all_sources
    keeps_future = not instant and rules.future_on_failure == "applies"  # failed_future()
    by_hand = rules.by_hand
    wm, wb, wp, wf, wo, wc = category_weights(rules.face_2)
    rows = _pascal(dice)
    pm, pp, pf, po, pc = (_powers(w, dice) for w in (wm, wp, wf, wo, wc))
    pb, p_bo, p_bfo = _powers(wb, dice), _powers(wb + wo, dice), _powers(wb + wf + wo, dice)
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
        wp_ = top[p] * pp[p]
        for c in range(after_p + 1):
            free = c + skill
            w = wp_ * row[c] * pc[c]
            if free < need:
                key = (free, after_p - c)
                failing[key] = failing.get(key, 0) + w
            else:
                key = (free - need, after_p - c)
                passing[key] = passing.get(key, 0) + w

    # 2. Merkstave dice. A failure is decided: its free tokens cancel what Merkstave they can; its Future
    # counts only under future_on_failure applies: (Merkstave left, tokens left, dice left) -> weight.
    failed: dict[tuple[int, int, int], int] = {}
    for (free, left), w in failing.items():
        row = rows[left]
        for m in range(left + 1):
            m0 = m + penalty
            merk, rest = (m0 - free, 0) if m0 > free else (0, free - m0)
            wm_ = w * row[m] * pm[m]
            if keeps_future:
                key3 = (merk, rest, left - m)
                failed[key3] = failed.get(key3, 0) + wm_
            else:
                key5: Outcome = (False, 0, 0, merk, 0)
                out[key5] = out.get(key5, 0) + wm_ * p_bfo[left - m]
    for (merk, rest, left), w in failed.items():
        row = rows[left]
        for f in range(left + 1):
            on, beyond = future_tokens(f, future_bonus, cap_all)
            placed = (rest if rest < FUTURE_CAP - on else FUTURE_CAP - on) if to_future else 0
            key5 = (False, 0, on + placed + beyond, merk, 0)
            out[key5] = out.get(key5, 0) + w * row[f] * pf[f] * p_bo[left - f]
    # A success: the spare tokens cancel Merkstave; (Merkstave left, tokens left, dice left) -> weight.
    cancelled: dict[tuple[int, int, int], int] = {}
    for (rest, left), w in passing.items():
        row = rows[left]
        for m in range(left + 1):
            m0 = m + penalty
            key3 = (m0 - rest, 0, left - m) if m0 > rest else (0, rest - m0, left - m)
            cancelled[key3] = cancelled.get(key3, 0) + w * row[m] * pm[m]

    # 3. Future dice: (Merkstave left, margin before Outcome dice, effective Future, dice left) -> weight.
    # With only success counting, margin is 0 whatever the Outcome dice: blank and O weigh (wb+wo)^left.
    staged: dict[tuple[int, int, int, int], int] = {}
    for (merk, rest, left), w in cancelled.items():
        row = rows[left]
        for f in range(left + 1):
            on, beyond = future_tokens(f, future_bonus, cap_all)
            future = on + beyond
            spare = rest
            if to_future:
                extra = spare if spare < FUTURE_CAP - on else FUTURE_CAP - on
                future += extra
                spare -= extra
            if instant:
                future = 0
            wf_ = w * row[f] * pf[f]
            if simple:
                _, kept, next_attack = (0, future, 0) if by_hand else gm_spends(merk, 0, future)
                key5 = (True, 0, kept, merk, next_attack)
                out[key5] = out.get(key5, 0) + wf_ * p_bo[left - f]
                continue
            key4 = (merk, outcome_bonus + (spare if to_outcome else 0), future, left - f)
            staged[key4] = staged.get(key4, 0) + wf_

    # 4. Outcome dice, then the GM's Merkstave: policy A-20 (gm_spends), or left unspent (ask_gm). The
    # blank takes the dice left; when no face is blank (option face_2) they must all be Outcome.
    for (merk, base, future, left), w in staged.items():
        row = rows[left]
        for o in range(left + 1) if wb else (left,):
            wo_ = w * row[o] * po[o] * pb[left - o]
            if merk == 0 or by_hand:
                key5 = (True, base + o, future, merk, 0)
            else:
                margin, slowed, next_attack = gm_spends(merk, base + o, future)
                key5 = (True, margin, slowed, merk, next_attack)
            out[key5] = out.get(key5, 0) + wo_
    return out


class CastRoll(Mapped[tuple[int, ...], CastOutcome]):
    """A cast's d8 pool keyed by the cast's outcome (cast_resolver applied to the category counts).

    Rolling is the pool's (RunePool, face 2 as the rules say); the odds are cast_weights(), the same sum
    as mapping the rule over every count vector (Mapped.dist, kept as the plain enumeration it is checked
    against)."""

    def __init__(
        self,
        dice: int,
        stones: Stones,
        difficulty: int,
        goal: Goal,
        simple: bool = False,
        instant: bool = False,
        rules: CastRules = DEFAULT_RULES,
    ) -> None:
        super().__init__(RunePool(dice, rules.face_2), cast_resolver(stones, difficulty, goal, simple, instant, rules))
        self.dice = dice
        self.rule: tuple[Any, ...] = (stones, difficulty, goal, simple, instant, rules)

    def dist(self) -> Dist[CastOutcome]:
        weights = cast_weights(self.dice, *self.rule)
        return Dist.positive({CastOutcome._make(o): w for o, w in weights.items()})

    def enumerated(self) -> Dist[CastOutcome]:
        """The plain enumeration: cast_resolver applied to every count vector of the pool."""
        return super().dist()
