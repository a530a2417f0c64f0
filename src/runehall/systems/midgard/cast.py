"""The Midgard cast, free of randomness: from how the d8 fell to success, margin, time and Merkstave.

Each die lands in one of six categories (spec 003 §6.2, Table 8): 1 Merkstave, 2 blank (A-05), 3 Past,
4 Future, 5 Outcome, 6-8 a free token on the Cast Runes stone. Everything after the roll is a
deterministic function of the six counts, so the exact odds are a sum over multinomial count vectors.

The player's allocation follows Rule SFG (spec §15.2): success first (Past up to the difficulty), then
cancel Merkstave, then the goal (Outcome for margin, Future for speed). The GM spends what Merkstave is
left by the automated policy A-20: margin first, then speed, then "+1 to the next attack on you".
"""

from __future__ import annotations

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
    if goal == "speed" and not instant:
        future = min(rest, FUTURE_CAP - f0)
        return Allocation(past, future, rest - future, cancel)
    if goal == "margin":
        return Allocation(past, 0, rest, cancel)
    return Allocation(past + rest, 0, 0, cancel)  # "succeed": spare tokens are harmless on Past


def resolve(
    counts: tuple[int, ...], stones: Stones, difficulty: int, goal: Goal, simple: bool = False, instant: bool = False
) -> CastOutcome:
    """Success, net margin, effective Future and Merkstave for one cast, given the six category counts."""
    m, _, p, f, o, c = counts
    p0, o0, m0 = p + stones.past, o + stones.outcome, m + stones.merkstave
    f0 = min(FUTURE_CAP, f + stones.future)  # the Future stone holds at most four
    free = c + stones.skill
    plan = sfg(p0, f0, m0, free, difficulty, goal, instant)
    success = p0 + plan.past >= difficulty
    left = m0 - plan.cancel
    if not success:
        return CastOutcome(False, 0, 0, left, 0)
    margin = 0 if simple else o0 + plan.outcome
    future = 0 if instant else min(FUTURE_CAP, f0 + plan.future)
    spend = left
    cut_margin = min(spend, margin)  # the automated GM takes margin first...
    spend -= cut_margin
    cut_speed = min(spend, future)  # ...then speed, then the next attack on the character
    spend -= cut_speed
    return CastOutcome(True, margin - cut_margin, future - cut_speed, left, spend)


def time_taken(outcome: CastOutcome, category: str) -> int:
    """Seconds the action takes (Table 7): the base, less the modifier per effective Future on a success."""
    base, saved = TIMES[category]
    return base - saved * outcome.future if outcome.success else base


def speed(outcome: CastOutcome, base_speed: int) -> int:
    """A combat action's final speed: lower acts first; Future counts only on a success (A-19)."""
    return base_speed - (outcome.future if outcome.success else 0)
