"""Bags and decks: hypergeometric odds against enumeration of every draw, and the spec's card tables."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from brute import as_fractions, brute_dist
from runehall.chance.draws import (
    BagDraw,
    Deal,
    LongestRunDeal,
    Token,
    longest_run,
    longest_run_dist,
    standard_deck,
)
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, ParameterError

TRAITS = ("fisico", "mental", "espiritual")


def bag(sizes: tuple[int, int, int]) -> tuple[Token, ...]:
    return tuple(Token(f"{t}{i}", t) for t, n in zip(TRAITS, sizes, strict=True) for i in range(n))


@pytest.mark.parametrize("sizes,n", [((2, 2, 2), 3), ((3, 1, 2), 4), ((4, 0, 3), 2), ((1, 1, 1), 3), ((2, 2, 1), 0)])
def test_bag_draw_matches_enumeration(sizes: tuple[int, int, int], n: int) -> None:
    draw = BagDraw(bag(sizes), n, TRAITS)
    assert as_fractions(draw.dist()) == brute_dist(draw)


def test_bag_draw_refuses_impossible_draws() -> None:
    with pytest.raises(ParameterError):
        BagDraw(bag((1, 1, 1)), 4, TRAITS)
    with pytest.raises(ParameterError):
        BagDraw((Token("x", "other"),), 1, TRAITS)


def test_manual_draw_refuses_a_rune_drawn_twice() -> None:
    draw = BagDraw(bag((2, 2, 2)), 2, TRAITS)
    assert draw.key(draw.sample(ManualSource(["fisico0", "mental1"]))) == (1, 1, 0)
    with pytest.raises(ManualResultError, match="not in the bag"):
        draw.sample(ManualSource(["fisico0", "fisico0"]))


def test_deck_order_and_labels() -> None:
    deck = standard_deck(jokers=2)
    assert len(deck) == 54
    assert len({c.label for c in deck}) == 54
    ordered = sorted(deck)
    assert [c.label for c in ordered[:4]] == ["2S", "2C", "2H", "2D"]  # spades < clubs < hearts < diamonds
    assert ordered[-3].label == "AD" and ordered[-1].label == "JK2"


def test_a_card_cannot_be_dealt_twice_by_hand() -> None:
    with pytest.raises(ManualResultError, match="'as' is not in the deck"):
        Deal(2).sample(ManualSource(["AS", "as"]))


def test_suit_counts_match_enumeration_on_a_small_deck() -> None:
    small = tuple(c for c in standard_deck() if c.rank <= 4)  # 12 cards
    deal = Deal(3, small)
    assert as_fractions(deal.dist()) == brute_dist(deal)


@pytest.mark.parametrize("ace", ["high", "low", "both"])
@pytest.mark.parametrize("hand", [1, 2, 3])
def test_longest_run_dist_matches_enumeration(ace: str, hand: int) -> None:
    counted: dict[int, int] = {}
    for cards in itertools.combinations(standard_deck(), hand):
        k = longest_run([c.rank for c in cards], ace)  # type: ignore[arg-type]
        counted[k] = counted.get(k, 0) + 1
    expected = {k: Fraction(v, comb(52, hand)) for k, v in counted.items()}
    assert as_fractions(longest_run_dist(hand, ace)) == expected  # type: ignore[arg-type]


def test_longest_run_five_cards_matches_spec_002_table() -> None:
    # Spec 002 §5.3: hands by longest run, aces both ways, out of C(52,5) = 2,598,960.
    d = longest_run_dist(5, "both")
    assert d.total == 2_598_960
    assert {k: d.weight(k) for k in d.outcomes()} == {1: 473_720, 2: 1_499_768, 3: 517_440, 4: 97_792, 5: 10_240}
    one_way = longest_run_dist(5, "high")
    assert one_way.probability_where(lambda k: k >= 2) == Fraction(8503, 10829)
    assert one_way.probability_where(lambda k: k >= 5) == Fraction(192, 54145)


def test_longest_run_deal_rolls_a_hand() -> None:
    deal = LongestRunDeal(5)
    hand = deal.sample(SeededSource(9))
    assert len(set(hand)) == 5
    assert 1 <= deal.key(hand) <= 5


def test_longest_run_handles_aces() -> None:
    assert longest_run([14, 2, 3], "both") == 3
    assert longest_run([14, 2, 3], "high") == 2
    assert longest_run([12, 13, 14], "low") == 2
    assert longest_run([12, 13, 14], "both") == 3
