"""Dice primitives: exact odds equal brute-force enumeration; every distribution sums to exactly 1."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import as_fractions, brute_dist
from runehall.chance import poly
from runehall.chance.dice import CountPool, Die, ExplodingDie, Keep, Pool, StressDie, kept_mask
from runehall.chance.dist import Dist
from runehall.chance.seeded import SeededSource


def test_die_is_uniform() -> None:
    d = Die(6).dist()
    assert d.items() == [(f, Fraction(1, 6)) for f in range(1, 7)]


@pytest.mark.parametrize("sides,depth", [(2, 0), (2, 3), (3, 2), (6, 1), (4, 4)])
def test_exploding_die_matches_enumeration(sides: int, depth: int) -> None:
    die = ExplodingDie(sides, depth)
    assert as_fractions(die.dist()) == brute_dist(die)
    assert die.dist().truncation is not None
    assert die.dist().truncation.mass == Fraction(1, sides ** (depth + 1))


@pytest.mark.parametrize(
    "die,n,keep",
    [
        (Die(6), 4, Keep("highest", 3)),
        (Die(6), 4, Keep("lowest", 1)),
        (Die(4), 5, Keep("highest", 2)),
        (Die(3), 3, None),
        (ExplodingDie(3, 2), 3, Keep("highest", 2)),
        (ExplodingDie(4, 1), 2, Keep("lowest", 1)),
    ],
)
def test_pool_matches_enumeration(die: Die | ExplodingDie, n: int, keep: Keep | None) -> None:
    pool = Pool(die, n, keep)
    assert as_fractions(pool.dist()) == brute_dist(pool)


@settings(max_examples=60, deadline=None)
@given(
    weights=st.dictionaries(st.integers(-5, 8), st.integers(1, 4), min_size=1, max_size=5),
    n=st.integers(1, 4),
    data=st.data(),
)
def test_keep_highest_equals_sorting_every_combination(weights: dict[int, int], n: int, data: st.DataObject) -> None:
    keep = data.draw(st.integers(0, n))
    expected: Counter[int] = Counter()
    for faces in itertools.product(weights, repeat=n):
        w = 1
        for f in faces:
            w *= weights[f]
        expected[sum(sorted(faces, reverse=True)[:keep])] += w
    assert poly.keep_highest_sum(weights, n, keep) == dict(expected)


@settings(max_examples=60, deadline=None)
@given(
    a=st.dictionaries(st.integers(-20, 20), st.integers(1, 10**6), min_size=1, max_size=6),
    b=st.dictionaries(st.integers(-20, 20), st.integers(1, 10**6), min_size=1, max_size=6),
)
def test_packed_product_equals_schoolbook(a: dict[int, int], b: dict[int, int]) -> None:
    expected: Counter[int] = Counter()
    for ka, wa in a.items():
        for kb, wb in b.items():
            expected[ka + kb] += wa * wb
    assert poly.multiply(a, b) == dict(expected)


def test_count_pool_is_binomial() -> None:
    pool = CountPool(8, 3, ("low", "high"), lambda f: int(f >= 6))
    assert as_fractions(pool.dist()) == brute_dist(pool)
    assert pool.dist().probability((0, 3)) == Fraction(3, 8) ** 3


def test_kept_mask_prefers_earlier_die_on_ties() -> None:
    assert kept_mask([3, 5, 3, 1], Keep("highest", 2)) == (True, True, False, False)
    assert kept_mask([3, 5, 3, 1], Keep("lowest", 2)) == (True, False, False, True)


# -- Rune's stress die (spec 001a §2.1, §2.7) ---------------------------------------------------------
@pytest.mark.parametrize("botch", [True, False])
def test_stress_die_truncated_dist_matches_enumeration(botch: bool) -> None:
    die = StressDie(botch=botch, depth=2, cap=2)
    assert as_fractions(die.dist()) == brute_dist(die)


def test_stress_die_never_shows_impossible_results() -> None:
    d = StressDie(depth=4).dist()
    for impossible in (0, 1, 10, 20, 30, -10, -20):
        assert d.probability(impossible) == 0
    assert d.probability(5) == Fraction(1, 10)
    assert d.probability(13) == Fraction(1, 100)  # a 10 then a 3
    assert d.probability(-3) == Fraction(1, 100)  # a 1 then a 3
    assert d.probability(23) == Fraction(1, 1000)


def test_stress_die_mean_is_5_4_in_the_limit() -> None:
    d = StressDie(depth=30).dist()
    assert abs(d.mean() - Fraction(27, 5)) < Fraction(1, 10**25)


@pytest.mark.parametrize("botch", [True, False])
@pytest.mark.parametrize("target", [-35, -21, -20, -11, -10, -9, -1, 0, 1, 2, 5, 9, 10, 11, 19, 20, 21, 29, 31, 47])
def test_stress_at_least_closed_form_agrees_with_the_series(botch: bool, target: int) -> None:
    # With 12 extra dice the cut only touches results beyond +-110, so below that the sums are exact.
    d = StressDie(botch=botch, depth=12).dist()
    assert StressDie(botch=botch).at_least(target) == d.probability_where(lambda r: r >= target)


def test_stress_die_quality_roll_counts_a_one() -> None:
    die = StressDie(botch=False)
    assert die.key((1,)) == 1
    assert StressDie().key((1, 10, 4)) == -14
    assert StressDie().key((10, 10, 1)) == 21


@pytest.mark.parametrize("chance", [Die(20), ExplodingDie(6), Pool(Die(6), 4, Keep("highest", 3)), StressDie()])
def test_every_distribution_sums_to_exactly_one(chance: Die | ExplodingDie | Pool | StressDie) -> None:
    assert sum(p for _, p in chance.dist().items()) == 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_sampled_values_are_in_the_support(seed: int) -> None:
    src = SeededSource(seed)
    pool = Pool(ExplodingDie(6, 3), 5, Keep("highest", 3))
    support = pool.dist()
    roll = pool.sample(src)
    assert support.probability(pool.key(roll)) > 0
    assert len(src.tape) == sum(len(d) for d in roll.dice)


def test_dist_equality_is_as_probabilities() -> None:
    assert Dist({1: 2, 2: 2}) == Dist({1: 1, 2: 1})
    assert Dist({1: 2, 2: 1}) != Dist({1: 1, 2: 1})
    with pytest.raises(ValueError):
        Dist({})
