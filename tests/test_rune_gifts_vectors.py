"""The Divine Gifts' test vectors of spec 001b §14.1 (001b TV-01 to 001b TV-13f), each test naming its vector,
run through the catalog (gifts/catalog.py), Divine Connection (gifts/divine.py) and the rules' numbers
(gifts/formulas.py); where a rule is arithmetic over a range, a brute-force walk checks the whole range."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.systems.rune.gifts import formulas as f
from runehall.systems.rune.gifts.catalog import recharge
from runehall.systems.rune.gifts.divine import awareness, connections, primary_gods
from runehall.systems.rune.options import RuneOptions

TV01 = {
    "curds_of_utgardaloki": 1,
    "destiny_reversed": 1,
    "implacably_braced": 1,
    "imprecation_of_doom": 2,
    "like_the_leaping_stag": 2,
    "from_lofty_asgards_peaks": 1,
    "vigilance_of_heimdal": 1,
}


def test_tv01_divine_connection_and_primary_gods() -> None:
    """001b TV-01 (book): Thor, Heimdal, Odin and Ull at 2, Urd at 1; the four at 2 are primary; the sum is 9."""
    assert connections(TV01) == {"Heimdal": 2, "Odin": 2, "Thor": 2, "Ull": 2, "Urd": 1}
    assert primary_gods(TV01) == {"Odin", "Thor", "Ull", "Heimdal"}
    reading = awareness(TV01, 6)
    assert (reading.rating_sum, reading.primary, reading.gods, reading.learned) == (9, None, None, 1)
    assert awareness(TV01, 5).rating_sum is None and awareness(TV01, 5).learned == 0
    assert awareness(TV01, 8).primary == {"Odin", "Thor", "Ull", "Heimdal"} and awareness(TV01, 9).gods is None
    assert awareness(TV01, 10).gods == {"Heimdal", "Odin", "Thor", "Ull", "Urd"}


def test_tv02_no_primary_god_at_one_or_without_gifts() -> None:
    """001b TV-02: ratings Thor 1, Loki 1, Tyr 1 -> no primary god; no gifts -> none."""
    ones = {"mjolnir_awakes": 1, "obscuring_mist": 1, "valor_of_tyr": 1}
    assert connections(ones) == {"Loki": 1, "Thor": 1, "Tyr": 1}
    assert primary_gods(ones) == frozenset() and primary_gods({}) == frozenset()
    assert primary_gods({**ones, "might_of_thor": 1}) == {"Thor"}  # one god at 2 makes him primary


def test_rune_powers_never_count_and_bad_levels_are_refused() -> None:
    assert connections({"rune_power_mace": 3, "buffeting_gale": 0}) == {}
    with pytest.raises(RulesError, match="negative"):
        connections({"mjolnir_awakes": -1})
    with pytest.raises(RulesError, match="no Divine Gift"):
        primary_gods({"mjolnir": 1})


def test_tv03_dying_blow() -> None:
    """001b TV-03 (book): Impairment -3 at the final blow -> ATK +3 + X, other rolls -3 + X."""
    for x in range(1, 8):
        blow = f.dying_blow(x, 3)
        assert (blow.atk, blow.other, blow.rounds) == (3 + x, -3 + x, x)


def test_tv04_indefatigable_determination() -> None:
    """001b TV-04 (book): X 4, Impairment 3, total 12 against DFN 10 -> the gift made the hit -> +20 VP."""
    assert f.indefatigable_vp(4, 12, 3, 10) == 20
    assert f.indefatigable_vp(4, 13, 3, 10) == 0  # 13 - 3 = 10 would have hit anyway
    assert f.indefatigable_vp(4, 9, 3, 10) == 0  # missed all the same
    with pytest.raises(RulesError, match="at most 10 levels"):
        f.indefatigable_vp(11, 12, 3, 10)


def test_tv05_survive_the_lake_of_flame() -> None:
    """001b TV-05 (book): a raging fire 4, 6, 8, 10, 12; with X 3 rounds 1-6 deal 4, 4, 4, 4, 6, 8."""
    fire = [4, 6, 8, 10, 12, 14]
    assert [fire[f.lake_of_flame_step(r, 3) - 1] for r in range(1, 7)] == [4, 4, 4, 4, 6, 8]
    for x in range(1, 6):
        steps = [f.lake_of_flame_step(r, x) for r in range(1, 20)]
        assert steps[: x + 1] == [1] * (x + 1) and steps[x + 1 :] == list(range(2, 20 - x))


def test_tv06_the_wounds_close_quick() -> None:
    """001b TV-06 (book): X 2 on 3 Wounds -> 24 hours becomes 3 hours; derived: X 4 on 1 Wound -> 1 hour."""
    assert f.wounds_close_quick_hours(3, 2) == 3
    assert f.wounds_close_quick_hours(1, 4) == 1
    chart = [1, 3, 12, 24, 72, 168]
    for wounds in range(6):
        for x in range(1, 5):
            assert f.wounds_close_quick_hours(wounds, x) == chart[max(0, wounds - x)]


def test_tv07_the_clatter_of_rushing_boots() -> None:
    """001b TV-07: X 2, a 22-pace charge -> +7 ATK, the set opponent -2 DFN; 12 paces -> +3; 9 paces -> none."""
    at_22 = f.clatter_of_rushing_boots(2, 22)
    assert at_22 is not None and (at_22.atk, at_22.set_dfn) == (7, -2)
    at_12 = f.clatter_of_rushing_boots(2, 12)
    assert at_12 is not None and at_12.atk == 3
    assert f.clatter_of_rushing_boots(2, 9) is None
    with pytest.raises(RulesError, match="at most 1 levels"):
        f.clatter_of_rushing_boots(2, 22, RuneOptions(clatter_levels="one"))


def test_tv08_many_impaling_spear() -> None:
    """001b TV-08: X 4 -> on past 8 damage, 20 paces; X 11 -> past 1, 55 paces; no 12th level."""
    assert (f.many_impaling_spear(4).more_than, f.many_impaling_spear(4).paces) == (8, 20)
    assert (f.many_impaling_spear(11).more_than, f.many_impaling_spear(11).paces) == (1, 55)
    with pytest.raises(RulesError):
        f.many_impaling_spear(12)


def test_tv09_knitting_of_meat_and_bone() -> None:
    """001b TV-09: X 2, Stamina 2, die 8 -> total 12 -> 6 HP; a total of exactly 9 succeeds for 0 HP."""
    assert f.knitting_hp(2, 8 + 2 + 2) == 6
    assert f.knitting_hp(2, 9) == 0 and f.knitting_hp(2, 8) is None


def test_tv10_shoulders_wide_as_bifrost() -> None:
    """001b TV-10: X 1 -> +3, 1 extra; X 3 -> +9, 2; X 5 -> +15, 2; X 6 -> +18, 3."""
    found = {x: f.shoulders_wide_as_bifrost(x) for x in (1, 3, 5, 6)}
    assert {x: (s.engagement, s.extra_rolls) for x, s in found.items()} == {
        1: (3, 1), 3: (9, 2), 5: (15, 2), 6: (18, 3)
    }  # fmt: skip


def test_tv11_rune_recharge() -> None:
    """001b TV-11: L1 3 days, L2 24 h, L4 6 h, L5 6 h (A-24), L6 3 h, L12 10 rounds, L16 and L20 5 rounds."""
    want = {1: (3, "days"), 2: (24, "hours"), 4: (6, "hours"), 5: (6, "hours"), 6: (3, "hours"),
            12: (10, "rounds"), 16: (5, "rounds"), 20: (5, "rounds")}  # fmt: skip
    assert {level: (recharge(level).amount, recharge(level).unit) for level in want} == want


def test_tv12_rune_durations() -> None:
    """001b TV-12: Double-Bladed Axe X 3 -> 2 rounds, X 4 -> 3; Dwarven Battle Axe +5 on Exceptional, +1 on
    Pitiful; Viking Short Sword X 2 against Res 4 -> Difficulty 10, Soak +2 for 2 rounds; Goblin Spike Club X 2
    -> 20 by 10 paces, Dam 2; Hand Axe X 2 -> DFN and Soak +8, ATK and DAM -8 for 2 rounds."""
    assert f.rune_rounds("rune_power_double_bladed_axe", 3) == 2
    assert f.rune_rounds("rune_power_double_bladed_axe", 4) == 3
    assert f.battle_axe_dam("exceptional") == 5 and f.battle_axe_dam("pitiful") == 1
    assert f.rune_rounds("rune_power_dwarven_battle_axe", 4) == 4  # up to X rounds
    assert f.rune_rounds("rune_power_dwarven_battle_axe", 4, RuneOptions(battle_axe_duration="half_plus_one")) == 3
    assert f.short_sword_difficulty(4) == 10 and f.short_sword_difficulty(None) == 6  # a trap: a straight 6
    assert f.rune_rounds("rune_power_viking_short_sword", 2) == 2
    assert f.goblin_spike_club(2) == f.Cone(length=20, width=10, dam=2)
    hand = f.hand_axe(2)
    assert (hand.dfn, hand.soak, hand.atk, hand.dam, hand.rounds) == (8, 8, -8, -8, 2)
    assert f.rune_rounds("rune_power_goblin_axe", 3) == 6
    with pytest.raises(RulesError, match="at most 3 levels"):
        f.rune_rounds("rune_power_viking_short_sword", 4)


def test_tv13a_banish_his_blade() -> None:
    """001b TV-13a: X 2, 7 damage on a disarmed foe -> 7 x 3 = 21 VP; the bonus multiplies only the base."""
    assert f.banish_his_blade_vp(7, 2) == 21
    assert f.vp_bonus(7, 3) == 14 and f.vp_bonus(7, 1) == 0
    for base in range(0, 40, 7):
        for x in range(1, 5):
            assert f.banish_his_blade_vp(base, x) == base * (1 + x)
    with pytest.raises(RulesError):
        f.vp_bonus(-1, 2)


def test_tv13b_buffeting_gale() -> None:
    """001b TV-13b: X 1, knocked down and down 2 more rounds -> 60 VP; the foe's Res against 10."""
    assert f.buffeting_gale_vp(1, 2) == 60 and f.buffeting_gale_difficulty(1) == 10
    assert f.buffeting_gale_vp(3, 0) == 60


def test_tv13c_eager_arrow_and_remorse_of_hoder() -> None:
    """001b TV-13c: the farthest arrow 47 paces -> 4; an ally 35 paces away -> 3."""
    assert f.tenth_of_paces(47) == 4 and f.tenth_of_paces(35) == 3 and f.tenth_of_paces(9) == 0


def test_tv13d_curds_of_utgardaloki() -> None:
    """001b TV-13d: X 3 -> 25 free VP for +12 HP, never above the maximum."""
    assert f.curds_of_utgardaloki(3, 40, -5, 30) == f.Curds(free_vp=15, hp=7)
    assert f.curds_of_utgardaloki(3, 25, 25, 30) == f.Curds(free_vp=0, hp=30)
    with pytest.raises(RulesError, match="costs 25 free VP"):
        f.curds_of_utgardaloki(3, 24, 0, 30)


def test_tv13e_chattering_squirrel() -> None:
    """001b TV-13e: X 3 on Soak 2 -> Soak 0, not -1."""
    assert f.chattering_squirrel_soak(2, 3) == 0 and f.chattering_squirrel_soak(5, 3) == 2


def test_tv13f_eyes_like_glowing_coals() -> None:
    """001b TV-13f: Presence 2, X 2 -> 4; a Weak foe +2 (A-19) -> 6; after one earlier failure -> 9."""
    assert f.glowing_coals_difficulty(2, 2, "equal") == 4
    assert f.glowing_coals_difficulty(2, 2, "weak") == 6
    assert f.glowing_coals_difficulty(2, 2, "weak", failures=1) == 9
    assert f.glowing_coals_difficulty(2, 2, "weak", options=RuneOptions(glowing_coals_threat="none")) == 4


def test_a_level_below_one_is_refused() -> None:
    with pytest.raises(RulesError, match="at least one level"):
        f.knitting_hp(0, 12)
    with pytest.raises(RulesError, match="negative"):
        f.dying_blow(1, -3)
