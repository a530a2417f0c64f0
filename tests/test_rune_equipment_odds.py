"""Equipment damage rolled (spec 001c §7.4; the mechanic `equipment_damage`): the book's examples (001c TV-56 to
TV-62) through the mechanic, and its odds against counting the d10's ten faces here."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from runehall.systems.rune.equipment_mechanic import EquipmentDamage, EquipmentParams, EquipmentResult
from runehall.systems.rune.options import RuneOptions

MECHANIC, DEFAULT = EquipmentDamage(), RuneOptions()


def rolled(face: int, options: RuneOptions = DEFAULT, **params: Any) -> EquipmentResult:
    return MECHANIC.resolve(EquipmentParams(**params), options, face)


def test_001c_tv56_the_difficulty() -> None:  # 001c TV-56
    assert rolled(8, item="potion", raw_damage=16).held and not rolled(8, item="potion", raw_damage=18).held
    assert rolled(3, item="potion").held and not rolled(2, item="potion").held  # no damage taken: 3


def test_001c_tv57_armour() -> None:  # 001c TV-57, A-24
    got = rolled(1, item="armour", modifier=8, raw_damage=24, prot=8)  # 9 against 12: failed by 3
    assert (got.failed_by, got.state, got.value) == (3, "repairable", 6)
    assert rolled(1, RuneOptions(armour_damage="half"), item="armour", modifier=8, raw_damage=24, prot=8).value == 7


def test_001c_tv58_weapon() -> None:  # 001c TV-58
    got = rolled(1, item="weapon", modifier=6, raw_damage=24, atk=5, dfn=5, dam=12)  # 7 against 12
    assert (got.atk, got.dfn, got.dam, got.state) == (0, 0, 2, "repairable")


def test_001c_tv59_shield() -> None:  # 001c TV-59
    got = rolled(1, item="shield", modifier=1, raw_damage=28, dfn=2)  # 2 against 14
    assert (got.failed_by, got.value, got.state) == (12, -10, "destroyed")


def test_001c_tv60_kit() -> None:  # 001c TV-60, A-75
    assert rolled(3, item="kit", modifier=1, raw_damage=16).state == "slight"
    assert rolled(3, item="kit", modifier=1, raw_damage=24).state == "mostly"  # the book's Difficulty 12


def test_001c_tv61_tv62_charm_and_helm() -> None:  # 001c TV-61, TV-62
    assert rolled(1, item="charm", modifier=6, raw_damage=28, bonus=3).value == 0  # failed by 7
    assert rolled(1, item="helm", modifier=10, raw_damage=44, bonus=4).value == 1  # failed by 11


def test_the_odds_are_the_ten_faces() -> None:
    params = EquipmentParams(item="weapon", modifier=2, raw_damage=20, atk=4, dfn=3, dam=9)
    dist = MECHANIC.chance(params, DEFAULT).dist()
    resolve = MECHANIC.resolver(params, DEFAULT)
    assert sum((p for _, p in dist.items()), Fraction(0)) == 1
    held = sum((p for k, p in dist.items() if resolve(k).held), Fraction(0))
    assert held == Fraction(sum(1 for face in range(1, 11) if face + 2 >= 10), 10)
