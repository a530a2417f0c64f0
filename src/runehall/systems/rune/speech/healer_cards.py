"""The healer's gifts on a treatment's or a revive's card (combat/gift_healing.py): Nurturing of Yggdrasil's VP and
Bone-Setters' Blessing's Soak to the end of the round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words
from runehall.systems.rune.speech.triggered_cards import gift_vp_rows


def healer_gift_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    rows = gift_vp_rows(r, words)
    blessed = r.get("bone_setters")
    if isinstance(blessed, Mapping):
        said = words("+{n} Soak for {healer} and {patient} to the end of round {round}",
                     n=words.number(int(blessed.get("soak", 0))), healer=str(r.get("who", "")),
                     patient=str(r.get("patient", "")), round=words.number(int(blessed.get("round", 0))))  # fmt: skip
        rows.append(Row(words("Bone-Setters' Blessing"), said))
    return rows
