"""Probes for test_midgard_options.py: the options of gifts, combat and damage (second part)."""

from __future__ import annotations

from typing import Any

from runehall.systems.midgard import gift_use
from runehall.systems.midgard.combat import casting, damage, gift_moves, hits, moves
from runehall.systems.midgard.combat.casts import queue_key
from runehall.systems.midgard.combat.combatant import Armour, Member
from runehall.systems.midgard.combat.flow import declaration_order
from runehall.systems.midgard.combat.state import Allocation, CastRecord, Declaration, Tokens
from test_midgard_combat import Game, pc, villain
from test_midgard_option_probes import SYSTEM, attempt, fight_of, made, record


def p_shieldbearer(o: dict[str, Any]) -> Any:
    game = Game(
        [
            pc(
                "g",
                wyrd=4,
                ws=2,
                gifts=["shieldbearer"],
                runes={"H": 5},
                skills={"Shields": 3},
                weapons=["round_shield"],
            ),
            pc("ally", ws=2),
            pc("foe", "raiders", ws=2, skills={"Sax": 1}, weapons=["sax"]),
        ],
        **o,
    )
    game.do("next_segment")
    plans = {"foe": {"action": "strike", "target": "ally"}}
    for cid in game.state.order:
        game.do("declare", actor=cid, **plans.get(cid, {"action": "move"}))
    game.do("cast", actor="foe", manual=[3, 3, 2], goal="margin")
    game.do("resolve")
    return game.do("use_gift", actor="g", gift="shieldbearer", manual=[3, 3, 2, 2, 2], goal="speed")["speed"]


def p_confound_speed(o: dict[str, Any]) -> Any:
    return gift_moves.base_speed("confound", SYSTEM.options(o), 5)


def p_strands(o: dict[str, Any]) -> Any:
    return gift_use.reduced_to_legend(3, 30, 10, SYSTEM.options(o))


def p_declaration_tie(o: dict[str, Any]) -> Any:
    from runehall.chance.seeded import SeededSource

    f = fight_of(o, pc("p", ws=1), villain("t", "thane", 1, ws=1))
    return tuple(declaration_order(f, list(f.people.values()), SeededSource(6)))  # seed 6 draws p first


def p_resolution_tie(o: dict[str, Any]) -> Any:
    f = fight_of(o, pc("p"))
    f.declarations = [Declaration(actor="p", action="move", cast=record(speed=3, margin=2))]
    return queue_key(f, 0)


def p_round_seconds(o: dict[str, Any]) -> Any:
    game = Game([pc("g", skills={"Craft": 1}), pc("foe", "raiders")], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "short_action", "skill": "Craft", "difficulty": 1, "time": "short"},
                     foe={"action": "move"})  # fmt: skip
    game.do("cast", actor="g", manual=[2, 2, 2], goal="succeed")
    done = [game.do("resolve") for _ in range(2)]
    return next(out["rounds"] for out in done if out["actor"] == "g")


def p_defence_scope(o: dict[str, Any]) -> Any:
    game = Game(
        [
            pc("a", runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
            pc("b", runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
            pc("y", "raiders", ws=1, defence=3, runes={"F": 4}, skills={"Athletics": 2}, weapons=["sax"]),
        ],
        **o,
    )
    game.do("next_segment")
    game.declare_all(
        a={"action": "strike", "target": "y"}, b={"action": "strike", "target": "y"}, y={"action": "dodge"}
    )
    game.do("cast", actor="a", manual=[3, 6, 5, 2], goal="margin")
    game.do("cast", actor="b", manual=[3, 6, 4, 2], goal="speed")
    game.do("cast", actor="y", manual=[6, 6, 3, 3], goal="speed")
    return sorted(str(out.get("stopped_by")) for out in game.finish_segment(location="body").values())


def p_switch_needs_action(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.resolution import can_switch

    return can_switch(fight_of(o, pc("a"), pc("y", "raiders")), "y")


def p_fixed_choices(o: dict[str, Any]) -> Any:
    game = Game([pc("g", skills={"Sax": 1}, weapons=["sax"]), pc("foe", "raiders")], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[3, 3, 5], goal="margin")
    return attempt(lambda: game.do("resolve", specific="smash", location="body")["margin"])


def p_interrupt(o: dict[str, Any]) -> Any:
    f = fight_of(o, pc("g", health=8))
    from runehall.systems.midgard.combat.combatant import ShortAction

    f.set("g", short=ShortAction(skill="Craft", rounds=4, first_round=1, last_round=4, success=True, margin=0))
    damage.wound(f, "g", 3, "body", (0, 0), 7)
    return f.checks[0].difficulty


def p_dodge_speed(o: dict[str, Any]) -> Any:
    c = made(pc("d", runes={"F": 4}), o)
    return moves.base_speed(c, Declaration(actor="d", action="dodge"), SYSTEM.options(o))


def p_clamped(o: dict[str, Any]) -> Any:
    rec = record(tokens={"future": 4}, difficulty=0, base_speed=2)
    return casting.settle(rec, Allocation(), SYSTEM.options(o)).speed


def p_quick_speed(o: dict[str, Any]) -> Any:
    return moves.quick_speed(SYSTEM.options(o))


def p_escape_tie(o: dict[str, Any]) -> Any:
    f = fight_of(o, pc("a"), pc("y", "raiders"))
    attack = Declaration(actor="a", action="pin", target="y", cast=record(past=3))
    return hits.defence_wins(f, record(past=3), "escape_pin", None, attack)


def p_block_item(o: dict[str, Any]) -> Any:
    f = fight_of(o, pc("a", weapons=["sax"]), pc("y", "raiders", weapons=["round_shield"]))
    attack = Declaration(actor="a", action="strike", target="y", weapon="sax", damage=4, cast=record(margin=4))
    return hits.block_damage(f, attack, record(margin=4), "round_shield")


def p_empty_pool(o: dict[str, Any]) -> Any:
    armour = Armour(type="chainmail", locations=("body",), pool=0, hardness=3)
    return damage.hit(5, 0, "body", armour, SYSTEM.options(o)).wounds


def p_helm(o: dict[str, Any]) -> Any:
    return attempt(lambda: made(pc("x", armour={"body": "steel_helm"}), o).armour[0].pool)


def p_hit_choice(o: dict[str, Any]) -> Any:
    f = fight_of(o, pc("a"), pc("y", "raiders", armour={"body": "chainmail", "arms": "chainmail"}))
    return attempt(lambda: hits.choose_location(f, f.people["y"], f.people["a"], "chainmail", 5, 0, None))


def p_ap_cap(o: dict[str, Any]) -> Any:
    return damage.hit(2, 3, "body", None, SYSTEM.options(o)).wounds


def p_head_ap(o: dict[str, Any]) -> Any:
    armour = Armour(type="steel_helm", locations=("head",), pool=6, hardness=10)
    return damage.hit(4, 1, "head", armour, SYSTEM.options(o)).wounds


def p_legs(o: dict[str, Any]) -> Any:
    game = Game([pc("g", runes={"T": 5}, skills={"Sax": 2}, weapons=["sax"]), pc("foe", "raiders")], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[3, 3, 2, 2, 2], goal="margin")
    game.do("resolve")
    game.do("take_hit", location="legs")
    return game.do("check", manual=[2, 2, 2])["fell"]


def p_tw_stack(o: dict[str, Any]) -> Any:
    a, t = made(pc("a", weapons=["bearded_axe"]), o), made(pc("t", defence=4, weapons=["sax"]), o)
    d = Declaration(actor="a", action="target_weapon", target="t", weapon="bearded_axe", item="sax")
    profile, _ = moves.weapon_in_use(a, d, SYSTEM.options(o))
    return moves.attack_difficulty(a, t, d, profile, SYSTEM.options(o), 1)


def p_disarm_shield(o: dict[str, Any]) -> Any:
    a, t = made(pc("a", weapons=["sax"]), o), made(pc("t", defence=4, weapons=["round_shield"]), o)
    d = Declaration(actor="a", action="disarm", target="t", weapon="sax", item="round_shield")
    profile, _ = moves.weapon_in_use(a, d, SYSTEM.options(o))
    return moves.attack_difficulty(a, t, d, profile, SYSTEM.options(o), 1)


def p_dual(o: dict[str, Any]) -> Any:
    c = made(pc("d", weapons=["sax", "dagger"]), o)
    profile, _ = moves.weapon_in_use(
        c, Declaration(actor="d", action="strike", weapon="sax", dual=True), SYSTEM.options(o)
    )
    return profile.speed, profile.size


def p_broken(o: dict[str, Any]) -> Any:
    f = fight_of(o, pc("y", weapons=["dagger"]))
    hits.harm_item(f, f.people["y"], "dagger", 5)
    return f.people["y"].items[0].broken


def p_warrior_health(o: dict[str, Any]) -> Any:
    return damage.thresholds((Member(rank=2),), SYSTEM.options(o))


def p_sb_pool(o: dict[str, Any]) -> Any:
    return made(villain("s", "shieldbearer", 2, armour={"body": "chainmail"}), o).armour[0].pool


def p_warband_ap(o: dict[str, Any]) -> Any:
    return damage.band_blow((Member(rank=2, hardness=2),) * 3, 9, SYSTEM.options(o), ap=2)


def p_enemy_dice(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.allocate import bought_dice

    f = fight_of(o, pc("p"), villain("j", "thane", 2, gift_levels=[3]))
    return attempt(lambda: bought_dice(f, 2, "j"))


def p_gm_spender(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.wyrd import spender

    gm = CastRecord(by="gm", tokens=Tokens())
    return casting.by_hand(gm, SYSTEM.options(o)), spender("gm", fight_of(o, pc("p")))


def p_gm_mode(o: dict[str, Any]) -> Any:
    game = Game([pc("g", skills={"Tactics": 1}), pc("foe", "raiders")], **o)
    game.do("next_segment")
    if game.state.order[0] == "foe":
        game.do("declare", action="move")
    return attempt(lambda: game.do("declare", actor="g", action="evaluate_battlefield")["action"])
