"""Every combat option of RuneOptions changes what the tracker does: for each non-default value, a fight that
comes out differently from the same fight under the default."""

from __future__ import annotations

from typing import Any

import pytest

from test_rune_combat import Fight, fighter, hero

BOW = {"weapon": "short_bow", "init": 20, "atk": 2, "dam": 6, "ammo": 5}
UNARMED = {"weapon": "unarmed", "init": 5, "atk": 5, "dfn": 2, "dam": 1}


def ganged(options: dict[str, Any]) -> Fight:
    """Ragnar with three foes around him, who act before him."""
    fight = Fight(
        hero("Ragnar", (0, 0), init=-10),
        fighter("A", (2, 0), init=10),
        fighter("B", (0, 2), init=5),
        fighter("C", (-2, 0), init=0),
        options=options,
    )
    fight.roll_all(Ragnar=[5], A=[5], B=[5], C=[5])
    return fight


# -- gang_up_formula ------------------------------------------------------------------------------------
def test_gang_up_counts_every_opponent_beyond_one_by_default() -> None:
    fight = ganged({})
    first = fight.do("attack", [2, 9], who="A", target="Ragnar")["attack"]  # a miss: 7 vs 14
    assert not first["hit"] and first["dfn"]["modifiers"] == {"outnumbered": -4}  # TV-GANG-1


def test_gang_up_after_the_first_hitter() -> None:
    fight = ganged({"gang_up_formula": "after_first_hitter"})
    missed = fight.do("attack", [2, 9], who="A", target="Ragnar")["attack"]
    assert "modifiers" not in missed["dfn"]  # nobody has hit him yet: no penalty at all
    hit = fight.do("attack", [9, 2], who="B", target="Ragnar")["attack"]
    assert hit["hit"] and "modifiers" not in hit["dfn"] and fight.who("Ragnar").first_hit_by == "B"
    third = fight.do("attack", [5, 5], who="C", target="Ragnar")["attack"]
    assert third["dfn"]["modifiers"] == {"outnumbered": -4}  # A and C, beyond B who hit him first


# -- init_plan_fixed ------------------------------------------------------------------------------------
def planner(options: dict[str, Any]) -> Fight:
    dagger = {"weapon": "dagger", "init": 2, "atk": 4, "dfn": 4, "dam": 5}
    fight = Fight(
        hero("Ragnar", (0, 0), init=9, weapons=[{"weapon": "club", "init": 9, "atk": 5, "dfn": 5, "dam": 6}, dagger]),
        fighter("Goblin", (2, 0), init=3),
        options=options,
    )
    fight.do("initiative", [5], who="Ragnar", plan="club")
    return fight


def test_the_initiative_plan_is_fixed_by_default() -> None:
    fight = planner({})
    fight.refuse("replan", "fixed once rolled", who="Ragnar", plan="dagger")


def test_an_open_plan_moves_the_initiative_with_the_same_die() -> None:
    fight = planner({"init_plan_fixed": False})
    result = fight.do("replan", who="Ragnar", plan="dagger")
    assert (result["plan"], result["score"], result["total"], result["steps"]) == ("dagger", 2, 7, [7])
    fight.refuse("replan", "already is dagger", who="Ragnar", plan="dagger")
    fight.do("initiative", [5], who="Goblin")
    assert fight.board.next_up() == ("Goblin", 8)
    fight.do("pass", who="Goblin")
    fight.refuse("replan", "round has passed", who="Ragnar", plan="club")  # 14 would come before step 8
    fight.do("replan", who="Ragnar", plan="noncombat")  # non-combat INIT 3: step 8, still to come
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    fight.refuse("replan", "begun acting", who="Ragnar", plan="dagger")


# -- moving_target_definition ---------------------------------------------------------------------------
def shot_at_a_charger(options: dict[str, Any]) -> dict[str, Any]:
    fight = Fight(
        hero("Ragnar", (0, 0), init=-10),
        hero("Archer", (-30, 0), init=20, weapons=[BOW]),
        fighter("Goblin", (10, 0), init=40),
        options=options,
    )
    fight.roll_all(Ragnar=[5], Archer=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Goblin", target="Ragnar", move_to=[2, 0])  # an approach, not a move action
    shot: dict[str, Any] = fight.do("attack", [5], who="Archer", target="Goblin")["attack"]
    return shot


def test_a_target_that_moved_this_round_is_harder_to_hit() -> None:
    assert shot_at_a_charger({})["atk"]["modifiers"] == {"target moved": -6}


def test_only_a_declared_move_makes_a_moving_target() -> None:
    shot = shot_at_a_charger({"moving_target_definition": "declared_move_action"})
    assert "modifiers" not in shot["atk"]
    fight = Fight(
        hero("Ragnar", (0, 0), init=-10),
        hero("Archer", (-30, 0), init=20, weapons=[BOW]),
        fighter("Goblin", (10, 0), init=40),
        options={"moving_target_definition": "declared_move_action"},
    )
    fight.roll_all(Ragnar=[5], Archer=[5], Goblin=[5])
    fight.do("move", who="Goblin", to=[10, 8], kind="full")
    moved = fight.do("attack", [5], who="Archer", target="Goblin")["attack"]
    assert moved["atk"]["modifiers"] == {"target moved": -6}


# -- armor_term_in_break_free ---------------------------------------------------------------------------
def pinned(options: dict[str, Any]) -> dict[str, Any]:
    fight = Fight(
        hero("Ragnar", (0, 0), init=0, pin=5, armor="heavy_leather", unarmed=UNARMED),
        fighter("Goblin", (2, 0), init=20, pin=4, unarmed=UNARMED),
        options=options,
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("restrain", [9, 2, 6], who="Goblin", target="Ragnar", kind="pin")
    return fight.do("break_free", [5], who="Ragnar")


def test_breaking_free_ignores_armor_by_default() -> None:
    assert pinned({})["bonus"] == {"Str + Brawling": 5}


def test_breaking_free_can_subtract_the_armors_init_rating() -> None:
    tried = pinned({"armor_term_in_break_free": "armor_init"})
    assert tried["bonus"] == {"Str + Brawling": 5, "armor Init rating": -1}
    assert tried["total"] == 9  # 5 + 5 - 1


def test_a_lost_armor_init_is_asked_for_only_when_it_counts() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=0, pin=5, armor="leather_scale", unarmed=UNARMED),
        fighter("Goblin", (2, 0), init=20, pin=4, unarmed=UNARMED),
        options={"armor_term_in_break_free": "armor_init"},
    )
    assert fight.who("Ragnar").armor_init is None
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("restrain", [9, 2, 6], who="Goblin", target="Ragnar", kind="pin")
    fight.refuse("break_free", "no known Init rating", [5], who="Ragnar")


# -- net_entangles --------------------------------------------------------------------------------------
def net_hit(options: dict[str, Any]) -> Fight:
    net = {"weapon": "net", "init": 10, "atk": 20, "dfn": 5, "dam": 2}
    fight = Fight(hero("Ragnar", (0, 0), weapons=[net]), fighter("Goblin", (2, 0), soak=0, hp=90), options=options)
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin")  # TM 15
    return fight


def test_a_plain_net_is_an_ordinary_weapon_by_default() -> None:
    fight = net_hit({})
    goblin = fight.who("Goblin")
    assert goblin.restraint is None and goblin.hp == 90 - 17


def test_a_plain_net_can_entangle_like_the_barb_net() -> None:
    fight = net_hit({"net_entangles": True})
    goblin = fight.who("Goblin")
    assert goblin.hp == 90 and goblin.restraint is not None and goblin.restraint.difficulty == 21


# -- foe_dodge_stat -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("options", "bonus"), [({}, 3), ({"foe_dodge_stat": "res_plus_qik"}, 5)])
def test_a_foe_dodges_with_res_or_res_plus_qik(options: dict[str, Any], bonus: int) -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=40, weapons=[BOW]), fighter("Goblin", (20, 0), res=3, qik=2), options=options
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    shot = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", dodge=True)["attack"]
    assert shot["dfn"]["score"] == bonus and shot["dfn"]["total"] == 5 + bonus


def test_res_plus_qik_needs_the_foes_qik() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=40, weapons=[BOW]),
        fighter("Goblin", (20, 0), res=3),
        options={"foe_dodge_stat": "res_plus_qik"},
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.refuse("attack", "give his 'qik'", [5, 5], who="Ragnar", target="Goblin", dodge=True)


# -- gift_count_basis -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("options", "first"), [({}, "X"), ({"gift_count_basis": "gift_levels"}, "Y")])
def test_heroes_tied_on_a_step_go_by_gifts_or_gift_levels(options: dict[str, Any], first: str) -> None:
    """TV-INIT-5: X has 3 Gifts (3 levels), Y has 1 Gift at level 4."""
    fight = Fight(
        hero("X", (0, 0), gifts=3, gift_levels=3),
        hero("Y", (0, 2), gifts=1, gift_levels=4),
        fighter("Troll", (2, 0)),
        options=options,
    )
    last = fight.roll_all(X=[7], Y=[7], Troll=[2])
    assert last["order"][0] == f"{first} 12"
