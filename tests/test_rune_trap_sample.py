"""The sample adventure's traps and hazards ("The Stolen Rune", spec 001c §14.1-§14.7, Level 2 of §14.8) priced by
the trap rules: each trap's own lines (its roll is priced with the rolls) give the spec's Rule column, the book's
printed value kept in a comment where the rules disagree (A-15, A-18, A-19, A-59, A-66, A-69, A-73)."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.trap_checks import trap_refusals
from runehall.systems.rune.encounters.traps_pricing import price_trap
from runehall.systems.rune.options import RuneOptions

ROLL = RollSpec(id="r", name="Avoid it", purpose="trap", ability="dodge", difficulty=6)
WEAK = ROLL.model_copy(update={"structure": "weak_link", "ability": "awareness"})
END = RollSpec(id="end", name="End it", purpose="trap", ability="traps", difficulty=6)


def eps(trap: dict[str, Any], roll: RollSpec = ROLL, **options: Any) -> list[int]:
    element = Element.model_validate({"id": "t", "name": "T", "kind": "trap", "roll": "r", "trap": trap})
    return [line.ep for line in price_trap(element, {"r": roll, "end": END}, RuneOptions(**options)) if line.counted]


SAMPLE: list[tuple[str, dict[str, Any], list[int]]] = [
    ("E1 fright", {"impairment": {"points": 2, "combats": 1, "trap_rolls": 3}}, [90]),
    ("E1 bombs in goblins", {"damage": {"dam": 16}}, [21]),
    ("E2 trip wire (book 4 + 18, A-18)", {"damage": {"dam": 4}, "foe_bonuses": [{"stat": "init", "bonus": 9,
                                                                                    "all_foes": True}]}, [4, 15]),
    ("E2 falling debris", {"damage": {"dam": 18}}, [23]),
    ("E2 lava pit", {"equipment_damage": True}, [40]),
    ("E2 iron maiden", {"damage": {"dam": 15}}, [15]),
    ("E3 lyre contest (book 30 + 65 + 4, A-59)",
     {"impairment": {"points": 1, "combats": 1, "trap_rolls": 13, "freestanding": 4}}, [30 + 65 + 12]),
    ("E3 magic drums (book 2 + 20, A-15)", {"damage": {"dam": 2, "recurrence": "escalating", "end_roll": "end"}}, [20]),
    ("E3 sneezing", {"foe_bonuses": [{"stat": "init", "bonus": 6, "all_foes": True}]}, [10]),
    ("E3 drowning", {"package": {"kind": "drowning", "waters": "choppy"}}, [30]),
    ("E3 blades (book -15 too, A-19)",
     {"damage": {"dam": 7}, "targeting": {"most": 1, "per_round": 1, "stop_by": "action"}}, [7, 25]),
    ("E4 water nymph", {"package": {"kind": "drowning", "waters": "undercurrent"}}, [80]),
    ("E4 bear traps (book 30, A-66)", {"damage": {"dam": 10}, "package": {"kind": "grabber"}}, [10, 40]),
    ("E4 chasm", {"package": {"kind": "falling", "feet": 23}}, [42]),
    ("E4 teleport device", {"damage": {"dam": 26}}, [41]),
    ("E5 mossy slide", {"package": {"kind": "ambush"}}, [50]),
    ("E5 protoplasm", {"package": {"kind": "falling", "feet": 24}}, [42]),
    ("E5 parasite",
     {"damage": {"dam": 9, "armour_ignoring": True, "recurrence": "recurring", "end_roll": "end"}}, [22, 10]),
    ("E6 skull orchard (refused: 5 > 2, A-69)",
     {"impairment": {"points": 5, "specific": ["single_weapon"], "combats": 1}, "targeting": {"most": 3}}, [50, 0]),
    ("E6 snapping jaws (the roll's Endurance Test apart)", {"damage": {"dice": 3, "armour_ignoring": True}}, [15, 10]),
    ("E6 bony ballista", {"impairment": {"points": 1, "specific": ["dfn"], "combats": 1}, "targeting": {"most": 3}},
     [10, 0]),
    ("E7 crushing door", {"damage": {"dam": 25, "armour_ignoring": True}}, [35, 10]),
    ("E7 shaking room (book +7 INIT 14, A-18)",
     {"damage": {"dice": 7, "armour_ignoring": True}, "foe_bonuses": [{"stat": "init", "bonus": 7}]}, [43, 10, 11]),
    ("E7 door opening", {"stick_carrot": {"roll": "end", "carrot": 9, "stick": 9, "init": True, "carrot_rounds": 3,
                                           "stick_rounds": 3}}, [45, -45]),
    ("E7 scaffold (book 32, A-73)", {"package": {"kind": "falling", "feet": 22}}, [42]),
    ("E7 lightning bolts", {"damage": {"dam": 20}, "targeting": {"most": 1, "per_round": 1, "stop_by": "action"}},
     [25, 25]),
    ("E7 final explosion", {"package": {"kind": "fire", "raging": True}}, [36]),
]  # fmt: skip


@pytest.mark.parametrize(("row", "trap", "expected"), SAMPLE, ids=[s[0] for s in SAMPLE])
def test_the_sample_adventures_traps(row: str, trap: dict[str, Any], expected: list[int]) -> None:
    roll = WEAK if "foe_bonuses" in trap and trap["foe_bonuses"][0].get("all_foes") else ROLL
    assert eps(trap, roll) == expected, row


def test_the_book_values_the_options_give() -> None:
    blades = {"damage": {"dam": 7}, "targeting": {"most": 1, "per_round": 1, "stop_by": "action"}}
    assert sorted(eps(blades, repeat_shots_keep_limited=True)) == [-15, 7, 25]  # the book's -15 too


def test_the_skull_orchard_is_refused() -> None:  # 001c A-69
    orchard = {"impairment": {"points": 5, "specific": ["single_weapon"]}}
    element = Element.model_validate({"id": "t", "name": "T", "kind": "trap", "roll": "r", "trap": orchard})
    assert [r.template for r in trap_refusals(element, {"r": ROLL}, {"r": ROLL})] == [
        "Impairment from anything but Wounds is at most {most}, not {points}"
    ]
