"""What the rules forbid in one notes roll (spec 001c §18.7, the roll items; 001b §13), each a Refusal at the
roll's id, so a designer sees every problem at once. Pricing (rolls.py) prices a roll as written regardless.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import ActionSink, Countdown, Endurance, PanicButton, RollSpec, Scoreboard
from runehall.systems.rune.encounters.roll_data import Chart, roll_data
from runehall.systems.rune.rules import rules

if TYPE_CHECKING:
    from runehall.systems.rune.encounters.rolls import RollContext

SINGULAR_KINDS = frozenset({"singular", "no_fault", "rush", "scramble", "dogpile"})
OUT_OF_RANGE = {
    "difficulty": N_("the Difficulty must be from {low} to {high}, not {value}"),
    "opposed": N_("an opponent's bonus must be from {low} to {high}, not {value}"),
    "baseline": N_("a modifier to the baseline must be from {low} to {high}, not {value}"),
}


def _abilities() -> Mapping[str, Any]:
    return {a.id: a for a in rules().abilities.ability}


def _characteristics() -> frozenset[str]:
    return frozenset(c.id for c in rules().characteristics.characteristic)


def _range(kind: str, chart: Chart, value: int | None) -> list[tuple[str, dict[str, Any]]]:
    if value is None or chart.lowest <= value <= chart.highest:
        return []
    return [(OUT_OF_RANGE[kind], {"low": chart.lowest, "high": chart.highest, "value": value})]


def _targets(roll: RollSpec) -> list[tuple[str, dict[str, Any]]]:
    data = roll_data()
    found = _range("difficulty", data.difficulty, roll.difficulty)
    found += _range("opposed", data.opposed, roll.opposed_bonus)
    return found + _range("baseline", data.baseline, roll.baseline)


def _what_is_added(roll: RollSpec) -> list[tuple[str, dict[str, Any]]]:
    abilities, found = _abilities(), []
    if roll.ability is not None and roll.ability not in abilities:
        found.append((N_("{name!r} is not an Ability"), {"name": roll.ability}))
    if roll.characteristic is not None and roll.characteristic not in _characteristics():
        found.append((N_("{name!r} is not a Characteristic"), {"name": roll.characteristic}))
    for method in roll.alternate_methods:
        if method not in abilities and method not in _characteristics():
            found.append((N_("{name!r} is neither an Ability nor a Characteristic"), {"name": method}))
    if len(set(roll.alternate_methods)) != len(roll.alternate_methods) or roll.ability in roll.alternate_methods:
        found.append((N_("each other way to succeed is a different one"), {}))
    if roll.exotic.characteristic_only and roll.ability is not None:
        found.append((N_("a roll of a Characteristic alone adds no Ability"), {}))
    if roll.equipment_not_needed:
        ability = abilities.get(roll.ability or "")
        if ability is None or not ability.has_kit:
            found.append((N_("only a roll of an Ability that has standard equipment can do without it"), {}))
    return found


def _structure(roll: RollSpec) -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    if roll.structure == "line_of_doom" and roll.danger is None:
        found.append((N_("a Line of Doom roll says whether the danger comes from the front or the rear"), {}))
    if roll.structure == "domino" and roll.danger is None:
        found.append((N_("a Domino roll says which way the falls run, toward the front or the rear"), {}))
    c = roll.conditional
    if c is not None:
        if roll.purpose in ("gain", "treasure"):
            found.append((N_("only a trap or a hazard can be conditionally avoidable"), {}))
        elif c.kind == "singular" and roll.structure not in SINGULAR_KINDS:
            found.append((N_("a trap only those who trigger it roll against is a Singular roll"), {}))
        elif c.kind == "standard" and roll.structure in SINGULAR_KINDS:
            found.append((N_("a trap every hero rolls against once one triggers it is not a Singular roll"), {}))
    if roll.extra_rolls != "unlimited" and roll.extra_rolls < 0:
        found.append((N_("extra attempts cannot be fewer than none"), {}))
    methods, most = 1 + len(roll.alternate_methods), roll_data().options.max_methods
    if methods > most:
        found.append((N_("at most {high} ways to succeed, not {value}"), {"high": most, "value": methods}))
    return found


def _multiple(roll: RollSpec, ctx: RollContext) -> list[tuple[str, dict[str, Any]]]:
    data, m, found = roll_data(), roll.multiple, []
    extra = roll.extra_rolls == "unlimited" or roll.extra_rolls > 0
    if isinstance(m, ActionSink):
        if m.trap_at_end and m.successes > data.action_sink.trap_max_successes:
            found.append(
                (
                    N_(
                        "an Action Sink whose trap strikes at the fight's end needs at most {high} successes, "
                        "not {value}"
                    ),
                    {"high": data.action_sink.trap_max_successes, "value": m.successes},
                )
            )
        if extra:
            found.append((N_("an Action Sink allows unlimited attempts already: no extra attempts earn anything"), {}))
    elif isinstance(m, PanicButton):
        if m.ending_roll is None or m.ending_roll not in ctx.rolls or m.ending_roll == roll.id:
            found.append((N_("a Panic Button needs another roll in these notes that ends it"), {}))
    elif isinstance(m, Endurance):
        e = data.endurance
        if not e.min_rolls <= m.rolls <= e.max_rolls:
            found.append(
                (
                    N_("an Endurance Test takes from {low} to {high} rolls, not {value}"),
                    {"low": e.min_rolls, "high": e.max_rolls, "value": m.rolls},
                )
            )
    elif isinstance(m, Countdown):
        c = data.countdown
        if not c.min_attempts <= m.attempts <= c.max_attempts:
            found.append(
                (
                    N_("a Countdown allows from {low} to {high} rounds, not {value}"),
                    {"low": c.min_attempts, "high": c.max_attempts, "value": m.attempts},
                )
            )
        if roll.structure == "no_fault" or roll.freestanding:
            found.append((N_("a Countdown can be neither a No-Fault nor a Freestanding roll"), {}))
        if m.ends_ongoing_damage and extra:
            found.append(
                (
                    N_(
                        "a roll that ends ongoing damage allows unlimited attempts already: no extra attempts "
                        "earn anything"
                    ),
                    {},
                )
            )
    elif isinstance(m, Scoreboard):
        s = data.scoreboard
        if not s.min_target <= m.target <= s.max_target:
            found.append(
                (
                    N_("a Scoreboard is won at {low} to {high} successes, not {value}"),
                    {"low": s.min_target, "high": s.max_target, "value": m.target},
                )
            )
        if roll.opposed_bonus is None:
            found.append((N_("a Scoreboard is a series of opposed rolls: give the opponent's bonus"), {}))
    return found


def _simultaneous(roll: RollSpec, ctx: RollContext) -> list[tuple[str, dict[str, Any]]]:
    if not roll.simultaneous:
        return []
    found: list[tuple[str, dict[str, Any]]] = []
    others = [ctx.rolls.get(i) for i in roll.simultaneous]
    if roll.id in roll.simultaneous or len(set(roll.simultaneous)) != len(roll.simultaneous):
        found.append((N_("each roll made at once with this one is a different roll"), {}))
    if any(o is None for o in others):
        found.append((N_("a roll made at once with this one is not in these notes"), {}))
    group = [roll, *(o for o in others if o is not None)]
    if any(o.simultaneous for o in group[1:]):
        found.append((N_("the rolls made at once are listed by one of them only"), {}))
    named = [r.ability or r.characteristic or r.stat for r in group]
    if len(set(named)) != len(named):
        found.append((N_("rolls made at once each use a different Ability"), {}))
    if sum(r.combat_action for r in group) > 1:
        found.append((N_("in a fight, only one of the rolls made at once may take an action"), {}))
    return found


def roll_refusals(roll: RollSpec, ctx: RollContext) -> tuple[Refusal, ...]:
    """Everything the rules forbid in this roll, each at the roll's id."""
    found = _targets(roll) + _what_is_added(roll) + _structure(roll) + _multiple(roll, ctx) + _simultaneous(roll, ctx)
    return tuple(Refusal(template, values, where=roll.id) for template, values in found)
