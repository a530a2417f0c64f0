"""The staged sum of a cast's odds (cast_odds) against plain enumeration of every count vector, under
every setting of the options that change a cast (CastRules)."""

from __future__ import annotations

from collections.abc import Iterator
from math import factorial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runehall.systems import registry
from runehall.systems.midgard.cast import (
    DEFAULT_RULES,
    FACE_CATEGORY,
    CastOutcome,
    CastRules,
    Goal,
    Stones,
    category_weights,
    resolve,
)
from runehall.systems.midgard.cast_odds import CastRoll, cast_weights

SYSTEM = registry.get("midgard")
CATEGORY_FACES = [FACE_CATEGORY.count(i) for i in range(6)]  # 1, 1, 1, 1, 1, 3 of the 8 faces
CAST_RULES = st.builds(
    CastRules,
    face_2=st.sampled_from(["blank", "reroll", "merkstave"]),
    future_cap_all_sources=st.booleans(),
    future_on_failure=st.sampled_from(["ignored", "applies"]),
    merkstave_policy=st.sampled_from(["margin_speed_next_attack", "ask_gm"]),
    speed_clamped=st.booleans(),
)


def count_vectors(dice: int, categories: int = 6) -> Iterator[tuple[int, ...]]:
    """Every way of counting `dice` dice into `categories` categories."""
    if categories == 1:
        yield (dice,)
        return
    for k in range(dice + 1):
        for rest in count_vectors(dice - k, categories - 1):
            yield (k, *rest)


def test_category_weights() -> None:
    assert category_weights() == tuple(CATEGORY_FACES) == (1, 1, 1, 1, 1, 3)
    assert category_weights("merkstave") == (2, 0, 1, 1, 1, 3)
    assert category_weights("reroll") == (1, 0, 1, 1, 1, 3)  # out of 7


def plain(
    dice: int,
    stones: Stones,
    difficulty: int,
    goal: Goal,
    simple: bool,
    instant: bool,
    rules: CastRules = DEFAULT_RULES,
) -> dict[CastOutcome, int]:
    """Every count vector (M, blank, P, F, O, C) of `dice` d8, its multinomial weight, and resolve()."""
    out: dict[CastOutcome, int] = {}
    for counts in count_vectors(dice):
        weight = factorial(dice)
        for k, faces in zip(counts, category_weights(rules.face_2), strict=True):
            weight = weight // factorial(k) * faces**k
        if weight:
            o = resolve(counts, stones, difficulty, goal, simple, instant, rules)
            out[o] = out.get(o, 0) + weight
    return out


RULE: dict[str, st.SearchStrategy[Any]] = {
    "stones": st.builds(
        Stones,
        skill=st.integers(0, 5),
        past=st.integers(0, 4),
        outcome=st.integers(0, 4),
        future=st.integers(0, 6),
        merkstave=st.integers(0, 6),
    ),
    "difficulty": st.integers(0, 10),
    "goal": st.sampled_from(["margin", "speed", "succeed"]),
    "simple": st.booleans(),
    "instant": st.booleans(),
}
rules = st.fixed_dictionaries(RULE)
rules_with_options = st.fixed_dictionaries({**RULE, "rules": CAST_RULES})


def face_count(rule: dict[str, object]) -> int:
    """8 faces, or 7 when a 2 is rolled again."""
    r = rule.get("rules", DEFAULT_RULES)
    return sum(category_weights(r.face_2))  # type: ignore[attr-defined]


@settings(max_examples=400, deadline=None)
@given(dice=st.integers(0, 6), rule=rules)
def test_staged_sum_is_the_plain_enumeration(dice: int, rule: dict[str, object]) -> None:
    weights = cast_weights(dice, **rule)  # type: ignore[arg-type]
    assert all(w > 0 for w in weights.values())
    assert sum(weights.values()) == 8**dice
    assert {CastOutcome(*o): w for o, w in weights.items()} == plain(dice, **rule)  # type: ignore[arg-type]


@settings(max_examples=600, deadline=None)
@given(dice=st.integers(0, 6), rule=rules_with_options)
def test_staged_sum_is_the_plain_enumeration_under_the_options(dice: int, rule: dict[str, object]) -> None:
    weights = cast_weights(dice, **rule)  # type: ignore[arg-type]
    assert all(w > 0 for w in weights.values())
    assert sum(weights.values()) == face_count(rule) ** dice
    assert {CastOutcome(*o): w for o, w in weights.items()} == plain(dice, **rule)  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None)
@given(dice=st.integers(0, 10), rule=rules_with_options)
def test_cast_roll_dist_is_the_rule_mapped_over_the_pool(dice: int, rule: dict[str, object]) -> None:
    roll = CastRoll(dice, **rule)  # type: ignore[arg-type]
    fast, slow = roll.dist(), roll.enumerated()
    assert fast.weights() == slow.weights() and fast.total == slow.total == face_count(rule) ** dice


@pytest.mark.parametrize(
    "rules",
    [
        DEFAULT_RULES,
        CastRules(face_2="merkstave", future_cap_all_sources=False, future_on_failure="applies"),
        CastRules(face_2="reroll", merkstave_policy="ask_gm"),
    ],
)
def test_a_large_pool(rules: CastRules) -> None:
    roll = CastRoll(14, Stones(skill=3, past=1, future=2, merkstave=2), 9, "speed", False, False, rules)
    assert roll.dist().weights() == roll.enumerated().weights()


@settings(max_examples=40, deadline=None)
@given(
    rune=st.integers(0, 5),
    skill=st.integers(0, 3),
    wound=st.integers(0, 4),
    difficulty=st.integers(0, 7),
    goal=st.sampled_from(["margin", "speed", "succeed"]),
    extra=st.sampled_from(
        [{}, {"time": "short"}, {"speed": 4}, {"speed": 2, "future_bonus": 3}, {"instant": True}, {"simple": True}]
    ),
    options=st.fixed_dictionaries(
        {},
        optional={
            "face_2": st.sampled_from(["blank", "reroll", "merkstave"]),
            "future_cap_all_sources": st.booleans(),
            "future_on_failure": st.sampled_from(["ignored", "applies"]),
            "merkstave_policy": st.sampled_from(["margin_speed_next_attack", "ask_gm"]),
            "speed_clamped": st.booleans(),
        },
    ),
)
def test_mechanic_odds_are_the_result_of_every_count_vector(
    rune: int,
    skill: int,
    wound: int,
    difficulty: int,
    goal: str,
    extra: dict[str, object],
    options: dict[str, object],
) -> None:
    """The cast mechanic's odds, view by view, against resolve() on every count vector of its pool."""
    mechanic = SYSTEM.mechanic("cast")
    params = mechanic.parse_params(
        {"rune": rune, "skill": skill, "wound_merkstave": wound, "difficulty": difficulty, "goal": goal, **extra}
    )
    table = SYSTEM.options(options)
    odds = mechanic.odds(params, table)
    rules = CastRules.of(table)
    rule = params.stones(), params.difficulty, params.goal, params.simple, params.instant, rules
    expected = plain(params.dice, *rule)
    finish = mechanic.resolver(params, table)
    total = sum(category_weights(rules.face_2)) ** params.dice
    by_result: dict[object, int] = {}
    for o, w in expected.items():
        r = finish(o)
        by_result[r] = by_result.get(r, 0) + w
    assert {r: p * total for r, p in odds.outcomes.items()} == by_result
    for name, view in mechanic.views().items():
        projected: dict[object, int] = {}
        for r, w in by_result.items():
            projected[view(r)] = projected.get(view(r), 0) + w
        assert {v: p * total for v, p in odds.views[name].items()} == projected
