"""The runner's own moves in an encounter run (the fights' moves are in run_fight.py): the notes (sealed: only
the runner sees them), the start with the Roll of Valor, the judgment calls the tally needs (a terrain feature
that came into play, a gift's VP, a loss of status, a hostage, a death outside a fight), the disclosure of the
notes. Each is a pure function of the state; a refused move raises RulesError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from runehall.chance.sources import Source
from runehall.errors import N_, Refusal, RulesError
from runehall.present.action_preview import ActionPreview
from runehall.present.card import Card
from runehall.present.fields import Choices
from runehall.present.words import Words
from runehall.systems.base import NoParams, RulesModel
from runehall.systems.rune import foes
from runehall.systems.rune.combat.names import named
from runehall.systems.rune.encounters import notes_editor
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.options import RuneOptions
from runehall.systems.tracker import SEALED, TrackerAction


class RunAction(TrackerAction[RunState]):
    """A move of the runner's: only the tracker's owner (the runner) and the game master may make it."""

    phases: ClassVar[tuple[str, ...]] = ("running",)

    def check(self, state: RunState) -> None:
        if state.phase not in self.phases:
            raise RulesError(PHASE_REFUSALS[state.phase], action=Refusal(self.title))

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        from runehall.systems.rune.encounters.run_cards import card  # the cards import the run's words only

        said = named(words)  # the foes' names nobody typed, in the reader's language
        return card(self.name, event, said, who) or super().describe(event, said, who)


PHASE_REFUSALS = {
    "designing": N_("{action}: the runner has not given the encounter's notes yet"),
    "ready": N_("{action}: the encounter has not begun"),
    "running": N_("{action}: the encounter is under way"),
    "settled": N_("{action}: the encounter is settled"),
}


# -- the notes -------------------------------------------------------------------------------------------
class NotesParams(RulesModel):
    encounter: Encounter = Field(
        title=N_("The notes"),
        description="The encounter's notes, or a shipped adventure's encounter by name [the-stolen-rune:3].",
    )

    @field_validator("encounter", mode="before")
    @classmethod
    def _by_name(cls, value: Any) -> Any:
        if isinstance(value, str):  # a shipped adventure's encounter, NAME:N (shipped_notes.py)
            from runehall.systems.rune.encounters.shipped_notes import shipped_encounter

            return shipped_encounter(value)
        return value


class NotesAction(RunAction):
    name: ClassVar[str] = "notes"
    title: ClassVar[str] = N_("Give the encounter's notes")
    summary: ClassVar[str] = "The runner's notes, checked against the rules and the budget; only he sees them."
    Params: ClassVar[type[RulesModel]] = NotesParams
    phases = ("designing", "ready")
    editor: ClassVar[bool] = True  # designed on a screen of its own (notes_editor.py)

    def form_model(self) -> type[RulesModel]:
        return notes_editor.form_model()

    def params_of(self, values: Mapping[str, Any]) -> dict[str, Any]:
        return notes_editor.params_of(values)

    def choices(self, field: str, options: Any = None) -> Choices | None:
        return notes_editor.choices(field)

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        return notes_editor.choice_label(field, value, words)

    def fresh(self, state: RunState, options: Any = None) -> Mapping[str, Any] | None:
        return notes_editor.fresh(state, options)

    def current(self, state: RunState) -> Mapping[str, Any] | None:
        return notes_editor.current(state)

    def shipped(self) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        return notes_editor.shipped()

    def from_shipped(self, state: RunState, key: str) -> Mapping[str, Any] | None:
        return notes_editor.from_shipped(state, key)

    def shipped_params(self, key: str) -> dict[str, Any] | None:
        return {"encounter": key}  # by name: with the role the adventure gives it (NotesParams)

    def preview(self, state: RunState, values: Mapping[str, Any], options: Any, words: Words) -> ActionPreview | None:
        return notes_editor.preview(state, values, options, words)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        from runehall.systems.rune.encounters.validate import notes_at_table  # the validator's one home

        self.check(state)
        heroes = len(state.setup.heroes)
        totals = [s.total_vp for s in state.tally.seats]
        notes, report = notes_at_table(params.encounter, state.notes, totals, _options(options), heroes)
        if report.errors:
            raise RulesError(parts=list(report.errors))
        kinds = {t.kind for e in notes.events if e.combat for t in e.combat.terrain}
        rolls = {r.id for e in notes.events for r in e.rolls}
        tally = state.tally.__class__(
            runner=state.tally.runner,
            proxy=state.tally.proxy,
            seats=state.tally.seats,
            rolls=frozenset(rolls),
            terrain_kinds=frozenset(kinds),
            for_beginners=notes.for_beginners,
            slothful=state.tally.slothful,
        )
        result = {SEALED: N_("the encounter's notes"), "spent": report.spent, "earned": report.earned}
        result["limit"] = report.limit
        return state.model_copy(update={"notes": notes, "phase": "ready", "tally": tally}), result


class BeginAction(RunAction):
    name: ClassVar[str] = "begin"
    title: ClassVar[str] = N_("Begin the encounter")
    summary: ClassVar[str] = "The heroes' Roll of Valor is taken and the encounter begins."
    Params: ClassVar[type[RulesModel]] = NoParams
    phases = ("ready",)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        from runehall.systems.rune.encounters.validate import head_count_refusals

        self.check(state)
        assert state.notes is not None
        owed = head_count_refusals(state.notes, len(state.setup.heroes), _options(options))
        if owed:  # notes for another number of heroes: the foes re-picked for those present first (001b A-46)
            raise RulesError(parts=owed)
        entries = [foes.hero_tally(h.sheet, options) for h in state.setup.heroes]
        valor = foes.roll_of_valor(entries)
        result = {
            "valor": list(valor),
            "heroes": {h.name: list(e) for h, e in zip(state.setup.heroes, entries, strict=True)},
        }
        return state.model_copy(update={"phase": "running", "valor": valor}), result


# -- the runner's judgment calls (spec 001b §16.6) ------------------------------------------------------
def in_play_candidates(notes: Encounter) -> list[tuple[str, str, str | None]]:
    """What may earn the runner +20 by coming into play (001b §6.4, category 4): each terrain feature of a fight
    and each trap or hazard of an event with a fight (one that moves a hero to act during it); (id, kind, name)."""
    found: list[tuple[str, str, str | None]] = []
    for event in notes.events:
        if event.combat is None:
            continue
        found += [(t.id, t.kind, t.name) for t in event.combat.terrain if t.kind != "tube_strikers"]
        found += [(e.id, "trap", e.name) for e in event.elements if e.kind in ("trap", "hazard")]
    return found


class TerrainParams(RulesModel):
    feature: str = Field(min_length=1, max_length=40, description="The terrain feature (its id in the notes).")


class TerrainAction(RunAction):
    name: ClassVar[str] = "terrain_in_play"
    title: ClassVar[str] = N_("A feature came into play")
    summary: ClassVar[str] = "A terrain feature made a hero roll, move or spend an action: the runner's +20."
    Params: ClassVar[type[RulesModel]] = TerrainParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        assert state.notes is not None
        found = [f for f in in_play_candidates(state.notes) if f[0] == params.feature]
        if not found:
            raise RulesError(N_("the notes have no terrain feature {feature!r}"), feature=params.feature)
        feature_id, kind, name = found[0]
        tally = state.tally.terrain(feature_id, kind, name)
        return state.model_copy(update={"tally": tally}), {"feature": feature_id, "kind": kind, "name": name}


class AwardParams(RulesModel):
    kind: Literal["gift_bonus", "status_loss", "arguing"]
    vp: int = Field(ge=1, le=1000)
    hero: str = Field(min_length=1, max_length=60, description="The hero (for arguing: the hero's player).")


class AwardAction(RunAction):
    name: ClassVar[str] = "award"
    title: ClassVar[str] = N_("Award or deduct by hand")
    summary: ClassVar[str] = "A gift's VP, a loss of status the notes impose, or the penalty for arguing a ruling."
    Params: ClassVar[type[RulesModel]] = AwardParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        hero = _hero(state, params.hero)
        if params.kind == "arguing":
            tally = state.tally.award("arguing", params.vp, player=hero)
        else:
            tally = state.tally.award(params.kind, params.vp, hero=hero)
        return state.model_copy(update={"tally": tally}), {"kind": params.kind, "vp": params.vp, "hero": hero}


class HostageParams(RulesModel):
    hero: str = Field(min_length=1, max_length=60)
    freed: bool = Field(description="Freed (+20) or slain by his blow (-20).")


class HostageAction(RunAction):
    name: ClassVar[str] = "hostage"
    title: ClassVar[str] = N_("A hostage freed or slain")
    summary: ClassVar[str] = "A hero freed a hostage (+20) or his blow killed one (-20)."
    Params: ClassVar[type[RulesModel]] = HostageParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        hero = _hero(state, params.hero)
        tally = state.tally.hostage(hero, params.freed)
        return state.model_copy(update={"tally": tally}), {"hero": hero, "freed": params.freed}


class DiedParams(RulesModel):
    hero: str = Field(min_length=1, max_length=60)
    cause: Literal["trap", "hazard", "other"]


class DiedAction(RunAction):
    name: ClassVar[str] = "hero_died"
    title: ClassVar[str] = N_("A hero died outside a fight")
    summary: ClassVar[str] = "A trap or a hazard killed a hero (deaths in a fight are read from the fight)."
    Params: ClassVar[type[RulesModel]] = DiedParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        hero = _hero(state, params.hero)
        tally = state.tally.hero_died(hero, params.cause)
        return state.model_copy(update={"tally": tally}), {"hero": hero, "cause": params.cause}


class DiscloseAction(RunAction):
    name: ClassVar[str] = "disclose"
    title: ClassVar[str] = N_("Show the notes to everyone")
    summary: ClassVar[str] = "The runner's notes are shown to the whole table."
    Params: ClassVar[type[RulesModel]] = NoParams
    phases = ("ready", "running", "settled")

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        if state.disclosed:
            raise RulesError(N_("the notes are already shown to everyone"))
        return state.model_copy(update={"disclosed": True}), {"disclosed": True}


def _options(options: Any) -> RuneOptions:
    return options if isinstance(options, RuneOptions) else RuneOptions()


def _hero(state: RunState, name: str) -> str:
    for h in state.setup.heroes:
        if h.name.casefold() == name.casefold():
            return h.name
    raise RulesError(N_("{name} is not one of the heroes of this encounter"), name=name)
