"""Gifts that act when an attack lands, fails or is blocked (spec 003 §5): the attacker's armed gifts are
paid as they fire (Hammer of Thor, Simple Strength, The Branch that Grows, Penetrating Attack; Bull
Charge's wounds; Shield Splitter), Breakthrough Defences when the attack is blocked, The Thorn Bush
Defence answers a failed attack, and a successful shield block opens Block and Breach."""

from __future__ import annotations

from typing import Any, NamedTuple

from runehall.systems.midgard.combat import gear, gifts
from runehall.systems.midgard.combat.combatant import Combatant, skill_ranks
from runehall.systems.midgard.combat.effects import Effect, find
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.settings import midgard_options, opt
from runehall.systems.midgard.combat.state import Declaration
from runehall.systems.midgard.gift_use import held_choice, parse_use, use_cost

CHOSEN_RUNE = {"thor": "Th", "odin": "A"}


class HitMods(NamedTuple):
    damage: int = 0
    ap: int = 0
    hardness_cut: int = 0
    item_cut: int = 0
    wounds: bool = False  # Bull Charge: a Knock Back that also wounds


def _pay(fight: Fight, c: Combatant, cost: int, name: str) -> bool:
    if c.wyrd is None or c.wyrd < cost:
        fight.say(f"{c.name} lacks the Wyrð for {name} ({cost})")
        return False
    fight.set(c.id, wyrd=c.wyrd - cost)
    return True


def on_hit(fight: Fight, d: Declaration) -> HitMods:
    """Fire the attacker's armed on-hit gifts (each paid now, if the Wyrð is there)."""
    assert d.cast is not None
    c = fight.people[d.actor]
    damage = ap = cut = 0
    for text in d.cast.armed:
        use = parse_use(text)
        if use.id == "breakthrough_defences":
            continue
        if not _pay(fight, fight.people[c.id], use_cost(use, midgard_options(fight.options)), use.gift.name):
            continue
        if use.id == "hammer_of_thor":
            cut += use.count or 1
        elif use.id == "simple_strength":
            damage += skill_ranks(c, "Might")
        elif use.id == "the_branch_that_grows":
            choice = held_choice(c.gifts, use.id)[1] or "thor"
            damage += gifts.size(c, f"half({CHOSEN_RUNE.get(choice, 'Th')})", fight.options)
        elif use.id == "penetrating_attack":
            bonus = skill_ranks(c, "Alertness")
            ap += bonus
            lasting = Effect(kind="ap", gift=use.id, value=bonus, item=d.weapon, ends="round", last_round=fight.round)
            fight.set(c.id, effects=(*fight.people[c.id].effects, lasting))
        fight.say(f"{c.name} uses {use.gift.name}")
    words = {t.partition(":")[0]: t.partition(":")[2] for t in d.cast.gifts}
    split = int(words.get("shield_splitter") or 0)
    if split and opt(fight.options, "shield_splitter_duration") == "round" and d.target and d.item:
        cracked = Effect(kind="item_hardness", value=-split, item=d.item, ends="round", last_round=fight.round)
        target = fight.people[d.target]
        fight.set(target.id, effects=(*target.effects, cracked))
        split = 0  # the round-long effect on the item does it
    return HitMods(damage, ap, cut, split, words.get("bull_charge") == "wounds")


def item_hardness(fight: Fight, owner: Combatant, item_id: str, hardness: int, cut: int) -> int:
    """An item's hardness less Shield Splitter (this attack's, or the round's on that item)."""
    lasting = sum(e.value for e in find(owner.effects, "item_hardness", item=item_id))
    return max(0, hardness + lasting - cut)


def on_blocked(fight: Fight, d: Declaration, blocker: str, shield: bool) -> list[str]:
    """The attacker's Breakthrough Defences (paid now: dice on its next attack on the blocker) and the
    blocker's chance for Block and Breach after a successful shield block."""
    assert d.cast is not None
    said = []
    c = fight.people[d.actor]
    for text in d.cast.armed:
        use = parse_use(text)
        if use.id == "breakthrough_defences" and _pay(fight, c, use_cost(use, midgard_options(fight.options)), "it"):
            dice = skill_ranks(c, "Alertness")
            boon = Effect(kind="dice_vs", gift=use.id, value=dice, target=blocker, ends="used")
            fight.set(c.id, effects=(*fight.people[c.id].effects, boon))
            said.append(f"breakthrough: +{dice} dice on {c.name}'s next attack on {blocker}")
    b = fight.people[blocker]
    if shield and gifts.holds(b, parse_use("block_and_breach").gift, fight.options):
        opening = Effect(kind="breach", gift="block_and_breach", target=d.actor, ends="segment")
        fight.set(blocker, effects=(*b.effects, opening))
        said.append(f"{b.name} may answer with Block and Breach (use_gift block_and_breach)")
    for line in said:
        fight.say(line)
    return said


def thorns(fight: Fight, d: Declaration) -> dict[str, Any]:
    """The Thorn Bush Defence: an attack that fails against its holder this segment takes the holder's
    weapon damage (its AP too, unless option thorn_bush_damage says not), as a hit."""
    assert d.target is not None
    holder = fight.people[d.target]
    attacker = fight.people[d.actor]
    found = find(holder.effects, "thorn_bush")
    if not found or attacker.out:
        return {}
    item = holder.item(found[0].item or "")
    if item is None or not item.held or item.broken:
        return {}
    w = gear.weapon_or_bow(item.weapon)
    ap = w.ap if opt(fight.options, "thorn_bush_damage") == "weapon_damage_with_ap" else 0
    from runehall.systems.midgard.combat.hits import deal

    fight.say(f"{holder.name}'s Thorn Bush Defence bites {attacker.name}")
    return {"thorn_bush": deal(fight, holder, attacker, w.damage, ap, None, (0, 0))}
