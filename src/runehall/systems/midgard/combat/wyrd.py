"""Regaining Wyrð (spec 003 §4) and spending Merkstave by hand (§6.5, §13.3).

Regaining: when the GM rules that a character acted out a gift rune's trigger, it regains that rune's
total (the levels it holds there), never above its maximum (A-18, option wyrd_regain_capped). Wunjo's
trigger in a fight is showing joy (the rejoice action: a combat action, immobilised for the segment);
with Healing Laughter, Wyrð regained through Wunjo may be taken as healed wounds instead, one for one.

Merkstave: under option merkstave_policy ask_gm the GM spends what a character's cast leaves; under
gm_merkstave_spender gm or players, the GM or the players spend what each enemy's reading of the GM cast
leaves. Each token is -1 margin, -1 speed bonus, +1 to the next action against the caster, or a story
effect (a complication on a success, a critical failure on a failure)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import casting, gifts
from runehall.systems.midgard.combat.casts import expose, maybe_resolution, result
from runehall.systems.midgard.combat.effects import find, without
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.gift_effects import heal
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.switching import finish_switch
from runehall.systems.midgard.gift_use import gift_def
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import fold, rules


class RegainParams(RulesModel):
    actor: str = Field(description="Who regains Wyrð (the GM has ruled that the trigger was acted out).")
    rune: str = Field(description="The gift rune whose trigger it was (fehu, uruz, ... othala).")
    heal: int = Field(0, ge=0, le=40, description="Healing Laughter: take this much of it as healed wounds.")


class RegainWyrdAction(CombatAction):
    name: ClassVar[str] = "regain_wyrd"
    title: ClassVar[str] = N_("Regain Wyrð")
    summary: ClassVar[str] = "Regain a gift rune's total in Wyrð (the GM rules its trigger happened); Wunjo: rejoice."
    Params: ClassVar[type[RulesModel]] = RegainParams

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("setup", "declaration", "casting", "resolution", "segment_end")
        c = fight.who(params.actor)
        rune = next((r for r in rules().gifts.gift_rune if fold(params.rune) in (fold(r.id), fold(r.name))), None)
        if rune is None:
            raise RulesError(N_("there is no gift rune {rune!r}"), rune=params.rune)
        amount = c.rune_totals.get(rune.id, 0)
        if c.out:
            raise RulesError(N_("{who} is out of the fight"), who=c.name)
        if not amount:
            raise RulesError(
                N_("{who} holds no gift of {rune}, so its trigger regains nothing"),
                who=c.name,
                rune=book_name(rune.name),
            )
        if c.wyrd is None or c.wyrd_max is None:
            raise RulesError(N_("{who}'s Wyrð is not tracked in this fight"), who=c.name)
        effects = c.effects
        if rune.id == "wunjo" and fight.stage != "setup":
            joy = find(c.effects, "immobilised", gift="wunjo")
            if not joy:
                raise RulesError(
                    N_("in a fight, Wunjo's trigger is showing joy: declare rejoice first (it costs the action)")
                )
            effects = (*without(effects, joy[:1]), joy[0].model_copy(update={"gift": "wunjo_regained"}))
        healed = 0
        if params.heal:
            laughing = gifts.holds(c, gift_def("healing_laughter"), fight.options)
            if rune.id != "wunjo" or not laughing:
                raise RulesError(N_("only Healing Laughter turns Wyrð regained through Wunjo into healing"))
            if params.heal > amount:
                raise RulesError(N_("{amount} Wyrð regained: at most {amount} of it as healing"), amount=amount)
            fight.set(c.id, effects=effects)
            healed = heal(fight, c.id, params.heal)
        wyrd = c.wyrd + amount - params.heal
        if opt(fight.options, "wyrd_regain_capped"):
            wyrd = min(wyrd, c.wyrd_max)
        fight.set(c.id, wyrd=wyrd, effects=effects)
        fight.say(
            f"{c.name} regains Wyrð through {rune.name}: now {wyrd}" + (f", {healed} wound(s) healed" if healed else "")
        )
        return {"actor": c.id, "rune": rune.id, "regained": amount, "wyrd": wyrd, "healed": healed}


class MerkstaveParams(RulesModel):
    actor: str = Field(description="Whose cast's leftover Merkstave is spent.")
    margin: int = Field(0, ge=0, le=40, description="Tokens spent as -1 margin each.")
    speed: int = Field(0, ge=0, le=40, description="Tokens spent as -1 speed bonus each (a Future token wasted).")
    next_attack: int = Field(0, ge=0, le=40, description="Tokens spent as +1 margin to the next action at the caster.")
    story: int = Field(0, ge=0, le=40, description="Tokens spent on a complication (success) or critical failure.")


class MerkstaveAction(CombatAction):
    name: ClassVar[str] = "merkstave"
    title: ClassVar[str] = N_("Spend Merkstave")
    summary: ClassVar[str] = "Spend a cast's leftover Merkstave by hand (when the table's options leave it to people)."
    Params: ClassVar[type[RulesModel]] = MerkstaveParams
    actor_param: ClassVar[str | None] = "actor"
    random: ClassVar[bool] = True  # an answer may carry on a run of the resolution (chain.py), which draws

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("casting", "resolution", "declaration", "segment_end")
        c = fight.who(params.actor)
        spent = {
            "margin": params.margin,
            "speed": params.speed,
            "next_attack": params.next_attack,
            "story": params.story,
        }
        p = fight.pending
        if p is not None and p.defence is not None and p.defence.gm_spend and (p.defender or p.target) == c.id:
            record = casting.spend_by_hand(p.defence, *_amounts(params), fight.options)
            fight.set_pending(p.model_copy(update={"defence": record}))
            return {"actor": c.id, "spent": spent} | finish_switch(fight)
        found = fight.declaration_of(c.id)
        if found is not None and found[1].cast is not None and found[1].cast.gm_spend:
            index, d = found
            assert d.cast is not None
            if d.cast.sealed:
                raise RulesError(N_("{who}'s allocation is still secret: its opponents allocate first"), who=c.name)
            record = casting.spend_by_hand(d.cast, *_amounts(params), fight.options)
            fight.put(index, cast=record, status="ready")
            expose(fight, c.id, record)
            maybe_resolution(fight)
            return {"actor": c.id, "spent": spent, "by": spender(record.by, fight)} | result(record)
        if c.owed_merkstave:
            if params.margin or params.speed or params.next_attack + params.story != c.owed_merkstave:
                raise RulesError(
                    N_("{owed_merkstave} Merkstave owed from checks: {where} only"),
                    owed_merkstave=c.owed_merkstave,
                    where=Named("next_attack + story", N_("next attack and story")),
                )
            fight.set(c.id, owed_merkstave=0, exposed=c.exposed + params.next_attack)
            return {"actor": c.id, "spent": spent}
        raise RulesError(N_("{who} has no Merkstave waiting to be spent"), who=c.name)


def _amounts(params: Any) -> tuple[int, int, int, int]:
    return params.margin, params.speed, params.next_attack, params.story


def spender(by: str, fight: Fight) -> str:
    if by == "gm":
        return "the players" if opt(fight.options, "gm_merkstave_spender") == "players" else "the GM"
    return "the GM"
