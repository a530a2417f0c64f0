"""Through the Cracks on the cards (combat/gift_cracks.py): the cover that counts as full cover, and a flight
that nobody could strike or that squeezed through a full exit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import N_, Words

WAS = {"third": N_("his one-third cover counts as full cover"), "half": N_("his half cover counts as full cover")}


def cover_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    """'Use Through the Cracks' behind cover."""
    said = words(WAS.get(str(r.get("cover_was")), WAS["half"]))
    rows = [Row(words("Uses left"), words.number(int(r["uses_left"])))] if "uses_left" in r else []
    return said, "success", rows


def cracks_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """A move's rows for the gift: a flight nobody could strike, an exit squeezed through."""
    rows: list[Row] = []
    flight = r.get("cracks")
    if isinstance(flight, Mapping):
        said = words("nobody strikes or shoots at him as he flees; he drops the treasure he carries")
        rows.append(Row(words("Through the Cracks"), said))
        rows.append(Row(words("Uses left"), words.number(int(flight.get("uses_left", 0)))))
    escaped = r.get("escaped")
    if isinstance(escaped, Mapping) and isinstance(escaped.get("cracks"), Mapping):
        said = words("he squeezes through {exit} past its limit", exit=str(escaped.get("through", "")))
        rows.append(Row(words("Through the Cracks"), said))
        rows.append(Row(words("Uses left"), words.number(int(escaped["cracks"].get("uses_left", 0)))))
    return rows
