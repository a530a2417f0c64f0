"""The Midgard cast: from how the d8 fell to success, margin, time and Merkstave, and the rules of the cast
that the options change, each in one place for the single-cast mechanics and the combat tracker alike.

Each die lands in one of six categories (spec 003 §6.2, Table 8): 1 Merkstave, 2 blank (A-05; option
face_2: a Merkstave, or rolled again), 3 Past, 4 Future, 5 Outcome, 6-8 a free token on the Cast Runes
stone. Everything after the roll is a deterministic function of the six counts, so the exact odds are a
sum over multinomial count vectors.

The player's allocation follows Rule SFG (spec §15.2): success first (Past up to the difficulty), then
cancel Merkstave, then the goal (Outcome for margin, Future for speed). The GM spends what Merkstave is
left by the automated policy A-20: margin first, then speed, then "+1 to the next attack on you" -- or,
under option merkstave_policy ask_gm, leaves it to be spent by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from runehall.chance.sources import Source

FACE_CATEGORY = (0, 1, 2, 3, 4, 5, 5, 5)  # face 1..8 -> M, blank, P, F, O, C
CATEGORIES = ("merkstave", "blank", "past", "future", "outcome", "cast")
FUTURE_CAP = 4
EXHAUSTION_MERKSTAVE = 4

Goal = Literal["margin", "speed", "succeed"]
Face2 = Literal["blank", "reroll", "merkstave"]
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


@dataclass(frozen=True)
class CastRules:
    """The options that change how one cast works, with their defaults (data/options.toml, spec §17)."""

    face_2: Face2 = "blank"  # A-05, I-13: a blank, rolled again, or a Merkstave
    future_cap_all_sources: bool = True  # A-07, I-19: off, fixed Future tokens count beyond the cap
    future_on_failure: Literal["ignored", "applies"] = "ignored"
    merkstave_policy: Literal["margin_speed_next_attack", "ask_gm"] = "margin_speed_next_attack"
    speed_clamped: bool = False  # a final speed below 0 counts as 0

    @classmethod
    def of(cls, options: Any) -> CastRules:
        """The table's settings (MidgardOptions or anything with these attributes), defaults for the rest."""
        values = {f.name: getattr(options, f.name, None) for f in fields(cls)}
        return cls(**{name: value for name, value in values.items() if value is not None})

    @property
    def by_hand(self) -> bool:
        """Whether leftover Merkstave waits for the GM (ask_gm) instead of being spent by policy A-20."""
        return self.merkstave_policy == "ask_gm"


# -- the dice: what a face means (Table 8 and option face_2) -------------------------------------------
def face_category(face: int, face_2: str = "blank") -> int:
    """The category (index into CATEGORIES) of a d8 face: a 2 is a blank (A-05), or a Merkstave under
    option face_2 merkstave. Under face_2 reroll no 2 is ever kept (roll_faces), so none is sorted."""
    return 0 if face == 2 and face_2 == "merkstave" else FACE_CATEGORY[face - 1]


def category_weights(face_2: str = "blank") -> tuple[int, ...]:
    """How many d8 faces fall in each category: 1,1,1,1,1,3 of 8; 2,0,1,1,1,3 of 8 with face 2 a
    Merkstave; 1,0,1,1,1,3 of 7 when a 2 is rolled again (the kept face is uniform on the other seven)."""
    weights = [0] * len(CATEGORIES)
    for face in range(1, 9):
        if not (face == 2 and face_2 == "reroll"):
            weights[face_category(face, face_2)] += 1
    return tuple(weights)


def roll_faces(source: Source, dice: int, face_2: str = "blank") -> tuple[int, ...]:
    """`dice` d8 from the source; under option face_2 reroll a 2 is rolled again until it is not a 2."""
    faces = []
    for _ in range(dice):
        face = source.die(8)
        while face == 2 and face_2 == "reroll":
            face = source.die(8)
        faces.append(face)
    return tuple(faces)


# -- the Future stone, failure, the GM's Merkstave, speed -----------------------------------------------
def future_tokens(on_stone: int, fixed: int, cap_all_sources: bool = True) -> tuple[int, int]:
    """Fixed Future tokens (surprise, gifts) joining the tokens on the Future stone: (on the stone, beyond
    the cap). The stone holds four and the excess is lost (A-07); with option future_cap_all_sources off
    only the dice and free tokens are held to four, and fixed tokens count on top, beyond the cap."""
    if cap_all_sources:
        return min(FUTURE_CAP, on_stone + fixed), 0
    return min(FUTURE_CAP, on_stone), fixed


def effective_future(on_stone: int, placed: int, beyond: int = 0) -> int:
    """The Future a cast has: the stone's tokens and the free tokens placed there, at most four, plus
    the fixed tokens that count beyond the cap (future_tokens)."""
    return min(FUTURE_CAP, on_stone + placed) + beyond


def failed_future(future: int, future_on_failure: str = "ignored") -> int:
    """The Future a failed cast keeps: none, the full base time is spent (A-19), unless option
    future_on_failure applies. The GM spends none of a failure's Merkstave on it."""
    return future if future_on_failure == "applies" else 0


def gm_spends(merkstave: int, margin: int, future: int) -> tuple[int, int, int]:
    """Policy A-20 for the automated GM: Merkstave comes off the margin while there is margin, then off
    the Future while there is Future, and the rest is +1 to the next action against the caster.
    Returns (margin, future, next attack)."""
    cut = merkstave if merkstave < margin else margin
    spare = merkstave - cut
    slow = spare if spare < future else future
    return margin - cut, future - slow, spare - slow


def final_speed(base_speed: int, future: int, clamped: bool = False) -> int:
    """A combat action's final speed: lower acts first; each Future token counts 1 (at least 0 under
    option speed_clamped)."""
    speed = base_speed - future
    return max(0, speed) if clamped else speed


class CastOutcome(NamedTuple):
    success: bool
    margin: int  # net of the GM's Merkstave spending (unspent under merkstave_policy ask_gm); 0 on a failure
    future: int  # effective Future tokens (the time or speed bonus); 0 on a failure unless future_on_failure
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


DEFAULT_RULES = CastRules()


def cast_resolver(
    stones: Stones,
    difficulty: int,
    goal: Goal,
    simple: bool = False,
    instant: bool = False,
    rules: CastRules = DEFAULT_RULES,
) -> Callable[[tuple[int, ...]], CastOutcome]:
    """resolve() with the cast's constants bound, for applying it to every possible roll (exact odds).

    It is Rule SFG as in sfg(), written with plain integers because the exact odds of a cast apply it to
    every count vector, then the Future, failure and Merkstave rules above, as the combat tracker's
    casting.settle() applies them.
    """
    past_bonus, outcome_bonus, future_bonus = stones.past, stones.outcome, stones.future
    skill, penalty = stones.skill, stones.merkstave
    to_future = goal == "speed" and not instant
    to_outcome = goal in ("margin", "speed")
    cap_all = rules.future_cap_all_sources
    keeps_future = not instant and rules.future_on_failure == "applies"  # failed_future()
    by_hand = rules.by_hand

    def outcome(counts: tuple[int, ...]) -> CastOutcome:
        m, _, p, f, o, c = counts
        p0, m0 = p + past_bonus, m + penalty
        free = c + skill
        if p0 + free < difficulty:
            cancel = free if free < m0 else m0
            if not keeps_future:
                return CastOutcome(False, 0, 0, m0 - cancel, 0)
            on, beyond = future_tokens(f, future_bonus, cap_all)
            placed = min(free - cancel, FUTURE_CAP - on) if to_future else 0
            return CastOutcome(False, 0, on + placed + beyond, m0 - cancel, 0)
        rest = free - (difficulty - p0 if difficulty > p0 else 0)
        cancel = rest if rest < m0 else m0
        rest -= cancel
        left = m0 - cancel
        on, beyond = future_tokens(f, future_bonus, cap_all)
        future = on + beyond
        if to_future:
            extra = min(rest, FUTURE_CAP - on)
            future += extra
            rest -= extra
        margin = 0 if simple else o + outcome_bonus + (rest if to_outcome else 0)
        if instant:
            future = 0
        if by_hand:
            return CastOutcome(True, margin, future, left, 0)
        net_margin, net_future, next_attack = gm_spends(left, margin, future)
        return CastOutcome(True, net_margin, net_future, left, next_attack)

    return outcome


def resolve(
    counts: tuple[int, ...],
    stones: Stones,
    difficulty: int,
    goal: Goal,
    simple: bool = False,
    instant: bool = False,
    rules: CastRules = DEFAULT_RULES,
) -> CastOutcome:
    """Success, net margin, effective Future and Merkstave for one cast, given the six category counts."""
    return cast_resolver(stones, difficulty, goal, simple, instant, rules)(counts)


def time_taken(outcome: CastOutcome, category: str) -> int:
    """Seconds the action takes (Table 7): the base, less the modifier per effective Future token, never
    below the fastest the table allows (four tokens' worth). A failure's Future is 0 unless option
    future_on_failure applies (failed_future), so it takes the full base time."""
    base, saved = TIMES[category]
    return base - saved * min(outcome.future, FUTURE_CAP)


def speed(outcome: CastOutcome, base_speed: int, clamped: bool = False) -> int:
    """A combat action's final speed from a cast's outcome (final_speed)."""
    return final_speed(base_speed, outcome.future, clamped)
