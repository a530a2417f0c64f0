"""The traps' ambiguities (spec 001c §17, the entries about §6-§7 and the sample's trap prices) are each named by
an entry of data/options.toml, and every switch among them changes what Runehall does."""

from __future__ import annotations

from typing import Any

from runehall.systems.data import read_data_file
from runehall.systems.rune.encounters import equipment_damage as eq
from runehall.systems.rune.encounters import hazards as hz
from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.traps_pricing import init_price, price_trap
from runehall.systems.rune.options import PACKAGE, RuneOptions

TRAP_AMBIGUITIES = [f"001c A-{n}" for n in (*range(14, 30), 62, 66, 69, 70, 73, 75, 78, 79, 80)]
SWITCHES = {
    "init_bonus_price",
    "escalating_trap_cost",
    "repeat_shots_keep_limited",
    "danger_zone_price",
    "drowning_damage",
    "armour_damage",
    "flame_ignites",
}


def test_every_trap_ambiguity_has_an_entry() -> None:
    named = {a for e in read_data_file(PACKAGE, "options.toml")["option"] for a in e["assumptions"]}
    assert [a for a in TRAP_AMBIGUITIES if a not in named] == []


def priced(trap: dict[str, Any], options: RuneOptions) -> list[int]:
    element = Element.model_validate({"id": "t", "name": "T", "kind": "trap", "roll": "r", "trap": trap})
    roll = RollSpec(id="r", name="R", purpose="trap", ability="dodge", difficulty=6)
    end = RollSpec(id="end", name="End", purpose="trap", ability="traps", difficulty=6)
    return [line.ep for line in price_trap(element, {"r": roll, "end": end}, options) if line.counted]


def test_every_switch_changes_something() -> None:
    default = RuneOptions()
    entries = {e["id"]: e for e in read_data_file(PACKAGE, "options.toml")["option"]}
    for name in SWITCHES:
        assert entries[name]["configurable"] and name in RuneOptions.model_fields
        other = next(c for c in entries[name]["choices"] if c != entries[name]["default"])
        changed = RuneOptions(**{name: other})
        assert _behaviour(default) != _behaviour(changed), name


def _behaviour(options: RuneOptions) -> tuple[Any, ...]:
    burning = hz.flame_exposure(5, quilted=False, options=options)
    return (
        init_price(7, options),
        priced({"damage": {"dam": 21, "recurrence": "escalating", "end_roll": "end"}}, options),
        priced({"targeting": {"most": 1, "per_round": 1, "stop_by": "action"}}, options),
        priced({"damage": {"dam": 10}, "positional": {"zone": "danger", "paces": 40}}, options),
        hz.drowning_loss(1, options, failed_by=2),
        eq.harm_armour(8, 3, options),
        burning is None,
    )
