"""Many-Impaling Spear on an attack's card (combat/gift_spear.py): each foe the thrown spear went on through to,
with its new ATK roll and what it took."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words


def impaled_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    """One row per onward swing (the blow's sentence), then its rolls and what followed it."""
    from runehall.systems.rune.speech.blows import blow
    from runehall.systems.rune.speech.coals_cards import doom_rows

    rows: list[Row] = []
    for onward in record.get("impaled") or ():
        if not isinstance(onward, Mapping):
            continue
        said, more = blow(onward, words)
        went = words("on through {foe}", foe=str(onward.get("from", "")))
        rows.append(Row(words("Many-Impaling Spear"), f"{went}: {said}"))
        rows += more + doom_rows({"attack": onward}, words)
    return rows
