"""Legendary items' powers a fight plays on its own, as card rows (combat/legendary_play.py): Einherjar's Armor's
HP back at a round's end, the Axe of Glory's VP added to a foe's death blow by a hit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words
from runehall.systems.rune.treasure.legendary import EINHERJAR, GLORY


def einherjar_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """One row a wearer: '{who} regains {hp} HP ({left} HP now)' under the armour's name."""
    return [
        Row(words(EINHERJAR), words("{patient} regains {hp} HP ({left} HP now)", patient=str(one.get("who", "")),
                                    hp=words.number(int(one.get("hp_gained", 0))),
                                    left=words.number(int(one.get("hp", 0)))))
        for one in r.get("einherjar") or ()
    ]  # fmt: skip


def glory_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """A hit with an Axe of Glory: the VP it added to the foe's death blow and all its hits' VP so far."""
    glory = record.get("glory")
    if not isinstance(glory, Mapping):
        return []
    said = words("the death blow on {foe} is worth {vp} VP more ({total} VP more in all)",
                 foe=str(glory.get("foe", "")), vp=words.number(int(glory.get("vp", 0))),
                 total=words.number(int(glory.get("total", 0))))
    return [Row(words(GLORY), said)]  # fmt: skip
