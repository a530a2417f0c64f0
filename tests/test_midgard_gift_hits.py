"""Midgard gifts armed with an attack (paid only when it hits or is blocked), gifts that change the attack
itself (Bull Charge, Adaptive Fighting, Shield Splitter), The Thorn Bush Defence, and the carry-overs of
Flow of Combat, True Diligence and Lucky Boon."""

from __future__ import annotations

from typing import Any

import pytest

from test_midgard_combat import Game, pc
from test_midgard_gift_casts import duel, started

CHAIN = {"body": "chainmail"}


def hit_with(gifts: list[str], g: dict[str, Any], foe: dict[str, Any], faces: list[int]) -> tuple[Game, dict[str, Any]]:
    game = started(duel({"weapons": ["sax"], "skills": {"Sax": 1}, **g}, foe), {"action": "strike", "target": "foe"})
    game.do("cast", actor="g", manual=faces, gifts=gifts, goal="margin")
    game.do("resolve")
    return game, game.do("take_hit", location="body")


@pytest.mark.parametrize("points,pool", [(0, 16 - 1), (2, 16 - 3)])
def test_hammer_of_thor_cuts_the_armours_hardness_and_is_paid_on_the_hit(points: int, pool: int) -> None:
    gifts = [f"hammer_of_thor:{points}"] if points else []
    game, out = hit_with(gifts, {"gifts": ["hammer_of_thor"]}, {"armour": CHAIN}, [3, 3, 2])  # margin 1 + Sax 4
    assert out["damage"] == 5 and out["wounds"] == 1  # AP 1; 4 against hardness 3 (or 1) into the pool
    assert out["armour_pool"] == pool and game.who("g").wyrd == 12 - points


def test_an_armed_gift_is_not_paid_when_the_attack_misses() -> None:
    game = started(duel({"weapons": ["sax"], "gifts": ["simple_strength"]}), {"action": "strike", "target": "foe"})
    game.do("cast", actor="g", manual=[2, 2, 2], gifts=["simple_strength"], goal="margin")
    assert game.do("resolve")["hit"] is False and game.who("g").wyrd == 12
    hammer = started(
        duel({"weapons": ["sax"], "gifts": ["hammer_of_thor", "simple_strength"]}, hammer_of_thor_repeatable=False),
        {"action": "strike", "target": "foe"},
    )
    hammer.refuse("cast", "one point of hardness", actor="g", manual=[2, 2, 2], gifts=["hammer_of_thor:2"])
    move = started(duel({"gifts": ["simple_strength"]}), {"action": "move"})
    assert move.state.stage == "resolution"  # nothing to cast: a gift for attacks has no cast to ride on


def test_simple_strength_penetrating_attack_and_the_branch_that_grows() -> None:
    _, out = hit_with(
        ["simple_strength"], {"gifts": ["simple_strength"], "skills": {"Sax": 1, "Might": 2}}, {}, [3, 3, 2]
    )
    assert out["damage"] == 1 + 4 + 2
    game, out = hit_with(
        ["penetrating_attack"],
        {"gifts": ["penetrating_attack"], "skills": {"Sax": 1, "Alertness": 2}},
        {"armour": CHAIN},
        [3, 3, 2],
    )
    assert out["wounds"] == 1 + 2 + 0  # AP 1 + 2; the other 2 stopped by hardness 3
    assert any(e.kind == "ap" and e.value == 2 for e in game.who("g").effects)  # for the rest of the round
    archer = duel(
        {"weapons": ["bow"], "skills": {"Archery": 1}, "runes": {"A": 6}, "gifts": ["the_branch_that_grows:odin"]}
    )
    started(archer, {"action": "strike", "target": "foe"})
    archer.do("cast", actor="g", manual=[3, 3, 2], gifts=["the_branch_that_grows"], goal="margin")
    archer.do("resolve")
    assert archer.do("take_hit", location="body")["damage"] == 1 + 4 + 3
    sword = started(
        duel({"weapons": ["sax"], "gifts": ["the_branch_that_grows:thor"]}), {"action": "strike", "target": "foe"}
    )
    sword.refuse("cast", "shot arrow or thrown spear", actor="g", manual=[2, 2, 2], gifts=["the_branch_that_grows"])


def test_breakthrough_defences_after_a_block() -> None:
    game = Game(
        [
            pc("g", wyrd=5, ws=2, weapons=["sax"], skills={"Sax": 1, "Alertness": 2}, gifts=["breakthrough_defences"]),
            pc("foe", "raiders", ws=2, runes={"H": 5}, skills={"Shields": 3}, weapons=["round_shield"]),
        ]
    )
    started(game, {"action": "strike", "target": "foe"}, {"action": "block"})
    game.do("cast", actor="g", manual=[3, 3, 2], gifts=["breakthrough_defences"], goal="margin")
    game.do("cast", actor="foe", manual=[3, 3, 3, 4, 4], goal="speed")
    out = game.finish_segment()["g"]
    assert out["stopped_by"] == "block" and "breakthrough" in out["gifts"][0] and game.who("g").wyrd == 4
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    assert len(game.do("cast", actor="g", manual=[2] * 5)["faces"]) == 3 + 2


def test_shield_splitter_lowers_the_items_hardness() -> None:
    foe = {"weapons": ["sax"], "defence": 1}
    for duration, kept in (("this_attack", False), ("round", True)):
        game = Game(
            [
                pc("g", wyrd=4, weapons=["large_axe"], runes={"T": 5}, skills={"Axes": 3}, gifts=["shield_splitter"]),
                pc("foe", "raiders", **foe),
            ],
            shield_splitter_duration=duration,
        )
        started(game, {"action": "target_weapon", "target": "foe", "item": "sax"})
        game.do("cast", actor="g", manual=[3, 3, 2, 2, 2], gifts=["shield_splitter"], goal="margin")  # D 1+2-1-1
        game.do("resolve")
        out = game.do("take_hit")
        assert out["item_damage"] == 3 + 6 - (8 - 3) and game.who("foe").items[0].broken
        assert any(e.kind == "item_hardness" for e in game.who("foe").effects) is kept


@pytest.mark.parametrize("choice", ["ignore", "wounds"])
def test_bull_charge(choice: str) -> None:
    game = Game(
        [
            pc("g", wyrd=4, weapons=["large_axe"], runes={"T": 5}, skills={"Axes": 2}, gifts=["bull_charge"]),
            pc("foe", "raiders", defence=2),
            pc("bystander", "raiders"),
        ]
    )
    game.do("next_segment")
    plan = {"g": {"action": "knock_back", "target": "foe", "extra_targets": ["bystander"], "prone": True}}
    for cid in game.state.order:
        game.do("declare", actor=cid, **plan.get(cid, {"action": "move"}))
    game.refuse("cast", "choose one", actor="g", manual=[2] * 5, gifts=["bull_charge"])
    out = game.do("cast", actor="g", manual=[3, 3, 5, 2, 2], gifts=[f"bull_charge:{choice}"], goal="margin")
    difficulty = game.declaration("g").cast.difficulty  # type: ignore[union-attr]
    assert difficulty == (2 - 1 if choice == "ignore" else 2 - 1 + 2 + 1) and out["success"]
    if choice == "ignore":
        while game.state.stage == "resolution":
            if game.state.pending is not None:
                game.do("take_hit", location="body")
            else:
                game.do("resolve", location="body")
        assert game.who("foe").prone and game.who("foe").wounds == 0


def test_bull_charge_wounds_as_well_as_pushing() -> None:
    game = started(
        duel({"weapons": ["large_axe"], "runes": {"T": 5}, "skills": {"Axes": 2}, "gifts": ["bull_charge"]}),
        {"action": "knock_back", "target": "foe"},
    )
    game.do("cast", actor="g", manual=[3, 3, 5, 2, 2], gifts=["bull_charge:wounds"], goal="margin")  # D 2 - 1
    game.do("resolve")
    out = game.do("take_hit", location="body")
    assert out["feet"] == 5 + 5 * 3 and out["damage"] == 3 + 6 and game.who("foe").wounds == 9


def test_adaptive_fighting_casts_with_the_imitated_weapons_skill() -> None:
    game = started(
        duel({"weapons": ["sax"], "skills": {"Spears": 2}, "gifts": ["adaptive_fighting"]}),
        {"action": "strike", "target": "foe"},
    )
    game.refuse("cast", "imitated weapon", actor="g", manual=[2] * 3, gifts=["adaptive_fighting"])
    out = game.do("cast", actor="g", manual=[2] * 3, gifts=["adaptive_fighting:spears"])
    assert out["tokens"]["free"] == 2 and out["tokens"]["merkstave"] == 1
    assert game.declaration("g").cast.skill == "Spears"  # type: ignore[union-attr]


@pytest.mark.parametrize("reading,wounds", [("weapon_damage_with_ap", 1), ("weapon_damage_no_ap", 0)])
def test_the_thorn_bush_defence_bites_a_failed_attacker(reading: str, wounds: int) -> None:
    game = Game(
        [
            pc("g", wyrd=6, weapons=["sax"], skills={"Athletics": 1}, gifts=["thorn_bush_defence"]),
            pc("foe", "raiders", weapons=["sax"], armour={"body": "chainmail"}),
        ],
        thorn_bush_damage=reading,
    )
    game.do("next_segment")
    order = game.state.order
    for cid in order:
        if cid == "g":
            game.do("declare", actor="g", action="dodge", gifts=["thorn_bush_defence"])
        else:
            game.do("declare", actor="foe", action="strike", target="g")
    assert game.who("g").wyrd == 3
    game.do("cast", actor="foe", manual=[2, 2, 2], goal="margin")
    game.do("cast", actor="g", manual=[2, 2, 2], goal="speed")
    out = game.do("resolve", location="body")
    assert out["hit"] is False and out["thorn_bush"]["wounds"] == wounds
    late = Game(
        [pc("g", wyrd=6, ws=2, weapons=["sax"], gifts=["thorn_bush_defence"]), pc("foe", "raiders", ws=2)],
        thorn_bush_declaration="first_segment_only",
    )
    late.do("next_segment")
    late.declare_all(g={"action": "move"}, foe={"action": "move"})
    late.finish_segment()
    late.do("next_segment")
    if late.state.order[0] == "foe":
        late.do("declare", action="move")
    late.refuse("declare", "first segment", actor="g", action="dodge", gifts=["thorn_bush_defence"])


def test_flow_of_combat_carries_a_dodges_margin_to_the_next_attack() -> None:
    game = Game(
        [
            pc("g", wyrd=6, ws=2, weapons=["sax"], skills={"Athletics": 1}, gifts=["flow_of_combat"]),
            pc("foe", "raiders", ws=2, weapons=["sax"]),
        ]
    )
    started(game, {"action": "dodge"}, {"action": "move"})
    game.do("cast", actor="g", manual=[5, 5, 3], gifts=["flow_of_combat"], goal="margin")
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    out = game.do("cast", actor="g", manual=[2, 2, 2])
    assert out["tokens"]["past"] == 3 and game.who("g").wyrd == 4  # margin 2 + the free token on Outcome


def test_lucky_boon_and_true_diligence_on_a_declared_luck_cast() -> None:
    game = Game(
        [
            pc(
                "g",
                wyrd=9,
                ws=2,
                runes={"F": 4},
                skills={"Luck": 1},
                weapons=["sax"],
                gifts=["lucky_boon", "true_diligence"],
            ),
            pc("foe", "raiders", ws=2),
        ]
    )
    started(game, {"action": "luck"}, {"action": "move"})
    game.refuse("cast", "already takes the action", actor="g", manual=[2] * 3, gifts=["lucky_boon:instant"])
    out = game.do("cast", actor="g", manual=[3, 5, 2, 2, 2], gifts=["lucky_boon:dice+skill"], goal="margin")
    assert len(out["faces"]) == 3 + 2 and game.who("g").wyrd == 9 - 2
    game.finish_segment()
    assert game.who("g").carry_free == out["margin"] == 1
    game.do("next_segment")
    game.declare_all(g={"action": "luck"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[3, 5, 4], gifts=["true_diligence"], goal="speed")
    rec = game.declaration("g").cast
    assert rec is not None and rec.future == 0 and rec.margin == 1  # the 4 counts for nothing
    game.finish_segment()
    g = game.who("g")
    assert (g.carry_past, g.carry_outcome, g.no_future, g.carry_free) == (1, 1, True, 1)  # luck keeps luck's
