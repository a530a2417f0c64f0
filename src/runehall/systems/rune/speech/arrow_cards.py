"""The Eager Arrow's card (combat/gift_eager.py): his Presence roll against the farthest arrow, the arrows back in
his quiver and each foe they tore out of."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import Words
from runehall.systems.rune.speech.common import roll_row


def eager_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    """What came of it, and its rows."""
    from runehall.systems.rune.speech.blows import injury, paces

    against = {"difficulty": r.get("difficulty", 0)}
    rows = [roll_row({**x, **against}, words, words("Presence")) for x in r.get("rolls", ()) if isinstance(x, Mapping)]
    rows.append(Row(words("Farthest arrow"), paces(str(int(r.get("farthest", 0))), words)))
    if not r.get("success"):
        return words("it fails: the arrows stay where they are"), "failure", rows
    for rip in r.get("rips") or ():
        if isinstance(rip, Mapping) and isinstance(rip.get("injury"), Mapping):
            said = words("{dam} damage less {soak} Soak without armour", dam=words.number(int(rip.get("dam", 0))),
                         soak=words.number(int(rip.get("soak", 0))))  # fmt: skip
            rows.append(Row(words("Torn out"), f"{said}: {injury(rip['injury'], words)}"))
    said = words.n("{n} arrow back in his quiver", "{n} arrows back in his quiver", int(r.get("arrows", 0)))
    return said, "success", rows
