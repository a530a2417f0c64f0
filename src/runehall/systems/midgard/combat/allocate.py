"""The GM's one cast for the round (spec 003 §13.3) and the token allocation that settles any cast left
open -- a declared action's, a switched defence's or the GM's."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError, option_rule, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import casting
from runehall.systems.midgard.combat.casts import (
    AllocateParams,
    chosen,
    maybe_resolution,
    settle_declaration,
    settle_gm,
    summary,
)
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.making import gift_cast, late_gifts, spec_for
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import Declaration, GMCast
from runehall.systems.midgard.combat.switching import finish_switch

GM = "gm"


def gm_dice(pcs: int, thanes: int) -> int:
    """In combat: 2 + the PCs present + 2 per Thane present (§13.3)."""
    return 2 + pcs + 2 * thanes


def gm_dice_outside_combat(pcs: int, for_thane: bool) -> int:
    """Out of combat, one cast per action: 2 + the PCs present, and a single +2 for a Thane (§13.3)."""
    return 2 + pcs + (2 if for_thane else 0)


class GMCastParams(RulesModel):
    wyrd: int = Field(0, ge=0, le=10, description="Enemy Wyrð spent on extra GM dice (if the table allows it).")
    payer: str | None = Field(None, description="The enemy whose Wyrð pays for them.")
    goal: Literal["past", "margin", "speed"] | None = Field(
        None,
        description="Place the GM's free tokens now: all on Past, or by the book's rule for the Difficulty below; "
        "left out, the GM places them after seeing the dice.",
    )
    difficulty: int = Field(0, ge=0, le=30, description="For goal margin or speed: the Past to secure first.")


def bought_dice(fight: Fight, wyrd: int, payer: str | None) -> int:
    """Enemy Wyrð pays for gifts only (A-49), unless option enemy_wyrd_buys_dice lets an enemy buy extra
    dice for the round's GM cast: at most 2 + its rank (its legend, A-50), from its own pool."""
    if not wyrd:
        return 0
    if not opt(fight.options, "enemy_wyrd_buys_dice"):
        raise RulesError(
            N_("enemy Wyrð pays for gifts only, never for dice ({rule})"),
            rule=option_rule("enemy_wyrd_buys_dice", N_("the table's rules")),
        )
    who = fight.who(payer or "")
    if not who.is_enemy or who.out or who.wyrd is None:
        raise RulesError(
            N_("the Wyrð for GM dice comes from a standing enemy with Wyrð{flag}"), flag=typed_only(" (--payer)")
        )
    cap = 2 + (who.rank or 1)
    if wyrd > min(cap, who.wyrd):
        raise RulesError(
            N_("{who} may spend at most {cap} Wyrð on the GM's dice"), who=who.name, cap=min(cap, who.wyrd)
        )
    fight.set(who.id, wyrd=who.wyrd - wyrd)
    return wyrd


class GMCastAction(CombatAction):
    name: ClassVar[str] = "gm_cast"
    title: ClassVar[str] = N_("GM's cast")
    summary: ClassVar[str] = "The GM's one cast for the round (2 + PCs + 2 per Thane d8), read by every enemy."
    Params: ClassVar[type[RulesModel]] = GMCastParams
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("declaration", "casting", "resolution", "segment_end")
        if not any(c.is_enemy for c in fight.standing()):
            raise RulesError(N_("there are no enemies for the GM to cast for"))
        if fight.gm is not None:
            raise RulesError(N_("the GM has cast for round {round} already (one cast per round)"), round=fight.round)
        dice = gm_dice(fight.pcs(), fight.thanes()) + bought_dice(fight, params.wyrd, params.payer)
        faces = casting.roll(source, dice, fight.options)
        fight.set_gm(GMCast(round=fight.round, dice=dice, tokens=casting.sort(faces, fight.options)))
        out: dict[str, Any] = {"dice": dice, "faces": list(faces)}
        if params.goal is not None:
            gm = settle_gm(fight, None, params.goal, params.difficulty)
            out |= {"past": gm.past, "future": gm.future, "outcome": gm.outcome, "merkstave": gm.merkstave}
        else:
            out["allocate"] = f"{fight.gm.tokens.free if fight.gm else 0} free token(s) to place (allocate --actor gm)"
        fight.say(f"the GM casts {dice} dice: {list(faces)}")
        return out


class AllocateAction(CombatAction):
    name: ClassVar[str] = "allocate"
    title: ClassVar[str] = N_("Place tokens")
    summary: ClassVar[str] = (
        "Place a cast's free tokens on Past, Future and Outcome, or cancel Merkstave (checked), or by a goal."
    )
    Params: ClassVar[type[RulesModel]] = AllocateParams
    actor_param: ClassVar[str | None] = "actor"

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        alloc = chosen(params)
        if params.actor.strip().lower() == GM:
            fight.require("declaration", "casting", "resolution", "segment_end")
            if fight.gm is None or fight.gm.allocation is not None:
                raise RulesError(N_("the GM has no cast waiting for its tokens"))
            if params.goal is not None and params.goal != "succeed":
                raise RulesError(
                    N_("the GM's tokens by goal: {how}, or give the allocation"),
                    how=Named(N_("use gm_cast --goal"), N_("cast them with a goal")),
                )
            gm = settle_gm(fight, alloc, "past" if alloc is None else None, 0)
            return {"actor": GM, "past": gm.past, "future": gm.future, "outcome": gm.outcome, "merkstave": gm.merkstave}
        c = fight.who(params.actor)
        p = fight.pending
        defender = p.defender or p.target if p is not None else None
        if p is not None and defender == c.id and p.defence is not None and p.defence.allocation is None:
            attack = fight.declarations[p.index]
            assert p.defence_action is not None
            d = Declaration(actor=c.id, action=p.defence_action, weapon=p.defence_item)
            cast = gift_cast(fight, c, spec_for(fight, c, d, switched_from=attack), d)
            record = late_gifts(fight, c, cast, p.defence, params.gifts)
            record = casting.place(record, alloc, params.goal, fight.options)
            fight.set_pending(p.model_copy(update={"defence": record}))
            return {"actor": c.id} | finish_switch(fight)
        fight.require("casting", "resolution", "declaration", "segment_end", "setup")
        found = fight.declaration_of(c.id)
        waiting = fight.stage == "casting" and found is not None and found[1].cast is not None
        if found is None or not waiting or found[1].cast is None or found[1].cast.allocation is not None:
            raise RulesError(N_("{who} has no cast waiting for its tokens"), who=c.name)
        index, d = found
        assert d.cast is not None
        cast = gift_cast(fight, c, spec_for(fight, c, d), d)
        record = late_gifts(fight, c, cast, d.cast, params.gifts)
        record = settle_declaration(fight, index, record, alloc, params.goal)
        maybe_resolution(fight)
        return summary(fight, index, c, record)
