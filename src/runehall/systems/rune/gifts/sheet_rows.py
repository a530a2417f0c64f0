"""A hero's Divine Gifts on his sheet (hero_sheet.py's "Divine Gifts" section), in the reader's words: each gift
or Rune Power he holds, in the book's order, with its level (of its most, where it has one), its patron god (or
the weapon a Rune Power needs), what a stat gift gives his numbers, and how often a counted gift may be used (the
counters themselves live in the fight and the encounter run); then his Divine Connection with each god and his
primary gods, or none."""

from __future__ import annotations

from collections.abc import Mapping

from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune.gifts import stat_gifts as sg
from runehall.systems.rune.gifts.catalog import Gift, gifts, max_level, uses_allowed
from runehall.systems.rune.gifts.divine import connections, primary_gods
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.speech.common import data_name, signed

SCOPES = {
    "fight": N_("each fight"),
    "combat": N_("each combat"),
    "event": N_("each event"),
    "encounter": N_("each encounter"),
    "session": N_("each session"),
}


def gift_rows(levels: Mapping[str, int], words: Words, options: RuneOptions,
              items: Mapping[str, int] | None = None) -> list[SheetRow]:  # fmt: skip
    """One row a gift held, then his Divine Connection and primary gods (none when he holds no gift and his
    legendary items add none: `items`, god -> the rating their levels add)."""
    if not levels and not items:
        return []
    rows = [_row(g, levels[g.id], levels, words, options) for g in gifts().values() if g.id in levels]
    ratings = connections(levels, items)
    said = [words("{god} {rating}", god=words(god), rating=words.number(n)) for god, n in ratings.items()]
    rows.append(_labelled(N_("Divine Connection"), " · ".join(said) or words("no god"), words))
    primary = sorted(primary_gods(levels, items))
    rows.append(_labelled(N_("Primary gods"), words.join(words(god) for god in primary) or words("no god"), words))
    return rows


def _labelled(term: str, value: str, words: Words) -> SheetRow:
    said = words(term)
    return SheetRow(term, value, "" if said == term else said)


def _row(g: Gift, level: int, levels: Mapping[str, int], words: Words, options: RuneOptions) -> SheetRow:
    most = max_level(g, options)
    if most is None:
        parts = [words("level {level}", level=words.number(level))]
    else:
        parts = [words("level {level} of {most}", level=words.number(level), most=words.number(most))]
    if g.rune_power:
        parts.append(words("Rune Power of the {weapon}", weapon=data_name("weapon", g.weapon, words)))
    elif g.patron is not None:
        parts.append(words("gift of {god}", god=words(g.patron)))
    gives = _gives(g.id, level, levels, words)
    if gives:
        parts.append(gives)
    uses = uses_allowed(g, level)
    if uses is not None and g.scope in SCOPES:
        parts.append(words.n("{n} use {scope}", "{n} uses {scope}", uses, scope=words(SCOPES[g.scope])))
    return _labelled(g.name, " · ".join(parts), words)


def _gives(gift_id: str, level: int, levels: Mapping[str, int], words: Words) -> str:
    """What a stat gift does to his numbers, in words ("" for any other gift)."""
    if gift_id in sg.CHARACTERISTIC:
        char = data_name("characteristic", sg.CHARACTERISTIC[gift_id], words)
        if gift_id == sg.NO_HEALTH_CHANGE:
            return words("{characteristic} {amount}, hit points and Wound Threshold unchanged", characteristic=char,
                         amount=signed(level))  # fmt: skip
        return words("{characteristic} {amount}", characteristic=char, amount=signed(level))
    if gift_id in sg.HIT_POINTS:
        return words("maximum hit points {amount}", amount=signed(sg.HIT_POINTS[gift_id] * level))
    if gift_id == sg.HEELS:
        return words("INIT {amount}, not counted for extra actions", amount=signed(sg.heels_bonus(levels)))
    if gift_id == sg.MISTLETOE:
        return words("Dam of his missile weapons {amount}", amount=signed(level))
    if gift_id == sg.WINGS:
        return words("his armor's Init rating {n} nearer 0, never past it", n=words.number(level))
    if gift_id == sg.NAGLFAR:
        return words("Swim rolls {amount}", amount=signed(sg.swim_bonus(levels)))
    if gift_id == sg.OWL:
        return words("Awareness rolls to find a trap someone set to harm {amount} (the runner says when)",
                     amount=signed(sg.trap_bonus(levels)))  # fmt: skip
    if gift_id == sg.EITHER_HAND:
        return words("no off hand: a single weapon fights as well in either hand")
    return ""
