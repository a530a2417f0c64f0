"""Trackers: the part of the contract for state at the table (a game tree, a combat round, a wound track).

A Tracker defines a state (an immutable pydantic model), how a game of it starts (`Setup`) and named
actions. An action is a pure function (state, params, options, source) -> (new state, what happened);
it raises RulesError for an illegal move, so a refused move never changes anything. State is never
stored: it is the fold of the logged actions (runehall.play.log), which makes undo a new event.

At a table, a tracker's owner and the game master may use every action. The GM may also hand combatants
to players: an action whose `actor_param` names a combatant a player controls may be used by that player.
An action that settles something in secret (a simultaneous allocation) marks its result with SEALED; the
table then shows that event to its author alone, until a later action reports it under REVEALED.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from runehall.chance.sources import Source
from runehall.errors import N_, UnknownNameError
from runehall.present.action_preview import ActionPreview
from runehall.present.board import BoardView, CombatantCard, Move, Seat
from runehall.present.card import Card, Chip
from runehall.present.fields import Choices
from runehall.present.lineup import Entry, Lineup, LineupSetup
from runehall.present.words import Words
from runehall.systems.base import RulesModel, validate_model

S = TypeVar("S", bound=BaseModel)

SEALED = "sealed"
"""A top-level key of an action's result: the action was settled in secret (one side of a simultaneous
choice, such as Midgard's allocation in an opposed or contested cast). Its value says, without giving the
secret away, what it waits for. The table appends such an event with the stored visibility "sealed": only
its author sees it (neither the game master nor the other players), whatever the tracker's visibility."""

REVEALED = "revealed"
"""A top-level key of an action's result: what the sealed actions this one completed hid, now shown to all
(by the actor or combatant id whose secret it was). The event is appended with the tracker's visibility."""


class TrackerAction(ABC, Generic[S]):
    name: ClassVar[str]
    summary: ClassVar[str]
    Params: ClassVar[type[RulesModel]]
    random: ClassVar[bool] = False  # draws from a source (and so takes --manual, --seed or --fair)
    # The parameter naming the combatant who acts (a key of Tracker.combatants): at a table, a player who
    # controls that combatant may use this action on a tracker they do not own. None: the owner's and the
    # game master's only (the runner's rulings, the round's bookkeeping, an implicit actor).
    actor_param: ClassVar[str | None] = None

    def spends_players_own(self, params: Any) -> bool:
        """Whether the move (its parsed parameters) spends what belongs to the acting combatant's player (a Rune
        hero's VP on a gift): once that combatant is handed to a player, he alone makes it, neither the owner nor
        the game master for him."""
        return False

    title: ClassVar[str] = ""
    """The move in words, for a button ("Attack"); marked with N_ and translated with the system's words."""

    @abstractmethod
    def apply(self, state: S, params: Any, options: Any, source: Source) -> tuple[S, dict[str, Any]]:
        """The new state and a JSON-able account of what happened; RulesError if the move is illegal."""

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        """A logged action (its `params`, `tape` and `result`) as a card in the reader's language; `who` is
        the person who made it. Built from the stored event only, like a roll's card.

        The default is for actions not yet described in words: the action's name and every draw as a chip."""
        chips = tuple(Chip(str(d[2] if len(d) > 2 else d[1]), sides=int(d[0])) for d in event.get("tape", ()))
        return Card(action=f"{who}: {words(self.title or self.name)}", result="", chips=chips)

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        """How one choice of a parameter's select reads (an id as its name); None shows the value itself."""
        return None

    def parse_params(self, values: Mapping[str, Any]) -> RulesModel:
        return validate_model(self.Params, values, "parameter")

    # -- an action whose parameters are a document, edited on a screen of its own ---------------------------
    editor: ClassVar[bool] = False
    """Its parameters are a whole document (an encounter's notes): the board offers a link to a screen of its
    own, with the form drawn from `form_model`, pickers from `choices`, and `preview` redrawn beside it."""

    def form_model(self) -> type[RulesModel]:
        """The model the editor's form is drawn from (the names a person fills in); by default Params."""
        return self.Params

    def params_of(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The action's parameters from the editor form's values (as `form_model` collects them)."""
        return dict(values)

    def choices(self, field: str, options: Any = None) -> Choices | None:
        """What a field of the editor's form may hold (pickers; like Tracker.choices for setups): `field` is
        its dotted path without row numbers ("events.rolls.ability"). None: typed freely."""
        return None

    def fresh(self, state: S, options: Any = None) -> Mapping[str, Any] | None:
        """The values a new editor form starts with (a sensible first draft); None: the model's defaults."""
        return None

    def current(self, state: S) -> Mapping[str, Any] | None:
        """The state's current document as the editor form's values, to edit it again; asked for the
        tracker's owner only (a secret of his is never drawn for anyone else). None: start afresh."""
        return None

    def shipped(self) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        """Documents that ship with the rules, offered on the editor's screen to start its form from: (a group's
        title, ((key, label), ...)) each, the titles the documents' own. Empty: none offered."""
        return ()

    def from_shipped(self, state: S, key: str) -> Mapping[str, Any] | None:
        """The shipped document `key` (one of `shipped`'s) as the editor form's values, RunehallError for a key
        it does not ship; None: the action ships none."""
        return None

    def shipped_params(self, key: str) -> dict[str, Any] | None:
        """The action's parameters giving the shipped document `key` as it ships (by its name, so what the form
        has no place for comes too); None: the action ships none."""
        return None

    def preview(
        self, state: S, values: Mapping[str, Any], options: Any, words: Words
    ) -> ActionPreview | None:
        """What these values (the editor form's, collected) would do, in the reader's words, drawn beside the
        form and redrawn as it changes; the problems by the form's paths. None: no preview."""
        return None


class Tracker(ABC, Generic[S]):
    name: ClassVar[str]
    title: ClassVar[str]
    Setup: ClassVar[type[RulesModel]]
    played_whole: ClassVar[bool] = False
    """One character's tracker (a game tree): the player the game master hands its one combatant plays every
    move of it, as its owner would, not only the moves that name an actor."""

    @abstractmethod
    def start(self, setup: Any, options: Any) -> S:
        """The state before any action; RulesError or ParameterError if the setup is not acceptable."""

    @abstractmethod
    def actions(self) -> Mapping[str, TrackerAction[S]]:
        """The named actions."""

    def action(self, name: str) -> TrackerAction[S]:
        found = self.actions().get(name)
        if found is None:
            raise UnknownNameError(
                N_("{name} has no action {name2!r} (it has: {value})"),
                name=self.name,
                name2=name,
                value=", ".join(sorted(self.actions())),
            )
        return found

    def parse_setup(self, values: Mapping[str, Any]) -> RulesModel:
        return validate_model(self.Setup, values, "setup")

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        """How one choice of a setup field's select reads; None shows the value itself."""
        return None

    def choices(self, field: str, options: Any = None) -> Choices | None:
        """What a list or a table of names in the setup may hold (foes from the system's data), for the setup
        form's pickers; `field` is its dotted path without row numbers. A setup field whose schema carries
        `"x-table": "characters"` is offered the table's characters by the web instead. None: typed freely."""
        return None

    def lineup(self, words: Words, options: Any = None) -> Lineup | None:
        """How a fight is set up from lists (runehall.present.lineup): the foes the system's data offers,
        the numbers a foe row shows, the sides, whether people stand on a map. None: the setup is asked as
        its fields (a setup field whose schema carries `"x-table": "characters"` is offered the table's
        characters, by name)."""
        return None

    def foe_numbers(
        self, kind: str, given: Mapping[str, Any], sheets: Sequence[Mapping[str, Any]], options: Any = None
    ) -> dict[str, Any]:
        """A foe row's numbers: the kind's defaults (worked out from its rank or category, and from the
        characters' `sheets` in the fight where the rules measure foes against the heroes) under those the
        person typed (`given`). ParameterError for a kind the lineup does not offer."""
        return dict(given)

    def lineup_setup(self, entries: Sequence[Entry], extras: Mapping[str, Any], options: Any = None) -> LineupSetup:
        """The setup a lineup's rows (and its `extras`) stand for; RulesError or ParameterError when they
        cannot make a fight. Only a tracker with a lineup is asked."""
        raise NotImplementedError("this tracker sets up no fight from lists")

    def combatants(self, state: S) -> dict[str, str]:
        """The combatants a game master may hand to players, by the key an action's `actor_param` takes,
        with the name people read. By default: the items of a `combatants` sequence on the state, keyed by
        their `id` (else their `name`); none when the state has no such sequence."""
        found: dict[str, str] = {}
        for c in getattr(state, "combatants", None) or ():
            key = getattr(c, "id", None) or getattr(c, "name", None)
            if isinstance(key, str) and key:
                name = getattr(c, "name", None)
                found[key] = name if isinstance(name, str) and name else key
        return found

    def board(self, state: S, words: Words, seat: Seat) -> BoardView:
        """The state as people see it at the table (runehall.present.board): combatant cards, the order of
        play, the moves legal now for this seat, a map. The default names the combatants and offers every
        action the seat may use, each asking for all its parameters; systems draw their own."""
        keys = self.combatants(state)
        cards = tuple(CombatantCard(key=k, name=n) for k, n in keys.items())
        moves = []
        for action in self.actions().values():
            asked = tuple(action.Params.model_fields)
            title = words(action.title or action.name.replace("_", " "))
            if seat.runs:
                moves.append(Move(action.name, title, ask=asked))
            elif action.actor_param:
                for key in sorted(seat.controls & keys.keys()):
                    params = {action.actor_param: key}
                    rest = tuple(n for n in asked if n != action.actor_param)
                    moves.append(Move(action.name, title, params=params, ask=rest, actor=key))
        return BoardView(title=words(self.title), combatants=cards, moves=tuple(moves))

    def bind_characters(self, setup: dict[str, Any], sheets: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        """The setup with the table's own sheets put in for the characters of the table it names (never a sheet
        typed beside a character's id: the sheets its actions write to must start as the table keeps them).
        `sheets`: each character the person starting it may see, by id. By default a setup names none."""
        return setup

    def sheet_changes(self, state: S, event: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """Fields of the table's characters an action writes, by character id (a Rune encounter's settlement
        credits each hero's victory points to his sheet): worked out from the state the action was made in
        and its event (`action`, `params`, `result`), so a replay gives the same. The table stores them in
        the action's own event; undoing it takes them back. None by default."""
        return {}

    def view(self, state: S) -> dict[str, Any]:
        """What a person sees of the state, as JSON."""
        return state.model_dump(mode="json")

    def render(self, state: S) -> str:
        """The state as text for the terminal."""
        return str(self.view(state))
