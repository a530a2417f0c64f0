"""Midgard combat as a Tracker: a fight between created characters and villains, run segment by segment
from logged actions, every cast's dice on the log's tape."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from runehall.errors import ParameterError
from runehall.present.board import BoardView, Seat
from runehall.present.lineup import Entry, Lineup, LineupSetup
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import board, lineup
from runehall.systems.midgard.combat.allocate import GM, AllocateAction, GMCastAction
from runehall.systems.midgard.combat.build import CombatantSpec, build
from runehall.systems.midgard.combat.casts import CastAction
from runehall.systems.midgard.combat.chain import ResolveAllAction
from runehall.systems.midgard.combat.checks import CheckAction
from runehall.systems.midgard.combat.flow import DeclareAction, NextSegmentAction
from runehall.systems.midgard.combat.hazards import HazardAction
from runehall.systems.midgard.combat.pacts import BreakPactAction
from runehall.systems.midgard.combat.resolution import ResolveAction, TakeHitAction
from runehall.systems.midgard.combat.settings import fold
from runehall.systems.midgard.combat.state import CombatState
from runehall.systems.midgard.combat.switching import SwitchAction
from runehall.systems.midgard.combat.use_gift import UseGiftAction
from runehall.systems.midgard.combat.view import render, view
from runehall.systems.midgard.combat.wyrd import MerkstaveAction, RegainWyrdAction
from runehall.systems.midgard.limits import MAX_COMBATANTS
from runehall.systems.tracker import Tracker, TrackerAction


class CombatSetup(RulesModel):
    combatants: list[CombatantSpec] = Field(
        min_length=2,
        max_length=MAX_COMBATANTS,
        description="Everyone in the fight (@FILE, a JSON list): each an id with a character sheet, an enemy "
        "(class and rank) or stats, plus weapons, armour, side and surprise.",
    )


class CombatTracker(Tracker[CombatState]):
    name: ClassVar[str] = "combat"
    title: ClassVar[str] = N_("Combat: rounds, segments, casts and wounds")
    Setup: ClassVar[type[RulesModel]] = CombatSetup

    def start(self, setup: Any, options: Any) -> CombatState:
        people = [build(spec, options) for spec in setup.combatants]
        ids = [fold(c.id) for c in people]
        if len(set(ids)) != len(ids):
            raise ParameterError(N_("each combatant needs its own id"))
        if GM in ids:
            raise ParameterError(N_("the id {gm!r} is kept for the GM's cast"), gm=GM)
        if len({c.side for c in people}) < 2:
            raise ParameterError(N_("a fight needs at least two sides"))
        return CombatState(combatants=tuple(people))

    def actions(self) -> Mapping[str, TrackerAction[CombatState]]:
        return ACTIONS

    # A fight from lists (lineup.py): the table's characters and foes of the enemy classes and the bestiary.
    def lineup(self, words: Words, options: Any = None) -> Lineup | None:
        return lineup.lineup(words)

    def foe_numbers(
        self, kind: str, given: Mapping[str, Any], sheets: Sequence[Mapping[str, Any]], options: Any = None
    ) -> dict[str, Any]:
        return lineup.foe_numbers(kind, given, options)  # Midgard's foes are not measured against the heroes

    def lineup_setup(self, entries: Sequence[Entry], extras: Mapping[str, Any], options: Any = None) -> LineupSetup:
        return lineup.lineup_setup(entries, options)

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        return lineup.choice_label(field, value, words)

    def board(self, state: CombatState, words: Words, seat: Seat, options: Any = None) -> BoardView:
        """The fight at a glance (board.py); the moves offered follow the table's rule options."""
        return board.board(state, words, seat, ACTIONS, words(self.title), options)

    def view(self, state: CombatState) -> dict[str, Any]:
        return view(state)

    def render(self, state: CombatState) -> str:
        return render(state)


ACTIONS: dict[str, TrackerAction[CombatState]] = {
    a.name: a
    for a in (
        NextSegmentAction(),
        DeclareAction(),
        GMCastAction(),
        CastAction(),
        AllocateAction(),
        ResolveAction(),
        ResolveAllAction(),
        TakeHitAction(),
        SwitchAction(),
        CheckAction(),
        UseGiftAction(),
        BreakPactAction(),
        RegainWyrdAction(),
        MerkstaveAction(),
        HazardAction(),
    )
}
