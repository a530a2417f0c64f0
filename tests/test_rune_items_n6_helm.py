"""A worn Helm of Power on the hero sheet (spec 001c §8.11; rules §35.4): its Gift's levels count in the sheet's
own numbers (stacked on his own, never past the Gift's most), and while worn his Divine Connection with that
Gift's patron rises by its levels - on the sheet's Divine Gifts rows, his primary gods and wherever the rating is
read (treasure/legendary.connections); a helm not worn, or a Rune Power's, adds none."""

from __future__ import annotations

from typing import Any

from rune_magic_fixtures import helm
from runehall.present.words import words_for
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.gifts.divine import connections, primary_gods
from runehall.systems.rune.gifts.stat_gifts import HIT_POINTS
from runehall.systems.rune.treasure import legendary
from runehall.systems.rune.treasure.charts import chart
from test_rune_hero import hero, ragnar

EN = words_for("en", "rune")
THEWS = "Thor's Thews"


def rows(h: Any) -> dict[str, str]:
    return {r.label: r.value for s in h.sheet(EN).sections for r in s.rows}


def with_helm(worn: int | None, levels: int = 2, name: str = THEWS, **more: Any) -> Any:
    return hero(ragnar(magic_items=[{"item": helm(name, levels), "worn_since": worn}], **more))


def hp(h: Any) -> int:
    """His maximum HP, as the sheet's Important numbers say it."""
    found = next(s for s in h.sheet(EN).sections if s.title == "Important numbers")
    return int(next(r.value for r in found.rows if r.label == "Hit points"))


def test_a_worn_helm_counts_in_the_sheets_numbers() -> None:
    assert hp(with_helm(-1)) == hp(with_helm(None)) + 2 * HIT_POINTS["thors_thews"]  # +10 HP a level (001b §2.5)
    assert hp(with_helm(-1, levels=3)) == hp(with_helm(None)) + 3 * HIT_POINTS["thors_thews"]
    assert hp(with_helm(None)) == hp(hero(ragnar()))  # not worn: nothing


def test_the_sheet_lists_his_own_gift_levels_beside_the_helms() -> None:
    worn = with_helm(-1, levels=2, gifts={"thors_thews": 1})
    assert hp(worn) == hp(hero(ragnar(gifts={"thors_thews": 3})))  # his level and the helm's two count
    assert rows(worn)[THEWS].startswith("level 1")  # the gift he holds is still his own level


def test_a_worn_helm_raises_its_patrons_divine_connection() -> None:
    patron = gift("thors_thews").patron
    assert patron == "Thor"
    worn, off = with_helm(-1, levels=3), with_helm(None, levels=3)
    assert legendary.connections(worn.magic_items) == {"Thor": 3}
    assert legendary.connections(off.magic_items) == {}
    assert connections({}, legendary.connections(worn.magic_items)) == {"Thor": 3}
    assert primary_gods({}, legendary.connections(worn.magic_items)) == {"Thor"}
    assert rows(worn)["Divine Connection"] == "Thor 3" and rows(worn)["Primary gods"] == "Thor"
    assert "Divine Connection" not in rows(off)  # no gift, nothing worn: no Divine Gifts section


def test_the_rise_adds_to_his_own_gifts_rating() -> None:
    worn = with_helm(-1, levels=2, gifts={"thors_thews": 1})
    assert rows(worn)["Divine Connection"] == "Thor 3"  # his own level and the helm's two


def test_a_rune_power_helm_raises_no_connection() -> None:
    item = helm(THEWS, 2)
    row = next(r for r in chart("helm_gift").rows if r.rune_power is not None)
    rolled = next(r for r in item["rolls"] if r["chart"] == "helm_gift")
    rolled["faces"], rolled["result"] = [row.faces[0]], row.faces[0]
    worn = hero(ragnar(magic_items=[{"item": item, "worn_since": -1}]))
    assert legendary.connections(worn.magic_items) == {}
