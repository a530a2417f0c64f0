"""A rolled treasure as an event stores it and as it is read back (spec 001c §8, §18.4): every chart roll kept
(its chart, the category whose modifier it took, every face, the result), so a card or a hero's haul is said from
what was stored alone and any reader can check it against the charts. Reading back validates each roll against
its chart: a stored roll that no chart could give is refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, get_args

from pydantic import Field

from runehall.errors import N_, RulesError
from runehall.systems.rune.treasure.charts import Category, chart
from runehall.systems.rune.treasure.generate import Item, Rolled

# An item as an event stores it, typed with caps so that a sheet or a haul carrying one is checked before any work:
# its kind, each chart rolled ({chart, category, faces, result}), plain dice, ounces and the rolls that led to it.
_Number = Annotated[int, Field(ge=-1, le=1_000_000)]
_Text = Annotated[str, Field(max_length=80)]
_Faces = Annotated[list[_Number], Field(max_length=400)]
StoredRoll = Annotated[dict[_Text, _Text | _Number | _Faces | None], Field(max_length=4)]
StoredItem = Annotated[
    dict[_Text, _Text | _Number | _Faces | Annotated[list[StoredRoll], Field(max_length=100)] | None],
    Field(max_length=8),
]


def _rolled_json(r: Rolled) -> dict[str, Any]:
    return {"chart": r.chart, "category": r.category, "faces": list(r.faces), "result": r.result}


def item_json(item: Item) -> dict[str, Any]:
    """One item of a treasure as JSON: its kind, each chart rolled with its faces, its plain d10s and ounces."""
    return {
        "kind": item.kind,
        "rolls": [_rolled_json(r) for r in item.rolls],
        "dice": list(item.dice),
        "ounces": item.ounces,
        "before": [_rolled_json(r) for r in item.before],
    }


def _rolled(stored: Mapping[str, Any]) -> Rolled:
    category = stored.get("category")
    if category is not None and category not in get_args(Category):
        raise RulesError(N_("a stored treasure roll names no category of treasure"))
    found = chart(str(stored["chart"]))  # an unknown chart is refused by the charts
    result = int(stored["result"])
    if not 1 <= result <= found.die:
        raise RulesError(N_("a stored treasure roll is off its chart"))
    return Rolled(found.id, category, tuple(int(f) for f in stored["faces"]), result)


def item_from(stored: Mapping[str, Any]) -> Item:
    """An item read back from what an event stored."""
    ounces = stored.get("ounces")
    return Item(
        kind=str(stored["kind"]),
        rolls=tuple(_rolled(r) for r in stored["rolls"]),
        dice=tuple(int(d) for d in stored.get("dice", ())),
        ounces=None if ounces is None else int(ounces),
        before=tuple(_rolled(r) for r in stored.get("before", ())),
    )


def item_faces(item: Item) -> list[tuple[int, int]]:
    """Every die of an item in the order rolled, each (sides, face): the category rolls that led to it first, an
    amount's plain d10s before the loot's form."""
    before = [(chart(r.chart).die, f) for r in item.before for f in r.faces]
    rolls = [[(chart(r.chart).die, f) for f in r.faces] for r in item.rolls]
    dice = [(10, d) for d in item.dice]
    if item.ounces is not None:
        return before + rolls[0] + dice + [f for r in rolls[1:] for f in r]
    return before + [f for r in rolls for f in r] + dice
