"""A Rune hero's creation points while the sheet is typed (Hero.budgets): "spent / 60" as the valid hero
sheet's row shows it, counted from the raw values the form sends, so it stays in sight while the rules still
refuse the hero (overspent: the row becomes a warning; half filled: what is there is counted).

The counting is creation.spent's, the row hero_sheet.py's; this module only reads the raw values as the field
validators would: Characteristics and Abilities by id, abbreviation or name, a Characteristic only at a rating
its cost list prices, an Ability only when rated above 0, hit points only in whole creation points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.sheet import SheetRow
from runehall.present.words import Words
from runehall.systems import raw
from runehall.systems.rune.creation import Kind, spent
from runehall.systems.rune.hero_sheet import budget_row
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules


def budgets(values: Mapping[str, Any], options: Any, words: Words) -> tuple[SheetRow, ...]:
    o = options if isinstance(options, RuneOptions) else RuneOptions()
    r = rules()
    priced = set(r.characteristics.ratings)
    characteristics = {
        found: rating
        for found, rating in _scores("characteristic", raw.field(values, "characteristics"))
        if rating in priced
    }
    abilities = {found: rating for found, rating in _scores("ability", raw.field(values, "abilities")) if rating > 0}
    cp_on_hp = raw.whole(raw.field(values, "cp_on_hp"))
    points = spent(
        {"characteristics": characteristics, "abilities": abilities},
        cp_on_hp if cp_on_hp is not None and cp_on_hp > 0 else 0,
        o,
    )
    return (budget_row(points, words),)


def _scores(kind: Kind, given: object) -> list[tuple[str, int]]:
    """A table of Characteristics or Abilities as (id, rating), the names that are none of them left out."""
    found = ((rules().find(kind, name), rating) for name, rating in raw.table(given))
    return [(score_id, rating) for score_id, rating in found if score_id is not None]
