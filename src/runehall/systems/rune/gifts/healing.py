"""The patient's gifts on a Healer's work (spec 001b §2.5; 001a §7.3), one home for the fight's treatment
(combat/care.py) and the treatment at a haven of an encounter run (encounters/run_haven.py):

- Zealous Sinews: any healer treating the hero adds 3X to his Healer roll;
- The Wounds Close Quick: the wait between Healer attempts on the hero is the chart's row X Wounds lower
  (`formulas.wounds_close_quick_hours`), never above the 0-Wound row.

`levels`: the patient's gifts, gift id -> level (a hero sheet's `gifts`, a fighter's `gifted.levels`)."""

from __future__ import annotations

from collections.abc import Mapping

from runehall.systems.rune.combat.arithmetic import healer_row
from runehall.systems.rune.gifts.formulas import level_of, wounds_close_quick_hours

ZEALOUS = "zealous_sinews"
CLOSE_QUICK = "the_wounds_close_quick"


def zealous_bonus(levels: Mapping[str, int]) -> int:
    """What Zealous Sinews adds to a healer's roll on this patient: 3X (nothing without the gift)."""
    level = int(levels.get(ZEALOUS, 0))
    return 3 * level_of(ZEALOUS, level) if level else 0


def wait_hours(wounds: int, levels: Mapping[str, int]) -> int:
    """Hours before the next Healer attempt on a patient with these Wounds, The Wounds Close Quick counted."""
    level = int(levels.get(CLOSE_QUICK, 0))
    return wounds_close_quick_hours(wounds, level) if level else healer_row(wounds)["wait_hours"]
