"""The option register covers treasure and the other gains: every ambiguity spec 001c §17 lists about §8-§9 and
§12.2 (A-30 to A-47, A-53, A-59, A-82 to A-87, A-89) is named by an entry of data/options.toml, and the switches
among them are fields of RuneOptions with the spec's default."""

from __future__ import annotations

from runehall.systems.data import read_data_file
from runehall.systems.rune.options import PACKAGE, RuneOptions

TREASURE_AND_GAINS = [f"001c A-{n}" for n in (*range(30, 48), 53, 59, 82, 83, 84, 85, 86, 87, 89)]
SWITCHES = {"liars_silver_limit": "per_encounter", "treasure_modifier_category": "final",
            "potency_subrolls": "reroll_9_and_0"}  # fmt: skip


def test_every_treasure_and_gain_ambiguity_has_an_entry() -> None:
    named = {a for e in read_data_file(PACKAGE, "options.toml")["option"] for a in e["assumptions"]}
    assert [a for a in TREASURE_AND_GAINS if a not in named] == []


def test_the_switches_default_to_the_spec() -> None:
    options = RuneOptions()
    entries = {e["id"]: e for e in read_data_file(PACKAGE, "options.toml")["option"]}
    for name, default in SWITCHES.items():
        assert getattr(options, name) == default == entries[name]["default"]
        assert entries[name]["configurable"] and len(entries[name]["choices"]) == 2
