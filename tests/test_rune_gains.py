"""Treasure and the other gains priced and checked (spec 001c §8.1-§8.3, §9, §18.7; test vectors §16.4): each
gain's lines, the caps on earning, the refusals beside the element, and loot at the end of an adventure."""

from __future__ import annotations

import copy
from typing import Any

from rune_encounter_fixtures import notes
from runehall.present.words import words_for
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.gains import Carrot, Healing, Invigoration, LootCache, Shrine, Treasure, VPAward
from runehall.systems.rune.encounters.gains_checks import healing_allowed
from runehall.systems.rune.encounters.gains_pricing import carrot_ep, healing_ep, price_gain
from runehall.systems.rune.encounters.lines import Report
from runehall.systems.rune.encounters.quick_data import quick_file
from runehall.systems.rune.encounters.validate import price_encounter
from runehall.systems.rune.options import RuneOptions

OPTIONS = RuneOptions()


def ep(gain: Any) -> int:
    return sum(line.ep for line in price_gain("g", gain) if line.counted)


def with_gains(*gains: dict[str, Any], event_gains: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """The fixture's notes (a fight and a door) with these gains in its event, and `event_gains` in a second
    event after it."""
    n = copy.deepcopy(notes())
    n["events"][0]["elements"] = [
        {"id": f"g{i}", "name": f"Gain {i}", "kind": "gain", "gain": g} for i, g in enumerate(gains)
    ]
    if event_gains:
        elements = [{"id": f"h{i}", "name": f"Later {i}", "kind": "gain", "gain": g} for i, g in enumerate(event_gains)]
        n["events"].append({"id": "later", "elements": elements})
    return n


def priced(n: dict[str, Any], options: RuneOptions = OPTIONS) -> Report:
    return price_encounter(Encounter.model_validate(n), None, options)


def refusals(report: Report, where: str) -> list[str]:
    return [r.template for r in report.errors if r.where == where]


def test_categories() -> None:  # 001c TV-73
    assert [ep(Treasure(kind="treasure", category=c)) for c in "ABCDEF"] == [-10, -20, -30, -40, -50, -75]


def test_three_treasures_of_a_category_in_an_event_earn() -> None:  # 001c TV-74
    report = priced(with_gains(*[{"kind": "treasure", "category": "B"}] * 4))
    earned = [line.ep for line in report.lines if line.where.startswith("g") and line.counted]
    assert earned == [-20, -20, -20]
    assert [line.counted for line in report.lines_for("g3")] == [False, False]  # its line and why it earns nothing
    # a sixth of one category in the encounter (3 + 3 over two events) earns nothing either
    report = priced(
        with_gains(
            *[{"kind": "treasure", "category": "A"}] * 3, event_gains=({"kind": "treasure", "category": "A"},) * 3
        )
    )
    assert sum(line.ep for line in report.lines if line.counted and line.where[0] in "gh") == -50


def test_paltry_silver() -> None:  # 001c TV-75
    report = priced(with_gains({"kind": "silver", "ounces": 6}))
    assert [line.ep for line in report.lines_for("g0")] == [-6] and not refusals(report, "g0")
    report = priced(with_gains({"kind": "silver", "ounces": 6}, {"kind": "silver", "ounces": 4}))
    assert refusals(report, "g1") and not refusals(report, "g0")  # 10 ounces in one event
    assert not priced(
        with_gains({"kind": "silver", "ounces": 6}, event_gains=({"kind": "silver", "ounces": 4},))
    ).errors


def test_liars_silver_costs() -> None:  # 001c TV-76
    report = priced(with_gains({"kind": "liars_silver", "pieces": 7}))
    assert [line.ep for line in report.lines_for("g0")] == [7]
    split = with_gains({"kind": "liars_silver", "pieces": 7}, event_gains=({"kind": "liars_silver", "pieces": 7},))
    assert refusals(priced(split), "h0")  # 14 in the encounter (A-30)
    assert not refusals(priced(split, RuneOptions(liars_silver_limit="per_event")), "h0")


def test_freestanding_difficulty() -> None:  # 001c TV-84
    n = notes()
    n["events"][0]["rolls"].append(
        {"id": "lore", "name": "Recall the saga", "ability": "lore", "difficulty": 10, "freestanding": True}
    )
    report = priced(n)
    assert [line.ep for line in report.lines_for("lore") if line.counted] == [-5]
    n["events"][0]["rolls"][-1]["difficulty"] = 9
    assert refusals(priced(n), "lore")  # A-45


def test_healing_after_trap_damage() -> None:  # 001c TV-85
    assert healing_ep(144) == -24 and healing_ep(288) == -26 and healing_ep(8) == -10  # A-89
    assert healing_allowed(24, 25, fight_before=False, fight_after=True, damage_after=0)
    assert not healing_allowed(26, 25, fight_before=False, fight_after=True, damage_after=0)
    assert not healing_allowed(24, 25, fight_before=False, fight_after=False, damage_after=10)
    assert healing_allowed(30, 0, fight_before=True, fight_after=True, damage_after=0)
    # in notes: a haven in the first event, before its fight, with no trap damage before it
    report = priced(with_gains({"kind": "healing", "hours": 144}))
    assert refusals(report, "g0")


def test_invigoration_window() -> None:  # 001c TV-86
    gain = Invigoration(kind="invigoration", points=1, combats=1, trap_rolls=2, gain_rolls=2, freestanding=2)
    assert ep(gain) == -56
    assert ep(gain.model_copy(update={"points": 2})) == -112
    assert ep(Invigoration(kind="invigoration", points=2, combats=1, specific="combat")) == -20


def test_go_home_bonus_needs_treasure() -> None:  # 001c TV-88
    poor = priced(
        with_gains(
            {"kind": "treasure", "category": "D"},
            {"kind": "treasure", "category": "B"},
            {"kind": "go_home", "bonus": 3},
        )
    )
    assert refusals(poor, "g2")  # 60 encounter points of treasure
    rich = priced(
        with_gains(
            {"kind": "treasure", "category": "E"},
            {"kind": "treasure", "category": "C"},
            {"kind": "go_home", "bonus": 3},
        )
    )
    assert not refusals(rich, "g2") and [line.ep for line in rich.lines_for("g2")] == [-15]
    assert refusals(priced(with_gains({"kind": "treasure", "category": "F"}, {"kind": "go_home", "bonus": 6})), "g1")


def test_loot_cache() -> None:  # 001c TV-89
    assert [ep(LootCache(kind="loot_cache", recovery=d)) for d in (4, 5, 6, 7)] == [-40, -30, -20, -10]
    assert refusals(priced(with_gains({"kind": "loot_cache", "recovery": 8})), "g0")


def test_shrines() -> None:  # 001c TV-90
    assert ep(Shrine(kind="shrine", deity="odin")) == -20
    assert [ep(Shrine(kind="shrine", deity=d)) for d in ("freyja", "thor", "other")] == [-10, -25, -5]
    report = priced(with_gains(*({"kind": "shrine", "deity": d} for d in ("odin", "odin", "thor", "tyr"))))
    assert [sum(x.ep for x in report.lines_for(f"g{i}") if x.counted) for i in range(4)] == [-20, 0, -25, 0]


def test_victory_point_awards() -> None:  # 001c TV-91
    assert ep(VPAward(kind="vp_award", vp=20)) == -20 and ep(VPAward(kind="vp_award", vp=10)) == -10
    assert ep(VPAward(kind="vp_award")) == -10


def test_carrot_caps() -> None:  # 001c TV-92
    assert ep(Carrot(kind="carrot", target="door", bonus=8, rounds=5)) == -90
    assert carrot_ep(3, 1, init=False) == -15
    assert carrot_ep(9, 1, init=True) == -15 and carrot_ep(18, 3, init=True) == -90
    assert carrot_ep(7, 1, init=True) == -11 and carrot_ep(7, 1, init=True, init_price="per_full_three") == -10
    assert refusals(priced(with_gains({"kind": "carrot", "target": "nowhere", "bonus": 2})), "g0")
    assert not refusals(priced(with_gains({"kind": "carrot", "target": "door", "bonus": 2})), "g0")


def test_a_gain_the_runner_controls_or_out_of_reach() -> None:
    report = priced(with_gains({"kind": "treasure", "category": "D", "how": "runner_controlled"}))
    assert refusals(report, "g0")
    report = priced(with_gains({"kind": "treasure", "category": "D", "how": "out_of_reach"}))
    assert not refusals(report, "g0") and not [x for x in report.lines_for("g0") if x.counted]
    assert refusals(priced(with_gains({"kind": "treasure", "category": "D", "how": "roll"})), "g0")
    trap = with_gains({"kind": "treasure", "category": "D"})
    trap["events"][0]["elements"][0]["kind"] = "trap"
    assert refusals(priced(trap), "g0")  # a trap is no gain


def test_bargaining_prices_the_merchant() -> None:
    from runehall.systems.rune.encounters.gains import Bargaining

    assert [x.ep for x in price_gain("g", Bargaining(kind="bargaining", merchant_bonus=4))] == [-15, 20]
    assert refusals(priced(with_gains({"kind": "bargaining", "merchant_bonus": 12})), "g0")


def test_the_quick_charts_gains_price_as_the_rules_do() -> None:
    # 001c §12.2 Chart 3: each part of each result priced by these rules comes to the chart's own figure
    makers = {
        "treasure": lambda p: Treasure(kind="treasure", category=p.category),
        "healing": lambda p: Healing(kind="healing", hours=p.hours),
        "loot_cache": lambda p: LootCache(kind="loot_cache", recovery=p.difficulty),
        "shrine": lambda p: Shrine(kind="shrine", deity=p.deity),
    }
    for result in quick_file().gain_type:
        for part in result.parts:
            if part.kind in makers:
                assert ep(makers[part.kind](part)) == part.ep, part


def test_treasure_behind_a_roll_is_won_by_a_treasure_roll() -> None:
    n = with_gains({"kind": "treasure", "category": "C", "how": "roll"})
    n["events"][0]["elements"][0]["roll"] = "door"  # the fixture's door is a trap roll
    assert refusals(priced(n), "g0")
    n["events"][0]["rolls"][0]["purpose"] = "treasure"
    assert not refusals(priced(n), "g0")


def test_a_gain_had_by_a_choice() -> None:  # 001c §4.2
    n = with_gains({"kind": "treasure", "category": "B"})
    n["events"][0]["elements"][0]["roll"] = "door"
    assert refusals(priced(n), "g0")  # plain sight, yet behind a roll
    assert not refusals(priced(with_gains({"kind": "treasure", "category": "B", "how": "after_danger"})), "g0")
    calm = with_gains({"kind": "treasure", "category": "B", "how": "after_danger"})
    calm["events"][0]["combat"] = None
    calm["events"].append({"id": "fight", "combat": notes()["events"][0]["combat"]})
    assert refusals(priced(calm), "g0")  # the only fight comes after it


def test_the_example_hoard_is_legal_and_priced_by_the_rules() -> None:
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "rune" / "jarls-hoard.toml"
    report = priced(tomllib.loads(path.read_text(encoding="utf-8")))
    assert report.legal, report.errors
    gains = {"hoard": -40, "purses": -6, "coins": 5, "saga": -5, "shrine": -20, "hut": -20, "crevice": -20,
             "blessing": -10, "satire": -10, "ship": -30, "homeward": -10}  # fmt: skip
    for where, ep in gains.items():
        assert sum(x.ep for x in report.lines_for(where) if x.counted) == ep, where
    es = [x.said(words_for("es", "rune")) for x in report.lines_for("blessing")]
    assert es == ["Zanahoria: +2 a una tirada posterior (gana por 6 puntos como mucho)"]


def test_a_freestanding_roll_earns_nothing_for_its_type() -> None:  # 001c §9.4
    from runehall.systems.rune.encounters.design import RollSpec
    from runehall.systems.rune.encounters.roll_data import roll_data
    from runehall.systems.rune.encounters.rolls import RollContext, price_roll

    roll = RollSpec(id="fs", name="Recall", ability="lore", difficulty=10, freestanding=True, structure="no_fault")
    assert sum(x.ep for x in price_roll(roll, RollContext(4)) if x.counted) == 0
    kept = roll.model_copy(update={"freestanding": False})
    difficulty = roll_data().difficulty.ep(10) or 0
    assert sum(x.ep for x in price_roll(kept, RollContext(4)) if x.counted) == difficulty - 15  # and No-Fault
