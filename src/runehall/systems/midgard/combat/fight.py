"""A mutable working copy of a CombatState, used inside one action and frozen back at the end.

Every action checks what it is asked before it draws a die, and a refused move raises RulesError before
anything is frozen, so the state it was given never changes."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.card import Card
from runehall.present.words import N_, Words
from runehall.systems.midgard.combat.combatant import Combatant, wound_penalty
from runehall.systems.midgard.combat.settings import fold, opt
from runehall.systems.midgard.combat.state import (
    Check,
    CombatState,
    Declaration,
    GMCast,
    PendingHit,
    Stage,
)
from runehall.systems.tracker import SEALED, TrackerAction

ANSWERS = ("take_hit", "switch", "merkstave", "check")
"""What a run of the resolution (chain.py) waits for: done while it waits, each carries it on (each draws from
the table's stream, as the run may). Not a placement of tokens: it may be sealed, its event its author's alone,
so after a switched defence placed by hand the GM's "Resolve" takes the run on."""

STAGES = {  # a segment's stages as a refusal names them
    "setup": N_("setup"),
    "declaration": N_("declaration"),
    "casting": N_("casting"),
    "resolution": N_("resolution"),
    "segment_end": N_("segment end"),
    "over": N_("over"),
}


class Fight:
    def __init__(self, state: CombatState, options: Any) -> None:
        self.options = options
        self.people = {c.id: c for c in state.combatants}
        self.round = state.round
        self.segment = state.segment
        self.stage: Stage = state.stage
        self.order = list(state.order)
        self.declarations = list(state.declarations)
        self.queue = list(state.queue)
        self.pending = state.pending
        self.checks = list(state.checks)
        self.gm = state.gm
        self.defended = list(state.defended)
        self.winner = state.winner
        self.feed = list(state.feed)
        self.run_on = state.run_on
        self.revealed: list[str] = []  # casts opened by this action (secret allocations, secrecy.py)

    def freeze(self) -> CombatState:
        return CombatState(
            combatants=tuple(self.people.values()),
            round=self.round,
            segment=self.segment,
            stage=self.stage,
            order=tuple(self.order),
            declarations=tuple(self.declarations),
            queue=tuple(self.queue),
            pending=self.pending,
            checks=tuple(self.checks),
            gm=self.gm,
            defended=tuple(self.defended),
            winner=self.winner,
            feed=tuple(self.feed),
            run_on=self.run_on,
        )

    # -- people -------------------------------------------------------------------------------------
    def who(self, name: str) -> Combatant:
        found = self.people.get(name)
        if found is None:
            wanted = fold(name)
            matches = [c for c in self.people.values() if fold(c.id) == wanted or fold(c.name) == wanted]
            if len(matches) == 1:
                return matches[0]
            raise RulesError(
                N_("there is no combatant {name!r} (ids: {people})"), name=name, people=", ".join(self.people)
            )
        return found

    def name_of(self, cid: str) -> str:
        """A combatant's name by id (the id itself for one not in the fight)."""
        return self.people[cid].name if cid in self.people else cid

    def the_one(self, given: str | None, cid: str, refusal: str) -> str:
        """An action whose actor is implicit (`cid`) may still name it, so a player can do it for their own
        combatant at a table: a name given must be exactly that one, else `refusal` (a template with `{who}`,
        the one who acts, and `{given}`)."""
        if given is not None and self.who(given).id != cid:
            raise RulesError(refusal, who=self.people[cid].name, given=self.who(given).name)
        return cid

    def set(self, cid: str, **changes: Any) -> Combatant:
        self.people[cid] = self.people[cid].model_copy(update=changes)
        return self.people[cid]

    def hold(self, cid: str, item_id: str, held: bool) -> None:
        """An item taken in hand, or dropped (thrown, disarmed, let go)."""
        c = self.people[cid]
        self.set(cid, items=tuple(i.model_copy(update={"held": held}) if i.id == item_id else i for i in c.items))

    def standing(self) -> list[Combatant]:
        return [c for c in self.people.values() if not c.out]

    def say(self, line: str) -> None:
        self.feed.append(line)

    def penalty(self, c: Combatant) -> int:
        return wound_penalty(c, str(opt(self.options, "wound_penalty_basis")))

    def pcs(self) -> int:
        return sum(1 for c in self.standing() if c.kind == "character")

    def thanes(self) -> int:
        return sum(1 for c in self.standing() if c.kind == "thane")

    # -- the segment --------------------------------------------------------------------------------
    def require(self, *stages: Stage) -> None:
        if self.stage == "over":
            raise RulesError(N_("the fight is over ({winner} stand)"), winner=self.winner)
        if self.stage not in stages:
            raise RulesError(
                N_("that is not done now: the segment is at its {stage} stage"), stage=Refusal(STAGES[self.stage])
            )

    def declaration_of(self, cid: str) -> tuple[int, Declaration] | None:
        for n, d in enumerate(self.declarations):
            if d.actor == cid and d.status != "switched":
                return n, d
        return None

    def put(self, index: int, **changes: Any) -> Declaration:
        self.declarations[index] = self.declarations[index].model_copy(update=changes)
        return self.declarations[index]

    def add_check(self, check: Check) -> None:
        self.checks.append(check)

    def set_pending(self, pending: PendingHit | None) -> None:
        self.pending = pending

    def set_gm(self, gm: GMCast | None) -> None:
        self.gm = gm


class CombatAction(TrackerAction[CombatState]):
    """An action on a working copy: `run` changes the fight or raises, and the fight is frozen after."""

    def apply(
        self, state: CombatState, params: Any, options: Any, source: Source
    ) -> tuple[CombatState, dict[str, Any]]:
        origin = len(source.tape)
        fight = Fight(state, options)
        result = self.run(fight, params, source)
        after = fight.freeze()
        if after.run_on and self.name in ANSWERS and SEALED not in result:
            # The GM asked for the segment resolved through (chain.py): the answer it waited for carries it on.
            from runehall.systems.midgard.combat.chain import sweep  # late: it runs the tracker's actions

            after, steps = sweep(after, options, source, origin)
            if steps:
                result["then"] = steps
        return after, result

    @abstractmethod
    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        """Change the fight and say what happened; RulesError if the move is illegal."""

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        """The logged action in words: each action's sentence is in speech/ (a test checks every one has it),
        with the steps it ran before or after it (chain.py) told beside it."""
        from runehall.systems.midgard.speech.chains import told  # late: the package is loading

        return told(self.name, event, words, who)
