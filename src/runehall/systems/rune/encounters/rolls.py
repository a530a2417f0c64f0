"""What a roll in the encounter notes costs (spec 001b §13, 001c §1-§5): what it is rolled against, its structure,
its options and its Multiple-roll rules, each as its own priced line (the bundling rule), and the clumping penalty
threaded through an encounter's rolls in the order of its notes. What the rules forbid is roll_checks.py's.

Readings adopted where the book is silent: a Countdown's price replaces every cost tied to the Difficulty (the
Difficulty, Exotic and Defiance lines stay, uncounted); an Action Sink's price includes its combat actions; no
number of extra attempts earns more than unlimited ones; a Freestanding roll's Difficulty is priced by the gains'
own list (the next part), so no Difficulty line here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from runehall.present.words import N_
from runehall.systems.rune.encounters.design import ActionSink, Countdown, Endurance, PanicButton, RollSpec, Scoreboard
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.roll_checks import roll_refusals
from runehall.systems.rune.encounters.roll_data import roll_data
from runehall.systems.rune.encounters.roll_words import (
    ABILITY_NONE_HAVE,
    BASELINE,
    CHARACTERISTIC_ONLY,
    DEFIANCE,
    DEITY_NAMES,
    DIFFICULTY,
    FLOORED,
    OPPOSED,
    SIMULTANEOUS,
    STACKED,
    STRUCTURE_NAMES,
)
from runehall.systems.rune.rules import rules

__all__ = [
    "RollContext",
    "countdown_successes",
    "endurance_multiplier",
    "price_roll",
    "price_rolls",
    "roll_refusals",
    "secondary_abilities",
]


@cache
def secondary_abilities() -> frozenset[str]:
    """The ids of the secondary Abilities (data/abilities.toml): the clumping penalty counts rolls against them."""
    return frozenset(a.id for a in rules().abilities.ability if a.category == "secondary")


@dataclass(frozen=True)
class RollContext:
    """What pricing one roll needs from the rest of the notes: the number of heroes N, the notes rolls before this
    one against each secondary Ability (Freestanding ones not counted, 001c A-12), and the encounter's rolls by id
    (for the rolls a Simultaneous roll or a Panic Button names)."""

    heroes: int
    earlier: Mapping[str, int] = field(default_factory=dict)
    rolls: Mapping[str, RollSpec] = field(default_factory=dict)
    secondary: frozenset[str] = field(default_factory=secondary_abilities)


def countdown_successes(successes: str, heroes: int) -> int:
    """X for N heroes: N/2, N, 1.5N or 2N, fractions dropped, at least 1 (001c A-08)."""
    return max(1, math.floor(roll_data().countdown_base(successes).of_heroes * heroes))


def endurance_multiplier(other_positive_costs: int, rolls: int) -> int:
    """An Endurance Test trap's final cost: all its other positive costs times the number of rolls (001c A-06)."""
    return other_positive_costs * rolls


def _positive(lines: Iterable[CostLine]) -> int:
    return sum(line.ep for line in lines if line.counted and line.ep > 0)


def _target(roll: RollSpec) -> CostLine:
    """The line of what the roll is made against; a roll that names nothing is at the default Difficulty."""
    data = roll_data()
    values: dict[str, int | str]
    if roll.opposed_bonus is not None:
        chart, rule, values = data.opposed, OPPOSED, {"bonus": roll.opposed_bonus}
        value = roll.opposed_bonus
    elif roll.baseline is not None:
        chart, rule, values = data.baseline, BASELINE, {"modifier": f"{roll.baseline:+d}"}
        value = roll.baseline
    else:
        value = data.difficulty.default if roll.difficulty is None else roll.difficulty
        chart, rule, values = data.difficulty, DIFFICULTY, {"difficulty": value}
    ep = chart.ep(value)
    if ep is None:  # outside the chart: refused by roll_checks; priced at nothing meanwhile
        return CostLine(roll.id, rule, 0, values, chart.page, counted=False)
    if roll.purpose == "treasure" and ep < data.difficulty.treasure_floor:
        return CostLine(roll.id, FLOORED[rule], data.difficulty.treasure_floor, values, chart.page)
    return CostLine(roll.id, rule, ep, values, chart.page)


def _options(roll: RollSpec) -> list[CostLine]:
    data, o, where = roll_data(), roll_data().options, roll.id
    lines: list[CostLine] = []
    if roll.structure != "standard":
        cost = data.structure_cost(roll.structure)
        free = roll.freestanding and cost.ep < 0  # a Freestanding roll earns nothing more for its type (001c §9.4)
        lines.append(CostLine(where, STRUCTURE_NAMES[roll.structure], cost.ep, {}, cost.page, counted=not free))
    if roll.conditional is not None:
        c = data.conditional
        if roll.conditional.kind == "standard":
            lines.append(CostLine(where, N_("Conditionally avoidable: every hero rolls"), c.standard, {}, c.page))
        else:
            lines.append(
                CostLine(where, N_("Conditionally avoidable: only those who trigger it roll"), c.singular, {}, c.page)
            )
        if roll.conditional.exposure == "first":
            lines.append(CostLine(where, N_("Triggered on first exposure only"), c.first_exposure, {}, c.page))
    if roll.combat_action and not isinstance(roll.multiple, ActionSink):  # an Action Sink prices its actions
        lines.append(CostLine(where, N_("Combat action required"), o.combat_action, {}, o.combat_action_page))
    if roll.equipment_not_needed:
        lines.append(
            CostLine(where, N_("Equipment not needed"), o.equipment_not_needed, {}, o.equipment_not_needed_page)
        )
    if roll.extra_rolls == "unlimited":
        lines.append(CostLine(where, N_("Unlimited extra attempts"), o.extra_rolls_unlimited, {}, o.extra_rolls_page))
    elif roll.extra_rolls > 0:
        ep = max(o.extra_roll * roll.extra_rolls, o.extra_rolls_unlimited)
        lines.append(
            CostLine(where, N_("Extra attempts allowed: {count}"), ep, {"count": roll.extra_rolls}, o.extra_rolls_page)
        )
    if roll.alternate_methods:
        n = len(roll.alternate_methods)
        lines.append(
            CostLine(
                where,
                N_("Other ways to succeed: {count}"),
                o.alternate_method * n,
                {"count": n},
                o.alternate_methods_page,
            )
        )
    if roll.simultaneous:
        n = len(roll.simultaneous)
        lines.append(CostLine(where, SIMULTANEOUS, o.simultaneous_ability * n, {"count": n}, o.simultaneous_page))
    exotic = roll.exotic
    for flag, rule, ep in (
        (exotic.characteristic_only, CHARACTERISTIC_ONLY, data.exotic.characteristic_only),
        (exotic.ability_none_have, ABILITY_NONE_HAVE, data.exotic.ability_none_have),
        (exotic.stacked, STACKED, data.exotic.stacked),
    ):
        if flag:
            lines.append(CostLine(where, rule, ep, {}, data.exotic.page))
    if roll.defiance is not None:
        lines.append(
            CostLine(
                where,
                DEFIANCE,
                data.deity_cost(roll.defiance),
                {"deity": DEITY_NAMES[roll.defiance]},
                data.defiance.page,
            )
        )
    if roll.failure_leads_to_trap:
        lines.append(
            CostLine(where, N_("Failure leads to a trap"), o.failure_leads_to_trap, {}, o.failure_leads_to_trap_page)
        )
    return lines


def _combos(roll: RollSpec, target: CostLine, lines: Sequence[CostLine]) -> list[CostLine]:
    """A combo trap's surcharge: a share of the positive costs of its Difficulty and roll type (a roll type's cost
    that serves one effect only left out; 001c A-72: Simultaneous surcharges are roll type too). A combo gain pays
    its positive Difficulty cost once per gain (001c A-11: in place of paying it once)."""
    o, out = roll_data().options, []
    if roll.effects > 1:
        kinds = {SIMULTANEOUS}
        if not roll.structure_for_one_effect:
            kinds |= set(STRUCTURE_NAMES.values())
        base = _positive([target, *(line for line in lines if line.rule in kinds)])
        ep = math.floor(o.combo_trap_share * base)
        out.append(
            CostLine(roll.id, N_("Combo trap: {count} ill effects"), ep, {"count": roll.effects}, o.combo_trap_page)
        )
    if roll.gains > 1:
        ep = _positive([target]) * (roll.gains - 1)
        out.append(CostLine(roll.id, N_("Combo gain: {count} gains"), ep, {"count": roll.gains}, o.combo_gain_page))
    return out


def _multiple(roll: RollSpec, ctx: RollContext, lines: list[CostLine]) -> list[CostLine]:
    """The Multiple roll's line, given the roll's other lines (a Countdown sets its Difficulty-tied ones aside)."""
    data, m, where = roll_data(), roll.multiple, roll.id
    if isinstance(m, ActionSink):
        a = data.action_sink
        out = [
            CostLine(
                where, N_("Action Sink: {count} successes"), a.per_success * m.successes, {"count": m.successes}, a.page
            )
        ]
        if m.trap_at_end:
            out.append(
                CostLine(where, N_("Action Sink trap: it strikes if the fight ends first"), a.trap_at_end, {}, a.page)
            )
        return out
    if isinstance(m, PanicButton):
        return [CostLine(where, N_("Panic Button"), data.panic_button.ep, {}, data.panic_button.page)]
    if isinstance(m, Scoreboard):
        s = data.scoreboard
        ep = s.ep(roll.opposed_bonus or 0) * max(0, m.target - 1)
        return [CostLine(where, N_("Scoreboard: first to {target} successes"), ep, {"target": m.target}, s.page)]
    if isinstance(m, Endurance):
        e = data.endurance
        if roll.purpose == "trap":
            ep = endurance_multiplier(_positive(lines), m.rolls) - _positive(lines)
            return [CostLine(where, N_("Endurance Test trap: {count} rolls"), ep, {"count": m.rolls}, e.page)]
        gain = next((g.ep for g in e.gain if g.rolls == m.rolls), 0)
        return [CostLine(where, N_("Endurance Test: {count} rolls"), gain, {"count": m.rolls}, e.page)]
    if isinstance(m, Countdown):
        return _countdown(roll, m, ctx, lines)
    return []


def _countdown(roll: RollSpec, m: Countdown, ctx: RollContext, lines: list[CostLine]) -> list[CostLine]:
    data = roll_data()
    tied = {DIFFICULTY, OPPOSED, BASELINE, *FLOORED.values(), CHARACTERISTIC_ONLY, ABILITY_NONE_HAVE, STACKED, DEFIANCE}
    cost = _positive(line for line in lines if line.rule in tied)
    for i, line in enumerate(lines):
        if line.rule in tied:
            lines[i] = replace(line, counted=False)  # folded into the Countdown's base cost
    base_row = data.countdown_base(m.successes)
    base = max(base_row.least, cost * base_row.times)
    x = countdown_successes(m.successes, ctx.heroes)
    page = data.countdown.page
    if m.ends_ongoing_damage:
        return [CostLine(roll.id, N_("Countdown: {count} successes to end the damage"), base, {"count": x}, page)]
    if not data.countdown.min_attempts <= m.attempts <= data.countdown.max_attempts:
        return [
            CostLine(
                roll.id,
                N_("Countdown: {count} successes in {rounds} rounds"),
                0,
                {"count": x, "rounds": m.attempts},
                page,
                counted=False,
            )
        ]
    ep = math.floor(base * data.countdown_multiplier(m.attempts))
    return [
        CostLine(
            roll.id, N_("Countdown: {count} successes in {rounds} rounds"), ep, {"count": x, "rounds": m.attempts}, page
        )
    ]


def _clumping(roll: RollSpec, ctx: RollContext) -> list[CostLine]:
    o = roll_data().options
    earlier = ctx.earlier.get(roll.ability or "", 0)
    if roll.freestanding or roll.ability not in ctx.secondary or earlier < o.clumping_free_rolls:
        return []
    name = rules().ability(roll.ability).name
    return [
        CostLine(
            roll.id,
            N_("Clumping: {count} earlier rolls of {ability}"),
            o.clumping_per_earlier * earlier,
            {"count": earlier, "ability": name},
            o.clumping_page,
        )
    ]


def price_roll(roll: RollSpec, ctx: RollContext) -> tuple[CostLine, ...]:
    """Every line one notes roll costs, in the book's order: its target, structure and options, combo surcharges,
    its Multiple roll, the clumping penalty. A rule the roll breaks is priced as written (roll_refusals says so)."""
    target = _target(roll)
    lines = [] if roll.freestanding else [target]
    options = _options(roll)
    lines += options
    lines += _combos(roll, target, options)
    lines += _multiple(roll, ctx, lines)
    lines += _clumping(roll, ctx)
    return tuple(lines)


def price_rolls(rolls: Sequence[RollSpec], heroes: int) -> tuple[CostLine, ...]:
    """An encounter's rolls in the order of its notes, each priced with the count of the earlier rolls against
    its secondary Ability (001c TV-22: the fourth and fifth Skald rolls pay 45 and 60)."""
    by_id = {r.id: r for r in rolls}
    secondary = secondary_abilities()
    earlier: dict[str, int] = {}
    out: list[CostLine] = []
    for roll in rolls:
        out += price_roll(roll, RollContext(heroes, dict(earlier), by_id, secondary))
        if roll.ability in secondary and not roll.freestanding:
            earlier[roll.ability] = earlier.get(roll.ability, 0) + 1
    return tuple(out)
