"""Rolls outside a fight, from the vectors of spec §10 that are not about combat or creation: the stress die's
exact odds (TV-DICE-9), the book's first check and its example of play (TV-CHK-1, TV-PLAY-1/2), Sleep, Demeanor,
Bargain and focused Awareness, and the options they read (sleep_roll, bargain_tie, hidden_rolls). Contests of
three or more (TV-CON-2, multi_contest_ties) are in test_rune_contest_many.py."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from pydantic import ValidationError

from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.systems.data import read_data_file
from runehall.systems.registry import get
from runehall.systems.rune import noncombat, stress
from runehall.systems.rune.noncombat import NonCombatFile
from runehall.systems.rune.options import RuneOptions
from test_rune_combat import RAGNAR_SHEET

SYSTEM = get("rune")
VECTORS = {v["id"]: v for v in read_data_file("runehall.systems.rune", "test_vectors.toml")["vector"]}


def cases(vector_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = VECTORS[vector_id]["case"]
    return found


def roll(name: str, params: dict[str, Any], faces: list[int], **options: Any) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic(name)
    result = mechanic.roll("rune", mechanic.parse_params(params), SYSTEM.options(options), ManualSource(faces), None)
    out: dict[str, Any] = result.to_json()
    return out


# -- the die and the first examples ---------------------------------------------------------------------
def test_exact_odds_of_one_stress_roll() -> None:
    """TV-DICE-9."""
    found = {
        "R >= 9": stress.at_least(9),
        "R >= 10": stress.at_least(10),
        "R >= 11": stress.at_least(11),
        "R >= 12": stress.at_least(12),
        "R >= 21": stress.at_least(21),
        "R < 0": 1 - stress.at_least(0),
        "R = 1": stress.exactly(1),
    }
    for case in cases("TV-DICE-9"):
        if "probability" in case:
            assert found[case["event"]] == Fraction(case["probability"]), case
    # E[E]: the first ten values' tail sums make a block; each next block of ten is a tenth of the one before.
    blocks = [sum(stress.open_at_least(x) for x in range(10 * n + 1, 10 * n + 11)) for n in range(3)]
    assert blocks[1] == blocks[0] / 10 and blocks[2] == blocks[1] / 10
    open_mean = blocks[0] * Fraction(10, 9)
    # E[R] = sum of P(R >= k) over k >= 1, less the sum of P(R < k) over k <= 0: blocks of ten, geometric beyond.
    up = [sum(stress.at_least(k) for k in range(10 * n + 1, 10 * n + 11)) for n in range(3)]
    down = [sum(1 - stress.at_least(k) for k in range(-10 * n - 9, -10 * n + 1)) for n in range(3)]
    assert up[2] == up[1] / 10 and down[2] == down[1] / 10
    mean = up[0] + up[1] * Fraction(10, 9) - down[0] - down[1] * Fraction(10, 9)
    expected = {c["event"]: Fraction(c["expected_value"]) for c in cases("TV-DICE-9") if "expected_value" in c}
    assert open_mean == expected["E[E] (open-ended value)"] and mean == expected["E[R]"]


def test_evading_the_falling_net() -> None:
    """TV-CHK-1: Quickness 3 + a Gift 2, die 3, against Tough 9."""
    (case,) = cases("TV-CHK-1")
    out = roll("roll", {"bonus": sum(case["bonus"].values()), "difficulty": case["difficulty"]}, [case["die"]])
    assert (out["outcome"]["success"], out["outcome"]["margin"]) == (False, case["expect"]["margin"])


@pytest.mark.parametrize("vector", ["TV-PLAY-1", "TV-PLAY-2"])
def test_the_example_of_play(vector: str) -> None:
    """The margins the runner and the pillagers score (the per-roll VP themselves are the Chapter 4 part)."""
    for case in cases(vector):
        total = case.get("total", case.get("reported_total"))
        out = roll("roll", {"bonus": total - 5, "difficulty": case["difficulty"]}, [5])["outcome"]
        expect = case["expect"]
        assert (out["success"], out["margin"]) == (expect["success"], expect["margin"])
        vp = expect.get("pillager_vp", expect.get("runner_vp", expect.get("runner_potential_vp")))
        assert vp == abs(out["margin"])


# -- Sleep ----------------------------------------------------------------------------------------------
def test_falling_asleep() -> None:
    """TV-SLEEP-1 and TV-SLEEP-2."""
    (case,) = cases("TV-SLEEP-1")
    found = noncombat.sleep(case["hours_awake"], case["total"])
    expect = case["expect"]
    assert (found.difficulty, found.asleep, found.hours) == (expect["difficulty"], True, expect["max_hours_asleep"])
    (late,) = cases("TV-SLEEP-2")
    assert noncombat.sleep(late["hours_awake"]) == noncombat.Sleep(True, False, None, 0)
    with pytest.raises(RulesError, match="give its total"):
        noncombat.sleep(6)
    mechanic = roll("sleep", {"stamina": 2, "sleep": 1, "hours_awake": 6}, [10, 3])["outcome"]
    assert (mechanic["asleep"], mechanic["hours"]) == (True, 6)  # 13 + 3 = 16 vs 10
    with pytest.raises(RulesError, match="falls asleep anyway"):
        roll("sleep", {"stamina": 2, "hours_awake": 16}, [5])


def test_the_sleep_roll_with_or_without_the_sleep_ability() -> None:
    params = {"stamina": 2, "sleep": 1, "hours_awake": 6}
    assert roll("sleep", params, [7])["outcome"]["margin"] == 0  # 7 + 2 + 1 vs 10
    assert roll("sleep", params, [7], sleep_roll="sta_only")["outcome"]["margin"] == -1
    hero = SYSTEM.character({"name": "Ragnar", **RAGNAR_SHEET})
    assert noncombat.sleep_bonus(hero, RuneOptions()) == 3 - 3  # Sta 3, lacking Sleep
    assert noncombat.sleep_bonus(hero, RuneOptions(sleep_roll="sta_only")) == 3


# -- Demeanor, Bargain, Awareness -----------------------------------------------------------------------
def test_demeanor_difficulty() -> None:
    """TV-DEM-1 and TV-DEM-2."""
    (base,) = cases("TV-DEM-2")
    assert noncombat.demeanor_difficulty(base["subject"]["com"], base["subject"]["insight"]) == 3
    for case in cases("TV-DEM-1"):
        found = noncombat.demeanor_difficulty(0, 0, foreign=True, successes=case["prior_successes_with_culture"])
        assert found == max(1, case["expect"]["foreign_penalty"])  # never below 1
    assert noncombat.demeanor_difficulty(1, 2, foreign=True) == 9  # nobody counted: the full +6
    assert noncombat.demeanor_difficulty(1, 0, adjustment=-5) == 1


@pytest.mark.parametrize("vector", ["TV-BARG-1", "TV-BARG-2", "TV-BARG-3", "TV-BARG-4"])
def test_bargain_prices(vector: str) -> None:
    (case,) = cases(vector)
    assert noncombat.price(case["availability"], case["winner"], case["margin"]) == case["expect"]["price_oz"]
    buyer, seller = (10 + case["margin"], 10) if case["winner"] == "buyer" else (10, 10 + case["margin"])
    params = {"buyer": {"bonus": buyer}, "seller": {"bonus": seller}, "availability": case["availability"]}
    out = roll("bargain", params, [5, 5])["outcome"]
    assert (out["winner"], out["price"]) == (case["winner"], case["expect"]["price_oz"])


def test_a_tied_bargain_goes_to_the_hero_or_is_rolled_again() -> None:
    params = {"buyer": {"bonus": 4}, "seller": {"bonus": 4}, "availability": "rare", "hero": "seller"}
    tied = roll("bargain", params, [5, 5])
    assert (tied["outcome"]["winner"], tied["outcome"]["price"]) == ("seller", 20)  # A7: the hero wins by 1
    again = roll("bargain", params, [5, 5, 9, 3], bargain_tie="reroll")
    assert (again["outcome"]["winner"], again["outcome"]["margin"], len(again["tape"])) == ("buyer", 6, 4)
    assert noncombat.bargain(7, 7, "common", "buyer", RuneOptions()) == noncombat.Deal("buyer", 1, 3)
    assert noncombat.bargain(7, 7, "common", "buyer", RuneOptions(bargain_tie="reroll")) is None
    assert noncombat.bargain(7, 7, "common", None, RuneOptions()) is None


def test_the_price_table_is_checked_when_it_loads() -> None:
    raw = read_data_file("runehall.systems.rune", "abilities.toml")
    broken = copy.deepcopy(raw)
    broken["bargain_price"][1]["margin_min"] = 3
    with pytest.raises(ValidationError, match="run on from 2"):
        NonCombatFile.model_validate(broken)
    with pytest.raises(RulesError, match="won by 1 or more"):
        noncombat.price("common", "buyer", 0)


def test_focused_awareness() -> None:
    """TV-AWR-1."""
    (case,) = cases("TV-AWR-1")
    assert noncombat.awareness_focus(case["focus_minutes"])._asdict() == case["expect"]
    with pytest.raises(RulesError, match="1 to 90 minutes"):
        noncombat.awareness_focus(91)


# -- secret rolls ---------------------------------------------------------------------------------------
def test_the_runner_may_roll_in_secret_unless_the_table_says_not() -> None:
    secret = roll("roll", {"bonus": 4, "difficulty": 9, "secret": True}, [5])
    assert SYSTEM.mechanic("roll").render(secret).startswith("the runner's secret stress roll")
    with pytest.raises(RulesError, match="in the open"):
        roll("roll", {"bonus": 4, "difficulty": 9, "secret": True}, [5], hidden_rolls=False)
    assert roll("roll", {"bonus": 4, "difficulty": 9}, [5], hidden_rolls=False)["outcome"]["success"]
