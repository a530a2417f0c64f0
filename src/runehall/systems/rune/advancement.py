"""Rune advancement at the table: a hero's victory points and what he buys with them, as a Tracker.

The state is the record of experience.py: the hero sheet as created (with the gifts he holds), the VP accounts,
the Ability points bought since, this encounter's noted successes and the death-insurance snapshot. Actions:
`award` (VP earned), `note` (a success that makes an Ability eligible), `end_encounter`, `buy` (an Ability point
by experience or by training), `buy_gift` (a level of a Divine Gift or Rune Power, at any moment:
gifts/buying.py), `buy_item` (levels of a legendary item's power: legendary_buying.py), `buy_horse` and
`upgrade_horse` (horse_buying.py), `end_adventure`, `begin_encounter`, `insure` and
`restore`. None draws a die; each refused move raises
RulesError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar

from pydantic import Field, field_validator, model_validator

from runehall.chance.sources import Source
from runehall.errors import Invalid, ParameterError, Refusal
from runehall.present.board import BoardView, Seat
from runehall.present.card import Card
from runehall.present.words import N_, Words
from runehall.systems.base import MAX_SHEET_FIELDS, RulesModel, validate_model
from runehall.systems.rune import advancement_board, creation, experience, horse_buying, legendary_buying
from runehall.systems.rune.experience import Advancement, How, Phase, Reason
from runehall.systems.rune.gifts import buying, held
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.horses import UPGRADE_WORDS, UpgradeId
from runehall.systems.rune.limits import MAX_DOZENS, MAX_NAMED, MAX_RATING, MAX_WEAPONS
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules
from runehall.systems.rune.speech import advancing
from runehall.systems.rune.treasure.carried import MAX_LEVELS, MAX_MAGIC
from runehall.systems.tracker import Tracker, TrackerAction


def _options(options: Any) -> RuneOptions:
    return options if isinstance(options, RuneOptions) else RuneOptions()


class AdvancementSetup(RulesModel):
    hero: dict[str, Any] = Field(
        max_length=MAX_SHEET_FIELDS,
        description="The hero sheet (@FILE, JSON): as created, or as saved after play (its advances, VP and "
        "death insurance carry on).",
        json_schema_extra={"x-table": "characters"},  # the web offers the table's characters by name
    )
    vp_total: int | None = Field(None, ge=0, le=1_000_000, description="VP earned so far (default: the sheet's).")
    vp_spent: int | None = Field(None, ge=0, le=1_000_000, description="VP spent so far (default: the sheet's).")
    gained: dict[str, Annotated[int, Field(ge=0, le=MAX_RATING)]] = Field(
        default_factory=dict, max_length=MAX_NAMED, description="Ability points bought before this log."
    )
    phase: Phase = Field(
        "encounter", description="Where the saga stands: in an encounter, after one, or between adventures."
    )

    @field_validator("gained", mode="before")
    @classmethod
    def _names(cls, value: object) -> object:
        return creation.ids("ability", value)

    @field_validator("gained")
    @classmethod
    def _points(cls, value: dict[str, int]) -> dict[str, int]:
        for ability, points in value.items():
            if not 0 <= points <= 50:
                raise Invalid(N_("{ability}: 0 to 50 points gained"), ability=Refusal(rules().ability(ability).name))
        return {a: p for a, p in value.items() if p}

    @model_validator(mode="after")
    def _accounts(self) -> AdvancementSetup:
        if self.vp_spent is not None and self.vp_total is not None and self.vp_spent > self.vp_total:
            raise Invalid(
                N_("vp_spent {vp_spent} is more than vp_total {vp_total}"),
                vp_spent=self.vp_spent,
                vp_total=self.vp_total,
            )
        return self


def _once(name: str, given: int | None, on_sheet: int) -> int:
    if given is not None and on_sheet and given != on_sheet:
        raise ParameterError(
            N_("{name}: the sheet says {on_sheet} and the setup {given}; give it once"),
            name=name,
            on_sheet=on_sheet,
            given=given,
        )
    return on_sheet if given is None else given


def start(setup: AdvancementSetup, options: Any) -> Advancement:
    opts = _options(options)
    sheet = validate_model(Hero, setup.hero, "hero sheet", {"options": opts})
    twice = sorted(set(setup.gained) & set(sheet.advances))
    if twice:
        raise ParameterError(
            N_("gained: {ability} is already among the sheet's advances"),
            ability=Refusal(rules().ability(twice[0]).name),
        )
    vp_total = _once("vp_total", setup.vp_total, sheet.vp_total)
    vp_spent = _once("vp_spent", setup.vp_spent, sheet.vp_spent)
    if vp_spent > vp_total:
        raise ParameterError(
            N_("vp_spent {vp_spent} is more than vp_total {vp_total}"), vp_spent=vp_spent, vp_total=vp_total
        )
    hero = sheet.model_copy(update={"advances": {}, "vp_total": 0, "vp_spent": 0, "death_insurance": None})
    record = Advancement(
        hero=hero,
        vp_total=vp_total,
        vp_spent=vp_spent,
        gained={**sheet.advances, **setup.gained},
        phase=setup.phase,
        insured=sheet.death_insurance,
    )
    cap = opts.ability_cap_after_creation
    over = [a for a, v in record.ratings().items() if cap is not None and v > cap]
    if over:
        raise ParameterError(
            N_("gained: {ability} is over this table's cap of {cap}"),
            ability=Refusal(rules().ability(over[0]).name),
            cap=cap,
        )
    return record


class AwardParams(RulesModel):
    vp: int = Field(ge=1, le=100_000, description="Victory points earned.")


class NoteParams(RulesModel):
    ability: str = Field(min_length=1, max_length=60, description="The Ability used successfully.")
    reason: Reason = Field(
        "listed_roll",
        description="A roll in the runner's notes, a beaten DFN (weapon Ability), a heal (Healer) or an advantage.",
    )


class BuyParams(RulesModel):
    ability: str = Field(min_length=1, max_length=60, description="The Ability to raise by 1.")
    how: How = Field("experience", description="experience (end of an encounter) or training (between adventures).")


class BuyGiftParams(RulesModel):
    gift: str = Field(min_length=1, max_length=80, description="The Divine Gift or Rune Power to buy a level of.")

    @field_validator("gift")
    @classmethod
    def _known(cls, value: str) -> str:
        found = held.find(value)
        if found is None:
            raise Invalid(N_("{name!r} is not a Divine Gift or Rune Power of Rune"), name=value)
        return found


class Step(TrackerAction[Advancement]):
    """An action without randomness: a pure function of the record."""

    Params: ClassVar[type[RulesModel]] = RulesModel

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        raise NotImplementedError

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        return advancing.card(self.name, event, words, who)

    def apply(
        self, state: Advancement, params: Any, options: Any, source: Source
    ) -> tuple[Advancement, dict[str, Any]]:
        new, what = self.step(state, params, _options(options))
        return new, {**what, "vp_free": new.vp_free}


class Award(Step):
    name: ClassVar[str] = "award"
    title: ClassVar[str] = N_("Award victory points")
    summary: ClassVar[str] = "Victory points earned: added to the total (the score), and so to the free VP."
    Params: ClassVar[type[RulesModel]] = AwardParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        new = experience.award(record, params.vp)
        return new, {"vp": params.vp, "vp_total": new.vp_total}


class Note(Step):
    name: ClassVar[str] = "note"
    title: ClassVar[str] = N_("Note an Ability used")
    summary: ClassVar[str] = "During an encounter: an Ability used successfully, which may be raised at its end."
    Params: ClassVar[type[RulesModel]] = NoteParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        new = experience.note(record, params.ability, params.reason)
        found = experience.ability_id(params.ability)
        price = experience.xp_price(new.ratings(), found, options)
        return new, {"eligible": found, "reason": params.reason, "price_now": price}


class Buy(Step):
    name: ClassVar[str] = "buy"
    title: ClassVar[str] = N_("Raise an Ability")
    summary: ClassVar[str] = "An Ability +1 for VP: by experience after an encounter, by training between adventures."
    Params: ClassVar[type[RulesModel]] = BuyParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        new = experience.advance(record, params.ability, params.how, options)
        bought = new.bought[-1]
        what = {"ability": bought.ability, "how": bought.how, "from": bought.from_rating, "to": bought.to_rating}
        return new, {**what, "vp": bought.vp}


class BuyGift(Step):
    name: ClassVar[str] = "buy_gift"
    title: ClassVar[str] = N_("Buy a gift")
    summary: ClassVar[str] = "One level of a Divine Gift or Rune Power for its cost in free VP, at any moment."
    Params: ClassVar[type[RulesModel]] = BuyGiftParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        new, lost = legendary_buying.wand_check(buying.buy_gift(record, params.gift, options))
        return new, {**buying.bought_result(new), **({"wand_lost": lost} if lost else {})}


class BuyItemParams(RulesModel):
    item: int = Field(ge=1, le=MAX_MAGIC, description="The legendary item, by its number among his magic items.")
    levels: int = Field(1, ge=1, le=MAX_LEVELS, description="How many levels of its power to buy.")


class BuyItem(Step):
    name: ClassVar[str] = "buy_item"
    title: ClassVar[str] = N_("Buy levels of a legendary item")
    summary: ClassVar[str] = "Levels of a legendary item's power at its price a level in free VP, at any moment."
    Params: ClassVar[type[RulesModel]] = BuyItemParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        new = legendary_buying.buy(record, params.item, params.levels)
        return new, legendary_buying.bought_result(record, new, params.item)


class BuyHorseParams(RulesModel):
    outdoor: bool = Field(False, description="The coming adventure is an outdoor one.")
    plotter_permits: bool = Field(False, description="The plotter permits a horse in it.")


class BuyHorse(Step):
    name: ClassVar[str] = "buy_horse"
    title: ClassVar[str] = N_("Buy a horse")
    summary: ClassVar[str] = "A horse for 150 VP, at an outdoor adventure's start, with the plotter's permission."
    Params: ClassVar[type[RulesModel]] = BuyHorseParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        new = horse_buying.buy(record, params.outdoor, params.plotter_permits)
        return new, horse_buying.bought_result(new)


class UpgradeHorseParams(RulesModel):
    upgrade: UpgradeId = Field(description="What the horse gains: +10 HP, +1 DFN, +10 Move or +1 Res.")


class UpgradeHorse(Step):
    name: ClassVar[str] = "upgrade_horse"
    title: ClassVar[str] = N_("Upgrade the horse")
    summary: ClassVar[str] = "+10 HP, +1 DFN, +10 Move or +1 Res for his horse, 25 VP each, up to each one's cap."
    Params: ClassVar[type[RulesModel]] = UpgradeHorseParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        new = horse_buying.upgrade(record, params.upgrade)
        return new, horse_buying.upgraded_result(new, params.upgrade)


class RestoreParams(RulesModel):
    name: str = Field(min_length=1, max_length=80, description="The restored hero's new name.")
    cognomen: str = Field("", max_length=80, description="His cognomen, if any.")
    weapons: list[str] = Field(
        default_factory=list, max_length=MAX_WEAPONS, description="A beginning hero's gear: up to 3 common weapons."
    )
    ammunition: dict[str, Annotated[int, Field(le=MAX_DOZENS)]] = Field(
        default_factory=dict, max_length=MAX_WEAPONS, description="Dozens of ammunition per missile weapon."
    )
    armor: str | None = Field(None, description="One common armor.")
    shield: str | None = Field(None, description="One common shield.")


class Restore(Step):
    name: ClassVar[str] = "restore"
    title: ClassVar[str] = N_("Restore from death insurance")
    summary: ClassVar[str] = (
        "The hero died: his death insurance brings the snapshot back under a new name, with beginner's gear."
    )
    Params: ClassVar[type[RulesModel]] = RestoreParams

    def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
        gear = params.model_dump(exclude={"name", "cognomen"}, exclude_defaults=True)
        new = experience.restore(record, params.name, params.cognomen, gear, options)
        return new, {"died": record.hero.name, "restored_as": new.hero.name, "abilities": new.ratings()}


def _simple(action: str, text: str, fn: Any, label: str) -> type[Step]:
    class Simple(Step):
        name: ClassVar[str] = action
        summary: ClassVar[str] = text
        title: ClassVar[str] = label

        def step(self, record: Advancement, params: Any, options: RuneOptions) -> tuple[Advancement, dict[str, Any]]:
            new: Advancement = fn(record)
            return new, {"phase": new.phase, "encounter": new.encounter}

    Simple.__name__ = Simple.__qualname__ = action.title().replace("_", "")
    return Simple


EndEncounter = _simple(
    "end_encounter",
    "The encounter ends: noted Abilities may now be raised.",
    experience.end_encounter,
    N_("End the encounter"),
)
EndAdventure = _simple(
    "end_adventure",
    "The adventure ends: training is possible until the next encounter.",
    experience.end_adventure,
    N_("End the adventure"),
)
BeginEncounter = _simple(
    "begin_encounter",
    "A new encounter begins (death insurance may be bought first).",
    experience.begin_encounter,
    N_("Begin an encounter"),
)
Insure = _simple(
    "insure",
    "Death insurance (25 VP) at the start of an encounter: a snapshot of the sheet.",
    experience.insure,
    N_("Buy death insurance"),
)


def view(record: Advancement, options: Any = None) -> dict[str, Any]:
    ratings = record.ratings()
    return {
        "hero": record.hero.name,
        "vp_total": record.vp_total,
        "vp_spent": record.vp_spent,
        "vp_free": record.vp_free,
        "phase": record.phase,
        "encounter": record.encounter,
        "abilities": ratings,
        "gained": record.gained,
        "eligible": record.eligible,
        "raised": record.raised,
        "insured": record.insured is not None,
        "bought": [b.model_dump(mode="json") for b in record.bought],
        "gifts": dict(record.hero.gifts),
        "gifts_bought": [b.model_dump(mode="json") for b in record.gifts_bought],
        "divine_connection": legendary_buying.ratings(record.hero),
        "fallen": list(record.fallen),
        "horse": None if record.hero.horse is None else record.hero.horse.model_dump(mode="json"),
        "sheet": experience.saved_sheet(
            record, options if isinstance(options, RuneOptions) else record.hero.table_options
        ),
    }


def render(record: Advancement) -> str:
    words = experience.PHASE_WORDS[record.phase]
    lines = [
        f"{record.hero.name} · encounter {record.encounter} ({words})",
        f"VP {record.vp_total} total · {record.vp_spent} spent · {record.vp_free} free"
        + (" · insured" if record.insured is not None else ""),
        "Abilities: " + ", ".join(f"{rules().ability(a).name} {v}" for a, v in sorted(record.ratings().items())),
    ]
    if record.eligible:
        lines.append("Eligible: " + ", ".join(rules().ability(a).name for a in record.eligible))
    for b in record.bought:
        lines.append(f"bought {rules().ability(b.ability).name} {b.from_rating}->{b.to_rating} by {b.how}: {b.vp} VP")
    for g in record.gifts_bought:
        lines.append(f"bought {gift(g.gift).name} {g.from_level}->{g.to_level}: {g.vp} VP")
    if record.hero.horse is not None:
        bought = record.hero.horse.upgrades.items()
        lines.append("Horse: " + (", ".join(f"{UPGRADE_WORDS[u]} × {n}" for u, n in bought) or "no upgrades"))
    return "\n".join(lines)


class AdvancementTracker(Tracker[Advancement]):
    name: ClassVar[str] = "advancement"
    title: ClassVar[str] = N_("Advancement: victory points, death insurance, experience and training")
    Setup: ClassVar[type[RulesModel]] = AdvancementSetup

    def start(self, setup: Any, options: Any) -> Advancement:
        return start(setup, options)

    def actions(self) -> Mapping[str, TrackerAction[Advancement]]:
        return ACTIONS

    def view(self, state: Advancement) -> dict[str, Any]:
        return view(state)

    def render(self, state: Advancement) -> str:
        return render(state)

    def board(self, state: Advancement, words: Words, seat: Seat, options: Any = None) -> BoardView:
        """The record in words (advancement_board.py), with every action as a move (Tracker.board's)."""
        return advancement_board.board(super().board(state, words, seat), state, words, _options(options))


ACTIONS: dict[str, TrackerAction[Advancement]] = {
    a.name: a
    for a in (
        Award(),
        Note(),
        EndEncounter(),
        Buy(),
        BuyGift(),
        BuyItem(),
        BuyHorse(),
        UpgradeHorse(),
        EndAdventure(),
        BeginEncounter(),
        Insure(),
        Restore(),
    )
}
