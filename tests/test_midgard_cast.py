"""Midgard casts: the spec's hand-checked casts and exact distributions, and odds against brute force."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import enumerate_outcomes
from conftest import Cli
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, ParameterError
from runehall.systems import registry

SYSTEM = registry.get("midgard")
VECTORS = {
    v["id"]: v
    for v in tomllib.loads(
        resources.files("runehall.systems.midgard").joinpath("data", "test_vectors.toml").read_text("utf-8")
    )["vector"]
}


def cast(faces: list[int], **params: Any) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic("cast")
    result = mechanic.roll("midgard", mechanic.parse_params(params), SYSTEM.options(), ManualSource(faces))
    return result.to_json()["outcome"]  # type: ignore[no-any-return]


def odds(name: str, **params: Any) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic(name)
    return mechanic.odds(mechanic.parse_params(params), SYSTEM.options()).to_json()


def view(data: dict[str, Any], name: str) -> dict[Any, Fraction]:
    return {row["outcome"]: Fraction(row["probability"]) for row in data["views"][name]}


# -- hand-checked casts (spec 003 §16.3) --------------------------------------------------------------
def test_c1_free_tokens_reach_the_difficulty_and_cancel_merkstave() -> None:
    out = cast([6, 3, 1], rune=3, skill=2, difficulty=3, time="short", simple=True, goal="speed")
    assert (out["success"], out["merkstave"], out["future"], out["seconds"]) == (True, 0, 0, 120)


def test_c2_a_hopeless_cast_cancels_merkstave() -> None:
    out = cast([2, 2, 5, 1], rune=4, skill=1, difficulty=4)
    assert (out["success"], out["merkstave"]) == (False, 0)


def test_c3_future_is_capped_at_four() -> None:
    out = cast([4, 4, 4, 4, 4, 3], rune=6, difficulty=1, time="quick", goal="speed")
    assert (out["success"], out["future"], out["seconds"]) == (True, 4, 1)


@pytest.mark.parametrize("goal,margin,speed", [("margin", 3, 5), ("speed", 2, 4)])
def test_c4_an_attack_trades_margin_for_speed(goal: str, margin: int, speed: int) -> None:
    out = cast([7, 8, 3, 5, 5], rune=5, skill=2, difficulty=4, speed=5, goal=goal)
    assert (out["success"], out["margin"], out["speed"]) == (True, margin, speed)
    expected = VECTORS["C-4"]["case"][0 if goal == "margin" else 1]["expect"]
    assert (expected["margin"], expected["speed"]) == (margin, speed)


def test_c5_wound_merkstave_left_to_the_gm() -> None:
    out = cast([3, 6, 1], rune=3, skill=1, difficulty=2, wound_merkstave=2)
    assert (out["success"], out["merkstave"], out["margin"], out["next_attack"]) == (True, 2, 0, 2)


def test_c6_an_exhausted_character_rolls_no_dice() -> None:
    out = cast([], rune=4, skill=3, difficulty=3, exhausted=True)
    assert (out["success"], out["merkstave"]) == (True, 4)
    with pytest.raises(ManualResultError):
        cast([3], rune=4, skill=3, difficulty=3, exhausted=True)  # no die may be entered


def test_c7_luck_margin() -> None:
    out = cast([3, 5, 7], rune=3, skill=1, difficulty=2)
    assert (out["success"], out["margin"]) == (True, 2)
    carried = cast([1, 1, 2], rune=3, skill=0, difficulty=2, past_bonus=out["margin"])
    assert carried["success"]  # the margin carried over as Past tokens covers the difficulty alone


def test_c8_opposed_tie_on_past_goes_to_outcome() -> None:
    mechanic = SYSTEM.mechanic("opposed")
    params = mechanic.parse_params({"a": {"rune": 3, "skill": 1}, "b": {"rune": 4, "skill": 2}})
    out = mechanic.roll("midgard", params, SYSTEM.options(), ManualSource([3, 6, 2, 5, 5, 1, 3])).to_json()
    assert out["outcome"]["a_past"] == out["outcome"]["b_past"] == 3
    assert out["outcome"]["winner"] == "b" and VECTORS["C-8"]["case"][0]["expect"]["winner"] == "y"


def test_c9_times() -> None:
    cases = [("short", 3, 60), ("medium", 2, 360), ("day", 4, 14400), ("week", 1, 518400)]
    for time, future, seconds in cases:
        out = cast([4] * future + [3], rune=future + 1, difficulty=1, time=time, goal="speed")
        assert out["seconds"] == seconds, time
    slowed = cast([4, 4, 4, 3, 1], rune=5, difficulty=1, time="long", goal="speed")
    assert slowed["seconds"] == 3600 - 2 * 600  # one Merkstave spent by the GM on speed
    assert VECTORS["C-9"]["case"][0]["expect"] == [60, 360, 14400, 518400, 2400]


def test_c10_how_much_wyrd_to_spend() -> None:
    expected = [Fraction(x) for x in VECTORS["C-10"]["case"][0]["expect"]]
    got = [view(odds("cast", rune=4, wyrd=w, skill=2, difficulty=5), "success")[True] for w in range(4)]
    assert got == expected


def test_c11_berserk_margin() -> None:
    out = cast([5, 5, 6, 1], rune=4, skill=2, difficulty=2)
    assert (out["success"], out["margin"]) == (True, 2)


# -- exact distributions (spec 003 §16.4) ---------------------------------------------------------------
@pytest.mark.parametrize(
    "vector,params",
    [
        ("P-1", {"rune": 2, "skill": 0, "difficulty": 1}),
        ("P-2", {"rune": 3, "skill": 1, "difficulty": 2}),
        ("P-3", {"rune": 4, "skill": 1, "difficulty": 3}),
        ("P-4", {"rune": 2, "skill": 0, "difficulty": 1, "merkstave": 1}),
    ],
)
def test_exact_distributions(vector: str, params: dict[str, Any]) -> None:
    expect = VECTORS[vector]["case"][0]["expect"]
    data = odds("cast", **params)
    assert view(data, "success")[True] == Fraction(expect["success"])
    margins = view(data, "margin")
    assert margins == {None if k == "fail" else int(k): Fraction(v) for k, v in expect["margin"].items()}
    mean = sum((Fraction(k) * p for k, p in margins.items() if k is not None), Fraction(0))
    assert mean == Fraction(expect["mean_margin"])


def test_p5_success_is_binomial_table_17() -> None:
    for (dice, skill, difficulty), p in zip(
        [(5, 2, 4), (3, 0, 2), (0, 2, 2), (6, 0, 6), (7, 2, 6)], ["13/16", "1/2", "1", "1/64", "1/2"], strict=True
    ):
        assert view(odds("cast", rune=dice, skill=skill, difficulty=difficulty), "success").get(True) == Fraction(p)


# -- brute force ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "params",
    [
        {"rune": 3, "skill": 1, "difficulty": 2, "time": "short", "goal": "speed"},
        {"rune": 2, "skill": 0, "difficulty": 1, "wound_merkstave": 2, "outcome_bonus": 1},
        {"rune": 4, "skill": 2, "difficulty": 4, "speed": 5, "future_bonus": 1, "simple": True},
        {"rune": 3, "skill": 0, "difficulty": 0, "instant": True, "past_bonus": 1},
    ],
)
def test_cast_odds_equal_enumeration_of_every_roll(params: dict[str, Any]) -> None:
    mechanic = SYSTEM.mechanic("cast")
    parsed = mechanic.parse_params(params)
    brute = enumerate_outcomes(lambda src: mechanic.roll("midgard", parsed, SYSTEM.options(), src).outcome)
    assert dict(mechanic.odds(parsed, SYSTEM.options()).outcomes.items()) == brute


@pytest.mark.parametrize("name", ["opposed", "contested"])
def test_two_sided_odds_equal_enumeration(name: str) -> None:
    mechanic = SYSTEM.mechanic(name)
    if name == "opposed":
        raw = {"a": {"rune": 2, "skill": 1, "merkstave": 1}, "b": {"rune": 2, "skill": 1}}
    else:
        raw = {
            "a": {"rune": 2, "skill": 1, "difficulty": 2, "base_speed": 4},
            "b": {"rune": 2, "skill": 0, "difficulty": 1, "base_speed": 3, "goal": "margin"},
        }
    parsed = mechanic.parse_params(raw)
    brute = enumerate_outcomes(lambda src: mechanic.roll("midgard", parsed, SYSTEM.options(), src).outcome)
    assert dict(mechanic.odds(parsed, SYSTEM.options()).outcomes.items()) == brute


# -- bad input ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "params,words",
    [
        ({"rune": 3, "wyrd": 4, "legend": 1, "difficulty": 2}, "at most 3 Wyrð"),
        ({"rune": 3, "wyrd": 1, "exhausted": True, "difficulty": 2}, "no Wyrð"),
        ({"rune": 20, "wyrd": 10, "difficulty": 2}, "at most 24 dice"),
        ({"rune": 3, "difficulty": -1}, "difficulty"),
        ({"rune": 3, "difficulty": 2, "time": "fortnight"}, "time"),
    ],
)
def test_bad_parameters(params: dict[str, Any], words: str) -> None:
    with pytest.raises(ParameterError, match=words):
        SYSTEM.mechanic("cast").parse_params(params)


def test_manual_faces_are_d8(cli: Cli) -> None:
    cli("roll", "midgard", "cast", "--rune", "2", "--difficulty", "1", "--manual", "9,1", code=2)
    assert "success" in cli("roll", "midgard", "cast", "--rune", "2", "--difficulty", "1", "--manual", "3,5")


def _reference(counts: tuple[int, ...], stones: Any, difficulty: int, goal: str, simple: bool, instant: bool) -> Any:
    """The cast written out plainly from sfg() and policy A-20, to check the fast resolver against."""
    from runehall.systems.midgard.cast import FUTURE_CAP, CastOutcome, sfg

    m, _, p, f, o, c = counts
    p0, o0, m0, f0 = p + stones.past, o + stones.outcome, m + stones.merkstave, min(FUTURE_CAP, f + stones.future)
    plan = sfg(p0, f0, m0, c + stones.skill, difficulty, goal, instant)  # type: ignore[arg-type]
    left = m0 - plan.cancel
    if p0 + plan.past < difficulty:
        return CastOutcome(False, 0, 0, left, 0)
    margin = 0 if simple else o0 + plan.outcome
    future = 0 if instant else min(FUTURE_CAP, f0 + plan.future)
    for_margin = min(left, margin)
    for_speed = min(left - for_margin, future)
    return CastOutcome(True, margin - for_margin, future - for_speed, left, left - for_margin - for_speed)


@settings(max_examples=300, deadline=None)
@given(
    counts=st.tuples(*[st.integers(0, 4)] * 6),
    bonus=st.tuples(*[st.integers(0, 3)] * 5),
    difficulty=st.integers(0, 8),
    goal=st.sampled_from(["margin", "speed", "succeed"]),
    simple=st.booleans(),
    instant=st.booleans(),
)
def test_the_fast_resolver_is_rule_sfg(
    counts: tuple[int, ...], bonus: tuple[int, ...], difficulty: int, goal: str, simple: bool, instant: bool
) -> None:
    from runehall.systems.midgard.cast import Stones, resolve

    stones = Stones(*bonus)
    got = resolve(counts, stones, difficulty, goal, simple, instant)  # type: ignore[arg-type]
    assert got == _reference(counts, stones, difficulty, goal, simple, instant)
