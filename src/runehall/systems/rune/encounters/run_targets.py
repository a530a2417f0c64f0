"""The runner's calls about foes' targets in an encounter run (001b §9, §16.6): two Sark Amen of the fight under
way trade targets, free of the flowchart, so long as each hero keeps as many of them on him as before. A logged
judgment call like the others of the runner's, open to the table's dispute vote (the Book of Iron Law).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gallery import SARK_AMEN
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.encounters.run_actions import RunAction
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.running_risks import sark_amen_trade

MAX_NAME = 60


def on_targets(fight: CombatState) -> dict[str, str]:
    """The Sark Amen of a fight still in it and on a living hero: Sark Amen -> hero."""
    heroes = {c.name for c in fight.combatants if c.hero and c.health not in ("dead", "gone")}
    return {
        c.name: c.last_target
        for c in fight.combatants
        if c.foe_type == SARK_AMEN and c.active and c.last_target is not None and c.last_target in heroes
    }


class SarkAmenTradeParams(RulesModel):
    sark_amen: str = Field(min_length=1, max_length=MAX_NAME, description="The Sark Amen that takes another target.")
    target: str = Field(min_length=1, max_length=MAX_NAME, description="The hero it takes: another Sark Amen's.")
    other: str | None = Field(
        None,
        max_length=MAX_NAME,
        description="The Sark Amen it trades with, taking its old target (default: the one on that hero).",
    )


class SarkAmenTradeAction(RunAction):
    name: ClassVar[str] = "sark_amen_trade"
    title: ClassVar[str] = N_("Two Sark Amen trade targets")
    summary: ClassVar[str] = (
        "The runner's call: a Sark Amen takes another's target and gives it its own, whatever the flowchart says."
    )
    Params: ClassVar[type[RulesModel]] = SarkAmenTradeParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        fight = state.fight
        if fight is None:
            raise RulesError(N_("Sark Amen trade targets in a fight, and none is under way"))
        before = on_targets(fight)
        mine = _sark(fight, before, params.sark_amen)
        if params.other is not None:
            other = _sark(fight, before, params.other)
        else:
            there = sorted(o for o, hero in before.items() if hero == params.target and o != mine)
            if not there:
                raise RulesError(
                    N_("no other Sark Amen is on {hero}: a trade takes another Sark Amen's target"), hero=params.target
                )
            if len(there) > 1:
                raise RulesError(
                    N_("several Sark Amen are on {hero}: name the one {name} trades with"),
                    hero=params.target,
                    name=mine,
                )
            other = there[0]
        if other == mine:
            raise RulesError(N_("a Sark Amen trades targets with another Sark Amen, not with itself"))
        old = {mine: before[mine], other: before[other]}
        new = {mine: params.target, other: before[mine]}
        sark_amen_trade(old, new)  # refused if a hero would have more or fewer of them on him
        if old == new:
            raise RulesError(
                N_("{name} and {other} are on the same hero: trading changes nothing"), name=mine, other=other
            )
        combatants = tuple(_aimed(c, new) for c in fight.combatants)
        last = state.fights[-1].model_copy(update={"fight": fight.model_copy(update={"combatants": combatants})})
        result = {"sark_amen": mine, "other": other, "before": old, "after": new}
        return state.model_copy(update={"fights": (*state.fights[:-1], last)}), result


def _sark(fight: CombatState, on: dict[str, str], name: str) -> str:
    found = next((c for c in fight.combatants if c.name.casefold() == name.strip().casefold()), None)
    if found is None or found.foe_type != SARK_AMEN:
        raise RulesError(N_("{name} is no Sark Amen of the fight under way"), name=name)
    if found.name not in on:
        raise RulesError(N_("{name} is on no hero: only a Sark Amen on a target trades it"), name=found.name)
    return found.name


def _aimed(c: Combatant, new: dict[str, str]) -> Combatant:
    return c.model_copy(update={"last_target": new[c.name]}) if c.name in new else c
