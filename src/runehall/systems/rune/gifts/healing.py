"""The patient's gifts on a Healer's work (spec 001b §2.5; 001a §7.3), one home for the fight's treatment
(combat/care.py) and the treatment at a haven of an encounter run (encounters/run_haven.py):

- Zealous Sinews: any healer treating the hero adds 3X to his Healer roll;
- The Wounds Close Quick: the wait between Healer attempts on the hero is the chart's row X Wounds lower
  (`formulas.wounds_close_quick_hours`), never above the 0-Wound row.

And the healer's gifts on his work (his `levels`):

- Nurturing of Yggdrasil: +20X VP when his Healer roll gives an ally (never himself) 12 HP or more (A-20: "12 or
  more"), +30X VP when he revives a dying hero whose HP were below 0;
- Bone-Setters' Blessing: an action spent in a fight treating another gives him and his patient +3X Soak to the
  end of the round (never when he treats himself).

`levels`: the patient's gifts, gift id -> level (a hero sheet's `gifts`, a fighter's `gifted.levels`)."""

from __future__ import annotations

from collections.abc import Mapping

from runehall.systems.rune.combat.arithmetic import healer_row
from runehall.systems.rune.gifts.formulas import level_of, wounds_close_quick_hours

ZEALOUS = "zealous_sinews"
CLOSE_QUICK = "the_wounds_close_quick"
NURTURING = "nurturing_of_yggdrasil"
BONE_SETTERS = "bone_setters_blessing"
NURTURING_HP = 12  # HP given back that earn the gift's VP (A-20: 12 or more)
NURTURING_HEAL_VP = 20  # x X
NURTURING_REVIVE_VP = 30  # x X
BONE_SETTERS_SOAK = 3  # x X


def zealous_bonus(levels: Mapping[str, int]) -> int:
    """What Zealous Sinews adds to a healer's roll on this patient: 3X (nothing without the gift)."""
    level = int(levels.get(ZEALOUS, 0))
    return 3 * level_of(ZEALOUS, level) if level else 0


def wait_hours(wounds: int, levels: Mapping[str, int]) -> int:
    """Hours before the next Healer attempt on a patient with these Wounds, The Wounds Close Quick counted."""
    level = int(levels.get(CLOSE_QUICK, 0))
    return wounds_close_quick_hours(wounds, level) if level else healer_row(wounds)["wait_hours"]


def nurturing_heal_vp(levels: Mapping[str, int], hp_gained: int) -> int:
    """Nurturing of Yggdrasil on a treatment of an ally that gave back `hp_gained` HP: 20X at 12 or more, else 0."""
    level = int(levels.get(NURTURING, 0))
    return NURTURING_HEAL_VP * level_of(NURTURING, level) if level and hp_gained >= NURTURING_HP else 0


def nurturing_revive_vp(levels: Mapping[str, int], hp_before: int) -> int:
    """Nurturing of Yggdrasil on reviving a dying hero: 30X when his HP were below 0 (not for 5 Wounds alone)."""
    level = int(levels.get(NURTURING, 0))
    return NURTURING_REVIVE_VP * level_of(NURTURING, level) if level and hp_before < 0 else 0


def bone_setters_soak(levels: Mapping[str, int]) -> int:
    """Bone-Setters' Blessing: the Soak the healer and his patient gain to the end of the round, 3X (0 without)."""
    level = int(levels.get(BONE_SETTERS, 0))
    return BONE_SETTERS_SOAK * level_of(BONE_SETTERS, level) if level else 0
