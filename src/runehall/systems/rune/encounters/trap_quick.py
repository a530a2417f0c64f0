"""A quick-and-dirty trap (spec 001c §12.1, quick.py's charts) written into the notes as a roll and a trap, so the
validator prices it by the rules like any designed trap: its Difficulty and roll type on the roll (rolls.py),
its Dam rating on the trap (traps_pricing.py). The charts' own prices and the rules' agree (a test checks every
face of Trap Charts 2 and 3).
"""

from __future__ import annotations

from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.quick import QuickTrap
from runehall.systems.rune.encounters.quick_data import ANY_WEAPON
from runehall.systems.rune.encounters.traps import Damage, Trap


def quick_trap_notes(trap: QuickTrap, trap_id: str, name: str, roll_name: str) -> tuple[RollSpec, Element]:
    """The roll (id `<trap_id>_roll`) and the trap element a rolled quick trap makes. "Any weapon Ability" names
    no Ability: the hero rolls with the weapon Ability he likes."""
    roll = RollSpec.model_validate(
        {
            "id": f"{trap_id}_roll",
            "name": roll_name,
            "purpose": "trap",
            "ability": None if trap.ability == ANY_WEAPON else trap.ability,
            "difficulty": trap.difficulty,
            "structure": trap.structure,
        }
    )
    element = Element(id=trap_id, name=name, kind="trap", roll=roll.id, trap=Trap(damage=Damage(dam=trap.dam)))
    return roll, element
