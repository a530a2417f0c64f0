"""Rune's catalog of Divine Gifts and Rune Powers (spec 001b §2.4-§2.6): the 75 gifts checked row by row against
the spec's master table (parsed from the spec's markdown where the spec is at hand), the 15 Rune Powers, the
recharge table, the refusals, and Spanish for every name."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from runehall.cli.app import app
from runehall.errors import RulesError
from runehall.present.check import program_values
from runehall.present.words import catalog
from runehall.systems.rune.gifts import catalog as gifts_catalog
from runehall.systems.rune.gifts.catalog import check_level, gift, gifts, gods, max_level, recharge, uses_allowed
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules

SPECS = Path(os.environ.get("RUNEHALL_SPECS", Path(__file__).resolve().parents[2] / "shared" / "specs"))
SPEC = SPECS / "001b-rune-gifts-encounters.md"
ROW = re.compile(r"^\| (\d+) \| (.+?) \| (\d+) \| (\w+) \| (.+?) \| (\d+) \|$", re.MULTILINE)


def spec_rows() -> list[tuple[str, int, str, str, int]]:
    """The master table of §2.4: (name, cost, patron, levels, page); a name's "(table ...)" note dropped."""
    text = SPEC.read_text(encoding="utf-8")
    body = text[text.index("### 2.4 ") : text.index("### 2.5 ")]
    found = []
    for _, name, cost, patron, levels, page in ROW.findall(body):
        found.append((re.sub(r" \(table.*\)$", "", name), int(cost), patron, levels, int(page)))
    return found


def regular() -> list[gifts_catalog.Gift]:
    return [g for g in gifts().values() if not g.rune_power]


def test_seventy_five_gifts_and_fifteen_rune_powers() -> None:
    assert len(regular()) == 75
    powers = [g for g in gifts().values() if g.rune_power]
    assert len(powers) == 15
    assert len(gods()) == 13 and {g.patron for g in regular()} <= set(gods())
    assert all(p.patron is None and p.no_action and p.kind == "activated" for p in powers)


@pytest.mark.skipif(not SPEC.is_file(), reason="the specs are not beside the project")
def test_every_gift_agrees_with_the_spec_table() -> None:
    rows = spec_rows()
    assert len(rows) == 75
    by_name = {g.name: g for g in regular()}
    for name, cost, patron, levels, page in rows:
        g = by_name[name]
        assert (g.cost, g.patron, g.page) == (cost, patron, page), name
        if levels.startswith("None (table)"):  # 001b A-10: the entry's Unlimited by default, the table's 1
            assert g.max_level is None and g.table_levels == 1, name
        elif levels == "None":
            assert g.max_level == 1, name
        elif levels == "Unlimited":
            assert g.max_level is None, name
        else:
            assert g.max_level == int(levels), name


def test_ids_are_the_names_in_snake_case() -> None:
    for g in gifts().values():
        assert g.id == re.sub(r"[^a-z0-9]+", "_", g.name.lower().replace("'", "")).strip("_")
    assert gift("thors_thews").patron == "Thor"
    assert gift("with_either_hand").max_level == 1


def test_rune_powers_name_weapons_of_the_armoury() -> None:
    weapons = {w.id for w in rules().weapons.weapon}
    powers = {g.name: g for g in gifts().values() if g.rune_power}
    assert all(p.weapon in weapons for p in powers.values())
    assert powers["Rune Power: Viking Short Sword"].weapon == "shortsword"
    short = powers["Rune Power: Viking Short Sword"]
    assert (short.max_level, short.cost) == (3, 75)
    assert powers["Rune Power: Dwarven Battle Sword"].max_level == 8
    assert powers["Rune Power: Viking Broad Sword"].cost == 200


def test_usage_counters() -> None:
    assert uses_allowed(gift("destiny_reversed"), 3) == 3  # X per session
    assert gift("destiny_reversed").scope == "session"
    assert uses_allowed(gift("the_chattering_squirrel"), 4) == 1  # once per event
    assert gift("the_chattering_squirrel").scope == "event" and gift("the_chattering_squirrel").no_action
    assert uses_allowed(gift("thors_thews"), 2) is None
    assert not gift("craven_departure").no_action  # it costs an action


def test_the_clatter_of_rushing_boots_follows_its_option() -> None:
    clatter = gift("the_clatter_of_rushing_boots")
    assert max_level(clatter) is None and max_level(clatter, RuneOptions()) is None
    assert max_level(clatter, RuneOptions(clatter_levels="one")) == 1
    with pytest.raises(RulesError, match="at most 1 levels"):
        check_level(clatter, 2, RuneOptions(clatter_levels="one"))
    assert check_level(clatter, 2) == 2


def test_refusals() -> None:
    with pytest.raises(RulesError, match="'thor_thews'"):
        gift("thor_thews")
    with pytest.raises(RulesError, match="negative"):
        uses_allowed(gift("destiny_reversed"), -1)
    with pytest.raises(RulesError, match="at most 5 levels, not 6"):
        check_level(gift("agony_postponed"), 6)
    with pytest.raises(RulesError, match="at least 1"):
        recharge(0)


def test_the_recharge_table_rises_and_fills_the_gaps_from_below() -> None:
    listed = {1: (3, "days"), 2: (24, "hours"), 3: (12, "hours"), 4: (6, "hours"), 6: (3, "hours"),
              8: (1, "hours"), 10: (30, "minutes"), 12: (10, "rounds"), 16: (5, "rounds")}  # fmt: skip
    for level in range(1, 30):
        row = max(k for k in listed if k <= level)  # brute force: the highest listed level not above
        found = recharge(level)
        assert (found.amount, found.unit) == listed[row], level


def test_every_name_has_spanish() -> None:
    es = catalog("runehall.systems.rune", "es")
    missing = [g.name for g in gifts().values() if g.name not in es]
    assert not missing, missing
    assert es["Rune Power: Viking Short Sword"] != "Rune Power: Viking Short Sword"


def test_every_summary_has_spanish_and_is_no_program_value() -> None:
    es = catalog("runehall.systems.rune", "es")
    for g in gifts().values():
        assert g.summary and es.get(g.summary, g.summary) != g.summary, g.id
        assert program_values(g.summary) == [] and program_values(str(es[g.summary])) == [], g.id


def test_the_cli_lists_the_gifts_and_shows_one_in_either_language() -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["rune", "gifts", "--lang", "es"])
    assert listed.exit_code == 0 and "Los músculos de Thor" in listed.output and "ilimitados" in listed.output
    assert program_values(listed.output) == []
    english = runner.invoke(app, ["rune", "gifts", "--lang", "en", "--json"])
    rows = json.loads(english.output)
    assert len(rows) == 90 and rows[0] == {"name": "Agony Postponed", "god": "Heimdal", "cost": 30, "levels": 5,
                                           "page": 64}  # fmt: skip
    one = runner.invoke(app, ["rune", "gifts", "los músculos de thor", "--lang", "es"])
    assert one.exit_code == 0 and "+10 PG máximos por nivel." in one.output and "75 PV por nivel" in one.output
    power = runner.invoke(app, ["rune", "gifts", "rune_power_viking_short_sword", "--lang", "en"])
    assert "Weapon: Shortsword (Viking short sword)" in power.output and "no god (a Rune Power)" in power.output
    unknown = runner.invoke(app, ["rune", "gifts", "thors thew", "--lang", "en"])
    assert unknown.exit_code == 2 and "thors thew" in unknown.output
