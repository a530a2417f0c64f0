"""Legendary items' powers a fight plays on its own, as card rows (combat/legendary_play.py): Einherjar's Armor's
HP back at a round's end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words
from runehall.systems.rune.treasure.legendary import EINHERJAR


def einherjar_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """One row a wearer: '{who} regains {hp} HP ({left} HP now)' under the armour's name."""
    return [
        Row(words(EINHERJAR), words("{patient} regains {hp} HP ({left} HP now)", patient=str(one.get("who", "")),
                                    hp=words.number(int(one.get("hp_gained", 0))),
                                    left=words.number(int(one.get("hp", 0)))))
        for one in r.get("einherjar") or ()
    ]  # fmt: skip
