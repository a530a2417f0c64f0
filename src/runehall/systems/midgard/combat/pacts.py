"""Pacts sealed in blood (Gebo, spec 003 §5.7): Sealed in Blood records a pact on the bound combatant,
Unbreakable Oath makes it a vow, and `break_pact` is the bound one's attempt to break it -- a Courage cast
against the sealer's Diplomacy ranks + the sealing margin, tried as often as wished. Under an oath a failed
attempt leaves a merkstave penalty equal to the sealing margin on all the bound one's casts while the vow
stands (A-65; option unbreakable_oath_penalty_trigger); a successful attempt breaks the pact and ends it."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import casting, gifts
from runehall.systems.midgard.combat.combatant import Combatant, Pact, courage_bonus, skill_ranks
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.making import CastSpec, gift_cast, make_cast, with_boost
from runehall.systems.midgard.combat.settings import midgard_options
from runehall.systems.midgard.gift_use import Use, oath_penalty
from runehall.systems.midgard.limits import MAX_GIFTS
from runehall.systems.midgard.records import book_name

PACT_GIFTS = ("sealed_in_blood", "unbreakable_oath")


def seal(fight: Fight, c: Combatant, use: Use, target: Combatant | None, margin: int | None) -> dict[str, Any]:
    """Record the pact a narrated Sealed in Blood or Unbreakable Oath made on its target. Sealed in Blood
    needs the margin of the won opposed Diplomacy cast; Unbreakable Oath turns the user's pact with the
    target into a vow, or seals one at once with a margin. Without a margin (and, for the oath, without a
    pact to bind further) the use is only paid and logged, as before pacts were tracked."""
    if target is None or target.id == c.id:
        if margin is None:
            return {}
        raise RulesError(
            N_("{gift} binds another: name {what}"),
            gift=book_name(use.gift.name),
            what=Named(N_("the --target"), N_("the target")),
        )
    pacts = list(target.pacts)
    mine = [n for n, p in enumerate(pacts) if p.by == c.id]
    if margin is None:
        if use.id == "sealed_in_blood" or not mine:
            return {}  # only paid and logged, as before pacts were tracked
        pact = pacts[mine[0]].model_copy(update={"oath": True})
        pacts[mine[0]] = pact
    else:
        difficulty = skill_ranks(c, "Diplomacy") + margin
        pact = Pact(by=c.id, margin=margin, difficulty=difficulty, oath=use.id == "unbreakable_oath")
        pacts = [p for p in pacts if p.by != c.id] + [pact]
    fight.set(target.id, pacts=tuple(pacts))
    fight.say(f"{target.name} is bound by a pact with {c.name}" + (" and a vow" if pact.oath else ""))
    return {"pact": pact.model_dump(mode="json")}


class BreakPactParams(RulesModel):
    actor: str = Field(description="The one bound by the pact, trying to break it.")
    by: str | None = Field(None, description="Who sealed the pact (needed when bound by more than one).")
    wyrd: int = Field(0, ge=0, le=10, description="Wyrð on bonus dice for the Courage cast.")
    gifts: list[str] = Field(
        default_factory=list, max_length=MAX_GIFTS, description="Gifts on the Courage cast (Virtuous Courage...)."
    )


class BreakPactAction(CombatAction):
    name: ClassVar[str] = "break_pact"
    title: ClassVar[str] = N_("Break a pact")
    summary: ClassVar[str] = (
        "Try to break a pact sealed in blood: a Courage cast at the sealer's Diplomacy ranks + sealing margin; "
        "under an Unbreakable Oath a failure brings a merkstave penalty on all casts."
    )
    Params: ClassVar[type[RulesModel]] = BreakPactParams
    actor_param: ClassVar[str | None] = "actor"  # the bound one tries, as often as they wish
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("setup", "declaration", "casting", "resolution", "segment_end")
        c = fight.who(params.actor)
        if c.out:
            raise RulesError(N_("{who} is out of the fight"), who=c.name)
        sealer = fight.who(params.by).id if params.by else None
        found = [p for p in c.pacts if sealer in (None, p.by)]
        if not found:
            if sealer:
                raise RulesError(N_("{who} is bound by no pact with {sealer}"), who=c.name, sealer=sealer)
            raise RulesError(N_("{who} is bound by no pact"), who=c.name)
        if len(found) > 1:
            raise RulesError(
                N_("{who} is bound by several pacts: say whose{by}"),
                who=c.name,
                by=typed_only(" (--by {by})", by=" or ".join(p.by for p in found)),
            )
        pact = found[0]
        bonus = courage_bonus(c) + (c.berserk or 0)
        spec = CastSpec(
            "courage",
            None,
            pact.difficulty,
            0,
            simple=True,
            instant=True,
            free_bonus=bonus,
            carry=False,
            action="check",
        )
        boost = gifts.plan(c, gift_cast(fight, c, spec, None), params.gifts, fight.options)
        record = make_cast(fight, c, with_boost(spec, boost), source, params.wyrd, boost)
        record = casting.place(record, None, "succeed", fight.options)
        c = fight.people[c.id]
        broken = bool(record.success)
        rest = [p for p in c.pacts if p.by != pact.by]
        if broken:
            fight.set(c.id, pacts=tuple(rest))
        else:
            penalty = oath_penalty(True, pact.margin, midgard_options(fight.options)) if pact.oath else 0
            kept = pact.model_copy(update={"attempts": pact.attempts + 1, "penalty": max(pact.penalty, penalty)})
            fight.set(c.id, pacts=(*rest, kept))
        if record.gm_spend:
            fight.set(c.id, owed_merkstave=fight.people[c.id].owed_merkstave + record.merkstave)
        fight.say(f"{c.name} tries to break the pact with {pact.by}: " + ("it breaks" if broken else "it holds"))
        out: dict[str, Any] = {"actor": c.id, "by": pact.by, "difficulty": pact.difficulty, "past": record.past}
        if record.by == "own":
            out["faces"] = list(record.tokens.faces)
        out["broken"] = broken
        if not broken:
            out["penalty"] = fight.people[c.id].pacts[-1].penalty
        return out
