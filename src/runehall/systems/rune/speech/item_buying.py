"""Levels of a legendary item bought in the advancement tracker, in words (legendary_buying.py): the board's offer
("Item 2: Einherjar's Armor, level 3 for 45 VP"), the Legendary items section (each item with its levels and
price a level) and the card of the levels bought (the patron's Divine Connection, the wand's levels lost)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune.treasure import legendary
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.words import legendary_words


def _vp(n: int, words: Words) -> str:
    return words("{n} VP", n=words.number(n))


def item_offer(c: CarriedItem, words: Words) -> str:
    """A choice of 'Buy levels of a legendary item': the item, the level it would reach and a level's price."""
    row = legendary.legend(c.stored)
    return words(N_("{item}: level {level} for {vp}"), item=words(row.name or ""),
                 level=words.number((c.levels or 0) + 1), vp=_vp(legendary.level_price(c), words))  # fmt: skip


def legendary_rows(carried: Iterable[CarriedItem], words: Words) -> list[SheetRow]:
    """Each legendary item he carries, by its number among his magic items, with its levels."""
    rows = []
    for number, c in enumerate(carried, 1):
        if c.kind != "legendary":
            continue
        left = words.n("{n} level", "{n} levels", c.levels) if c.levels else words(N_("no levels bought yet"))
        if c.damaged:  # its levels cost double
            left = words(N_("{levels}, damaged: its levels cost double"), levels=left)
        said = words(N_("{item} ({state})"), item=legendary_words(legendary.legend(c.stored), words), state=left)
        rows.append(SheetRow(words(N_("Item {number}"), number=words.number(number)), said))
    return rows


def item_card(r: Mapping[str, Any], words: Words, who: str) -> tuple[str, str, list[Row]]:
    """Levels of a legendary item bought: which, the levels it reaches and their price, the patron's rating."""
    name = words(str(r.get("name") or ""))
    action = words(N_("{who} buys levels of {item}"), who=who, item=name)
    result = words(N_("{before} → {after} for {vp}"), before=words.number(int(r.get("from", 0))),
                   after=words.number(int(r.get("to", 0))), vp=_vp(int(r.get("vp", 0)), words))  # fmt: skip
    return action, result, wand_rows(r, words) + patron_rows(r, words)


def patron_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    if not r.get("patron"):
        return []
    rating = words("{god} {rating}", god=words(str(r["patron"])), rating=words.number(int(r.get("connection", 0))))
    return [Row(words("Divine Connection"), rating)]


def wand_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """The Loki-Trouncing Wand's levels lost when his Loki rating reached his Odin rating."""
    if not r.get("wand_lost"):
        return []
    lost = words.n(N_("{n} level lost: his Loki rating is no longer below his Odin rating"),
                   "{n} levels lost: his Loki rating is no longer below his Odin rating",
                   int(r["wand_lost"]))  # fmt: skip
    return [Row(words(legendary.WAND), lost)]
