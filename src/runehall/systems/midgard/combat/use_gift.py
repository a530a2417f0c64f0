"""use_gift: gifts used outside one's own declared action (spec 003 §5, §7.2) -- at the start of a round
(Storm of Blades, Peaceful Defence), as a reaction (Shield Defence, Shieldbearer, Trusted Comrade,
Enduring Might, Learn from your Mistakes), as an instant cast outside the declaration order that does not
use up the segment's action (Lucky Boon's instant Luck, Tactical Awareness, Combat Master, Block and
Breach), spending stored Fate Weaving (Strand of Fate, Weaving Strands), or paying for a gift whose
effect the GM narrates."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError, option_rule, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import asks, gear, gifts, instants, pacts
from runehall.systems.midgard.combat.combatant import Combatant, rune_code, skill_name, total_boxes
from runehall.systems.midgard.combat.effects import Effect, find, without
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.gift_effects import pay
from runehall.systems.midgard.combat.gift_moves import legend
from runehall.systems.midgard.combat.settings import midgard_options
from runehall.systems.midgard.combat.state import Goal
from runehall.systems.midgard.gift_use import Use, reduced_to_legend, use_cost
from runehall.systems.midgard.limits import MAX_GIFTS
from runehall.systems.midgard.records import book_name

NARRATIVE = (
    "norns_cast",
    "five_stone_cast",
    "cast_for_the_other",
    "seven_rune_cast",
    "sealed_in_blood",
    "unbreakable_oath",
    "reader_of_faces",
    "travel",
    "cleanse_the_body",
    "strands_of_the_soul",
)
OUTSIDE = ("expedient_journey",)


class UseGiftParams(RulesModel):
    actor: str = Field(description="Who uses the gift.")
    gift: str = Field(description="The gift, its choices after a colon (Enduring Might with 2).")
    target: str | None = Field(None, description="Whom it concerns (an ally, a woven target, the GM's choice).")
    stone: Literal["cast_runes", "merkstave"] | None = Field(
        None, description="Fate tokens: on the cast runes (the central stone) or on the Merkstave."
    )
    tokens: int = Field(1, ge=1, le=20, description="Weaving Strands: how many tokens this time (up to the margin).")
    wyrd: int = Field(0, ge=0, le=10, description="Wyrð on bonus dice for an instant cast.")
    goal: Goal | None = Field(None, description="A cast's free tokens by Rule SFG (instants default to margin).")
    difficulty: int | None = Field(None, ge=0, le=30, description="The GM's difficulty (Tactical Awareness).")
    location: str | None = Field(None, description="Block and Breach: where its blow lands.")
    defence: str = Field("block", description="Shieldbearer: the defence (a shield block).")
    weapon: str | None = None
    skill: str | None = None
    gifts: list[str] = Field(
        default_factory=list, max_length=MAX_GIFTS, description="Gifts on the instant cast itself."
    )
    rune: str | None = Field(None, description="Strands of the Soul: the god rune set to 1 or 8.")
    margin: int | None = Field(
        None, ge=0, le=30, description="Sealed in Blood / Unbreakable Oath: the margin of the won sealing cast."
    )


class UseGiftAction(CombatAction):
    name: ClassVar[str] = "use_gift"
    title: ClassVar[str] = N_("Use a gift")
    summary: ClassVar[str] = (
        "Use a gift outside one's declared action: round-start, reactions, instant casts, fate tokens, "
        "or pay for a gift the GM narrates."
    )
    Params: ClassVar[type[RulesModel]] = UseGiftParams
    actor_param: ClassVar[str | None] = "actor"
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("setup", "declaration", "casting", "resolution", "segment_end")
        c = fight.who(params.actor)
        if c.out:
            raise RulesError(N_("{who} is out of the fight"), who=c.name)
        use = gifts.uses_of(c, [params.gift], fight.options)[0]
        g = use.id
        handler = HANDLERS.get(g)
        if handler is None:
            if g in NARRATIVE:
                return narrate(fight, c, use, params)
            if g in OUTSIDE:
                raise RulesError(N_("{gift} is used outside combat"), gift=book_name(use.gift.name))
            refusal = gifts.ELSEWHERE.get(use.gift.timing, N_("{gift} is not used here: name it with a cast"))
            how = gifts.TYPED_ELSEWHERE.get(use.gift.timing, "")
            raise RulesError(refusal, gift=book_name(use.gift.name), how=how)
        out: dict[str, Any] = {"actor": c.id, "gift": use.text()}
        done: dict[str, Any] = handler(fight, c, use, params, source)
        return out | done


def _cost(fight: Fight, c: Combatant, use: Use) -> None:
    pay(fight, c, use_cost(use, midgard_options(fight.options)))


def _round_start(fight: Fight, c: Combatant) -> None:
    declared = fight.declaration_of(c.id) is not None
    if fight.stage != "declaration" or fight.segment != 1 or declared:
        raise RulesError(N_("this gift is used at the start of a round, before its user declares in segment 1"))


def storm_of_blades(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    _round_start(fight, c)
    _cost(fight, c, use)
    ends: dict[str, Any] = {"ends": "round", "last_round": fight.round}
    storm = (Effect(kind="ws", gift=use.id, value=1, **ends), Effect(kind="no_declared_defence", gift=use.id, **ends))
    fight.set(c.id, effects=fight.people[c.id].effects + storm)
    fight.say(f"{c.name} becomes a storm of blades: one more action, no declared defences this round")
    return {"actions_this_round": c.ws + 1}


def peaceful_defence(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    _round_start(fight, c)
    _cost(fight, c, use)
    value = gifts.size(c, "1 + base(F + H)", fight.options)
    peace = Effect(kind="defence_formula", gift=use.id, value=value, ends="round", last_round=fight.round)
    fight.set(c.id, effects=(*fight.people[c.id].effects, peace))
    return {"defence_base": value}


def shield_defence(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    if not any(gear.weapon_or_bow(i.weapon).is_shield for i in c.held()):
        raise RulesError(N_("Shield Defence needs a shield in hand"))
    _cost(fight, c, use)
    guard = Effect(kind="defence", gift=use.id, value=1, ends="round", last_round=max(1, fight.round))
    fight.set(c.id, effects=(*fight.people[c.id].effects, guard))
    return {"defence_bonus": 1}


def enduring_might(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """Each Wyrð ignores a point of merkstave penalty: from wounds for Th rounds, or from the environment
    (environment) for Th hours -- longer than any fight."""
    points = use.count or 0
    _cost(fight, c, use)
    rounds = gifts.size(c, "Th", fight.options)
    if "environment" in use.words:
        shield = Effect(kind="ignore_environment", gift=use.id, value=points)
        out: dict[str, Any] = {"ignored": points, "hours": rounds}
    else:
        first = max(1, fight.round)
        last = first + rounds - 1
        shield = Effect(kind="ignore_wound_penalty", gift=use.id, value=points, ends="round", last_round=last)
        out = {"ignored": points, "rounds": rounds, "through_round": last}
    fight.set(c.id, effects=(*fight.people[c.id].effects, shield))
    return out


def learn(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    if c.botched is None:
        raise RulesError(
            N_("{who}'s latest cast was not a botch ({rule})"),
            who=c.name,
            rule=option_rule("botch_means", N_("by what the table counts as a botch")),
        )
    _cost(fight, c, use)
    lesson = Effect(kind="skill_next", gift=use.id, value=1, skill=c.botched, ends="used")
    fight.set(c.id, effects=(*fight.people[c.id].effects, lesson), botched=None)
    return {"skill": c.botched, "skill_bonus": 1}


def fate(fight: Fight, c: Combatant, use: Use, params: Any, source: Source) -> dict[str, Any]:
    """Spend a stored Strand of Fate token, or a use of Weaving Strands (the other target takes the same
    number on the opposite stone)."""
    stone = params.stone
    if stone not in ("cast_runes", "merkstave"):
        raise RulesError(
            N_("say which stone: {which}"),
            which=Named(
                N_("--stone cast_runes (the central stone) or merkstave"), N_("the central stone or the Merkstave")
            ),
        )
    target = fight.who(params.target or "").id if params.target else None
    if use.id == "strand_of_fate":
        held = find(c.effects, "fate_token", target=target)
        if not held or params.tokens != 1:
            raise RulesError(
                N_("{who} holds no Strand of Fate token for {target} (one token a use)"), who=c.name, target=target
            )
        token = held[0]
        rest = () if token.value <= 1 else (token.model_copy(update={"value": token.value - 1}),)
        fight.set(c.id, effects=without(c.effects, [token]) + rest)
        return {"placed": instants.place_tokens(fight, target or "", stone, 1)}
    woven = [e for e in find(c.effects, "weave") if target in (e.target, e.other)]
    if not woven:
        raise RulesError(N_("{who} has woven no strands through {target}"), who=c.name, target=target)
    if params.tokens > woven[0].value:
        raise RulesError(N_("the weaving allows at most {most} token(s) a use"), most=woven[0].value)
    other = woven[0].other if woven[0].target == target else woven[0].target
    opposite = "merkstave" if stone == "cast_runes" else "cast_runes"
    assert target is not None and other is not None
    return {
        "placed": instants.place_tokens(fight, target, stone, params.tokens),
        "mirrored": instants.place_tokens(fight, other, opposite, params.tokens),
    }


STRANDS = {
    "reducetolegendwounds": "reduce_to_legend_wounds",
    "fullheal": "full_heal",
    "godruneto1": "god_rune_to_1",
    "godruneto8": "god_rune_to_8",
    "skillmerkstave4": "skill_merkstave_4",
    "skillto4": "skill_to_4",
}


def narrate(fight: Fight, c: Combatant, use: Use, params: Any) -> dict[str, Any]:
    """A gift whose effect the GM narrates (divination, pacts, travel...): its Wyrð is paid and logged.
    Strands of the Soul (a Day action the GM has ruled on) may also apply one of its listed effects to its
    target; a pact sealed with a margin is kept (pacts.py)."""
    target = fight.who(params.target) if params.target else None
    o = midgard_options(fight.options)
    per_legend = target is not None and use.gift.use_cost.per == "target_legend"
    cost = use_cost(use, o, legend(target, fight.options) if target and per_legend else None)
    out: dict[str, Any] = {"actor": c.id, "gift": use.text(), "wyrd_paid": cost, "narrative": use.gift.summary}
    strands = use.words & set(STRANDS)
    if strands and (use.id != "strands_of_the_soul" or target is None):
        raise RulesError(
            N_("{effects} are Strands of the Soul's, on {what}"), effects=", ".join(STRANDS.values()), what=asks.TARGET
        )
    if len(strands) > 1:
        raise RulesError(N_("Strands of the Soul does one thing a use: name one effect"))
    if params.margin is not None and use.id not in pacts.PACT_GIFTS:
        raise RulesError(
            N_("{what} belongs to Sealed in Blood or Unbreakable Oath"), what=Named("--margin", N_("a margin"))
        )
    pay(fight, c, cost)
    if use.id in pacts.PACT_GIFTS:
        out |= pacts.seal(fight, c, use, target, params.margin)
    if target is not None and strands:
        out |= strand_of_the_soul(fight, target, STRANDS[next(iter(strands))], params)
    fight.say(f"{c.name} uses {use.gift.name} ({cost} Wyrð): the GM narrates what it does")
    return out


def strand_of_the_soul(fight: Fight, target: Combatant, effect: str, params: Any) -> dict[str, Any]:
    """One of Strands of the Soul's effects on its target, once the GM has ruled the Day action worked
    (helpful ones at D = its legend, harmful ones against its Courage). They last about a day, so for the
    rest of the fight. God runes and skill ranks are a character's own: an enemy reads the GM's cast."""
    o = midgard_options(fight.options)
    if effect == "full_heal":
        fight.set(target.id, wounds=0)
        return {"effect": effect, "wounds": 0}
    if effect == "reduce_to_legend_wounds":
        wounds = reduced_to_legend(legend(target, fight.options), total_boxes(target), target.wounds, o)
        fight.set(target.id, wounds=wounds)
        return {"effect": effect, "wounds": wounds}
    if effect in ("god_rune_to_1", "god_rune_to_8"):
        if params.rune is None:
            raise RulesError(
                N_("{effect}: name the god rune ({which})"),
                effect=effect,
                which=Named(N_("--rune F, Th, A, H or T"), N_("F, Th, A, H or T")),
            )
        code = rune_code(params.rune)
        if target.is_enemy or code not in target.runes:
            raise RulesError(
                N_("{target} has no god runes of its own (an enemy reads the GM's cast)"), target=target.name
            )
        value = 1 if effect == "god_rune_to_1" else 8
        fight.set(target.id, runes={**target.runes, code: value})
        return {"effect": effect, "rune": code, "value": value}
    if params.skill is None:
        raise RulesError(N_("{effect}: name the skill{flag}"), effect=effect, flag=typed_only(" (--skill)"))
    name = skill_name(params.skill)
    if effect == "skill_merkstave_4":
        curse = Effect(kind="skill_merkstave", gift="strands_of_the_soul", value=4, skill=name)
        fight.set(target.id, effects=(*target.effects, curse))
        return {"effect": effect, "skill": name, "merkstave": 4}
    if target.kind != "character":
        raise RulesError(
            N_("{target} has no skill ranks of its own to raise (an enemy's come from its rank)"), target=target.name
        )
    fight.set(target.id, skills={**target.skills, name: max(4, target.skills.get(name, 0))})
    return {"effect": effect, "skill": name, "ranks": fight.people[target.id].skills[name]}


HANDLERS: dict[str, Any] = {
    "storm_of_blades": storm_of_blades,
    "peaceful_defence": peaceful_defence,
    "shield_defence": shield_defence,
    "enduring_might": enduring_might,
    "learn_from_your_mistakes": learn,
    "strand_of_fate": fate,
    "weaving_strands": fate,
    "lucky_boon": instants.luck,
    "tactical_awareness": instants.tactics,
    "combat_master": instants.combat_master,
    "trusted_comrade": instants.trusted_comrade,
    "shieldbearer": instants.shieldbearer,
    "block_and_breach": instants.block_and_breach,
}
