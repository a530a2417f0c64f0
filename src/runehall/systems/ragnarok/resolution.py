"""Skill tests and opposed tests: the arithmetic of spec 000 §6.4, §7 and §8, free of any randomness.

R = D - L - P - K, with D the difficulty after the skill's inherent modifier, L the skill level, P the
automatic successes of Divine Potency and K the matching runes in hand after transformations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from runehall.errors import Invalid
from runehall.present.words import N_
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
    counts = hand_counts(drawn, void_trait if void_can_transform else None)
    lone_void = not void_can_transform and void_trait == required
    if not transform:
        return counts[i] + lone_void
    a, b, c = counts
    return counts[i] + (a // 2 + b // 2 + c // 2 - counts[i] // 2) + lone_void


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


def apply_transformations(
    drawn: Sequence[int],
    void_trait: Trait | None,
    plan: Sequence[tuple[Trait, Trait]],
    void_can_transform: bool,
) -> tuple[int, int, int]:
    """Hand trait counts after a fixed plan of transformations (source trait -> target trait, two for one).

    Raises ValueError when the hand cannot pay for a step; a locked Void rune cannot be a source.
    """
    counts = list(hand_counts(drawn, void_trait))
    spendable = list(hand_counts(drawn, void_trait if void_can_transform else None))
    for source, target in plan:
        if source == target:
            raise Invalid(N_("a transformation must change the trait"))
        i, j = TRAITS.index(source), TRAITS.index(target)
        if spendable[i] < 2:
            raise Invalid(N_("the hand has fewer than two {source} runes to transform"), source=source)
        counts[i] -= 2
        spendable[i] -= 2
        counts[j] += 1
        spendable[j] += 1
    return counts[0], counts[1], counts[2]
