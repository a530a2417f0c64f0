"""Probes for test_midgard_options.py: the helpers, and the options of a single cast, creation and Wyrð."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runehall.chance.sources import ManualSource
from runehall.errors import RunehallError
from runehall.systems import registry
from runehall.systems.midgard import creation, qualities
from runehall.systems.midgard.combat import casting, gifts
from runehall.systems.midgard.combat.build import CombatantSpec, build
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.state import Allocation, CastRecord, CombatState, Tokens
from test_midgard_combat import Game, pc

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
