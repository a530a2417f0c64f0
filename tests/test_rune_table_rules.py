"""The gallery's and the terrain's rules at the table (spec 001b §9, §11): cover and elevation, slope falls,
rolling collisions, decoys, hostages, the tube-striker, the medic's barb-net, the Dishonored, the land crab and
the wendol. 001b TV-40, TV-42, TV-46 to TV-50."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runehall.errors import ParameterError
from runehall.systems.rune.encounters import table_rules as t
from runehall.systems.rune.options import RuneOptions

COVER = {"third": -3, "half": -6, "full": -12}  # 001b §11.3's table


# -- cover and elevation ----------------------------------------------------------------------------------
def test_001b_tv40_cover_and_elevation() -> None:  # 001b TV-40
    assert t.cover_modifier("half", shooter_height=20) == -6 + 2 * 3 == 0
    assert t.cover_modifier("half", target_height=20) == -6 - 6 == -12
    assert t.cover_modifier("third", shooter_height=20) == 0  # not +3
    assert t.cover_modifier("third", shooter_height=20, options=RuneOptions(cover_elevation_never_a_bonus=False)) == 3


@given(st.sampled_from(sorted(COVER)), st.integers(0, 80), st.integers(0, 80))
def test_cover_against_full_steps_of_ten_feet(cover: str, shooter: int, target: int) -> None:
    rise = shooter - target
    steps = rise // 10 if rise >= 0 else -((-rise) // 10)  # only full 10 feet count, up or down
    got = t.cover_modifier(cover, shooter, target)  # type: ignore[arg-type]
    assert got == min(0, COVER[cover] + 3 * steps)


# -- slopes ----------------------------------------------------------------------------------------------
def test_001b_tv42_slope_fall() -> None:  # 001b TV-42
    assert t.knockdown_roll_needed(17, "slope") and not t.knockdown_roll_needed(14, "slope")
    assert t.knockdown_roll_needed(10, "slippery") and not t.knockdown_roll_needed(9, "slippery")
    fall = t.slope_fall(dfn_total=8, atk_total=14, direction_die=5)  # fails by 6
    assert fall.fell and fall.shortfall == 6 and fall.paces == 3 * 6 == 18 and fall.turn_degrees == 0
    assert t.slope_fall(8, 14, direction_die=2).turn_degrees == 45  # back and to the attacker's left
    assert t.slope_fall(8, 14, direction_die=10).turn_degrees == -45
    only = t.slope_fall(dfn_total=9, atk_total=14)
    assert only.fell and only.paces == 0  # failing by 5: falls, does not roll
    assert not t.slope_fall(14, 14).fell
    with pytest.raises(ParameterError):
        t.slope_fall(8, 14)  # he rolls: the direction die is needed


@given(st.integers(1, 10))
def test_the_slope_direction_die(die: int) -> None:
    turn = t.slope_fall(0, 20, direction_die=die).turn_degrees
    assert turn == (45 if die <= 3 else 0 if die <= 6 else -45)


def test_a_rolling_hero_reaching_someone() -> None:
    assert t.rolling_collision(6) == "unaffected"
    assert t.rolling_collision(1) == "entangled"  # fails by 5
    assert t.rolling_collision(0) == "knocked_down"  # fails by 6
    assert t.rolling_collision(0, RuneOptions(rolling_big_miss="entangled")) == "entangled"


# -- decoys and hostages -------------------------------------------------------------------------------------
def test_001b_tv46_decoy_panic() -> None:  # 001b TV-46
    assert t.decoy_panics(2, decoys_on_field=3) and not t.decoy_panics(5, decoys_on_field=3)
    assert t.decoy_panics(3, 3) and not t.decoy_panics(3, decoys_on_field=2, decoys_placed=3)
    assert t.decoy_panics(3, 2, 3, RuneOptions(decoy_panic_counts="placed"))
    assert t.decoy_atk_penalty(2) == -2
    assert t.decoy_atk_penalty(2, decoys_on_field=4, options=RuneOptions(decoy_penalty_scope="all_on_field")) == -4
    assert t.decoy_downed(6, 3) == (True, True) and t.decoy_downed(6, 4) == (True, False)
    assert t.decoy_downed(5, 3) == (False, False)
    with pytest.raises(ParameterError):
        t.decoy_panics(11, 3)


def test_001b_tv47_hostage_shielding() -> None:  # 001b TV-47
    hit = t.hostage_shield(14, captor_soak=5, atk_total=12, captor_dfn_total=8)
    assert (hit.captor_loses, hit.hostage_loses, hit.bypassed) == (14 - 11, 6, False)
    assert 18 - hit.hostage_loses == 12
    bypass = t.hostage_shield(14, captor_soak=5, atk_total=18, captor_dfn_total=8)
    assert (bypass.captor_loses, bypass.hostage_loses, bypass.bypassed) == (9, 0, True)
    kept = t.hostage_shield(14, 5, 18, 8, bypass=False)  # the player may keep the hostage in the way
    assert kept.hostage_loses == 6
    third_hero = t.hostage_shield(14, 5, 12, 8, shielded=False)  # the captor shields against two heroes only
    assert (third_hero.captor_loses, third_hero.hostage_loses) == (9, 0)
    assert t.hostage_shield(4, 5, 12, 8).hostage_loses == 4  # never more than the raw damage


# -- the gallery ---------------------------------------------------------------------------------------------
def test_001b_tv48_tube_striker_throw() -> None:  # 001b TV-48
    assert t.tube_striker_throw(15, 11, "object") == 8 * 4 == 32
    assert t.tube_striker_throw(15, 11, "hero") == 4 * 4 == 16
    assert [t.tube_striker_attack(d) for d in (1, 2)] == ["grab", "bite"]
    assert [t.tube_striker_grabs(d) for d in (1, 2)] == ["hero", "object"]
    assert t.tube_striker_severs(8, sharp=True) and not t.tube_striker_severs(8, sharp=False)
    assert not t.tube_striker_severs(7, sharp=True)
    assert t.tube_striker_direction(6) == 6
    with pytest.raises(ParameterError):
        t.tube_striker_direction(7)


def test_001b_tv49_medic_barb_net() -> None:  # 001b TV-49
    assert t.barb_net_escape_difficulty(14, 9) == 6 + 5 == 11
    assert t.barb_net_damage() == (20, False)  # ordinary damage: Soak applies
    assert t.barb_net_damage(RuneOptions(barb_net_damage="armor_ignoring")) == (20, True)


def test_001b_tv50_dishonored_recovery_and_split() -> None:  # 001b TV-50
    assert t.dishonored_blow(hp_after=-3, damage=10, wound_threshold=15) == "down"  # not a wounding blow
    assert t.dishonored_blow(hp_after=-3, damage=15, wound_threshold=15) == "dead"
    assert t.dishonored_blow(hp_after=4, damage=30, wound_threshold=15) == "standing"
    assert t.dishonored_recovery(9) == 3  # up with +3 HP, and +3 every round until dropped again
    assert t.dishonored_recovery(6) == 0 and t.dishonored_recovery(5) is None
    assert t.death_blow_split(10) == (5, 5) and t.death_blow_split(11) == (5, 5)  # halves, fractions dropped


def test_the_land_crab_clamps_and_the_wendol_charges() -> None:
    assert t.crab_clamps(True, 20, 10) and not t.crab_clamps(True, 19, 10) and not t.crab_clamps(False, 30, 10)
    assert t.wendol_may_charge(30) and not t.wendol_may_charge(29)
    assert not t.wendol_may_charge(40, first_attack_on_target=False)
