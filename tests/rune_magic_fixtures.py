"""Magic items for the tests, rolled for real: the first of each kind a Category F treasure gives over a fixed run
of fair seeds, each as the treasure's event stores it; and a Helm of Power of a chosen Gift (a rolled helm with
its gift and levels rows set to that Gift's and that many levels)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from runehall.chance.sources import FairSource
from runehall.systems.rune.treasure.charts import chart
from runehall.systems.rune.treasure.generate import generate_treasure
from runehall.systems.rune.treasure.stored import item_json

SEED = b"runehall magic items seed 0123"
KINDS = ("potion", "charm", "amulet", "helm", "legendary", "equipment")


@cache
def _found() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for nonce in range(400):
        for item in generate_treasure("F", FairSource(SEED, "magic", nonce)):
            found.setdefault(item.kind, item_json(item))
        if all(k in found for k in KINDS):
            return found
    raise AssertionError("no seed gave every kind of magic item")


def stored(kind: str) -> dict[str, Any]:
    """The first rolled item of this kind, as stored."""
    return copy.deepcopy(_found()[kind])


def _set(item: dict[str, Any], chart_id: str, name: str | None = None, value: int | None = None) -> None:
    rows = chart(chart_id).rows
    row = next(r for r in rows if (name is None or r.name == name) and (value is None or r.value == value))
    roll = next(r for r in item["rolls"] if r["chart"] == chart_id)
    roll["faces"], roll["result"] = [row.faces[0]], row.faces[0]


def helm(gift_name: str, levels: int) -> dict[str, Any]:
    """A Helm of Power granting `levels` levels of the Gift named so."""
    item = stored("helm")
    _set(item, "helm_gift", name=gift_name)
    _set(item, "helm_levels", value=levels)
    return item


def potion_doses(item: dict[str, Any]) -> int:
    roll = next(r for r in item["rolls"] if r["chart"] == "potion_doses")
    value = chart("potion_doses").row(roll["result"]).value
    assert value is not None
    return value
