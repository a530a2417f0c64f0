"""Checks: the simple instant casts a hit or a gift calls for -- Courage for an arm wound, an interrupted
short action or a gift's fear; Athletics for a leg wound; the target's Alertness against Confound."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import asks, casting, gifts, hits
from runehall.systems.midgard.combat.combatant import Combatant, courage_bonus
from runehall.systems.midgard.combat.effects import Effect
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.gift_effects import pay
from runehall.systems.midgard.combat.making import CastSpec, gift_cast, make_cast, with_boost
from runehall.systems.midgard.combat.settings import midgard_options, opt
from runehall.systems.midgard.combat.state import Allocation, CastRecord, Check, GMCast
from runehall.systems.midgard.gift_use import use_cost
from runehall.systems.midgard.limits import MAX_GIFTS


class CheckParams(RulesModel):
    actor: str | None = Field(None, description="Who makes the check (default: the next one's; named, it must be).")
    wyrd: int = Field(0, ge=0, le=10)
    drop: str | None = Field(None, description="Arms: the item dropped if the Courage cast fails (owner's choice).")
    gifts: list[str] = Field(
        max_length=MAX_GIFTS,
        default_factory=list,
        description="Gifts on this cast (Virtuous Courage, Persistent Endeavour...).",
    )


COURAGE_KINDS = ("arms", "interrupt", "dread")


def check_spec(c: Combatant, k: Check) -> CastSpec:
    """Legs: F + Athletics; Confound: T + Alertness (opposed); the rest Courage, with the berserk level
    added to the Courage bonus and Trusted Comrade's skill bonus."""
    if k.kind == "legs":
        return CastSpec("F", "Athletics", k.difficulty, 0, simple=True, instant=True, carry=False, action="check")
    if k.kind == "confound":
        return CastSpec("T", "Alertness", None, 0, opposed=True, instant=True, carry=False, action="check")
    bonus = courage_bonus(c) + (c.berserk or 0) + k.bonus_free
    target = k.by if k.kind == "dread" else None
    return CastSpec(
        "courage",
        None,
        k.difficulty,
        0,
        simple=True,
        instant=True,
        free_bonus=bonus,
        carry=False,
        action="check",
        target=target,
    )


def _drop(c: Combatant, k: Check, params: Any) -> str | None:
    if k.kind != "arms":
        if params.drop is not None:
            raise RulesError(
                N_("{what} belongs to an arm wound's check"), what=Named("--drop", N_("dropping something"))
            )
        return None
    held = c.held()
    if params.drop is not None:
        item = c.item(params.drop)
        if item is None or item not in held:
            raise RulesError(N_("{who} holds no {drop!r}"), who=c.name, drop=params.drop)
        return item.id
    if len(held) > 1:
        raise RulesError(
            N_("name what {who} drops on a failure{which}"),
            who=c.name,
            which=typed_only(" (--drop {id})", id=" or ".join(i.id for i in held)),
        )
    return held[0].id if held else None


class CheckAction(CombatAction):
    name: ClassVar[str] = "check"
    title: ClassVar[str] = N_("Wound check")
    summary: ClassVar[str] = (
        "Make the next check: Courage (arm wound, interrupted short action or trance, a gift's fear), "
        "Athletics (legs), or Alertness against Confound."
    )
    Params: ClassVar[type[RulesModel]] = CheckParams
    actor_param: ClassVar[str | None] = "actor"
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        if not fight.checks:
            raise RulesError(N_("no check is waiting"))
        k = fight.checks[0]
        c = fight.people[fight.the_one(params.actor, k.who, N_("{who} makes the next check, not {given}"))]
        drop = _drop(c, k, params)
        out: dict[str, Any] = {"who": c.id, "check": k.kind, "difficulty": k.difficulty}
        if "persistent_endeavour" in [t.partition(":")[0] for t in params.gifts]:
            return out | endure(fight, c, k, params.gifts)
        spec = check_spec(c, k)
        boost = gifts.plan(c, gift_cast(fight, c, spec, None), params.gifts, fight.options)
        boost.dice += k.bonus_dice
        record = make_cast(fight, c, with_boost(spec, boost), source, params.wyrd, boost)
        if k.kind == "confound":
            record = casting.settle(record, Allocation(past=record.tokens.free), fight.options)
        else:
            record = casting.place(record, None, "succeed", fight.options)
        fight.checks.pop(0)
        owe(fight, c.id, record)
        if record.by == "own":
            out["faces"] = list(record.tokens.faces)
        out["tokens"] = {"past": record.tokens.past, "free": record.tokens.free, "merkstave": record.tokens.merkstave}
        if k.kind == "confound":
            return out | confounded(fight, k, record, source)
        out["success"] = record.success
        if not record.success:
            out |= failed(fight, c, k, drop)
        fight.say(f"{c.name}'s {k.kind} check (D {k.difficulty}): " + ("holds" if record.success else "fails"))
        hits.settle_stage(fight)
        return out


def owe(fight: Fight, cid: str, record: CastRecord) -> None:
    """A check's leftover Merkstave, when a person spends it (merkstave_policy / gm_merkstave_spender)."""
    if record.gm_spend:
        fight.set(cid, owed_merkstave=fight.people[cid].owed_merkstave + record.merkstave)


def endure(fight: Fight, c: Combatant, k: Check, texts: list[str]) -> dict[str, Any]:
    """Persistent Endeavour: no Courage cast for an interrupted short action (or trance)."""
    if k.kind != "interrupt" or len(texts) != 1:
        raise RulesError(N_("Persistent Endeavour skips the Courage cast of an interruption, on its own"))
    use = gifts.uses_of(c, texts, fight.options)[0]
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    fight.checks.pop(0)
    fight.say(f"{c.name} keeps at it (Persistent Endeavour)")
    hits.settle_stage(fight)
    return {"success": True, "skipped": "persistent_endeavour"}


def failed(fight: Fight, c: Combatant, k: Check, drop: str | None) -> dict[str, Any]:
    if k.kind == "arms" and drop is not None:
        fight.hold(c.id, drop, False)
        return {"dropped": drop}
    if k.kind == "legs":
        prone = opt(fight.options, "legs_penetration") == "prone"
        fight.set(c.id, prone=prone or c.prone)
        return {"fell": "prone" if prone else "knocked back"}
    if k.kind == "interrupt":
        fight.set(c.id, short=None, effects=tuple(e for e in c.effects if e.kind != "trance"))
        return {"interrupted": True}
    if k.kind == "dread" and k.by is not None:
        user = fight.people[k.by]
        scared = Effect(kind="merkstave_vs", gift="the_look_of_dread", value=1, target=k.by)
        bold = Effect(kind="skill_vs", gift="the_look_of_dread", value=1, target=c.id)
        fight.set(c.id, effects=(*c.effects, scared))
        fight.set(user.id, effects=(*user.effects, bold))
        fight.say(f"{c.name} is afraid of {user.name} and keeps away")
        return {"afraid_of": k.by}
    return {}


def confounded(fight: Fight, k: Check, record: CastRecord, source: Source) -> dict[str, Any]:
    """Confound is opposed by the target's Alertness: the higher Past wins; a tie goes by option
    opposed_tie (Outcome then the resisting side, the resisting side, or both cast again)."""
    assert k.by is not None
    user, target = fight.people[k.by], fight.people[k.who]
    theirs, mine, margin = record.past, k.past, k.outcome
    rule = opt(fight.options, "opposed_tie")
    tries = 0
    fresh = user.is_enemy  # an enemy user recasts from new GM dice (and so does an enemy target then)
    while theirs == mine and rule == "recast" and tries < 10:
        spec = check_spec(target, k)
        again = (
            reading(fight, target, spec, source)
            if fresh and target.is_enemy
            else make_cast(fight, target, spec, source, 0)
        )
        record = casting.settle(again, Allocation(past=again.tokens.free), fight.options)
        mine, margin = recast_deception(fight, user, record.past, source)
        theirs = record.past
        tries += 1
    if mine != theirs:
        won = mine > theirs
    else:
        won = rule == "outcome_then_status_quo" and margin > record.margin
    if won:
        slow = Effect(kind="speed", gift="confound", value=margin)
        fight.set(target.id, effects=(*fight.people[target.id].effects, slow))
    fight.say(
        f"{user.name}'s Confound {'confounds' if won else 'fails against'} {target.name} (Past {mine} : {theirs})"
    )
    hits.settle_stage(fight)
    return {"success": won, "past": theirs, "their_past": mine, "speed_penalty": margin if won else 0}


def recast_deception(fight: Fight, user: Combatant, rival: int, source: Source) -> tuple[int, int]:
    """The user's Deception cast again (option opposed_tie recast): enough on Past to beat the rival when
    it can (the rest cancels Merkstave, then Outcome), else everything on Past (spec §15.2)."""
    spec = CastSpec("H", "Deception", None, 0, opposed=True, instant=True, carry=False, action="check")
    rec = reading(fight, user, spec, source) if user.is_enemy else make_cast(fight, user, spec, source, 0)
    t = rec.tokens
    if t.past + t.free > rival:
        on_past = max(0, rival + 1 - t.past)
        cancel = min(t.free - on_past, t.merkstave)
        alloc = Allocation(past=on_past, cancel=cancel, outcome=t.free - on_past - cancel)
    else:
        alloc = Allocation(past=t.free)
    done = casting.settle(rec, alloc, fight.options)
    return done.past, done.margin


def reading(fight: Fight, c: Combatant, spec: CastSpec, source: Source) -> CastRecord:
    """An enemy's cast made again (option opposed_tie recast): the GM rolls the round's number of dice anew
    for it alone, and the free tokens of that roll join the enemy's own; the round's cast stays as it was."""
    gm = fight.gm
    if gm is None or gm.allocation is None:
        raise RulesError(N_("enemies read the GM's cast: {first}"), first=asks.GM_CAST_FIRST)
    t = casting.sort(casting.roll(source, gm.dice, fight.options), fight.options)
    fight.set_gm(
        GMCast(
            round=gm.round,
            dice=gm.dice,
            tokens=t,
            allocation=Allocation(),
            past=t.past,
            outcome=t.outcome,
            merkstave=t.merkstave,
        )
    )
    try:
        rec = make_cast(fight, c, spec, source, 0)
    finally:
        fight.set_gm(gm)
    tokens = rec.tokens.model_copy(update={"free": rec.tokens.free + t.free, "faces": t.faces})
    return rec.model_copy(update={"tokens": tokens})
