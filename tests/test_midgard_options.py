"""Every Midgard option changes what the engine does: for each configurable option of options.toml and each
of its non-default values, a probe that gives one answer under the defaults and another under that value.
A last test checks that the probes cover every option and every non-default choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from runehall.chance.sources import ManualSource
from runehall.errors import RunehallError
from runehall.systems import registry
from runehall.systems.midgard import creation, gift_use, qualities
from runehall.systems.midgard.combat import casting, damage, gift_moves, gifts, hits, moves
from runehall.systems.midgard.combat.build import CombatantSpec, build
from runehall.systems.midgard.combat.casts import queue_key
from runehall.systems.midgard.combat.combatant import Armour, Member
from runehall.systems.midgard.combat.effects import lasting
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.flow import declaration_order
from runehall.systems.midgard.combat.state import Allocation, CastRecord, CombatState, Declaration, Tokens
from runehall.systems.midgard.options import register
from test_midgard_combat import Game, pc, villain

SYSTEM = registry.get("midgard")
Probe = Callable[[dict[str, Any]], Any]


def attempt(call: Callable[[], Any]) -> Any:
    """The value, or the kind of refusal: so a probe can tell 'allowed' from 'refused'."""
    try:
        return call()
    except (RunehallError, ValueError) as e:
        return f"refused: {type(e).__name__}"


def made(spec: dict[str, Any], o: dict[str, Any]) -> Any:
    return build(CombatantSpec.model_validate(spec), SYSTEM.options(o))


def fight_of(o: dict[str, Any], *specs: dict[str, Any], round_: int = 1, segment: int = 1) -> Fight:
    people = tuple(made(s, o) for s in specs)
    return Fight(CombatState(combatants=people, round=round_, segment=segment), SYSTEM.options(o))


def record(**fields: Any) -> CastRecord:
    tokens = Tokens(**fields.pop("tokens", {}))
    return CastRecord(by="own", tokens=tokens, **fields)


def strike(o: dict[str, Any], faces: list[int], **g: Any) -> dict[str, Any]:
    """A strike by g (T 3, Sax 1) on foe (Defence 2); the cast's report."""
    game = Game([pc("g", **{"skills": {"Sax": 1}, "weapons": ["sax"], **g}), pc("foe", "raiders")], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    return game.do("cast", actor="g", manual=faces, goal="margin")


# -- the probes -------------------------------------------------------------------------------------------
def p_half(o: dict[str, Any]) -> Any:
    return gifts.size(made(pc("x", runes={"F": 5}), o), "half(F)", SYSTEM.options(o))


def p_success(o: dict[str, Any]) -> Any:
    return strike(o, [3, 2, 2])["success"]  # Past 1 + Sax 1 = Defence 2


def p_face_2(o: dict[str, Any]) -> Any:
    options = SYSTEM.options(o)
    faces = casting.roll(ManualSource([2, 5]) if o.get("face_2") == "reroll" else ManualSource([2]), 1, options)
    return faces, casting.sort(faces, options).merkstave


def p_all_placed(o: dict[str, Any]) -> Any:
    t = Tokens(free=2)
    rec = record(tokens={"free": 2})
    return attempt(lambda: casting.check_allocation(t, Allocation(past=1), rec, SYSTEM.options(o)))


def p_future_cap(o: dict[str, Any]) -> Any:
    t = casting.sort((4, 4, 4, 4), SYSTEM.options(o), future=2)
    return t.future + t.extra_future


def p_future_on_failure(o: dict[str, Any]) -> Any:
    rec = record(tokens={"future": 2}, difficulty=3, base_speed=5)
    return casting.settle(rec, Allocation(), SYSTEM.options(o)).speed


def p_merkstave_policy(o: dict[str, Any]) -> Any:
    out = strike(o, [3, 5, 1])
    return out["margin"], "merkstave" in out


def p_carry(o: dict[str, Any]) -> Any:
    game = Game([pc("g", skills={"Sax": 1}, weapons=["sax"]), pc("foe", "raiders")], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "luck"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[3, 5, 6], goal="margin")
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[2, 2, 2], goal="margin")
    return game.who("g").carry_past


def p_opposed_tie(o: dict[str, Any]) -> Any:
    game = Game([pc("g", wyrd=6, gifts=["confound"], skills={"Deception": 1}), pc("foe", "raiders")], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "gift", "gift": "confound", "target": "foe"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[3, 5, 2])
    game.do("allocate", actor="g", outcome=1)  # Past 1, Outcome 2
    game.do("resolve")
    recast = [3, 3, 3, 3, 2, 2] if o.get("opposed_tie") == "recast" else []  # both again: Past 3 against 2
    return game.do("check", manual=[3, 2, 2, *recast])["success"]


def p_contested_tie(o: dict[str, Any]) -> Any:
    game = Game(
        [pc("x", weapons=["sax"], skills={"Sax": 1}), pc("y", "raiders", skills={"Athletics": 1}, weapons=["sax"])],
        **o,
    )
    game.do("next_segment")
    game.declare_all(x={"action": "strike", "target": "y"}, y={"action": "dodge"})
    game.do("cast", actor="x", manual=[3, 5, 4], goal="speed")  # Past 1 + 1, margin 1, speed 4 - 1 = 3
    game.do("cast", actor="y", manual=[3, 5, 2])
    game.do("allocate", actor="y", past=1)  # margin 1, speed 3: a tie on both
    return game.do("resolve").get("stopped_by")


def p_resistance(o: dict[str, Any]) -> Any:
    game = Game([pc("g"), pc("foe", "raiders")], **o)
    game.do("next_segment")
    return attempt(lambda: game.do("hazard", actor="g", fatigue=0, environment=2, resist="courage", difficulty=1,
                                   manual=[3, 3, 3])["suffered"]["environment"])  # fmt: skip


def p_hauld(o: dict[str, Any]) -> Any:
    return creation.skill_budget("hauld", SYSTEM.options(o))


def p_unqualified_legend(o: dict[str, Any]) -> Any:
    return qualities.bonus_dice_cap(2, SYSTEM.options(o))


def p_distinct(o: dict[str, Any]) -> Any:
    picks = ("Sax", "Sax", "Shields", "Alertness")
    return attempt(lambda: creation.resolve_legend_skills(picks, "warrior", "female", SYSTEM.options(o)))


def p_skill_rank_max(o: dict[str, Any]) -> Any:
    return attempt(lambda: made(pc("x", skills={"Axes": 5}), o).skills)


def p_rune_max(o: dict[str, Any]) -> Any:
    return attempt(lambda: made(pc("x", runes={"T": 9}), o).runes["T"])


def p_wyrd_formula(o: dict[str, Any]) -> Any:
    options = SYSTEM.options(o)
    env = qualities.runes_env({"F": 5, "A": 5}, options, legend_score=3, max_rune_gift_total=6)
    return qualities.quality("wyrd_max", env, options)


def p_unspent(o: dict[str, Any]) -> Any:
    return attempt(lambda: creation.resolve_rune_points({"T": 4}, "descendant_of_tyr", SYSTEM.options(o)))


def p_knowledge(o: dict[str, Any]) -> Any:
    return gifts._knowledge("Craft", SYSTEM.options(o))


def p_verbal(o: dict[str, Any]) -> Any:
    c = made(pc("x", gifts=["eloquence_of_odin"]), o)
    cast = gifts.Cast(action="skill", skill="Empathy")
    return attempt(lambda: gifts.plan(c, cast, ["eloquence_of_odin"], SYSTEM.options(o)).dice)


def p_wound_rounding(o: dict[str, Any]) -> Any:
    return made(pc("x", health=5), o).wound_boxes


def p_penalty_basis(o: dict[str, Any]) -> Any:
    f = fight_of(o, pc("x", health=5))
    return f.penalty(f.people["x"].model_copy(update={"wounds": 15}))


def p_cap_counts_gifts(o: dict[str, Any]) -> Any:
    game = Game([pc("g", wyrd=6, legend_score=1, weapons=["sax"], gifts=["wild_strike"]), pc("foe", "raiders")], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    return attempt(
        lambda: game.do("cast", actor="g", wyrd=3, gifts=["wild_strike"], manual=[2] * 6)["tokens"]["future"]
    )


def p_regain_cap(o: dict[str, Any]) -> Any:
    game = Game([pc("g", wyrd=2, gifts=["patient_reward"]), pc("foe", "raiders")], **o)
    return game.do("regain_wyrd", actor="g", rune="fehu")["wyrd"]


def p_exhausted(o: dict[str, Any]) -> Any:
    game = Game([pc("g", wyrd=0, ws=2), pc("foe", "raiders", ws=2)], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "move"}, foe={"action": "move"})
    game.do("hazard", actor="g", wounds=13)  # Health 4: into the second rank, +1
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(g={"action": "skill", "skill": "Craft", "difficulty": 1}, foe={"action": "move"})
    return game.do("cast", actor="g", manual=[], goal="succeed")["tokens"]["merkstave"]


def p_natural_healing(o: dict[str, Any]) -> Any:
    game = Game([pc("g"), pc("foe", "raiders")], **o)
    return attempt(lambda: game.do("hazard", actor="g", heal=2)["healed"])


def p_lower_levels(o: dict[str, Any]) -> Any:
    data = {"legend_skills": ("Sax", "Axes", "Shields", "Alertness"), "skills": {}, "gender": "female"}
    return attempt(
        lambda: creation.spend_gifts(("shieldbearer",), data, SYSTEM.options({**o, "unspent_creation_points": "warn"}))
    )


def p_buy_once(o: dict[str, Any]) -> Any:
    return attempt(lambda: creation.spend_gifts(("ambush", "ambush"), {}, SYSTEM.options(o)))


def p_special_free(o: dict[str, Any]) -> Any:
    c = made(pc("x", skills={"Rune Divination": 1}), o)
    return gifts.holds(c, gift_use.gift_def("norns_cast"), SYSTEM.options(o))


def p_thunder_cost(o: dict[str, Any]) -> Any:
    return gift_use.use_cost(gift_use.parse_use("strike_of_thunder"), SYSTEM.options(o))


def p_ignorance(o: dict[str, Any]) -> Any:
    return attempt(lambda: gifts._moved(gift_use.parse_use("the_courage_of_ignorance:1"), 2, SYSTEM.options(o)))


def p_luck_form(o: dict[str, Any]) -> Any:
    game = Game([pc("g", ws=2, skills={"Luck": 1}), pc("foe", "raiders", ws=2)], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "luck"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[3, 5, 2], goal="margin")
    game.finish_segment()
    return game.who("g").carry_past, game.who("g").dice_bonus


def p_berserk_zero(o: dict[str, Any]) -> Any:
    game = Game([pc("g", ws=2, skills={"Berserker": 4}), pc("foe", "raiders", ws=2)], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "stoke_fury"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[2, 2, 2], goal="margin")  # Berserker 4 = D 4: margin 0
    game.finish_segment()
    return game.who("g").berserk


def p_hammer(o: dict[str, Any]) -> Any:
    return attempt(lambda: gift_use.use_cost(gift_use.parse_use("hammer_of_thor:2"), SYSTEM.options(o)))


def p_purge_rate(o: dict[str, Any]) -> Any:
    c = made(pc("x"), o)
    uses = [gift_use.parse_use("purge_the_soul:2")]
    return gifts.after_roll(c, gifts.Cast("skill", "Craft"), uses, Tokens(merkstave=2), SYSTEM.options(o))[1]


def p_open_duration(o: dict[str, Any]) -> Any:
    return lasting(SYSTEM.options(o).open_duration, 3)


def p_strand_tokens(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.gift_effects import resolve_gift

    f = fight_of(o, pc("g", skills={"Fate Weaving": 1}), pc("x", "raiders", legend_score=2))
    resolve_gift(f, Declaration(actor="g", action="gift", gift="strand_of_fate", target="x"), True, 1)
    return f.people["g"].effects[0].value


def p_oath(o: dict[str, Any]) -> Any:
    return gift_use.oath_penalty(False, 3, SYSTEM.options(o))


def p_comrade(o: dict[str, Any]) -> Any:
    game = Game([pc("g", wyrd=6, ws=2, gifts=["cooperative_attack"], runes={"H": 5}), pc("foe", "raiders", ws=2)], **o)
    game.do("next_segment")
    game.declare_all(g={"action": "gift", "gift": "cooperative_attack", "target": "foe"}, foe={"action": "move"})
    game.do("cast", actor="g", manual=[3, 3, 5, 2, 2], goal="margin")
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    out = game.do("cast", actor="g", manual=[2] * 4 if o.get("comrade_bonus_kind") == "dice" else [2] * 3)
    return len(out["faces"]), out["tokens"]["free"]


def p_coop_duration(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.gift_effects import _cooperate

    f = fight_of(o, pc("g"), pc("foe", "raiders"))
    _cooperate(f, f.people["g"], "foe", 2)
    return f.people["g"].effects[0].ends


def p_thorn_damage(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.effects import Effect
    from runehall.systems.midgard.combat.gift_hits import thorns

    f = fight_of(o, pc("g", weapons=["sax"]), pc("foe", "raiders", armour={"body": "chainmail"}))
    f.set("g", effects=(Effect(kind="thorn_bush", item="sax", ends="segment"),))
    return thorns(f, Declaration(actor="foe", action="strike", target="g"))["thorn_bush"]["wounds"]


def p_thorn_declaration(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.declare_gifts import thorn_bush

    f = fight_of(o, pc("g", wyrd=6, weapons=["sax"], gifts=["thorn_bush_defence"]), pc("foe", "raiders"), segment=2)
    return attempt(lambda: thorn_bush(f, f.people["g"], "dodge", ["thorn_bush_defence"]))


def p_splitter(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.gift_hits import on_hit

    f = fight_of(o, pc("g"), pc("foe", "raiders", weapons=["sax"]))
    rec = record(gifts=("shield_splitter", "shield_splitter:3"))
    return on_hit(f, Declaration(actor="g", action="target_weapon", target="foe", item="sax", cast=rec)).item_cut


def p_botch(o: dict[str, Any]) -> Any:
    from runehall.systems.midgard.combat.casts import after_settle

    f = fight_of(o, pc("g"))
    after_settle(f, "g", record(skill="Craft", success=False, allocation=Allocation()))
    return f.people["g"].botched


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


PROBES: dict[tuple[str, Any], Probe] = {
    ("half_rounding", "down"): p_half,
    ("quality_base_below_4", 0): lambda o: made(pc("w", runes=dict.fromkeys(("F", "Th", "A", "H", "T"), 1)), o).defence,
    ("success_comparison", "gt"): p_success,
    ("face_2", "reroll"): p_face_2,
    ("face_2", "merkstave"): p_face_2,
    ("all_free_tokens_placed", False): p_all_placed,
    ("future_cap_all_sources", False): p_future_cap,
    ("future_on_failure", "applies"): p_future_on_failure,
    ("merkstave_policy", "ask_gm"): p_merkstave_policy,
    ("carry_over_consumed", False): p_carry,
    ("opposed_tie", "status_quo"): p_opposed_tie,
    ("opposed_tie", "recast"): p_opposed_tie,
    ("contested_tie", "simultaneous"): p_contested_tie,
    ("resistance_reduction", "ask_gm"): p_resistance,
    ("hauld_extra_skill_points", 2): p_hauld,
    ("unqualified_legend", "rank"): p_unqualified_legend,
    ("legend_skills_distinct", False): p_distinct,
    ("skill_rank_max", 5): p_skill_rank_max,
    ("god_rune_max_in_play", 9): p_rune_max,
    ("wyrd_formula", "base_times_sum"): p_wyrd_formula,
    ("unspent_creation_points", "reject"): p_unspent,
    ("knowledge_skills", ("Craft",)): p_knowledge,
    ("verbal_skills", ("Empathy",)): p_verbal,
    ("wound_box_rounding", "down"): p_wound_rounding,
    ("wound_penalty_basis", "next_empty_box"): p_penalty_basis,
    ("wyrd_cap_counts_gift_costs", True): p_cap_counts_gifts,
    ("wyrd_regain_capped", False): p_regain_cap,
    ("exhausted_stacking", "add"): p_exhausted,
    ("natural_healing", True): p_natural_healing,
    ("gift_requires_lower_levels", True): p_lower_levels,
    ("gift_buy_once", False): p_buy_once,
    ("special_gifts_free_with_skill", False): p_special_free,
    ("strike_of_thunder_cost", 2): p_thunder_cost,
    ("courage_of_ignorance_amount", "all"): p_ignorance,
    ("luck_carry_over_form", "dice"): p_luck_form,
    ("berserk_level_zero_counts", False): p_berserk_zero,
    ("hammer_of_thor_repeatable", False): p_hammer,
    ("purge_the_soul_rate", 2): p_purge_rate,
    ("open_duration", "round"): p_open_duration,
    ("strand_of_fate_tokens", 2): p_strand_tokens,
    ("unbreakable_oath_penalty_trigger", "any_breaking_attempt"): p_oath,
    ("comrade_bonus_kind", "dice"): p_comrade,
    ("cooperative_attack_duration", "combat"): p_coop_duration,
    ("cooperative_attack_duration", "next_attack"): p_coop_duration,
    ("thorn_bush_damage", "weapon_damage_no_ap"): p_thorn_damage,
    ("thorn_bush_declaration", "first_segment_only"): p_thorn_declaration,
    ("shield_splitter_duration", "round"): p_splitter,
    ("botch_means", "critical_failure"): p_botch,
    ("shieldbearer_resolution", "declared_shield_block"): p_shieldbearer,
    ("confound_base_speed", 3): p_confound_speed,
    ("strands_reduce_to_legend", "wounds_dealt"): p_strands,
    ("declaration_tie", "pcs_first_then_random"): p_declaration_tie,
    ("declaration_tie", "random"): p_declaration_tie,
    ("resolution_tie", "simultaneous"): p_resolution_tie,
    ("round_seconds", 30): p_round_seconds,
    ("declared_defence_scope", "first_attack"): p_defence_scope,
    ("switch_requires_unresolved_action", False): p_switch_needs_action,
    ("choices_fixed_before_cast", False): p_fixed_choices,
    ("interrupt_divisor", 1): p_interrupt,
    ("interrupt_basis", "damage"): p_interrupt,
    ("dodge_speed", "unarmed_speed"): p_dodge_speed,
    ("speed_clamped", True): p_clamped,
    ("quick_action_base_speed", 4): p_quick_speed,
    ("escape_pin_tie", "escape"): p_escape_tie,
    ("block_item_damage", "blocker_damages_attacking_weapon"): p_block_item,
    ("empty_pool_gives_hardness", True): p_empty_pool,
    ("steel_helm_head_only", False): p_helm,
    ("hit_choice", "armour_type"): p_hit_choice,
    ("ap_capped_by_damage", False): p_ap_cap,
    ("head_multiplier_includes_ap", False): p_head_ap,
    ("legs_penetration", "knock_back"): p_legs,
    ("target_weapon_modifiers_stack", False): p_tw_stack,
    ("disarm_shield_total", "book_total_4"): p_disarm_shield,
    ("dual_wield_mixed_class", "heavier"): p_dual,
    ("item_broken_at_zero", False): p_broken,
    ("warrior_health", "three_plus_rank"): p_warrior_health,
    ("shieldbearer_armour_pool", "ten_flat"): p_sb_pool,
    ("warband_ap_effect", True): p_warband_ap,
    ("enemy_wyrd_buys_dice", True): p_enemy_dice,
    ("gm_merkstave_spender", "players"): p_gm_spender,
    ("gm_merkstave_spender", "gm"): p_gm_spender,
    ("gm_mode", "defaults"): p_gm_mode,
}


@pytest.mark.parametrize("option,value", list(PROBES), ids=[f"{k}={v}" for k, v in PROBES])
def test_each_non_default_value_changes_the_answer(option: str, value: Any) -> None:
    probe = PROBES[(option, value)]
    default, changed = probe({}), probe({option: list(value) if isinstance(value, tuple) else value})
    assert default != changed, f"{option}={value!r} changes nothing: {default!r}"


def test_the_probes_cover_every_option_and_choice() -> None:
    fields = set(SYSTEM.options().model_fields)
    missing = []
    for option_id, entry in register().items():
        if not entry.get("configurable") or option_id not in fields:
            continue
        choices = entry.get("choices") or []
        others = [c for c in choices if c != entry["default"]] if choices else [None]
        for choice in others:
            covered = [v for k, v in PROBES if k == option_id]
            if (choice is None and not covered) or (choice is not None and choice not in covered):
                missing.append(f"{option_id}={choice}")
    assert not missing, "options without a probe: " + ", ".join(missing)
