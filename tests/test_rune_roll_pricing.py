"""What a notes roll costs (spec 001b §13, 001c §1-§5): the charts against their closed forms, every pricing vector
of 001c §16.1-§16.2 and 001b §14.6, and what the rules refuse in a roll (001c §18.7)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from runehall.systems.data import read_data_file
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.lines import CostLine, totals
from runehall.systems.rune.encounters.quick_data import quick_file
from runehall.systems.rune.encounters.roll_data import EncounterRollsFile, roll_data
from runehall.systems.rune.encounters.rolls import (
    RollContext,
    countdown_successes,
    endurance_multiplier,
    price_roll,
    price_rolls,
    roll_refusals,
)
from runehall.systems.rune.records import PACKAGE


def roll(**fields: Any) -> RollSpec:
    return RollSpec.model_validate({"id": "r", "name": "A roll", **fields})


def lines(spec: RollSpec, heroes: int = 4, **ctx: Any) -> tuple[CostLine, ...]:
    return price_roll(spec, RollContext(heroes, **ctx))


def net(spec: RollSpec, heroes: int = 4, **ctx: Any) -> int:
    spent, earned = totals(lines(spec, heroes, **ctx))
    return spent - earned


def ep_of(spec: RollSpec, rule: str, heroes: int = 4) -> int:
    (found,) = [line.ep for line in lines(spec, heroes) if line.rule.startswith(rule) and line.counted]
    return found


def refused(spec: RollSpec, *others: RollSpec) -> list[str]:
    by_id = {r.id: r for r in (spec, *others)}
    return [r.template for r in roll_refusals(spec, RollContext(4, rolls=by_id))]


# -- the charts against their closed forms (001b §13.1-§13.2, 001c §5.14) -----------------------------------
def test_charts_match_their_closed_forms_over_their_whole_range() -> None:
    data = roll_data()
    assert [(r.at, r.ep) for r in data.difficulty.rows] == [(d, 10 * (d - 6)) for d in range(4, 15)]
    assert [(r.at, r.ep) for r in data.opposed.rows] == [(b, 10 * (b - 2)) for b in range(0, 12)]
    # 001c A-13: the corrected baseline chart, "the Difficulty chart with +0 at 6"
    assert [(r.at, r.ep) for r in data.baseline.rows] == [(m, 10 * m) for m in range(-2, 9)]


@given(st.integers(4, 14))
def test_a_difficulty_costs_ten_per_step_from_six(d: int) -> None:
    assert net(roll(difficulty=d)) == 10 * (d - 6)
    assert net(roll(opposed_bonus=d - 4)) == 10 * (d - 6)  # an opposed bonus b costs as Difficulty b + 4


@given(st.integers(-2, 8))
def test_a_baseline_modifier_costs_ten_per_point(m: int) -> None:
    assert net(roll(stat="atk", baseline=m)) == 10 * m


def test_001b_tv51_labyrinth_map_roll_uses_the_table() -> None:
    """001b TV-51: the book says 35 for a Singular Map roll at 12 (001b A-76); the table gives 60."""
    assert net(roll(ability="map", difficulty=12, structure="singular")) == 10 * (12 - 6)


def test_001b_tv52_treasure_floor_and_limits() -> None:  # 001b TV-52
    assert net(roll(purpose="treasure", difficulty=4)) == 0
    assert net(roll(purpose="trap", difficulty=4)) == -20
    assert "the Difficulty must be from {low} to {high}, not {value}" in refused(roll(difficulty=15))
    assert net(roll(opposed_bonus=4)) == 20 and net(roll(opposed_bonus=1)) == -10
    assert "an opponent's bonus must be from {low} to {high}, not {value}" in refused(roll(opposed_bonus=12))
    assert refused(roll(difficulty=4)) == [] and refused(roll(opposed_bonus=11)) == []
    assert refused(roll(stat="init", baseline=9)) and not refused(roll(stat="init", baseline=-2))


def test_001c_tv107_an_unplanned_roll_at_the_default_difficulty_is_free() -> None:  # 001c TV-107
    unplanned = roll(ability="jump")
    assert net(unplanned) == 0
    assert [line.values for line in lines(unplanned)] == [{"difficulty": 6}]


# -- structures and options (001c TV-07, TV-08, TV-16 to TV-18, TV-27 to TV-29) ----------------------------------
@pytest.mark.parametrize(
    ("structure", "ep"),
    [
        ("weak_link", 40),
        ("line_of_doom", 10),
        ("domino", 20),
        ("no_fault", -15),
        ("rush", 0),
        ("singular", 0),
        ("scramble", 0),
        ("dogpile", 0),
        ("standard", 0),
    ],
)
def test_001c_tv07_tv08_structure_costs(structure: str, ep: int) -> None:
    """001c TV-07 (+40/+10/+20), 001c TV-08 (-15/0/0); Scramble and Dogpile 0 (001c A-04)."""
    danger = "rear" if structure in ("line_of_doom", "domino") else None
    assert net(roll(difficulty=6, structure=structure, danger=danger)) == ep


def test_001b_tv53_no_fault_earns_15() -> None:  # 001b TV-53
    assert net(roll(ability="runes", difficulty=6, structure="no_fault")) == -15


def test_001b_tv54_singular_and_rush_cost_nothing() -> None:  # 001b TV-54
    for structure in ("singular", "rush"):
        assert net(roll(ability="bravery", difficulty=8, structure=structure)) == 20


def test_001c_tv16_extra_rolls() -> None:  # 001c TV-16
    assert ep_of(roll(extra_rolls=3), "Extra attempts") == -3 * 5
    assert ep_of(roll(extra_rolls="unlimited"), "Unlimited") == -20
    assert ep_of(roll(extra_rolls=9), "Extra attempts") == -20  # never more than unlimited attempts earn


def test_001c_tv17_alternate_methods() -> None:  # 001c TV-17
    assert ep_of(roll(ability="divine_awareness", alternate_methods=["bows"]), "Other ways") == -10


def test_001c_tv18_simultaneous_rolls() -> None:  # 001c TV-18
    balance = roll(id="balance", ability="balance", difficulty=8, simultaneous=["shot"])
    shot = roll(id="shot", ability="bows", difficulty=7)
    priced = price_rolls([balance, shot], heroes=4)
    assert totals(priced)[0] == 20 + 10 + 15


def test_001c_tv27_tv28_tv29_exotic_and_defiance() -> None:
    assert net(roll(stat="init", baseline=3)) == 30  # 001c TV-27
    assert net(roll(characteristic="int", exotic={"characteristic_only": True})) == 20  # 001c TV-28
    assert ep_of(roll(defiance="thor"), "In Defiance") == 25  # 001c TV-29
    costs = {d.id: d.ep for d in roll_data().deity}
    assert costs == {
        "freyja": 10,
        "heimdal": 15,
        "loki": 15,
        "njord": 15,
        "odin": 20,
        "thor": 25,
        "tyr": 15,
        "ull": 10,
        "other": 5,
    }
    assert net(roll(exotic={"ability_none_have": True, "stacked": True})) == 40 + 75
    # 001c TV-29: a god's shrine earns what defying him costs (the quick-design gains chart holds the shrines)
    shrines = [p for g in quick_file().gain_type for p in g.parts if p.kind == "shrine"]
    assert {p.deity for p in shrines} >= {"thor", "odin"}
    assert all(p.deity is not None and p.ep == -roll_data().deity_cost(p.deity) for p in shrines)


def test_small_options() -> None:
    assert net(roll(purpose="trap", conditional={"kind": "standard"})) == -10
    assert net(roll(purpose="trap", structure="rush", conditional={"kind": "singular", "exposure": "first"})) == -25
    assert net(roll(ability="climb", combat_action=True, equipment_not_needed=True)) == 10 - 5
    assert net(roll(failure_leads_to_trap=True)) == 10


# -- combo traps and gains (001c TV-19 to TV-21, A-11) ---------------------------------------------------------
def test_001c_tv19_to_tv21_combo_trap_surcharge() -> None:  # 001c TV-19
    assert ep_of(roll(purpose="trap", difficulty=9, structure="weak_link", effects=2), "Combo") == (30 + 40) // 2
    one = roll(purpose="trap", difficulty=9, structure="weak_link", effects=2, structure_for_one_effect=True)
    assert ep_of(one, "Combo") == 30 // 2  # 001c TV-20
    assert ep_of(roll(purpose="trap", difficulty=7, structure="no_fault", effects=2), "Combo") == 10 // 2  # 001c TV-21
    assert ep_of(roll(purpose="trap", difficulty=4, effects=3), "Combo") == 0


def test_combo_gain_pays_the_difficulty_once_per_gain() -> None:
    """001c A-11: the Difficulty cost times the number of gains, in place of once."""
    assert net(roll(purpose="gain", difficulty=8, gains=3)) == 20 * 3
    assert net(roll(purpose="gain", difficulty=5, gains=3)) == -10


# -- Multiple rolls (001c TV-10 to TV-15, TV-23 to TV-26) ---------------------------------------------------------
def test_001c_tv10_countdown_successes() -> None:  # 001c TV-10
    assert [countdown_successes(m, 4) for m in ("half", "one", "one_and_half", "two")] == [2, 4, 6, 8]
    assert [countdown_successes(m, 3) for m in ("half", "one_and_half")] == [1, 4]  # 001c A-08: dropped
    assert countdown_successes("half", 1) == 1


def countdown(difficulty: int, successes: str, attempts: int = 3, **more: Any) -> RollSpec:
    return roll(
        difficulty=difficulty, multiple={"kind": "countdown", "successes": successes, "attempts": attempts, **more}
    )


def test_001c_tv11_to_tv14_countdown_costs() -> None:
    assert net(countdown(7, "half", 4)) == max(20, 2 * 10) // 2  # 001c TV-11: 10 (the book misprints 30, A-09)
    assert ep_of(countdown(8, "half", 3), "Countdown") == max(20, 2 * 20)  # 001c TV-12: base 40
    assert net(countdown(8, "one", 1)) == max(40, 4 * 20) * 3  # 001c TV-13: 240
    assert net(countdown(6, "one", 5, ends_ongoing_damage=True)) == 40  # 001c TV-14: no multiplier
    # the Difficulty's line stays, uncounted: the Countdown's price includes it
    (difficulty,) = [line for line in lines(countdown(8, "one", 1)) if line.rule.startswith("Difficulty")]
    assert not difficulty.counted and difficulty.ep == 20


def test_countdown_difficulty_cost_includes_exotic_and_defiance() -> None:
    spec = roll(difficulty=7, defiance="odin", multiple={"kind": "countdown", "successes": "half", "attempts": 5})
    assert net(spec) == max(20, 2 * (10 + 20)) // 4


def test_001c_tv15_scoreboard() -> None:  # 001c TV-15
    spec = roll(opposed_bonus=6, multiple={"kind": "scoreboard", "target": 4})
    assert ep_of(spec, "Scoreboard") == 3 * 20 and net(spec) == 60 + 40
    assert [roll_data().scoreboard.ep(m) for m in (-2, 3, 4, 5, 6, 8, 9, 20)] == [5, 5, 10, 10, 20, 20, 40, 40]


def test_001c_tv23_tv24_action_sink() -> None:
    sink = roll(
        purpose="trap", combat_action=True, multiple={"kind": "action_sink", "successes": 4, "trap_at_end": True}
    )
    assert net(sink) == 10 * 4 + 20  # 001c TV-23 (its combat actions are the 10 per success)
    assert refused(sink) == []
    five = roll(purpose="trap", multiple={"kind": "action_sink", "successes": 5, "trap_at_end": True})
    assert refused(five) == [
        "an Action Sink whose trap strikes at the fight's end needs at most {high} successes, not {value}"
    ]  # 001c TV-24
    assert refused(roll(multiple={"kind": "action_sink", "successes": 5})) == []


def test_001c_tv25_tv26_endurance() -> None:
    assert ep_of(roll(purpose="gain", multiple={"kind": "endurance", "rolls": 3}), "Endurance") == 40  # 001c TV-25
    assert [g.ep for g in roll_data().endurance.gain] == [25, 40, 60, 85]
    assert endurance_multiplier(20 + 12, 4) == 128  # 001c TV-26, the trap's Dam 12 included
    trap = roll(purpose="trap", difficulty=8, multiple={"kind": "endurance", "rolls": 4})
    assert net(trap) == 20 * 4  # the roll's own part: its positive costs times the rolls


def test_panic_button() -> None:
    panic = roll(id="sing", ability="sing", difficulty=7, multiple={"kind": "panic_button", "ending_roll": "fix"})
    fix = roll(id="fix", ability="repair", difficulty=8)
    assert net(panic) == 10 + 25
    assert refused(panic, fix) == []
    assert refused(panic) == ["a Panic Button needs another roll in these notes that ends it"]


# -- clumping (001c TV-22, A-12) ------------------------------------------------------------------------------
def test_001c_tv22_clumping() -> None:  # 001c TV-22
    skald = [roll(id=f"s{i}", ability="skald", difficulty=6) for i in range(5)]
    priced = price_rolls(skald, heroes=4)
    by_roll = [sum(line.ep for line in priced if line.where == f"s{i}") for i in range(5)]
    assert by_roll == [0, 0, 0, 15 * 3, 15 * 4] and sum(by_roll) == 105


def test_clumping_counts_secondary_abilities_only_and_skips_freestanding() -> None:
    primary = [roll(id=f"p{i}", ability="stealth", difficulty=6) for i in range(5)]
    assert totals(price_rolls(primary, heroes=4)) == (0, 0)  # Stealth is a primary Ability
    mixed = [roll(id=f"s{i}", ability="skald", difficulty=6, freestanding=i < 2) for i in range(6)]
    priced = price_rolls(mixed, heroes=4)
    assert [sum(x.ep for x in priced if x.where == f"s{i}") for i in range(6)] == [0, 0, 0, 0, 0, 15 * 3]


# -- refusals (001c §18.7, the roll items) --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fields", "template"),
    [
        (
            {"multiple": {"kind": "endurance", "rolls": 6}},
            "an Endurance Test takes from {low} to {high} rolls, not {value}",
        ),
        (
            {"multiple": {"kind": "endurance", "rolls": 1}},
            "an Endurance Test takes from {low} to {high} rolls, not {value}",
        ),
        (
            {"multiple": {"kind": "countdown", "successes": "one", "attempts": 6}},
            "a Countdown allows from {low} to {high} rounds, not {value}",
        ),
        (
            {"structure": "no_fault", "multiple": {"kind": "countdown", "successes": "one"}},
            "a Countdown can be neither a No-Fault nor a Freestanding roll",
        ),
        (
            {"freestanding": True, "multiple": {"kind": "countdown", "successes": "one"}},
            "a Countdown can be neither a No-Fault nor a Freestanding roll",
        ),
        (
            {"opposed_bonus": 3, "multiple": {"kind": "scoreboard", "target": 6}},
            "a Scoreboard is won at {low} to {high} successes, not {value}",
        ),
        (
            {"multiple": {"kind": "scoreboard", "target": 3}},
            "a Scoreboard is a series of opposed rolls: give the opponent's bonus",
        ),
        ({"alternate_methods": ["bows", "lore", "runes"]}, "at most {high} ways to succeed, not {value}"),
        ({"ability": "juggling"}, "{name!r} is not an Ability"),
        ({"characteristic": "luck"}, "{name!r} is not a Characteristic"),
        ({"structure": "line_of_doom"}, "a Line of Doom roll says whether the danger comes from the front or the rear"),
        ({"structure": "domino"}, "a Domino roll says which way the falls run, toward the front or the rear"),
        (
            {"extra_rolls": 2, "multiple": {"kind": "action_sink", "successes": 2}},
            "an Action Sink allows unlimited attempts already: no extra attempts earn anything",
        ),
        (
            {"ability": "bravery", "equipment_not_needed": True},
            "only a roll of an Ability that has standard equipment can do without it",
        ),
        (
            {"purpose": "gain", "conditional": {"kind": "standard"}},
            "only a trap or a hazard can be conditionally avoidable",
        ),
        (
            {"purpose": "trap", "conditional": {"kind": "singular"}},
            "a trap only those who trigger it roll against is a Singular roll",
        ),
        (
            {"ability": "lore", "exotic": {"characteristic_only": True}},
            "a roll of a Characteristic alone adds no Ability",
        ),
    ],
)
def test_what_the_rules_refuse(fields: dict[str, Any], template: str) -> None:
    assert template in refused(roll(**fields))


def test_simultaneous_rolls_in_a_fight_take_one_action_at_most() -> None:
    shot = roll(id="shot", ability="bows", combat_action=True)
    balance = roll(id="balance", ability="balance", combat_action=True, simultaneous=["shot"])
    assert refused(balance, shot) == ["in a fight, only one of the rolls made at once may take an action"]
    assert refused(balance.model_copy(update={"combat_action": False}), shot) == []
    assert "a roll made at once with this one is not in these notes" in refused(balance)
    same = roll(id="again", ability="bows", simultaneous=["shot"])
    assert "rolls made at once each use a different Ability" in refused(same, shot)


def test_a_legal_roll_is_refused_nothing() -> None:
    spec = roll(
        ability="climb",
        difficulty=9,
        structure="domino",
        danger="rear",
        purpose="trap",
        conditional={"kind": "standard", "exposure": "first"},
        equipment_not_needed=True,
        extra_rolls=2,
    )
    assert refused(spec) == []


# -- the data file is checked when it loads --------------------------------------------------------------------
def test_the_data_file_refuses_gaps_and_overlaps() -> None:
    raw = read_data_file(PACKAGE, "encounter_rolls.toml")
    EncounterRollsFile.model_validate(raw)
    gap = {
        **raw,
        "difficulty": {**raw["difficulty"], "rows": raw["difficulty"]["rows"][:3] + raw["difficulty"]["rows"][4:]},
    }
    with pytest.raises(ValidationError, match="one by one"):
        EncounterRollsFile.model_validate(gap)
    bands = [dict(b) for b in raw["scoreboard"]["per_success"]]
    bands[1]["from"] = 3  # the printed overlap, 001c A-10
    with pytest.raises(ValidationError, match="without a gap or an overlap"):
        EncounterRollsFile.model_validate({**raw, "scoreboard": {**raw["scoreboard"], "per_success": bands}})
    with pytest.raises(ValidationError, match="priced once"):
        EncounterRollsFile.model_validate({**raw, "structure": raw["structure"][1:]})
    with pytest.raises(ValidationError, match="fraction"):
        EncounterRollsFile.model_validate({**raw, "options": {**raw["options"], "combo_trap_share": 0.5}})


# -- the lines read in both languages ----------------------------------------------------------------------------
def test_every_line_names_its_rule_and_page_in_either_language() -> None:
    from runehall.present.words import words_for

    rich = [
        roll(
            id="a",
            ability="skald",
            difficulty=9,
            structure="weak_link",
            effects=2,
            gains=2,
            purpose="trap",
            conditional={"kind": "standard", "exposure": "first"},
            combat_action=True,
            extra_rolls=2,
            alternate_methods=["lore"],
            simultaneous=["b"],
            defiance="odin",
            failure_leads_to_trap=True,
            exotic={"ability_none_have": True, "stacked": True},
            multiple={"kind": "endurance", "rolls": 3},
        ),
        roll(
            id="b",
            ability="balance",
            stat=None,
            opposed_bonus=1,
            purpose="treasure",
            multiple={"kind": "scoreboard", "target": 3},
        ),
        roll(id="c", stat="dfn", baseline=2, multiple={"kind": "countdown", "successes": "two", "attempts": 2}),
        roll(id="d", multiple={"kind": "action_sink", "successes": 2, "trap_at_end": True}),
        roll(id="e", structure="no_fault", multiple={"kind": "panic_button", "ending_roll": "d"}),
        *(roll(id=f"s{i}", ability="skald") for i in range(4)),
    ]
    priced = price_rolls(rich, heroes=5)
    assert {line.where for line in priced} == {r.id for r in rich}
    es, en = words_for("es", "rune"), words_for("en", "rune")
    for line in priced:
        assert line.page is not None and 129 <= line.page <= 140
        assert line.said(en) and "{" not in line.said(en)
        assert line.said(es) != line.said(en) or line.said(en).startswith(("Loki", "Thor"))
    said = [line.said(es) for line in priced]
    assert "Desafiando a los dioses: Odín" in said and "Dificultad 9" in said
    assert "Tirada enfrentada contra un bonificador de 1: una tirada por un tesoro no gana nada por debajo de 2" in said
