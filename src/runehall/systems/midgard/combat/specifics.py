"""Naming the specific attack as it resolves (spec 003 §9.1 stage 4: "as you act you can declare the
specifics of your action"). A declared attack may become a Strike, Knock Back, Target Weapon or Disarm
when it resolves: none of these changes the god rune, the skill or the speed, so the initiative already
cast still holds (A-31). Choices that would change them -- Smash's speed, a Charge's distance, a Pin's
skill -- must be fixed before the cast unless option choices_fixed_before_cast is off; then they too may
be named late, and the speed they would have changed comes too late to matter.

The cast's Past is measured again against the new difficulty; a Smash adds its Outcome token; a Knock
Back to knock prone is a simple cast (no margin)."""

from __future__ import annotations

from typing import Any

from runehall.errors import RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.midgard.combat import asks, casting, moves
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import ATTACKS

KEEP_CAST = ("strike", "knock_back", "target_weapon", "disarm")


def respecify(fight: Fight, index: int, specific: str, item: str | None, prone: bool) -> dict[str, Any]:
    d = fight.declarations[index]
    c = fight.people[d.actor]
    if d.action not in ATTACKS or specific not in ATTACKS:
        raise RulesError(N_("only a declared attack can be named as another specific attack"))
    if d.action not in KEEP_CAST or specific not in KEEP_CAST:
        if opt(fight.options, "choices_fixed_before_cast"):
            raise RulesError(
                N_("{choice} changes the skill or the speed: it is fixed before the cast ({rule})"),
                choice=specific if specific not in KEEP_CAST else d.action,
                rule=option_rule("choices_fixed_before_cast", N_("the table's rule on choices made before the cast")),
            )
    assert d.target is not None and d.cast is not None
    target = fight.people[d.target]
    fields: dict[str, Any] = {"action": specific, "prone": prone and specific == "knock_back"}
    if specific in ("target_weapon", "disarm"):
        fields["item"] = moves.target_item(target, item).id
    elif item is not None or (prone and specific != "knock_back"):
        raise RulesError(
            N_("{item} belongs to Target Weapon or Disarm, {prone} to Knock Back"), item=asks.ITEM, prone=asks.KNOCKDOWN
        )
    new = d.model_copy(update=fields)
    profile, _ = moves.weapon_in_use(c, new, fight.options)
    difficulty = moves.attack_difficulty(c, target, new, profile, fight.options, fight.round)
    margin = d.cast.margin + (1 if specific == "smash" and d.action != "smash" else 0)
    if new.prone:
        margin = 0  # knocking prone is a simple cast
    success = casting.succeeds(d.cast.past, difficulty, fight.options)
    record = d.cast.model_copy(
        update={"difficulty": difficulty, "success": success, "margin": margin if success else 0, "simple": new.prone}
    )
    fight.put(index, **fields, cast=record)
    fight.say(f"{c.name}'s attack becomes a {specific.replace('_', ' ')} (difficulty {difficulty})")
    return {"specific": specific, "difficulty": difficulty}
