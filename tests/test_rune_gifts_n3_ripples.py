"""Ripples from the Well of Knowledge (spec 001b §2.5; gifts/ripples.py): at five gods' shrines Divine Awareness +
Presence against 6 makes an Odin shrine of it; at an Odin shrine 5X VP for each purchase of insurance or a gift
level, or a Helm of Power repaired, by any pillager."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.systems.rune.gifts.ripples import as_odin_shrine, ripples_difficulty, ripples_vp


def test_the_five_gods_shrines_ripple_into_odins_on_6_or_more() -> None:
    for god in ("heimdal", "Thor", "ull", "freyja", "freyr"):
        assert ripples_difficulty(god) == 6
        for total in range(0, 12):
            assert as_odin_shrine(god, 2, total) is (total >= 6)
        assert not as_odin_shrine(god, 0, 9)  # without the gift a roll does nothing
    for god in ("loki", "tyr", "njord", "other"):
        assert ripples_difficulty(god) is None and not as_odin_shrine(god, 3, 20)
    assert ripples_difficulty("odin") is None and as_odin_shrine("odin", 0)


def test_five_x_vp_a_purchase_at_an_odin_shrine_only() -> None:
    for x in (1, 2, 5):
        for purchases in range(4):
            assert ripples_vp(x, True, purchases) == 5 * x * purchases
            assert ripples_vp(x, False, purchases) == 0
    with pytest.raises(RulesError, match="0 or more"):
        ripples_vp(1, True, -1)
    with pytest.raises(RulesError, match="at least one level"):
        ripples_vp(0, True, 1)
    with pytest.raises(RulesError, match="name the god"):
        ripples_difficulty(" ")
