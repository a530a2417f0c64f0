"""Repeat shots played by the encounter tracker (spec 001c §6.10, book p. 146; rules §34.5): a limited-targeting trap
that fires round after round (`targeting.per_round`). Springing it is its first shot, at that many heroes drawn at
random (or the ones the runner names: those behind cover are not drawn); it is then kept shooting (the run's
`traps.repeating`). Each later round **repeat_shot** fires again: new victims drawn the same way, each making the
trap's roll for himself and suffering it as on the first shot (its damage, Impairment, sticks...). **stop_repeats**
ends it as the notes say (`stop_by`): an action (the hero the runner names spends it, no roll), or a roll of the
notes the heroes make (its structure decides; a success for the party stops it). Every die is stored.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.present.board import Move, Seat
from runehall.present.card import Card, Chip, Row
from runehall.present.words import Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.design import MAX_HEROES
from runehall.systems.rune.encounters.hazards import victim_chance
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_rolls import NotedRollAction, NotedRollParams, adds, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.stress import at_least


def shooting(state: RunState, trap_id: str) -> Any:
    """The element of a trap still firing repeat shots (refused otherwise)."""
    from runehall.systems.rune.encounters.run_traps import find_trap

    element = find_trap(state, trap_id)[1]
    if trap_id not in state.traps.repeating:
        raise RulesError(N_("{trap} is not firing repeat shots"), trap=element.name)
    return element


class ShotParams(RulesModel):
    trap: str = Field(min_length=1, max_length=40, description="The trap firing repeat shots (its id).")
    victims: tuple[str, ...] = Field(
        (), max_length=MAX_HEROES, description="Whom this shot can strike (default: drawn at random)."
    )


class RepeatShotAction(RunAction):
    name: ClassVar[str] = "repeat_shot"
    title: ClassVar[str] = N_("A trap shoots again")
    summary: ClassVar[str] = "A trap firing repeat shots fires this round's: its victims drawn, each rolls to avoid it."
    Params: ClassVar[type[RulesModel]] = ShotParams
    random: ClassVar[bool] = True

    def describe(self, event: Any, words: Any, who: str) -> Any:
        from runehall.systems.rune.encounters.trap_cards import sprung_card

        card = sprung_card(event, words, who)
        r = event.get("result") or {}
        action = words(N_("{trap} shoots again (shot {n})"), trap=r["name"], n=words.number(r["shot"]))
        return Card(action, card.result, card.tone, card.rows, card.chips)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        from runehall.systems.rune.encounters.run_traps import SpringParams, SpringTrapAction

        self.check(state)
        element = shooting(state, params.trap)
        sprung = state.traps.sprung
        again = state.model_copy(update={"traps": state.traps.model_copy(
            update={"sprung": tuple(t for t in sprung if t != element.id)})})  # fmt: skip
        after, result = SpringTrapAction().apply(again, SpringParams(trap=element.id, victims=params.victims),
                                                 options, source)  # fmt: skip
        shots = dict(after.traps.shots) | {element.id: after.traps.shots.get(element.id, 1) + 1}
        traps = after.traps.model_copy(update={"sprung": sprung, "shots": shots})
        return after.model_copy(update={"traps": traps}), result | {"shot": shots[element.id]}


class StopParams(RulesModel):
    trap: str = Field(min_length=1, max_length=40, description="The trap firing repeat shots (its id).")
    rollers: tuple[str, ...] = Field(
        (), max_length=MAX_HEROES, description="Who spends the action, or makes the roll, that stops it."
    )


class StopRepeatsAction(RunAction):
    name: ClassVar[str] = "stop_repeats"
    title: ClassVar[str] = N_("Stop a trap's repeat shots")
    summary: ClassVar[str] = "A hero spends the action, or the heroes make the roll, the notes say stops the trap."
    Params: ClassVar[type[RulesModel]] = StopParams
    random: ClassVar[bool] = True

    def describe(self, event: Any, words: Any, who: str) -> Any:
        r = event.get("result") or {}
        n = words.number
        rows = [Row(h, words(N_("{total}: makes it") if r["fates"].get(h) else N_("{total}: fails"), total=n(t)))
                for h, t in (r.get("totals") or {}).items()]  # fmt: skip
        if r.get("by") == "action":
            rows.append(Row(r["rollers"][0], words(N_("spends his action on it"))))
        result = words(N_("it stops shooting")) if r["stopped"] else words(N_("it goes on shooting"))
        action = words(N_("{who}: stopping {trap}"), who=who, trap=r["name"])
        chips = tuple(Chip(str(f), sides=10) for group in r.get("faces") or () for f in group)
        return Card(action, result, "success" if r["stopped"] else "failure", tuple(rows), chips)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        from runehall.systems.rune.encounters.run_traps import standing

        self.check(state)
        element = shooting(state, params.trap)
        assert element.trap is not None and element.trap.targeting is not None
        stop_by = element.trap.targeting.stop_by
        named = [_hero(state, h) for h in params.rollers]
        if gone := [h for h in named if h not in standing(state, options)]:
            raise RulesError(N_("{hero} is not there to make the roll"), hero=gone[0])
        out: dict[str, Any] = {"trap": element.id, "name": element.name, "by": stop_by or "runner"}
        if stop_by is None or stop_by == "action":
            if stop_by == "action" and len(named) != 1:
                raise RulesError(N_("{trap} is stopped by one hero's action: name him"), trap=element.name)
            out |= {"rollers": named, "stopped": True, "faces": []}
        else:
            state, r = NotedRollAction().apply(state, NotedRollParams(roll=stop_by, rollers=tuple(named)), options,
                                               source)  # fmt: skip
            group = r.get("group_success")
            stopped = bool(group) if group is not None else any(r["fates"].values())
            faces = [r["dice"][k] for k in r["drawn"] if k in r["totals"]] + [(r["opponent"] or {}).get("faces", [])]
            faces += [r["dice"][k] for k in r["drawn"] if k not in r["totals"]]  # every die, in the order drawn
            out |= {"totals": r["totals"], "fates": r["fates"], "stopped": stopped, "roll": r,
                    "faces": [f for f in faces if f]}  # fmt: skip
        if out["stopped"]:
            traps = state.traps.model_copy(update={"repeating": tuple(t for t in state.traps.repeating
                                                                      if t != element.id)})  # fmt: skip
            state = state.model_copy(update={"traps": traps})
        return state, out


def repeat_moves(state: RunState, words: Words, seat: Seat, options: Any) -> list[Move]:
    """For each trap still shooting: its next shot (each hero's chance to be aimed at, to make the roll, to be
    hurt), and the way to stop it (an action; a roll with each hero's chance)."""
    from runehall.systems.rune.encounters.run_traps import find_trap, standing
    from runehall.systems.rune.encounters.trap_cards import odds, rollers_asked

    if state.notes is None or not state.traps.repeating:
        return []
    alive = standing(state, options)
    found = []
    for trap_id in state.traps.repeating if alive else ():
        element = find_trap(state, trap_id)[1]
        assert element.trap is not None and element.trap.targeting is not None
        count = element.trap.targeting.per_round or 1
        said = []
        for hero in alive:
            made, hurt = odds(state, element, hero, options)
            aimed: Fraction = victim_chance(len(alive), count)
            line = words(N_("{hero} aimed at {a}, makes it {p}"), hero=hero, a=words.percent(aimed),
                         p=words.percent(made))  # fmt: skip
            if hurt is not None:
                line = words(N_("{said}, loses HP {p}"), said=line, p=words.percent(aimed * hurt))
            said.append(line)
        found.append(Move("repeat_shot", words(N_("Shoot again: {trap}"), trap=element.name),
                          params={"trap": trap_id}, hint="; ".join(said)))  # fmt: skip
        stop_by = element.trap.targeting.stop_by
        title = words(N_("Stop: {trap}"), trap=element.name)
        if stop_by == "action" or stop_by is None:
            params = {"trap": trap_id, "rollers": alive[:1]} if stop_by else {"trap": trap_id}
            named: tuple[str, ...] = ("rollers",) if stop_by else ()
            found.append(Move("stop_repeats", title, params=params, ask=named,
                              choices={"rollers": tuple((h, h) for h in alive)} if named else {}))  # fmt: skip
            continue
        roll = find_roll(state, stop_by)
        extra, ask, choices = rollers_asked(roll, alive)
        hint = "; ".join(words(N_("{hero} makes it {p}"), hero=h, p=words.percent(at_least(roll.difficulty - adds(
            state, h, roll, options)))) for h in alive) if roll.difficulty is not None else ""  # fmt: skip
        found.append(Move("stop_repeats", title, params={"trap": trap_id, **extra}, ask=ask, choices=choices,
                          hint=hint))  # fmt: skip
    return found


__all__ = ["RepeatShotAction", "StopRepeatsAction", "repeat_moves"]
