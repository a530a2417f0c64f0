"""Exact odds, side by side with icepool. Each benchmark also checks that both answers are identical."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import icepool

from harness import Timing, per_call, per_call_pair, seconds
from peers import clear_icepool_caches, exact_icepool, exact_runehall
from runehall.chance.dice import CountPool
from runehall.chance.dist import Dist
from runehall.chance.draws import BagDraw, Token, longest_run_dist
from runehall.notation.parser import parse

TRAITS = ("fisico", "mental", "espiritual")
RUNE_BAG = tuple(Token(f"r{i}", TRAITS[i % 3]) for i in range(24))  # 8 runes of each trait


@dataclass(frozen=True)
class OddsRow:
    TABLE: ClassVar[str] = "Exact odds"
    HEADERS: ClassVar[tuple[str, ...]] = (
        "Question",
        "Kind",
        "Runehall",
        "icepool (caches emptied)",
        "icepool (warm cache)",
        "Ratio icepool/Runehall",
        "Answers",
    )

    question: str
    kind: str  # "notation" (generic dice notation) or "API" (a purpose-built Runehall function)
    runehall_code: str
    icepool_code: str
    runehall: Timing[Any]
    icepool_fresh: Timing[Any]
    icepool_warm: Timing[Any]
    outcomes: int

    @property
    def ratio(self) -> float:
        return self.icepool_fresh.best / self.runehall.best

    def cells(self) -> tuple[str, ...]:
        return (
            self.question,
            self.kind,
            seconds(self.runehall.best),
            seconds(self.icepool_fresh.best),
            seconds(self.icepool_warm.best),
            f"{self.ratio:.2f}×",
            f"identical ({self.outcomes} outcomes)",
        )

    def detail(self) -> str:
        return f"{self.question}: Runehall `{self.runehall_code}`; icepool `{self.icepool_code}`"


def compare(
    question: str,
    kind: str,
    runehall_code: str,
    runehall: Callable[[], Dist[Any]],
    icepool_code: str,
    peer: Callable[[], icepool.Die[Any]],
) -> OddsRow:
    """Time both answers and insist that they are the same outcomes with the same exact probabilities."""
    ours, fresh = per_call_pair(runehall, peer, reset_theirs=clear_icepool_caches)
    warm = per_call(peer)
    expected = exact_runehall(ours.result)
    for label, timing in (("fresh", fresh), ("warm", warm)):
        theirs = exact_icepool(timing.result)
        if theirs != expected:
            raise AssertionError(f"{question}: Runehall {expected} != icepool ({label}) {theirs}")
    if sum(expected.values()) != 1:
        raise AssertionError(f"{question}: probabilities sum to {sum(expected.values())}")
    return OddsRow(question, kind, runehall_code, icepool_code, ours, fresh, warm, len(expected))


def sum_3d6() -> OddsRow:
    return compare(
        "3d6 sum",
        "notation",
        'parse("3d6").dist()',
        lambda: parse("3d6").dist(),
        "3 @ icepool.d6",
        lambda: 3 @ icepool.d6,
    )


def count_8d8() -> OddsRow:
    return compare(
        "8d8 count ≥ 6",
        "API",
        'CountPool(8, 8, ("low", "high"), lambda f: int(f >= 6)).dist().map(lambda k: k[1])',
        lambda: CountPool(8, 8, ("low", "high"), lambda f: int(f >= 6)).dist().map(lambda k: k[1]),
        "8 @ (icepool.d8 >= 6)",
        lambda: 8 @ (icepool.d8 >= 6),
    )


def exploding_keep() -> OddsRow:
    return compare(
        "10d10 exploding, keep 5",
        "notation",
        'parse("10d10!k5").dist()',
        lambda: parse("10d10!k5").dist(),
        "icepool.d10.explode().pool(10).highest(5).sum()",
        lambda: icepool.d10.explode().pool(10).highest(5).sum(),
    )


def best_straight() -> OddsRow:
    return compare(
        "5 cards from 52: longest straight",
        "API",
        'longest_run_dist(5, ace="high")',
        lambda: longest_run_dist(5, ace="high"),
        "icepool.Deck(range(13), times=4).deal(5).largest_straight()",
        lambda: icepool.Deck(range(13), times=4).deal(5).largest_straight(),
    )


def _trait_counts(hand: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(hand.count(t) for t in TRAITS)


def rune_bag() -> OddsRow:
    return compare(
        "4 runes from a bag of 24, by trait",
        "API",
        "BagDraw(bag, 4, TRAITS).dist()",
        lambda: BagDraw(RUNE_BAG, 4, TRAITS).dist(),
        "icepool.Deck({t: 8 for t in TRAITS}).deal(4).expand().map(trait_counts)",
        lambda: icepool.Deck(dict.fromkeys(TRAITS, 8)).deal(4).expand().map(_trait_counts),
    )
