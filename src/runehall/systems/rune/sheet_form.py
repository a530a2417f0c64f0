"""The Rune hero sheet as a form: what each list and table may hold, and how each choice reads.

The eight Characteristics are all on the sheet (one stepper each, blank reads 0); Abilities, advances,
kits left behind, weapons and ammunition are rows chosen from the data by name, because a hero rates only
some of the 43 Abilities and carries at most three weapons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from runehall.present.fields import Choices
from runehall.present.words import Words
from runehall.systems.rune.gifts import held
from runehall.systems.rune.gifts.catalog import gifts
from runehall.systems.rune.rules import rules
from runehall.systems.rune.speech.common import data_name

Kind = Literal["characteristic", "ability", "weapon", "armor", "shield"]
KINDS: dict[str, Kind] = {  # a field's path -> the kind of data name its choices are
    "characteristics": "characteristic",
    "abilities": "ability",
    "abilities.key": "ability",
    "advances": "ability",
    "advances.key": "ability",
    "kits_left_behind": "ability",
    "weapons": "weapon",
    "ammunition": "weapon",
    "ammunition.key": "weapon",
    "armor": "armor",
    "shield": "shield",
}


def _same(kind: Kind) -> Callable[[str], str]:
    def found(text: str) -> str:
        return rules().find(kind, text) or text

    return found


def choices(field: str, options: Any = None) -> Choices | None:
    r = rules()
    if field == "characteristics":
        ids = tuple(c.id for c in r.characteristics.characteristic)
        return Choices(ids, every=True, same=_same("characteristic"))
    if field in ("abilities", "advances", "kits_left_behind"):
        return Choices(tuple(a.id for a in r.abilities.ability), rows=True, same=_same("ability"))
    if field in ("weapons", "ammunition"):
        return Choices(tuple(w.id for w in r.weapons.weapon), rows=True, same=_same("weapon"))
    if field == "gifts":  # the 75 gifts, then the 15 Rune Powers, in the book's order
        return Choices(tuple(gifts()), rows=True, same=lambda text: held.find(text) or text)
    return None


def choice_label(field: str, value: str, words: Words) -> str | None:
    if field in ("gifts", "gifts.key") and value in gifts():
        return words(gifts()[value].name)
    kind = KINDS.get(field)
    if kind is None or not value or value == "none":
        return None
    return data_name(kind, value, words)
