"""Resolution stage (spec 003 §9.1 stage 3): actions in ascending speed; a hit waits for its target to
switch to an active defence or take it (§9.3); wounds call for Courage or Athletics checks (§9.8, §11.3)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.systems.base import RulesModel
from runehall.systems.midgard.cast import TIMES
from runehall.systems.midgard.combat import casting, hits, moves
from runehall.systems.midgard.combat.casts import CastSpec, expose, make_cast, result, spec_for
from runehall.systems.midgard.combat.combatant import ShortAction
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.settings import ceil_div, opt
from runehall.systems.midgard.combat.state import ATTACKS, DEFENCES, Allocation, Declaration, Goal, PendingHit


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
        return {"hit": False}
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
                return out
    margin = d.cast.margin + bonus
    if can_switch(fight, target.id):
        fight.set_pending(PendingHit(attacker=c.id, target=target.id, index=index, margin=margin))
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
    if d.action == "short_action":
        assert d.time is not None
        base, saved = TIMES[d.time]
        seconds = base - saved * rec.future if rec.success else base
        rounds = ceil_div(seconds, int(opt(fight.options, "round_seconds")))
        first = fight.round if fight.segment == 1 else fight.round + 1
        short = ShortAction(
            skill=d.skill or "",
            rounds=rounds,
            first_round=first,
            last_round=first + rounds - 1,
            success=bool(rec.success),
            margin=rec.margin,
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
        fight.set(c.id, dice_bonus=c.dice_bonus + 1)
        fight.say(f"{c.name} reads the battlefield: +1 die on the next attack or defence")
    elif d.action == "luck":
        if opt(fight.options, "luck_carry_over_form") == "dice":
            fight.set(c.id, dice_bonus=c.dice_bonus + rec.margin)
        else:
            fight.set(c.id, carry_past=c.carry_past + rec.margin)
        fight.say(f"{c.name} has luck: {rec.margin} to carry over")
    else:
        fight.say(f"{c.name}'s {d.skill or d.action} succeeds, margin {rec.margin}")
    return out


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


class ResolveAction(CombatAction):
    name: ClassVar[str] = "resolve"
    summary: ClassVar[str] = "Resolve the next action in speed order (lowest first)."
    Params: ClassVar[type[RulesModel]] = ResolveParams

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        if fight.pending is not None:
            raise RulesError(f"{fight.pending.target} must answer the hit first (take_hit or switch)")
        if fight.checks:
            raise RulesError(f"{fight.checks[0].who} must make a {fight.checks[0].kind} check first (check)")
        index = fight.queue.pop(0)
        d = fight.put(index, status="resolved")
        c = fight.people[d.actor]
        speed = d.cast.speed if d.cast else d.base_speed
        margin = d.cast.margin if d.cast else 0
        out: dict[str, Any] = {"actor": c.id, "action": d.action, "speed": speed}
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
    location: str | None = Field(None, description="head, body, arms or legs (default: the chooser's best).")


class TakeHitAction(CombatAction):
    name: ClassVar[str] = "take_hit"
    summary: ClassVar[str] = "The hit character takes the hit (instead of switching to a defence)."
    Params: ClassVar[type[RulesModel]] = TakeHitParams

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        p = fight.pending
        if p is None:
            raise RulesError("no hit is waiting for an answer")
        if p.defence is not None and p.defence.allocation is None:
            raise RulesError(f"{p.target} must first allocate the switched defence's tokens")
        fight.set_pending(None)
        out = hits.land(fight, p.index, p.margin, params.location)
        hits.settle_stage(fight)
        return out


class SwitchParams(RulesModel):
    defence: Literal["block", "dodge", "escape_pin"] = Field(description="The active defence switched to.")
    weapon: str | None = Field(None, description="Block: the item blocking (default: a shield, else the weapon).")
    skill: str | None = Field(None, description="Escape Pin: Athletics or Wrestling.")
    wyrd: int = Field(0, ge=0, le=10)
    goal: Goal | None = Field(None, description="Place the free tokens now by Rule SFG (default: allocate after).")


def finish_switch(fight: Fight) -> dict[str, Any]:
    p = fight.pending
    assert p is not None and p.defence is not None and p.defence_action is not None
    expose(fight, p.target, p.defence)
    attack_d = fight.declarations[p.index]
    won = hits.defence_wins(fight, p.defence, p.defence_action, p.defence_item, attack_d)
    out: dict[str, Any] = {"defended": won} | result(p.defence)
    if won:
        fight.set_pending(None)
        fight.say(f"{fight.people[p.target].name} switches to {p.defence_action} in time: the hit is cancelled")
        if p.defence_action == "block":
            out["item_damage"] = hits.block_damage(fight, attack_d, p.defence, p.defence_item)
    else:
        fight.say(f"{fight.people[p.target].name}'s {p.defence_action} is too late or fails: take_hit")
    hits.settle_stage(fight)
    return out


class SwitchAction(CombatAction):
    name: ClassVar[str] = "switch"
    summary: ClassVar[str] = "The hit character gives up its unresolved action to Block, Dodge or Escape Pin (recast)."
    Params: ClassVar[type[RulesModel]] = SwitchParams
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        p = fight.pending
        if p is None or not p.can_switch:
            raise RulesError("there is no hit to switch against")
        c = fight.people[p.target]
        attack_d = fight.declarations[p.index]
        if params.defence == "escape_pin" and attack_d.action != "pin":
            raise RulesError("Escape Pin answers a pin")
        d = Declaration(actor=c.id, action=params.defence, weapon=params.weapon, skill=params.skill)
        if params.defence == "block":
            blocking, item = moves.block_item(c, params.weapon)
            if not blocking.armed and attack_d.armed:
                raise RulesError("bare hands block only unarmed attacks")
            d = d.model_copy(update={"weapon": item.id if item else "unarmed"})
        spec = spec_for(fight, c, d, switched_from=attack_d)
        record = make_cast(fight, c, spec, source, params.wyrd)
        found = fight.declaration_of(c.id)
        if found is not None and found[0] in fight.queue:
            fight.queue.remove(found[0])
            fight.put(found[0], status="switched", note=f"switched to {params.defence}")
        alloc = Allocation() if record.tokens.free == 0 and params.goal is None else None
        record = casting.place(record, alloc, params.goal, fight.options)
        fight.set_pending(
            p.model_copy(
                update={
                    "defence": record,
                    "defence_action": params.defence,
                    "defence_item": d.weapon,
                    "can_switch": False,
                }
            )
        )
        if record.allocation is None:
            return {"faces": list(record.tokens.faces), "allocate": f"{record.tokens.free} free token(s) to place"}
        return {"faces": list(record.tokens.faces)} | finish_switch(fight)


class CheckParams(RulesModel):
    wyrd: int = Field(0, ge=0, le=10)
    drop: str | None = Field(None, description="Arms: the item dropped if the Courage cast fails (owner's choice).")


class CheckAction(CombatAction):
    name: ClassVar[str] = "check"
    summary: ClassVar[str] = (
        "Make the next check a hit called for: Courage (arm wound, short-action interruption) or Athletics (legs)."
    )
    Params: ClassVar[type[RulesModel]] = CheckParams
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        if not fight.checks:
            raise RulesError("no check is waiting")
        k = fight.checks[0]
        c = fight.people[k.who]
        drop = None
        if k.kind == "arms":
            held = c.held()
            if params.drop is not None:
                item = c.item(params.drop)
                if item is None or item not in held:
                    raise RulesError(f"{c.name} holds no {params.drop!r}")
                drop = item.id
            elif len(held) > 1:
                raise RulesError(f"name what {c.name} drops on a failure (--drop {' or '.join(i.id for i in held)})")
            else:
                drop = held[0].id
        elif params.drop is not None:
            raise RulesError("--drop belongs to an arm wound's check")
        if k.kind == "legs":
            spec = CastSpec("F", "Athletics", k.difficulty, 0, simple=True, instant=True, carry=False)
        else:
            spec = CastSpec(
                "courage",
                None,
                k.difficulty,
                0,
                simple=True,
                instant=True,
                free_bonus=c.courage_bonus + (c.berserk or 0),
                carry=False,
            )
        record = casting.place(make_cast(fight, c, spec, source, params.wyrd), None, "succeed", fight.options)
        fight.checks.pop(0)
        out: dict[str, Any] = {"who": c.id, "check": k.kind, "difficulty": k.difficulty, "success": record.success}
        if record.by == "own":
            out["faces"] = list(record.tokens.faces)
        if not record.success:
            if k.kind == "arms" and drop is not None:
                fight.hold(c.id, drop, False)
                out["dropped"] = drop
            elif k.kind == "legs":
                prone = opt(fight.options, "legs_penetration") == "prone"
                fight.set(c.id, prone=prone or c.prone)
                out["fell"] = "prone" if prone else "knocked back"
            elif k.kind == "interrupt":
                fight.set(c.id, short=None)
                out["interrupted"] = True
        fight.say(f"{c.name}'s {k.kind} check (D {k.difficulty}): " + ("holds" if record.success else "fails"))
        hits.settle_stage(fight)
        return out
