"""Rune's stress roll, contests and attacks: the book's examples and exact odds checked independently."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from typing import Any

import pytest

from conftest import Cli
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, ParameterError
from runehall.systems import registry
from runehall.systems.rune.stress import (
    BandedStress,
    StressDifference,
    at_least,
    beats,
    difference_exactly,
    open_pair_at_least,
    open_sum_at_least,
)

SYSTEM = registry.get("rune")
VECTORS = {
    v["id"]: v
    for v in tomllib.loads(
        resources.files("runehall.systems.rune").joinpath("data", "test_vectors.toml").read_text("utf-8")
    )["vector"]
}


def roll(name: str, params: dict[str, Any], faces: list[int]) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic(name)
    return mechanic.roll("rune", mechanic.parse_params(params), SYSTEM.options(), ManualSource(faces)).to_json()


def odds(name: str, params: dict[str, Any]) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic(name)
    return mechanic.odds(mechanic.parse_params(params), SYSTEM.options()).to_json()


# -- the book's examples ----------------------------------------------------------------------------------
@pytest.mark.parametrize("vector", [f"TV-DICE-{i}" for i in range(1, 9)])
def test_stress_and_quality_dice(vector: str) -> None:
    case = VECTORS[vector]["case"][0]
    die = StressDie(botch=case["roll"] == "stress")
    detail = die.sample(ManualSource(case["faces"]))
    assert die.key(detail) == case["expect"]["result"]
    assert (detail[0] == 1 and die.botch) == case["expect"]["botch"]


@pytest.mark.parametrize("vector", ["TV-CHK-2", "TV-CHK-3"])
def test_checks(vector: str) -> None:
    case = VECTORS[vector]["case"][0]
    faces = case.get("faces", [case.get("die")])
    out = roll("roll", {"bonus": case["bonus"]["total"], "difficulty": case["difficulty"]}, faces)["outcome"]
    assert (out["success"], out["margin"]) == (case["expect"]["success"], case["expect"]["margin"])


def test_lacking_ability_and_equipment() -> None:
    case = VECTORS["TV-CHK-4"]["case"][0]
    params = {"bonus": 2, "lacking_ability": True, "lacking_equipment": True, "difficulty": case["difficulty"]}
    out = roll("roll", params, [case["die"]])["outcome"]
    assert (out["success"], out["margin"]) == (False, case["expect"]["margin"])


def test_contest_ties() -> None:
    hero_vs_support = roll("contest", {"a": {"bonus": 4}, "b": {"bonus": 4}}, [5, 5])["outcome"]
    assert hero_vs_support["winner"] == "a" and hero_vs_support["degree"] == 0  # TV-CON-3
    heroes = roll("contest", {"a": {"bonus": 4}, "b": {"bonus": 4}, "b_hero": True}, [5, 5, 3, 8])
    assert heroes["outcome"]["winner"] == "b" and len(heroes["tape"]) == 4  # TV-CON-4: tied heroes reroll
    thorleik = roll("contest", {"a": {"bonus": 3}, "b": {"bonus": 2}}, [5, 5])["outcome"]  # TV-CON-1: 8 vs 7
    assert (thorleik["winner"], thorleik["degree"]) == ("a", VECTORS["TV-CON-1"]["case"][0]["expect"]["margin"])


def test_melee_and_missile_examples() -> None:
    melee = VECTORS["TV-MEL-1"]["case"][0]
    params = {
        "attack": {"bonus": melee["atk_score"]},
        "defence": {"bonus": melee["dfn_score"]},
        "dam": melee["dam"],
        "soak": melee["soak"],
        "wound_threshold": 9,
    }
    out = roll("attack", params, [melee["atk_die"], melee["dfn_die"]])["outcome"]
    assert (out["hit"], out["damage"], out["wounds"]) == (True, melee["expect"]["hp_lost"], 1)
    tied = roll("attack", {**params, "attack": {"bonus": 3}}, [2, 2])["outcome"]
    assert tied["hit"]  # TV-MEL-2: a tie hits
    missile = VECTORS["TV-MIS-3"]["case"][0]
    shot = {
        "attack": {"bonus": missile["atk_total"] - missile["die"]},
        "defence": {"bonus": missile["defender"]["dodge"] + missile["defender"]["qik"]},
        "dam": missile["dam"],
        "soak": missile["soak"],
        "wound_threshold": 6,
    }
    out = roll("attack", shot, [missile["die"], 6])["outcome"]
    assert (out["hit"], out["damage"]) == (True, missile["expect"]["hp_lost"])


def test_unknown_weapon_values_are_refused() -> None:
    params = {"attack": {"bonus": 5}, "difficulty": 6, "weapon": "viking_broadsword", "wound_threshold": 6}
    with pytest.raises(ParameterError, match="lost it"):
        odds("attack", params)
    known = odds("attack", {**params, "weapon": "viking_axe", "strength": 1})
    assert sum(Fraction(r["probability"]) for r in known["outcomes"]) == 1


# -- exact odds ---------------------------------------------------------------------------------------------
def test_success_and_botch_odds() -> None:
    data = odds("roll", {"bonus": 4, "difficulty": 9})
    success = {r["outcome"]: Fraction(r["probability"]) for r in data["views"]["success"]}
    botch = {r["outcome"]: Fraction(r["probability"]) for r in data["views"]["botch"]}
    assert success[True] == Fraction(3, 5) and botch[True] == Fraction(1, 10)
    assert sum(Fraction(r["probability"]) for r in data["outcomes"]) == 1
    quality = odds("roll", {"bonus": 0, "difficulty": 1, "quality": True})
    assert all(r["outcome"] is False for r in quality["views"]["botch"])


@pytest.mark.parametrize("botch_x", [True, False])
@pytest.mark.parametrize("botch_y", [True, False])
def test_closed_forms_agree_with_deep_enumeration(botch_x: bool, botch_y: bool) -> None:
    x = StressDie(botch=botch_x, depth=6).dist()
    y = StressDie(botch=botch_y, depth=6).dist()
    bound = x.truncation.mass + y.truncation.mass  # type: ignore[union-attr]
    for c in range(-40, 41, 3):
        cut = sum(px * py for a, px in x.items() for b, py in y.items() if a >= b + c)
        assert abs(cut - beats(c, botch_x, botch_y)) <= bound, c


def test_exact_identities() -> None:
    for c in range(-35, 36):
        assert beats(c) + beats(1 - c) == 1  # equal dice: P(X >= Y + c) + P(Y >= X + 1 - c) = 1
        assert open_pair_at_least(c) + open_pair_at_least(1 - c) == 1
    assert sum(difference_exactly(s) for s in range(-200, 201)) == beats(-200) - beats(201)
    assert open_sum_at_least(2) == 1 and open_sum_at_least(3) == Fraction(99, 100)
    assert at_least(2) == Fraction(9, 10) - Fraction(0)  # faces 2..10
    assert BandedStress(-5, 5).dist().total and StressDifference(-5, 5, reroll_on=0).dist().probability(0) == 0


def test_heroes_tie_odds_are_conditional() -> None:
    data = odds("contest", {"a": {"bonus": 3}, "b": {"bonus": 3}, "b_hero": True})
    winner = {r["outcome"]: Fraction(r["probability"]) for r in data["views"]["winner"]}
    assert winner == {"a": Fraction(1, 2), "b": Fraction(1, 2)}  # equal heroes: rerolls make it a coin toss
    lopsided = odds("contest", {"a": {"bonus": 3}, "b": {"bonus": 3}})
    won = {r["outcome"]: Fraction(r["probability"]) for r in lopsided["views"]["winner"]}
    assert won["a"] == beats(0)  # a hero against a supporting character also wins ties


def test_rolls_reproduce_through_their_odds() -> None:
    mechanic = SYSTEM.mechanic("attack")
    params = mechanic.parse_params(
        {"attack": {"bonus": 7}, "defence": {"bonus": 4}, "dam": 8, "soak": 3, "wound_threshold": 6}
    )
    chance = mechanic.chance(params, SYSTEM.options())
    support = chance.dist()
    from runehall.chance.seeded import SeededSource

    for seed in range(200):
        assert support.probability(chance.key(chance.sample(SeededSource(seed)))) > 0


def test_manual_faces_must_be_d10(cli: Cli) -> None:
    cli("roll", "rune", "roll", "--bonus", "3", "--difficulty", "6", "--manual", "11", code=2)
    with pytest.raises(ManualResultError):
        roll("roll", {"bonus": 3}, [10])  # a 10 needs the next die
    assert "success by 11" in cli("roll", "rune", "roll", "--bonus", "3", "--difficulty", "6", "--manual", "10,4")
