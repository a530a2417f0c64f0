"""Eyes Like Glowing Coals on a shot's card (combat/gift_coals.py): the shooter's Res roll against the hero's
glowing eyes, the shot it stops, and the glow a dodge puts out; Imprecation of Doom's share of an attack
(combat/gift_doom.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words
from runehall.systems.rune.speech.common import roll_row


def coals_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """The shooter's Res roll against Presence + X (+3 a failure before, + a low Threat Category's), and whether
    the dodge put his glow out."""
    rows: list[Row] = []
    coals = r.get("coals")
    label = words("Eyes Like Glowing Coals")
    if isinstance(coals, Mapping):
        hero = str(coals.get("hero", ""))
        rows += [roll_row({**record, "difficulty": coals.get("difficulty", 0)}, words) for record in coals["rolls"]]
        said = (
            words("made: it shoots at {hero}", hero=hero)
            if coals.get("success")
            else words("failed: it may not shoot at {hero} this round and must choose another target", hero=hero)
        )
        failures = int(coals.get("failures", 0))
        if failures:
            said = words("{said} (failed against him before: {n})", said=said, n=words.number(failures))
        rows.append(Row(label, said))
    if r.get("coals_out"):
        rows.append(Row(label, words("{hero} dodged: the glow of his eyes goes out", hero=str(r["coals_out"]))))
    return rows


def stared_down(r: Mapping[str, Any]) -> bool:
    """The shot that Eyes Like Glowing Coals stopped before it was made."""
    coals = r.get("coals")
    return isinstance(coals, Mapping) and coals.get("success") is False


def doom_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """The cursed foe's armour-ignoring damage after the hero's attack hurt another foe."""
    swing = r.get("attack")
    doom = swing.get("doom") if isinstance(swing, Mapping) else None
    if not isinstance(doom, Mapping):
        return []
    from runehall.systems.rune.speech.blows import injury

    said = words("{dam} damage less {soak} Soak without armour", dam=words.number(int(doom.get("dam", 0))),
                 soak=words.number(int(doom.get("soak", 0))))  # fmt: skip
    return [Row(words("Imprecation of Doom"), f"{said}: {injury(doom.get('injury') or {}, words)}")]
