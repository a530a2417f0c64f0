"""Instant casts (spec 003 §7.2): made outside the declaration order, at any stage of a segment, without
using up the caster's action; their Future does nothing. Gifts make them: Lucky Boon (an instant Luck
cast), Tactical Awareness (an instant Tactics cast: Evaluate Battlefield), Combat Master (Alertness, D 2),
Trusted Comrade (Command for an ally's Courage), Block and Breach (an attack after a shield block).
The Shieldbearer gift recasts like an active defence. Fate tokens land on a cast still being placed, or
on the target's next cast."""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.errors import RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.midgard.combat import asks, casting, gifts, hits, switching
from runehall.systems.midgard.combat.combatant import Combatant, actions
from runehall.systems.midgard.combat.effects import Effect, find, without
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.gift_effects import pay
from runehall.systems.midgard.combat.making import CastSpec, gift_cast, make_cast, spec_for, with_boost
from runehall.systems.midgard.combat.moves import DEFAULT_GM_DIFFICULTY
from runehall.systems.midgard.combat.settings import midgard_options, opt
from runehall.systems.midgard.combat.state import CastRecord, Declaration
from runehall.systems.midgard.gift_use import Use, use_cost

COURAGE_CHECKS = ("arms", "interrupt", "dread")


def _instant(fight: Fight, c: Combatant, spec: CastSpec, texts: list[str], params: Any, source: Source) -> CastRecord:
    """Check the gifts and Wyrð, cast, and settle at once by Rule SFG for the goal."""
    spec = spec._replace(instant=True, time="instant", carry=spec.carry and spec.attack)  # carry-overs wait
    boost = gifts.plan(c, gift_cast(fight, c, spec, None), texts, fight.options)
    record = make_cast(fight, c, with_boost(spec, boost), source, params.wyrd, boost)
    record = casting.place(record, None, params.goal or "margin", fight.options)
    if record.gm_spend:  # an instant waits for nobody: its Merkstave is owed for the GM's story effects
        fight.set(c.id, owed_merkstave=fight.people[c.id].owed_merkstave + record.merkstave)
    return record


def _report(record: CastRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"success": record.success, "past": record.past, "margin": record.margin}
    if record.by == "own":
        out["faces"] = list(record.tokens.faces)
    return out


def luck(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """An instant A + Luck cast at D 2 (Lucky Boon's first option): its margin carries over."""
    from runehall.systems.midgard.combat.resolution import carry_luck

    if "instant" not in use.words:
        raise RulesError(
            N_("out of turn, Luck is instant only with Lucky Boon{how}"),
            how=typed_only(": use_gift lucky_boon:instant[+dice][+skill]"),
        )
    spec = CastSpec("A", "Luck", 2, 0, action="luck", carry=False)
    record = _instant(fight, c, spec, [use.text(), *params.gifts], params, source)
    if record.success:
        carry_luck(fight, c.id, record)
    fight.say(f"{c.name} trusts to luck (instant): " + ("success" if record.success else "no luck"))
    return _report(record)


def tactics(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """Tactical Awareness: Evaluate Battlefield (a simple Tactics cast) as an instant."""
    from runehall.systems.midgard.combat.resolution import evaluated

    difficulty = params.difficulty
    if difficulty is None:
        if opt(fight.options, "gm_mode") == "ask":
            raise RulesError(
                N_("the GM sets the difficulty of Evaluate Battlefield: give {what}"), what=asks.DIFFICULTY
            )
        difficulty = DEFAULT_GM_DIFFICULTY
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    spec = CastSpec("T", "Tactics", difficulty, 0, simple=True, action="evaluate_battlefield")
    record = _instant(fight, fight.people[c.id], spec, params.gifts, params, source)
    if record.success:
        evaluated(fight, c.id)
    return _report(record)


def combat_master(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """An instant Alertness cast at D 2: its margin (at most the segments left in which the user acts)
    is how many extra Blocks or Dodges, one a segment, it may make this round without its action."""
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    record = _instant(
        fight, fight.people[c.id], CastSpec("T", "Alertness", 2, 0, action="skill"), params.gifts, params, source
    )
    within = fight.stage in ("declaration", "casting", "resolution")
    left = max(0, actions(fight.people[c.id]) - fight.segment + (1 if within else 0))
    extra = min(record.margin, left) if record.success else 0
    if extra:
        ready = Effect(kind="extra_defences", gift=use.id, value=extra, ends="round", last_round=fight.round)
        fight.set(c.id, effects=(*fight.people[c.id].effects, ready))
    return _report(record) | {"extra_defences": extra}


def trusted_comrade(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """An instant Command cast at the difficulty of an ally's waiting Courage cast: the margin is a skill
    bonus on it (or dice, option comrade_bonus_kind)."""
    ally = fight.who(params.target or "")
    waiting = [n for n, k in enumerate(fight.checks) if k.who == ally.id and k.kind in COURAGE_CHECKS]
    if ally.id == c.id or ally.side != c.side or not waiting:
        raise RulesError(
            N_("Trusted Comrade helps an ally whose Courage cast is waiting{flag}"), flag=typed_only(" (--target)")
        )
    check = fight.checks[waiting[0]]
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    spec = CastSpec("H", "Command", check.difficulty, 0, action="skill")
    record = _instant(fight, fight.people[c.id], spec, params.gifts, params, source)
    help_ = record.margin if record.success else 0
    if opt(fight.options, "comrade_bonus_kind") == "dice":
        fight.checks[waiting[0]] = check.model_copy(update={"bonus_dice": check.bonus_dice + help_})
    else:
        fight.checks[waiting[0]] = check.model_copy(update={"bonus_free": check.bonus_free + help_})
    return _report(record) | {"bonus": help_, "for": ally.id}


def shieldbearer(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """Block, with one's own shield and action, a hit on an ally (option shieldbearer_resolution)."""
    p = fight.pending
    if p is None or p.defence is not None or p.target == c.id or c.id not in switching.interposers(fight, p.target):
        raise RulesError(N_("{who} has no ally's hit to block (a shield, an unresolved action, the Wyrð)"), who=c.name)
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    return switching.defend(fight, c.id, params, source, interposed=True)


def block_and_breach(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """After a successful shield block: an instant attack on that opponent, whose Defence is +2."""
    from runehall.systems.midgard.combat.resolution import attack

    opening = find(c.effects, "breach")
    at_once = fight.stage in ("resolution", "segment_end") and fight.pending is None and not fight.checks
    if not opening or not at_once:
        raise RulesError(N_("Block and Breach answers a successful shield block, at once"))
    fight.stage = "resolution"  # the bonus attack is resolved now, hit and answers included
    foe = opening[0].target or ""
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    fight.set(c.id, effects=without(fight.people[c.id].effects, opening))
    c = fight.people[c.id]
    d = Declaration(actor=c.id, action="strike", target=foe, weapon=params.weapon, note="Block and Breach (instant)")
    spec = spec_for(fight, c, d)
    spec = spec._replace(difficulty=(spec.difficulty or 0) + 2)
    record = _instant(fight, c, spec, params.gifts, params, source)
    from runehall.systems.midgard.combat import moves

    profile, item = moves.weapon_in_use(c, d, fight.options)
    d = d.model_copy(
        update={
            "weapon": item.id if item else profile.id,
            "skill": spec.skill,
            "damage": profile.damage,
            "ap": profile.ap,
            "armed": profile.armed,
            "cast": record,
            "status": "resolved",
        }
    )
    fight.declarations.append(d)
    out = _report(record) | attack(fight, len(fight.declarations) - 1, params.location)
    hits.settle_stage(fight)
    return out


def place_tokens(fight: Fight, cid: str, stone: str, n: int) -> str:
    """Fate tokens on a target's cast still waiting for its tokens, else on its next cast."""
    field = "free" if stone == "cast_runes" else "merkstave"
    found = fight.declaration_of(cid)
    if found is not None and found[1].cast is not None and found[1].cast.allocation is None:
        rec = found[1].cast
        tokens = rec.tokens.model_copy(update={field: getattr(rec.tokens, field) + n})
        fight.put(found[0], cast=rec.model_copy(update={"tokens": tokens}))
        return f"{n} on {cid}'s {stone} stone now"
    kind = "free_next" if stone == "cast_runes" else "merkstave_next"
    t = fight.people[cid]
    fight.set(cid, effects=(*t.effects, Effect(kind=kind, gift="othala", value=n, ends="used")))
    return f"{n} on {cid}'s {stone} stone at its next cast"
