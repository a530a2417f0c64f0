"""Draws without replacement: a bag of tokens (runes) and a 52-card deck.

The exact odds of a draw are about categories (runes per trait, cards per suit, the longest run of
ranks), computed by counting combinations: the multivariate hypergeometric law, or a walk over ranks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Literal

from runehall.chance.chance import Chance
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.errors import N_, ParameterError


@dataclass(frozen=True, slots=True)
class Token:
    """One thing in a bag: a label people recognise (a rune name) and the category the odds count."""

    label: str
    category: str
    aliases: tuple[str, ...] = ()  # other names a person may type when drawing it by hand


def draw_from(items: Sequence[Token], n: int, source: Source, what: str) -> tuple[Token, ...]:
    """Draw n items one by one without replacement."""
    if not 0 <= n <= len(items):
        raise ParameterError(N_("cannot draw {n} from a {what} of {n_items}"), n=n, what=what, n_items=len(items))
    remaining = list(items)
    drawn = []
    for _ in range(n):
        index = source.choose([t.label for t in remaining], what, [t.aliases for t in remaining])
        drawn.append(remaining.pop(index))
    return tuple(drawn)


def hypergeometric_counts(sizes: Sequence[int], n: int) -> Dist[tuple[int, ...]]:
    """How many of n items drawn without replacement come from each group of the given sizes.

    Every count vector c with sum n has weight prod C(size_i, c_i) out of C(total, n). The last group's
    count is forced by the others, so only the first k - 1 counts are enumerated.
    """
    if not 0 <= n <= sum(sizes):
        raise ParameterError(N_("cannot draw {n} from {value} items"), n=n, value=sum(sizes))
    if not sizes:
        return Dist({(): 1})
    # Build count vectors group by group, keeping only prefixes the later groups can still complete.
    room_after = [sum(sizes[i + 1 :]) for i in range(len(sizes))]
    level: list[tuple[tuple[int, ...], int, int]] = [((), 1, n)]  # (prefix, weight, still to draw)
    for i, size in enumerate(sizes[:-1]):
        ways = [comb(size, c) for c in range(min(size, n) + 1)]
        level = [
            ((*prefix, c), weight * ways[c], left - c)
            for prefix, weight, left in level
            for c in range(max(0, left - room_after[i]), min(size, left) + 1)
        ]
    last = sizes[-1]
    # Every weight is a product of binomials C(size, c) with c <= size, so none is zero.
    return Dist.positive({(*prefix, left): weight * comb(last, left) for prefix, weight, left in level})


@dataclass(frozen=True, slots=True)
class BagDraw(Chance[tuple[Token, ...], tuple[int, ...]]):
    """Draw `count` tokens from a bag; the odds are about how many of each category were drawn.

    `categories` fixes the order of the key; a token whose category is not listed is an error.
    """

    bag: tuple[Token, ...]
    count: int
    categories: tuple[str, ...]
    what: str = "bag"

    def __post_init__(self) -> None:
        unknown = {t.category for t in self.bag}.difference(self.categories)
        if unknown:
            raise ParameterError(
                N_("tokens of unknown categories in the {what}: {value}"), what=self.what, value=sorted(unknown)
            )
        if not 0 <= self.count <= len(self.bag):
            raise ParameterError(
                N_("cannot draw {count} from a {what} of {n_bag}"),
                count=self.count,
                what=self.what,
                n_bag=len(self.bag),
            )

    def sample(self, source: Source) -> tuple[Token, ...]:
        return draw_from(self.bag, self.count, source, self.what)

    def key(self, detail: tuple[Token, ...]) -> tuple[int, ...]:
        return tuple(sum(1 for t in detail if t.category == c) for c in self.categories)

    def dist(self) -> Dist[tuple[int, ...]]:
        per_category = Counter(t.category for t in self.bag)
        return hypergeometric_counts([per_category[c] for c in self.categories], self.count)

    def describe(self) -> str:
        return f"{self.count} from a {self.what} of {len(self.bag)}"


# -- cards ---------------------------------------------------------------------------------------------
SUITS = "SCHD"  # spec 002 §0: suit order for ties, spades < clubs < hearts < diamonds
SUIT_GLYPHS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦", "*": "🃏"}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
JOKER_RANK = 15


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card ordered by rank (2..14, ace high) then suit; jokers rank above every other card."""

    rank: int
    suit_order: int
    suit: str

    @property
    def label(self) -> str:
        if self.rank == JOKER_RANK:
            return f"JK{self.suit_order + 1}"
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit}"

    @property
    def glyph(self) -> str:
        if self.rank == JOKER_RANK:
            return "🃏"
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{SUIT_GLYPHS[self.suit]}"

    @property
    def is_face(self) -> bool:
        return 11 <= self.rank <= 13

    @property
    def is_red(self) -> bool:
        return self.suit in "HD"


def standard_deck(jokers: int = 0) -> tuple[Card, ...]:
    if not 0 <= jokers <= 2:
        raise ParameterError(N_("a deck has 0, 1 or 2 jokers, not {jokers}"), jokers=jokers)
    cards = [Card(r, i, s) for r in range(2, 15) for i, s in enumerate(SUITS)]
    cards += [Card(JOKER_RANK, j, "*") for j in range(jokers)]
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Deal(Chance[tuple[Card, ...], tuple[int, ...]]):
    """Deal `count` cards from a shuffled deck; the odds are about how many cards of each suit."""

    count: int
    deck: tuple[Card, ...] = standard_deck()

    def sample(self, source: Source) -> tuple[Card, ...]:
        if not 0 <= self.count <= len(self.deck):
            raise ParameterError(
                N_("cannot deal {count} cards from a deck of {n_deck}"), count=self.count, n_deck=len(self.deck)
            )
        remaining = list(self.deck)
        hand = []
        for _ in range(self.count):
            index = source.choose([c.label for c in remaining], "deck")
            hand.append(remaining.pop(index))
        return tuple(hand)

    def key(self, detail: tuple[Card, ...]) -> tuple[int, ...]:
        return tuple(sum(1 for c in detail if c.suit == s) for s in SUITS)

    def dist(self) -> Dist[tuple[int, ...]]:
        return hypergeometric_counts([sum(1 for c in self.deck if c.suit == s) for s in SUITS], self.count)


AceMode = Literal["high", "low", "both"]


def longest_run(ranks: Sequence[int], ace: AceMode = "both") -> int:
    """Length of the longest run of consecutive ranks among the cards (jokers ignored)."""
    present = {r for r in ranks if r != JOKER_RANK}
    if 14 in present and ace in ("low", "both"):
        present.add(1)
        if ace == "low":
            present.discard(14)
    best = run = 0
    for r in range(1, 15):
        run = run + 1 if r in present else 0
        best = max(best, run)
    return best


def longest_run_dist(hand: int, ace: AceMode = "both", copies: int = 4) -> Dist[int]:
    """Exact distribution of the longest run of ranks in `hand` cards dealt from 13 ranks x `copies`.

    A walk over the ranks in order, choosing how many copies of each are in the hand (C(copies, c) ways),
    tracks (cards so far, current run, best run). With aces both ways the ace is decided first and counted
    again after the king.
    """
    if not 0 <= hand <= 13 * copies:
        raise ParameterError(N_("cannot deal {hand} cards from {value}"), hand=hand, value=13 * copies)
    order = list(range(2, 14))
    out: dict[int, int] = {}
    ace_choices = range(min(copies, hand) + 1)
    for ace_count in ace_choices:
        states: dict[tuple[int, int, int], int] = {}
        low = ace_count > 0 and ace in ("low", "both")
        states[(ace_count, int(low), int(low))] = comb(copies, ace_count)
        for _ in order:
            nxt: dict[tuple[int, int, int], int] = {}
            for (cards, run, best), w in states.items():
                for c in range(min(copies, hand - cards) + 1):
                    r = run + 1 if c else 0
                    key = (cards + c, r, max(best, r))
                    nxt[key] = nxt.get(key, 0) + w * comb(copies, c)
            states = nxt
        high = ace_count > 0 and ace in ("high", "both")
        for (cards, run, best), w in states.items():
            if cards != hand:
                continue
            final = max(best, run + 1) if high else best
            out[final] = out.get(final, 0) + w
    return Dist(out)


@dataclass(frozen=True, slots=True)
class LongestRunDeal(Chance[tuple[Card, ...], int]):
    """Deal `count` cards from a standard deck; the odds are about the longest run of ranks."""

    count: int
    ace: AceMode = "both"

    def sample(self, source: Source) -> tuple[Card, ...]:
        return Deal(self.count).sample(source)

    def key(self, detail: tuple[Card, ...]) -> int:
        return longest_run([c.rank for c in detail], self.ace)

    def dist(self) -> Dist[int]:
        return longest_run_dist(self.count, self.ace)


def categorised_bag(labels: Sequence[str], category: Callable[[str], str]) -> tuple[Token, ...]:
    return tuple(Token(label, category(label)) for label in labels)
