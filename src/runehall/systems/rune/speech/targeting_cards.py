"""The gifts on the foes' choice of target in a fight's cards (combat/gift_targeting.py): Boon of Angrboda's roll
on an attack, and the attack it stops."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words
from runehall.systems.rune.speech.common import roll_row


def boon_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """The foe's Res roll against the hero's Disguise + X, or why it needed none."""
    boon = r.get("angrboda")
    if not isinstance(boon, Mapping):
        return []
    label = words("Boon of Angrboda")
    hero = str(boon.get("hero", ""))
    if boon.get("automatic") == "attacked":
        return [Row(label, words("{hero} has attacked it already: it knows him for an enemy", hero=hero))]
    if boon.get("automatic") == "alone":
        return [Row(label, words("it has no other target: it knows {hero} for an enemy", hero=hero))]
    rows = [roll_row({**record, "difficulty": boon.get("difficulty", 0)}, words) for record in boon.get("rolls", ())]
    said = (
        words("made: it attacks {hero}", hero=hero)
        if boon.get("success")
        else words("failed: it takes {hero} for one of its comrades and must choose another target", hero=hero)
    )
    rows.append(Row(label, words("{said} (his Disguise {d})", said=said, d=words.number(int(boon.get("disguise", 0))))))
    return rows


def fooled(r: Mapping[str, Any]) -> bool:
    """The attack that Boon of Angrboda stopped before it began."""
    boon = r.get("angrboda")
    return isinstance(boon, Mapping) and boon.get("success") is False
