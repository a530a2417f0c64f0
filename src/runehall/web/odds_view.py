"""The odds panel's content: the system's headline, one chart with exactly / at least / at most, the full
exact table a click away. Percentages in the reader's language; every exact fraction one hover away."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from runehall.present.odds import Bar, OddsSummary
from runehall.present.words import Words


def fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _chance(p: Fraction | None, words: Words) -> dict[str, str] | None:
    return None if p is None else {"percent": words.percent(p), "exact": fraction(p)}


def _rows(rows: tuple[Bar, ...], words: Words) -> list[dict[str, Any]]:
    top = max((r.probability for r in rows), default=Fraction(1)) or Fraction(1)
    return [
        {
            "label": r.label,
            "exactly": _chance(r.probability, words),
            "at_least": _chance(r.at_least, words),
            "at_most": _chance(r.at_most, words),
            "width": f"{float(r.probability / top) * 100:.1f}",
            "folded": r.folded,
        }
        for r in rows
    ]


def odds_view(summary: OddsSummary, words: Words) -> dict[str, Any]:
    return {
        "headline": [
            {"label": h.label, "tone": h.tone, **(_chance(h.probability, words) or {})} for h in summary.headline
        ],
        "mean": None if (m := summary.mean) is None else {"value": words.number(m), "exact": fraction(m)},
        "chart": {"title": summary.chart.title, "rows": _rows(summary.chart.rows, words)},
        "ordered": summary.ordered,
        "full": [{"title": t.title, "rows": _rows(t.rows, words)} for t in summary.full],
        "truncation": None
        if summary.truncation is None
        else {"depth": summary.truncation[0], "mass": words.percent(summary.truncation[1])},
    }
