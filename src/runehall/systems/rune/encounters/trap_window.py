"""What is left of an encounter after a trap (spec 001c §6.5, §18.3 window_counts): the fights, the trap and gain
rolls and the Freestanding rolls an Impairment (or sleep deprivation) will weigh on, from the trap's roll to the
encounter's end. The designer may give any count himself (the cure coming earlier, his own judgment); what he
leaves out is counted here from the notes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from runehall.systems.rune.encounters.design import Element, Encounter, RollSpec


@dataclass(frozen=True)
class Window:
    combats: int = 0
    trap_rolls: int = 0  # rolls to avoid a trap (and other notes rolls, priced alike)
    gain_rolls: int = 0  # rolls to trigger a gain or win treasure
    freestanding: int = 0


def later_rolls(encounter: Encounter, element: Element) -> list[RollSpec]:
    """The notes rolls after the trap's own roll (after the trap's event, if it names none), in notes order."""
    found: list[RollSpec] = []
    seen = False
    for event in encounter.events:
        here = any(e.id == element.id for e in event.elements)
        for roll in event.rolls:
            if seen:
                found.append(roll)
            elif here and roll.id == element.roll:
                seen = True
        if here and not seen:
            seen = True  # a trap without a roll: what comes after its event
    return found


def window_counts(encounter: Encounter, element: Element, abilities: Iterable[str] = ()) -> Window:
    """The window from the trap to the end of the encounter. With `abilities` (specific Impairment), only the
    rolls of those Abilities count. A fight counts when it comes after the trap: in a later event, or in the
    trap's own event when the trap does not go off in the fight itself."""
    only = frozenset(abilities)
    rolls = [r for r in later_rolls(encounter, element) if not only or r.ability in only or r.stat in only]
    index = next(i for i, e in enumerate(encounter.events) if any(x.id == element.id for x in e.elements))
    own = encounter.events[index].combat is not None and not element.in_combat
    fights = sum(1 for e in encounter.events[index + 1 :] if e.combat is not None) + int(own)
    return Window(
        combats=fights,
        trap_rolls=sum(1 for r in rolls if not r.freestanding and r.purpose in ("trap", "other")),
        gain_rolls=sum(1 for r in rolls if not r.freestanding and r.purpose in ("gain", "treasure")),
        freestanding=sum(1 for r in rolls if r.freestanding),
    )
