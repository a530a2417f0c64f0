"""Several of the fight's steps as one logged action, for a GM who takes the book's defaults (issue 13: an
exchange in at most three clicks a side):

- resolve_all: the resolution in speed order, step after step, until one needs someone's answer -- a hit a
  player's combatant may take or answer with a defence, a player's check, Merkstave a person spends, a
  choice the rules leave open; the enemies take their hits and make their checks as the one-step moves
  would by default; once the segment is over (and no Merkstave waits to be spent), the next one begins.
  When it stops for an answer, the state keeps `run_on`, and that answer carries the run on (fight.py).
- cast --round-cast: an enemy's cast with the GM's round cast made first, its tokens all on Past.

Each step is the tracker's own action applied to the state the step before left, drawing from the same
source, so the state is exactly that of the steps made one by one, and every die is on the event's tape.
A step's result keeps where its draws lie on that tape ("dice": [start, end]), so its card shows them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import Source
from runehall.errors import RulesError, RunehallError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.resolution import ResolveAction, ResolveParams
from runehall.systems.midgard.combat.state import CombatState
from runehall.systems.tracker import TrackerAction

Step = dict[str, Any]
MOST_STEPS = 200  # far above any segment's (MAX_COMBATANTS actions, each a hit and a few checks)


def _actions() -> Mapping[str, TrackerAction[CombatState]]:
    from runehall.systems.midgard.combat.tracker import ACTIONS  # late: the tracker lists this module's action

    return ACTIONS


def step(
    state: CombatState, name: str, params: dict[str, Any], options: Any, source: Source, origin: int
) -> tuple[CombatState, Step]:
    """One of the tracker's actions, as the log would apply it; `origin` is where the event's tape began."""
    action = _actions()[name]
    start = len(source.tape)
    after, result = action.apply(state, action.parse_params(params), options, source)
    return after, {
        "action": name,
        "params": params,
        "result": result,
        "dice": [start - origin, len(source.tape) - origin],
    }


def _accepts(state: CombatState, name: str, params: dict[str, Any], options: Any) -> bool:
    """Tried on a scratch source first, so a move the rules refuse draws nothing from the event's."""
    action = _actions()[name]
    try:
        action.apply(state, action.parse_params(params), options, SeededSource(0))
    except RunehallError:
        return False
    return True


def next_move(state: CombatState, options: Any) -> tuple[str, dict[str, Any]] | None:
    """The step a run takes next with the defaults, or None where it waits for someone (or has ended)."""
    people = {c.id: c for c in state.combatants}
    if state.stage == "segment_end":
        if any(c.owed_merkstave for c in state.combatants):
            return None  # a person spends it first
        return "next_segment", {}
    if state.stage != "resolution":
        return None
    found: tuple[str, dict[str, Any]] | None = None
    p = state.pending
    if p is not None:
        if p.defence is None and people[p.target].is_enemy:
            found = "take_hit", {"actor": p.target}  # the default: taken (the GM switches by one-step moves)
    elif state.checks:
        k = state.checks[0]
        if people[k.who].is_enemy:
            found = "check", {"actor": k.who}
    elif state.queue:
        found = "resolve", {}
    if found is None or not _accepts(state, *found, options):
        return None
    return found


def sweep(state: CombatState, options: Any, source: Source, origin: int) -> tuple[CombatState, list[Step]]:
    """The run from `state` on, each step made with `run_on` unset (so no step carries itself on); the state
    keeps `run_on` while the run waits for an answer (in the resolution, or Merkstave owed at its end)."""
    steps: list[Step] = []
    state = state.model_copy(update={"run_on": False})
    for _ in range(MOST_STEPS):
        move = next_move(state, options)
        if move is None:
            break
        state, done = step(state, *move, options, source, origin)
        steps.append(done)
        if move[0] == "next_segment":
            break
    return state.model_copy(update={"run_on": state.stage in ("resolution", "segment_end")}), steps


class ResolveAllParams(RulesModel):
    pass


class ResolveAllAction(CombatAction):
    name: ClassVar[str] = "resolve_all"
    title: ClassVar[str] = N_("Resolve")
    summary: ClassVar[str] = (
        "Resolve in speed order until someone must answer (a hit on a player's combatant, a check, Merkstave to "
        "spend); the enemies take their hits; at the segment's end, begin the next."
    )
    Params: ClassVar[type[RulesModel]] = ResolveAllParams
    random: ClassVar[bool] = True

    def apply(
        self, state: CombatState, params: Any, options: Any, source: Source
    ) -> tuple[CombatState, dict[str, Any]]:
        Fight(state, options).require("resolution")
        if next_move(state, options) is None:
            ResolveAction().apply(state, ResolveParams(), options, source)  # refused: it says why
            raise RulesError(N_("nothing is left to resolve in this segment"))
        after, steps = sweep(state, options, source, len(source.tape))
        return after, {"steps": steps, "stage": after.stage}

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:  # pragma: no cover - apply
        raise AssertionError("resolve_all runs the tracker's actions on states (apply)")


def round_cast_first(
    then: Any, state: CombatState, params: Any, options: Any, source: Source
) -> tuple[CombatState, dict[str, Any]]:
    """An enemy's cast, with the GM's cast for the round made first when it is not yet (its free tokens all
    on Past, the board's one click); `then` applies the cast itself."""
    origin = len(source.tape)
    c = Fight(state, options).who(params.actor)
    if not c.is_enemy:
        raise RulesError(N_("{who} casts their own dice: the GM's round cast is read by enemies"), who=c.name)
    before: list[Step] = []
    if state.gm is None:
        state, done = step(state, "gm_cast", {"goal": "past"}, options, source, origin)
        before.append(done)
    after, result = then(state, params, options, source)
    return after, (result | {"before": before}) if before else result
