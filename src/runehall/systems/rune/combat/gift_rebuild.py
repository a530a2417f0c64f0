"""A stat gift bought in the middle of a fight (spec 001b §2.1, §2.5): the hero's numbers worked out again.

A hero built from a sheet keeps, in the fight, the spec he was built from (`Gifted.built`). Buying a stat gift
builds him twice from it, once with the gift levels he held and once with the new ones (gifts/stat_gifts.py puts
them in every derived number through his sheet's modifiers), and moves each number of his by the difference:
whatever the fight did to him stays as it was (HP lost, Wounds, place, weapon in hand, ammunition, effects, gifts
used), his maximum HP and his HP grow together, and his Wounds stay those he has taken. The new numbers count
from his next roll: an initiative already rolled this round keeps its total.

A hero given as stats has no Characteristics to work from: of the stat gifts only those whose whole effect is one
known number are played for him (the HP gifts, Frost-Speeded Heels' INIT) and those the fight reads from his
levels alone or never (With Either Hand; Naglfar Plows the Waves and The Owl Hears the Viper, which touch no
roll of a fight); the others are refused with one reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.gifts.stat_gifts import EITHER_HAND, HEELS, HEELS_INIT, HIT_POINTS, NAGLFAR, OWL, STAT_GIFTS

# His numbers a stat gift can move, each with the words a card names it by.
SCALARS: dict[str, str] = {
    "hp_max": N_("Maximum HP"),
    "wt": N_("Wound Threshold"),
    "soak": N_("Soak"),
    "armor_prot": N_("Prot"),
    "res": N_("Res"),
    "init_noncombat": N_("non-combat INIT"),
    "dodge": N_("Dodge roll bonus"),
    "hold": N_("hold roll bonus (Dex + Brawling)"),
    "pin": N_("pin roll bonus (Str + Brawling)"),
    "balance": N_("Balance roll bonus (Dex + Balance)"),
    "healer": N_("Healer roll bonus (Dex + Healer)"),
    "fatigue": N_("Fatigue roll bonus (Sta)"),
    "escape": N_("net escape roll bonus (Str)"),
    "jump": N_("Jump roll bonus (Str + Jump)"),
    "engagement": N_("Engagement roll bonus (Str + weapon Ability)"),
    "strength": N_("Strength"),
    "per": N_("Per"),
    "qik": N_("Qik"),
    "ride": N_("Ride"),
    "balance_rating": N_("Balance"),
    "swim_rating": N_("Swim"),
    "move_half": N_("Half move"),
    "move_full": N_("Move"),
    "armor_init": N_("Armor Init rating"),
}
GIFTED: dict[str, str] = {"presence": N_("Presence"), "stamina": N_("Stamina"), "dexterity": N_("Dexterity")}
WEAPON: dict[str, str] = {"init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN"), "dam": N_("DAM"),
                          "engagement": N_("Engagement roll bonus (Str + weapon Ability)")}  # fmt: skip
NUMBERLESS = frozenset({EITHER_HAND, NAGLFAR, OWL})  # a fight reads them from his levels, or not at all


def _moved(now: Any, old: Any, new: Any) -> Any:
    """His number moved by the gift's difference (taken whole where he or a build lacks it)."""
    if old == new:
        return now
    if isinstance(now, int) and isinstance(old, int) and isinstance(new, int):
        return now + new - old
    return new


def _built(spec: Mapping[str, Any], levels: Mapping[str, int], options: Any) -> Combatant:
    from runehall.systems.rune.combat.build import CombatantSpec, build  # build imports this package's models

    sheet = {**dict(spec.get("sheet") or {}), "gifts": dict(levels)}
    given = {**spec, "sheet": sheet, "horse": None}
    if spec.get("gift_ranks"):
        given["gift_ranks"] = dict(levels)
    return build(CombatantSpec.model_validate(given), options, 1)


def rework(c: Combatant, gift: Any, levels: Mapping[str, int], options: Any) -> tuple[dict[str, Any], list[Any]]:
    """The changes to c's numbers once he holds `levels` (his old levels with the new one), and what moved (each
    {number, weapon?, was, now}); RulesError when the fight cannot work them out."""
    if gift.id not in STAT_GIFTS:
        return {}, []
    built = c.gifted.built
    if built is None:
        return _by_hand(c, gift, levels)
    old, new = _built(built, c.gifted.levels, options), _built(built, levels, options)
    changes: dict[str, Any] = {}
    moved: list[Any] = []
    for field in SCALARS:
        now = _moved(getattr(c, field), getattr(old, field), getattr(new, field))
        if now != getattr(c, field):
            changes[field] = now
            moved.append({"number": field, "was": getattr(c, field), "now": now})
    if "hp_max" in changes:  # his HP grow (or shrink) with his maximum: the HP he lost stay lost
        changes["hp"] = c.hp + changes["hp_max"] - c.hp_max
    gifted = {}
    for field in GIFTED:
        now = _moved(getattr(c.gifted, field), getattr(old.gifted, field), getattr(new.gifted, field))
        if now != getattr(c.gifted, field):
            gifted[field] = now
            moved.append({"number": field, "was": getattr(c.gifted, field), "now": now})
    weapons = []
    for w in c.weapons:
        before = next((x for x in old.weapons if x.id == w.id), None)
        after = next((x for x in new.weapons if x.id == w.id), None)
        update: dict[str, Any] = {}
        for field in (*WEAPON, "dam_rating"):
            if before is not None and after is not None:
                now = _moved(getattr(w, field), getattr(before, field), getattr(after, field))
                if now != getattr(w, field):
                    update[field] = now
                    if field in WEAPON:
                        moved.append({"number": field, "weapon": w.name, "was": getattr(w, field), "now": now})
        weapons.append(w.model_copy(update=update) if update else w)
    if any(w is not x for w, x in zip(weapons, c.weapons, strict=True)):
        changes["weapons"] = tuple(weapons)
    if gifted:
        changes["gifted"] = gifted  # merged by the buyer with his new levels
    return changes, moved


def _by_hand(c: Combatant, gift: Any, levels: Mapping[str, int]) -> tuple[dict[str, Any], list[Any]]:
    """A hero given as stats: the gifts whose effect is one known number."""
    more = int(levels.get(gift.id, 0)) - c.gifted.level(gift.id)
    if gift.id in HIT_POINTS:
        grown = HIT_POINTS[gift.id] * more
        moved = [{"number": "hp_max", "was": c.hp_max, "now": c.hp_max + grown}]
        return {"hp_max": c.hp_max + grown, "hp": c.hp + grown}, moved
    if gift.id == HEELS:  # INIT on every weapon and unarmed, and non-combat INIT
        step = HEELS_INIT * more
        weapons = tuple(w.model_copy(update={"init": w.init + step}) if w.init is not None else w for w in c.weapons)
        moved = [{"number": "init", "weapon": w.name, "was": w.init, "now": w.init + step}
                 for w in c.weapons if w.init is not None]  # fmt: skip
        changes: dict[str, Any] = {"weapons": weapons}
        if c.init_noncombat is not None:
            changes["init_noncombat"] = c.init_noncombat + step
            moved.append({"number": "init_noncombat", "was": c.init_noncombat, "now": c.init_noncombat + step})
        return changes, moved
    if gift.id in NUMBERLESS:
        return {}, []
    raise RulesError(
        N_(
            "{gift} changes numbers worked out from a hero sheet, and {who} fights with numbers given as stats: "
            "buy it on his sheet between fights"
        ),
        gift=Refusal(gift.name),
        who=c.name,
    )
