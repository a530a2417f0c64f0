"""Where the heroes are in the runner's notes (spec 001b §3; 001c §11): the event they have reached. It is the
furthest of the event the runner last moved them on to and every event something of which has happened (a fight
begun, a roll of the notes called, a gain given). What belongs to a later event is refused until they reach it."""

from __future__ import annotations

from typing import Any, ClassVar

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import NoParams, RulesModel
from runehall.systems.rune.encounters.run_actions import RunAction
from runehall.systems.rune.encounters.run_state import RunState


def event_of(state: RunState, thing: str) -> int | None:
    """The index of the event of the notes an event, roll, element, foe or feature (by id) belongs to."""
    assert state.notes is not None
    for index, event in enumerate(state.notes.events):
        ids = {event.id, *(r.id for r in event.rolls), *(e.id for e in event.elements)}
        if event.combat:
            ids |= {f.id for f in event.combat.foes} | {t.id for t in event.combat.terrain}
        if thing in ids:
            return index
    return None


def current_event(state: RunState) -> int:
    """The index of the event the heroes have reached (0 before anything happened)."""
    if state.notes is None:
        return 0
    touched = [f.event for f in state.fights]
    touched += [str(e.meta.get("roll")) for e in state.tally.of("success", "runner_chortle") if e.meta.get("roll")]
    touched += list(state.given)
    found = [i for i in (event_of(state, t) for t in touched) if i is not None]
    return max([state.at_event, *found])


class NextEventAction(RunAction):
    name: ClassVar[str] = "next_event"
    title: ClassVar[str] = N_("Move on to the next event")
    summary: ClassVar[str] = "The heroes leave the event they are in for the next one of the notes."
    Params: ClassVar[type[RulesModel]] = NoParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        assert state.notes is not None
        now = current_event(state)
        if state.fight is not None:
            raise RulesError(N_("a fight is under way: the heroes move on once it is over"))
        if now + 1 >= len(state.notes.events):
            raise RulesError(N_("the heroes are in the last event of the notes"))
        return state.model_copy(update={"at_event": now + 1}), {"event": now + 2}  # the event's number, from 1
