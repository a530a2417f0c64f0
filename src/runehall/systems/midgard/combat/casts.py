"""Casting stage: each declared action's cast -- a character's own d8 pool, or an enemy's reading of the
GM's one cast for the round (spec 003 §13.3-13.4) -- and the token allocations that settle them."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.cast import FUTURE_CAP, sfg
from runehall.systems.midgard.combat import asks, casting, gift_effects, gifts, moves, secrecy
from runehall.systems.midgard.combat.combatant import Combatant
from runehall.systems.midgard.combat.effects import Effect
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.making import gift_cast, make_cast, spec_for, with_boost
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import (
    ATTACKS,
    Allocation,
    CastRecord,
    CombatState,
    GMCast,
    Goal,
)
from runehall.systems.midgard.limits import MAX_GIFTS


def attackers_difficulty(fight: Fight, cid: str) -> int:
    """What an automatic declared defence aims at: the hardest attacker on it this segment."""
    found = [
        moves.defence_difficulty(fight.people[d.actor], d)
        for d in fight.declarations
        if d.action in ATTACKS and d.target == cid
    ]
    return max(found, default=0)


def settle_declaration(
    fight: Fight, index: int, record: CastRecord, alloc: Allocation | None, goal: Goal | None
) -> CastRecord:
    """Place the tokens (or leave them for allocate), then what follows a settled cast: Merkstave for the
    next attack, gifts that act after the distribution, and the seal of a secret allocation."""
    d = fight.declarations[index]
    aim = attackers_difficulty(fight, d.actor) if d.action in ("block", "dodge") else 0
    if alloc is None and goal is None and record.tokens.free == 0:
        alloc = Allocation()
    record = casting.place(record, alloc, goal, fight.options, aim)
    ready = record.allocation is not None and not record.gm_spend
    fight.put(index, cast=record, status="ready" if ready else "declared")
    if record.allocation is not None:
        after_settle(fight, d.actor, record)
    fight.revealed += secrecy.reseal(fight)
    found = fight.declarations[index].cast
    assert found is not None
    return found


def after_settle(fight: Fight, cid: str, record: CastRecord) -> None:
    """Once a cast is settled: the GM's Merkstave on the next attack (A-20), Flow of Combat's carry-over,
    and whether it was a botch (Learn from your Mistakes, option botch_means)."""
    expose(fight, cid, record)
    c = fight.people[cid]
    effects = c.effects
    if "flow_of_combat" in gift_ids(record.gifts) and record.success is not False and record.margin:
        flow = Effect(kind="carry_attack", gift="flow_of_combat", value=record.margin, ends="next_segment")
        effects = (*effects, flow)
    botched = c.botched
    if record.by == "own" and record.success is not None:
        critical = opt(fight.options, "botch_means") == "critical_failure"
        failed = not record.success and (record.merkstave > 0 or not critical)
        botched = record.skill if failed else None
    fight.set(cid, effects=effects, botched=botched)


def gift_ids(texts: tuple[str, ...]) -> list[str]:
    return [t.partition(":")[0] for t in texts]


def expose(fight: Fight, cid: str, record: CastRecord) -> None:
    """Merkstave the GM turns into +1 margin on the next action aimed at the caster (A-20)."""
    if record.allocation is not None and record.next_attack:
        c = fight.people[cid]
        fight.set(cid, exposed=c.exposed + record.next_attack)


def queue_key(fight: Fight, index: int) -> tuple[int, ...]:
    d = fight.declarations[index]
    speed = d.cast.speed if d.cast is not None else d.base_speed
    margin = d.cast.margin if d.cast is not None else 0
    if opt(fight.options, "resolution_tie") == "simultaneous":
        return (speed,)
    return (speed, -margin)


def maybe_resolution(fight: Fight) -> None:
    """Once every acting character's cast is settled, resolution runs in ascending speed (higher margin
    first on a tie, A-25). Declared Blocks and Dodges take no turn: they answer attacks (A-27)."""
    if fight.stage != "casting" or any(d.status != "ready" for d in fight.declarations):
        return
    turns = [n for n, d in enumerate(fight.declarations) if d.action not in ("block", "dodge")]
    fight.queue = sorted(turns, key=lambda n: (queue_key(fight, n), n))
    fight.stage = "resolution"
    if not fight.queue:
        fight.stage = "segment_end"


class CastParams(RulesModel):
    actor: str = Field(description="Who casts (the declared action's cast).")
    wyrd: int = Field(0, ge=0, le=10, description="Wyrð spent on bonus dice (at most 2 + legend score).")
    goal: Goal | None = Field(
        None,
        description="Place the free tokens now by Rule SFG: margin, speed or succeed; "
        "left out, allocate them after seeing the dice.",
    )
    gifts: list[str] = Field(
        max_length=MAX_GIFTS,
        default_factory=list,
        description="Rune gifts used on this cast, choices after a colon (Hammer of Thor with 2).",
    )
    round_cast: bool = Field(
        False,
        description="An enemy's cast: make the GM's cast for the round first when it is not made yet, its "
        "free tokens all on Past.",
    )


class CastAction(CombatAction):
    name: ClassVar[str] = "cast"
    title: ClassVar[str] = N_("Cast the runes")
    summary: ClassVar[str] = "Cast for a declared action: roll the d8 pool (enemies read the GM's cast)."
    Params: ClassVar[type[RulesModel]] = CastParams
    actor_param: ClassVar[str | None] = "actor"
    random: ClassVar[bool] = True

    def apply(
        self, state: CombatState, params: Any, options: Any, source: Source
    ) -> tuple[CombatState, dict[str, Any]]:
        if not params.round_cast:
            return super().apply(state, params, options, source)
        from runehall.systems.midgard.combat.chain import round_cast_first  # late: it runs gm_cast

        return round_cast_first(super().apply, state, params, options, source)

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("casting")
        c = fight.who(params.actor)
        found = fight.declaration_of(c.id)
        if found is None:
            raise RulesError(N_("{who} does not act this segment"), who=c.name)
        index, d = found
        if d.cast is not None or d.status == "ready":
            raise RulesError(N_("{who} has already cast (or needs no cast) for this action"), who=c.name)
        spec = spec_for(fight, c, d)
        boost = gifts.plan(c, gift_cast(fight, c, spec, d), params.gifts, fight.options)
        if d.action == "gift":
            boost.cost += gift_effects.fee_at_cast(d, fight.options)
        record = make_cast(fight, c, with_boost(spec, boost), source, params.wyrd, boost)
        record = with_settle_gifts(record, boost)
        record = settle_declaration(fight, index, record, None, params.goal)
        maybe_resolution(fight)
        return summary(fight, index, c, record)


def with_settle_gifts(record: CastRecord, boost: gifts.Boost) -> CastRecord:
    """Gifts that act after the distribution are kept on the record until it is settled."""
    patient = next((dict(u.amounts) for u in boost.settle if u.id == "patient_reward"), None)
    return record.model_copy(update={"patient": patient}) if patient is not None else record


def summary(fight: Fight, index: int | None, c: Combatant, record: CastRecord) -> dict[str, Any]:
    """What a cast or allocation reports: the dice and tokens, then the result unless it is sealed (a
    secret allocation waiting for its opponent) or waits for someone to spend its Merkstave."""
    t = record.tokens
    out: dict[str, Any] = {"actor": c.id}
    if record.by == "own":
        out["faces"] = list(t.faces)
    future = t.future + t.extra_future
    out["tokens"] = {"past": t.past, "future": future, "outcome": t.outcome, "merkstave": t.merkstave, "free": t.free}
    if record.allocation is None:
        out["allocate"] = f"{t.free} free token(s) to place"
    elif record.sealed and index is not None:
        out["sealed"] = "allocated in secret; shown when " + " and ".join(secrecy.waiting_on(fight, index)) + " have"
    else:
        out.update(result(record))
    if record.gm_spend:
        out["merkstave"] = f"{record.merkstave} Merkstave to spend (merkstave --actor {c.id})"
    opened = [a for a in fight.revealed if a != c.id]
    if opened:
        out["revealed"] = {a: _revealed(fight, a) for a in opened}
    return out


def _revealed(fight: Fight, actor: str) -> dict[str, Any]:
    found = fight.declaration_of(actor)
    assert found is not None and found[1].cast is not None
    return result(found[1].cast)


def result(record: CastRecord) -> dict[str, Any]:
    return {
        "success": record.success,
        "past": record.past,
        "margin": record.margin,
        "speed": record.speed,
        "merkstave_left": record.merkstave,
    }


class AllocateParams(RulesModel):
    actor: str = Field(description="Whose cast (gm for the GM's round cast).")
    past: int | None = Field(None, ge=0, le=40)
    future: int | None = Field(None, ge=0, le=40)
    outcome: int | None = Field(None, ge=0, le=40)
    cancel: int | None = Field(None, ge=0, le=40, description="Merkstave tokens removed.")
    goal: Goal | None = Field(None, description="Or place them by Rule SFG: margin, speed or succeed.")
    gifts: list[str] = Field(
        max_length=MAX_GIFTS,
        default_factory=list,
        description="Gifts used now, after the roll (Strike of Thunder, Purge the Soul with 2...).",
    )


def chosen(params: Any) -> Allocation | None:
    given = [getattr(params, k) for k in ("past", "future", "outcome", "cancel")]
    if all(v is None for v in given):
        if params.goal is None:
            raise RulesError(
                N_("say where the free tokens go{flags} or give {goal}"),
                flags=typed_only(" (--past --future --outcome --cancel)"),
                goal=asks.GOAL,
            )
        return None
    if params.goal is not None:
        raise RulesError(N_("give either an allocation or {goal}, not both"), goal=asks.GOAL)
    return Allocation(**{k: v or 0 for k, v in zip(("past", "future", "outcome", "cancel"), given, strict=True)})


def settle_gm(fight: Fight, alloc: Allocation | None, goal: str | None, difficulty: int) -> GMCast:
    gm = fight.gm
    assert gm is not None
    t = gm.tokens
    if alloc is None:
        if goal == "past":
            alloc = Allocation(past=t.free)
        else:
            plan = sfg(
                t.past, t.future, t.merkstave, t.free, difficulty, "speed" if goal == "speed" else "margin", False
            )
            alloc = Allocation(past=plan.past, future=plan.future, outcome=plan.outcome, cancel=plan.cancel)
    else:
        probe = CastRecord(by="gm", tokens=t)
        casting.check_allocation(t, alloc, probe, fight.options)
    gm = gm.model_copy(
        update={
            "allocation": alloc,
            "past": t.past + alloc.past,
            "future": min(FUTURE_CAP, t.future + alloc.future),
            "outcome": t.outcome + alloc.outcome,
            "merkstave": t.merkstave - alloc.cancel,
        }
    )
    fight.set_gm(gm)
    return gm
