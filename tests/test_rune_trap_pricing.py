"""Traps priced and checked (spec 001c §6, §18.7): 001c TV-30 to TV-51 as priced lines at the trap's element and
the refusals beside it. The off-the-rack hazards and whole encounters: test_rune_trap_rack.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.quick import dam_cost
from runehall.systems.rune.encounters.trap_checks import trap_refusals
from runehall.systems.rune.encounters.traps_pricing import price_trap
from runehall.systems.rune.options import RuneOptions

ROOT = Path(__file__).resolve().parents[1]
AVOID = RollSpec(id="avoid", name="Avoid it", purpose="trap", ability="dodge", difficulty=8)
LATER = RollSpec(id="later", name="Outrun the guards", purpose="other", ability="sprint", difficulty=7)


def trap(**fields: Any) -> Element:
    return Element.model_validate({"id": "t", "name": "A trap", "kind": "trap", "roll": "avoid", "trap": fields})


def lines(element: Element, *rolls: RollSpec, **options: Any) -> list[CostLine]:
    every = {r.id: r for r in (AVOID, *rolls, LATER)}
    return price_trap(element, every, RuneOptions(**options))


def eps(element: Element, *rolls: RollSpec, **options: Any) -> list[int]:
    return [line.ep for line in lines(element, *rolls, **options) if line.counted]


def refused(element: Element, *rolls: RollSpec) -> list[str]:
    every = {r.id: r for r in (AVOID, *rolls, LATER)}
    return [r.template for r in trap_refusals(element, every, every)]


# -- damage (§6.1-§6.4) -------------------------------------------------------------------------------------
def test_001c_tv30_icicle_cost() -> None:  # 001c TV-30 (the damage itself: test_rune_hazards.py)
    assert eps(trap(damage={"dam": 12})) == [12]
    assert lines(trap(damage={"dam": 12}))[0].page == 141


def test_001c_tv31_avalanche() -> None:  # 001c TV-31
    assert eps(trap(damage={"dam": 20})) == [25]


@pytest.mark.parametrize(("dam", "ep"), [(15, 15), (16, 21), (18, 23), (25, 35), (26, 41), (30, 45), (50, 85)])
def test_001c_tv32_surcharge_bands(dam: int, ep: int) -> None:  # 001c TV-32
    assert eps(trap(damage={"dam": dam})) == [ep] == [dam_cost(dam)]
    assert not refused(trap(damage={"dam": dam}))


def test_001c_tv32_dam_51_is_refused() -> None:  # 001c TV-32
    assert eps(trap(damage={"dam": 51})) == []
    assert refused(trap(damage={"dam": 51})) == ["a trap's Dam rating runs from 0 to {most}, not {dam}"]


def test_001c_tv33_armour_ignoring_costs_ten() -> None:  # 001c TV-33
    assert eps(trap(damage={"dam": 8, "armour_ignoring": True})) == [8, 10]


def test_001c_tv34_random_avalanche_cost() -> None:  # 001c TV-34
    assert eps(trap(damage={"dice": 4})) == [22]


def test_001c_tv35_dice_costs() -> None:  # 001c TV-35
    assert eps(trap(damage={"dice": 3})) == [15]
    assert eps(trap(damage={"dice": 7})) == [43]
    assert refused(trap(damage={"dice": 9})) == ["a trap rolls at most {most} damage dice, not {count}"]


END = RollSpec(id="end", name="Stop it", purpose="trap", ability="traps", difficulty=6)


def test_001c_tv36_recurring_snake_cost() -> None:  # 001c TV-36
    assert eps(trap(damage={"dam": 4, "recurrence": "recurring", "end_roll": "end"}), END) == [10]


def test_001c_tv37_recurring_costs() -> None:  # 001c TV-37
    assert eps(trap(damage={"dam": 2, "recurrence": "recurring", "end_roll": "end"}), END) == [5]
    assert eps(trap(damage={"dam": 21, "recurrence": "recurring", "end_roll": "end"}), END) == [77]


def escalating(dam: int, **options: Any) -> list[int]:
    return eps(trap(damage={"dam": dam, "recurrence": "escalating", "end_roll": "end"}), END, **options)


def test_001c_tv38_caustic_oil_cost() -> None:  # 001c TV-38
    assert escalating(4) == [25]


def test_001c_tv39_escalating_costs() -> None:  # 001c TV-39, A-15
    assert escalating(2) == [20]
    assert escalating(21) == [67]
    assert escalating(21, escalating_trap_cost="with_surcharge") == [77 + 15]  # floor(31 x 2.5) + 15


def test_ongoing_damage_needs_an_end_roll_with_unlimited_free_retries() -> None:  # 001c §6.4, §18.7
    assert refused(trap(damage={"dam": 4, "recurrence": "recurring"}))
    limited = END.model_copy(update={"extra_rolls": 3})
    assert refused(trap(damage={"dam": 4, "recurrence": "recurring", "end_roll": "end"}), limited)
    assert not refused(trap(damage={"dam": 4, "recurrence": "recurring", "end_roll": "end"}), END)


# -- Impairment, sleep, sticks, status (§6.5-§6.8) --------------------------------------------------------------
def test_001c_tv40_fright() -> None:  # 001c TV-40
    assert eps(trap(impairment={"points": 2, "combats": 1, "trap_rolls": 3})) == [90]


LOW = RollSpec(id="low", name="Leap the logs", purpose="trap", ability="dodge", difficulty=4)


def test_001c_tv41_no_low_difficulty_gain_under_impairment() -> None:  # 001c TV-41
    general = trap(impairment={"points": 2, "combats": 1, "covers": ["low"]})
    assert any("earns nothing for a Difficulty" in r for r in refused(general, LOW))
    assert not refused(general, LOW.model_copy(update={"difficulty": 6}))


def test_001c_tv42_specific_impairment() -> None:  # 001c TV-42
    dfn = trap(impairment={"points": 2, "specific": ["dfn"], "combats": 1, "covers": ["low"]})
    assert not refused(dfn, LOW)  # the Dodge roll keeps its -20
    assert eps(dfn, LOW) == [10 * 2]
    other = trap(impairment={"points": 1, "specific": ["lore"], "combats": 2, "trap_rolls": 1})
    assert eps(other) == [5]  # touches no combat score: the fights cost nothing


def test_impairment_over_two_is_refused() -> None:  # 001c §6.5, A-69
    assert refused(trap(impairment={"points": 3, "combats": 1}))
    assert refused(trap(impairment={"points": 1, "combats": 1}, sleep={"hours_awake": 16 + 36}))


def test_sleep_deprivation() -> None:  # 001c §6.6, A-17
    assert eps(trap(sleep={"hours_awake": 16 + 17, "combats": 1})) == [0]
    assert eps(trap(sleep={"hours_awake": 16 + 18, "combats": 1})) == [30]
    assert eps(trap(sleep={"hours_awake": 16 + 36, "combats": 1})) == [60]


def test_001c_tv43_sticks_and_foe_bonuses() -> None:  # 001c TV-43, A-18
    assert eps(trap(foe_bonuses=[{"stat": "atk", "bonus": 2, "rounds": 3}])) == [30]
    assert eps(trap(foe_bonuses=[{"stat": "init", "bonus": 6}])) == [10]
    assert eps(trap(foe_bonuses=[{"stat": "init", "bonus": 9, "rounds": 3}])) == [45]
    assert eps(trap(foe_bonuses=[{"stat": "init", "bonus": 7}])) == [11]  # floor(35 / 3)
    assert eps(trap(foe_bonuses=[{"stat": "init", "bonus": 7}]), init_bonus_price="per_full_three") == [10]
    assert eps(trap(sticks=[{"roll": "later", "penalty": 3, "rounds": 2}])) == [30]


def test_001c_tv44_stick_penalty_seven() -> None:  # 001c TV-44
    assert "a stick's penalty is at most {most}, not {penalty}" in refused(
        trap(sticks=[{"roll": "later", "penalty": 7}])
    )
    assert not refused(trap(sticks=[{"roll": "later", "penalty": 6}]))
    assert refused(trap(sticks=[{"roll": "nowhere", "penalty": 2}]))


def test_a_stick_falls_on_a_later_roll() -> None:  # 001c §6.7: no branches, only harder later rolls
    assert refused(trap(sticks=[{"roll": "avoid", "penalty": 2}])) == [
        "the roll {id!r} does not come after the trap's own roll: a trap makes only later rolls harder"
    ]
    assert refused(trap(stick_carrot={"roll": "avoid", "carrot": 1, "stick": 1}))
    assert refused(trap(impairment={"points": 1, "covers": ["avoid"]}))


def test_a_bonus_for_every_foe_needs_weak_link() -> None:  # 001c §6.7
    every = trap(foe_bonuses=[{"stat": "atk", "bonus": 1, "all_foes": True}])
    assert refused(every)
    weak = AVOID.model_copy(update={"structure": "weak_link"})
    assert not [r for r in trap_refusals(every, {"avoid": weak}, {"avoid": weak})]


@pytest.mark.parametrize(("vp", "ok"), [(15, True), (25, False), (12, False)])
def test_001c_tv45_loss_of_status(vp: int, ok: bool) -> None:  # 001c TV-45
    assert eps(trap(loss_of_status=vp)) == [vp]
    assert (not refused(trap(loss_of_status=vp))) is ok


# -- targeting, position, stick and carrot (§6.9-§6.12) --------------------------------------------------------
def test_001c_tv46_limited_targeting() -> None:  # 001c TV-46
    assert [eps(trap(targeting={"most": n})) for n in (1, 2, 3, 4)] == [[-15], [-10], [0], [0]]


def test_001c_tv47_repeat_shots() -> None:  # 001c TV-47, A-19
    assert [eps(trap(targeting={"per_round": n, "stop_by": "action"})) for n in (1, 3, 5)] == [[25], [75], [150]]
    both = trap(targeting={"most": 1, "per_round": 1, "stop_by": "action"})
    assert eps(both) == [25]  # the repeat shots' cost replaces limited targeting
    assert eps(both, repeat_shots_keep_limited=True) == [-15, 25]
    assert refused(trap(targeting={"per_round": 2}))  # no way to stop it
    assert refused(trap(targeting={"per_round": 7, "stop_by": "action"}))


def test_001c_tv50_zones() -> None:  # 001c TV-50, A-20
    danger = trap(damage={"dam": 25}, positional={"zone": "danger", "paces": 80})
    assert eps(danger) == [35, 40]
    assert eps(danger, danger_zone_price="book_examples") == [35, 80]
    safety = trap(damage={"dice": 4}, positional={"zone": "safety", "paces": 70})  # damage costs 22
    assert eps(safety) == [22, -22]
    assert eps(trap(damage={"dam": 20}, positional={"zone": "safety", "paces": 70})) == [25, -25]  # -35 capped
    assert eps(trap(damage={"dam": 40}, positional={"zone": "safety", "paces": 70})) == [65, -35]


@pytest.mark.parametrize(("carrot", "stick", "ep"), [(4, 2, -10), (2, 5, 15), (3, 3, 0)])
def test_001c_tv51_stick_and_carrot(carrot: int, stick: int, ep: int) -> None:  # 001c TV-51
    combo = trap(stick_carrot={"roll": "later", "carrot": carrot, "stick": stick})
    assert eps(combo) == [5 * stick, -5 * carrot]  # two lines, never netted (the bundling rule)
    assert sum(eps(combo)) == ep
    assert not refused(combo)
    assert refused(trap(stick_carrot={"roll": "later", "carrot": 7, "stick": 2}))
    assert refused(trap(stick_carrot={"roll": "later", "carrot": 2, "stick": 2, "stick_rounds": 4}))
