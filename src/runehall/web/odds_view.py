"""Exact odds as tables for the page: each outcome with its fraction, percentage and a bar."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def _label(outcome: Any) -> str:
    if isinstance(outcome, dict):
        return ", ".join(f"{k} {v}" for k, v in outcome.items())
    if isinstance(outcome, list):
        return " / ".join(str(v) for v in outcome)
    return str(outcome)


def _rows(rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    probabilities = [Fraction(r["probability"]) for r in rows]
    top = max(probabilities, default=Fraction(1))
    return [
        {
            "outcome": r.get("label") or _label(r["outcome"]),
            "fraction": r["probability"],
            "percent": f"{float(p) * 100:.2f} %",
            "width": f"{float(p / top) * 100:.1f}" if top else "0",
        }
        for r, p in zip(rows, probabilities, strict=True)
    ]


def odds_tables(result: dict[str, Any]) -> dict[str, Any]:
    """The views first (a test's tiers are what a player asks about), then every outcome."""
    tables = [{"title": name.replace("_", " "), "rows": _rows(rows)} for name, rows in result["views"].items()]
    tables.append({"title": result["mechanic"], "rows": _rows(result["outcomes"])})
    return {"tables": tables, "truncation": result.get("truncation")}
