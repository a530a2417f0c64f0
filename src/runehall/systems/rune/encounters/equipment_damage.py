"""Equipment damage at the table (spec 001c §7.4, book p. 150): after a trap's damage, each item a hero carries
rolls d10 plus its modifier against half the raw damage (3 when the trap did him no damage); a failure by d
harms it by its kind. Plain functions of what was rolled; numbers from data/encounter_traps.toml.

Readings (001c §17): armour loses 1 plus 1 for every 2 full points of d (`armour_damage`, A-24); loot is
destroyed (A-25); a kit rolls against half the raw damage like everything else (A-75).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from runehall.errors import ParameterError
from runehall.present.words import N_
from runehall.systems.rune.encounters.trap_data import traps_file
from runehall.systems.rune.options import RuneOptions

State = Literal["unharmed", "damaged", "repairable", "destroyed", "slight", "mostly", "doubled_cost"]


@dataclass(frozen=True)
class Harm:
    state: State
    value: int | None = None  # what is left: Prot, DFN, a bonus, levels; None where nothing is counted
    atk: int | None = None  # a weapon's ATK, DFN and DAM after the harm
    dfn: int | None = None
    dam: int | None = None
    impairment: int = 0  # a damaged kit's decrease to its Ability


def item_modifier(
    load: Fraction | float | int | None = None, item: str | None = None, dwarven: bool = False, magical: bool = False
) -> int:
    """An item's modifier to its roll: a weapon, armour or shield twice its Load (fractions dropped), another
    item the book's value; dwarven +3, magical +6."""
    data = traps_file().equipment
    if item is not None:
        base = data.modifier(item)
        if base is None:
            raise ParameterError(N_("{item!r} is no kind of item the equipment damage rules know"), item=item)
    elif load is not None:
        base = math.floor(Fraction(load) * data.load_times)
    else:
        raise ParameterError(N_("an item's modifier comes from its Load or its kind"))
    return base + (data.dwarven if dwarven else 0) + (data.magical if magical else 0)


def damage_difficulty(raw: int | None) -> int:
    """Half the raw damage the hero took (before Soak), fractions dropped; 3 when the trap did him none."""
    return raw // 2 if raw else traps_file().equipment.unharmed_difficulty


def failure(die: int, modifier: int, difficulty: int) -> int:
    """By how much the item's roll failed (0: it held)."""
    return max(0, difficulty - (die + modifier))


def harm_armour(prot: int, d: int, options: RuneOptions) -> Harm:
    if d <= 0:
        return Harm("unharmed", prot)
    loss = d // 2 + (1 if options.armour_damage == "one_plus_half" else 0)
    left = prot - loss
    return Harm("repairable" if left > 0 else "destroyed", left)


def harm_weapon(atk: int, dfn: int, dam: int, d: int) -> Harm:
    if d <= 0:
        return Harm("unharmed", atk=atk, dfn=dfn, dam=dam)
    atk, dfn, dam = atk - d, dfn - d, dam - 2 * d
    return Harm("repairable" if max(atk, dfn, dam) > 0 else "destroyed", atk=atk, dfn=dfn, dam=dam)


def harm_shield(dfn: int, d: int) -> Harm:
    if d <= 0:
        return Harm("unharmed", dfn)
    return Harm("repairable" if dfn - d > 0 else "destroyed", dfn - d)


def harm_kit(d: int) -> Harm:
    """Slightly (-1 to its Ability while used), Mostly (-2) or wholly spoilt (the -3 of going without)."""
    data = traps_file().equipment
    slight, mostly, gone = data.kit_impairment
    if d <= 0:
        return Harm("unharmed")
    if d <= data.kit_slight_up_to:
        return Harm("slight", impairment=slight)
    if d <= data.kit_mostly_up_to:
        return Harm("mostly", impairment=mostly)
    return Harm("destroyed", impairment=gone)


def harm_charm(bonus: int, d: int) -> Harm:
    """A charm or amulet loses 1 + d/3 of its bonus; below 0 it is useless."""
    if d <= 0:
        return Harm("unharmed", bonus)
    left = bonus - (1 + d // traps_file().equipment.charm_per)
    return Harm("damaged" if left >= 0 else "destroyed", left)


def harm_helm(levels: int, d: int) -> Harm:
    """A Helm of Power loses 1 + d/5 of its granted levels; below 0 it is useless until restored."""
    if d <= 0:
        return Harm("unharmed", levels)
    left = levels - (1 + d // traps_file().equipment.helm_per)
    return Harm("repairable" if left >= 0 else "destroyed", left)


def harm_other(kind: Literal["potion", "loot", "legendary"], d: int) -> Harm:
    """A potion and loot are lost; a legendary item's levels cost double from then on (never repaired)."""
    if d <= 0:
        return Harm("unharmed")
    return Harm("doubled_cost" if kind == "legendary" else "destroyed")
