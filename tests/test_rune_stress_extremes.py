"""Issue 11, item 15: a stress roll's botch is its first face, however far the target is, and a recorded margin
is the real one. The odds are checked against brute force over a stress die cut after a few extra dice."""

from __future__ import annotations

import json
from collections.abc import Hashable
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from brute import enumerate_outcomes
from conftest import Cli
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource, Source
from runehall.systems import registry

SYSTEM = registry.get("rune")
CAP = 4  # extra dice the brute-force die may roll


def view(params: dict[str, Any], name: str) -> dict[Any, Fraction]:
    mechanic = SYSTEM.mechanic("roll")
    odds = mechanic.odds(mechanic.parse_params(params), SYSTEM.options()).to_json()
    return {o["outcome"]: Fraction(o["probability"]) for o in odds["views"][name]}


@cache
def capped_die(botch: bool) -> tuple[tuple[tuple[int, bool, bool], Fraction], ...]:
    """Every tape of one stress die cut after CAP extra dice: (result, botched, cut short) and probability."""
    die = StressDie(botch=botch, cap=CAP)

    def run(source: Source) -> Hashable:
        faces = die.sample(source)
        return die.key(faces), botch and faces[0] == 1, len(faces) > CAP and faces[-1] == 10

    return tuple(enumerate_outcomes(run).items())  # type: ignore[arg-type]


EXTREMES = [
    {"bonus": -1, "difficulty": 60},
    {"bonus": 60, "increases": 10, "difficulty": 0},
    {"bonus": -30, "difficulty": 60},
    {"bonus": 3, "difficulty": 6},
    {"bonus": -1, "difficulty": 60, "quality": True},
]


@pytest.mark.parametrize("params", EXTREMES)
def test_odds_agree_with_brute_force_at_the_extremes(params: dict[str, Any]) -> None:
    total = params["bonus"] + params.get("increases", 0)
    quality = params.get("quality", False)
    botch = success = cut = Fraction(0)
    for (value, botched, short), p in capped_die(not quality):
        botch += p if botched else 0
        success += p if value + total >= params["difficulty"] and not short else 0
        cut += p if short else 0
    odds_botch, odds_success = view(params, "botch"), view(params, "success")
    assert odds_botch.get(True, Fraction(0)) == botch == (0 if quality else Fraction(1, 10))
    # The cut runs all rolled on past the cap, so each could still end either way.
    assert success <= odds_success.get(True, Fraction(0)) <= success + cut


def test_a_botch_is_one_in_ten_far_below_and_far_above_the_target() -> None:
    assert view({"bonus": -1, "difficulty": 60}, "botch")[True] == Fraction(1, 10)
    high = {"bonus": 60, "increases": 10, "difficulty": 0}
    assert view(high, "botch")[True] == Fraction(1, 10)
    # A botch of 71 or more (one roll in a hundred million) still fails: success is not certain.
    assert view(high, "success")[False] == Fraction(1, 10) * Fraction(1, 10**7)


def test_a_real_roll_botches_whatever_the_distance(cli: Cli) -> None:
    out = json.loads(cli("roll", "rune", "roll", "--bonus", "-5", "--difficulty", "60", "--manual", "1,3", "--json"))
    assert out["outcome"]["botch"] is True and out["outcome"]["margin"] == -3 - 65
    assert "botch" in cli("roll", "rune", "roll", "--bonus", "-5", "--difficulty", "60", "--manual", "1,3")


def test_a_recorded_margin_is_not_cut_at_the_band() -> None:
    mechanic = SYSTEM.mechanic("roll")
    faces = [10] * 7 + [3]  # 10 + 60 + 3
    stored = mechanic.roll("rune", mechanic.parse_params({"difficulty": 0}), SYSTEM.options(), ManualSource(faces))
    assert stored.to_json()["outcome"]["margin"] == 73
    assert stored.to_json()["outcome"]["beyond"] == 0  # a real roll is exact; only the odds group the tails
    low = mechanic.roll("rune", mechanic.parse_params({"difficulty": 60}), SYSTEM.options(), ManualSource([1, 5]))
    assert low.to_json()["outcome"]["margin"] == -65


def test_an_attack_past_the_band_does_its_full_damage() -> None:
    mechanic = SYSTEM.mechanic("attack")
    params = mechanic.parse_params(
        {"attack": {"bonus": 0}, "difficulty": 0, "dam": 0, "soak": 0, "wound_threshold": 10}
    )
    stored = mechanic.roll("rune", params, SYSTEM.options(), ManualSource([10] * 8 + [2])).to_json()
    assert stored["outcome"]["damage"] == 82 and stored["outcome"]["wounds"] == 8
