"""The off-the-rack hazards' rolls as one mechanic with exact odds (spec 001c §7.3, §7.5-§7.7, §7.9): a fall
(Jump against 6: the landing's Dam rating, armour ignored), a round in deep water (Swim against the water's
Difficulty: a failure drowns, 6, 8, 10... HP by the book's example or by the rule, `drowning_damage`), flames
(the runner's plain d10 against 6, or 4 in quilted or fur armour: the clothing catches, `flame_ignites`), a found
party's exhaustion (Sta + Bravery against the Map rolls made: a d10 plus the failure, armour ignored; a botch
Impairs 1) or Stealth against them (a failure brings a wandering monster of a Threat Category by its size), and
a swarm of nuisance animals (Dodge against 6 + their DAM, an action: their bite, armour ignored,
three times over on armour of Prot 2 or less). The numbers are encounters/hazards.py's; the odds are the stress
die's closed forms (stress.py) and, for exhaustion, the d10 on a failure; every table sums to exactly 1.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal, NamedTuple, cast

from pydantic import Field, model_validator

from runehall.chance.chance import Chance
from runehall.chance.dice import Die, StressDie
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.errors import Invalid
from runehall.present.card import Card
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.rune.encounters import hazards as hz
from runehall.systems.rune.encounters.trap_data import Current, Waters, traps_file
from runehall.systems.rune.mechanics import BAND, Modifiers
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.speech.common import stress_chips
from runehall.systems.rune.stress import AtLeast, AtMost, at_least, beyond, exactly

Key = tuple[int, int | None]
Hazard = Literal["falling", "drowning", "flames", "exhaustion", "swarm", "wandering"]


class HazardParams(Modifiers):
    hazard: Hazard = Field("falling", description="Which hazard: a fall, deep water, flames, being lost, a swarm.")
    feet: int = Field(20, ge=10, le=10000, description="A fall's height in feet.")
    waters: Waters = Field("choppy", description="The water's surface (drowning).")
    current: Current = Field("none", description="A current to swim against to reach the shore (drowning).")
    heading: bool = Field(False, description="Swimming in a set direction, not just treading water (drowning).")
    round_no: int = Field(1, ge=1, le=30, description="Which round in the water (drowning).")
    quilted: bool = Field(False, description="The hero wears quilted or fur armour (flames).")
    map_rolls: int = Field(4, ge=1, le=60, description="Map rolls made while lost: the Difficulty (exhaustion).")
    swarm_dam: int = Field(4, ge=1, le=10, description="The swarm's DAM (nuisance animals: Dodge vs 6 + DAM).")
    soak: int = Field(0, ge=0, le=60, description="The hero's Soak, his armour's Prot included.")
    armour_prot: int = Field(0, ge=0, le=60, description="The Prot of the hero's armour (part of his Soak).")

    @model_validator(mode="after")
    def _prot(self) -> HazardParams:
        if self.armour_prot > self.soak:
            raise Invalid(N_("the armour's Prot is part of the Soak: it cannot be more than the Soak"))
        return self

    @property
    def bare_soak(self) -> int:
        return self.soak - self.armour_prot


class HazardResult(NamedTuple):
    safe: bool  # no HP lost and no Impairment
    success: bool  # the roll: a good landing, afloat, not alight (the runner's die), not exhausted
    failed_by: int
    raw: int
    hp_lost: int
    impairment: int
    beyond: int  # 1: this damage or more; 0: exactly
    monster: str | None = None  # a found party's failed Stealth: the wandering monster's Threat Category


@dataclass(frozen=True)
class HazardRoll(Chance[tuple[Any, ...], Key]):
    """A stress roll (`plain` False) or the runner's plain d10 (`plain`), and on a failure (a stress result
    below `target`) one plain d10 more when `die_on_failure`. Key: (the roll, the d10 or None)."""

    target: int
    low: int
    high: int
    plain: bool = False
    die_on_failure: bool = False

    def sample(self, source: Source) -> tuple[Any, ...]:
        if self.plain:
            return (Die(10).sample(source),)
        roll = StressDie().sample(source)
        if self.die_on_failure and StressDie().key(roll) < self.target:
            return roll, Die(10).sample(source)
        return (roll,)

    def key(self, detail: tuple[Any, ...]) -> Key:
        if self.plain:
            return int(detail[0]), None
        return StressDie().key(detail[0]), int(detail[1]) if len(detail) > 1 else None

    def dist(self) -> Dist[Key]:
        if self.plain:
            return Dist.from_probabilities({(f, None): Fraction(1, 10) for f in range(1, 11)})
        out: dict[Key, Fraction] = {}
        for r in range(self.low, self.high + 1):
            if self.die_on_failure and r < self.target:
                out.update({(r, d): exactly(r) / 10 for d in range(1, 11)})
            else:
                out[(r, None)] = exactly(r)
        out[(AtLeast(self.high + 1), None)] = at_least(self.high + 1)
        out[(AtMost(self.low - 1), None)] = 1 - at_least(self.low)
        return Dist.from_probabilities({k: v for k, v in out.items() if v})


def _difficulty(params: HazardParams) -> int:
    if params.hazard == "falling":
        return traps_file().falling.jump_difficulty
    if params.hazard == "drowning":
        return hz.swim_difficulty(params.waters, params.current, heading=params.heading, round_no=params.round_no)
    if params.hazard == "flames":
        return traps_file().fire.ignite_quilted if params.quilted else traps_file().fire.ignite
    if params.hazard == "swarm":
        return hz.nuisance_difficulties(params.swarm_dam, 0)[1]
    return params.map_rolls  # exhaustion and wandering monsters: the Map rolls made while lost


class HazardRollMechanic(Mechanic[HazardParams, Key, HazardResult]):
    name: ClassVar[str] = "hazard"
    title: ClassVar[str] = N_("A hazard: a fall, deep water, flames, exhaustion or a swarm")
    summary: ClassVar[str] = N_(
        "Jump vs 6 to land well, Swim vs the water to stay afloat, the runner's d10 for flames, Sta + Bravery vs"
        " the Map rolls when found, Dodge vs 6 + DAM against a swarm."
    )
    chart_view: ClassVar[str | None] = "safe"
    Params: ClassVar[type[RulesModel]] = HazardParams
    manual_help: ClassVar[str] = N_("the d10 faces of the roll (for exhaustion, then the damage d10 after a failure)")

    def chance(self, params: HazardParams, options: RulesModel) -> Chance[Any, Key]:
        target = _difficulty(params) - (0 if params.hazard == "flames" else params.total)
        low, high = min(target - BAND, 0), max(target + BAND, 0)
        return HazardRoll(target, low, high, params.hazard == "flames", params.hazard == "exhaustion")

    def resolve(self, params: HazardParams, options: RulesModel, key: Key) -> HazardResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: HazardParams, options: RulesModel) -> Callable[[Key], HazardResult]:
        difficulty, table = _difficulty(params), cast(RuneOptions, options)

        def result(key: Key) -> HazardResult:
            roll, die = key
            if params.hazard == "flames":
                burning = hz.flame_exposure(roll, params.quilted, _options(table))
                if burning is None:
                    return HazardResult(True, True, 0, 0, 0, 0, 0)
                hp = max(0, burning.damage - params.bare_soak)
                return HazardResult(hp == 0, False, 0, burning.damage, hp, 0, 0)
            target = difficulty - params.total
            failed, tail = max(0, target - roll), -beyond(roll)
            if params.hazard == "falling":
                hit = hz.fall(params.feet, roll + params.total, params.bare_soak)
                return HazardResult(hit.hp_lost == 0, failed == 0, failed, hit.raw, hit.hp_lost, 0, 0)
            if failed == 0:
                return HazardResult(True, True, 0, 0, 0, 0, 0)
            if params.hazard == "drowning":
                loss = hz.drowning_loss(1, _options(table), failed, params.bare_soak)  # he goes under: its first round
                exact = _options(table).drowning_damage == "example"
                return HazardResult(loss == 0, False, failed, loss, loss, 0, 0 if exact else tail)
            if params.hazard == "wandering":
                return HazardResult(False, False, failed, 0, 0, 0, 0, hz.wandering_threat(failed))
            if params.hazard == "swarm":
                bite = hz.nuisance_bite(params.swarm_dam, params.armour_prot, params.bare_soak)
                return HazardResult(bite.hp_lost == 0, False, failed, bite.raw, bite.hp_lost, 0, 0)
            hit, impaired = hz.exhaustion(die or 1, failed, params.bare_soak, botch=roll < 0)
            safe = hit.hp_lost == 0 and not impaired and die is not None
            return HazardResult(safe, False, failed, hit.raw, hit.hp_lost, impaired, 1 if die is None else 0)

        return result

    def views(self) -> dict[str, Callable[[HazardResult], Hashable]]:
        return {"safe": lambda r: r.safe, "success": lambda r: r.success, "hp_lost": lambda r: (r.hp_lost, r.beyond)}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"safe": [True, False], "success": [True, False]}

    def view_titles(self, words: Words) -> dict[str, str]:
        return {"safe": words("Unharmed"), "success": words("The roll"), "hp_lost": words("HP lost")}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        if view == "safe":
            return words("unharmed") if value else words("harmed")
        if view == "success":
            return words("success") if value else words("failure")
        if view == "hp_lost":
            return _hp(value[0], value[1], words)
        if view is None:
            return _said(value.safe, value.hp_lost, value.beyond, value.impairment, words, value.monster)
        return None

    def headline(self, odds: Odds[HazardResult], words: Words) -> tuple[Headline, ...]:
        safe = sum((p for r, p in odds.outcomes.items() if r.safe), Fraction(0))
        return (Headline(words("Unharmed"), safe, "success"),)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        o, params = stored["outcome"], stored["params"]
        action = words(ACTIONS[params.get("hazard", "falling")], who=who)
        detail = stored["detail"]
        if params.get("hazard") == "flames":
            chips = tuple(stress_chips([int(detail[0])], words, quality=True))
        else:
            chips = tuple(stress_chips([int(f) for f in detail[0]], words))
            chips += tuple(stress_chips([int(f) for f in detail[1:]], words, quality=True))
        result = _said(o["safe"], o["hp_lost"], o["beyond"], o["impairment"], words, o.get("monster"))
        return Card(action=action, result=result, tone="success" if o["safe"] else "failure", chips=chips)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        return "unharmed" if o["safe"] and not o["hp_lost"] else f"{o['hp_lost']} HP lost"


ACTIONS = {
    "falling": N_("{who} falls and tries to land well"),
    "drowning": N_("{who} swims to stay afloat"),
    "flames": N_("{who} is exposed to flames"),
    "exhaustion": N_("{who} holds out after being lost"),
    "swarm": N_("{who} tries to dodge a swarm"),
    "wandering": N_("{who} tries to keep the party hidden after being lost"),
}


def _options(options: RuneOptions) -> RuneOptions:
    return options if isinstance(options, RuneOptions) else RuneOptions()


def _hp(hp: int, side: int, words: Words) -> str:
    n = words.number(hp)
    return words("{n} HP lost or more", n=n) if side > 0 else words("{n} HP lost", n=n)


def _said(safe: bool, hp: int, side: int, impairment: int, words: Words, monster: str | None = None) -> str:
    if monster is not None:
        return words("a wandering monster comes: {threat}", threat=words(monster.capitalize()))
    if safe and not hp:
        return words("unharmed")
    text = _hp(hp, side, words)
    return words("{hp}, and 1 point of Impairment", hp=text) if impairment else text
