"""Odds as a decision aid (AnyDice's columns, a VTT's headline): what matters first, the rest a click away.

From a mechanic's exact `Odds`: the system's headline chances; one chart of the view it chooses, with
"exactly / at least / at most" columns when its outcomes are ordered and the rare outcomes folded (under
0.5 %, into "X or less" / "X or more" tails, or "Other"); and every table exact, for the full view.
Everything stays a Fraction here; only the page turns it into a percentage.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from runehall.present.card import Tone
from runehall.present.words import Words

if TYPE_CHECKING:
    from runehall.chance.dist import Dist
    from runehall.systems.base import Mechanic, Odds

FOLD_BELOW = Fraction(1, 200)  # outcomes rarer than 0.5 % are folded in the chart (never in the full table)


@dataclass(frozen=True, slots=True)
class Headline:
    """One chance that decides whether to roll, in words: "Success" 3/5."""

    label: str
    probability: Fraction
    tone: Tone = "neutral"


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    probability: Fraction
    at_least: Fraction | None = None  # this outcome or a better (higher) one; None when unordered
    at_most: Fraction | None = None
    folded: bool = False  # a row standing for several rare outcomes


@dataclass(frozen=True, slots=True)
class Table:
    title: str
    rows: tuple[Bar, ...]


@dataclass(frozen=True, slots=True)
class OddsSummary:
    headline: tuple[Headline, ...]
    chart: Table
    ordered: bool
    mean: Fraction | None
    full: tuple[Table, ...]
    truncation: tuple[int, Fraction] | None  # explosions cut after N dice, and the probability cut


def _ranked(dist: Dist[Any], order: Sequence[Any] | None) -> list[Any] | None:
    """The outcomes from lowest to highest when they have an order (numbers, or a view's stated order,
    which lists the best first); None when they have none."""
    values = dist.outcomes()
    if order is not None:
        return [v for v in reversed(list(order)) if dist.weight(v)] + [v for v in values if v not in order]
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return sorted(values)
    return None


def _rows(dist: Dist[Any], ranked: list[Any] | None, name: Callable[[Any], str]) -> list[Bar]:
    if ranked is None:
        items = sorted(dist.items(), key=lambda item: -item[1])
        return [Bar(name(v), p) for v, p in items]
    probabilities = [dist.probability(v) for v in ranked]
    total, below = Fraction(1), Fraction(0)
    rows = []
    for v, p in zip(ranked, probabilities, strict=True):
        rows.append(Bar(name(v), p, at_least=total - below, at_most=below + p))
        below += p
    return rows


def _fold(rows: list[Bar], ordered: bool, words: Words) -> list[Bar]:
    rare = [r.probability < FOLD_BELOW for r in rows]
    if not ordered:
        if sum(rare) < 2:
            return rows
        kept = [r for r, small in zip(rows, rare, strict=True) if not small]
        other = sum((r.probability for r, small in zip(rows, rare, strict=True) if small), Fraction(0))
        return [*kept, Bar(words("Other"), other, folded=True)]
    low = next((i for i, small in enumerate(rare) if not small), len(rows))
    high = len(rows) - next((i for i, small in enumerate(reversed(rare)) if not small), len(rows))
    out = rows[low:high]
    if low >= 2:
        last = rows[low - 1]
        out.insert(0, Bar(words("{value} or less", value=last.label), last.at_most or Fraction(0), None, None, True))
    else:
        out = rows[:low] + out
    if len(rows) - high >= 2:
        first = rows[high]
        out.append(Bar(words("{value} or more", value=first.label), first.at_least or Fraction(0), None, None, True))
    else:
        out += rows[high:]
    return out


def summarize(mechanic: Mechanic[Any, Any, Any], odds: Odds[Any], words: Words) -> OddsSummary:
    """The odds of one request as the page shows them, in the reader's language."""

    def namer(view: str | None) -> Callable[[Any], str]:
        def name(value: Any) -> str:
            said = mechanic.label(view, value, words)
            return said if said is not None else words.number(value) if isinstance(value, int) else str(value)

        return name

    view = mechanic.chart_view if mechanic.chart_view in odds.views else None
    dist = odds.views[view] if view is not None else odds.outcomes
    ranked = _ranked(dist, odds.orders.get(view) if view is not None else None)
    rows = _rows(dist, ranked, namer(view))
    titles = mechanic.view_titles(words)
    title = titles.get(view) or words(view.replace("_", " ")) if view else words(mechanic.title)
    numeric = ranked is not None and all(isinstance(v, int) and not isinstance(v, bool) for v in ranked)
    full = [
        Table(titles.get(n) or words(n.replace("_", " ")), tuple(_rows(d, _ranked(d, odds.orders.get(n)), namer(n))))
        for n, d in odds.views.items()
    ]
    outcomes_ranked = _ranked(odds.outcomes, None)
    full.append(Table(words(mechanic.title), tuple(_rows(odds.outcomes, outcomes_ranked, namer(None)))))
    cut = odds.outcomes.truncation
    return OddsSummary(
        headline=mechanic.headline(odds, words),
        chart=Table(title, tuple(_fold(rows, ranked is not None, words))),
        ordered=ranked is not None,
        mean=dist.mean() if numeric else None,
        full=tuple(full),
        truncation=(cut.depth, cut.mass) if cut is not None else None,
    )
