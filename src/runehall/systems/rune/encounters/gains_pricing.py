"""What treasure and the other gains of the notes earn (spec 001c §8.1-§8.3, §9; §18.3 `price_gain`): each gain
as its own lines, every line naming its rule and the book's page; and a Freestanding roll's Difficulty, priced by
the gains' own list. The caps on earning are kept as uncounted lines so the designer sees why they earn nothing:
a fourth treasure of one category in an event, a sixth in the encounter (001c TV-74), a third shrine or a second
of one god, a treasure the heroes cannot reach. What the rules refuse is gains_checks.py's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Element, Encounter, Event, RollSpec
from runehall.systems.rune.encounters.gains import (
    Bargaining,
    Carrot,
    Gain,
    GoHome,
    Healing,
    Invigoration,
    LiarsSilver,
    LootCache,
    Shrine,
    Silver,
    Treasure,
    VPAward,
)
from runehall.systems.rune.encounters.gains_data import gains_data
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.roll_data import roll_data

TREASURE = N_("Treasure of Category {category}")
SILVER = N_("{ounces} ounces of silver")
LIARS = N_("{pieces} pieces of liar's silver")
CARROT = N_(
    "Carrot: +{bonus} to a later roll, for {rounds} rounds (earning for at most {points} points and {most} rounds)"
)
CARROT_INIT = N_("Carrot: +{bonus} INIT, for {rounds} rounds (earning for at most {points} INIT and {most} rounds)")
CARROT_ONCE = N_("Carrot: +{bonus} to a later roll (earning for at most {points} points)")
CARROT_INIT_ONCE = N_("Carrot: +{bonus} INIT (earning for at most {points} INIT)")
HEALING = N_("Healing opportunity: a stay of up to {hours} hours")
HEALING_FREE = N_("Healing opportunity with no limit on the stay")
INVIGORATION = {
    "combat": N_("Invigoration +{points}: {count} combat sequences in its window"),
    "trap_roll": N_("Invigoration +{points}: {count} trap rolls in its window"),
    "gain_roll": N_("Invigoration +{points}: {count} gain rolls in its window"),
    "freestanding": N_("Invigoration +{points}: {count} Freestanding rolls in its window"),
    "specific_combat": N_("Specific Invigoration +{points} of a combat roll: {count} combat sequences"),
}
BARGAINING = N_("Bargaining opportunity")
MERCHANT = N_("The merchant's Bargain bonus of {bonus}")
CACHE = N_("Loot cache, Recovery Difficulty {difficulty}")
SHRINE = N_("Shrine of {deity}")
AWARD = N_("Victory point award of {vp}")
AWARD_VARIABLE = N_("Victory point award that varies")
GO_HOME = N_("Reason to go home: +{bonus} to each hero's Lore roll")
FREESTANDING = N_("Freestanding roll against {difficulty}")
OUT_OF_REACH = N_("The heroes cannot obtain it, so it earns nothing")
OVER_EVENT = N_("A fourth treasure of one category in an event earns nothing")
OVER_ENCOUNTER = N_("A sixth treasure of one category in an encounter earns nothing")
OVER_SHRINES = N_("Only two shrines, of different gods, earn encounter points")
DEITY_NAMES = {
    "freyja": N_("Freyja"), "heimdal": N_("Heimdal"), "loki": N_("Loki"), "njord": N_("Njord"), "odin": N_("Odin"),
    "thor": N_("Thor"), "tyr": N_("Tyr"), "ull": N_("Ull"), "other": N_("another god"),
}  # fmt: skip


def listed(table: tuple[tuple[int, int], ...], value: int) -> int | None:
    """The encounter points a table lists for exactly `value`."""
    return next((ep for v, ep in table if v == value), None)


def healing_ep(hours: int | None) -> int:
    """A haven's gain by its longest stay: the largest listed stay not above it (001c A-89); no limit: -30."""
    data = gains_data().healing
    if hours is None:
        return data.no_limit
    fitting = [ep for h, ep in data.hours if h <= hours]
    return fitting[-1] if fitting else 0


def carrot_ep(bonus: int, rounds: int, init: bool, init_price: str = "five_thirds") -> int:
    """-5 a point (or a point for each 3 INIT), the first 6 points (18 INIT) and 3 rounds only (001c §9.3, A-18)."""
    rule = gains_data().carrot
    if init:
        most = rule.most_points * rule.init_per_point
        kept = min(bonus, most)
        points = kept // rule.init_per_point if init_price == "per_full_three" else None
        per_round = (
            rule.per_point * points if points is not None else -((-rule.per_point * kept) // rule.init_per_point)
        )
    else:
        per_round = rule.per_point * min(bonus, rule.most_points)
    return per_round * min(rounds, rule.most_rounds)


def invigoration_lines(where: str, gain: Invigoration) -> list[CostLine]:
    rule, page = gains_data().invigoration, gains_data().invigoration.page
    if gain.specific == "combat":
        counts = {"specific_combat": gain.combats}
    else:
        counts = {"trap_roll": gain.trap_rolls, "gain_roll": gain.gain_rolls, "freestanding": gain.freestanding}
        if gain.specific == "general":
            counts = {"combat": gain.combats, **counts}
    return [
        CostLine(where, INVIGORATION[k], getattr(rule, k) * n * gain.points, {"points": gain.points, "count": n}, page)
        for k, n in counts.items()
        if n
    ]


def price_gain(where: str, gain: Gain, init_price: str = "five_thirds") -> list[CostLine]:
    """A gain's lines as its rules price it, caps on earning aside."""
    d = gains_data()
    v: dict[str, Any]
    match gain:
        case Treasure():
            v = {"category": gain.category}
            return [CostLine(where, TREASURE, d.treasure.category[gain.category], v, d.treasure.page)]
        case Silver():
            return [CostLine(where, SILVER, d.silver.per_ounce * gain.ounces, {"ounces": gain.ounces}, d.silver.page)]
        case LiarsSilver():
            v = {"pieces": gain.pieces}
            return [CostLine(where, LIARS, d.liars_silver.per_piece * gain.pieces, v, d.liars_silver.page)]
        case Carrot():
            c = d.carrot
            most = c.most_points * (c.init_per_point if gain.init else 1)
            v = {"bonus": gain.bonus, "rounds": gain.rounds, "points": most, "most": c.most_rounds}
            ep = carrot_ep(gain.bonus, gain.rounds, gain.init, init_price)
            if gain.rounds == 1:
                return [CostLine(where, CARROT_INIT_ONCE if gain.init else CARROT_ONCE, ep, v, c.page)]
            return [CostLine(where, CARROT_INIT if gain.init else CARROT, ep, v, c.page)]
        case Healing():
            rule, v = (HEALING_FREE, {}) if gain.hours is None else (HEALING, {"hours": gain.hours})
            ep = healing_ep(gain.hours)
            return [CostLine(where, rule, ep, v, d.healing.page, counted=ep != 0)]
        case Invigoration():
            return invigoration_lines(where, gain)
        case Bargaining():
            opposed = roll_data().opposed.ep(gain.merchant_bonus)
            merchant = CostLine(where, MERCHANT, opposed or 0, {"bonus": gain.merchant_bonus}, roll_data().opposed.page,
                                counted=opposed is not None)  # fmt: skip
            return [CostLine(where, BARGAINING, d.bargaining.ep, {}, d.bargaining.page), merchant]
        case LootCache():
            found = listed(d.loot_cache.recovery, gain.recovery)
            v = {"difficulty": gain.recovery}
            return [CostLine(where, CACHE, found or 0, v, d.loot_cache.page, counted=found is not None)]
        case Shrine():
            v = {"deity": DEITY_NAMES[gain.deity]}
            return [CostLine(where, SHRINE, -roll_data().deity_cost(gain.deity), v, d.shrine.page)]
        case VPAward():
            if gain.vp is None:
                return [CostLine(where, AWARD_VARIABLE, d.vp_award.variable, {}, d.vp_award.page)]
            return [CostLine(where, AWARD, -gain.vp, {"vp": gain.vp}, d.vp_award.page)]
        case GoHome():
            v = {"bonus": gain.bonus}
            return [CostLine(where, GO_HOME, d.go_home.per_bonus * gain.bonus, v, d.go_home.page)]
    raise AssertionError(gain)  # pragma: no cover - the union is matched in full


def freestanding_line(roll: RollSpec) -> CostLine:
    """A Freestanding roll's Difficulty by the gains' own list (other Difficulties are not priced, A-45)."""
    d = gains_data().freestanding
    value = roll.difficulty if roll.difficulty is not None else roll_data().difficulty.default
    ep = listed(d.difficulty, value)
    return CostLine(roll.id, FREESTANDING, ep or 0, {"difficulty": value}, d.page, counted=ep is not None)


def gain_elements(encounter: Encounter) -> Iterator[tuple[Event, Element, Gain]]:
    for event in encounter.events:
        for element in event.elements:
            if element.gain is not None:
                yield event, element, element.gain


def _capped(lines: list[CostLine], rule: str) -> list[CostLine]:
    """The lines kept, counting for nothing, and a line that says why."""
    why = CostLine(lines[0].where, rule, 0, {}, lines[0].page, counted=False)
    return [*(replace(line, counted=False) for line in lines), why]


def price_gains(encounter: Encounter, init_price: str = "five_thirds") -> list[CostLine]:
    """Every gain's lines and every Freestanding roll's, in the order of the notes, the caps applied."""
    t, s = gains_data().treasure, gains_data().shrine
    lines: list[CostLine] = []
    per_event: dict[tuple[str, str], int] = {}
    per_encounter: dict[str, int] = {}
    deities: list[str] = []
    for event in encounter.events:
        lines += [freestanding_line(r) for r in event.rolls if r.freestanding]
        for element in event.elements:
            gain = element.gain
            if gain is None:
                continue
            priced = price_gain(element.id, gain, init_price)
            if gain.how == "out_of_reach":
                priced = _capped(priced, OUT_OF_REACH)
            elif isinstance(gain, Treasure):
                in_event = per_event[event.id, gain.category] = per_event.get((event.id, gain.category), 0) + 1
                overall = per_encounter[gain.category] = per_encounter.get(gain.category, 0) + 1
                if in_event > t.per_event:
                    priced = _capped(priced, OVER_EVENT)
                elif overall > t.per_encounter:
                    priced = _capped(priced, OVER_ENCOUNTER)
            elif isinstance(gain, Shrine):
                if len(deities) >= s.most or gain.deity in deities:
                    priced = _capped(priced, OVER_SHRINES)
                else:
                    deities.append(gain.deity)
            lines += priced
    return lines
