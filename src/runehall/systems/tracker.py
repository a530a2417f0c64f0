"""Trackers: the part of the contract for state at the table (a game tree, a combat round, a wound track).

A Tracker defines a state (an immutable pydantic model), how a game of it starts (`Setup`) and named
actions. An action is a pure function (state, params, options, source) -> (new state, what happened);
it raises RulesError for an illegal move, so a refused move never changes anything. State is never
stored: it is the fold of the logged actions (runehall.play.log), which makes undo a new event.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from runehall.chance.sources import Source
from runehall.errors import UnknownNameError
from runehall.systems.base import RulesModel, validate_model

S = TypeVar("S", bound=BaseModel)


class TrackerAction(ABC, Generic[S]):
    name: ClassVar[str]
    summary: ClassVar[str]
    Params: ClassVar[type[RulesModel]]
    random: ClassVar[bool] = False  # draws from a source (and so takes --manual, --seed or --fair)

    @abstractmethod
    def apply(self, state: S, params: Any, options: Any, source: Source) -> tuple[S, dict[str, Any]]:
        """The new state and a JSON-able account of what happened; RulesError if the move is illegal."""

    def parse_params(self, values: Mapping[str, Any]) -> RulesModel:
        return validate_model(self.Params, values, "parameter")


class Tracker(ABC, Generic[S]):
    name: ClassVar[str]
    title: ClassVar[str]
    Setup: ClassVar[type[RulesModel]]

    @abstractmethod
    def start(self, setup: Any, options: Any) -> S:
        """The state before any action; RulesError or ParameterError if the setup is not acceptable."""

    @abstractmethod
    def actions(self) -> Mapping[str, TrackerAction[S]]:
        """The named actions."""

    def action(self, name: str) -> TrackerAction[S]:
        found = self.actions().get(name)
        if found is None:
            raise UnknownNameError(f"{self.name} has no action {name!r} (it has: {', '.join(sorted(self.actions()))})")
        return found

    def parse_setup(self, values: Mapping[str, Any]) -> RulesModel:
        return validate_model(self.Setup, values, "setup")

    def view(self, state: S) -> dict[str, Any]:
        """What a person sees of the state, as JSON."""
        return state.model_dump(mode="json")

    def render(self, state: S) -> str:
        """The state as text for the terminal."""
        return str(self.view(state))
