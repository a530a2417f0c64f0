"""The fight's state: the combatants, the round and its phase, everyone's initiative and action steps, the
action in progress, and the windows in which a dying character can still be revived.

A round runs: initiative (everyone able rolls) -> tiebreak (only when heroes tie on a step with as many
Gifts) -> acting (the highest step acts; waiting characters cut in after others' actions) -> end_round, which
starts the next round or ends the fight once a side has no one able to fight. "over" accepts nothing more.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.effects import Effect
from runehall.systems.rune.combat.extras import Extra
from runehall.systems.rune.combat.geometry import Box
from runehall.systems.rune.combat.terrain import Zone

Phase = Literal["initiative", "tiebreak", "acting", "over"]
Plan = str  # a weapon id, "unarmed", or "noncombat"
NONCOMBAT = "noncombat"


class Entry(RulesModel):
    """One combatant's initiative this round."""

    name: str
    plan: Plan
    score: int = Field(0, description="The INIT score of his plan, inside the total.")
    total: int
    faces: tuple[int, ...] = ()
    steps: tuple[int, ...] = Field((), description="Steps of the actions still due, highest first.")
    acted: tuple[int, ...] = Field((), description="Steps of the actions he has taken (or passed) this round.")
    waiting: bool = Field(False, description="He passed his step to cut in later (his next action is held).")
    waited_at: int | None = None
    may_interrupt: bool = Field(False, description="Someone else has finished an action since he began waiting.")
    tiebreak: tuple[int, ...] = Field((), description="Roll-offs against heroes on the same step with as many Gifts.")


class Slot(RulesModel):
    """The action being taken: who, at which step, how many half actions are spent."""

    who: str
    step: int
    halves: int = 0
    engaged: tuple[str, ...] = Field((), description="Enemies within 3 paces when the action began.")
    in_hand: str = Field(description="The weapon in hand when the action began.")
    stood: bool = False
    cut_in: bool = Field(False, description="He cut in after Waiting for Opportunity (out of initiative order).")
    slippery_paces: float = Field(0.0, description="Paces moved over slippery ground so far in this action.")
    slip_rolled: bool = Field(False, description="The action's one roll against slipping has been made.")


class Window(RulesModel):
    """A dying character who can still be revived: by each potential healer's first action after the blow."""

    patient: str
    round: int
    healers: tuple[str, ...]


class CombatState(RulesModel):
    combatants: tuple[Combatant, ...]
    terrain: tuple[Zone, ...] = Field((), description="Areas of the map and what ground or feature each holds.")
    round: int = 1
    phase: Phase = "initiative"
    entries: tuple[Entry, ...] = ()
    slot: Slot | None = None
    last_step: int | None = Field(None, description="The step of the last action finished this round.")
    windows: tuple[Window, ...] = ()
    ended: str | None = Field(None, description="Why the fight ended.")
    exits_used: dict[str, int] = Field(
        default_factory=dict, description="Heroes fled through each exit this round (by its place in terrain)."
    )
    extras: tuple[Extra, ...] = Field((), description="Decoys and hostages on the field (terrain extras).")
    effects: tuple[Effect, ...] = Field((), description="What the encounter's notes put on the fight's rolls.")
    missed_last: str | None = Field(
        None, description="Who made the action just finished, when it was an attack that missed (else None)."
    )
    latest: Latest | None = Field(
        None, description="The move just made, kept while a hero in it may take a roll of his back (supersede.py)."
    )
    ground: Box | None = Field(
        None,
        description="The box (x0, y0, x1, y1) holding every place anyone has stood in this fight: the map's "
        "frame, which never shrinks as people move (None: not yet known, as in a fight stored before it was kept).",
    )


class RollSpan(RulesModel):
    """One stress roll of a move: whose it was, what it was for, its place among the move's stress rolls and on
    its tape."""

    who: str
    what: str = ""
    index: int = Field(ge=0)
    start: int = Field(ge=0)
    end: int = Field(ge=0)


class Latest(RulesModel):
    """The move just made, as it can be made again from the state before it (Destiny Reversed, Indefatigable
    Determination: supersede.py)."""

    action: str
    params: dict[str, Any]
    before: CombatState
    tape: tuple[tuple[int, int, str | None], ...]
    spans: tuple[tuple[int, int], ...] = Field((), description="Every stress roll's place on the tape.")
    rolls: tuple[RollSpan, ...] = Field((), description="The stress rolls whose roller is known.")
    result: dict[str, Any] = Field(default_factory=dict)
    tally_span: tuple[int, int] | None = Field(
        None, description="In an encounter run: the tally's events this move added (run_gift_vp.py)."
    )


CombatState.model_rebuild()
