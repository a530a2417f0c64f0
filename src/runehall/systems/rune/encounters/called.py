"""What the notes' foes, decoys and hostages are called in a fight: the name the designer typed, else one drawn
from the foe's type or the feature's kind (combat/names.py), numbered where several share it ("Dark Viking 2").
These are the fight's keys; a person reads them through `said` (a drawn one in his language)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from runehall.present.words import Words
from runehall.systems.rune.combat.names import DECOY, HOSTAGE, drawn, refusal_value, said
from runehall.systems.rune.encounters.design import Combat, Counted, Creature, FoeSpec


def base(foe: FoeSpec, creatures: Sequence[Creature] = ()) -> str:
    """A foe's name before numbering: the typed one, else its creature's (typed too), else its type's label."""
    if foe.name:
        return foe.name
    made = next((c.name for c in creatures if c.id == foe.type), None)
    if made is not None:
        return made
    from runehall.systems.rune.foe_data import foe_types

    return next((t.label for t in foe_types() if t.id == foe.type), foe.type)


def foe_names(combat: Combat, creatures: Sequence[Creature] = ()) -> list[str]:
    """Each foe's name in the fight (its key): as above, numbered where several share one ("Warrior 2")."""
    bases = [base(foe, creatures) for foe in combat.foes]
    counts: dict[str, int] = {}
    for name in bases:
        counts[name.casefold()] = counts.get(name.casefold(), 0) + 1
    seen: dict[str, int] = {}
    names = []
    for name in bases:
        key = name.casefold()
        seen[key] = seen.get(key, 0) + 1
        names.append(name if counts[key] == 1 else f"{name} {seen[key]}")
    return names


def extra_names(feature: Counted) -> list[str]:
    """A row of decoys or hostages by name (their keys): the typed name numbered, else "Decoy 1", "Hostage 2"."""
    kind = DECOY if feature.kind == "decoys" else HOSTAGE
    return [f"{feature.name} {i + 1}" if feature.name else drawn(kind, i + 1) for i in range(feature.count)]


def foe_said(foe: FoeSpec, creatures: Sequence[Creature], words: Words) -> str:
    """A foe of the notes as a person reads it (its type's name in his language when the designer typed none)."""
    return said(base(foe, creatures), words)


def foe_refusal_value(foe: FoeSpec, creatures: Sequence[Creature] = ()) -> Any:
    """A foe as a refusal names it: said in the reader's language when the refusal is."""
    return refusal_value(base(foe, creatures))
