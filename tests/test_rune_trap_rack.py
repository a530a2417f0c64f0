"""Off-the-rack hazards priced and checked (spec 001c §7, §18.7): 001c TV-54, TV-63, TV-68 to TV-72, and a whole
encounter with traps priced by the rules, from Python and by `runehall rune encounter price`."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from runehall.systems.rune.encounters.design import Element, Encounter, RollSpec
from runehall.systems.rune.encounters.trap_checks import count_refusals, trap_refusals
from runehall.systems.rune.encounters.trap_packages import drowning_cost, falling_cost, grabber_cost, lost_cost
from runehall.systems.rune.encounters.validate import price_encounter
from runehall.systems.rune.options import RuneOptions
from test_rune_trap_pricing import AVOID, END, eps, refused, trap

ROOT = Path(__file__).resolve().parents[1]


# -- off the rack (§7) ------------------------------------------------------------------------------------
def test_001c_tv54_drowning_cost() -> None:  # 001c TV-54, A-78
    assert eps(trap(package={"kind": "drowning", "waters": "choppy", "current": "mild"})) == [30, 30]
    assert drowning_cost("choppy", "mild") == 60
    assert drowning_cost("undercurrent") == 80
    assert eps(trap(package={"kind": "drowning", "waters": "tranquil", "current": "fast"})) == [10, 60]


def test_001c_tv63_falling_cost() -> None:  # 001c TV-63 (the landing: test_rune_hazards.py)
    assert eps(trap(package={"kind": "falling", "feet": 23})) == [42] == [falling_cost(23)]
    assert falling_cost(100) == 92 and falling_cost(101) == 102
    assert refused(trap(package={"kind": "falling", "feet": 9})) == ["a fall is at least {least} feet"]


MAP = RollSpec(id="avoid", name="Find the way", purpose="trap", ability="map", difficulty=7)


def test_001c_tv68_lost_cost() -> None:  # 001c TV-68
    assert lost_cost(7) == 60
    # In the notes: the Map roll's own Difficulty line (rolls.py, +10) and the trap's 30 and 20.
    assert eps(trap(package={"kind": "lost"}), MAP) == [30, 20]
    assert not refused(trap(package={"kind": "lost"}), MAP)
    assert refused(trap(package={"kind": "lost"}))  # a Dodge roll


def test_001c_tv69_lost_costs() -> None:  # 001c TV-69
    assert (lost_cost(6), lost_cost(8)) == (30, 90)


def test_001c_tv70_grabber() -> None:  # 001c TV-70, A-66
    jump = AVOID.model_copy(update={"ability": "jump", "difficulty": 6})
    grab = trap(damage={"dam": 10}, package={"kind": "grabber"})
    assert sum(eps(grab, jump)) == 50 == grabber_cost(10)
    assert eps(trap(package={"kind": "grabber", "escape_difficulty": 8})) == [40, 20]
    assert refused(grab, jump.model_copy(update={"structure": "weak_link"}))


def test_001c_tv71_nuisance_cost() -> None:  # 001c TV-71 (the bite: test_rune_hazards.py)
    assert eps(trap(package={"kind": "nuisance", "dam": 4})) == [6]
    assert refused(trap(package={"kind": "nuisance", "dam": 11}))


def test_fire_and_water() -> None:  # 001c §7.6
    assert eps(trap(package={"kind": "fire", "water_paces": 15})) == [16, -15]
    assert eps(trap(package={"kind": "fire", "raging": True, "water_paces": 30})) == [36, -5]
    assert eps(trap(package={"kind": "fire", "water_paces": 41})) == [16]


def test_ambush_and_acid() -> None:  # 001c §7.1, §7.2
    weak = AVOID.model_copy(update={"ability": "awareness", "structure": "weak_link"})
    foes = trap(package={"kind": "ambush"})
    assert eps(foes, weak) == [50] and not trap_refusals(foes, {"avoid": weak}, {"avoid": weak})
    assert not refused(foes)  # the foes' ambush may follow any failed roll (a slide into their lair)
    heroes = Element.model_validate({"id": "h", "name": "Hide", "kind": "gain", "roll": "avoid",
                                     "trap": {"package": {"kind": "ambush", "by": "heroes"}}})  # fmt: skip
    assert eps(heroes) == [-50]
    assert refused(heroes) == ["an ambush is a Weak Link roll of {ability}"]  # the heroes hide: Stealth
    acid = trap(damage={"dam": 6, "recurrence": "recurring", "armour_ignoring": True, "end_roll": "end"},
                equipment_damage=True, package={"kind": "acid"})  # fmt: skip
    assert eps(acid, END) == [15, 10, 40] and not refused(acid, END)
    assert refused(trap(damage={"dam": 6}, package={"kind": "acid"}))


# -- the encounter (§6, §18.7) ----------------------------------------------------------------------------
def crypt() -> dict[str, Any]:
    return tomllib.loads((ROOT / "examples" / "rune" / "flooded-crypt.toml").read_text(encoding="utf-8"))


def test_an_encounter_with_traps_is_priced_by_their_rules() -> None:
    report = price_encounter(Encounter.model_validate(crypt()), None, RuneOptions())
    assert report.legal, report.errors
    assert [line.ep for line in report.lines_for("flood")] == [10, 30]
    assert [line.ep for line in report.lines_for("bell")] == [10]
    assert report.spent <= report.earned


def test_001c_tv72_trap_limits() -> None:  # 001c TV-72
    data = crypt()
    hall = data["events"][1]
    spare = [{"id": f"x{i}", "name": "Loose stone", "kind": "hazard", "roll": "wade", "trap": {"damage": {"dam": 1}}}
             for i in range(6)]  # fmt: skip
    hall["elements"] = hall["elements"] + spare  # 3 + 6 = 9 traps
    assert [r.where for r in count_refusals(Encounter.model_validate(data))] == ["x5"]
    tomb = crypt()
    tomb["events"][2]["elements"] += [dict(s, roll="spot_wire") for s in spare[:4]]  # 5 in the fight's event
    found = count_refusals(Encounter.model_validate(tomb))
    assert [(r.template, r.where) for r in found] == [("an event with a fight has at most {most} traps, not {count}",
                                                      "x3")]  # fmt: skip


def test_the_cli_prices_notes_with_traps() -> None:
    path = ROOT / "examples" / "rune" / "flooded-crypt.toml"
    done = subprocess.run([sys.executable, "-m", "runehall", "rune", "encounter", "price", str(path), "--lang", "es"],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Ahogamiento" in done.stdout and "Drowning" not in done.stdout


def test_several_kinds_of_harm_make_a_combo_trap() -> None:  # 001c §5.10, A-72
    data = crypt()
    tomb = data["events"][2]
    tomb["elements"][0]["trap"]["damage"] = {"dice": 7, "armour_ignoring": True}  # the shaking room's two harms
    warned = price_encounter(Encounter.model_validate(data), None, RuneOptions()).warnings
    assert [(w.template, w.values, w.where) for w in warned if w.where == "bell"] == [
        (
            "this trap does {count} kinds of harm: its roll is priced as a combo trap of {count} ill effects",
            {"count": 2},
            "bell",
        )
    ]
    tomb["rolls"][0]["effects"] = 2
    report = price_encounter(Encounter.model_validate(data), None, RuneOptions())
    assert not [w for w in report.warnings if w.where == "bell"]
    assert [line.ep for line in report.lines_for("spot_wire")] == [10, 40, 25]  # Difficulty, Weak Link, (10+40)/2
