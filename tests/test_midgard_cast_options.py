"""The options the cast mechanics honour: success_comparison in the exact odds of a cast and a contested
cast, opposed_tie in an opposed cast, contested_tie in a contested one. face_2, future_cap_all_sources,
future_on_failure, merkstave_policy and speed_clamped are in test_midgard_cast_option_odds.py."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from runehall.chance.sources import ManualSource
from runehall.systems import registry

SYSTEM = registry.get("midgard")


def roll(name: str, faces: list[int], options: dict[str, Any], **params: Any) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic(name)
    parsed = mechanic.parse_params(params)
    out: dict[str, Any] = mechanic.roll("midgard", parsed, SYSTEM.options(options), ManualSource(faces)).to_json()
    return out["outcome"]  # type: ignore[no-any-return]


def success(name: str, options: dict[str, Any], **params: Any) -> Fraction:
    mechanic = SYSTEM.mechanic(name)
    data = mechanic.odds(mechanic.parse_params(params), SYSTEM.options(options)).to_json()
    rows = {row["outcome"]: Fraction(row["probability"]) for row in data["views"]["success"]}
    return rows.get(True, Fraction(0))


def test_success_comparison_in_the_cast_odds() -> None:
    assert success("cast", {}, rune=2, difficulty=1) == Fraction(3, 4)  # P-1
    assert success("cast", {"success_comparison": "gt"}, rune=2, difficulty=1) == Fraction(1, 4)  # Past 2 needed
    assert roll("cast", [3, 2], {"success_comparison": "gt"}, rune=2, difficulty=1)["success"] is False


def test_opposed_ties() -> None:
    sides = {"a": {"rune": 3, "skill": 1}, "b": {"rune": 4, "skill": 2}, "resisting": "a"}
    faces = [3, 6, 2, 5, 5, 1, 3]  # C-8: Past 3 each; Outcome 0 against 2
    assert roll("opposed", faces, {}, **sides)["winner"] == "b"
    assert roll("opposed", faces, {"opposed_tie": "status_quo"}, **sides)["winner"] == "a"
    assert roll("opposed", faces, {"opposed_tie": "recast"}, **sides)["winner"] == "recast"


def test_contested_ties() -> None:
    side = {"rune": 2, "skill": 0, "difficulty": 1, "base_speed": 4, "goal": "margin"}
    faces = [3, 5, 3, 5]  # each: Past 1, margin 1, speed 4
    assert roll("contested", faces, {}, a=side, b=side)["winner"] == "b"
    assert roll("contested", faces, {"contested_tie": "simultaneous"}, a=side, b=side)["winner"] == "both"
    strict = roll("contested", faces, {"success_comparison": "gt"}, a=side, b=side)
    assert strict["winner"] == "neither"
