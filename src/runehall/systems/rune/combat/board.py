"""A mutable working copy of a CombatState, used inside one action and frozen back at the end.

Actions check and change the board and raise RulesError for an illegal move; the state they were given never
changes, so a refused action leaves nothing behind. The board keeps the bookkeeping every action shares: who
is who, injury and its consequences (a revive window opens, a restraint ends, the schedule drops someone who
can no longer act: board_people.py), and the turn: whose step it is, cutting in, half actions, the end of an
action.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError, option_rule
from runehall.present.card import Card
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.arithmetic import steps_after_acting
from runehall.systems.rune.combat.board_people import People
from runehall.systems.rune.combat.combatant import Combatant, RoundFlags
from runehall.systems.rune.combat.geometry import grown
from runehall.systems.rune.combat.settings import barb_net
from runehall.systems.rune.combat.state import CombatState, Entry, Phase, Slot, Window
from runehall.systems.tracker import TrackerAction


class Board(People):
    def __init__(self, state: CombatState, options: Any) -> None:
        self.options = options
        self.people: dict[str, Combatant] = {c.name: c for c in state.combatants}
        self.round = state.round
        self.phase: Phase = state.phase
        self.entries: dict[str, Entry] = {e.name: e for e in state.entries}
        self.slot = state.slot
        self.last_step = state.last_step
        self.windows: dict[str, Window] = {w.patient: w for w in state.windows}
        self.ended = state.ended
        self.terrain = state.terrain
        self.exits_used = dict(state.exits_used)
        self.ground = state.ground
        self.extras = list(state.extras)
        self.effects = state.effects
        self.missed_last = state.missed_last
        self.latest = state.latest  # the move just made (supersede.py), read by gifts used right after it
        self.during: set[str] = set()  # windows opened during the action in progress

    def freeze(self) -> CombatState:
        return CombatState(
            combatants=tuple(self.people.values()),
            round=self.round,
            phase=self.phase,
            entries=tuple(self.entries.values()),
            slot=self.slot,
            last_step=self.last_step,
            windows=tuple(self.windows.values()),
            ended=self.ended,
            terrain=self.terrain,
            exits_used=self.exits_used,
            ground=grown(self.ground, (c.at for c in self.people.values())),
            extras=tuple(self.extras),
            effects=self.effects,
            missed_last=self.missed_last,
        )

    # -- turns ----------------------------------------------------------------------------------------
    def order_key(self, name: str, step: int) -> tuple[Any, ...]:
        """Highest step first; a hero before a supporting character; heroes by Gifts, then roll-offs;
        supporting characters by the runner's notes."""
        c, e = self.people[name], self.entries[name]
        if c.hero:
            return (-step, 0, -self.gift_count(c), tuple(-t for t in e.tiebreak), c.order)
        return (-step, 1, 0, (), c.order)

    def gift_count(self, c: Combatant) -> int:
        """What breaks a tie between heroes: his Gifts, counted as distinct Gifts or as levels (option
        gift_count_basis)."""
        if self.opt("gift_count_basis") == "gift_levels" and c.gift_levels is not None:
            return c.gift_levels
        return c.gifts

    def next_up(self) -> tuple[str, int] | None:
        due = [
            (self.order_key(n, e.steps[0]), n, e.steps[0]) for n, e in self.entries.items() if e.steps and not e.waiting
        ]
        if not due:
            return None
        _, name, step = min(due)
        return name, step

    def begin(self, c: Combatant, at_step: int | None = None) -> Slot:
        """Start (or continue) c's action: his scheduled step, or cutting in after a wait."""
        self.require_phase("acting", N_("acting"))
        self.require_able(c, N_("{who} is {state} and cannot act"))
        if self.slot is not None:
            if self.slot.who == c.name:
                if at_step is not None:
                    raise RulesError(N_("{who} is already acting at step {step}"), who=c.name, step=self.slot.step)
                return self.slot
            raise RulesError(
                N_("{who} is in the middle of an action: it ends with a half action, an attack or pass"),
                who=self.slot.who,
            )
        entry = self.entries.get(c.name)
        if entry is None or not entry.steps:
            raise RulesError(N_("{who} has no action left this round"), who=c.name)
        cut_in = entry.waiting
        if entry.waiting:
            step = self._cut_in(c, entry, at_step)
        else:
            up = self.next_up()
            if up is None or up[0] != c.name:
                if up is None:
                    raise RulesError(N_("nobody has an action left"))
                raise RulesError(N_("it is {who}'s turn at step {step}"), who=up[0], step=up[1])
            if at_step is not None:
                raise RulesError(N_("only a character who waited chooses the step he acts at"))
            step = entry.steps[0]
        engaged = tuple(o.name for o in self.engaged(c))
        self.slot = Slot(who=c.name, step=step, engaged=engaged, in_hand=c.ready, cut_in=cut_in)
        return self.slot

    def _cut_in(self, c: Combatant, entry: Entry, at_step: int | None) -> int:
        if not entry.may_interrupt or self.last_step is None:
            raise RulesError(N_("{who} is waiting: he may cut in once someone else has finished an action"), who=c.name)
        up = self.next_up()
        low, high = (up[1] if up else None), self.last_step
        step = at_step if at_step is not None else (high - 1 if low is None else max(low, high - 1))
        if step > high or (low is not None and step < low):
            span = f"{low} to {high}" if low is not None else f"{high} or lower"
            raise RulesError(N_("{who} can cut in at step {span} now, not {step}"), who=c.name, span=span, step=step)
        later = steps_after_acting(step, len(entry.steps) - 1, self.opt("delay_exact_step_20") == "keeps_action")
        self.entries[c.name] = entry.model_copy(
            update={"steps": (step, *later), "waiting": False, "waited_at": None, "may_interrupt": False}
        )
        return step

    def spend(self, cost: str) -> dict[str, Any] | None:
        """Spend part of the action in progress: 'half', 'full' or 'attack' (which ends it)."""
        slot = self.slot
        assert slot is not None
        if cost == "full" and slot.halves:
            raise RulesError(N_("{who} has spent half of this action: a full action no longer fits"), who=slot.who)
        if cost == "half":
            if slot.halves and not self.opt("ties_two_half_actions"):
                raise RulesError(
                    N_("an action is not two half actions at this table ({rule})"),
                    rule=option_rule("ties_two_half_actions", N_("the table's rules")),
                )
            if not slot.halves:
                self.slot = slot.model_copy(update={"halves": 1})
                return None
        return self.finish()

    def finish(self, acted: bool = True) -> dict[str, Any] | None:
        """The action in progress ends. A netted character pays for an action he took (barb-net)."""
        slot = self.slot
        assert slot is not None
        self.slot = None
        self.missed_last = None  # an attack that missed says so once it has finished (attack.py)
        who = slot.who
        entry = self.entries[who]
        self.entries[who] = entry.model_copy(update={"steps": entry.steps[1:], "acted": (*entry.acted, slot.step)})
        self._after_action(slot.step, who)
        c = self.people[who]
        self.flag(who, acted=True)
        if self.opt("maneuver_duration") == "one_action":
            self.flag(who, maneuver=None)
        first_action = self.opt("revive_window") == "first_action_of_each_healer"
        for patient, window in list(self.windows.items()):
            if first_action and patient not in self.during and who in window.healers:
                self.windows[patient] = window.model_copy(
                    update={"healers": tuple(h for h in window.healers if h != who)}
                )
        net = None
        if acted and c.active and c.restraint is not None and c.restraint.kind == "net":
            raw = int(barb_net()["damage_per_action"])
            soak = c.soak if self.opt("barb_net_damage") == "ordinary" else max(0, c.soak - c.armor_prot)  # 001b A-55
            lost = max(0, raw - soak) if self.opt("barb_net_damage_soaked") else raw
            net = {"netted": c.name, "raw": raw, **self.hurt(who, lost)}
        self.close_windows()
        self.during.clear()
        return net

    def _after_action(self, step: int, who: str) -> None:
        self.last_step = step
        for name, e in self.entries.items():
            if e.waiting and name != who:
                self.entries[name] = e.model_copy(update={"may_interrupt": True})

    def initiative_done(self) -> bool:
        """Once everyone able has rolled, the round goes on to the heroes' roll-offs or straight to acting."""
        if self.phase != "initiative" or not self.entries:
            return False
        if any(c.active and c.name not in self.entries for c in self.people.values()):
            return False
        self.phase = "tiebreak" if self.roll_offs_needed() else "acting"
        return True

    def roll_offs_needed(self) -> list[list[str]]:
        """Groups of heroes who share a step with as many Gifts and the same roll-offs so far."""
        heroes = [n for n, e in self.entries.items() if self.people[n].hero and e.steps]
        groups: list[list[str]] = []
        for i, a in enumerate(heroes):
            for b in heroes[i + 1 :]:
                ea, eb = self.entries[a], self.entries[b]
                same = self.gift_count(self.people[a]) == self.gift_count(self.people[b]) and ea.tiebreak == eb.tiebreak
                if same and set(ea.steps) & set(eb.steps):
                    group = next((g for g in groups if a in g or b in g), None)
                    if group is None:
                        groups.append([a, b])
                    else:
                        group.extend(x for x in (a, b) if x not in group)
        return groups

    def settle(self) -> None:
        """After an action: an actor who went down mid-action has ended it; windows nobody can use close;
        initiative is complete when the last one able to roll has rolled (or left)."""
        slot = self.slot
        if slot is not None and not self.people[slot.who].active:
            self.slot = None
            self._after_action(slot.step, slot.who)
        self.close_windows()
        self.during.clear()
        self.initiative_done()

    def reset_round(self) -> None:
        for name, c in self.people.items():
            self.people[name] = c.model_copy(update={"this_round": RoundFlags()})
        self.entries = {}
        self.slot = None
        self.last_step = None
        self.exits_used = {}


class WhoParams(RulesModel):
    who: str = Field(description="Who.")


class CombatAction(TrackerAction[CombatState]):
    """An action on a working copy: `run` changes the board or raises, and the board is frozen after."""

    def apply(
        self, state: CombatState, params: Any, options: Any, source: Source
    ) -> tuple[CombatState, dict[str, Any]]:
        from runehall.systems.rune.combat.supersede import Marked, remember  # where each stress roll lies

        marked = Marked(source)
        board = Board(state, options)
        result = self.run(board, params, marked)
        board.settle()
        return remember(self.name, params, state, board.freeze(), marked, result), result

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        from runehall.systems.rune.combat.names import named  # names nobody typed, in the reader's language
        from runehall.systems.rune.speech.fights import combat_card  # the words need the rules, not the board

        return combat_card(self.name, event, named(words))

    @abstractmethod
    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        """Change the board and say what happened; RulesError if the move is illegal."""
