"""Ragnarök mechanics: the book's worked examples and the spec's derived vectors, from the data file,
and exact odds against brute-force enumeration of every ordered draw."""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import enumerate_outcomes
from conftest import Cli
from runehall.chance.sources import ManualSource
from runehall.errors import ManualResultError, ParameterError
from runehall.systems import registry
from runehall.systems.ragnarok.bag import parse_bag
from runehall.systems.ragnarok.options import NOT_OPTIONS, RagnarokOptions, register
from runehall.systems.ragnarok.resolution import apply_transformations, matching_runes, opposed, resolve_test
from runehall.systems.ragnarok.rules import TRAITS, rules

SYSTEM = registry.get("ragnarok")
VECTORS = tomllib.loads(
    resources.files("runehall.systems.ragnarok").joinpath("data", "test_vectors.toml").read_text("utf-8")
)["vector"]


def vectors(kind: str) -> list[dict[str, Any]]:
    return [v for v in VECTORS if v["kind"] == kind]


def cases(kind: str) -> list[Any]:
    return [
        pytest.param(v, c, id=f"{v['id']}-{c.get('name', i)}") for v in vectors(kind) for i, c in enumerate(v["case"])
    ]


def options(**flags: Any) -> RagnarokOptions:
    return SYSTEM.options(flags)  # type: ignore[return-value]


def roll_test(params: dict[str, Any], manual: list[str], **flags: Any) -> dict[str, Any]:
    mechanic = SYSTEM.mechanic("test")
    result = mechanic.roll("ragnarok", mechanic.parse_params(params), options(**flags), ManualSource(manual))
    return result.to_json()


# -- the book's worked examples ------------------------------------------------------------------------
@pytest.mark.parametrize("vector,case", cases("skill_test"))
def test_skill_test_examples(vector: dict[str, Any], case: dict[str, Any]) -> None:
    draw, expect = case["draw"], case["expect"]
    counts = tuple(draw.count(t) for t in TRAITS)
    if case["plan"] == "explicit":
        plan = [(t["sources"][0], t["target"]) for t in case["transformations"]]
        hand = apply_transformations(counts, case["void_trait"], plan, case["void_can_transform"])
        k = hand[TRAITS.index(case["required"])]
        outcome = resolve_test(case["base_difficulty"] + case["inherent_modifier"], case["skill_level"], 0, k)
    else:
        stored = roll_test(
            {
                "bag": ",".join(draw),
                "destiny": case["destiny"],
                "void_trait": case["void_trait"],
                "required_trait": case["required"],
                "difficulty": case["base_difficulty"],
                "inherent_modifier": case["inherent_modifier"],
                "skill_level": case["skill_level"],
                "divine_potency": case["dp_auto"],
                "transform": "none" if case["plan"] == "none" else "optimal",
            },
            draw,
            void_can_transform=case["void_can_transform"],
        )
        assert [t["category"] for t in stored["detail"]] == draw
        k = matching_runes(
            counts, case["void_trait"], case["required"], case["plan"] != "none", case["void_can_transform"]
        )
        outcome = resolve_test(case["base_difficulty"] + case["inherent_modifier"], case["skill_level"], 0, k)
        assert stored["outcome"] == {
            "remaining": expect["r"],
            "tier": expect["tier"],
            "extra_successes": expect["extra_successes"],
        }
    assert k == expect["k"]
    assert (outcome.remaining, outcome.tier, outcome.extra_successes) == (
        expect["r"],
        expect["tier"],
        expect["extra_successes"],
    )
    if "hand_size" in expect and case["plan"] != "explicit":
        assert len(draw) + (case["void_trait"] is not None) == expect["hand_size"]


@pytest.mark.parametrize("vector", vectors("opposed_test"), ids=lambda v: v["id"])
def test_opposed_example(vector: dict[str, Any]) -> None:
    a = vector["side_a"]
    a_k = matching_runes(
        tuple(a["draw"].count(t) for t in TRAITS), a["void_trait"], a["required"], True, a["void_can_transform"]
    )
    a_successes = a["skill_level"] + a["dp_auto"] + a_k
    assert (a_k, a_successes) == (a["expect"]["k"], a["expect"]["successes"])
    for case in vector["case"]:
        b_successes = case["b_skill_level"] + case["b_dp_auto"] + case["b_k"]
        winner = opposed([a_successes, b_successes])
        result = {0: "a_wins", 1: "b_wins", None: "tie"}[winner]
        assert (b_successes, result) == (case["expect"]["b_successes"], case["expect"]["result"])


def test_opposed_example_through_the_mechanic() -> None:
    # TV-05 with Aurnir holding two Physical runes: Björn's single success loses to two.
    mechanic = SYSTEM.mechanic("opposed")
    params = mechanic.parse_params(
        {
            "a": {"bag": "E", "destiny": 1, "void_trait": "M", "skill_level": 1},
            "b": {"bag": "F,F", "destiny": 2, "void_trait": "E"},
            "required_trait": "F",
        }
    )
    out = mechanic.roll("ragnarok", params, options(), ManualSource(["E", "F", "F"])).to_json()["outcome"]
    assert out == {"result": "b", "a_successes": 1, "b_successes": 2}


@pytest.mark.parametrize("vector,case", cases("arithmetic"))
def test_difficulty_arithmetic(vector: dict[str, Any], case: dict[str, Any]) -> None:
    outcome = resolve_test(case["d"], case["l"], case["p"], case["k"])
    expect = case["expect"]
    assert (outcome.remaining, outcome.tier, outcome.extra_successes) == (
        expect["r"],
        expect["tier"],
        expect["extra_successes"],
    )


def test_automatic_difficulty_draws_nothing_by_default() -> None:
    stored = roll_test({"bag": "4F", "destiny": 2, "required_trait": "F", "difficulty": 0}, [])
    assert stored["tape"] == [] and stored["outcome"]["tier"] == "exito"
    drawn = roll_test(
        {"bag": "4F", "destiny": 2, "required_trait": "F", "difficulty": 0}, ["F", "F"], draw_on_automatic=True
    )
    assert drawn["outcome"]["extra_successes"] == 2


@pytest.mark.parametrize("vector,case", cases("divine_successes"))
def test_divine_potency(vector: dict[str, Any], case: dict[str, Any]) -> None:
    params = {
        "bag": ",".join(case.get("draw", ["F", "F"])),
        "destiny": len(case.get("draw", ["F", "F"])),
        "required_trait": case.get("required", "F"),
        "difficulty": case["base_difficulty"],
        "skill_level": case.get("skill_level", 0),
        "divine_potency": case.get("bdp", case.get("dp_auto", 0)),
    }
    expect = case["expect"]
    if expect.get("allowed", True) is False:
        with pytest.raises(ParameterError, match="epic"):
            roll_test(params, case.get("draw", ["F", "F"]))
        return
    stored = roll_test(params, case.get("draw", ["F", "F"]))
    if "tier" in expect:
        assert stored["outcome"]["tier"] == expect["tier"]
    if "r" in expect:
        assert stored["outcome"]["remaining"] == expect["r"]


@pytest.mark.parametrize("vector", vectors("descriptors"), ids=lambda v: v["id"])
def test_descriptors(vector: dict[str, Any]) -> None:
    c = vector["composition"]
    for trait, trait_id in zip(TRAITS, ("fisico", "mental", "espiritual"), strict=True):
        assert rules().descriptor(trait, c[trait]).es == vector["expect_es"][trait_id]


@pytest.mark.parametrize("vector", vectors("health"), ids=lambda v: v["id"])
def test_health_totals_are_derived_values(vector: dict[str, Any]) -> None:
    r = rules()
    runes = [x.id for x in r.runes.rune if x.trait == "fisico"][:4]
    runes += [x.id for x in r.runes.rune if x.trait == "mental"][:2]
    runes += [x.id for x in r.runes.rune if x.trait == "espiritual"][:1]
    hero = SYSTEM.character({"name": "Ulrik", "essence": runes, "destiny": 4, "void": {"trait": "E"}})
    derived = hero.derived()
    assert derived["traits"] == vector["composition"]
    for case in vector["case"]:
        if case["check"] == "totals":
            assert derived["health"][case["route"]] == case["expect"]["total_health"]
            assert derived["unconscious_after_damage"] == case["expect"]["min_damage_unconscious"]


# -- exact odds ---------------------------------------------------------------------------------------
def _tier_odds(odds: Any) -> dict[str, Fraction]:
    return {row["outcome"]: Fraction(row["probability"]) for row in odds.to_json()["views"]["tier"]}


@pytest.mark.parametrize("vector", vectors("distribution"), ids=lambda v: v["id"])
@pytest.mark.parametrize("locked", [False, True])
def test_tier_distributions(vector: dict[str, Any], locked: bool) -> None:
    mechanic = SYSTEM.mechanic("test")
    params = mechanic.parse_params(
        {
            "bag": ",".join(f"{n}{t}" for t, n in vector["bag"].items()),
            "destiny": vector["destiny"],
            "void_trait": vector["void_trait"],
            "required_trait": vector["required"],
            "difficulty": vector["difficulty"],
            "skill_level": vector["skill_level"],
            "divine_potency": vector["dp_auto"],
        }
    )
    got = _tier_odds(mechanic.odds(params, options(void_can_transform=not locked)))
    expected = vector["expect_void_locked" if locked else "expect_void_transform"]
    assert got == {tier: Fraction(p) for tier, p in expected.items() if Fraction(p)}


@pytest.mark.parametrize("vector", vectors("opposed_distribution"), ids=lambda v: v["id"])
@pytest.mark.parametrize("locked", [False, True])
def test_opposed_distribution(vector: dict[str, Any], locked: bool) -> None:
    mechanic = SYSTEM.mechanic("opposed")
    opponent = {"bag": "F", "destiny": 0, "skill_level": vector["opponent_successes"]}
    params = mechanic.parse_params(
        {
            "a": opponent,
            "b": {
                "bag": ",".join(f"{n}{t}" for t, n in vector["bag"].items()),
                "destiny": vector["destiny"],
                "void_trait": vector["void_trait"],
                "skill_level": vector["skill_level"],
            },
            "required_trait": vector["required"],
        }
    )
    rows = mechanic.odds(params, options(void_can_transform=not locked)).to_json()["views"]["result"]
    got = {row["outcome"]: Fraction(row["probability"]) for row in rows}
    expected = vector["expect_void_locked" if locked else "expect_void_transform"]
    names = {"win": "b", "tie": "tie", "lose": "a"}
    assert got == {names[k]: Fraction(p) for k, p in expected.items() if Fraction(p)}


NAMED_BAG = "tiwaz,berkano,ehwaz,hagalaz,isa,fehu,uruz"  # 3 F, 2 M, 2 E


@pytest.mark.parametrize("locked", [False, True])
@pytest.mark.parametrize(
    "destiny,difficulty,skill,void,required,transform",
    [
        (3, 3, 0, "E", "F", "optimal"),
        (2, 2, 1, "M", "E", "optimal"),
        (4, 5, 0, None, "M", "none"),
        (7, 4, 2, "F", "F", "optimal"),
    ],
)
def test_odds_equal_enumeration_of_every_ordered_draw(
    locked: bool, destiny: int, difficulty: int, skill: int, void: str | None, required: str, transform: str
) -> None:
    mechanic = SYSTEM.mechanic("test")
    params = mechanic.parse_params(
        {
            "bag": NAMED_BAG,
            "destiny": destiny,
            "void_trait": void,
            "required_trait": required,
            "difficulty": difficulty,
            "skill_level": skill,
            "transform": transform,
        }
    )
    opts = options(void_can_transform=not locked)
    brute = enumerate_outcomes(lambda src: mechanic.roll("ragnarok", params, opts, src).outcome)
    assert dict(mechanic.odds(params, opts).outcomes.items()) == brute


@settings(max_examples=40, deadline=None)
@given(
    sizes=st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)).filter(lambda s: 0 < sum(s) <= 7),
    destiny=st.integers(0, 4),
    void=st.sampled_from([None, "F", "M", "E"]),
    required=st.sampled_from(["F", "M", "E"]),
    difficulty=st.integers(0, 5),
    locked=st.booleans(),
)
def test_opposed_odds_equal_enumeration(
    sizes: tuple[int, int, int], destiny: int, void: str | None, required: str, difficulty: int, locked: bool
) -> None:
    mechanic = SYSTEM.mechanic("opposed")
    bag = ",".join(f"{n}{t}" for t, n in zip(TRAITS, sizes, strict=True) if n)
    params = mechanic.parse_params(
        {
            "a": {"bag": bag, "destiny": min(destiny, 2), "void_trait": void, "skill_level": 1},
            "b": {"bag": "2F,1M", "destiny": 2, "void_trait": "E"},
            "required_trait": required,
        }
    )
    opts = options(void_can_transform=not locked)
    brute = enumerate_outcomes(lambda src: mechanic.roll("ragnarok", params, opts, src).outcome)
    assert dict(mechanic.odds(params, opts).outcomes.items()) == brute


def test_short_bag_draws_everything_or_is_refused() -> None:
    stored = roll_test({"bag": "F,M", "destiny": 4, "required_trait": "F", "difficulty": 3}, ["M", "F"])
    assert len(stored["tape"]) == 2
    with pytest.raises(ParameterError, match="fewer than Destino"):
        roll_test({"bag": "F,M", "destiny": 4, "required_trait": "F", "difficulty": 3}, ["M", "F"], short_bag="reject")


# -- bad input ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "params,words",
    [
        ({"bag": "4F", "destiny": -1, "required_trait": "F", "difficulty": 3}, "destiny"),
        ({"bag": "4F", "destiny": 2, "required_trait": "X", "difficulty": 3}, "not a trait"),
        ({"bag": "4F,zzz", "destiny": 2, "required_trait": "F", "difficulty": 3}, "neither a rune"),
        ({"bag": "4F", "destiny": 2, "required_trait": "F", "difficulty": 7}, "epic"),
        ({"bag": "4F", "destiny": 2, "required_trait": "F", "difficulty": 3, "inherent_modifier": -1}, "0 or more"),
        ({"bag": "4F", "destiny": 2, "required_trait": "F", "difficulty": 3, "skill": "cooking"}, "unknown skill"),
    ],
)
def test_bad_parameters_are_refused(params: dict[str, Any], words: str) -> None:
    with pytest.raises(ParameterError, match=words):
        roll_test(params, ["F", "F"])


def test_manual_runes_must_be_in_the_bag() -> None:
    with pytest.raises(ManualResultError, match="not in the bag"):
        roll_test({"bag": "fehu,uruz", "destiny": 2, "required_trait": "E", "difficulty": 2}, ["fehu", "fehu"])
    ok = roll_test({"bag": "fehu,uruz", "destiny": 2, "required_trait": "E", "difficulty": 2}, ["URUZ", "fehu"])
    assert [t["label"] for t in ok["detail"]] == ["ur", "fe"]
    accented = roll_test({"bag": "Týr,Fé", "destiny": 2, "required_trait": "F", "difficulty": 2}, ["fe", "TÝR"])
    assert [t["label"] for t in accented["detail"]] == ["fe", "tyr"]


def test_lock_opening_takes_its_modifier_from_the_data() -> None:
    stored = roll_test(
        {"bag": "4F", "destiny": 4, "required_trait": "F", "difficulty": 4, "skill": "abrir_cerraduras"}, ["F"] * 4
    )
    assert stored["outcome"]["remaining"] == 1  # Atla's best case: 4 + 1 - 4


def test_bag_spellings() -> None:
    assert parse_bag("4F 2M 1E") == parse_bag("F=4, M=2, E=1") == parse_bag("4F/2M/1E")
    assert parse_bag("Týr, fehu") == ("tyr", "fe")
    assert parse_bag(["F", "m"]) == ("F", "M")


# -- options and characters ---------------------------------------------------------------------------
def test_options_match_the_register() -> None:
    fields = RagnarokOptions.model_fields
    for option_id, entry in register().items():
        if not entry.get("configurable") or option_id in NOT_OPTIONS:
            assert option_id not in fields, option_id
            continue
        default = fields[option_id].default
        expected = None if entry["default"] == "none" and entry["type"] == "int_or_none" else entry["default"]
        assert (list(default) if isinstance(default, tuple) else default) == expected, option_id
    assert set(fields) <= set(register())


def _hero(**changes: Any) -> dict[str, Any]:
    return {"name": "Sigrid", "essence": ["fehu", "uruz", "Týr"], "destiny": 2, "void": {"trait": "E"}, **changes}


def test_characters_validate() -> None:
    hero = SYSTEM.character(_hero())
    assert hero.derived()["esencia"] == 3
    dweller = SYSTEM.character({"name": "Troll", "kind": "dweller", "essence": ["fehu", "fehu"], "destiny": 1})
    assert dweller.derived()["traits"]["E"] == 2
    for bad, words in [
        (_hero(essence=["fehu", "fehu"]), "twice"),
        (_hero(essence=["fehu", "vacio"]), "not an Esencia rune"),
        (_hero(essence=["nope"]), "not one of the 24"),
        (_hero(destiny=-1), "destiny"),
        (_hero(void=None), "Void rune"),
        (_hero(void={"trait": None}), "needs a trait"),
        (_hero(skills={"atletismo": -1}), "negative"),
        (_hero(name=" "), "name"),
    ]:
        with pytest.raises(ParameterError, match=words):
            SYSTEM.character(bad)
    relaxed = SYSTEM.character(_hero(essence=["fehu", "fehu"]), options(hero_unique_runes=False))
    assert len(relaxed.essence) == 2


# -- the command line ---------------------------------------------------------------------------------
def test_cli_odds_and_rolls(cli: Cli) -> None:
    base = ["ragnarok", "test", "--bag", "4F,2M,1E", "--destiny", "3", "--void-trait", "E", "--required-trait", "F"]
    out = json.loads(cli("odds", *base, "--difficulty", "3", "--json"))
    assert {r["outcome"]: r["probability"] for r in out["views"]["tier"]} == {"exito": "2/7", "exito_parcial": "5/7"}
    assert [r["label"] for r in out["views"]["tier"]] == ["Éxito (Success)", "Éxito parcial (Partial success)"]
    assert out["outcomes"][0]["label"] == "R = 0: Éxito (Success)"
    assert all("label" not in r for r in out["views"]["extra_successes"])  # plain numbers need none
    text = cli("roll", *base, "--difficulty", "3", "--manual", "F,F,E")  # E + Void E -> a third F
    assert "Éxito (Success)" in text and "R 0" in text
    cli("roll", *base, "--difficulty", "3", "--manual", "F,F,F,F", code=2)
    cli("odds", *base, "--difficulty", "9", code=2)
    listed = cli("systems")
    assert "[ragnarok]" in listed and "Prueba de habilidad (skill test) [test]" in listed
