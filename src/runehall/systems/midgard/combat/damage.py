"""The damage procedure for one hit (spec 003 §11.4), pins (§9.6), damage to items (§11.5) and blows on
a warband (§13.8), as pure functions; and `wound`, which fills a combatant's boxes and sets up what the
wounds call for (location effects, the interruption check, being taken out)."""

from __future__ import annotations

from typing import Any, NamedTuple

from runehall.systems.midgard.combat.combatant import Armour, Combatant, Member, total_boxes
from runehall.systems.midgard.combat.effects import has
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.settings import ceil_div, opt
from runehall.systems.midgard.combat.state import Check

HEAD_MULTIPLIER = 3


class Hit(NamedTuple):
    location: str
    ap_wounds: int
    through: int  # wounds past the armour (or the whole rest, unarmoured), before the head's x3
    wounds: int
    armour: str | None
    pool_before: int | None
    pool_after: int | None


def hit(
    damage: int, ap: int, loc: str, armour: Armour | None, options: Any, hardness_cut: int = 0, skin: int = 0
) -> Hit:
    """AP goes straight to wounds (at most the damage, A-37); the rest meets the armour's hardness (less
    Hammer of Thor's `hardness_cut`) and pool, and overflow past an emptied pool wounds too; Thick Hide's
    `skin` hardness stops that much of what reaches the boxes that way (AP still gets through); through
    the head every wound is tripled (A-38)."""
    ap_part = min(ap, damage) if opt(options, "ap_capped_by_damage") else ap
    rest = max(0, damage - ap_part)
    pool = armour.pool if armour is not None else None
    if armour is None or (armour.pool == 0 and not opt(options, "empty_pool_gives_hardness")):
        through, after_pool = rest, pool
    else:
        after = max(0, rest - max(0, armour.hardness - hardness_cut))
        ticked = min(after, armour.pool)
        after_pool = armour.pool - ticked
        through = after - ticked
    through = max(0, through - skin)
    head = loc == "head"
    if head and opt(options, "head_multiplier_includes_ap"):
        wounds = (ap_part + through) * HEAD_MULTIPLIER
    elif head:
        wounds = ap_part + through * HEAD_MULTIPLIER
    else:
        wounds = ap_part + through
    return Hit(loc, ap_part, through, wounds, armour.type if armour else None, pool, after_pool)


def pin_hit(damage: int, hardness: int, loc: str) -> int:
    """A pin ignores armour; the target's Wrestling or Athletics ranks serve as hardness (§9.6)."""
    wounds = max(0, damage - hardness)
    return wounds * HEAD_MULTIPLIER if loc == "head" else wounds


def item_damage(margin: int, weapon_damage: int, hardness: int) -> int:
    """margin + weapon damage - the item's hardness, never below 0; AP does nothing to items (§11.5)."""
    return max(0, margin + weapon_damage - hardness)


def armour_at(c: Combatant, loc: str) -> Armour | None:
    return next((a for a in c.armour if loc in a.locations), None)


def thresholds(members: tuple[Member, ...], options: Any, ap: int = 0) -> list[tuple[int, int]]:
    """(kill threshold, member index) of the living warriors, lowest first: Health (= rank, or 3 + rank
    under option warrior_health) + armour hardness (§13.8, A-48); AP does nothing special against
    warriors unless option warband_ap_effect lets it pierce that much of the hardness."""
    pierce = ap if opt(options, "warband_ap_effect") else 0
    out = []
    for n, m in enumerate(members):
        if m.alive:
            health = m.rank if opt(options, "warrior_health") == "rank" else 3 + m.rank
            out.append((health + max(0, m.hardness - pierce), n))
    return sorted(out)


def band_blow(members: tuple[Member, ...], damage: int, options: Any, ap: int = 0) -> tuple[list[int], int]:
    """Warriors slain by one blow, weakest first while the damage lasts; what is left is wasted."""
    slain = []
    left = damage
    for threshold, n in thresholds(members, options, ap):
        if left < threshold:
            break
        left -= threshold
        slain.append(n)
    return slain, left


def best_location(c: Combatant, damage: int, ap: int, by_attacker: bool, options: Any, pin: int | None) -> str:
    """The documented default when the chooser names no location: a defender takes the fewest wounds
    (preferring a location with no effect), an attacker aims for the most (preferring the head)."""
    ranked = ("head", "legs", "arms", "body") if by_attacker else ("body", "arms", "legs", "head")

    def wounds(loc: str) -> int:
        if pin is not None:
            return pin_hit(damage, pin, loc)
        return hit(damage, ap, loc, armour_at(c, loc), options).wounds

    if by_attacker:
        return max(ranked, key=lambda loc: (wounds(loc), -ranked.index(loc)))
    return min(ranked, key=lambda loc: (wounds(loc), ranked.index(loc)))


def wound(fight: Fight, cid: str, wounds: int, loc: str | None, key: tuple[int, int], damage: int) -> dict[str, Any]:
    """Fill `wounds` boxes; being taken out, a limb's test and the short-action check follow (§11.3-11.4)."""
    c = fight.people[cid]
    if wounds <= 0 or c.kind == "warband":
        return {"wounds": 0}
    c = fight.set(cid, wounds=c.wounds + wounds)
    result: dict[str, Any] = {"wounds": wounds, "total_wounds": c.wounds}
    if c.wounds >= total_boxes(c):
        fight.set(cid, out=True, out_at=key, pin=None, short=None)
        fight.checks = [k for k in fight.checks if k.who != cid]
        for other in fight.standing():
            if other.pin is not None and other.pin.by == cid:
                fight.set(other.id, pin=None)
        fight.say(f"{c.name} is taken out ({c.wounds} wounds)")
        result["taken_out"] = True
        return result
    held = c.held()
    if loc == "arms" and held:
        fight.add_check(Check(who=cid, kind="arms", difficulty=wounds))
    if loc == "legs" and not c.prone:
        fight.add_check(Check(who=cid, kind="legs", difficulty=wounds))
    if c.short is not None or has(c.effects, "trance"):
        basis = damage if opt(fight.options, "interrupt_basis") == "damage" else wounds
        divisor = int(opt(fight.options, "interrupt_divisor"))
        fight.add_check(Check(who=cid, kind="interrupt", difficulty=ceil_div(basis, divisor)))
    return result
