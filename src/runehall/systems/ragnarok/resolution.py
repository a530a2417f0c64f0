"""Skill tests and opposed tests: the arithmetic of spec 000 §6.4, §7 and §8, free of any randomness.

R = D - L - P - K, with D the difficulty after the skill's inherent modifier, L the skill level, P the
automatic successes of Divine Potency and K the matching runes in hand after transformations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from runehall.systems.ragnarok.rules import TRAITS, Trait

Tier = Literal["exito", "exito_parcial", "exito_minimo", "fallo"]
TIER_CODE: dict[Tier, str] = {
    "exito": "SUCCESS",
    "exito_parcial": "PARTIAL",
    "exito_minimo": "MINIMAL",
    "fallo": "FAILURE",
}


class TestOutcome(NamedTuple):
    remaining: int  # R: zero or below is a success; first, so outcomes sort best first
    tier: Tier
    extra_successes: int


class OpposedOutcome(NamedTuple):
    result: Literal["a", "b", "tie"]
    a_successes: int
    b_successes: int


def hand_counts(drawn: Sequence[int], void_trait: Trait | None) -> tuple[int, int, int]:
    """Trait counts of the hand: the drawn runes plus the Void rune, if it is in hand and has a trait."""
    f, m, e = drawn
    return (f + (void_trait == "F"), m + (void_trait == "M"), e + (void_trait == "E"))


def matching_runes(
    drawn: Sequence[int], void_trait: Trait | None, required: Trait, transform: bool, void_can_transform: bool
) -> int:
    """K: runes of the required trait in hand, with the best transformations if `transform`.

    Two runes of one trait become one of another, so each pair of a non-required trait is worth one
    more match: K_max = t + floor(x / 2) + floor(y / 2) (spec §6.4, proved there by exhaustive search).
    A Void rune that may not be transformed counts only if its own trait is the required one.
    """
    i = TRAITS.index(required)
    counts = list(hand_counts(drawn, void_trait if void_can_transform else None))
    lone_void = not void_can_transform and void_trait == required
    if not transform:
        return counts[i] + lone_void
    others = sum(counts[j] // 2 for j in range(3) if j != i)
    return counts[i] + others + lone_void


def tier_of(remaining: int) -> TestOutcome:
    if remaining <= 0:
        return TestOutcome(remaining, "exito", -remaining)
    if remaining == 1:
        return TestOutcome(remaining, "exito_parcial", 0)
    if remaining == 2:
        return TestOutcome(remaining, "exito_minimo", 0)
    return TestOutcome(remaining, "fallo", 0)


def resolve_test(difficulty: int, skill_level: int, divine: int, matching: int) -> TestOutcome:
    """The tier and extra successes of a test whose difficulty already includes the inherent modifier."""
    return tier_of(difficulty - skill_level - divine - matching)


def opposed(successes: Sequence[int]) -> int | None:
    """The index of the side with the most successes, or None for a tie at the top (A-09: the norn decides)."""
    best = max(successes)
    leaders = [i for i, s in enumerate(successes) if s == best]
    return leaders[0] if len(leaders) == 1 else None
