"""Issue 11, item 18: the attack mechanic and the combat tracker read a weapon through one look-up, the weapon
table as the table plays it (options short_bow_dam and weapon_overrides)."""

from __future__ import annotations

import json

import pytest

from conftest import Cli
from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError
from runehall.systems import registry
from runehall.systems.rune.gear import played_dam
from test_rune_combat import Fight, fighter

SYSTEM = registry.get("rune")
ATTACK = ["roll", "rune", "attack", "--attack", '{"bonus": 0}', "--difficulty", "0", "--wound-threshold", "10"]


def damage(cli: Cli, *more: str) -> int:
    out = json.loads(cli(*ATTACK, "--manual", "5", "--json", *more))
    return int(out["outcome"]["damage"])


def test_the_attack_mechanic_honours_the_short_bow_option(cli: Cli) -> None:
    assert damage(cli, "--weapon", "short_bow") == 5 + 6
    assert damage(cli, "--weapon", "short_bow", "-o", "short_bow_dam=4") == 5 + 4
    odds = json.loads(
        cli(
            "odds",
            "rune",
            "attack",
            "--attack",
            '{"bonus": 0}',
            "--difficulty",
            "0",
            "--wound-threshold",
            "9",
            "--weapon",
            "short bow",
            "-o",
            "short_bow_dam=4",
            "--json",
        )
    )
    assert {o["outcome"]["wounds"] for o in odds["outcomes"] if o["outcome"]["damage"] == 4 + 5} == {1}


def test_the_attack_mechanic_honours_weapon_overrides(cli: Cli) -> None:
    cli(*ATTACK, "--manual", "5", "--weapon", "whip", code=2)
    assert damage(cli, "--weapon", "whip", "-o", "weapon_overrides=whip.dam=3") == 5 + 3
    mechanic = SYSTEM.mechanic("attack")
    params = mechanic.parse_params({"attack": {"bonus": 0}, "difficulty": 0, "weapon": "whip", "wound_threshold": 10})
    with pytest.raises(ParameterError, match="weapon_overrides"):
        mechanic.roll("rune", params, SYSTEM.options(), ManualSource([5]))


def test_combat_reads_the_same_table() -> None:
    bow = {"weapon": "short_bow", "init": 5, "atk": 5, "ammo": 12}
    whip = {"weapon": "whip", "init": 5, "atk": 5, "dfn": 5, "dam": 5}
    options = {"short_bow_dam": 4, "weapon_overrides": "whip.dam=3"}
    fight = Fight(fighter("A", (0, 0), weapons=[bow, whip], side="heroes"), fighter("B", (9, 0)), options=options)
    a = fight.who("A")
    assert a.weapon("short_bow").dam_rating == 4 == played_dam("short_bow", SYSTEM.options(options))
    assert a.weapon("whip").dam_rating == 3 == played_dam("whip", SYSTEM.options(options))
    plain = Fight(fighter("A", (0, 0), weapons=[bow], side="heroes"), fighter("B", (9, 0))).who("A")
    assert plain.weapon("short_bow").dam_rating == 6 == played_dam("short_bow", SYSTEM.options())
