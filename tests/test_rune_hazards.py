"""Traps and hazards at the table (spec 001c §6-§7): the damage a failing hero takes, ongoing damage round by
round, positional modifiers, drowning, falls, fire, getting lost, equipment damage, nuisance animals, grabbers
and ambushes - 001c TV-30, TV-33, TV-34, TV-36, TV-38, TV-48, TV-49, TV-52, TV-53, TV-55 to TV-67, TV-71."""

from __future__ import annotations

from fractions import Fraction

import pytest

from runehall.chance.seeded import SeededSource
from runehall.errors import ParameterError
from runehall.systems.rune.encounters import equipment_damage as eq
from runehall.systems.rune.encounters import hazards as hz
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.trap_mechanics import TrapDamage, TrapDamageParams

DEFAULT = RuneOptions()


def test_001c_tv30_icicle() -> None:  # 001c TV-30
    assert hz.trap_hit(12, 8 - 4, soak=6) == hz.Hit(16, 10)
    params = TrapDamageParams(bonus=0, difficulty=8, dam=12, soak=6)  # Dodge total 4: the die showed 4
    got = TrapDamage().resolve(params, DEFAULT, (4, None))
    assert (got.avoided, got.failed_by, got.raw, got.hp_lost, got.beyond) == (False, 4, 16, 10, 0)


def test_001c_tv33_poison_needle() -> None:  # 001c TV-33
    assert hz.trap_hit(14, 0, soak=6, armour_prot=3, armour_ignoring=True) == hz.Hit(14, 11)
    assert hz.trap_hit(14, 0, soak=6, armour_prot=3) == hz.Hit(14, 8)


def test_001c_tv34_random_avalanche() -> None:  # 001c TV-34
    assert hz.trap_hit(3 + 9 + 4 + 9, 4, soak=0).raw == 29
    params = TrapDamageParams(bonus=2, difficulty=9, dice=4)  # target 7 on the die; it showed 3: failed by 4
    assert TrapDamage().resolve(params, DEFAULT, (3, 25)).raw == 29


def test_damage_never_goes_below_zero() -> None:  # 001c A-14
    assert hz.trap_hit(-12, 3, soak=5) == hz.Hit(0, 0)
    assert hz.trap_hit(4, 1, soak=9) == hz.Hit(5, 0)


def test_001c_tv36_recurring_snake() -> None:  # 001c TV-36
    assert [hz.ongoing_raw(4, 2, r, escalating=False) for r in (1, 2, 3, 4)] == [6, 6, 6, 6]


def test_001c_tv38_caustic_oil() -> None:  # 001c TV-38
    assert [hz.ongoing_raw(4, 3, r, escalating=True) for r in (1, 2, 3)] == [7, 9, 11]
    params = TrapDamageParams(difficulty=10, dam=4, recurrence="escalating", round_no=3)
    assert TrapDamage().resolve(params, DEFAULT, (7, None)).raw == 11
    with pytest.raises(ParameterError):
        hz.ongoing_raw(4, 3, 0, escalating=True)


def test_001c_tv48_boiling_oil() -> None:  # 001c TV-48
    assert hz.positional_modifier("danger", 80, 30) == -5
    assert hz.positional_modifier("danger", 80, 95) == 0  # outside the zone


def test_001c_tv49_bonfire() -> None:  # 001c TV-49
    assert hz.positional_modifier("safety", 70, 10) == 6
    assert hz.positional_modifier("safety", 70, 0) == 7


def test_001c_tv52_ragnar_drowns() -> None:  # 001c TV-52
    difficulty = hz.swim_difficulty("choppy", "mild")
    assert difficulty == 4 + 3
    assert 5 < difficulty
    assert 64 - hz.drowning_loss(1, DEFAULT, failed_by=2) == 58
    rule = RuneOptions(drowning_damage="escalating_rule")
    assert hz.drowning_loss(1, rule, failed_by=2, non_armour_soak=3) == 5  # 6 + 2 - 3


def test_001c_tv53_drowning_escalates() -> None:  # 001c TV-53
    assert [hz.drowning_loss(r, DEFAULT) for r in (1, 2, 3)] == [6, 8, 10]


def test_swim_modifiers() -> None:  # 001c §7.3
    assert hz.swim_difficulty("tranquil") == 1
    assert hz.swim_difficulty("undercurrent", "fast", heading=True, round_no=3) == 4 + 5 + 6 + 2 + 2
    assert hz.swim_difficulty("choppy", pulling_sta=2) == 4 + 4 + 2
    assert hz.swim_difficulty("raging", rope_str=3) == 4 + 3 - 6


@pytest.mark.parametrize(("load", "modifier"), [(3, 6), (Fraction(1, 2), 1), (4, 8), (Fraction(1, 4), 0)])
def test_001c_tv55_equipment_modifiers(load: Fraction, modifier: int) -> None:  # 001c TV-55
    assert eq.item_modifier(load=load) == modifier
    assert eq.item_modifier(load=load, dwarven=True, magical=True) == modifier + 9
    assert eq.item_modifier(item="helm_of_power") == 10


def test_001c_tv56_equipment_difficulty() -> None:  # 001c TV-56
    assert (eq.damage_difficulty(16), eq.damage_difficulty(None), eq.damage_difficulty(0)) == (8, 3, 3)


def test_001c_tv57_armour() -> None:  # 001c TV-57, A-24
    assert eq.harm_armour(8, 3, DEFAULT) == eq.Harm("repairable", 6)
    assert eq.harm_armour(8, 3, RuneOptions(armour_damage="half")) == eq.Harm("repairable", 7)
    assert eq.harm_armour(2, 3, DEFAULT).state == "destroyed"


def test_001c_tv58_weapon() -> None:  # 001c TV-58
    assert eq.harm_weapon(5, 5, 12, 5) == eq.Harm("repairable", atk=0, dfn=0, dam=2)
    assert eq.harm_weapon(5, 5, 12, 6).state == "destroyed"


def test_001c_tv59_shield() -> None:  # 001c TV-59
    assert eq.harm_shield(2, 12) == eq.Harm("destroyed", -10)


def test_001c_tv60_kit() -> None:  # 001c TV-60, A-75
    by_rule = eq.failure(3, 1, eq.damage_difficulty(16))
    assert by_rule == 4 and eq.harm_kit(by_rule) == eq.Harm("slight", impairment=1)
    by_book = eq.failure(3, 1, 12)
    assert by_book == 8 and eq.harm_kit(by_book) == eq.Harm("mostly", impairment=2)
    assert eq.harm_kit(9).state == "destroyed"


def test_001c_tv61_charm() -> None:  # 001c TV-61
    assert eq.harm_charm(3, 7) == eq.Harm("damaged", 0)
    assert eq.harm_charm(3, 9).state == "destroyed"


def test_001c_tv62_helm() -> None:  # 001c TV-62
    assert eq.harm_helm(4, 11) == eq.Harm("repairable", 1)


def test_potions_loot_and_legends() -> None:  # 001c §7.4, A-25
    assert eq.harm_other("potion", 1).state == eq.harm_other("loot", 1).state == "destroyed"
    assert eq.harm_other("legendary", 4).state == "doubled_cost"
    with pytest.raises(ParameterError):
        eq.item_modifier(item="saddle_of_odin")


def test_001c_tv63_falling() -> None:  # 001c TV-63, A-27
    assert hz.fall(23, jump_total=6) == hz.Hit(20, 20)
    assert hz.fall(23, jump_total=5, non_armour_soak=4) == hz.Hit(30, 26)
    with pytest.raises(ParameterError):
        hz.fall(8, 6)


def test_001c_tv64_fire() -> None:  # 001c TV-64, A-80
    burning = hz.flame_exposure(5, quilted=True, options=DEFAULT)
    assert burning is not None and burning.damage == 7
    assert hz.smother_difficulty(burning) == 4
    burning = hz.smother(burning, 3)
    assert (burning.out, burning.damage, hz.smother_difficulty(burning)) == (False, 9, 5)
    assert hz.smother(burning, 7 + 3).out
    assert hz.flame_exposure(5, quilted=False, options=DEFAULT) is None
    other = hz.flame_exposure(5, quilted=False, options=RuneOptions(flame_ignites="misses_difficulty"))
    assert other is not None and other.damage == 7
    assert hz.burn_on(hz.raging_fire()).damage == 14  # nobody tried: 2 more, no failed try counted
    assert hz.burn_on(hz.raging_fire()).failed_smothers == 0
    raging = hz.raging_fire()
    assert (raging.damage, hz.smother_difficulty(raging)) == (12, 6)


def test_001c_tv65_lost() -> None:  # 001c TV-65
    state = hz.map_roll(hz.Lost(), success=False)  # Thurid
    assert state.needed == 2
    state = hz.map_roll(state, success=False)  # Ragnar
    assert state.needed == 3
    state = hz.map_roll(state, success=True, triumph=True)  # Thurid: two in a row
    assert not state.found
    state = hz.map_roll(state, success=True)
    assert state.found and state.rolls == 4
    with pytest.raises(ParameterError):
        hz.map_roll(state, success=True)


def test_lost_needs_at_most_four() -> None:  # 001c §7.7
    state = hz.Lost()
    for _ in range(6):
        state = hz.map_roll(state, success=False)
    assert state.needed == 4
    assert hz.map_roll(hz.Lost(), success=True) == hz.Lost()  # on the right path: not lost, nothing counted


def test_001c_tv66_exhaustion() -> None:  # 001c TV-66, A-79
    hit, impaired = hz.exhaustion(7, failed_by=1)
    assert (hit.raw, impaired) == (8, 0)
    assert hz.exhaustion(7, 1, non_armour_soak=3, botch=True) == (hz.Hit(8, 5), 1)


def test_001c_tv67_wandering_monster() -> None:  # 001c TV-67, A-28
    assert hz.wandering_threat(4 - (-4)) == "inferior"
    assert [hz.wandering_threat(d) for d in (3, 4, 10, 13, 16)] == ["pitiful", "weak", "equal", "superior",
                                                                    "superior"]  # fmt: skip


def test_001c_tv71_nuisance() -> None:  # 001c TV-71, A-16
    assert hz.nuisance_bite(4, armour_prot=2) == hz.Hit(12, 12)
    assert hz.nuisance_bite(4, armour_prot=3, non_armour_soak=2) == hz.Hit(4, 2)
    assert hz.nuisance_difficulties(4, taken=5) == (11, 10)


def test_grabbed_and_ambushed() -> None:  # 001c §7.2, §7.8, A-22
    assert hz.grabbed() == {"missile_atk": 3, "atk": -3, "dfn": -3}
    assert [hz.ambush_penalty(r) for r in (1, 2, 3, 4)] == [(6, 6, 6), (3, 3, 0), (1, 1, 0), (0, 0, 0)]
    assert [hz.ambush_penalty(r, recovered=True) for r in (2, 3)] == [(2, 2, 0), (0, 0, 0)]
    assert hz.ambush_penalty(3, recovered_late=True) == (0, 0, 0)
    assert hz.non_wound_impairment(5) == 2  # 001c A-69


def test_victims_drawn_at_random() -> None:  # 001c §6.9, §6.10: the runner's random pick, checked tape by tape
    from brute import enumerate_outcomes

    heroes = ["Astrid", "Bjorn", "Canute", "Dagny"]
    odds = enumerate_outcomes(lambda src: frozenset(hz.pick_victims(heroes, 2, src)))
    assert len(odds) == 6 and set(odds.values()) == {Fraction(1, 6)}
    for hero in heroes:
        assert sum(p for picked, p in odds.items() if hero in picked) == hz.victim_chance(4, 2) == Fraction(1, 2)
    assert hz.victim_chance(3, 5) == 1
    with pytest.raises(ParameterError):
        hz.pick_victims(["Astrid", "Astrid"], 1, SeededSource(1))
