"""Midgard gifts used as a combat action (declare --action gift): stances and hardened skin, fear and
confusion, runes of power, healing, help for allies, weakening a foe, plans, Fate Weaving and the Seidr
trance. Every god rune is 3 unless given: 3 dice, Defence 2, WS 1, Health 4."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.systems.midgard.combat.combatant import defence
from test_midgard_combat import Game, pc


def fight(g: dict[str, Any], *others: dict[str, Any], **options: Any) -> Game:
    people = [pc("g", **{"wyrd": 12, **g}), *(others or [pc("foe", "raiders")])]
    return Game(people, **options)


def declare(game: Game, **plans: dict[str, Any]) -> None:
    game.do("next_segment")
    for cid in game.state.order:
        game.do("declare", actor=cid, **plans.get(cid, {"action": "move"}))


def resolve_all(game: Game, location: str = "body") -> dict[str, Any]:
    done: dict[str, Any] = {}
    while game.state.stage == "resolution":
        if game.state.pending is not None:
            game.do("take_hit", location=location)
        elif game.state.checks:
            done.setdefault("checks", []).append(game.do("check", manual=[2] * 8))
        else:
            out = game.do("resolve", location=location)
            done[out["actor"]] = out
    return done


@pytest.mark.parametrize("duration,lasts", [("scene", True), ("round", False)])
def test_thick_hide_hardens_the_skin(duration: str, lasts: bool) -> None:
    game = fight(
        {"gifts": ["thick_hide"], "runes": {"H": 4}},
        pc("foe", "raiders", skills={"Sax": 2}, weapons=["sax"]),
        open_duration=duration,
    )
    declare(game, g={"action": "gift", "gift": "thick_hide"})
    assert game.declaration("g").status == "ready"
    resolve_all(game)
    assert game.who("g").wyrd == 12 - 3 and any(e.kind == "hardness" and e.value == 2 for e in game.who("g").effects)
    declare(game, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[3, 3, 5], goal="margin")  # Past 2, margin 1 + 2: 7 damage, AP 1
    out = resolve_all(game)["foe"]
    assert game.who("g").wounds == (1 + 6 - 2 if lasts else 7) and out["hit"]


def test_fist_of_thunder_and_the_look_of_dread() -> None:
    game = fight(
        {"gifts": ["fist_of_thunder", "the_look_of_dread"], "runes": {"Th": 6, "A": 5}, "ws": 2},
        pc("foe", "raiders", ws=2, courage_dice=2, courage_bonus=0),
    )
    declare(game, g={"action": "gift", "gift": "fist_of_thunder"})
    resolve_all(game)
    declare(game, g={"action": "strike", "target": "foe", "weapon": "unarmed"})
    assert game.declaration("g").damage == 3  # max(1, half(Th 6))
    game.do("cast", actor="g", manual=[2, 2, 2])
    resolve_all(game)
    game.do("next_segment")
    if game.state.order[0] == "foe":
        game.do("declare", action="move")
    game.refuse("declare", "needs a --target", actor="g", action="gift", gift="the_look_of_dread")
    game.do("declare", actor="g", action="gift", gift="the_look_of_dread", target="foe")
    if len(game.state.declarations) < 2:
        game.do("declare", action="move")
    while not game.state.checks:
        game.do("resolve")
    check = game.state.checks[0]
    assert (check.who, check.kind, check.difficulty) == ("foe", "dread", 3 + 1)  # half(A 5) + 1
    assert game.do("check", manual=[2, 2])["afraid_of"] == "g"
    assert any(e.kind == "merkstave_vs" and e.target == "g" for e in game.who("foe").effects)
    assert any(e.kind == "skill_vs" and e.target == "foe" for e in game.who("g").effects)


@pytest.mark.parametrize("tie,won", [("outcome_then_status_quo", True), ("status_quo", False)])
def test_confound_is_opposed_by_alertness(tie: str, won: bool) -> None:
    game = fight(
        {"gifts": ["confound"], "skills": {"Deception": 1}, "ws": 2}, pc("foe", "raiders", ws=2), opposed_tie=tie
    )
    declare(game, g={"action": "gift", "gift": "confound", "target": "foe"})
    assert game.declaration("g").base_speed == 1  # option confound_base_speed
    game.do("cast", actor="g", manual=[3, 5, 2])  # an opposed cast: Past and Outcome only
    game.refuse("allocate", "only on Past and Outcome", actor="g", future=1)
    game.do("allocate", actor="g", outcome=1)  # Past 1, Outcome 2
    game.do("resolve")
    out = game.do("check", manual=[3, 2, 2])  # T + Alertness 0: Past 1, a tie
    assert out["success"] is won
    slowed = [e.value for e in game.who("foe").effects if e.kind == "speed"]
    assert slowed == ([2] if won else [])


def test_rune_of_power_on_a_weapon_and_on_a_foe() -> None:
    game = fight(
        {
            "gifts": ["rune_of_power"],
            "runes": {"A": 5, "Th": 4},
            "skills": {"Writing": 1, "Sax": 1},
            "weapons": ["sax"],
            "ws": 2,
        },
        pc("foe", "raiders", ws=2),
    )
    game.do("next_segment")
    game.refuse(
        "declare", "GM sets the difficulty", actor="g", action="gift", gift="rune_of_power:damage"
    ) if game.state.order[0] == "g" else None
    plans = {"g": {"action": "gift", "gift": "rune_of_power:damage", "difficulty": 1}}
    for cid in game.state.order:
        game.do("declare", actor=cid, **plans.get(cid, {"action": "move"}))
    game.do("cast", actor="g", manual=[3, 2, 2, 2], goal="succeed")  # Th 4 + Writing
    resolve_all(game)
    assert game.who("g").wyrd == 12 - 3
    declare(game, g={"action": "strike", "target": "foe"})
    assert game.declaration("g").damage == 4 + 3
    game.do("cast", actor="g", manual=[2, 2, 2], goal="margin")
    resolve_all(game)
    declare(game, g={"action": "gift", "gift": "rune_of_power:harm", "target": "foe"})
    game.do("cast", actor="g", manual=[3, 3, 2], goal="succeed")  # T + Sax vs Defence 2
    out = resolve_all(game)["g"]
    assert out["direct_damage"] == 5 and game.who("foe").wounds == 5


def test_regenerative_power_heals_the_margin() -> None:
    game = fight(
        {"gifts": ["regenerative_power"], "courage_dice": 3, "courage_bonus": 0},
        pc("foe", "raiders", skills={"Sax": 2}, weapons=["sax"]),
    )
    declare(game, foe={"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[3, 3, 2], goal="margin")  # margin 2: 6 wounds
    resolve_all(game)
    assert game.who("g").wounds == 6
    declare(game, g={"action": "gift", "gift": "regenerative_power"})
    game.do("cast", actor="g", manual=[3, 5, 5], goal="margin")  # Courage, D 1: margin 2
    assert resolve_all(game)["g"]["healed"] == 2 and game.who("g").wounds == 4 and game.who("g").wyrd == 9


def test_cooperative_attack_helps_every_ally() -> None:
    for duration, kept in (("round", False), ("combat", True), ("next_attack", False)):
        game = Game(
            [
                pc("g", wyrd=6, ws=2, gifts=["cooperative_attack"], runes={"H": 5}, skills={"Command": 1}),
                pc("ally", ws=2, weapons=["sax"]),
                pc("foe", "raiders", ws=2, defence=2),
            ],
            cooperative_attack_duration=duration,
        )
        declare(game, g={"action": "gift", "gift": "cooperative_attack", "target": "foe"})
        game.do("cast", actor="g", manual=[3, 3, 5, 5, 2], goal="margin")  # D 2: margin 2 + 1
        resolve_all(game)
        declare(game, ally={"action": "strike", "target": "foe"})
        assert game.do("cast", actor="ally", manual=[2, 2, 2], goal="margin")["tokens"]["free"] == 3
        resolve_all(game)
        declare(game, ally={"action": "strike", "target": "foe"})
        assert game.do("cast", actor="ally", manual=[2, 2, 2], goal="margin")["tokens"]["free"] == (3 if kept else 0)


def test_details_of_war_lowers_the_foes_defence_against_the_user() -> None:
    game = fight(
        {"gifts": ["details_of_war"], "skills": {"Empathy": 2}, "weapons": ["sax"], "ws": 2},
        pc("foe", "raiders", ws=2),
        pc("other", ws=2, weapons=["sax"]),
    )
    declare(game, g={"action": "gift", "gift": "details_of_war", "target": "foe"})
    game.do("cast", actor="g", manual=[3, 5, 2], goal="margin")  # D 2: Past 1 + 1, margin 1 + 1
    resolve_all(game)
    declare(game, g={"action": "strike", "target": "foe"}, other={"action": "strike", "target": "foe"})
    assert game.declaration("g").cast is None
    g_cast = game.do("cast", actor="g", manual=[2, 2, 2])
    other_cast = game.do("cast", actor="other", manual=[2, 2, 2])
    assert defence(game.who("foe")) == 2 and "sealed" not in g_cast and "sealed" not in other_cast
    assert game.declaration("g").cast.difficulty == 0 and game.declaration("other").cast.difficulty == 2  # type: ignore[union-attr]


def test_creative_strategy_adds_dice_except_to_switched_actions() -> None:
    game = fight(
        {"gifts": ["creative_strategy"], "skills": {"Tactics": 1, "Athletics": 1}, "ws": 2, "weapons": ["sax"]},
        pc("foe", "raiders", ws=2, skills={"Sax": 3}, weapons=["sax"]),
    )
    declare(game, g={"action": "gift", "gift": "creative_strategy"})
    game.do("cast", actor="g", manual=[3, 5, 5], goal="margin")  # D 2 (T + Tactics): margin 2
    resolve_all(game)
    declare(game, g={"action": "strike", "target": "foe"}, foe={"action": "strike", "target": "g"})
    assert len(game.do("cast", actor="g", manual=[2] * 5)["faces"]) == 3 + 2
    game.do("cast", actor="foe", manual=[3, 3, 4])
    game.do("allocate", actor="foe", future=3)
    game.do("resolve")
    assert len(game.do("switch", defence="dodge", manual=[2, 2, 2])["faces"]) == 3


def test_twist_of_fate_loads_the_targets_cast_with_merkstave() -> None:
    volva = Game(
        [
            pc("g", wyrd=6, ws=2, runes={"A": 4}, skills={"Fate Weaving": 2}, gifts=["twist_of_fate"]),
            pc("foe", "raiders", ws=2, legend_score=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
        ]
    )
    declare(
        volva, g={"action": "gift", "gift": "twist_of_fate", "target": "foe"}, foe={"action": "strike", "target": "g"}
    )
    assert volva.declaration("g").base_speed == 3
    volva.do("cast", actor="g", manual=[3, 3, 5, 5], goal="margin")  # D 2 (legend score): margin 2 + 1
    volva.do("cast", actor="foe", manual=[3, 3, 5, 2], goal="margin")  # Past 2, margin 1 + 2, speed 4
    out = volva.do("resolve")
    assert out["twisted"] and out["their_margin"] == 3 - 3  # three Merkstave: the GM takes the margin


def test_seidr_trance_commune_and_request() -> None:
    game = fight(
        {"gifts": ["commune", "request"], "skills": {"Seid": 2}, "runes": {"A": 5}, "ws": 3, "health": 6},
        pc("foe", "raiders", ws=3),
    )
    game.do("next_segment")
    if game.state.order[0] == "foe":
        game.do("declare", action="move")
    game.refuse("declare", "Seidr trance first", actor="g", action="gift", gift="commune:1", difficulty=2)
    game.do("declare", actor="g", action="gift", gift="seidr_trance")
    if len(game.state.declarations) < 2:
        game.do("declare", action="move")
    resolve_all(game)
    assert game.who("g").wyrd == 11 and any(e.kind == "trance" for e in game.who("g").effects)
    declare(game, g={"action": "gift", "gift": "commune:1", "difficulty": 1})
    game.do("cast", actor="g", manual=[3, 5, 5, 2, 2], goal="margin")
    resolve_all(game)
    assert game.who("g").carry_past == 2 + 2  # the margin carries over to the question's cast
    declare(game, g={"action": "gift", "gift": "request:2", "target": "foe"})
    game.do("cast", actor="g", manual=[3, 3, 3, 5, 5], goal="margin")  # D 4: Past 3 + carried 4, margin 2 + 2
    out = resolve_all(game)["g"]
    assert out["tokens_paid"] == 2 and out["healed"] == 0 and game.who("g").wyrd == 11 - 1 - 4


def run_short(game: Game, who: str) -> None:
    """Play rounds with `who` continuing its short action (everyone else moves) until it is done."""
    while game.state.stage == "resolution":
        game.do("resolve")
    while True:
        game.do("next_segment")
        if game.who(who).short is None:
            return
        for cid in game.state.order:
            game.do("declare", actor=cid, action="continue" if cid == who else "move")
        while game.state.stage == "resolution":
            game.do("resolve")


def test_the_gloom_weighs_on_everyones_courage_when_it_is_done() -> None:
    game = fight(
        {"gifts": ["the_gloom"], "skills": {"Command": 1}, "runes": {"H": 5}}, pc("foe", "raiders"), pc("friend")
    )
    declare(game, g={"action": "gift", "gift": "the_gloom"})
    assert game.declaration("g").time == "short"
    game.do("cast", actor="g", manual=[3, 3, 3, 5, 2], goal="margin")  # D 3: margin 1 + 1
    run_short(game, "g")
    for cid in ("foe", "friend"):
        assert [e.value for e in game.who(cid).effects if e.kind == "courage_merkstave"] == [2]
    assert not game.who("g").effects


def test_strand_of_fate_stores_a_token_for_later() -> None:
    game = fight(
        {"skills": {"Fate Weaving": 1}, "runes": {"A": 4}},
        pc("foe", "raiders", legend_score=2),
        strand_of_fate_tokens=2,
    )
    declare(game, g={"action": "gift", "gift": "strand_of_fate", "target": "foe"})
    game.do("cast", actor="g", manual=[3, 2, 2, 2], goal="succeed")  # simple, D 2 (the target's legend)
    run_short(game, "g")
    assert [(e.kind, e.value, e.target) for e in game.who("g").effects] == [("fate_token", 2, "foe")]
    game.refuse("use_gift", "which stone", actor="g", gift="strand_of_fate", target="foe")
    out = game.do("use_gift", actor="g", gift="strand_of_fate", target="foe", stone="merkstave")
    assert "next cast" in out["placed"] and game.who("g").wyrd == 12 - 1
    for cid in game.state.order:
        game.do("declare", actor=cid, action="skill" if cid == "foe" else "move", skill="Craft", difficulty=1)
    assert game.do("cast", actor="foe", manual=[2, 2, 2], goal="succeed")["tokens"]["merkstave"] == 1
    assert [e.value for e in game.who("g").effects] == [1]


def test_rune_of_power_carved_with_a_sword_in_one_attack() -> None:
    game = fight(
        {
            "gifts": ["rune_of_power"],
            "runes": {"A": 4, "T": 4},
            "skills": {"Swords": 2},
            "weapons": ["long_sword", "sax"],
        }
    )
    game.do("next_segment")
    if game.state.order[0] == "foe":
        game.do("declare", action="move")
    game.refuse("declare", "only with the Swords skill", actor="g", action="strike", target="foe", weapon="sax",
                gifts=["rune_of_power:harm"])  # fmt: skip
    game.refuse("declare", "rune_of_power:harm", actor="g", action="strike", target="foe", gifts=["rune_of_power"])
    game.do("declare", actor="g", action="strike", target="foe", weapon="long_sword", gifts=["rune_of_power:harm"])
    if len(game.state.declarations) < 2:
        game.do("declare", action="move")
    assert game.declaration("g").base_speed == 3 + 5 and game.who("g").wyrd == 12 - 3
    game.do("cast", actor="g", manual=[3, 3, 2, 2], goal="margin")  # Past 2 + 2 free: margin 2
    out = resolve_all(game)["g"]
    assert out["rune_of_power"]["wounds"] == 4 and game.who("foe").wounds == (2 + 5) + 4


def test_an_enemy_confound_tie_is_cast_again_under_recast() -> None:
    from test_midgard_combat import villain

    game = Game(
        [pc("p1", ws=1), villain("jarl", "thane", 3, ws=1, skills=["Deception"], gifts=["confound"])],
        opposed_tie="recast",
    )
    game.do("next_segment")
    for cid in game.state.order:
        plan = {"action": "gift", "gift": "confound", "target": "p1"} if cid == "jarl" else {"action": "move"}
        game.do("declare", actor=cid, **plan)
    game.do("gm_cast", goal="past", manual=[3, 2, 2, 2, 2])  # the round's cast: Past 1
    game.do("cast", actor="jarl", manual=[])
    game.do("allocate", actor="jarl", outcome=3)  # Past 1, Outcome 3 (Deception 3 free)
    while not game.state.checks:
        game.do("resolve")
    gm_before = game.state.gm
    # p1's Alertness: Past 1, a tie; p1 casts again (Past 0), the GM rolls 5 new dice for the jarl (Past 2)
    out = game.do("check", manual=[3, 2, 2, 2, 2, 2, 3, 3, 2, 2, 2])
    assert out["success"] is True and out["speed_penalty"] == 3
    assert [e.value for e in game.who("p1").effects if e.kind == "speed"] == [3]
    assert game.state.gm == gm_before  # the round's cast is left as it was


def test_an_enemy_confound_tie_recast_can_fail_too() -> None:
    from test_midgard_combat import villain

    game = Game(
        [pc("p1", ws=1), villain("jarl", "thane", 3, ws=1, gifts=["confound"])],
        opposed_tie="recast",
    )
    game.do("next_segment")
    for cid in game.state.order:
        plan = {"action": "gift", "gift": "confound", "target": "p1"} if cid == "jarl" else {"action": "move"}
        game.do("declare", actor=cid, **plan)
    game.do("gm_cast", goal="past", manual=[3, 2, 2, 2, 2])
    game.do("cast", actor="jarl", manual=[])
    game.do("allocate", actor="jarl", outcome=1)  # Deception unlisted: half rank, 1 free token
    while not game.state.checks:
        game.do("resolve")
    out = game.do("check", manual=[3, 2, 2, 3, 3, 2, 2, 2, 2, 2, 2])  # p1 Past 2 beats the jarl's 0 + 1
    assert out["success"] is False and not [e for e in game.who("p1").effects if e.kind == "speed"]


def test_a_sword_carved_rune_of_power_can_curse_a_skill() -> None:
    game = fight(
        {"gifts": ["rune_of_power"], "runes": {"A": 5, "T": 4}, "skills": {"Swords": 2}, "weapons": ["long_sword"]},
        pc("foe", "raiders", skills={"Sax": 1}, weapons=["sax"]),
    )
    game.do("next_segment")
    if game.state.order[0] == "foe":
        game.do("declare", action="move")
    game.refuse("declare", "names one skill", actor="g", action="strike", target="foe", gifts=["rune_of_power:penalty"])
    game.refuse("declare", "names one skill", actor="g", action="strike", target="foe",
                gifts=["rune_of_power:penalty+sax+luck"])  # fmt: skip
    game.refuse("declare", "rune_of_power:penalty", actor="g", action="strike", target="foe",
                gifts=["rune_of_power:speed"])  # fmt: skip
    game.do("declare", actor="g", action="strike", target="foe", gifts=["rune_of_power:penalty+sax"])
    if len(game.state.declarations) < 2:
        game.do("declare", action="move")
    assert game.declaration("g").base_speed == 3 + 5 and game.who("g").wyrd == 12 - 3
    game.do("cast", actor="g", manual=[3, 3, 2, 2], goal="margin")
    out = resolve_all(game)["g"]
    assert out["rune_of_power"] == {"skill": "Sax", "skill_merkstave": 3}  # half(A 5)
    assert game.who("foe").wounds == 2 + 5  # the blow itself, no direct damage
    declare(game, foe={"action": "strike", "target": "g", "weapon": "sax"})
    from runehall.systems.midgard.combat.combatant import wound_penalty

    wounded = wound_penalty(game.who("foe"))
    game.do("cast", actor="foe", manual=[2, 2, 2])
    assert game.declaration("foe").cast.tokens.merkstave == 3 + wounded  # type: ignore[union-attr]
