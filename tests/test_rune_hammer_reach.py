"""The Dwarven Hammers' Rune Powers: which Threat Categories they may turn to stone or ice (spec 001b §2.6; the
Work Hammer's reach is option work_hammer_max_threat, A-27, a house reading of lost text)."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.systems.rune.foe_data import categories
from runehall.systems.rune.gifts.formulas import BATTLE_HAMMER, WORK_HAMMER, hammer_reaches
from runehall.systems.rune.options import RuneOptions, register

ORDER = [c.id for c in categories()]  # most dangerous first


def test_the_battle_hammer_reaches_every_category_but_terrifying() -> None:
    assert ORDER[0] == "terrifying" and len(ORDER) == 7
    assert [hammer_reaches(BATTLE_HAMMER, c) for c in ORDER] == [False] + [True] * 6
    assert hammer_reaches(BATTLE_HAMMER, None)  # a hero counts as Equal


def test_the_work_hammer_reaches_equal_or_lower_by_default() -> None:
    assert RuneOptions().work_hammer_max_threat == "equal"
    reached = [c for c in ORDER if hammer_reaches(WORK_HAMMER, c)]
    assert reached == ["equal", "inferior", "weak", "pitiful"]
    assert hammer_reaches(WORK_HAMMER, None)


@pytest.mark.parametrize("most", ["exceptional", "superior", "equal", "inferior", "weak", "pitiful"])
def test_the_work_hammer_follows_work_hammer_max_threat(most: str) -> None:
    options = RuneOptions(work_hammer_max_threat=most)  # type: ignore[arg-type]
    reached = [c for c in ORDER if hammer_reaches(WORK_HAMMER, c, options)]
    assert reached == ORDER[ORDER.index(most) :]
    assert all(hammer_reaches(BATTLE_HAMMER, c, options) == (c != "terrifying") for c in ORDER)


def test_the_option_is_in_the_register_with_the_spec_default_and_other_powers_are_refused() -> None:
    entry = register()["work_hammer_max_threat"]
    assert entry["default"] == RuneOptions().work_hammer_max_threat and "001b A-27" in entry["assumptions"]
    assert set(entry["choices"]) == set(ORDER) - {"terrifying"}
    with pytest.raises(RulesError, match="not a Dwarven Hammer"):
        hammer_reaches("rune_power_mace", "equal")
