"""The arithmetic of combat, injury and recovery as pure functions (spec 001a §6-§7), so each test vector can
be checked on its own and the tracker's actions only decide what to feed them.
"""

from __future__ import annotations

from math import isqrt
from typing import Literal, NamedTuple

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.rune.combat.settings import recovery

Health = Literal["active", "incapacitated", "dying", "dead", "gone"]
INCAPACITATING_WOUNDS = 4
MORTAL_WOUNDS = 5
DEATH_LINE = -20  # a blow leaving HP below this kills outright
STEP = 20  # an extra action every 20 initiative steps


# -- initiative ----------------------------------------------------------------------------------------
def action_steps(total: int) -> tuple[int, ...]:
    """The steps a total acts at: the total, then 20 lower while the step stays above 0 (one step when <= 0)."""
    if total <= 0:
        return (total,)
    return tuple(range(total, 0, -STEP))


def steps_after_acting(step: int, remaining: int, keep_exact: bool = False) -> tuple[int, ...]:
    """The later steps of someone who acted at `step` with `remaining` more actions due: 20 apart, and lost once
    they fall to 0 or below (`keep_exact`: a step of exactly 0 is kept, option delay_exact_step_20)."""
    later = (step - STEP * k for k in range(1, remaining + 1))
    return tuple(s for s in later if s > 0 or (keep_exact and s == 0))


# -- hits ----------------------------------------------------------------------------------------------
class Damage(NamedTuple):
    tm: int
    raw: int
    lost: int


def damage(tm: int, dam: int, soak: int) -> Damage:
    """Raw damage = TM + DAM; HP lost = Raw - Soak, never below 0 (Soak never heals)."""
    raw = tm + dam
    return Damage(tm, raw, max(0, raw - soak))


def wounds_from(lost: int, wt: int) -> int:
    """One Wound per whole Wound Threshold in a single blow's HP loss."""
    return lost // wt if wt > 0 and lost > 0 else 0


def health_of(hp: int, wounds: int, was: Health, blow: bool) -> Health:
    """The health that follows from HP and Wounds. Death below -20 comes only from a blow; a character who is
    dead or gone stays so."""
    if was in ("dead", "gone"):
        return was
    if blow and hp < DEATH_LINE:
        return "dead"
    if hp <= 0 or wounds >= MORTAL_WOUNDS:
        return "dying"
    if wounds >= INCAPACITATING_WOUNDS:
        return "incapacitated"
    return "active"


def ripostes(tm: int) -> int:
    """Free attacks a defender earns against a TM of -20 or worse: one per whole 20."""
    return (-tm) // STEP if tm <= -STEP else 0


def gang_up(opponents: int) -> int:
    """The DFN modifier for a defender with `opponents` hostile melee combatants close enough (A32)."""
    return -2 * max(0, opponents - 1)


def shove_paces(strength: int) -> int:
    """How far a successful Engagement roll may shove: 1 + 2 x Str, never below 0 (A58)."""
    return max(0, 1 + 2 * strength)


def halve(value: int, rounding: str = "floor") -> int:
    if rounding == "round_half_up":
        return (value + 1) // 2
    return value // 2


# -- missiles ------------------------------------------------------------------------------------------
def range_penalty(distance_sq: int, standard: int, per_started: bool = False) -> int:
    """The Dam-rating penalty beyond the standard range: 1 per full 10 paces past it (or per started 10,
    option beyond_range_rounding). `distance_sq` is the squared distance, so the answer is exact."""
    if distance_sq <= standard * standard:
        return 0
    beyond = isqrt(distance_sq) - standard  # whole paces past the range
    if per_started:
        exact = isqrt(distance_sq) ** 2 == distance_sq
        past = beyond if exact else beyond + 1
        return -(-past // 10)
    return beyond // 10


# -- recovery ------------------------------------------------------------------------------------------
def healer_row(wounds: int) -> dict[str, int]:
    rows = recovery()["by_wounds"]
    row = rows[min(max(wounds, 0), len(rows) - 1)]
    return {"difficulty": int(row["difficulty"]), "wait_hours": int(row["wait_hours"])}


def situation_modifier(situation: str) -> int:
    for s in recovery()["situation"]:
        if s["id"] == situation:
            return int(s["difficulty"])
    known = ", ".join(s["id"] for s in recovery()["situation"])
    raise Invalid(N_("unknown healing situation {situation!r} (known: {known})"), situation=situation, known=known)


class Healing(NamedTuple):
    success: bool
    hp_gained: int
    wounds_cured: int


def heal_hp(total: int, difficulty: int, hp: int, hp_max: int) -> Healing:
    """Outcome A: (1 + margin) x 4 HP on a success, up to the maximum."""
    if total < difficulty:
        return Healing(False, 0, 0)
    gain = (1 + total - difficulty) * 4
    return Healing(True, max(0, min(gain, hp_max - hp)), 0)


def heal_wounds(
    total: int, difficulty: int, wounds: int, wt: int, hp: int, hp_max: int, use_total: bool = False
) -> Healing:
    """Outcome B: only a total above the Difficulty cures; one Wound per whole WT of the margin (at least one),
    and HP = the larger of WT and the margin, up to the maximum. `use_total` follows the book's worked example
    (A61), which measures with the healer's total instead of the margin."""
    if wounds <= 0 or total <= difficulty:
        return Healing(False, 0, 0)
    measure = total if use_total else total - difficulty
    cured = min(wounds, max(1, measure // wt if wt > 0 else 1))
    gain = max(wt, measure)
    return Healing(True, max(0, min(gain, hp_max - hp)), cured)


def revived(hp: int, wounds: int, sets_hp_to_4: bool = True) -> tuple[int, int]:
    """HP and Wounds after a successful revive: a fifth Wound goes back to 4 Wounds with 4 more HP; HP at 0 or
    below become 4 (A53; or +4 when the option is off); both apply together."""
    new_hp, new_wounds = hp, wounds
    if wounds >= MORTAL_WOUNDS:
        new_wounds = INCAPACITATING_WOUNDS
    if hp <= 0:
        new_hp = 4 if sets_hp_to_4 else hp + 4
    elif wounds >= MORTAL_WOUNDS:
        new_hp = hp + 4
    return new_hp, new_wounds
