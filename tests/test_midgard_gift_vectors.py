"""The gift vectors of spec 003 §16 (D-12, E-3, E-11 to E-15), through the gift amounts and the combat
tracker: Wyrð paid, dice and tokens on the casts, Defence and actions changed for as long as they last."""

from __future__ import annotations

from typing import Any

from runehall.systems.midgard.combat import gifts
from runehall.systems.midgard.combat.combatant import actions, defence
from runehall.systems.midgard.gift_use import amount, effect, gift_def, holder_env
from test_midgard_combat import OPTIONS, VECTORS, Game, pc, person, villain
from test_midgard_combat_play import ASTRID


def case(vector_id: str) -> dict[str, Any]:
    found: dict[str, Any] = VECTORS[vector_id]["case"][0]
    return found


def gifted(cid: str, side: str = "players", **stats: Any) -> dict[str, Any]:
    return pc(cid, side, **{"wyrd": 12, **stats})


def test_d12_an_enemys_rank_stands_in_for_its_god_runes() -> None:
    c = case("D-12")
    rank = c["input"]["rank"]
    env = holder_env(None, rank, lambda skill: 0, OPTIONS)
    aurox = effect(gift_def("might_of_the_aurox"), "skill_bonus")["amount"]
    power = effect(gift_def("rune_of_power"), "direct_damage")["amount"]
    assert amount(aurox, env, OPTIONS) == c["expect"]["might_of_the_aurox_bonus"]
    assert amount(power, env, OPTIONS) == c["expect"]["rune_of_power_direct_damage"]
    thane = person(villain("t", "thane", rank, gifts=["might_of_the_aurox", "rune_of_power"]))
    assert gifts.size(thane, aurox, OPTIONS) == 3 and gifts.size(thane, power, OPTIONS) == 6
    assert thane.wyrd == rank * (1 + 3)  # D-13's rule: rank x the gift levels held


def test_d12_in_play_a_thane_adds_its_rank_to_might() -> None:
    game = Game(
        [
            pc("hero", ws=1),
            villain("jarl", "thane", 3, ws=1, skills=["Might"], gifts=["might_of_the_aurox"]),
        ]
    )
    game.do("next_segment")
    game.declare_all(hero={"action": "move"}, jarl={"action": "skill", "skill": "Might", "difficulty": 2})
    game.do("gm_cast", goal="past", manual=[2, 2, 2, 2, 2])
    out = game.do("cast", actor="jarl", manual=[], gifts=["might_of_the_aurox"])
    assert out["tokens"]["free"] == 3 + 3  # Might ranks (listed: rank 3) + the gift's rank
    assert game.who("jarl").wyrd == 3 * 1 - 1


def test_e3_weaving_strands_mirrors_tokens_onto_the_other_target() -> None:
    c = case("E-3")
    margin = c["input"]["margin"]
    game = Game(
        [
            gifted("volva", runes={"A": 8}, skills={"Fate Weaving": 1}, gifts=["weaving_strands"]),
            pc("x", "raiders", ws=1, legend_score=2),
            pc("y", "raiders", ws=1, legend_score=4),
        ]
    )
    game.do("next_segment")
    plans = {"volva": {"action": "gift", "gift": "weaving_strands", "target": "x", "extra_targets": ["y"]}}
    for cid in game.state.order:
        game.do("declare", actor=cid, **plans.get(cid, {"action": "move"}))
    woven = game.do("cast", actor="volva", manual=[3, 3, 3, 3, 5, 5, 5, 2], goal="margin")  # D max(2, 4) + 1
    assert woven["success"] and woven["margin"] == margin and game.declaration("volva").time == "short"
    while game.state.stage != "segment_end":
        game.do("resolve")
    rounds = 0
    while True:  # a Short action: 120 s, so 6 rounds; the weaving is done at the end of its last round
        game.do("next_segment")
        if game.who("volva").short is None:
            break
        rounds += 1
        for cid in game.state.order:
            game.do("declare", actor=cid, action="continue" if cid == "volva" else "move")
        while game.state.stage != "segment_end":
            game.do("resolve")
    assert rounds == 5 and game.state.round == 7
    weave = next(e for e in game.who("volva").effects if e.kind == "weave")
    assert (weave.value, weave.target, weave.other) == (margin, "x", "y")
    given = c["input"]["given_to_x"]
    game.refuse(
        "use_gift", "at most 3", actor="volva", gift="weaving_strands", target="x", stone="cast_runes", tokens=4
    )
    out = game.do(
        "use_gift", actor="volva", gift="weaving_strands", target="x", stone=given["stone"], tokens=given["tokens"]
    )
    assert "2 on x's cast_runes" in out["placed"] and "2 on y's merkstave" in out["mirrored"]
    for cid in game.state.order:
        game.do("declare", actor=cid, action="skill" if cid in "xy" else "move", skill="Craft", difficulty=1)
    x = game.do("cast", actor="x", manual=[2, 2, 2], goal="succeed")
    y = game.do("cast", actor="y", manual=[2, 2, 2], goal="succeed")
    assert x["tokens"]["free"] == c["expect"]["x_cast_runes"] and y["tokens"]["merkstave"] == c["expect"]["y_merkstave"]


def test_e11_ambush_rolls_freyja_more_dice_in_the_first_segment() -> None:
    c = case("E-11")
    f = c["input"]["F"]
    fighters = [gifted("a", runes={"F": f, "T": 3}, gifts=["ambush"], weapons=["sax"], hidden=True), pc("b", "raiders")]
    for spec in fighters:
        hidden = spec["stats"].pop("hidden", False)
        spec["hidden"] = hidden
    game = Game(fighters)
    game.do("next_segment")
    game.declare_all(a={"action": "strike", "target": "b"}, b={"action": "move"})
    out = game.do("cast", actor="a", manual=[2] * (3 + f), gifts=["ambush"], goal="margin")
    assert len(out["faces"]) == 3 + c["expect"]["dice_bonus"] and game.who("a").wyrd == 12 - 1
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(a={"action": "strike", "target": "b"}, b={"action": "move"})
    game.refuse("cast", "first-segment action", actor="a", manual=[2] * 8, gifts=["ambush"])
    seen = Game([gifted("a", gifts=["ambush"], weapons=["sax"]), pc("b", "raiders")])
    seen.do("next_segment")
    seen.declare_all(a={"action": "strike", "target": "b"}, b={"action": "move"})
    seen.refuse("cast", "begun in hiding", actor="a", manual=[2] * 8, gifts=["ambush"])


def test_e12_storm_of_blades_one_more_action_and_no_declared_defence() -> None:
    c = case("E-12")
    ws = c["input"]["ws"]
    game = Game(
        [
            gifted("s", ws=ws, gifts=["storm_of_blades"], weapons=["sax"]),
            pc("f", "raiders", ws=ws + 1, skills={"Sax": 2}, weapons=["sax"]),
        ]
    )
    game.do("next_segment")
    game.do("use_gift", actor="s", gift="storm_of_blades")
    assert actions(game.who("s")) == c["expect"]["actions_this_round"] and game.who("s").wyrd == 12 - 3
    if game.state.order[0] == "f":
        game.do("declare", action="strike", target="s")
    game.refuse("declare", "no declared defences", actor="s", action="block")
    game.do("declare", actor="s", action="strike", target="f")
    if len(game.state.declarations) < 2:
        game.do("declare", action="strike", target="s")
    game.do("cast", actor="f", manual=[5, 5, 3], goal="margin")
    game.do("cast", actor="s", manual=[2, 2, 2], goal="margin")
    game.do("resolve")
    pending = game.state.pending
    assert pending is not None and pending.target == "s" and pending.can_switch  # switching is still allowed
    game.do("take_hit", location="body")
    game.finish_segment()
    for _ in range(ws - 1):
        game.do("next_segment")
        for cid in game.state.order:
            game.do("declare", actor=cid, action="move")
        game.finish_segment()
    game.do("next_segment")
    assert (game.state.round, game.state.segment) == (1, ws + 1) and "s" in game.state.order


def test_e13_peaceful_defence_for_the_ch1_character() -> None:
    c = case("E-13")
    astrid = {**ASTRID, "gifts": ["peaceful_defence", "shield_defence", "shieldbearer", "block_and_breach", "ambush"]}
    game = Game([{"id": "astrid", "character": astrid}, pc("foe", "raiders", ws=1)])
    assert defence(game.who("astrid")) == c["expect"]["defence_normal"]
    game.do("next_segment")
    game.refuse("use_gift", "does not have", actor="foe", gift="peaceful_defence")
    game.do("use_gift", actor="astrid", gift="peaceful_defence")
    assert defence(game.who("astrid")) == c["expect"]["defence_this_round"]
    game.do("use_gift", actor="astrid", gift="shield_defence")
    assert defence(game.who("astrid")) == c["expect"]["defence_this_round"] + 1
    for _ in range(4):
        if game.state.stage == "declaration":
            for cid in game.state.order:
                game.do("declare", actor=cid, action="move")
        game.finish_segment()
        game.do("next_segment")
    assert game.state.round == 2 and defence(game.who("astrid")) == c["expect"]["defence_normal"]
    game.refuse(
        "use_gift", "start of a round", actor="astrid", gift="peaceful_defence"
    ) if game.state.segment > 1 else None


def test_e14_way_of_peace() -> None:
    c = case("E-14")
    game = Game(
        [
            gifted(
                "w",
                runes={"F": c["input"]["F"], "H": 4},
                ws=2,
                defence=4,
                skills={"Athletics": 1},
                gifts=["way_of_peace"],
                weapons=["sax"],
            ),
            pc("foe", "raiders", ws=2),
        ]
    )
    game.do("next_segment")
    game.declare_all(w={"action": "gift", "gift": "way_of_peace"}, foe={"action": "move"})
    game.finish_segment()
    e = c["expect"]
    assert defence(game.who("w")) == 4 + e["defence_bonus"] and game.who("w").wyrd == 12 - 3
    game.do("next_segment")
    game.declare_all(w={"action": "dodge"}, foe={"action": "move"})
    dodge = game.do("cast", actor="w", manual=[2] * 5)
    assert dodge["tokens"]["free"] == 1 + e["block_dodge_skill_bonus"]
    game.do("allocate", actor="w", past=4)
    game.finish_segment()
    game.do("next_segment")
    if game.state.order[0] == "foe":
        game.do("declare", action="move")
    out = game.do("declare", actor="w", action="strike", target="foe")
    assert not e["attacks_allowed"] and "leaves the Way of Peace" in out["note"]
    assert defence(game.who("w")) == 4


def test_e15_enduring_might_buys_off_a_wound_penalty_for_thor_rounds() -> None:
    c = case("E-15")
    th = c["input"]["Th"]
    game = Game([gifted("m", runes={"Th": th}, health=4, gifts=["enduring_might"]), pc("foe", "raiders")])
    game.do("next_segment")
    game.refuse("use_gift", "say how many", actor="m", gift="enduring_might")
    m = game.who("m")
    assert game.log.tracker.view(game.state)["combatants"][0]["penalty"] == 0
    hurt = m.model_copy(update={"wounds": 12 + 8 + 1})  # into rank 3: +2
    from runehall.systems.midgard.combat.combatant import wound_penalty

    assert wound_penalty(hurt) == c["input"]["wound_penalty"]
    out = game.do("use_gift", actor="m", gift=f"enduring_might:{c['expect']['ignored_penalty']}")
    assert (out["ignored"], out["rounds"]) == (c["expect"]["ignored_penalty"], c["expect"]["rounds"])
    assert game.who("m").wyrd == 12 - c["expect"]["wyrd_cost"] and out["through_round"] == 1 + th - 1
