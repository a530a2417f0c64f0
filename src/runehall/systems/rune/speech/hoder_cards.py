"""The Remorse of Hoder on a shot's card (combat/gift_hoder.py): the shooter's Presence roll when his stray
missile struck an ally, and the foe it swerved onto."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words
from runehall.systems.rune.speech.common import roll_row


def hoder_rows(stray: Mapping[str, Any], words: Words) -> list[Row]:
    """His roll against a tenth of the paces to the ally, and what came of it."""
    hoder = stray.get("hoder")
    if not isinstance(hoder, Mapping):
        return []
    against = {"difficulty": hoder.get("difficulty", 0)}
    rows = [
        roll_row({**r, **against}, words, words("Presence")) for r in hoder.get("rolls", ()) if isinstance(r, Mapping)
    ]
    ally = str(hoder.get("ally", ""))
    if hoder.get("foe"):
        said = words("made: the missile swerves from {ally} onto {foe}", ally=ally, foe=str(hoder["foe"]))
    elif hoder.get("success"):
        said = words("made, but no foe stands within 20 paces of {ally}: it strikes him", ally=ally)
    else:
        said = words("failed: the missile strikes {ally}", ally=ally)
    return [*rows, Row(words("The Remorse of Hoder"), said)]
