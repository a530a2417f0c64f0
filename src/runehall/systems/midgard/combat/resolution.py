"""Resolution stage (spec 003 §9.1 stage 3): actions in ascending speed; a hit waits for its target to
switch to an active defence or take it (§9.3); wounds call for Courage or Athletics checks (§9.8, §11.3)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.cast import TIMES
from runehall.systems.midgard.combat import gift_hits, hits, moves, specifics, switching
from runehall.systems.midgard.combat.casts import result
from runehall.systems.midgard.combat.combatant import ShortAction
from runehall.systems.midgard.combat.effects import Effect
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.gift_effects import resolve_gift
from runehall.systems.midgard.combat.settings import ceil_div, opt
from runehall.systems.midgard.combat.state import ATTACKS, DEFENCES, CastRecord, Declaration, PendingHit
from runehall.systems.midgard.speech.combat import CHECKS


def attack(fight: Fight, index: int, location: str | None) -> dict[str, Any]:
    d = fight.declarations[index]
    c = fight.people[d.actor]
    assert d.target is not None and d.cast is not None
    target = fight.people[d.target]
    if d.thrown and d.weapon is not None and c.item(d.weapon) is not None:
        fight.hold(c.id, d.weapon, False)
    if target.out:
        fight.say(f"{c.name}'s {d.action} finds {target.name} already down")
        return {"target_down": True}
    bonus = target.exposed
    fight.set(target.id, exposed=0)
    if not d.cast.success:
        fight.say(f"{c.name}'s {d.action} on {target.name} misses (Past {d.cast.past})")
        return {"hit": False} | gift_hits.thorns(fight, d)
    found = fight.declaration_of(target.id)
    if found is not None and found[1].action in ("block", "dodge") and found[1].cast is not None:
        defence = found[1]
        assert defence.cast is not None
        used = opt(fight.options, "declared_defence_scope") == "first_attack" and target.id in fight.defended
        if not used:
            fight.defended.append(target.id)
            if hits.defence_wins(fight, defence.cast, defence.action, defence.weapon, d):
                fight.say(f"{target.name}'s {defence.action} stops {c.name}'s {d.action}")
                out: dict[str, Any] = {"hit": False, "stopped_by": defence.action}
                if defence.action == "block":
                    out["item_damage"] = hits.block_damage(fight, d, defence.cast, defence.weapon)
                    shield = moves.block_item(target, defence.weapon)[0].shield
                    out["gifts"] = gift_hits.on_blocked(fight, d, target.id, shield)
                return out | gift_hits.thorns(fight, d)
    margin = d.cast.margin + bonus
    switch = can_switch(fight, target.id)
    if switch or switching.extra_defence(fight, target.id) or switching.interposers(fight, target.id):
        fight.set_pending(PendingHit(attacker=c.id, target=target.id, index=index, margin=margin, can_switch=switch))
        fight.say(f"{c.name}'s {d.action} hits {target.name}: take_hit, or switch to a defence")
        return {"hit": True, "margin": margin, "answer": "take_hit or switch"}
    return hits.land(fight, index, margin, location)


def can_switch(fight: Fight, cid: str) -> bool:
    """A hit character may switch an action still unresolved this segment to a defence (A-29)."""
    if not opt(fight.options, "switch_requires_unresolved_action"):
        return True
    found = fight.declaration_of(cid)
    if found is None:
        return False
    index, d = found
    return index in fight.queue and d.action not in DEFENCES


def other_action(fight: Fight, d: Declaration) -> dict[str, Any]:
    c = fight.people[d.actor]
    rec = d.cast
    if d.action == "gift" and (rec is None or d.time != "short"):
        go = rec is not None and rec.success is not False  # an opposed gift (Confound) has no difficulty of its own
        return resolve_gift(fight, d, go, rec.margin if rec else 0, rec.past if rec else 0)
    if d.action == "rejoice":
        rejoicing = Effect(kind="immobilised", gift="wunjo", ends="segment")
        fight.set(c.id, effects=(*c.effects, rejoicing))
        fight.say(
            f"{c.name} shows great joy, heedless of the danger (immobilised this segment): regain_wyrd --rune wunjo"
        )
        return {"done": "rejoice", "immobilised": True}
    if d.action in ("stand_up", "move", "continue"):
        if d.action == "stand_up":
            fight.set(c.id, prone=False)
        if d.action == "move" and d.item:
            fight.hold(c.id, d.item, True)
        fight.say(f"{c.name}: {d.action.replace('_', ' ')}" + (f" ({d.item})" if d.item else ""))
        return {"done": d.action}
    assert rec is not None
    if d.action == "escape_pin":
        return escape(fight, d)
    out = result(rec)
    if d.action == "short_action" or (d.action == "gift" and d.time == "short"):
        assert d.time is not None
        base, saved = TIMES[d.time]
        seconds = base - saved * rec.future if rec.success else base
        rounds = ceil_div(seconds, int(opt(fight.options, "round_seconds")))
        first = fight.round if fight.segment == 1 else fight.round + 1
        short = ShortAction(
            skill=d.skill or rec.skill or "",
            rounds=rounds,
            first_round=first,
            last_round=first + rounds - 1,
            success=bool(rec.success),
            margin=rec.margin,
            gift=d.gift,
            target=d.target,
            other=d.extra_targets[0] if d.extra_targets else None,
        )
        fight.set(c.id, short=short)
        fight.say(f"{c.name} starts a {d.time} {d.skill} action: {seconds} s, rounds {first}-{short.last_round}")
        return out | {"seconds": seconds, "rounds": rounds, "last_round": short.last_round}
    if not rec.success:
        fight.say(f"{c.name}'s {d.action.replace('_', ' ')} fails")
        return out
    if d.action == "stoke_fury" and (rec.margin > 0 or opt(fight.options, "berserk_level_zero_counts")):
        fight.set(c.id, berserk=rec.margin)
        fight.say(f"{c.name} goes berserk (level {rec.margin}) until the end of the round")
    elif d.action == "evaluate_battlefield":
        evaluated(fight, c.id)
    elif d.action == "share_evaluation":
        share(fight, c.id, d.extra_targets)
    elif d.action == "luck":
        carry_luck(fight, c.id, rec)
    else:
        fight.say(f"{c.name}'s {d.skill or d.action} succeeds, margin {rec.margin}")
    return out


def evaluated(fight: Fight, cid: str) -> None:
    """Evaluate Battlefield: +1 die on the next attack or defence cast, and an evaluation a Command cast
    may pass to allies (§9.5)."""
    c = fight.people[cid]
    kept = tuple(e for e in c.effects if e.kind != "evaluation")
    fight.set(cid, dice_bonus=c.dice_bonus + 1, effects=(*kept, Effect(kind="evaluation", ends="used")))
    fight.say(f"{c.name} reads the battlefield: +1 die on the next attack or defence")


def share(fight: Fight, cid: str, allies: tuple[str, ...]) -> None:
    """The evaluation passed on by a simple, quick Command cast: each ally named gains the die."""
    for ally in allies:
        a = fight.people[ally]
        if not a.out:
            fight.set(ally, dice_bonus=a.dice_bonus + 1)
    c = fight.people[cid]
    fight.set(cid, effects=tuple(e for e in c.effects if e.kind != "evaluation"))
    fight.say(f"{c.name} shares the reading of the battlefield with {', '.join(allies) or 'nobody'}")


def carry_luck(fight: Fight, cid: str, rec: CastRecord) -> None:
    """Luck's margin carries over to the next suitable action: as Past tokens (A-53), as dice (option
    luck_carry_over_form), as a skill bonus (Lucky Boon), or on Past and Outcome (True Diligence)."""
    c = fight.people[cid]
    if rec.carry == "skill":
        fight.set(cid, carry_free=c.carry_free + rec.margin)
    elif rec.carry == "past_and_outcome":
        fight.set(cid, carry_past=c.carry_past + rec.margin, carry_outcome=c.carry_outcome + rec.margin, no_future=True)
    elif opt(fight.options, "luck_carry_over_form") == "dice":
        fight.set(cid, dice_bonus=c.dice_bonus + rec.margin)
    else:
        fight.set(cid, carry_past=c.carry_past + rec.margin)
    fight.say(f"{c.name} has luck: {rec.margin} to carry over")


def escape(fight: Fight, d: Declaration) -> dict[str, Any]:
    """Opposed by the pinner's cast this round; no pin cast this round, and the target is free (§9.6)."""
    c = fight.people[d.actor]
    assert d.cast is not None
    if c.pin is None:
        fight.say(f"{c.name} is already free")
        return {"escaped": True}
    pinner = fight.declaration_of(c.pin.by)
    theirs = None
    if pinner is not None and pinner[1].action == "pin" and pinner[1].target == c.id and pinner[1].cast is not None:
        theirs = pinner[1].cast.past
    elif c.pin.cast_round == fight.round:
        theirs = c.pin.past
    if theirs is None:
        escaped = True
    elif d.cast.past != theirs:
        escaped = d.cast.past > theirs
    else:
        escaped = opt(fight.options, "escape_pin_tie") == "escape"
    if escaped:
        fight.set(c.id, pin=None)
        for n in fight.queue:  # a pin held this segment lapses with it
            other = fight.declarations[n]
            if other.action == "pin" and other.target == c.id and other.actor == c.pin.by:
                fight.queue.remove(n)
                fight.put(n, status="resolved", note="the target escaped first")
                break
    verb = "escapes the pin" if escaped else "fails to escape the pin"
    fight.say(f"{c.name} {verb} (Past {d.cast.past} : {theirs})")
    return {"escaped": escaped, "past": d.cast.past, "pinner_past": theirs}


class ResolveParams(RulesModel):
    location: str | None = Field(
        None,
        description="Where a hit lands (the defender's choice; the attacker's "
        "if the target is immobilised); left out, the chooser's best.",
    )
    specific: str | None = Field(
        None, description="Name the attack now: strike, knock back, target a weapon or disarm."
    )
    item: str | None = Field(None, description="Target Weapon / Disarm named now: the target's item.")
    prone: bool = Field(False, description="Knock Back named now: to knock prone.")


class ResolveAction(CombatAction):
    name: ClassVar[str] = "resolve"
    title: ClassVar[str] = N_("Resolve the next action")
    summary: ClassVar[str] = "Resolve the next action in speed order (lowest first)."
    Params: ClassVar[type[RulesModel]] = ResolveParams

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        if fight.pending is not None:
            raise RulesError(
                N_("{target} must answer the hit first ({how})"),
                how=Named(N_("take_hit or switch"), N_("take the hit or switch the defence")),
                target=fight.name_of(fight.pending.target),
            )
        if fight.checks:
            waiting = fight.checks[0]
            raise RulesError(
                N_("{who} must first cast to {purpose} (check)"),
                who=fight.name_of(waiting.who),
                purpose=Refusal(CHECKS[waiting.kind]),
            )
        if not fight.queue:
            raise RulesError(N_("nothing is left to resolve in this segment"))
        head = fight.declarations[fight.queue[0]]
        if head.cast is not None and head.cast.gm_spend:
            raise RulesError(
                N_("{who}'s Merkstave must be spent first ({how})"),
                who=fight.name_of(head.actor),
                how=Named("merkstave --actor {actor}", N_("spend it"), {"actor": head.actor}),
            )
        out: dict[str, Any] = {}
        if params.specific is not None:
            out = specifics.respecify(fight, fight.queue[0], params.specific, params.item, params.prone)
        elif params.item is not None or params.prone:
            raise RulesError(
                N_("{what} go with {specific}"),
                what=Named("--item and --prone", N_("an item to strike and a knockdown")),
                specific=Named("--specific", N_("a new manoeuvre")),
            )
        index = fight.queue.pop(0)
        d = fight.put(index, status="resolved")
        c = fight.people[d.actor]
        speed = d.cast.speed if d.cast else d.base_speed
        margin = d.cast.margin if d.cast else 0
        out |= {"actor": c.id, "action": d.action, "speed": speed}
        if c.out and not hits.simultaneous(c.out_at, speed, margin, fight.options):
            fight.say(f"{c.name} is down and does not act")
            out["skipped"] = True
        elif d.action in ATTACKS:
            out |= attack(fight, index, params.location)
        else:
            out |= other_action(fight, d)
        hits.settle_stage(fight)
        return out


class TakeHitParams(RulesModel):
    actor: str | None = Field(None, description="The hit character (default: it; named, it must be that one).")
    location: str | None = Field(None, description="head, body, arms or legs (default: the chooser's best).")


class TakeHitAction(CombatAction):
    name: ClassVar[str] = "take_hit"
    title: ClassVar[str] = N_("Take the hit")
    summary: ClassVar[str] = "The hit character takes the hit (instead of switching to a defence)."
    Params: ClassVar[type[RulesModel]] = TakeHitParams
    actor_param: ClassVar[str | None] = "actor"
    random: ClassVar[bool] = True  # an answer may carry on a run of the resolution (chain.py), which draws

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        p = fight.pending
        if p is None:
            raise RulesError(N_("no hit is waiting for an answer"))
        fight.the_one(params.actor, p.target, N_("{who} is the one hit and takes it, not {given}"))
        if params.actor is not None and params.location is not None:
            attacker, target = fight.people[fight.declarations[p.index].actor], fight.people[p.target]
            if hits.immobilised(target, attacker):
                raise RulesError(
                    N_("{target} is immobilised, so {attacker} picks where the hit lands"),
                    target=target.name,
                    attacker=attacker.name,
                )
        if p.defence is not None and (p.defence.allocation is None or p.defence.gm_spend):
            raise RulesError(
                N_("{who} must first allocate the switched defence (and spend its Merkstave)"),
                who=fight.name_of(p.defender or p.target),
            )
        fight.set_pending(None)
        out = hits.land(fight, p.index, p.margin, params.location)
        hits.settle_stage(fight)
        return out
