"""The Ever-Flowing Cup in a fight's cards (combat/gift_cup.py): the round until which a dying hero holding it can
still be revived by any ally, said where the blow leaves him dying and on a revive try only his cup allowed; Agony
Postponed's damage as the fight ends (combat/gift_agony.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words


def _found(node: Any) -> Iterator[tuple[str, int]]:
    if isinstance(node, Mapping):
        if isinstance(node.get("cup_until"), int):
            yield str(node.get("who") or node.get("patient") or ""), int(node["cup_until"])
        for key, value in node.items():
            if key != "cup_until":
                yield from _found(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _found(value)


def cup_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    label = words("The Ever-Flowing Cup")
    rows = []
    for who, until in dict.fromkeys(_found(r)):
        if r.get("patient") and who == r.get("who"):  # a revive try: the patient's cup let this healer try
            who = str(r["patient"])
        said = words("{who} lasts until the end of round {n}: any ally may try to revive him", who=who,
                     n=words.number(until))  # fmt: skip
        rows.append(Row(label, said))
    return rows


def agony_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """Agony Postponed's damage as the fight ends (combat/gift_agony.py): 6 a point ignored, through armour."""
    from runehall.systems.rune.speech.blows import injury

    rows = []
    for hit in r.get("agony") or ():
        said = words("{points} Impairment ignored at most: {dam} damage less {soak} Soak without armour",
                     points=words.number(int(hit.get("points", 0))), dam=words.number(int(hit.get("dam", 0))),
                     soak=words.number(int(hit.get("soak", 0))))  # fmt: skip
        rows.append(Row(words("Agony Postponed"), f"{said}: {injury(hit.get('injury') or {}, words)}"))
    return rows
