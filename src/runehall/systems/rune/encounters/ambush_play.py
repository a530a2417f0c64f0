"""An ambush played by the encounter tracker (spec 001c §6.x "ambush opportunities", book p. 148; rules §34.5): a
trap or gain of package `ambush` hangs on the heroes' roll (a Weak Link Awareness roll when the foes lie in wait, a
Weak Link Stealth roll when the heroes do). Springing it: the foes' ambush surprises each hero whose fate is a
failure; the heroes' ambush surprises every foe when the roll succeeds for the party. The surprise is staged in
the event's fight, under way (from its current round) or when it begins (from its first): the surprised side's
ATK, DFN and Engagement rolls -6 the ambush's first round, ATK and DFN -3 the second and -1 the third, shown by the
trap's name beside the rolls.

At the second round's Initiative each surprised combatant still able may roll to recover (`ambush_recovery`, no
action): Bravery for a hero, Res for a foe, against 9, less his Impairment. Making it, he suffers only -2 that
round and nothing the next; failing, he may roll again at the third round's Initiative to be spared its -1. A
recovery is staged as its own modifier (+1 on ATK and DFN for a round it lightens), by the trap's name too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.effects import Effect, Target
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.peril_state import Surprise
from runehall.systems.rune.encounters.run_actions import RunAction
from runehall.systems.rune.encounters.run_rolls import bonus
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.trap_data import traps_file
from runehall.systems.rune.stress import at_least

BRAVERY = RollSpec(id="ambush_bravery", name="Bravery", ability="bravery")
STATS: tuple[Target, ...] = ("atk", "dfn", "engagement")


def surprised_by(element: Any, r: dict[str, Any], fates: dict[str, bool]) -> Surprise | None:
    """Who an ambush sprung on this roll surprises, or None."""
    trap = element.trap
    package = trap.package if trap is not None else None
    if package is None or package.kind != "ambush":
        return None
    if package.by == "foes":
        heroes = tuple(h for h, fine in fates.items() if not fine)
        return Surprise(trap=element.id, side="heroes", heroes=heroes) if heroes else None
    group = r.get("group_success")
    made = group if group is not None else all(fates.values())
    return Surprise(trap=element.id, side="foes") if made and fates else None


def _effects(s: Surprise, name: str, first: int) -> list[Effect]:
    """The surprise on the fight's rolls, its rounds counted from `first`: on every foe, or on each surprised hero."""
    found = []
    whom: tuple[str | None, ...] = s.heroes if s.side == "heroes" else (None,)
    for i, row in enumerate(traps_file().ambush.rounds):
        for stat, points in zip(STATS, (row.atk, row.dfn, row.engagement), strict=True):
            for only in whom if points else ():
                found.append(Effect(kind="trap", name=name, roll=stat, delta=-points, who=s.side, only=only,
                                    first_round=first + i, last_round=first + i))  # fmt: skip
    return found


def _staged(state: RunState, s: Surprise, name: str) -> RunState:
    """The surprise staged in the fight under way from its current round (`first` noted)."""
    last = state.fights[-1]
    first = max(1, last.fight.round)
    fight = last.fight.model_copy(update={"effects": (*last.fight.effects, *_effects(s, name, first))})
    kept = s.model_copy(update={"first": first, "fight": len(state.fights) - 1})
    traps = state.traps.model_copy(update={"ambushes": (*state.traps.ambushes, kept)})
    return state.model_copy(update={"fights": (*state.fights[:-1], last.model_copy(update={"fight": fight})),
                                    "traps": traps})  # fmt: skip


def start(state: RunState, element: Any, r: dict[str, Any], fates: dict[str, bool]) -> tuple[RunState, Any]:
    """After an ambush's roll: the surprise, staged in the fight under way or kept for the event's fight."""
    s = surprised_by(element, r, fates)
    if s is None:
        return state, None
    said = {"side": s.side, "heroes": list(s.heroes), "staged": state.fight is not None}
    if state.fight is not None:
        return _staged(state, s, element.name), said
    traps = state.traps.model_copy(update={"ambushes": (*state.traps.ambushes, s)})
    return state.model_copy(update={"traps": traps}), said


def on_fight(state: RunState, event_id: str) -> RunState:
    """A fight begins (FightAction): each ambush of its event kept for it is staged from its first round."""
    from runehall.systems.rune.encounters.run_traps import find_trap

    for s in state.traps.ambushes:
        if s.first is None and find_trap(state, s.trap)[0].id == event_id:
            rest = tuple(x for x in state.traps.ambushes if x is not s)
            state = _staged(state.model_copy(update={"traps": state.traps.model_copy(update={"ambushes": rest})}), s,
                            find_trap(state, s.trap)[1].name)  # fmt: skip
    return state


def live(state: RunState, trap_id: str) -> tuple[Surprise, int] | None:
    """The ambush staged in the fight under way, and the round it is in (2 or 3: the recovery rolls'), or None."""
    s = next((x for x in state.traps.ambushes if x.trap == trap_id), None)
    if s is None or s.first is None or state.fight is None or s.fight != len(state.fights) - 1:
        return None
    step = state.fight.round - s.first + 1
    return (s, step) if step in (2, 3) else None


def rollers(state: RunState, s: Surprise, step: int) -> list[Combatant]:
    """The surprised combatants who may roll to recover now: able, not recovered, not rolled this round."""
    assert state.fight is not None
    return [c for c in state.fight.combatants
            if c.health == "active" and (c.hero == (s.side == "heroes")) and (s.side == "foes" or c.name in s.heroes)
            and c.name not in s.recovered and s.tried.get(c.name) != state.fight.round]  # fmt: skip


def adds(state: RunState, c: Combatant, options: Any) -> int:
    """Bravery (a hero's, from his sheet) or Res (a foe's), less his Impairment."""
    if c.hero:
        sheet = next(h.sheet for h in state.setup.heroes if h.name == c.name)
        return bonus(c.name, sheet, BRAVERY, options) - c.impairment
    return int(c.res or 0) - c.impairment


def chance(state: RunState, c: Combatant, options: Any) -> Fraction:
    return at_least(traps_file().ambush.recovery_difficulty - adds(state, c, options))


class RecoveryParams(RulesModel):
    trap: str = Field(min_length=1, max_length=40, description="The ambush (its id) whose surprise they shake off.")


class AmbushRecoveryAction(RunAction):
    name: ClassVar[str] = "ambush_recovery"
    title: ClassVar[str] = N_("Recover from an ambush")
    summary: ClassVar[str] = "At Initiative of an ambush's second or third round, the surprised roll to recover."
    Params: ClassVar[type[RulesModel]] = RecoveryParams
    random: ClassVar[bool] = True

    def describe(self, event: Any, words: Any, who: str) -> Any:
        from runehall.systems.rune.encounters.ambush_cards import recovery_card

        return recovery_card(event, words, who)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        from runehall.systems.rune.encounters.run_traps import find_trap

        self.check(state)
        element = find_trap(state, params.trap)[1]
        found = live(state, params.trap)
        if found is None:
            raise RulesError(N_("{trap}: nobody is at an ambush's second or third round in this fight"),
                             trap=element.name)  # fmt: skip
        s, step = found
        who = rollers(state, s, step)
        if not who:
            raise RulesError(N_("{trap}: every surprised combatant has rolled this round or recovered"),
                             trap=element.name)  # fmt: skip
        assert state.fight is not None
        aim, now = traps_file().ambush.recovery_difficulty, state.fight.round
        rows: dict[str, Any] = {}
        faces: list[list[int]] = []
        extra: list[Effect] = []
        recovered, tried = dict(s.recovered), dict(s.tried)
        rounds = traps_file().ambush.rounds
        for c in who:
            result, shown = stress(source)
            faces.append(list(shown))
            total = result + adds(state, c, options)
            tried[c.name] = now
            rows[c.name] = {"total": total, "made": total >= aim}
            if total < aim:
                continue
            recovered[c.name] = step
            eased = [(now, rounds[1].atk - traps_file().ambush.recovered_penalty)] if step == 2 else []
            eased.append((now + 1 if step == 2 else now, rounds[2].atk))
            for r, points in eased:
                extra += [Effect(kind="trap", name=element.name, roll=stat, delta=points, who=s.side, only=c.name,
                                 first_round=r, last_round=r) for stat in STATS[:2] if points]  # fmt: skip
        last = state.fights[-1]
        fight = last.fight.model_copy(update={"effects": (*last.fight.effects, *extra)})
        kept = s.model_copy(update={"recovered": recovered, "tried": tried})
        ambushes = tuple(kept if x is s else x for x in state.traps.ambushes)
        update = {"fights": (*state.fights[:-1], last.model_copy(update={"fight": fight})),
                  "traps": state.traps.model_copy(update={"ambushes": ambushes})}  # fmt: skip
        out = {"trap": element.id, "name": element.name, "round": step, "difficulty": aim, "rolls": rows,
               "faces": faces}  # fmt: skip
        return state.model_copy(update=update), out


__all__ = ["AmbushRecoveryAction", "on_fight", "start", "surprised_by"]
