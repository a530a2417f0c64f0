"""The gallery's and the terrain's rules at the table (spec 001b §9, §11.3, §11.5, §11.6, §11.12), as pure
functions the combat tracker calls with the totals it rolled: cover against missiles from above or below,
falls and rolls down a slope, decoys, hostages, the tube-striker's throws, the medic's barb-net, the
Dishonored getting up, the land crab clamping up and the wendol's charge. Numbers from data/gallery.toml,
and from the tracker's own missiles.toml and terrain.toml where it already holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from runehall.errors import ParameterError
from runehall.present.words import N_
from runehall.systems.rune.combat.settings import missile_modifier
from runehall.systems.rune.combat.terrain import feature, terrain
from runehall.systems.rune.encounters.gallery_data import Cover, gallery
from runehall.systems.rune.options import RuneOptions


def _die(face: int, sides: int) -> int:
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
        raise ParameterError(N_("a die of {sides} faces shows 1 to {sides}, not {face}"), sides=sides, face=face)
    return face


# -- cover and elevation (001b §11.3) --------------------------------------------------------------------
def cover_modifier(
    cover: Cover, shooter_height: int = 0, target_height: int = 0, options: RuneOptions | None = None
) -> int:
    """The missile ATK modifier of a target behind cover, less 3 for every full 10 feet the shooter stands
    above him, more for every full 10 feet he stands above the shooter. Never a bonus (the table's option)."""
    rule = terrain().elevation
    base = missile_modifier(f"cover_{cover}")
    rise = shooter_height - target_height
    steps = abs(rise) // rule.feet_per_step * (1 if rise >= 0 else -1)
    value = base + rule.cover_change_per_step * steps
    return min(0, value) if (options or RuneOptions()).cover_elevation_never_a_bonus else value


# -- heavy blows on bad footing, rolling down a slope (001b §11.11, §11.12) -------------------------------
def knockdown_roll_needed(raw_damage: int, ground: Literal["slippery", "slope"]) -> bool:
    """Raw melee damage (before Soak) of 10+ on slippery ground, 15+ on a slope: a second DFN roll."""
    return raw_damage >= (feature(ground).knockdown_raw or 0)


@dataclass(frozen=True)
class SlopeFall:
    fell: bool  # the second DFN total fell short of the attacker's ATK total
    shortfall: int
    paces: int  # rolled down the slope (or to its end): 0 if he only fell
    turn_degrees: int | None  # away from the attacker, turned this much (positive: to the attacker's left)


def slope_fall(dfn_total: int, atk_total: int, direction_die: int | None = None) -> SlopeFall:
    """The second DFN roll on a slope: short of the ATK total, he falls; short by more than 5, he also rolls
    3 paces a point of the whole shortfall, in a direction by d10 (1-3 back and to the attacker's left, 4-6
    straight back, 7-10 back and to his right)."""
    slope = feature("slope")
    short = atk_total - dfn_total
    if short <= 0:
        return SlopeFall(False, 0, 0, None)
    if short <= (slope.roll_down_if_failed_by_more_than or 0):
        return SlopeFall(True, short, 0, None)
    if direction_die is None:
        raise ParameterError(N_("he rolls down the slope: roll a die of 10 for the direction"))
    _die(direction_die, 10)
    turn = next(r.turn_degrees for r in terrain().roll_direction if r.faces[0] <= direction_die <= r.faces[1])
    return SlopeFall(True, short, short * (slope.roll_down_paces_per_point or 0), turn)


def rolling_collision(
    dodge_total: int, options: RuneOptions | None = None
) -> Literal["unaffected", "entangled", "knocked_down"]:
    """Someone a rolling hero reaches: Dodge (foes Res) against 6. Failing by 5 or less, both fall, entangled
    (DFN rolls at -9, no attacks); failing by more he falls and the roller rolls on (the table's option)."""
    rule = gallery().rolling
    short = rule.dodge_difficulty - dodge_total
    if short <= 0:
        return "unaffected"
    if short <= rule.land_on_by:
        return "entangled"
    return "entangled" if (options or RuneOptions()).rolling_big_miss == "entangled" else "knocked_down"


# -- decoys (001b §11.5) ---------------------------------------------------------------------------------
def decoy_panics(
    die: int, decoys_on_field: int, decoys_placed: int | None = None, options: RuneOptions | None = None
) -> bool:
    """Start of each round: one decoy (at random) panics if the die shows no more than the decoys still on
    the field (or than all placed, the table's option)."""
    _die(die, gallery().decoys.panic_die)
    counted = decoys_on_field
    if (options or RuneOptions()).decoy_panic_counts == "placed" and decoys_placed is not None:
        counted = decoys_placed
    return die <= counted


def decoy_atk_penalty(decoys_near: int, decoys_on_field: int | None = None, options: RuneOptions | None = None) -> int:
    """An ATK roll with decoys around: -1 per decoy within 5 paces of the roller (or every decoy on the
    field, the table's option)."""
    scope = (options or RuneOptions()).decoy_penalty_scope
    counted = decoys_on_field if scope == "all_on_field" and decoys_on_field is not None else decoys_near
    return -gallery().decoys.atk_penalty * counted


def decoy_downed(atk_total: int, odd_even_die: int) -> tuple[bool, bool]:
    """(downed, still alive): an ATK total against flat 6 downs a decoy (no VP); an odd die: it plays dead."""
    downed = atk_total >= gallery().decoys.down_difficulty
    return downed, downed and _die(odd_even_die, 10) % 2 == 1


# -- hostages (001b §11.6) -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shielded:
    captor_loses: int
    hostage_loses: int
    bypassed: bool


def hostage_shield(
    raw_damage: int, captor_soak: int, atk_total: int, captor_dfn_total: int, *, shielded: bool = True,
    bypass: bool = True,
) -> Shielded:  # fmt: skip
    """A hit on a captor shielding himself with a hostage (against at most two heroes: `shielded`): +6 Soak,
    and the hostage takes what it absorbs (up to the raw damage; no Soak). An ATK total beating the captor's
    DFN total by 10 or more lets the player bypass the hostage (`bypass`: he says so)."""
    rule = gallery().hostages
    bypassed = shielded and bypass and atk_total - captor_dfn_total >= rule.bypass_margin
    if not shielded or bypassed:
        return Shielded(max(0, raw_damage - captor_soak), 0, bypassed)
    return Shielded(max(0, raw_damage - captor_soak - rule.soak_bonus), min(rule.soak_bonus, max(0, raw_damage)), False)


# -- the gallery (001b §9) -------------------------------------------------------------------------------
def tube_striker_attack(init_die: int) -> Literal["bite", "grab"]:
    return "bite" if _die(init_die, 10) % 2 == 0 else "grab"


def tube_striker_grabs(die: int) -> Literal["hero", "object"]:
    return "hero" if _die(die, 10) % 2 == 1 else "object"


def tube_striker_throw(atk_total: int, dfn_total: int, grabbed: Literal["hero", "object"]) -> int:
    """Paces a grabbed hero (4) or object (8) flies per point the tube-striker's ATK total beat the DFN total,
    in a direction rolled on a d6 (hex sides)."""
    rule = gallery().tube_striker
    return max(0, atk_total - dfn_total) * (rule.hero_paces if grabbed == "hero" else rule.object_paces)


def tube_striker_severs(actual_damage: int, sharp: bool) -> bool:
    """A sharp-edged weapon dealing 8+ actual damage severs one of its four tentacles."""
    return sharp and actual_damage >= gallery().tube_striker.sever_damage


def barb_net_escape_difficulty(medic_atk_total: int, victim_dfn_total: int) -> int:
    """The Strength roll to escape the medic's barb-net: 6 + how far the netting attack beat the DFN total."""
    return gallery().medic.escape_base + medic_atk_total - victim_dfn_total


def barb_net_damage(options: RuneOptions | None = None) -> tuple[int, bool]:
    """(damage, ignores armor) each time a netted victim takes an action (an escape attempt too)."""
    return gallery().medic.net_damage, (options or RuneOptions()).barb_net_damage == "armor_ignoring"


def dishonored_blow(hp_after: int, damage: int, wound_threshold: int) -> Literal["standing", "down", "dead"]:
    """Only a blow that takes it to 0 HP or below and deals at least its Wound Threshold kills a Dishonored
    (or a Sark Amen); any other blow to 0 or below only knocks it down."""
    if hp_after > 0:
        return "standing"
    return "dead" if damage >= wound_threshold else "down"


def dishonored_recovery(res_total: int) -> int | None:
    """Start of the round after it was left down: Res against 6. HP it regains now and every round until it
    is next dropped (the margin), or None: it stays down."""
    margin = res_total - gallery().dishonored.recovery_difficulty
    return margin if margin >= 0 else None


def death_blow_split(bonus: int) -> tuple[int, int]:
    """The death-blow bonus when one hero dropped it and another destroyed its head: half each, fractions
    dropped (dropper, finisher)."""
    return bonus // 2, bonus // 2


def crab_clamps(hit: bool, atk_total: int, crab_dfn_total: int) -> bool:
    """A land crab clamps into its defensive posture after a hit beating its DFN total by 10 or more."""
    return hit and atk_total - crab_dfn_total >= gallery().land_crab.clamp_margin


def wendol_may_charge(distance_paces: int, first_attack_on_target: bool = True) -> bool:
    """A wendol's first attack on a target from 30 paces or more may be a charge."""
    return first_attack_on_target and distance_paces >= gallery().wendol.charge_paces


def tube_striker_direction(die: int) -> int:
    """The hex side (1-6) a thrown hero or object flies towards."""
    return _die(die, gallery().tube_striker.direction_die)


__all__ = [
    "Shielded",
    "SlopeFall",
    "barb_net_damage",
    "barb_net_escape_difficulty",
    "cover_modifier",
    "crab_clamps",
    "death_blow_split",
    "decoy_atk_penalty",
    "decoy_downed",
    "decoy_panics",
    "dishonored_blow",
    "dishonored_recovery",
    "hostage_shield",
    "knockdown_roll_needed",
    "rolling_collision",
    "slope_fall",
    "tube_striker_attack",
    "tube_striker_direction",
    "tube_striker_grabs",
    "tube_striker_severs",
    "tube_striker_throw",
    "wendol_may_charge",
]  # fmt: skip
