"""Loot at the table and at the end of an adventure (spec 001c §8.3, §8.6, §8.11, §8.13, §9.7-§9.10; test vectors
§16.4): Load, the haul's VP less liar's silver, helms, going home, shrines, scavenging, VP awards, loot caches."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.systems.rune.encounters.loot import go_home, helm_levels, helm_ratings, home_vp, silver_load
from runehall.systems.rune.treasure.charts import chart


def test_liars_silver_at_home() -> None:  # 001c TV-77
    for real in (0, 5, 40, 120):
        assert home_vp(real, liars_pieces=7) == max(0, real - 7)
    assert home_vp(30, (5,), liars_pieces=7) == 28


def test_silver_load() -> None:  # 001c TV-82
    assert [silver_load(oz) for oz in (31, 32, 64)] == [0, 1, 2]
    with pytest.raises(RulesError):
        silver_load(-1)


def test_a_helm_raises_its_gods_rating() -> None:  # 001c TV-83
    helm = next(r for r in chart("helm_gift").rows if r.name == "Agony Postponed")
    assert helm_ratings(helm, 2) == {"heimdal": 2}
    assert helm_levels(helm, 2, already=4) == 5  # never past the Gift's 5 levels
    power = next(r for r in chart("helm_gift").rows if r.rune_power == "mace")
    assert helm_ratings(power, 3) == {}


def test_going_home_needs_more_successes() -> None:  # 001c TV-87
    assert not go_home([3, 1], [2, 1, 1])
    assert go_home([3, 2], [2, 1, 1])


def test_shrine_prices_and_lokis_shrine() -> None:
    from runehall.systems.rune.encounters.loot_rules import gift_price_at_shrine, insurance_price, loki_shrine_roll

    assert insurance_price("odin", "odin") == 12 and insurance_price("odin", "thor") == 25
    assert [gift_price_at_shrine(p) for p in (30, 45, 75, 250)] == [21, 31, 52, 175]  # floor(0.7 x)
    assert loki_shrine_roll("loki", "thor") == 8 and loki_shrine_roll("loki", "freyja") is None
    assert loki_shrine_roll("odin", "thor") is None


def test_liars_silver_dropped_and_foes_scavenged() -> None:
    from runehall.systems.rune.encounters.loot_rules import dropped_together, may_drop_liars_silver, scavenge

    assert may_drop_liars_silver(True, "light") and not may_drop_liars_silver(False, "overloaded")
    assert may_drop_liars_silver(False, "better_put_something_down")
    assert dropped_together(40, 7, 5) == (35, 2)
    with pytest.raises(RulesError):
        dropped_together(3, 7, 5)
    found = scavenge(["dark_viking", "dark_viking", "wendol", "goblin_warrior"], used_missiles=1)
    assert (found.melee, found.missile) == (6, 1)


def test_vp_award_shares() -> None:  # 001c §9.10
    from runehall.systems.rune.encounters.loot_rules import award_shares

    assert award_shares(15, "singular", ["Ragnar"], ["Thurid", "Bjorn"]) == {"Ragnar": 15, "Thurid": 7, "Bjorn": 7}
    assert award_shares(10, "mutual", ["Ragnar", "Sigrid"], []) == {"Ragnar": 10, "Sigrid": 10}
    assert award_shares(10, "singular", ["Ragnar"], ["Thurid"], squabbled=True) == {}
    with pytest.raises(RulesError):
        award_shares(10, "singular", ["Ragnar", "Thurid"], [])


def test_a_loot_cache_record() -> None:  # 001c §9.8
    from datetime import date

    from runehall.systems.rune.encounters.loot import LootCache

    cache = LootCache("the cliff crevice", date(2026, 11, 27), "Thurid", 6, contents=("a Kite Shield",), ounces=40)
    assert cache.deterrent(None) == cache and cache.deterrent(-2) == cache
    trapped = cache.deterrent(3)
    assert not cache.recovered(5) and trapped.recovered(3) and not trapped.recovered(2)
