"""What a trap's or hazard's ill effects cost (spec 001c §6-§7, §18.3 price_trap): each rule applied to the
trap a line of its own at the trap's element (the bundling rule), naming the rule and its book page. The roll
that avoids the trap is priced with the other rolls (rolls.py): its Difficulty, its structure, a combo trap's
surcharge. What the rules forbid is trap_checks.py's; a value off its chart is priced at nothing, uncounted.

Readings (001c §17, options in options.py): recurring damage costs 2.5 times the flat cost, escalating damage
2.5 times the bare Dam rating plus 15 (`escalating_trap_cost`), either in place of the flat cost (A-15); INIT
points cost 5 per 3 (`init_bonus_price`, A-18); repeat shots replace limited targeting (A-19); a zone of
danger costs 5 a point, a zone of safety earns 5 a point up to what the trap's damage costs (A-20). A stick
and carrot on one roll pays or earns 5 for each point-round by which one side outweighs the other.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.quick import dam_cost
from runehall.systems.rune.encounters.roll_data import roll_data
from runehall.systems.rune.encounters.trap_data import traps_file
from runehall.systems.rune.encounters.trap_window import Window
from runehall.systems.rune.encounters.traps import Damage, FoeBonus, Impairment, SleepDeprivation, StickCarrot, Trap
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules

DAM = N_("Dam rating {dam}")
DICE = N_("Random damage: {count} dice")
RECURRING = N_("Recurring damage (2.5 times its cost)")
ESCALATING = N_("Escalating damage (2.5 times the Dam rating, plus {extra})")
ARMOUR = N_("Damage that ignores armour")
DAMAGE_RULES = frozenset({DAM, DICE, RECURRING, ESCALATING, ARMOUR})
STAT_NAMES = {"init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN")}


def flat_cost(damage: Damage) -> int | None:
    """What the damage would cost hitting once: its Dam rating's cost or its dice's; None off the charts."""
    data = traps_file().damage
    if damage.dice is not None:
        return next((d.ep for d in data.dice if d.count == damage.dice), None)
    dam = damage.dam or 0
    return dam_cost(dam) if 0 <= dam <= quick_dam_max() else None


def quick_dam_max() -> int:
    from runehall.systems.rune.encounters.quick_data import quick_file

    return quick_file().dam.max_dam


def damage_lines(where: str, damage: Damage, options: RuneOptions) -> list[CostLine]:
    """The damage's cost: flat or random, or what makes it recurring or escalating in its place, and the
    armour-ignoring surcharge."""
    data = traps_file().damage
    flat = flat_cost(damage)
    lines: list[CostLine] = []
    if damage.dice is not None:
        lines.append(CostLine(where, DICE, flat or 0, {"count": damage.dice}, data.dice_page, counted=flat is not None))
    else:
        lines.append(CostLine(where, DAM, flat or 0, {"dam": damage.dam}, data.page, counted=flat is not None))
    if damage.recurrence == "recurring" and flat is not None:
        lines[0] = CostLine(where, lines[0].rule, lines[0].ep, lines[0].values, lines[0].page, counted=False)
        lines.append(CostLine(where, RECURRING, math.floor(flat * data.recurring_times), {}, data.recurring_page))
    if damage.recurrence == "escalating" and flat is not None:
        lines[0] = CostLine(where, lines[0].rule, lines[0].ep, lines[0].values, lines[0].page, counted=False)
        bare = flat if options.escalating_trap_cost == "with_surcharge" or damage.dam is None else damage.dam
        ep = math.floor(bare * data.recurring_times) + data.escalating_extra
        lines.append(CostLine(where, ESCALATING, ep, {"extra": data.escalating_extra}, data.recurring_page))
    if damage.armour_ignoring:
        lines.append(CostLine(where, ARMOUR, data.armour_ignoring, {}, data.armour_ignoring_page))
    return lines


def sleep_points(hours_awake: int) -> int:
    """General Impairment from hours awake (001c A-17): the deprivation counts past 16 hours."""
    data = traps_file().sleep
    deprived = hours_awake - data.awake_before
    return max((r.points for r in data.rows if deprived >= r.hours), default=0)


def impairment_ep(points: int, window: Window, specific: bool, combat_stats: bool) -> int:
    """Points times what each point costs over the window: every fight left, every trap and gain roll, every
    Freestanding roll. Specific Impairment pays for fights only when it touches INIT, ATK, DFN or Engagement."""
    data = traps_file().impairment
    per_combat = data.per_combat if not specific else data.per_combat_specific if combat_stats else 0
    base = (
        window.combats * per_combat
        + window.trap_rolls * data.per_trap_roll
        + window.gain_rolls * data.per_gain_roll
        + window.freestanding * data.per_freestanding
    )
    return base * points


def declared(given: Impairment | SleepDeprivation, counted: Window) -> Window:
    """The window the designer gave, each count he left out taken from the notes."""

    def pick(mine: int | None, theirs: int) -> int:
        return theirs if mine is None else mine

    return Window(
        pick(given.combats, counted.combats),
        pick(given.trap_rolls, counted.trap_rolls),
        pick(given.gain_rolls, counted.gain_rolls),
        pick(given.freestanding, counted.freestanding),
    )


COMBAT_STATS = frozenset({"init", "atk", "dfn", "engagement"})


def impairment_lines(where: str, trap: Trap, windows: tuple[Window, Window]) -> list[CostLine]:
    """`windows`: what the notes leave after the trap for all rolls, and for the specific Impairment's."""
    page, lines = traps_file().impairment.page, []
    if (i := trap.impairment) is not None:
        touches = bool((COMBAT_STATS | set(rules().fighting_abilities())) & set(i.specific))  # directly or not
        ep = impairment_ep(i.points, declared(i, windows[1 if i.specific else 0]), bool(i.specific), touches)
        rule = N_("Specific Impairment of {points}") if i.specific else N_("Impairment of {points}")
        lines.append(CostLine(where, rule, ep, {"points": i.points}, page))
    if (s := trap.sleep) is not None:
        points = sleep_points(s.hours_awake)
        ep = impairment_ep(points, declared(s, windows[0]), False, False)
        values = {"hours": s.hours_awake, "points": points}
        lines.append(CostLine(where, N_("Sleep deprivation: {hours} hours awake, Impairment of {points}"), ep,
                              values, traps_file().sleep.page))  # fmt: skip
    return lines


def init_price(points: int, options: RuneOptions) -> int:
    """What INIT points cost a round: 5 for every 3 (001c A-18)."""
    data = traps_file().stick
    if options.init_bonus_price == "per_full_three":
        return data.per_point * (points // data.init_per_point)
    return math.floor(data.per_point * points / data.init_per_point)


def foe_bonus_ep(bonus: FoeBonus, options: RuneOptions) -> int:
    data = traps_file().stick
    each = init_price(bonus.bonus, options) if bonus.stat == "init" else data.per_point * bonus.bonus
    return each * bonus.rounds


def stick_carrot_sides(combo: StickCarrot, options: RuneOptions) -> tuple[int, int]:
    """(the stick's cost, the carrot's earning): 5 a point and a round each (INIT: 5 per 3 points), two lines
    never netted (the bundling rule, as the sample adventure prints them): when the sides match the element
    comes out even; the larger side decides whether it costs or earns, by 5 for each point-round of difference."""
    per = traps_file().stick_carrot.per_point

    def side(points: int, rounds: int) -> int:
        return init_price(points, options) * rounds if combo.init else per * points * rounds

    return side(combo.stick, combo.stick_rounds), -side(combo.carrot, combo.carrot_rounds)


def stick_lines(where: str, trap: Trap, options: RuneOptions) -> list[CostLine]:
    data, lines = traps_file(), []
    values: dict[str, object]
    for stick in trap.sticks:
        values = {"penalty": stick.penalty, "rounds": stick.rounds}
        ep = data.stick.per_point * stick.penalty * stick.rounds
        lines.append(CostLine(where, N_("Stick: -{penalty} to a later roll (rounds: {rounds})"), ep, values,
                              data.stick.page))  # fmt: skip
    for bonus in trap.foe_bonuses:
        values = {"stat": STAT_NAMES[bonus.stat], "bonus": bonus.bonus, "rounds": bonus.rounds}
        lines.append(CostLine(where, N_("The foes gain +{bonus} {stat} (rounds: {rounds})"),
                              foe_bonus_ep(bonus, options), values, data.stick.page))  # fmt: skip
    if (combo := trap.stick_carrot) is not None:
        paid, earned = stick_carrot_sides(combo, options)
        page = data.stick_carrot.page
        lines.append(CostLine(where, N_("Stick and carrot: -{points} on a failure (rounds: {rounds})"), paid,
                              {"points": combo.stick, "rounds": combo.stick_rounds}, page))  # fmt: skip
        lines.append(CostLine(where, N_("Stick and carrot: +{points} on a success (rounds: {rounds})"), earned,
                              {"points": combo.carrot, "rounds": combo.carrot_rounds}, page))  # fmt: skip
    if trap.loss_of_status:
        values = {"vp": trap.loss_of_status}
        lines.append(CostLine(where, N_("Loss of status: {vp} victory points"), trap.loss_of_status, values,
                              data.loss_of_status.page))  # fmt: skip
    return lines


def targeting_lines(where: str, trap: Trap, options: RuneOptions) -> list[CostLine]:
    data, t = traps_file().targeting, trap.targeting
    if t is None:
        return []
    lines: list[CostLine] = []
    if t.most is not None:
        row = data.limited[min(t.most, len(data.limited)) - 1]
        counted = t.per_round is None or options.repeat_shots_keep_limited
        lines.append(CostLine(where, N_("Limited targeting (most victims: {count})"), row.ep, {"count": t.most},
                              data.page, counted=counted))  # fmt: skip
    if t.per_round is not None:
        ep = next((r.ep for r in data.repeat if r.targets == t.per_round), None)
        lines.append(CostLine(where, N_("Repeat shots (victims a round: {count})"), ep or 0, {"count": t.per_round},
                              data.repeat_page, counted=ep is not None))  # fmt: skip
    return lines


def positional_line(where: str, trap: Trap, damage_cost: int, options: RuneOptions) -> list[CostLine]:
    data, p = traps_file().positional, trap.positional
    if p is None:
        return []
    points = p.paces // data.paces_per_point
    if p.zone == "danger":
        per = data.book_danger_per_point if options.danger_zone_price == "book_examples" else data.per_point
        return [CostLine(where, N_("Zone of danger: up to -{points}"), per * points, {"points": points}, data.page)]
    earned = min(data.per_point * points, max(0, damage_cost))
    return [CostLine(where, N_("Zone of safety: up to +{points}"), -earned, {"points": points}, data.page)]


def price_trap(
    element: Element,
    rolls: Mapping[str, RollSpec],
    options: RuneOptions,
    windows: tuple[Window, Window] = (Window(), Window()),
) -> list[CostLine]:
    """Every line a trap's effects cost, in the book's order (§6 then §7), at the element's id. `rolls`: the
    encounter's rolls by id (the trap's own roll decides a lost party's Map surcharge); `windows`: what the
    notes leave after the trap (trap_window.py), for all rolls and for its specific Impairment's, where the
    designer gave no count."""
    from runehall.systems.rune.encounters.trap_packages import package_lines

    trap, where = element.trap, element.id
    if trap is None:
        return []
    lines = damage_lines(where, trap.damage, options) if trap.damage is not None else []
    lines += impairment_lines(where, trap, windows)
    lines += stick_lines(where, trap, options)
    lines += targeting_lines(where, trap, options)
    lines += package_lines(where, trap, rolls.get(element.roll or ""))
    if trap.equipment_damage:
        data = traps_file().equipment
        lines.append(CostLine(where, N_("Equipment damage"), data.ep, {}, data.page))
    damage_cost = sum(line.ep for line in lines if line.counted and line.ep > 0 and line.rule in DAMAGE_RULES)
    damage_cost += sum(line.ep for line in lines if line.counted and line.ep > 0 and line.rule in PACKAGE_DAMAGE)
    return lines + positional_line(where, trap, damage_cost, options)


def difficulty_ep(difficulty: int) -> int | None:
    return roll_data().difficulty.ep(difficulty)


PACKAGE_DAMAGE = frozenset(
    {N_("Falling {feet} feet"), N_("Flame exposure"), N_("Raging fire"), N_("Drowning: {waters} waters")}
)
