"""The hazards' rolls with exact odds (spec 001c §7.3, §7.5-§7.7; the mechanic `hazard`): a fall, a round in deep
water, flames and a found party's exhaustion, checked on the book's examples (001c TV-52, TV-63, TV-64, TV-66)
and, for the odds, against sums over the dice's faces made here."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.systems.rune.hazard_mechanics import HazardParams, HazardResult, HazardRollMechanic
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.stress import at_least, exactly

MECHANIC, DEFAULT = HazardRollMechanic(), RuneOptions()


def resolve(key: tuple[int, int | None], options: RuneOptions = DEFAULT, **params: Any) -> HazardResult:
    return MECHANIC.resolve(HazardParams(**params), options, key)


def odds(options: RuneOptions = DEFAULT, **params: Any) -> list[tuple[HazardResult, Fraction]]:
    parsed = HazardParams(**params)
    resolver = MECHANIC.resolver(parsed, options)
    return [(resolver(k), p) for k, p in MECHANIC.chance(parsed, options).dist().items()]


def test_001c_tv63_landings() -> None:  # 001c TV-63
    assert resolve((6, None), hazard="falling", feet=23)[3:5] == (20, 20)
    assert resolve((5, None), hazard="falling", feet=23, soak=7, armour_prot=4)[3:5] == (30, 27)


def test_001c_tv52_ragnar_under() -> None:  # 001c TV-52, A-23
    # Str + Swim 3, the die 2: total 5 against 4 + 3 (a slight current)
    got = resolve((2, None), hazard="drowning", waters="choppy", current="mild", bonus=3)
    assert (got.success, got.failed_by, got.hp_lost) == (False, 2, 6)
    rule = RuneOptions(drowning_damage="escalating_rule")
    assert resolve((2, None), rule, hazard="drowning", waters="choppy", current="mild", bonus=3).hp_lost == 8
    assert resolve((4, None), hazard="drowning", waters="choppy", current="mild", bonus=3).safe


def test_001c_tv64_flames() -> None:  # 001c TV-64, A-80
    assert resolve((5, None), hazard="flames", quilted=True)[3:5] == (7, 7)
    assert resolve((5, None), hazard="flames").safe
    assert resolve((5, None), RuneOptions(flame_ignites="misses_difficulty"), hazard="flames").hp_lost == 7


def test_001c_tv66_exhaustion() -> None:  # 001c TV-66, A-79
    got = resolve((2, 7), hazard="exhaustion", map_rolls=4, bonus=1)  # total 3 against 4
    assert (got.failed_by, got.raw, got.impairment) == (1, 8, 0)
    botched = resolve((-3, 7), hazard="exhaustion", map_rolls=4, bonus=1)
    assert (botched.raw, botched.impairment) == (7 + (4 - (-3 + 1)), 1)


@pytest.mark.parametrize(
    "params",
    [
        {"hazard": "falling", "feet": 35, "bonus": 2, "soak": 5, "armour_prot": 3},
        {"hazard": "drowning", "waters": "raging", "current": "fast", "bonus": 4, "round_no": 2},
        {"hazard": "flames", "quilted": True, "soak": 2},
        {"hazard": "exhaustion", "map_rolls": 7, "bonus": 3, "soak": 4, "armour_prot": 1},
        {"hazard": "swarm", "swarm_dam": 6, "bonus": 4, "soak": 3, "armour_prot": 3},
    ],
)
def test_every_table_sums_to_one(params: dict[str, Any]) -> None:
    assert sum((p for _, p in odds(**params)), Fraction(0)) == 1
    for options in (DEFAULT, RuneOptions(drowning_damage="escalating_rule", flame_ignites="misses_difficulty")):
        assert sum((p for _, p in odds(options, **params)), Fraction(0)) == 1


def test_falling_odds_against_the_stress_die() -> None:
    got = odds(hazard="falling", feet=23, bonus=2)
    assert sum((p for r, p in got if r.success), Fraction(0)) == at_least(6 - 2)
    assert sum((p for r, p in got if r.hp_lost == 30), Fraction(0)) == 1 - at_least(4)


def test_exhaustion_odds_against_the_faces() -> None:
    """P(HP lost = h): summed here over the roll's exact faces and the d10's ten faces."""
    got = odds(hazard="exhaustion", map_rolls=8, bonus=2, soak=3)
    target = 8 - 2
    for hp in range(0, 25):
        want = sum((exactly(r) / 10 for r in range(target - 55, target) for d in range(1, 11)
                    if max(0, d + target - r - 3) == hp), Fraction(0))  # fmt: skip
        assert sum((p for r, p in got if not r.success and r.beyond == 0 and r.hp_lost == hp), Fraction(0)) == want
    assert sum((p for r, p in got if r.impairment), Fraction(0)) == Fraction(1, 10)  # every botch


def test_flames_are_the_runners_plain_die() -> None:
    got = odds(hazard="flames")
    assert sum((p for r, p in got if not r.safe), Fraction(0)) == Fraction(5, 10)  # 6 to 10 meet 6


def test_the_damage_die_is_rolled_only_on_a_failure() -> None:
    params = HazardParams(hazard="exhaustion", map_rolls=6, bonus=1)
    chance = MECHANIC.chance(params, DEFAULT)
    source = SeededSource(3)
    for _ in range(200):
        roll, die = chance.key(chance.sample(source))
        assert (die is None) == (roll >= 5)


def test_going_under_late_still_starts_at_six() -> None:  # 001c §7.3, TV-53: the drowning rounds count anew
    late = resolve((1, None), hazard="drowning", waters="choppy", round_no=4, bonus=0)  # 1 against 4 + 3 rounds
    assert (late.success, late.hp_lost) == (False, 6)


def test_001c_tv71_a_swarm() -> None:  # 001c TV-71, A-16: DAM 4 on armour of Prot 2 bites 12
    bitten = resolve((3, None), hazard="swarm", swarm_dam=4, soak=5, armour_prot=2, bonus=2)  # 5 against 10
    assert (bitten.failed_by, bitten.raw, bitten.hp_lost) == (5, 12, 12 - 3)
    assert resolve((8, None), hazard="swarm", swarm_dam=4, bonus=2).safe  # 10: dodged
    got = odds(hazard="swarm", swarm_dam=4, bonus=2)
    assert sum((p for r, p in got if r.safe), Fraction(0)) == at_least(10 - 2)


def test_001c_tv67_a_wandering_monster() -> None:  # 001c TV-67, A-28: Stealth botched to -4 against 4
    got = resolve((-4, None), hazard="wandering", map_rolls=4)
    assert (got.failed_by, got.monster, got.safe) == (8, "inferior", False)
    assert resolve((4, None), hazard="wandering", map_rolls=4).monster is None
    table = odds(hazard="wandering", map_rolls=9, bonus=2)
    assert sum((p for r, p in table if r.monster == "superior"), Fraction(0)) == 1 - at_least(7 - 12)
    assert sum((p for _, p in table), Fraction(0)) == 1
