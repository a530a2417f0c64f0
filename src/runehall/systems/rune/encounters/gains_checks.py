"""What the rules refuse about treasure and the other gains of the notes (spec 001c §8.2-§8.3, §9, §18.7), each
refusal beside the element (or roll) it is about:

- a gain on a condition the runner controls; a gain behind a roll that names none, or had by a simple choice that
  names one; a gain had after a danger with no fight or trap before it (§4.2); treasure won by a roll that is not a
  treasure roll (so its low Difficulty would earn, §8.2);
- more than 9 ounces of paltry silver in an event; more than 9 pieces of liar's silver (in the encounter, or in
  an event with the option `liars_silver_limit`, A-30);
- a carrot for a roll the notes do not have; a Freestanding roll at a Difficulty the list does not price (A-45);
- a loot cache's Recovery Difficulty outside 4-7; a merchant's Bargain bonus off the Opposed chart;
- a reason to go home with a bonus over 5, or in an encounter with less than 75 encounter points of treasure
  (categories and paltry silver, A-46);
- a healing opportunity earning more than the trap damage bought before it, unless fights come before and after
  it, or not followed by a fight or by traps whose damage is worth as much (001c TV-85).
"""

from __future__ import annotations

from collections.abc import Sequence

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.gains import Bargaining, Carrot, GoHome, Healing, LiarsSilver, LootCache, Silver
from runehall.systems.rune.encounters.gains_data import gains_data
from runehall.systems.rune.encounters.gains_pricing import freestanding_line, gain_elements, healing_ep, listed
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.roll_data import roll_data

LOOT = ("treasure", "silver", "liars_silver")
NOT_A_GAIN = N_("only a treasure or a gain has a gain's table")
CHOICE_ROLL = N_("a treasure or gain had by a simple choice needs no roll: one behind a roll is marked as won by it")
AFTER_NOTHING = N_("a treasure or gain had after a danger needs a fight or a trap before it: the notes have none there")
RUNNER = N_("a treasure or gain may not hang on a condition the runner controls: a pillager's choice must trigger it")
NO_ROLL = N_("a treasure or gain behind a roll names the roll of its event that wins it")
TREASURE_ROLL = N_(
    "the roll {id!r} wins treasure, so it must be marked as a treasure roll (which earns nothing below Difficulty 6)"
)
SILVER = N_("at most {most} ounces of paltry silver in an event, not {ounces}: more must be a treasure category")
LIARS_ENCOUNTER = N_("at most {most} pieces of liar's silver in an encounter, not {pieces}")
LIARS_EVENT = N_("at most {most} pieces of liar's silver in an event, not {pieces}")
CARROT = N_("a carrot adds to a roll of the notes: there is no roll {id!r}")
FREESTANDING = N_("a Freestanding roll is made against 6, 8, 10, 12 or 14, not {difficulty}")
CACHE = N_("a loot cache's Recovery Difficulty is 4, 5, 6 or 7, not {difficulty}")
MERCHANT = N_("a merchant's Bargain bonus is priced from {low} to {high}, not {bonus}")
GO_HOME_BONUS = N_("a reason to go home gives each hero at most +{most}, not +{bonus}")
GO_HOME_TREASURE = N_(
    "a reason to go home needs {needed} encounter points of treasure in the encounter; it has {treasure}"
)
HEALING_DAMAGE = N_(
    "a healing opportunity worth {value} needs a fight before it and after it, or as much trap damage before it"
    " (there is {damage})"
)
HEALING_AFTER = N_(
    "a healing opportunity worth {value} must be followed by a fight or by traps whose damage is worth as much"
    " (there is {damage})"
)


def healing_allowed(value: int, damage_before: int, fight_before: bool, fight_after: bool, damage_after: int) -> bool:
    """May a haven worth `value` (encounter points earned, as a positive number) be placed here (001c §9.5)?"""
    if fight_before and fight_after:
        return True
    return value <= damage_before and (fight_after or damage_after >= value)


def treasure_worth(lines: Sequence[CostLine], encounter: Encounter) -> int:
    """The encounter points the encounter earns from treasure categories and paltry silver (001c A-46)."""
    ids = {e.id for _, e, g in gain_elements(encounter) if g.kind in ("treasure", "silver")}
    return -sum(line.ep for line in lines if line.where in ids and line.counted and line.ep < 0)


def _danger_before(encounter: Encounter, element_id: str) -> bool:
    """Is there a fight in this event or an earlier one, or a trap or hazard before this element (§4.2, §8.2)?"""
    for event in encounter.events:
        if event.combat is not None:
            return True
        for element in event.elements:
            if element.id == element_id:
                return False
            if element.kind in ("trap", "hazard"):
                return True
    return False


def _damage(lines: Sequence[CostLine], ids: set[str]) -> int:
    return sum(line.ep for line in lines if line.where in ids and line.counted and line.ep > 0)


def _healing(encounter: Encounter, lines: Sequence[CostLine]) -> list[Refusal]:
    placed = [(i, e) for i, event in enumerate(encounter.events) for e in event.elements]
    fights = [i for i, event in enumerate(encounter.events) if event.combat is not None]
    found: list[Refusal] = []
    for at, (index, element) in enumerate(placed):
        if not isinstance(element.gain, Healing):
            continue
        value = -healing_ep(element.gain.hours)
        before = {e.id for _, e in placed[:at] if e.kind in ("trap", "hazard")}
        after = {e.id for _, e in placed[at + 1 :] if e.kind in ("trap", "hazard")}
        fight_before, fight_after = any(i < index for i in fights), any(i > index for i in fights)
        damage_before, damage_after = _damage(lines, before), _damage(lines, after)
        if healing_allowed(value, damage_before, fight_before, fight_after, damage_after):
            continue
        if not (fight_before and fight_after) and value > damage_before:
            found.append(Refusal(HEALING_DAMAGE, {"value": value, "damage": damage_before}, element.id))
        else:
            found.append(Refusal(HEALING_AFTER, {"value": value, "damage": damage_after}, element.id))
    return found


def gain_refusals(encounter: Encounter, lines: Sequence[CostLine], liars_limit: str = "per_encounter") -> list[Refusal]:
    """Every refusal about the notes' treasure and gains; `lines`: the encounter's priced lines (for the trap
    damage around a healing opportunity and the treasure a reason to go home needs)."""
    d = gains_data()
    by_id = {r.id: r for event in encounter.events for r in event.rolls}
    rolls = set(by_id)
    found: list[Refusal] = []
    silver: dict[str, int] = {}
    liars: dict[str, int] = {}
    for event, element, gain in gain_elements(encounter):
        where = element.id
        if element.kind not in ("treasure", "gain"):
            found.append(Refusal(NOT_A_GAIN, {}, where))
        if gain.how == "runner_controlled":
            found.append(Refusal(RUNNER, {}, where))
        if gain.how == "roll" and element.roll is None:
            found.append(Refusal(NO_ROLL, {}, where))
        if gain.how in ("plain_sight", "after_danger") and element.roll is not None:
            found.append(Refusal(CHOICE_ROLL, {}, where))
        if gain.how == "after_danger" and not _danger_before(encounter, element.id):
            found.append(Refusal(AFTER_NOTHING, {}, where))
        won = by_id.get(element.roll or "")
        if won is not None and gain.kind in LOOT and won.purpose != "treasure":
            found.append(Refusal(TREASURE_ROLL, {"id": won.id}, where))
        if isinstance(gain, Silver):
            silver[event.id] = silver.get(event.id, 0) + gain.ounces
            if silver[event.id] > d.silver.most_per_event:
                found.append(Refusal(SILVER, {"most": d.silver.most_per_event, "ounces": silver[event.id]}, where))
        if isinstance(gain, LiarsSilver):
            key = event.id if liars_limit == "per_event" else ""
            liars[key] = liars.get(key, 0) + gain.pieces
            if liars[key] > d.liars_silver.most:
                rule = LIARS_EVENT if key else LIARS_ENCOUNTER
                found.append(Refusal(rule, {"most": d.liars_silver.most, "pieces": liars[key]}, where))
        if isinstance(gain, Carrot) and gain.target not in rolls:
            found.append(Refusal(CARROT, {"id": gain.target}, where))
        if isinstance(gain, LootCache) and listed(d.loot_cache.recovery, gain.recovery) is None:
            found.append(Refusal(CACHE, {"difficulty": gain.recovery}, where))
        if isinstance(gain, Bargaining) and roll_data().opposed.ep(gain.merchant_bonus) is None:
            o = roll_data().opposed
            found.append(Refusal(MERCHANT, {"low": o.lowest, "high": o.highest, "bonus": gain.merchant_bonus}, where))
        if isinstance(gain, GoHome):
            if gain.bonus > d.go_home.most_bonus:
                found.append(Refusal(GO_HOME_BONUS, {"most": d.go_home.most_bonus, "bonus": gain.bonus}, where))
            worth = treasure_worth(lines, encounter)
            if worth < d.go_home.treasure_needed:
                found.append(Refusal(GO_HOME_TREASURE, {"needed": d.go_home.treasure_needed, "treasure": worth}, where))
    for event in encounter.events:
        for roll in event.rolls:
            if roll.freestanding and not freestanding_line(roll).counted:
                found.append(Refusal(FREESTANDING, {"difficulty": roll.difficulty}, roll.id))
    return found + _healing(encounter, lines)
