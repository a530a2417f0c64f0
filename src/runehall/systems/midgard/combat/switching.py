"""Active defences (spec 003 §9.3): a hit character gives up an unresolved action to Block, Dodge or
Escape Pin and casts again, late (no speed bonus); the defence must succeed and resolve first."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import casting, gear, gift_hits, gifts, hits, moves
from runehall.systems.midgard.combat.casts import after_settle, result
from runehall.systems.midgard.combat.effects import find
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.making import gift_cast, make_cast, spec_for, with_boost
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import Allocation, Declaration, Goal
from runehall.systems.midgard.gift_use import parse_use
from runehall.systems.midgard.limits import MAX_GIFTS


def finish_switch(fight: Fight) -> dict[str, Any]:
    """The switched (or interposed) defence against the pending hit, once its tokens are placed and any
    Merkstave spent by hand: it cancels the hit if it succeeds and resolves first."""
    p = fight.pending
    assert p is not None and p.defence is not None and p.defence_action is not None
    who = p.defender or p.target
    if p.defence.gm_spend:
        return {"merkstave": f"{p.defence.merkstave} Merkstave to spend first (merkstave --actor {who})"}
    after_settle(fight, who, p.defence)
    attack_d = fight.declarations[p.index]
    won = hits.defence_wins(fight, p.defence, p.defence_action, p.defence_item, attack_d)
    out: dict[str, Any] = {"defended": won} | result(p.defence)
    name = fight.people[who].name
    if won:
        if p.defence_action == "block":
            out["item_damage"] = hits.block_damage(fight, attack_d, p.defence, p.defence_item)
            shield = moves.block_item(fight.people[who], p.defence_item)[0].shield
            out["gifts"] = gift_hits.on_blocked(fight, attack_d, who, shield)
        fight.set_pending(None)
        fight.say(f"{name} switches to {p.defence_action} in time: the hit is cancelled")
        out |= gift_hits.thorns(fight, attack_d)
    else:
        fight.say(f"{name}'s {p.defence_action} is too late or fails: take_hit")
    hits.settle_stage(fight)
    return out


def defend(
    fight: Fight, who: str, params: Any, source: Source, keeps_action: bool = False, interposed: bool = False
) -> dict[str, Any]:
    """Recast as an active defence against the pending hit: the hit character (giving up its unresolved
    action, or keeping it with Combat Master), or an ally interposing a shield (the Shieldbearer gift, as a
    switched block by default, or with the declared bonus under option shieldbearer_resolution)."""
    p = fight.pending
    assert p is not None
    c = fight.people[who]
    attack_d = fight.declarations[p.index]
    if params.defence == "escape_pin" and attack_d.action != "pin":
        raise RulesError(N_("Escape Pin answers a pin"))
    d = Declaration(actor=c.id, action=params.defence, weapon=params.weapon, skill=params.skill)
    if params.defence == "block":
        blocking, item = moves.block_item(c, params.weapon)
        if not blocking.armed and attack_d.armed:
            raise RulesError(N_("bare hands block only unarmed attacks"))
        if interposed and not blocking.shield:
            raise RulesError(N_("the Shieldbearer gift blocks with a shield in hand"))
        d = d.model_copy(update={"weapon": item.id if item else "unarmed"})
    spec = spec_for(fight, c, d, switched_from=attack_d)
    if interposed and opt(fight.options, "shieldbearer_resolution") == "declared_shield_block":
        spec = spec._replace(base_speed=moves.base_speed(c, d, fight.options))
    boost = gifts.plan(c, gift_cast(fight, c, spec, d), params.gifts, fight.options)
    record = make_cast(fight, c, with_boost(spec, boost), source, params.wyrd, boost)
    if keeps_action:
        extra = find(c.effects, "extra_defences")[0]
        spent = extra.model_copy(update={"value": extra.value - 1, "used_segment": fight.segment})
        fight.set(c.id, effects=tuple(spent if e is extra else e for e in fight.people[c.id].effects))
    else:
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
                "defender": c.id if interposed else None,
                "keeps_action": keeps_action,
            }
        )
    )
    if record.allocation is None:
        return {"faces": list(record.tokens.faces), "allocate": f"{record.tokens.free} free token(s) to place"}
    return {"faces": list(record.tokens.faces)} | finish_switch(fight)


def interposers(fight: Fight, target: str) -> list[str]:
    """Allies who could block this hit for its target with the Shieldbearer gift: a shield in hand, an
    unresolved action this segment, and the Wyrð (being within reach is the table's call)."""
    t = fight.people[target]
    found = []
    for a in fight.standing():
        if a.side != t.side or a.id == t.id or not gifts.holds(a, parse_use("shieldbearer").gift, fight.options):
            continue
        mine = fight.declaration_of(a.id)
        shield = any(gear.weapon_or_bow(i.weapon).is_shield for i in a.held())
        if shield and mine is not None and mine[0] in fight.queue and (a.wyrd or 0) >= 2:
            found.append(a.id)
    return found


def extra_defence(fight: Fight, cid: str) -> bool:
    """Combat Master: a Block or Dodge this segment without giving up the declared action (one a segment)."""
    c = fight.people[cid]
    acting = fight.declaration_of(cid) is not None
    return acting and any(e.value > 0 and e.used_segment != fight.segment for e in find(c.effects, "extra_defences"))


class SwitchParams(RulesModel):
    actor: str | None = Field(None, description="The hit character (default: it; named, it must be that one).")
    defence: Literal["block", "dodge", "escape_pin"] = Field(description="The active defence switched to.")
    weapon: str | None = Field(None, description="Block: the item blocking (default: a shield, else the weapon).")
    skill: str | None = Field(None, description="Escape Pin: Athletics or Wrestling.")
    wyrd: int = Field(0, ge=0, le=10)
    goal: Goal | None = Field(None, description="Place the free tokens now by Rule SFG (default: allocate after).")
    gifts: list[str] = Field(
        default_factory=list, max_length=MAX_GIFTS, description="Gifts used on this cast (Body of Water...)."
    )
    extra: bool = Field(False, description="Combat Master: defend without giving up the declared action.")


class SwitchAction(CombatAction):
    name: ClassVar[str] = "switch"
    title: ClassVar[str] = N_("Switch to a defence")
    summary: ClassVar[str] = "The hit character gives up its unresolved action to Block, Dodge or Escape Pin (recast)."
    Params: ClassVar[type[RulesModel]] = SwitchParams
    actor_param: ClassVar[str | None] = "actor"
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("resolution")
        p = fight.pending
        if p is None or p.defence is not None:
            raise RulesError(N_("there is no hit to switch against"))
        fight.the_one(params.actor, p.target, N_("{who} is the one hit and may switch, not {given}"))
        if params.extra:
            if not extra_defence(fight, p.target):
                raise RulesError(
                    N_("{target} has no Combat Master defence left for this segment"), target=fight.name_of(p.target)
                )
            return defend(fight, p.target, params, source, keeps_action=True)
        if not p.can_switch:
            raise RulesError(
                N_("{target} has no unresolved action to switch this segment"), target=fight.name_of(p.target)
            )
        return defend(fight, p.target, params, source)
