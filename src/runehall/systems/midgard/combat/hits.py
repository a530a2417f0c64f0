"""What a resolved attack does: the contest with a declared or switched defence (spec 003 §7.4, §9.3),
and the hit itself -- wounds through armour, a pin, a push, damage to an item or a disarm (§9.5-9.6,
§11.4-11.5); blows on a warband kill warriors (§13.8)."""

from __future__ import annotations

from typing import Any

from runehall.errors import RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.midgard.combat import combatant, damage, gear, gift_hits, gifts, moves
from runehall.systems.midgard.combat.casting import succeeds
from runehall.systems.midgard.combat.combatant import Combatant, Pin, alive_members, skill_ranks
from runehall.systems.midgard.combat.declare_gifts import carved_skill
from runehall.systems.midgard.combat.effects import Effect, total
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.settings import fold, opt
from runehall.systems.midgard.combat.state import CastRecord, Declaration
from runehall.systems.midgard.gift_use import parse_use


def immobilised(target: Combatant, attacker: Combatant) -> bool:
    return combatant.immobilised(target, attacker.id)


def simultaneous(out_at: tuple[int, int] | None, speed: int, margin: int, options: Any) -> bool:
    """Taken out by an action at the same moment as one's own: it still happens (A-25)."""
    if out_at is None:
        return False
    if opt(options, "resolution_tie") == "simultaneous":
        return out_at[0] == speed
    return out_at == (speed, margin)


def late_blows(fight: Fight) -> bool:
    """Actions still to come from someone taken out at the same moment."""
    for n in fight.queue:
        d = fight.declarations[n]
        c = fight.people[d.actor]
        speed, margin = (d.cast.speed, d.cast.margin) if d.cast else (d.base_speed, 0)
        if c.out and simultaneous(c.out_at, speed, margin, fight.options):
            return True
    return False


def settle_stage(fight: Fight) -> None:
    """The fight is over when one side is left (once blows struck at the same moment have landed); the
    segment ends when nothing is left to resolve."""
    sides = {c.side for c in fight.standing()}
    if len(sides) <= 1 and not (fight.pending is None and not fight.checks and late_blows(fight)):
        fight.stage = "over"
        fight.winner = next(iter(sides)) if sides else "nobody"
        fight.queue, fight.checks = [], []
        fight.set_pending(None)
        fight.say(f"the fight is over: {fight.winner} stand")
        return
    if fight.stage == "resolution" and not fight.queue and fight.pending is None and not fight.checks:
        fight.stage = "segment_end"


def defence_wins(fight: Fight, defence: CastRecord, action: str, blocker: str | None, attack: Declaration) -> bool:
    """A contested defence prevails when it succeeds against this attacker's difficulty and resolves
    first (equal speed: the higher margin, then the defender, A-22). Escape Pin is opposed: a higher
    Past (a tie keeps the pin, A-62). Bare hands block only bare hands."""
    attacker = fight.people[attack.actor]
    assert attack.cast is not None
    if action == "escape_pin":
        if defence.past != attack.cast.past:
            return defence.past > attack.cast.past
        return bool(opt(fight.options, "escape_pin_tie") == "escape")
    if action == "block":
        profile, _ = moves.block_item(fight.people[defence_owner(fight, attack)], blocker)
        if not profile.armed and attack.armed:
            return False
    if not succeeds(defence.past, moves.defence_difficulty(attacker, attack), fight.options):
        return False
    if defence.speed != attack.cast.speed:
        return defence.speed < attack.cast.speed
    if defence.margin != attack.cast.margin:
        return defence.margin > attack.cast.margin
    return bool(opt(fight.options, "contested_tie") == "defender")


def defence_owner(fight: Fight, attack: Declaration) -> str:
    """Who defends against the attack: its target, or an ally who interposed (the Shieldbearer gift)."""
    p = fight.pending
    if p is not None and p.defender is not None and fight.declarations[p.index] == attack:
        return p.defender
    assert attack.target is not None
    return attack.target


def block_damage(fight: Fight, attack: Declaration, defence: CastRecord, blocker: str | None) -> str | None:
    """After a block of a weapon, one item may be damaged as in Target Weapon with the margin - 2: the
    blocking item, by the attacker (the book's reading, default), or the attacking weapon, by the blocker
    (option block_item_damage). The attacker's side chooses to; Runehall always does, as it never hurts."""
    attacker, target = fight.people[attack.actor], fight.people[defence_owner(fight, attack)]
    assert attack.cast is not None
    attack_item = attacker.item(attack.weapon or "")
    blocking, block_item = moves.block_item(target, blocker)
    if not attack.armed or not blocking.armed:
        return None
    if opt(fight.options, "block_item_damage") == "attacker_damages_blocking_item":
        owner, item, margin, weapon_damage = target, block_item, attack.cast.margin, attack.damage
    else:
        owner, item, margin, weapon_damage = attacker, attack_item, defence.margin, blocking.damage
    if item is None or item.hardness is None or item.structure is None:
        return None
    lost = damage.item_damage(max(0, margin - 2), weapon_damage, item.hardness)
    return harm_item(fight, owner, item.id, lost)


def harm_item(fight: Fight, owner: Combatant, item_id: str, lost: int) -> str:
    items = []
    line = f"{owner.name}'s {item_id} takes no damage"
    for i in owner.items:
        if i.id == item_id and lost:
            left = max(0, (i.structure or 0) - lost)
            broken = left == 0 and bool(opt(fight.options, "item_broken_at_zero"))
            i = i.model_copy(update={"structure": left, "broken": broken})
            line = f"{owner.name}'s {item_id} takes {lost} damage" + (", broken" if broken else f", {left} left")
        items.append(i)
    fight.set(owner.id, items=tuple(items))
    fight.say(line)
    return line


def choose_location(
    fight: Fight, target: Combatant, attacker: Combatant, given: str | None, dmg: int, ap: int, pin: int | None
) -> str:
    by_attacker = immobilised(target, attacker)
    if target.kind == "shieldbearer" and not by_attacker:
        if given is not None and gear.location(given).id != "body":
            raise RulesError(N_("a Shieldbearer's locations count only once it is immobilised"))
        return "body"  # one armour pool; locations matter only when immobilised (§13.2)
    if given is not None:
        if opt(fight.options, "hit_choice") == "armour_type":
            return location_of_type(target, given)
        return gear.location(given).id
    return damage.best_location(target, dmg, ap, by_attacker, fight.options, pin)


MILDEST = ("body", "arms", "legs", "head")


def location_of_type(target: Combatant, given: str) -> str:
    """Option hit_choice armour_type (the book's reading): the chooser names the armour type the blow lands
    on (or none, for bare skin); its location effects are those of the mildest location it covers."""
    if gear.rules_location(given) is not None:
        raise RulesError(
            N_("name the armour type the blow lands on ({rule}), or none"),
            rule=option_rule("hit_choice", N_("the table's rule on where blows land")),
        )
    if given.strip().lower() == "none":
        bare = [loc for loc in MILDEST if damage.armour_at(target, loc) is None]
        if not bare:
            raise RulesError(N_("{target} has no unarmoured location"), target=target.name)
        return bare[0]
    kind = gear.armour_type(given).id
    worn = next((a for a in target.armour if a.type == kind), None)
    if worn is None:
        raise RulesError(N_("{target} wears no {kind}"), target=target.name, kind=kind)
    return next(loc for loc in MILDEST if loc in worn.locations)


def land(fight: Fight, index: int, margin: int, location: str | None) -> dict[str, Any]:
    """Apply a hit that nothing stopped."""
    d = fight.declarations[index]
    attacker = fight.people[d.actor]
    assert d.target is not None and d.cast is not None
    target = fight.people[d.target]
    key = (d.cast.speed, d.cast.margin)
    out: dict[str, Any] = {"hit": True, "margin": margin}
    mods = gift_hits.on_hit(fight, d)
    target = fight.people[target.id]  # the gifts that fired may have changed it (Shield Splitter)
    if d.action in ("strike", "smash", "charge") or (d.action == "knock_back" and mods.wounds):
        dmg = margin + d.damage + mods.damage
        out["damage"] = dmg
        out |= deal(fight, attacker, target, dmg, d.ap + mods.ap, location, key, mods.hardness_cut)
        runes = [t for t in d.gifts if t.partition(":")[0] == "rune_of_power"]
        if runes and not fight.people[target.id].out:
            out["rune_of_power"] = carved_rune(fight, attacker, target.id, runes[0], key)
        if d.action != "knock_back":
            return out
        target = fight.people[target.id]
    if d.action == "pin":
        if target.kind == "warband":
            raise RulesError(N_("a warband cannot be pinned"))
        dmg = margin + (1 if fold(d.skill or "") == "wrestling" else 0)
        hardness = max(skill_ranks(target, "Wrestling"), skill_ranks(target, "Athletics"))
        loc = choose_location(fight, target, attacker, location, dmg, 0, hardness)
        wounds = damage.pin_hit(dmg, hardness, loc)
        since = target.pin.since_round if target.pin is not None and target.pin.by == attacker.id else fight.round
        fight.set(target.id, pin=Pin(by=attacker.id, since_round=since, past=d.cast.past, cast_round=fight.round))
        fight.say(f"{attacker.name} pins {target.name} ({dmg} damage less {hardness}, {loc}): {wounds} wound(s)")
        return out | {"location": loc, "pinned": True} | damage.wound(fight, target.id, wounds, loc, key, dmg)
    if d.action == "knock_back":
        feet = 5 + 5 * margin
        pushed = [target.id, *[t for t in d.extra_targets if not fight.people[t].out]]
        for cid in pushed:
            if d.prone:
                fight.set(cid, prone=True)
        fight.say(f"{attacker.name} knocks back {', '.join(pushed)} {feet} ft" + (", prone" if d.prone else ""))
        return out | {"pushed": pushed, "feet": feet, "prone": d.prone}
    item = target.item(d.item or "")
    if item is None or not item.held or item.broken:
        fight.say(f"{target.name} no longer holds {d.item}")
        return out | {"item": None}
    if d.action == "disarm":
        fight.hold(target.id, item.id, False)
        fight.say(f"{attacker.name} disarms {target.name}: the {item.id} lands {5 * margin} ft away")
        return out | {"item": item.id, "feet": 5 * margin}
    assert item.hardness is not None
    hardness = gift_hits.item_hardness(fight, target, item.id, item.hardness, mods.item_cut)
    lost = damage.item_damage(margin, d.damage + mods.damage, hardness)
    return out | {"item": item.id, "item_damage": lost, "line": harm_item(fight, target, item.id, lost)}


def deal(
    fight: Fight,
    attacker: Combatant,
    target: Combatant,
    dmg: int,
    ap: int,
    location: str | None,
    key: tuple[int, int],
    hardness_cut: int = 0,
) -> dict[str, Any]:
    """One blow of `dmg` damage through the damage procedure (§11.4): a warband loses warriors; anyone
    else takes it on a location, through armour (Hammer of Thor cuts its hardness) and Thick Hide."""
    if target.kind == "warband":
        return warband_blow(fight, target, dmg, key, ap)
    loc = choose_location(fight, target, attacker, location, dmg, ap, None)
    armour = damage.armour_at(target, loc)
    skin = total(target.effects, "hardness")
    h = damage.hit(dmg, ap, loc, armour, fight.options, hardness_cut, skin)
    if armour is not None and h.pool_after is not None:
        fight.set(
            target.id,
            armour=tuple(
                a.model_copy(update={"pool": h.pool_after}) if a.type == armour.type else a for a in target.armour
            ),
        )
    fight.say(f"{attacker.name} hits {target.name} ({dmg} damage, {loc}): {h.wounds} wound(s)")
    return {"location": loc, "armour_pool": h.pool_after} | damage.wound(fight, target.id, h.wounds, loc, key, dmg)


def warband_blow(fight: Fight, band: Combatant, dmg: int, key: tuple[int, int], ap: int = 0) -> dict[str, Any]:
    slain, wasted = damage.band_blow(band.members, dmg, fight.options, ap)
    members = tuple(m.model_copy(update={"alive": False}) if n in slain else m for n, m in enumerate(band.members))
    band = fight.set(band.id, members=members)
    fight.say(f"{len(slain)} of {band.name} slain ({wasted} damage wasted)")
    if not alive_members(band):
        fight.set(band.id, out=True, out_at=key)
        fight.say(f"{band.name} is wiped out")
    return {"slain": len(slain), "wasted": wasted, "left": len(alive_members(band))}


def carved_rune(fight: Fight, attacker: Combatant, target_id: str, text: str, key: tuple[int, int]) -> dict[str, Any]:
    """A Rune of Power carved with the sword blow that hit: direct damage of full Odin through armour, or
    (rune_of_power:penalty+SKILL) half Odin in merkstave on the target's casts with that skill this scene."""
    skill = carved_skill(parse_use(text).words)
    if skill is None:
        carved = gifts.size(attacker, "A", fight.options)
        return damage.wound(fight, target_id, carved, None, key, carved)
    power = gifts.size(attacker, "half(A)", fight.options)
    curse = Effect(kind="skill_merkstave", gift="rune_of_power", value=power, skill=skill)
    fight.set(target_id, effects=(*fight.people[target_id].effects, curse))
    fight.say(f"{attacker.name}'s rune weighs on {fight.people[target_id].name}'s {skill} ({power} merkstave)")
    return {"skill": skill, "skill_merkstave": power}
