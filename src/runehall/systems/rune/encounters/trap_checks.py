"""What the rules forbid in an encounter's traps and hazards (spec 001c §18.7, the trap items; §6-§7), each a
Refusal at the trap's element id so the designer sees it beside the trap. Pricing (traps_pricing.py) prices a
trap as written regardless.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Element, Encounter, RollSpec
from runehall.systems.rune.encounters.quick_data import quick_file
from runehall.systems.rune.encounters.roll_data import roll_data
from runehall.systems.rune.encounters.trap_data import traps_file
from runehall.systems.rune.encounters.traps import Trap
from runehall.systems.rune.encounters.traps_pricing import COMBAT_STATS, sleep_points
from runehall.systems.rune.rules import rules

Found = list[tuple[str, dict[str, Any]]]
TRAP_KINDS = frozenset({"trap", "hazard"})


def is_trap(element: Element) -> bool:
    return element.kind in TRAP_KINDS


def count_refusals(encounter: Encounter) -> list[Refusal]:
    """At most 8 traps in an encounter and 4 in an event with a fight: the first one past the cap is refused."""
    data, found, total = traps_file().limits, [], 0
    for event in encounter.events:
        here = [e for e in event.elements if is_trap(e)]
        if event.combat is not None and len(here) > data.per_fight:
            values = {"most": data.per_fight, "count": len(here)}
            rule = N_("an event with a fight has at most {most} traps, not {count}")
            found.append(Refusal(rule, values, here[data.per_fight].id))
        for element in here:
            total += 1
            if total == data.per_encounter + 1:
                rule = N_("an encounter has at most {most} traps and hazards")
                found.append(Refusal(rule, {"most": data.per_encounter}, element.id))
    vp = sum(e.trap.loss_of_status for ev in encounter.events for e in ev.elements if e.trap is not None)
    if vp > traps_file().loss_of_status.most:
        found.append(Refusal(N_("loss of status costs at most {most} victory points in an encounter, not {vp}"),
                             {"most": traps_file().loss_of_status.most, "vp": vp}))  # fmt: skip
    return found


def _damage(trap: Trap, own: Mapping[str, RollSpec]) -> Found:
    d, found = trap.damage, list[tuple[str, dict[str, Any]]]()
    if d is None:
        return []
    top, dice = quick_file().dam.max_dam, traps_file().damage.most_dice
    if d.dam is not None and not 0 <= d.dam <= top:
        found.append((N_("a trap's Dam rating runs from 0 to {most}, not {dam}"), {"most": top, "dam": d.dam}))
    if d.dice is not None and d.dice > dice:
        found.append((N_("a trap rolls at most {most} damage dice, not {count}"), {"most": dice, "count": d.dice}))
    if d.recurrence != "none":
        end = own.get(d.end_roll or "")
        if end is None:
            found.append((N_("recurring or escalating damage names the roll of this event that ends it"), {}))
        elif end.extra_rolls != 0:
            found.append((N_("the roll that ends recurring damage may be tried again without limit and earns nothing"
                             " for it: give it no extra rolls"), {}))  # fmt: skip
    return found


LATER = N_("the roll {id!r} does not come after the trap's own roll: a trap makes only later rolls harder")


def _later(target: str, own: str | None, rolls: Mapping[str, RollSpec]) -> Found:
    """A roll a trap's effect falls on exists and comes after the trap's own roll in the notes."""
    order = list(rolls)
    if target not in rolls:
        return [(N_("no roll of these notes is called {id!r}"), {"id": target})]
    if own is not None and own in rolls and order.index(target) <= order.index(own):
        return [(LATER, {"id": target})]
    return []


def _earns_low(roll: RollSpec, least: int) -> bool:
    """Does the roll claim the gain of a Difficulty below 6 (a treasure roll or a Freestanding one never does)?"""
    return roll.purpose != "treasure" and not roll.freestanding and (roll.difficulty or least) < least


def _impairment(trap: Trap, rolls: Mapping[str, RollSpec], own: str | None = None) -> Found:
    found: Found = []
    most = traps_file().impairment.max_non_wound
    points = (trap.impairment.points if trap.impairment else 0) + (sleep_points(trap.sleep.hours_awake)
                                                                   if trap.sleep else 0)  # fmt: skip
    if points > most:
        found.append((N_("Impairment from anything but Wounds is at most {most}, not {points}"),
                      {"most": most, "points": points}))  # fmt: skip
    least = traps_file().impairment.lowest_free_difficulty
    for window in (w for w in (trap.impairment, trap.sleep) if w is not None):
        specific = getattr(window, "specific", ())
        abilities = {a.id for a in rules().abilities.ability}
        for name in specific:
            if name not in abilities and name not in COMBAT_STATS:
                found.append((N_("{name!r} is neither an Ability nor INIT, ATK, DFN or Engagement"), {"name": name}))
        order = list(rolls)
        after = order[order.index(own) + 1 :] if own is not None and own in rolls else []
        for roll_id in window.covers or after:  # none listed: every later roll
            roll = rolls.get(roll_id)
            later = _later(roll_id, own, rolls)
            if later:
                found += later
            elif (
                roll is not None
                and _earns_low(roll, least)
                and (not specific or {roll.ability, roll.stat} & set(specific))
            ):
                rule = N_("the roll {id!r} falls under the Impairment: it earns nothing for a Difficulty below {least}")
                found.append((rule, {"id": roll_id, "least": least}))
    return found


def _sticks(trap: Trap, roll: RollSpec | None, rolls: Mapping[str, RollSpec], own: str | None = None) -> Found:
    data, found = traps_file(), list[tuple[str, dict[str, Any]]]()
    for stick in trap.sticks:
        if stick.penalty > data.stick.max_penalty:
            found.append((N_("a stick's penalty is at most {most}, not {penalty}"),
                          {"most": data.stick.max_penalty, "penalty": stick.penalty}))  # fmt: skip
        found += _later(stick.roll, own, rolls)
    if any(b.all_foes for b in trap.foe_bonuses) and (roll is None or roll.structure != "weak_link"):
        found.append((N_("a bonus for every foe of the encounter needs a Weak Link roll to avoid it"), {}))
    c = data.stick_carrot
    if (combo := trap.stick_carrot) is not None:
        side = c.max_init_side if combo.init else c.max_side
        if max(combo.carrot, combo.stick) > side or max(combo.carrot_rounds, combo.stick_rounds) > c.max_rounds:
            found.append((N_("a stick or a carrot is at most {most} points for at most {rounds} rounds"),
                          {"most": side, "rounds": c.max_rounds}))  # fmt: skip
        found += _later(combo.roll, own, rolls)
    s = data.loss_of_status
    if trap.loss_of_status % s.step or trap.loss_of_status > s.most:
        found.append((N_("loss of status is a multiple of {step} victory points, at most {most}"),
                      {"step": s.step, "most": s.most}))  # fmt: skip
    return found


def _targeting(trap: Trap, own: Mapping[str, RollSpec]) -> Found:
    t, found = trap.targeting, list[tuple[str, dict[str, Any]]]()
    if t is None:
        return []
    most = traps_file().targeting.repeat[-1].targets
    if t.most is None and t.per_round is None:
        found.append((N_("limited targeting says how many heroes the trap can hit"), {}))
    if t.per_round is not None:
        if t.per_round > most:
            found.append((N_("a trap fires at most {most} shots a round, not {count}"),
                          {"most": most, "count": t.per_round}))  # fmt: skip
        if t.stop_by is None or (t.stop_by != "action" and t.stop_by not in own):
            found.append((N_("a trap that fires every round says how it is stopped: a roll of this event or an"
                             " action"), {}))  # fmt: skip
    return found


def _package(trap: Trap, roll: RollSpec | None) -> Found:
    from runehall.systems.rune.encounters.trap_packages import falling_cost, nuisance_cost

    p, found = trap.package, list[tuple[str, dict[str, Any]]]()
    kind = None if p is None else p.kind
    if kind == "falling" and falling_cost(getattr(p, "feet", 0)) is None:
        found.append((N_("a fall is at least {least} feet"), {"least": traps_file().falling.rows[0].feet[0]}))
    if kind == "nuisance" and nuisance_cost(getattr(p, "dam", 0)) is None:
        found.append((N_("nuisance animals have a DAM from 1 to 10"), {}))
    if kind == "grabber":
        escape = getattr(p, "escape_difficulty", None)
        chart = roll_data().difficulty
        if escape is not None and not chart.lowest <= escape <= chart.highest:
            found.append((N_("the Difficulty must be from {low} to {high}, not {value}"),
                          {"low": chart.lowest, "high": chart.highest, "value": escape}))  # fmt: skip
        if roll is not None and roll.structure not in ("standard", "singular"):
            found.append((N_("the roll to avoid a grabber is Standard or Singular"), {}))
    if kind == "lost" and roll is not None and roll.ability != "map":
        found.append((N_("getting lost is avoided by a Map roll"), {}))
    if kind == "ambush" and roll is not None and getattr(p, "by", "foes") == "heroes":
        # The heroes' own ambush is a Weak Link Stealth roll; the foes' may follow any failed roll (a slide into
        # their lair, as the sample adventure has it), its plain form being a Weak Link Awareness roll.
        if roll.structure != "weak_link" or roll.ability != "stealth":
            found.append((N_("an ambush is a Weak Link roll of {ability}"),
                          {"ability": rules().ability("stealth").name}))  # fmt: skip
    if kind == "acid":
        d = trap.damage
        if d is None or d.recurrence != "recurring" or not d.armour_ignoring or not trap.equipment_damage:
            found.append((N_("acid does recurring damage that ignores armour and harms equipment"), {}))
    return found


def trap_refusals(element: Element, own: Mapping[str, RollSpec], rolls: Mapping[str, RollSpec]) -> list[Refusal]:
    """What is wrong with one trap element. `own`: its event's rolls by id; `rolls`: the encounter's."""
    trap = element.trap
    if trap is None:
        return []
    roll = own.get(element.roll or "")
    found: Found = []
    heroes_ambush = trap.package is not None and getattr(trap.package, "by", None) == "heroes"
    if not is_trap(element) and not heroes_ambush:
        found.append((N_("only a trap or a hazard has a trap's effects"), {}))
    if element.roll is None:
        found.append((N_("a trap names the roll of this event that avoids it"), {}))
    if trap.triggers and not element.in_combat:
        found.append((N_("what sets a trap off in a fight is given only for a trap that goes off in a fight"), {}))
    found += _damage(trap, own) + _impairment(trap, rolls, element.roll) + _sticks(trap, roll, rolls, element.roll)
    found += _targeting(trap, own) + _package(trap, roll)
    return [Refusal(rule, values, element.id) for rule, values in found]


COMBO = N_("this trap does {count} kinds of harm: its roll is priced as a combo trap of {count} ill effects")


def ill_effects(trap: Trap) -> int:
    """The kinds of harm a failure does (001c §5.10): damage of any sort (a hazard's own, harm to equipment),
    Impairment, each stick and each bonus to the foes, loss of status."""
    harm = trap.damage is not None or trap.package is not None or trap.equipment_damage
    return (
        int(harm)
        + int(trap.impairment is not None or trap.sleep is not None)
        + len(trap.sticks)
        + len(trap.foe_bonuses)
        + int(trap.loss_of_status > 0)
    )


def trap_warnings(element: Element, own: Mapping[str, RollSpec]) -> list[Refusal]:
    """What the designer is warned of: a trap doing several kinds of harm on a roll not priced as a combo trap."""
    roll = own.get(element.roll or "")
    if element.trap is None or roll is None:
        return []
    count = ill_effects(element.trap)
    return [Refusal(COMBO, {"count": count}, element.id)] if count > roll.effects else []
