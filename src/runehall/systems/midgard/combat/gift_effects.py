"""What a gift used as a combat action does when it resolves (or, for a short one, when it is done):
lasting effects on the user, a target or everyone nearby, healing, a check the target must make, or a
change to a target's cast that has not resolved yet (Twist of Fate) (spec 003 §5)."""

from __future__ import annotations

from typing import Any

from runehall.errors import Named, RulesError
from runehall.present.words import N_
from runehall.systems.midgard.combat import casting, gifts
from runehall.systems.midgard.combat.combatant import Combatant
from runehall.systems.midgard.combat.effects import Effect, lasting
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.settings import midgard_options, opt
from runehall.systems.midgard.combat.state import Check, Declaration
from runehall.systems.midgard.gift_use import Use, parse_use, use_cost

NO_CAST = ("thick_hide", "way_of_peace", "fist_of_thunder", "seidr_trance", "the_look_of_dread")


def fee_at_cast(d: Declaration, options: Any) -> int:
    """The Wyrð a declared gift costs when its cast is made (Request pays per margin token used, later)."""
    use = parse_use(d.gift or "")
    if use.id in NO_CAST or use.gift.use_cost.per == "margin_token":
        return 0
    return use_cost(use, midgard_options(options))


def pay(fight: Fight, c: Combatant, cost: int) -> None:
    if cost and (c.wyrd is None or c.wyrd < cost):
        raise RulesError(
            N_("{who} has {wyrd} Wyrð, not the {cost} this needs"), who=c.name, wyrd=c.wyrd or 0, cost=cost
        )
    if cost:
        fight.set(c.id, wyrd=(c.wyrd or 0) - cost)


def add(fight: Fight, cid: str, *new: Effect) -> None:
    fight.set(cid, effects=fight.people[cid].effects + new)


def heal(fight: Fight, cid: str, wounds: int) -> int:
    """Clear wound boxes, the latest first (A-58)."""
    c = fight.people[cid]
    healed = min(wounds, c.wounds)
    fight.set(cid, wounds=c.wounds - healed)
    return healed


def open_ends(fight: Fight) -> dict[str, Any]:
    return lasting(str(opt(fight.options, "open_duration")), fight.round)


def resolve_gift(fight: Fight, d: Declaration, success: bool, margin: int, past: int = 0) -> dict[str, Any]:
    """The declared gift's effect: no-cast gifts are paid and work now; the others need their cast."""
    c = fight.people[d.actor]
    use = parse_use(d.gift or "")
    g = use.id
    if g in NO_CAST:
        pay(fight, c, use_cost(use, midgard_options(fight.options)))
        c = fight.people[d.actor]
        return _no_cast(fight, c, use, d)
    if not success:
        fight.say(f"{c.name}'s {use.gift.name} fails")
        return {"gift": g, "success": False}
    return {"gift": g, "success": True} | _with_margin(fight, c, use, d, margin, past)


def _no_cast(fight: Fight, c: Combatant, use: Use, d: Declaration) -> dict[str, Any]:
    g = use.id
    if g == "thick_hide":
        add(
            fight,
            c.id,
            Effect(kind="hardness", gift=g, value=gifts.size(c, "half(H)", fight.options), **open_ends(fight)),
        )
    elif g == "way_of_peace":
        bonus = gifts.size(c, "half(F)", fight.options)
        add(
            fight,
            c.id,
            Effect(kind="defence", gift=g, value=bonus, ends="attack"),
            Effect(kind="block_dodge_skill", gift=g, value=bonus, ends="attack"),
        )
    elif g == "fist_of_thunder":
        fist = gifts.size(c, "max(1, half(Th))", fight.options)
        add(fight, c.id, Effect(kind="unarmed_damage", gift=g, value=fist, **open_ends(fight)))
    elif g == "seidr_trance":
        add(fight, c.id, Effect(kind="trance", gift=g))
    elif g == "the_look_of_dread":
        assert d.target is not None
        difficulty = gifts.size(c, "half(A) + 1", fight.options)
        fight.add_check(Check(who=d.target, kind="dread", difficulty=difficulty, by=c.id))
    fight.say(f"{c.name} uses {use.gift.name}")
    return {"gift": g, "effects": [e.model_dump(exclude_defaults=True) for e in fight.people[c.id].effects]}


def _with_margin(fight: Fight, c: Combatant, use: Use, d: Declaration, margin: int, past: int) -> dict[str, Any]:
    g, out = use.id, {}
    if g == "rune_of_power":
        out = _rune_of_power(fight, c, use, d)
    elif g == "the_gloom":
        for nearby in fight.standing():
            if nearby.id != c.id:
                add(fight, nearby.id, Effect(kind="courage_merkstave", gift=g, value=margin, **open_ends(fight)))
        out = {"courage_merkstave": margin}
    elif g == "confound":
        assert d.target is not None
        fight.add_check(Check(who=d.target, kind="confound", difficulty=0, by=c.id, past=past, outcome=margin))
        out = {"opposed_by": d.target}
    elif g == "regenerative_power":
        out = {"healed": heal(fight, c.id, margin)}
    elif g == "cooperative_attack":
        assert d.target is not None
        out = {"bonus": margin, "for": _cooperate(fight, c, d.target, margin)}
    elif g == "details_of_war":
        assert d.target is not None
        add(fight, d.target, Effect(kind="defence_vs", gift=g, value=-margin, target=c.id))
        out = {"defence_against_you": -margin}
    elif g == "creative_strategy":
        add(fight, c.id, Effect(kind="plan_dice", gift=g, value=margin))
        out = {"dice": margin}
    elif g == "twist_of_fate":
        out = twist(fight, c, d, margin)
    elif g == "strand_of_fate":
        count = int(opt(fight.options, "strand_of_fate_tokens"))
        add(fight, c.id, Effect(kind="fate_token", gift=g, value=count, target=d.target))
        out = {"tokens": count}
    elif g == "weaving_strands":
        other = d.extra_targets[0]
        add(fight, c.id, Effect(kind="weave", gift=g, value=margin, target=d.target, other=other))
        out = {"weave": margin}
    elif g == "commune":
        fight.set(c.id, carry_past=fight.people[c.id].carry_past + margin)
        out = {"carry_over": margin}
    elif g == "request":
        out = _request(fight, c, use, d, margin)
    fight.say(f"{c.name}'s {use.gift.name} succeeds, margin {margin}")
    return out


def _cooperate(fight: Fight, c: Combatant, target: str, margin: int) -> list[str]:
    """Cooperative Attack: the user and the allies gain the margin on attacks against the target, to the
    end of the round, the fight, or each one's next attack (option cooperative_attack_duration)."""
    duration = opt(fight.options, "cooperative_attack_duration")
    ends: dict[str, Any] = {"ends": "round", "last_round": fight.round}
    if duration == "combat":
        ends = {"ends": "scene"}
    elif duration == "next_attack":
        ends = {"ends": "used"}
    allies = [a.id for a in fight.standing() if a.side == c.side]
    for ally in allies:
        add(fight, ally, Effect(kind="attack_vs", gift="cooperative_attack", value=margin, target=target, **ends))
    return allies


def _rune_of_power(fight: Fight, c: Combatant, use: Use, d: Declaration) -> dict[str, Any]:
    power = gifts.size(c, "half(A)", fight.options)
    holder = fight.people[d.target or c.id]
    if "harm" in use.words:
        from runehall.systems.midgard.combat.damage import wound

        dealt = gifts.size(c, "A", fight.options)
        return {"direct_damage": dealt} | wound(fight, holder.id, dealt, None, (0, 0), dealt)
    if "damage" in use.words or "speed" in use.words:
        held = [i for i in holder.held() if d.weapon is None or i.id == d.weapon]
        if not held:
            raise RulesError(N_("{holder} holds no weapon for the rune"), holder=holder.name)
        kind, value = ("weapon_damage", power) if "damage" in use.words else ("weapon_speed", -power)
        add(fight, holder.id, Effect(kind=kind, gift=use.id, value=value, item=held[0].id))
        return {kind: value, "item": held[0].id}
    if d.skill is None:
        raise RulesError(
            N_("Rune of Power: choose {which}"),
            which=Named(
                N_(":damage, :speed, :harm, or :skill / :penalty with --skill"),
                N_("damage, speed, harm, or a bonus or penalty on a skill"),
            ),
        )
    kind, value = ("skill_merkstave", power) if "penalty" in use.words else ("skill_bonus", power)
    add(fight, holder.id, Effect(kind=kind, gift=use.id, value=value, skill=d.skill))
    return {kind: value, "skill": d.skill}


def _request(fight: Fight, c: Combatant, use: Use, d: Declaration, margin: int) -> dict[str, Any]:
    """Request healing: each margin token paid for (2 Wyrð) heals half the target's Health."""
    tokens = min(use.count or margin, margin)
    affordable = min(tokens, (c.wyrd or 0) // use.gift.use_cost.wyrd)
    pay(fight, c, affordable * use.gift.use_cost.wyrd)
    target = fight.people[d.target or c.id]
    healed = heal(
        fight,
        target.id,
        affordable * gifts.size(c, "half(target.Health)", fight.options, target={"Health": target.health}),
    )
    return {"tokens_paid": affordable, "healed": healed}


def twist(fight: Fight, c: Combatant, d: Declaration, margin: int) -> dict[str, Any]:
    """Twist of Fate: if the target's action has not resolved yet, its cast takes the margin in Merkstave
    (spent as the options say), and the order of what is left may change."""
    assert d.target is not None
    found = fight.declaration_of(d.target)
    if found is None or found[0] not in fight.queue or found[1].cast is None or not margin:
        fight.say(f"{c.name}'s Twist of Fate comes too late to touch {d.target}'s action")
        return {"twisted": False}
    index, theirs = found
    record = theirs.cast
    assert record is not None and record.allocation is not None
    tokens = record.tokens.model_copy(update={"merkstave": record.tokens.merkstave + margin})
    twisted = record.model_copy(update={"tokens": tokens})
    redone = casting.settle(twisted, record.allocation, fight.options, 0, casting.by_hand(record, fight.options))
    fight.put(index, cast=redone)
    from runehall.systems.midgard.combat.casts import queue_key

    fight.queue = sorted(fight.queue, key=lambda n: (queue_key(fight, n), n))
    return {"twisted": True, "their_margin": redone.margin, "their_speed": redone.speed}
