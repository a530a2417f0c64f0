"""Probes for test_midgard_options.py: the options of gifts and combat (first part)."""

from __future__ import annotations

from typing import Any

from runehall.systems.midgard import creation, gift_use
from runehall.systems.midgard.combat import gifts
from runehall.systems.midgard.combat.effects import lasting
from runehall.systems.midgard.combat.state import Allocation, Declaration, Tokens
from test_midgard_combat import Game, pc
from test_midgard_option_probes import SYSTEM, attempt, fight_of, made, record


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
