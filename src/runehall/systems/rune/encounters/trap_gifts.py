"""The Divine Gifts that guard a hero against traps and hazards and help his rolls of the notes (spec 001b §2.5):
what each adds to a roll, to his Soak or to the damage, for the encounter tracker to apply and for the buttons'
odds to follow. X is the hero's level in the gift (his sheet's `gifts`).

- The Owl Hears the Viper: +3X on an Awareness roll to find a trap set on purpose (`deliberate`).
- Scorn the Bite of Treachery (a trap set on purpose) / Skadi's Ermine Cloak (any other hazard): +3X Soak against
  its damage; against damage that ignores armour, Pre + X vs 6 makes it not ignore armour.
- The North's Cooling Sigh: heat or fire damage -3X; if it ignores armour, his armour's Prot counts after all.
- Resist the Serpent's Tears: +X on a Stamina roll against poison; a failure by 3 or less takes X less damage.
- Plumed Up by Njordsbreath: a fall is read X rows shorter on the falling chart (below its first row: no harm).
- Survive the Lake of Flame: escalating damage waits X rounds after the first (formulas.lake_of_flame_step).

Whether a trap was set on purpose: the notes' `deliberate`; where they leave it open (the runner decides by
writing it in), a trap is taken as set and a hazard as natural.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from runehall.chance.sources import Source
from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.trap_data import traps_file
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.gifts.formulas import lake_of_flame_step
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.sheet import Sheet
from runehall.systems.rune.stress import at_least

OWL, SCORN, SKADI = "the_owl_hears_the_viper", "scorn_the_bite_of_treachery", "skadis_ermine_cloak"
SIGH, SERPENT = "the_norths_cooling_sigh", "resist_the_serpents_tears"
PLUMED, LAKE = "plumed_up_by_njordsbreath", "survive_the_lake_of_flame"
ARMOUR_DIFFICULTY = 6  # Pre + X against this makes armour-ignoring damage not ignore armour
POISON_CLOSE = 3  # a failure by this much or less against poison takes X less damage


def deliberate(element: Element) -> bool:
    """Was it set on purpose by someone who meant harm? The notes say; else a trap is, a hazard is not."""
    said = element.trap.deliberate if element.trap is not None else None
    return said if said is not None else element.kind == "trap"


def levels(sheet: Mapping[str, Any]) -> dict[str, int]:
    """The hero's gifts, gift id -> level, as his sheet holds them."""
    if not sheet.get("gifts"):
        return {}
    return dict(Hero.model_validate({"name": "x", **sheet}).gifts)


def roll_terms(gifts: Mapping[str, int], roll: RollSpec, element: Element | None) -> list[tuple[str, int]]:
    """(gift name, amount) each gift adds to the hero's roll of the notes that a trap or hazard hangs on."""
    if element is None or element.trap is None:
        return []
    found = []
    if gifts.get(OWL) and roll.ability == "awareness" and deliberate(element):
        found.append((gift(OWL).name, 3 * gifts[OWL]))
    poison = element.trap.damage is not None and element.trap.damage.poison
    stamina = roll.characteristic == "sta" or (roll.ability is None and roll.characteristic == "sta")
    if gifts.get(SERPENT) and poison and stamina:
        found.append((gift(SERPENT).name, gifts[SERPENT]))
    return found


def guard(gifts: Mapping[str, int], element: Element) -> str | None:
    """The guarding gift the hero has against this trap or hazard (Scorn or Skadi's Cloak), or None."""
    which = SCORN if deliberate(element) else SKADI
    return which if gifts.get(which) else None


@dataclass(frozen=True)
class Guarded:
    """How the hero's gifts change one hit's damage: more Soak, less damage, and whether armour counts."""

    soak: int  # what he soaks with
    less: int  # taken off the raw damage before Soak (heat, poison)
    armour_roll: int | None  # Pre + X for Scorn or Skadi's roll to make armour count, or None when not rolled
    armour_counts: bool  # the armour's Prot counts (damage not ignoring armour, or a gift made it count)


def guarded(gifts: Mapping[str, int], element: Element, soak: int, prot: int, presence: int,
            failed_by: int, armour_made: bool | None = None) -> Guarded:  # fmt: skip
    """The hero's Soak and damage cut against this trap's hit. `armour_made`: the result of the guarding gift's
    roll when it was made (None: not yet, for the odds; then armour counts only without a roll)."""
    trap = element.trap
    assert trap is not None and trap.damage is not None
    damage = trap.damage
    guard_id = guard(gifts, element)
    x = gifts.get(guard_id, 0) if guard_id else 0
    ignores = damage.armour_ignoring
    roll = presence + x if guard_id and ignores else None
    counts = not ignores or bool(gifts.get(SIGH) and damage.heat) or bool(roll is not None and armour_made)
    less = 3 * gifts.get(SIGH, 0) if damage.heat else 0
    if damage.poison and gifts.get(SERPENT) and 0 < failed_by <= POISON_CLOSE:
        less += gifts[SERPENT]
    base = soak if counts else max(0, soak - prot)
    return Guarded(base + 3 * x, less, roll, counts)


def armour_chance(roll: int) -> Fraction:
    """The exact chance that Pre + X (a stress roll) meets 6."""
    return at_least(ARMOUR_DIFFICULTY - roll)


def presence(sheet: Mapping[str, Any], who: str, options: Any) -> int:
    return int(Sheet(Hero.model_validate({"name": who, **sheet}), options).characteristics["pre"])


def shorter_fall(feet: int, gifts: Mapping[str, int]) -> int | None:
    """The fall's height as Plumed Up by Njordsbreath reads it: X rows lower on the chart (the lower row's least
    height); None when that is below the chart: the fall does no harm."""
    x = gifts.get(PLUMED, 0)
    rows = traps_file().falling.rows
    at = next((i for i, r in enumerate(rows) if r.feet[0] <= feet <= r.feet[1]), None)
    if not x or at is None:
        return feet
    return rows[at - x].feet[0] if at - x >= 0 else None


def escalation_round(round_no: int, gifts: Mapping[str, int]) -> int:
    """Which round's escalating damage the hero takes (Survive the Lake of Flame holds it back X rounds)."""
    return lake_of_flame_step(round_no, gifts[LAKE]) if gifts.get(LAKE) else round_no


def hp_lost(raw: int, g: Guarded) -> int:
    return max(0, raw - g.less - g.soak)


def trap_of_roll(notes: Any, roll_id: str) -> Element | None:
    """The trap or hazard of the notes that hangs on this roll, if any."""
    for event in notes.events if notes is not None else ():
        element: Element
        for element in event.elements:
            if element.kind in ("trap", "hazard") and element.trap is not None and element.roll == roll_id:
                return element
    return None


def roll_bonus(notes: Any, sheet: Mapping[str, Any], roll: RollSpec) -> int:
    """What the hero's gifts add to this roll of the notes (a trap's or hazard's roll)."""
    return sum(amount for _, amount in roll_terms(levels(sheet), roll, trap_of_roll(notes, roll.id)))


def applied(sheet: Mapping[str, Any], who: str, element: Element, body: Any, failed_by: int, options: Any,
            source: Source) -> tuple[Guarded, list[list[int]]] | None:  # fmt: skip
    """A failing hero's guard against this hit as it happens: Scorn's or Skadi's roll made when the damage ignores
    armour (its faces returned); None when none of his gifts touches this damage."""
    from runehall.systems.rune.combat.settings import stress  # here: the combat package is heavy

    assert element.trap is not None
    gifts = levels(sheet)
    if element.trap.damage is None or not any(gifts.get(g) for g in (SCORN, SKADI, SIGH, SERPENT)):
        return None
    pre = presence(sheet, who, options)
    g = guarded(gifts, element, body.soak, body.armor_prot, pre, failed_by)
    if g.armour_roll is None or g.armour_counts:
        return g, []
    result, faces = stress(source)
    made = result + g.armour_roll >= ARMOUR_DIFFICULTY
    return guarded(gifts, element, body.soak, body.armor_prot, pre, failed_by, made), [list(faces)]


def touches(gifts: Mapping[str, int], element: Element) -> bool:
    """Does one of the hero's gifts change what this trap's damage does to him?"""
    return element.trap is not None and element.trap.damage is not None and any(
        gifts.get(g) for g in (SCORN, SKADI, SIGH, SERPENT)
    )


def hurt_chance(outcomes: Any, gifts: Mapping[str, int], element: Element, soak: int, prot: int, pre: int) -> Fraction:
    """The exact chance the hero loses HP, over the trap mechanic's outcomes (result, probability), with his gifts:
    a roll of Scorn or Skadi's Cloak weighs both ways by its own exact chance."""
    total = Fraction(0)
    for r, p in outcomes:
        if r.avoided:
            continue
        without = guarded(gifts, element, soak, prot, pre, r.failed_by, armour_made=False)
        chances = [(Fraction(1), without)]
        if without.armour_roll is not None and not without.armour_counts:
            made = armour_chance(without.armour_roll)
            chances = [(1 - made, without), (made, guarded(gifts, element, soak, prot, pre, r.failed_by, True))]
        total += p * sum((q for q, g in chances if hp_lost(r.raw, g) > 0 or r.beyond > 0), Fraction(0))
    return total
