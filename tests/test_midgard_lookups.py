"""Midgard lookups and formulas: the vectors of spec 003 §16.1 (T-Q1 to T-Q18) against the functions that
compute a sheet and the formulas of the data files."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest
from pydantic import ValidationError

from runehall.systems.base import validate_model
from runehall.systems.data import read_data_file
from runehall.systems.midgard import formula, gear
from runehall.systems.midgard.armoury import ArmourFile
from runehall.systems.midgard.creation import birthright_of
from runehall.systems.midgard.gift_runes import GiftsFile
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.qualities import (
    courage,
    derived_value,
    gift_cost,
    gift_rune_total,
    quality_base,
    skill_cost,
    wound_penalty,
    wound_track,
)
from runehall.systems.midgard.rules import PACKAGE, QualitiesFile, SkillsFile, rules

DATA = resources.files(PACKAGE).joinpath("data")
VECTORS = {v["id"]: v for v in tomllib.loads(DATA.joinpath("test_vectors.toml").read_text("utf-8"))["vector"]}


def options(**flags: Any) -> MidgardOptions:
    return validate_model(MidgardOptions, flags, "option")


def test_every_lookup_vector_is_covered() -> None:
    lookups = {v for v, vector in VECTORS.items() if vector["kind"] == "lookup"}
    assert lookups == {f"T-Q{n}" for n in range(1, 19)}


def case(vector_id: str, index: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = VECTORS[vector_id]["case"][index]
    return found


def test_quality_base_table() -> None:
    c = case("T-Q1")
    assert [quality_base(total) for total in c["input"]] == c["expect"]
    assert quality_base(3, options(quality_base_below_4=0)) == 0


@pytest.mark.parametrize("vector_id", ["T-Q2", "T-Q3"])
def test_skill_costs(vector_id: str) -> None:
    c = case(vector_id)
    assert [skill_cost(step["from"], step["to"]) for step in c["input"]] == c["expect"]


def test_gift_costs_and_a_whole_rune() -> None:
    c = case("T-Q4")
    assert [gift_cost(level) for level in c["input"]] == c["expect"]
    whole = case("T-Q4", 1)
    levels = whole["input"]["levels"]
    assert (
        sum(gift_cost(level) for level in levels)
        == whole["expect"]["cost"]
        == rules().gifts.creation_rules.whole_rune_cost
    )
    assert gift_rune_total(levels) == whole["expect"]["rune_total"]


@pytest.mark.parametrize("vector_id", ["T-Q5", "T-Q6"])
def test_courage_cast(vector_id: str) -> None:
    c = case(vector_id)
    assert courage(c["input"]["Th"], c["input"]["A"])._asdict() == c["expect"]


@pytest.mark.parametrize("index", [0, 1])
def test_wound_track(index: int) -> None:
    c = case("T-Q7", index)
    extra = birthright_of("loysing").extra_wound_boxes_per_rank if c["input"]["loysing"] else 0
    track = wound_track(c["input"]["health"], extra)
    assert (list(track.boxes), track.total) == (c["expect"]["boxes"], c["expect"]["total"])


def test_precomputed_wound_tracks_agree_with_the_rule() -> None:
    for row in rules().qualities.wounds.track:
        assert (list(wound_track(row.health).boxes), wound_track(row.health).total) == (list(row.boxes), row.total)
        assert wound_track(row.health, 1).total == row.total_loysing
    assert wound_track(5, rounding="down").boxes == (15, 10, 7, 5, 2)


def test_wound_penalty_as_wounds_accumulate() -> None:
    c = case("T-Q8")
    track = wound_track(c["input"]["health"])
    assert [wound_penalty(track, w) for w in c["input"]["wounds"]] == c["expect"]
    assert [wound_penalty(track, w, "next_empty_box") for w in (0, 14, 15, 25)] == [0, 0, 1, 2]


def test_thane_wound_track() -> None:
    c = case("T-Q9")
    thane = next(k for k in read_data_file(PACKAGE, "enemies.toml")["class"] if k["id"] == "thane")
    track = wound_track(
        c["input"]["health"], ranks=[(r["multiplier"], r["merkstave_penalty"]) for r in thane["wound_rank"]]
    )
    assert list(track.boxes) == c["expect"]["boxes"] and list(track.penalties) == c["expect"]["penalties"]
    assert track.total == c["expect"]["total"]


def test_throw_range_and_unarmed_speed() -> None:
    c = case("T-Q10")
    for given, feet in zip(c["input"], c["expect"], strict=True):
        runes = {"F": 2, "Th": given["Th"], "A": 2, "H": 2, "T": 2}
        assert gear.attacks([given["weapon"]], runes, {}, 0, options())[given["weapon"]]["range_ft"] == feet
    c = case("T-Q11")
    assert [derived_value("unarmed_speed", given, options()) for given in c["input"]] == c["expect"]
    assert derived_value("unarmed_speed", {"F": 5}, options(half_rounding="down")) == 2


def effect(gift_id: str, kind: str, index: int = 0) -> dict[str, Any]:
    gift = rules().gift(gift_id)
    assert gift is not None
    found: dict[str, Any] = [e for e in gift.effect if e["kind"] == kind][index]
    return found


def use_cost(gift_id: str, units: int) -> int:
    gift = next(g for r in read_data_file(PACKAGE, "gifts.toml")["gift_rune"] for g in r["gift"] if g["id"] == gift_id)
    return int(gift["cost"]["wyrd"]) * units


def test_gift_formulas() -> None:
    """T-Q12 to T-Q18 (but T-Q16): the gifts' data formulas give the vectors' numbers."""
    c = case("T-Q12")
    assert formula.whole(effect("the_look_of_dread", "target_save")["difficulty"], c["input"]) == c["expect"]
    c = case("T-Q13")["input"]
    env = {"ranks": lambda s: c["diplomacy_ranks"] if s == "Diplomacy" else 0, "margin": c["sealing_margin"]}
    assert formula.whole(effect("sealed_in_blood", "break_check")["difficulty"], env) == case("T-Q13")["expect"]
    c = case("T-Q14")
    env = {"tokens_paid": c["input"]["tokens_used"], "target": {"Health": c["input"]["target_health"]}}
    healed = formula.whole(effect("request", "heal")["amount"], env)
    assert {"wyrd_cost": use_cost("request", c["input"]["tokens_used"]), "healed": healed} == c["expect"]
    c = case("T-Q15")
    env = {"margin": c["input"]["margin"], "Health": c["input"]["health"]}
    heal = [formula.whole(effect("regenerative_power", "heal", i)["amount"], env) for i in (0, 1)]
    assert dict(zip(["quick", "day"], heal, strict=True)) == c["expect"]
    assert use_cost("strands_of_the_soul", case("T-Q17")["input"]["target_legend_score"]) == case("T-Q17")["expect"]
    c = case("T-Q18")
    low, high = ({"legend_score": s} for s in c["input"]["legend_scores"])
    assert (
        formula.whole(effect("weaving_strands", "subcast")["difficulty"], {"target1": low, "target2": high})
        == c["expect"]
    )


def test_stoke_fury_while_wounded() -> None:
    c = case("T-Q16")
    stoke = next(a for a in read_data_file(PACKAGE, "combat.toml")["action"] if a["id"] == "stoke_fury")
    # The data writes this difficulty in words; the one named quantity is the wound penalty.
    text = stoke["difficulty"].replace("current wound merkstave penalty", "wound_penalty")
    added = c["input"]["wound_penalty"] if stoke["wound_penalty_applies"] else 0
    assert {"difficulty": formula.whole(text, c["input"]), "wound_merkstave_added": added} == c["expect"]


def test_formulas_refuse_anything_but_arithmetic() -> None:
    for bad in ["__import__('os')", "F.real", "F if A else H", "[F]", "F // 2", "F < 2", "(lambda: 1)()"]:
        with pytest.raises(formula.FormulaError):
            formula.evaluate(bad, {"F": 2, "A": 2, "H": 2})
    with pytest.raises(formula.FormulaError, match="needs 'Th'"):
        formula.evaluate("half(Th)", {})
    assert formula.evaluate("ceil(wounds / 2)", {"wounds": 5}) == 3 and formula.evaluate("7 / 2", {}) != 3


def test_the_schemas_refuse_data_that_breaks_its_own_rules() -> None:
    def broken(name: str, change: Any) -> dict[str, Any]:
        data: dict[str, Any] = read_data_file(PACKAGE, name)
        change(data)
        return data

    cases = [
        (ArmourFile, broken("armour.toml", lambda d: d["pool_example"][0].update(pool=59)), "pool rule gives 60"),
        (SkillsFile, broken("skills.toml", lambda d: d["rank_cost"][2].update(from_zero=8)), "add up from rank 0"),
        (GiftsFile, broken("gifts.toml", lambda d: d["gift_rune"][0]["gift"][2].update(creation_cost=3)), "Table 4"),
        (QualitiesFile, broken("qualities.toml", lambda d: d["quality"][0].update(formula="1 + base(H +")), "parse"),
        (
            QualitiesFile,
            broken("qualities.toml", lambda d: d["derived"].update(unarmed_speed="F.__class__")),
            "only one level",
        ),
    ]
    for schema, data, words in cases:
        with pytest.raises(ValidationError, match=words):
            schema.model_validate(data)
