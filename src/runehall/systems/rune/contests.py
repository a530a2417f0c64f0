"""Contests of three or more (spec 001a §2.5, A3): everyone rolls the stress die, the highest total wins, and a
tie at the top is settled by option multi_contest_ties. One Chance rolls it and gives its exact odds.

The odds are exact although every die is unbounded both ways. Write a side's total as v = bonus + R. Away
from the bonuses the stress die is self-similar: P(R = x + 10) = P(R = x) / 10 for x >= 10 and
P(R = x - 10) = P(R = x) / 10 for x <= 0, and so are P(R >= x) above and P(R <= x) below. One round's answer
is a sum over the top total v of a product with one factor per side: P(this side shows v) for the sides at
the top, P(this side is below v) (or at most v) for the rest. Beyond a window around the bonuses each factor,
followed from one block of ten values to the next, is a constant plus a term that shrinks tenfold, so the
product is a polynomial in 1/10 per block: a sum of geometric series, each summed exactly. Rerolls are the
same round among fewer sides; a tie of every side still rolling repeats the round, which divides by
1 - P(that tie). Nothing is cut off, so the win probabilities are exact Fractions that sum to exactly 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import lcm
from typing import Literal, NamedTuple

from runehall.chance.chance import Chance
from runehall.chance.dice import StressDie
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.stress import at_least, exactly

Rule = Literal["two_party_rules", "reroll_all_tied"]
Tie = Literal["none", "hero_wins", "reroll"]
MAX_ROUNDS = 100
PERIOD = 10  # the stress die repeats itself, a tenth as likely, every ten results


class Entrant(NamedTuple):
    name: str
    bonus: int  # everything added to the roll
    hero: bool


class SideRoll(NamedTuple):
    """One side's roll in one round: the faces, the stress result, the total and how far it stands from the
    best of the others in that round (positive for a lone leader, 0 for a tie at the top)."""

    side: str
    faces: tuple[int, ...]
    roll: int
    total: int
    margin: int


Round = tuple[SideRoll, ...]


def settle(totals: Sequence[int], heroes: Sequence[bool], rule: Rule) -> tuple[int | None, Tie, tuple[int, ...]]:
    """One round among the sides still rolling (positions in `totals`): (winner, how, ()) or (None, "reroll", the
    positions that roll again). A tie at the top goes, by the two-party rules, to a lone hero over supporting
    characters, else to a reroll among the tied heroes (or the tied supporting characters); with
    reroll_all_tied everyone tied rolls again."""
    top = max(totals)
    tied = tuple(i for i, t in enumerate(totals) if t == top)
    if len(tied) == 1:
        return tied[0], "none", ()
    if rule == "two_party_rules":
        tied_heroes = tuple(i for i in tied if heroes[i])
        if len(tied_heroes) == 1:
            return tied_heroes[0], "hero_wins", ()
        if tied_heroes:
            return None, "reroll", tied_heroes
    return None, "reroll", tied


@dataclass(frozen=True)
class ContestOfMany(Chance[tuple[Round, ...], tuple[str, Tie]]):
    """Every entrant rolls a stress die; ties at the top reroll or go to a hero (`rule`). Key: (winner, tie),
    tie saying how the first round ended. `cap` and `max_rounds` bound a roll (the tests lower them to
    enumerate every tape); dist() is the exact answer for the unbounded process."""

    entrants: tuple[Entrant, ...]
    rule: Rule = "two_party_rules"
    cap: int = 200
    max_rounds: int = MAX_ROUNDS

    def __post_init__(self) -> None:
        if len(self.entrants) < 2 or len({e.name for e in self.entrants}) != len(self.entrants):
            raise RulesError(N_("a contest needs two or more contestants, each named once"))

    def sample(self, source: Source) -> tuple[Round, ...]:
        die = StressDie(cap=self.cap)
        heroes = [e.hero for e in self.entrants]
        rounds: list[Round] = []
        left = tuple(range(len(self.entrants)))
        for _ in range(self.max_rounds):
            rolled = [die.sample(source) for _ in left]
            totals = [die.key(faces) + self.entrants[i].bonus for i, faces in zip(left, rolled, strict=True)]
            rounds.append(
                tuple(
                    SideRoll(self.entrants[i].name, faces, die.key(faces), total, _margin(totals, k))
                    for k, (i, faces, total) in enumerate(zip(left, rolled, totals, strict=True))
                )
            )
            winner, _, again = settle(totals, [heroes[i] for i in left], self.rule)
            if winner is not None:
                return tuple(rounds)
            left = tuple(left[k] for k in again)
        raise RulesError(N_("the contest did not settle in {max_rounds} rounds"), max_rounds=self.max_rounds)

    def key(self, detail: tuple[Round, ...]) -> tuple[str, Tie]:
        hero = {e.name: e.hero for e in self.entrants}
        last = detail[-1]
        winner, tie, _ = settle([s.total for s in last], [hero[s.side] for s in last], self.rule)
        if winner is None:
            raise RulesError(N_("the contest's last round left a tie"))
        return last[winner].side, "reroll" if len(detail) > 1 else tie

    def dist(self) -> Dist[tuple[str, Tie]]:
        low = min(e.bonus for e in self.entrants)  # only the differences matter: one cache entry for all shifts
        bonuses = tuple(e.bonus - low for e in self.entrants)
        found = contest_odds(bonuses, tuple(e.hero for e in self.entrants), self.rule)
        return Dist.from_probabilities({(self.entrants[i].name, tie): p for (i, tie), p in found.items() if p})

    def describe(self) -> str:
        return f"{len(self.entrants)} stress d10"


def _margin(totals: Sequence[int], k: int) -> int:
    return totals[k] - max(t for j, t in enumerate(totals) if j != k)


# -- exact odds -------------------------------------------------------------------------------------------
# A factor of the product, at one total v, as a polynomial: beyond the window, the value at v + 10q is
# sum(c[k] * 10**(-k * q)). Inside the window only c[0] is used. Coefficients are integers over a common
# denominator.
Poly = tuple[int, ...]


def _times(a: Poly, b: Poly) -> Poly:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return tuple(out)


@cache
def _factor(kind: Literal["at", "below", "at_most"], x: int, beyond: int) -> tuple[Fraction, ...]:
    """With x = v - bonus: P(bonus + R = v), P(bonus + R < v) or P(bonus + R <= v). `beyond` is 1 above the
    window (a constant plus a tenfold-shrinking term), -1 below it (a shrinking term only), 0 inside."""
    if kind == "at":
        value = exactly(x)
        return (Fraction(0), value) if beyond else (value,)
    above = at_least(x if kind == "below" else x + 1)  # P(total >= v) or P(total > v)
    if beyond > 0:
        return (Fraction(1), -above)
    return (Fraction(0), 1 - above) if beyond < 0 else (1 - above,)


def round_table(
    group: tuple[int, ...], below: tuple[int, ...] = (), at_most: tuple[int, ...] = ()
) -> tuple[Fraction, ...]:
    """For every set of `group` (a bit mask; index 0 is unused) the probability that exactly they share the top
    total v, the rest of the group are below v, the sides in `below` are below v and those in `at_most` at
    most v. Arguments are bonuses (totals less the die); only their differences matter."""
    low = min(group + below + at_most)
    return _table(tuple(g - low for g in group), tuple(b - low for b in below), tuple(a - low for a in at_most))


@lru_cache(maxsize=8192)  # a contest of 8 may need some hundreds; a table keeps asking about the same few
def _table(group: tuple[int, ...], below: tuple[int, ...], at_most: tuple[int, ...]) -> tuple[Fraction, ...]:
    everyone = group + below + at_most
    lo, hi = min(everyone) - PERIOD, max(everyone) + PERIOD  # outside, every factor repeats tenfold smaller
    cells = [(v, 0) for v in range(lo, hi + 1)]
    cells += [(hi + 1 + r, 1) for r in range(PERIOD)] + [(lo - 1 - r, -1) for r in range(PERIOD)]
    raw = [
        (
            [_factor("at", v - g, side) for g in group],
            [_factor("below", v - g, side) for g in group],
            [_factor("below", v - b, side) for b in below] + [_factor("at_most", v - a, side) for a in at_most],
        )
        for v, side in cells
    ]
    scale = lcm(*(c.denominator for at, under, rest in raw for f in (*at, *under, *rest) for c in f))

    def ints(f: tuple[Fraction, ...]) -> Poly:
        return tuple(c.numerator * (scale // c.denominator) for c in f)

    size = 1 << len(group)
    inside = [0] * size
    tails = [[0] * (len(everyone) + 1) for _ in range(size)]
    for (_, side), (at, under, rest) in zip(cells, raw, strict=True):
        if not side:  # inside the window: plain numbers
            base = 1
            for f in rest:
                base *= ints(f)[0]
            values = [base]
            for on, off in zip(at, under, strict=True):
                yes, no = ints(on)[0], ints(off)[0]
                values = [x * no for x in values] + [x * yes for x in values]
            for mask in range(1, size):
                inside[mask] += values[mask]
            continue
        poly: Poly = (1,)
        for f in rest:
            poly = _times(poly, ints(f))
        products = [poly]
        for on, off in zip(at, under, strict=True):
            yes_p, no_p = ints(on), ints(off)
            products = [_times(p, no_p) for p in products] + [_times(p, yes_p) for p in products]
        for mask in range(1, size):
            assert products[mask][0] == 0, "a tail that does not shrink"  # someone is at v: that shrinks
            row = tails[mask]
            for k, c in enumerate(products[mask]):
                row[k] += c
    denominator = scale ** len(everyone)
    table = [Fraction(0)]
    for mask in range(1, size):
        # the sum over q >= 0 of c * 10**(-k q) is c * 10**k / (10**k - 1)
        series = sum((Fraction(c * PERIOD**k, PERIOD**k - 1) for k, c in enumerate(tails[mask]) if c), Fraction(0))
        table.append((inside[mask] + series) / denominator)
    return tuple(table)


def _members(mask: int, sides: Sequence[int]) -> tuple[int, ...]:
    return tuple(s for bit, s in enumerate(sides) if mask >> bit & 1)


def _round(
    left: tuple[int, ...], bonuses: tuple[int, ...], heroes: tuple[bool, ...], rule: Rule
) -> tuple[dict[int, Fraction], dict[tuple[int, ...], Fraction]]:
    """One round among `left`: the probability each wins it (outright or by a hero's tie) and that each set
    rolls again."""
    parts: list[tuple[tuple[int, ...], tuple[int, ...]]]  # (who may top the round, who must stay below)
    if rule == "reroll_all_tied":
        parts = [(left, ())]
    else:
        hs = tuple(i for i in left if heroes[i])
        ss = tuple(i for i in left if not heroes[i])
        parts = [(hs, ()), (ss, hs)]  # heroes at the top (supporting characters at most as high); or not
    wins: dict[int, Fraction] = {}
    again: dict[tuple[int, ...], Fraction] = {}
    for group, under in parts:
        if not group:
            continue
        at_most = tuple(i for i in left if i not in group and i not in under)
        table = round_table(
            tuple(bonuses[i] for i in group), tuple(bonuses[i] for i in under), tuple(bonuses[i] for i in at_most)
        )
        for mask in range(1, len(table)):
            members = _members(mask, group)
            if len(members) == 1:
                wins[members[0]] = table[mask]
            elif table[mask]:
                again[members] = table[mask]
    return wins, again


@lru_cache(maxsize=1024)
def contest_odds(bonuses: tuple[int, ...], heroes: tuple[bool, ...], rule: Rule) -> dict[tuple[int, Tie], Fraction]:
    """Exact P(winner, how the first round ended) for sides with these bonuses (by position). Cached: do not
    change the dict returned."""
    winners: dict[tuple[int, ...], dict[int, Fraction]] = {}

    def eventual(left: tuple[int, ...]) -> dict[int, Fraction]:
        """Who finally wins when `left` roll (again and again while they all tie)."""
        if left not in winners:
            wins, again = _round(left, bonuses, heroes, rule)
            repeat = again.pop(left, Fraction(0))
            out = dict(wins)
            for sides, p in again.items():
                for i, q in eventual(sides).items():
                    out[i] = out.get(i, Fraction(0)) + p * q
            winners[left] = {i: q / (1 - repeat) for i, q in out.items()}
        return winners[left]

    everyone = tuple(range(len(bonuses)))
    wins, again = _round(everyone, bonuses, heroes, rule)
    found: dict[tuple[int, Tie], Fraction] = {}
    hs = tuple(i for i in everyone if heroes[i])
    if rule == "two_party_rules" and hs:
        ss = tuple(bonuses[i] for i in everyone if not heroes[i])
        clear = round_table(tuple(bonuses[i] for i in hs), ss)  # a hero alone at the top
        for bit, h in enumerate(hs):
            found[h, "none"] = clear[1 << bit]
            found[h, "hero_wins"] = wins[h] - clear[1 << bit]
    for i, p in wins.items():
        found.setdefault((i, "none"), p)
    for sides, p in again.items():
        for i, q in eventual(sides).items():
            found[i, "reroll"] = found.get((i, "reroll"), Fraction(0)) + p * q
    return found
