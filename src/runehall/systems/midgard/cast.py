"""The Midgard cast, free of randomness: from how the d8 fell to success, margin, time and Merkstave.

Each die lands in one of six categories (spec 003 §6.2, Table 8): 1 Merkstave, 2 blank (A-05), 3 Past,
4 Future, 5 Outcome, 6-8 a free token on the Cast Runes stone. Everything after the roll is a
deterministic function of the six counts, so the exact odds are a sum over multinomial count vectors.

The player's allocation follows Rule SFG (spec §15.2): success first (Past up to the difficulty), then
cancel Merkstave, then the goal (Outcome for margin, Future for speed). The GM spends what Merkstave is
left by the automated policy A-20: margin first, then speed, then "+1 to the next attack on you".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, NamedTuple

FACE_CATEGORY = (0, 1, 2, 3, 4, 5, 5, 5)  # face 1..8 -> M, blank, P, F, O, C
CATEGORIES = ("merkstave", "blank", "past", "future", "outcome", "cast")
FUTURE_CAP = 4
EXHAUSTION_MERKSTAVE = 4

Goal = Literal["margin", "speed", "succeed"]
TIMES: dict[str, tuple[int, int]] = {  # base seconds, seconds saved per Future token (Table 7)
    "quick": (5, 1),
    "short": (120, 20),
    "medium": (600, 120),
    "long": (3600, 600),
    "day": (43200, 7200),
    "week": (604800, 86400),
}


@dataclass(frozen=True)
class Stones:
    """Tokens fixed before the player distributes: bonuses on Past / Outcome / Future, penalties on Merkstave."""

    skill: int = 0  # skill ranks + skill bonuses: free tokens on the Cast Runes stone
    past: int = 0  # carry-over from an earlier cast
    outcome: int = 0  # berserk levels
    future: int = 0  # surprise
    merkstave: int = 0  # wound rank, environment, gifts (already max(wound, 4) when exhausted)


class CastOutcome(NamedTuple):
    success: bool
    margin: int  # net of the GM's Merkstave spending; 0 on a failure
    future: int  # effective Future tokens (the time or speed bonus); 0 on a failure
    merkstave: int  # left after the player's cancelling, before the GM spends it
    next_attack: int  # Merkstave the GM turns into +1 margin on the next action against this character


@dataclass(frozen=True)
class Allocation:
    past: int
    future: int
    outcome: int
    cancel: int


def sfg(p0: int, f0: int, m0: int, free: int, difficulty: int, goal: Goal, instant: bool) -> Allocation:
    """Rule SFG: the least Past that succeeds, then cancel Merkstave, then the goal."""
    past = max(0, difficulty - p0) if p0 + free >= difficulty else 0
    rest = free - past
    cancel = min(rest, m0)
    rest -= cancel
    if goal == "speed":
        # Future up to the cap, the rest to Outcome; an instant cast's Future does nothing, so all to Outcome.
        future = 0 if instant else min(rest, FUTURE_CAP - f0)
        return Allocation(past, future, rest - future, cancel)
    if goal == "margin":
        return Allocation(past, 0, rest, cancel)
    return Allocation(past + rest, 0, 0, cancel)  # "succeed": spare tokens are harmless on Past


def cast_resolver(
    stones: Stones, difficulty: int, goal: Goal, simple: bool = False, instant: bool = False
) -> Callable[[tuple[int, ...]], CastOutcome]:
    """resolve() with the cast's constants bound, for applying it to every possible roll (exact odds).

    It is Rule SFG and policy A-20 as in sfg() and resolve(), written with plain integers because the
    exact odds of a cast apply it to every count vector.
    """
    past_bonus, outcome_bonus, future_bonus = stones.past, stones.outcome, stones.future
    skill, penalty = stones.skill, stones.merkstave
    to_future = goal == "speed" and not instant
    to_outcome = goal in ("margin", "speed")

    def outcome(counts: tuple[int, ...]) -> CastOutcome:
        m, _, p, f, o, c = counts
        p0, m0 = p + past_bonus, m + penalty
        f0 = f + future_bonus
        if f0 > FUTURE_CAP:
            f0 = FUTURE_CAP  # the Future stone holds at most four
        free = c + skill
        if p0 + free < difficulty:
            return CastOutcome(False, 0, 0, m0 - min(free, m0), 0)
        rest = free - (difficulty - p0 if difficulty > p0 else 0)
        cancel = rest if rest < m0 else m0
        rest -= cancel
        left = m0 - cancel
        future = f0
        if to_future:
            extra = min(rest, FUTURE_CAP - f0)
            future += extra
            rest -= extra
        margin = 0 if simple else o + outcome_bonus + (rest if to_outcome else 0)
        if instant:
            future = 0
        cut = min(left, margin)  # the automated GM takes margin first, then speed, then the next attack
        spare = left - cut
        slow = min(spare, future)
        return CastOutcome(True, margin - cut, future - slow, left, spare - slow)

    return outcome


def resolve(
    counts: tuple[int, ...], stones: Stones, difficulty: int, goal: Goal, simple: bool = False, instant: bool = False
) -> CastOutcome:
    """Success, net margin, effective Future and Merkstave for one cast, given the six category counts."""
    return cast_resolver(stones, difficulty, goal, simple, instant)(counts)


def time_taken(outcome: CastOutcome, category: str) -> int:
    """Seconds the action takes (Table 7): the base, less the modifier per effective Future on a success."""
    base, saved = TIMES[category]
    return base - saved * outcome.future if outcome.success else base


def speed(outcome: CastOutcome, base_speed: int) -> int:
    """A combat action's final speed: lower acts first; Future counts only on a success (A-19)."""
    return base_speed - (outcome.future if outcome.success else 0)
