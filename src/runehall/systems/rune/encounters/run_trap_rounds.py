"""A round of a trap's recurring or escalating damage (spec 001c §6.4, A-16): each hero it still hurts first tries
the notes' ending roll (his attempt this round, scored as a roll of the notes); a success frees him, a failure
takes the round's damage: the same amount as the first hit (recurring), or 2 more for each round after it
(escalating), with his first failure, less his Soak as the trap's damage allows. When nobody is left in it, the
damage is over.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.encounters import trap_gifts
from runehall.systems.rune.encounters.hazards import ongoing_raw, soak_against
from runehall.systems.rune.encounters.run_actions import RunAction
from runehall.systems.rune.encounters.run_rolls import bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import body, find_trap, hurt, standing
from runehall.systems.rune.encounters.trap_effects import after_roll, on_roll
from runehall.systems.rune.treasure.legendary import torc_spared
from runehall.systems.rune.treasure.legendary_ring import ring_times


class RoundParams(RulesModel):
    trap: str = Field(min_length=1, max_length=40, description="The trap whose damage goes on (its id).")


class TrapRoundAction(RunAction):
    name: ClassVar[str] = "trap_round"
    title: ClassVar[str] = N_("A round of a trap's damage")
    summary: ClassVar[str] = "Each hero a trap still hurts tries its ending roll; who fails takes the round's damage."
    Params: ClassVar[type[RulesModel]] = RoundParams
    random: ClassVar[bool] = True

    def describe(self, event: Any, words: Any, who: str) -> Any:
        from runehall.systems.rune.encounters.trap_cards import round_card

        return round_card(event, words, who)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        going = next((g for g in state.traps.ongoing if g.trap == params.trap), None)
        _, element, trap = find_trap(state, params.trap)
        if going is None:
            raise RulesError(N_("{trap} is hurting nobody now"), trap=element.name)
        assert trap.damage is not None and trap.damage.end_roll is not None
        ending = find_roll(state, trap.damage.end_roll)
        if ending.difficulty is None:
            raise RulesError(N_("{roll} is opposed: roll it with a roll of the notes"), roll=ending.name)
        alive = standing(state, options)
        escalating = trap.damage.recurrence == "escalating"
        cause = "hazard" if element.kind == "hazard" else "trap"
        faces: list[list[int]] = []
        freed: dict[str, int] = {}
        harm: dict[str, Any] = {}
        still: dict[str, int] = {}
        sheets = {h.name: h.sheet for h in state.setup.heroes}
        for hero, failed in going.victims.items():
            if hero not in alive:
                continue
            result, shown = stress(source)
            faces.append(list(shown))
            total = result + bonus(hero, sheets[hero], ending, options)
            total += on_roll(state.traps, hero, ending, state.notes)  # Impairment, sticks, carrots (trap_effects.py)
            total += trap_gifts.roll_bonus(state.notes, sheets[hero], ending)
            tally = state.tally.roll(hero, ending.id, total, ending.difficulty, ending.freestanding, False,
                                     options.success_vp_per_point * ring_times(sheets[hero], ending.ability),
                                     torc_spared(sheets[hero]))  # fmt: skip
            state = state.model_copy(update={"tally": tally})
            if total >= ending.difficulty:
                freed[hero] = total
                continue
            c = body(state, hero, options)
            step = going.round_no  # Survive the Lake of Flame holds escalation back (trap_gifts.py)
            step = trap_gifts.escalation_round(step, trap_gifts.levels(sheets[hero])) if escalating else step
            raw = ongoing_raw(going.amounts.get(hero, trap.damage.dam or 0), failed, step, escalating)
            lost = max(0, raw - soak_against(c.soak, c.armor_prot, trap.damage.armour_ignoring))
            if gifted := trap_gifts.applied(sheets[hero], hero, element, c, failed, options, source):
                lost = trap_gifts.hp_lost(raw, gifted[0])
                faces += gifted[1]
            state, after = hurt(state, hero, lost, cause, options, source)
            harm[hero] = {"total": total, "raw": raw, **after}
            if after["health"] != "dead":
                still[hero] = failed
        kept = [g for g in state.traps.ongoing if g.trap != going.trap]
        if still:
            kept.append(going.model_copy(update={"victims": still, "round_no": going.round_no + 1}))
        traps = after_roll(state.traps, ending, state.notes).model_copy(update={"ongoing": tuple(kept)})
        result_out = {
            "trap": element.id, "name": element.name, "round": going.round_no, "roll": ending.id, "freed": freed,
            "harm": harm, "faces": faces, "goes_on": bool(still),
        }  # fmt: skip
        return state.model_copy(update={"traps": traps}), result_out
