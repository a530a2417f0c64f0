"""Improving a Rune hero with victory points (spec 001a §8, data/experience.toml): the VP accounts, death
insurance, Ability increases by experience and by training.

The record (`Advancement`) keeps the hero sheet as created, validated by the hero model, beside what play has
added: the VP earned and spent, the Ability points bought since creation, the Abilities noted as eligible in
the current encounter, and the death-insurance snapshot. Every rule is a pure function from a record to a new
record that raises RulesError and changes nothing when the rules refuse:

- experience: at the end of an encounter, +1 to an Ability noted there (a listed roll succeeded, a weapon
  Ability beat a foe's DFN total, Healer helped a hero recover, or any Ability won a battlefield advantage;
  rated 0 counts too), priced by its class: best Fighting 150, other Fighting 75, other primary 45,
  secondary 30; once per Ability and encounter (A55), ties for best pay the best price (A56);
- training: only between adventures, 125 (primary) or 30 (secondary), the first point only (A57);
- never more than the free VP; never above the table's Ability cap (option ability_cap_after_creation);
- Characteristics and hit points are not for sale: only Divine Gifts raise them (another part).

The table runs the same functions through the `advancement` tracker (advancement.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Literal

from pydantic import Field, model_validator

from runehall.errors import Invalid, ParameterError, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.data import load_data
from runehall.systems.rune.creation import category
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.progress import Insurance, snapshot
from runehall.systems.rune.records import PACKAGE, Data
from runehall.systems.rune.rules import fold, rules

Phase = Literal["encounter", "after_encounter", "between_adventures"]
Reason = Literal["listed_roll", "beat_dfn", "healed", "advantage"]
How = Literal["experience", "training"]
PHASE_WORDS = {
    "encounter": N_("during an encounter"),
    "after_encounter": N_("at the end of an encounter"),
    "between_adventures": N_("between adventures"),
}
NOT_FOR_SALE = ("hp", "hit_points", "hit_point", "wt", "wound_threshold")


# -- experience.toml ------------------------------------------------------------------------------------
class XpCost(Data):
    class_: str = Field(alias="class")
    vp: int = Field(ge=1)


class DeathInsurance(Data):
    cost_vp: int = Field(ge=1)


class ExperienceRules(Data):
    increase: int = Field(ge=1)
    unrated_success_buys_first_point: bool


class Training(Data):
    primary_vp: int = Field(ge=1)
    secondary_vp: int = Field(ge=1)
    from_rating: int
    to_rating: int


class ExperienceFile(Data):
    death_insurance: DeathInsurance
    experience: ExperienceRules
    xp_cost: tuple[XpCost, ...]
    training: Training

    @model_validator(mode="after")
    def _classes(self) -> ExperienceFile:
        wanted = {"best_fighting", "other_fighting", "other_primary", "secondary"}
        if {c.class_ for c in self.xp_cost} != wanted or len(self.xp_cost) != len(wanted):
            raise Invalid(N_("xp_cost needs one row for each of {classes}"), classes=sorted(wanted))
        return self

    def xp_vp(self, cost_class: str) -> int:
        return next(c.vp for c in self.xp_cost if c.class_ == cost_class)


@cache
def experience() -> ExperienceFile:
    return load_data(PACKAGE, "experience.toml", ExperienceFile)


# -- prices ---------------------------------------------------------------------------------------------
def weapon_abilities() -> frozenset[str]:
    return frozenset(w.ability for w in rules().weapons.weapon if isinstance(w.ability, str))


def xp_class(ratings: Mapping[str, int], ability: str, options: RuneOptions) -> str:
    """Which price row an Ability's next point by experience falls in (A56: ties for best count as best)."""
    fighting = rules().fighting_abilities()
    if ability in fighting:
        top = max(ratings.get(a, 0) for a in fighting)
        own = ratings.get(ability, 0)
        tied = sum(1 for a in fighting if ratings.get(a, 0) == top)
        best = own == top and (options.best_fighting_ties or tied == 1)
        return "best_fighting" if best else "other_fighting"
    return "other_primary" if category(ability, options) == "primary" else "secondary"


def xp_price(ratings: Mapping[str, int], ability: str, options: RuneOptions) -> int:
    return experience().xp_vp(xp_class(ratings, ability, options))


def training_price(ability: str, options: RuneOptions) -> int:
    t = experience().training
    return t.primary_vp if category(ability, options) == "primary" else t.secondary_vp


# -- the record -----------------------------------------------------------------------------------------
class Bought(RulesModel):
    ability: str
    how: How
    from_rating: int
    to_rating: int
    vp: int
    encounter: int


class GiftBought(RulesModel):
    gift: str
    from_level: int
    to_level: int
    vp: int
    encounter: int


class Advancement(RulesModel):
    hero: Hero = Field(description="The sheet as created, with the Divine Gifts he holds now.")
    vp_total: int = Field(0, ge=0, description="Every VP ever earned: the score; spending never lowers it.")
    vp_spent: int = Field(0, ge=0, description="VP spent on improvements.")
    vp_deficit: int = Field(0, ge=0, description="VP a runner owes: later gains pay it first (spec 001b §6.6).")
    gained: dict[str, int] = Field(default_factory=dict, description="Ability points bought since creation.")
    phase: Phase = "encounter"
    encounter: int = Field(1, ge=1, description="The number of the current (or just ended) encounter.")
    fresh: bool = Field(True, description="Nothing has happened yet in this encounter (death insurance allowed).")
    eligible: dict[str, Reason] = Field(default_factory=dict, description="Abilities noted this encounter.")
    raised: dict[str, int] = Field(default_factory=dict, description="Points bought by experience this encounter.")
    insured: Insurance | None = Field(None, description="The latest death-insurance snapshot.")
    bought: tuple[Bought, ...] = ()
    gifts_bought: tuple[GiftBought, ...] = ()
    fallen: tuple[str, ...] = Field((), description="Heroes of this player who died and were replaced.")

    @property
    def vp_free(self) -> int:
        return self.vp_total - self.vp_spent

    def ratings(self) -> dict[str, int]:
        base = dict(self.hero.abilities)
        for ability, points in self.gained.items():
            base[ability] = base.get(ability, 0) + points
        return {a: v for a, v in base.items() if v > 0}


def saved_sheet(record: Advancement, options: RuneOptions) -> dict[str, Any]:
    """The hero as he now is, as a hero sheet the system accepts (JSON): his sheet as created, the points bought
    since in `advances`, the VP accounts and the death-insurance snapshot."""
    values = record.hero.model_dump(mode="json", exclude={"advances", "vp_total", "vp_spent", "death_insurance"})
    values.update(advances=dict(record.gained), vp_total=record.vp_total, vp_spent=record.vp_spent)
    if record.insured is not None:
        values["death_insurance"] = record.insured.model_dump(mode="json")
    hero = validate_model(Hero, values, "saved sheet", {"options": options})
    saved: dict[str, Any] = hero.model_dump(mode="json", exclude_defaults=True)
    saved["name"] = hero.name
    return saved


def advanced_hero(record: Advancement, options: RuneOptions | None = None) -> Hero:
    """The hero with the Ability points bought since creation, validated as a saved sheet, so `derived()`
    gives his current numbers."""
    opts = options or RuneOptions()
    return validate_model(Hero, saved_sheet(record, opts), "saved sheet", {"options": opts})


def ability_id(text: str) -> str:
    """An Ability's id; a Characteristic or hit points are refused (only Divine Gifts raise them)."""
    found = rules().find("ability", text)
    if found is not None:
        return found
    char = rules().find("characteristic", text)
    if char is not None:
        name = rules().characteristic(char).name
        raise RulesError(
            N_("ability {name}: there is no mundane way to raise a Characteristic (only Divine Gifts)"),
            name=Refusal(name),
        )
    if fold(text) in NOT_FOR_SALE:
        raise RulesError(
            N_("ability {text}: hit points are bought only at creation; later only Divine Gifts add them"), text=text
        )
    raise ParameterError(N_("ability {text!r} is not an Ability of Rune"), text=text)


def _pay(record: Advancement, ability: str, how: How, vp: int, options: RuneOptions) -> Advancement:
    name = rules().ability(ability).name
    now = record.ratings().get(ability, 0)
    to = now + experience().experience.increase
    cap = options.ability_cap_after_creation
    if cap is not None and to > cap:
        raise RulesError(
            N_("ability {name}: {now} -> {to} is over this table's cap of {cap}"),
            name=Refusal(name),
            now=now,
            to=to,
            cap=cap,
        )
    if vp > record.vp_free:
        raise RulesError(
            N_("ability {name}: {now} -> {to} costs {vp} VP and the hero has {free} free"),
            name=Refusal(name),
            now=now,
            to=to,
            vp=vp,
            free=record.vp_free,
        )
    gained = {**record.gained, ability: record.gained.get(ability, 0) + to - now}
    entry = Bought(ability=ability, how=how, from_rating=now, to_rating=to, vp=vp, encounter=record.encounter)
    raised = dict(record.raised)
    if how == "experience":
        raised[ability] = raised.get(ability, 0) + 1
    return record.model_copy(
        update={"vp_spent": record.vp_spent + vp, "gained": gained, "raised": raised, "bought": (*record.bought, entry)}
    )


def buy_experience(record: Advancement, ability: str, options: RuneOptions) -> Advancement:
    name = rules().ability(ability).name
    if record.phase != "after_encounter":
        raise RulesError(
            N_("ability {name}: experience is bought at the end of an encounter, not {when}"),
            name=Refusal(name),
            when=Refusal(_when(record)),
        )
    if ability not in record.eligible:
        raise RulesError(
            N_("ability {name}: not noted as eligible in encounter {encounter} (train it instead)"),
            name=Refusal(name),
            encounter=record.encounter,
        )
    if record.raised.get(ability, 0) >= options.xp_once_per_encounter:
        times = options.xp_once_per_encounter
        raise RulesError(
            N_("ability {name}: already raised {times} time(s) by experience this encounter"),
            name=Refusal(name),
            times=times,
        )
    return _pay(record, ability, "experience", xp_price(record.ratings(), ability, options), options)


def buy_training(record: Advancement, ability: str, options: RuneOptions) -> Advancement:
    name = rules().ability(ability).name
    if record.phase != "between_adventures":
        raise RulesError(
            N_("ability {name}: training only between adventures, not {when}"),
            name=Refusal(name),
            when=Refusal(_when(record)),
        )
    now = record.ratings().get(ability, 0)
    first = experience().training.from_rating
    if options.training_first_point_only and now != first:
        raise RulesError(
            N_("ability {name}: training buys only the first point, and he is rated {now}"), name=Refusal(name), now=now
        )
    return _pay(record, ability, "training", training_price(ability, options), options)


def advance(record: Advancement, ability: str, how: How, options: RuneOptions) -> Advancement:
    """One Ability point bought with VP, by experience or by training; RulesError if the rules refuse."""
    found = ability_id(ability)
    return buy_experience(record, found, options) if how == "experience" else buy_training(record, found, options)


def _when(record: Advancement) -> str:
    return PHASE_WORDS[record.phase]


def award(record: Advancement, vp: int) -> Advancement:
    if vp < 1:
        raise RulesError(N_("vp {vp}: an award is at least 1 VP"), vp=vp)
    paid = min(record.vp_deficit, vp)  # a deficit takes every gain first; what it takes is never gained (001b §6.6)
    update = {"vp_total": record.vp_total + vp - paid, "vp_deficit": record.vp_deficit - paid, "fresh": False}
    return record.model_copy(update=update)


def note(record: Advancement, ability: str, reason: Reason) -> Advancement:
    """A success worth learning from, noted during the encounter."""
    found = ability_id(ability)
    row = rules().ability(found)
    if record.phase != "encounter":
        raise RulesError(
            N_("ability {item}: successes are noted during an encounter, not {when}"),
            item=Refusal(row.name),
            when=Refusal(_when(record)),
        )
    if reason == "beat_dfn" and found not in weapon_abilities():
        raise RulesError(
            N_("ability {item}: only a weapon Ability qualifies by beating a foe's DFN total"), item=Refusal(row.name)
        )
    if reason == "healed" and found != "healer":
        raise RulesError(
            N_("ability {item}: helping a hero recover qualifies the Healer Ability only"), item=Refusal(row.name)
        )
    rating = record.ratings().get(found, 0)
    if rating == 0 and not (row.usable_untrained and experience().experience.unrated_success_buys_first_point):
        raise RulesError(N_("ability {item}: it cannot be used successfully while unrated"), item=Refusal(row.name))
    return record.model_copy(update={"eligible": {**record.eligible, found: reason}, "fresh": False})


def end_encounter(record: Advancement) -> Advancement:
    if record.phase != "encounter":
        raise RulesError(N_("no encounter is under way ({when})"), when=Refusal(_when(record)))
    return record.model_copy(update={"phase": "after_encounter"})


def end_adventure(record: Advancement) -> Advancement:
    if record.phase != "after_encounter":
        raise RulesError(N_("an adventure ends after its last encounter, not {when}"), when=Refusal(_when(record)))
    return record.model_copy(update={"phase": "between_adventures", "eligible": {}, "raised": {}})


def begin_encounter(record: Advancement) -> Advancement:
    if record.phase == "encounter":
        raise RulesError(N_("encounter {encounter} is still under way (end it first)"), encounter=record.encounter)
    return record.model_copy(
        update={"phase": "encounter", "encounter": record.encounter + 1, "fresh": True, "eligible": {}, "raised": {}}
    )


def insure(record: Advancement) -> Advancement:
    """Death insurance: 25 VP at the start of an encounter for a snapshot without the name and the gear."""
    cost = experience().death_insurance.cost_vp
    if record.phase != "encounter" or not record.fresh:
        raise RulesError(N_("death insurance is bought at the start of an encounter, before anything happens in it"))
    if cost > record.vp_free:
        raise RulesError(
            N_("death insurance costs {cost} VP and the hero has {free} free"), cost=cost, free=record.vp_free
        )
    taken = snapshot(record.hero, record.gained)  # his gifts with him
    return record.model_copy(update={"vp_spent": record.vp_spent + cost, "insured": taken})


GEAR = ("weapons", "ammunition", "armor", "shield", "other_items", "silver_oz", "weapon_overrides", "armor_overrides")


def restore(record: Advancement, name: str, cognomen: str, gear: dict[str, Any], options: RuneOptions) -> Advancement:
    """The hero has died: the latest snapshot comes back as a new hero under a new name, with a beginning
    hero's gear (or, with option death_insurance_inherits_gear, the dead hero's). The insurance stays bought."""
    if record.insured is None:
        raise RulesError(
            N_("{hero} has no death insurance to restore (25 VP at the start of an encounter)"), hero=record.hero.name
        )
    if fold(name) == fold(record.hero.name) or fold(name) in {fold(n) for n in record.fallen}:
        raise RulesError(N_("name {name}: the restored hero comes back under a new name"), name=name)
    if options.death_insurance_inherits_gear:
        if gear:
            raise RulesError(N_("gear: at this table the restored hero takes over the dead hero's gear"))
        gear = record.hero.model_dump(mode="json", include=set(GEAR))
    values = {**record.insured.sheet(), "name": name, "cognomen": cognomen, **gear}
    advances = values.pop("advances")
    hero = validate_model(Hero, values, "restored hero", {"options": options})
    return record.model_copy(
        update={
            "hero": hero,
            "gained": advances,
            "eligible": {},
            "raised": {},
            "fallen": (*record.fallen, record.hero.name),
        }
    )
