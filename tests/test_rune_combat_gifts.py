"""Divine Gifts in a fight (spec 001b §2.1, §2.5): the conditional gifts on the rolls while their condition holds,
named beside the roll; gifts used as moves, refused with one reason and nothing changed; buying a gift mid-round
with the free VP the fight knows; undo."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.errors import ParameterError
from test_rune_combat import Fight, fighter, hero

LEAF, LOFTY, BRACED = "Like a Wind-Tossed Leaf", "From Lofty Asgard's Peaks", "Implacably Braced"


def gifted(name: str, at: tuple[int, int], gifts: dict[str, int], **more: Any) -> dict[str, Any]:
    return hero(name, at, gift_ranks=gifts, **more)


def test_like_a_wind_tossed_leaf_while_ducking_and_weaving_adds_x_to_atk_dfn_dam_and_soak() -> None:
    fight = Fight(gifted("Ragnar", (0, 0), {"like_a_wind_tossed_leaf": 2}, init=9), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    plain = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="hold_ground")["attack"]
    assert LEAF not in plain["atk"].get("modifiers", {})  # holding ground is not ducking and weaving
    fight.next_round(Ragnar=[5], Goblin=[4])
    fight.do("pass", who="Ragnar")
    blow = fight.do("attack", [9, 2], who="Goblin", target="Ragnar")["attack"]
    assert LEAF not in blow["dfn"].get("modifiers", {})
    fight = Fight(gifted("Ragnar", (0, 0), {"like_a_wind_tossed_leaf": 2}, init=9), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="duck_and_weave")["attack"]
    assert swing["atk"]["modifiers"] == {LEAF: 2} and swing["atk"]["total"] == 5 + 5 + 2
    assert swing["dam_modifiers"] == {LEAF: 2} and swing["dam"] == 6 + 2
    back = fight.do("attack", [9, 5], who="Goblin", target="Ragnar")["attack"]  # he still ducks and weaves
    assert back["dfn"]["modifiers"] == {"duck and weave": 1, LEAF: 2} and back["dfn"]["total"] == 5 + 5 + 3
    assert back["soak_modifiers"] == {LEAF: 2} and back["soak"] == 3 + 2


def test_from_lofty_asgards_peaks_on_the_higher_ground_and_implacably_braced_holding_ground() -> None:
    fight = Fight(
        gifted("Ragnar", (0, 0), {"from_lofty_asgards_peaks": 3, "implacably_braced": 1}, init=9),
        fighter("Goblin", (2, 0)),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", high_ground="attacker")["attack"]
    assert swing["atk"]["modifiers"] == {"high ground": 2, LOFTY: 3} and swing["dam"] == 6 + 3
    fight.next_round(Ragnar=[5], Goblin=[5])
    held = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="hold_ground")["attack"]
    assert held["atk"]["modifiers"] == {"hold ground": 1, BRACED: 1} and held["dam"] == 6 + 1
    back = fight.do("attack", [9, 2], who="Goblin", target="Ragnar", high_ground="defender")["attack"]
    assert back["dfn"]["modifiers"] == {"high ground": 2, LOFTY: 3, BRACED: 1}
    assert back["soak_modifiers"] == {LOFTY: 3, BRACED: 1} and back["soak"] == 3 + 4


@pytest.mark.parametrize(("paces", "bonus"), [(10, 0), (12, 0), (13, 1), (16, 2), (19, 3)])
def test_the_clatter_of_rushing_boots_adds_a_point_each_3_paces_of_charge_beyond_10(paces: int, bonus: int) -> None:
    fight = Fight(
        gifted("Ragnar", (0, 0), {"the_clatter_of_rushing_boots": 1}, init=9, move_half=30),
        fighter("Goblin", (paces + 2, 0)),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", move_to=[paces, 0])["attack"]
    expected = {"charging": 3, **({"The Clatter of Rushing Boots": bonus} if bonus else {})}
    assert swing["atk"]["modifiers"] == expected
    assert swing["atk"]["total"] == 5 + 5 + sum(expected.values())


def test_the_clatter_of_rushing_boots_costs_a_braced_opponent_x_dfn() -> None:
    pike = {"weapon": "pike", "init": 5, "atk": 5, "dfn": 5, "dam": 5}
    fight = Fight(
        fighter("Goblin", (0, 0), weapons=[pike]),
        gifted("Ragnar", (24, 0), {"the_clatter_of_rushing_boots": 2}, init=25, move_half=22),
    )
    fight.roll_all(Goblin=[5], Ragnar=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", move_to=[2, 0])["attack"]
    assert swing["atk"]["modifiers"] == {"charging": 3, "The Clatter of Rushing Boots": 4}  # 22 paces
    assert swing["dfn"]["modifiers"] == {"braced longshaft": 3, "The Clatter of Rushing Boots": -2}


@pytest.mark.parametrize(("face", "storm"), [(5, 0), (8, 0), (9, 2)])
def test_sudden_as_a_mountain_storm_on_an_init_total_over_20(face: int, storm: int) -> None:
    """INIT 12 + the die: over 20 from a 9 up (a total of exactly 20 is not over it)."""
    fight = Fight(gifted("Ragnar", (0, 0), {"sudden_as_a_mountain_storm": 1}, init=12), fighter("Goblin", (2, 0)))
    rolled = fight.do("initiative", [face], who="Ragnar")
    base = 12 + face
    assert rolled["total"] == base + storm
    assert rolled.get("modifiers", {}).get("Sudden as a Mountain Storm", 0) == storm
    assert (base > 20) == bool(storm)


def test_sudden_as_a_mountain_storm_may_give_another_action() -> None:
    fight = Fight(gifted("Ragnar", (0, 0), {"sudden_as_a_mountain_storm": 3}, init=14), fighter("Goblin", (2, 0)))
    rolled = fight.do("initiative", [9], who="Ragnar")
    assert rolled["total"] == 14 + 9 + 6 and rolled["steps"] == [29, 9]


def test_flesh_cries_out_for_piercing_after_cutting_in_and_more_right_after_a_miss() -> None:
    def cut_in(goblin_faces: list[int], options: dict[str, Any] | None = None) -> dict[str, Any]:
        fight = Fight(
            gifted("Ragnar", (0, 0), {"flesh_cries_out_for_piercing": 2}, init=27),
            fighter("Goblin", (2, 0), init=20),
            options=options,
        )
        fight.roll_all(Ragnar=[5], Goblin=[5])
        fight.do("wait", who="Ragnar")
        fight.do("attack", goblin_faces, who="Goblin", target="Ragnar")
        fight.do("cut_in", who="Ragnar")
        swing: dict[str, Any] = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
        return swing

    name = "Flesh Cries Out for Piercing"
    hit = cut_in([9, 2])  # the goblin hit: the plain case
    assert hit["atk"]["modifiers"] == {name: 2} and "dam_modifiers" not in hit
    missed = cut_in([2, 9])  # right after the goblin missed him
    assert missed["atk"]["modifiers"] == {name: 2} and missed["dam_modifiers"] == {name: 4}
    stacked = cut_in([2, 9], {"flesh_cries_out_stacking": True})
    assert stacked["atk"]["modifiers"] == {name: 4} and stacked["dam_modifiers"] == {name: 4}
    fight = Fight(gifted("Ragnar", (0, 0), {"flesh_cries_out_for_piercing": 2}, init=27), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    in_turn = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]  # no wait: nothing
    assert name not in in_turn["atk"].get("modifiers", {})


def test_gifts_are_checked_when_the_fight_is_set_up() -> None:
    with pytest.raises(ParameterError, match="no Divine Gift or Rune Power is called 'wings'"):
        Fight(gifted("Ragnar", (0, 0), {"wings": 1}), fighter("Goblin", (2, 0)))
    with pytest.raises(ParameterError, match="at most 8 levels"):
        Fight(gifted("Ragnar", (0, 0), {"curds_of_utgardaloki": 9}), fighter("Goblin", (2, 0)))
    with pytest.raises(ParameterError, match="foes never have Divine Gifts"):
        Fight(hero("Ragnar", (0, 0)), fighter("Goblin", (2, 0), gift_ranks={"obscuring_mist": 1}))
    fight = Fight(gifted("Ragnar", (0, 0), {"obscuring_mist": 1, "mjolnir_awakes": 3}), fighter("Goblin", (2, 0)))
    assert (fight.who("Ragnar").gifts, fight.who("Ragnar").gift_levels) == (2, 4)  # the initiative tie-break
