"""Harm from outside the fight's blows (spec 003 §8): wounds from falls or fire, fatigue as lost Wyrð, a
merkstave penalty from the surroundings -- each of which a resistance cast may reduce or cancel
(Athletics, Courage or Might) -- and healing, which the book gives no natural form of.

How much a won resistance cancels: one point of harm per margin token, all of it for a won simple
resistance (A-71); under option resistance_reduction ask_gm the GM says how much (--cancelled). Healing
without a gift is refused unless option natural_healing allows it."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import asks, casting, damage, hits
from runehall.systems.midgard.combat.combatant import courage_bonus
from runehall.systems.midgard.combat.effects import Effect
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.gift_effects import heal
from runehall.systems.midgard.combat.making import CastSpec, make_cast
from runehall.systems.midgard.combat.moves import DEFAULT_GM_DIFFICULTY
from runehall.systems.midgard.combat.settings import opt

RESISTANCES = {"athletics": ("F", "Athletics"), "might": ("Th", "Might"), "courage": ("courage", None)}


class HazardParams(RulesModel):
    actor: str = Field(description="Who suffers it (or heals).")
    wounds: int = Field(0, ge=0, le=60, description="Wounds from a fall, fire, cold...")
    fatigue: int = Field(0, ge=0, le=60, description="Wyrð lost to exhaustion.")
    environment: int | None = Field(None, ge=0, le=8, description="Merkstave penalty from the surroundings (0 lifts).")
    heal: int = Field(0, ge=0, le=60, description="Wounds healed without a gift (if the table allows it).")
    resist: Literal["athletics", "courage", "might"] | None = Field(None, description="A resistance cast.")
    difficulty: int | None = Field(None, ge=0, le=30, description="The resistance cast's difficulty (the GM's).")
    simple: bool = Field(False, description="A simple resistance: winning it cancels the harm entirely.")
    cancelled: int | None = Field(None, ge=0, le=60, description="When the table leaves it to the "
                                  "GM: what a won resistance cancels.")  # fmt: skip
    wyrd: int = Field(0, ge=0, le=10)


class HazardAction(CombatAction):
    name: ClassVar[str] = "hazard"
    title: ClassVar[str] = N_("Hazard")
    summary: ClassVar[str] = "Wounds, fatigue or surroundings from outside the blows, with a resistance cast; healing."
    Params: ClassVar[type[RulesModel]] = HazardParams
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("setup", "declaration", "casting", "resolution", "segment_end")
        c = fight.who(params.actor)
        if c.out:
            raise RulesError(N_("{who} is out of the fight"), who=c.name)
        harm = params.wounds + params.fatigue + (params.environment or 0)
        if params.heal and not opt(fight.options, "natural_healing"):
            raise RulesError(
                N_("there is no natural healing ({rule}): wounds heal through gifts"),
                rule=option_rule("natural_healing", N_("the table's rules")),
            )
        if params.wounds and fight.stage not in ("resolution", "segment_end"):
            raise RulesError(N_("wounds from outside the blows are dealt at resolution or between segments"))
        if params.fatigue and c.wyrd is None:
            raise RulesError(N_("{who}'s Wyrð is not tracked in this fight"), who=c.name)
        out: dict[str, Any] = {"actor": c.id}
        cancel = 0
        if params.resist is not None:
            if not harm:
                raise RulesError(N_("a resistance cast answers wounds, fatigue or surroundings"))
            cancel, out["resistance"] = _resist(fight, params, source)
        left = {"wounds": params.wounds, "fatigue": params.fatigue, "environment": params.environment or 0}
        for kind in left:  # cancelled harm comes off the wounds first, then fatigue, then the surroundings
            taken = min(cancel, left[kind])
            left[kind] -= taken
            cancel -= taken
        c = fight.people[c.id]
        if params.environment is not None:
            kept = tuple(e for e in c.effects if e.kind != "environment")
            fight.set(c.id, effects=(*kept, Effect(kind="environment", value=left["environment"])))
        if left["fatigue"]:
            wyrd = max(0, (c.wyrd or 0) - left["fatigue"])
            effects = fight.people[c.id].effects
            fight.set(c.id, wyrd=wyrd, effects=tuple(e for e in effects if wyrd or e.kind != "trance"))
        if params.heal:
            out["healed"] = heal(fight, c.id, params.heal)
        if left["wounds"]:
            if fight.stage == "segment_end":
                fight.stage = "resolution"  # the checks the wounds call for are made now
            out |= damage.wound(fight, c.id, left["wounds"], None, (0, 0), left["wounds"])
            hits.settle_stage(fight)
        fight.say(
            f"{c.name} suffers {left}" + (f" (resisted: {out['resistance']['cancelled']})" if params.resist else "")
        )
        return out | {"suffered": left}


def _resist(fight: Fight, params: Any, source: Source) -> tuple[int, dict[str, Any]]:
    """The resistance cast: its margin cancels a point of harm each, a won simple one all of it (A-71), or
    what the GM rules (option resistance_reduction ask_gm)."""
    c = fight.people[fight.who(params.actor).id]
    difficulty = params.difficulty
    if difficulty is None:
        if opt(fight.options, "gm_mode") == "ask":
            raise RulesError(N_("the GM sets the resistance's difficulty: give {what}"), what=asks.DIFFICULTY)
        difficulty = DEFAULT_GM_DIFFICULTY
    ask = opt(fight.options, "resistance_reduction") == "ask_gm"
    if ask and params.cancelled is None and not params.simple:
        raise RulesError(
            N_("the GM says how much a won resistance cancels ({how})"),
            how=Named(
                N_("--cancelled; option {option}"),
                N_("the table's rule on resistance"),
                {"option": "resistance_reduction"},
            ),
        )
    rune, skill = RESISTANCES[params.resist]
    bonus = courage_bonus(c) + (c.berserk or 0) if params.resist == "courage" else 0
    spec = CastSpec(rune, skill, difficulty, 0, simple=params.simple, instant=True, free_bonus=bonus, carry=False)
    record = casting.place(make_cast(fight, c, spec, source, params.wyrd), None, "margin", fight.options)
    total = params.wounds + params.fatigue + (params.environment or 0)
    if not record.success:
        cancel = 0
    elif params.simple:
        cancel = total
    else:
        cancel = params.cancelled if ask and params.cancelled is not None else record.margin
    report = {"success": record.success, "margin": record.margin, "cancelled": min(cancel, total)}
    if record.by == "own":
        report["faces"] = list(record.tokens.faces)
    return min(cancel, total), report
