"""Issue 11 for Ragnarök: the bag is capped before any work and stored as given (item 1), an Automatic test has
no Hand (item 16), tracker results with measures render (item 17), Runic Enchantment's distances (item 20)."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from conftest import Cli
from runehall.chance.sources import FairSource, ManualSource
from runehall.errors import ParameterError
from runehall.fairness.log import rederive
from runehall.rolling import RollResult
from runehall.systems import registry
from runehall.systems.ragnarok.bag import MAX_BAG
from service_fixtures import open_table

SYSTEM = registry.get("ragnarok")
TEST = {"destiny": 3, "required_trait": "F", "difficulty": 1}


# -- item 1: the bag ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bag",
    [
        ["1000000000F"],
        "30000000F",
        f"{MAX_BAG + 1}F",
        ["40F", "40M"],
        ["F"] * (MAX_BAG + 1),
        "9" * 5000 + "F",
        "F," * 5000,
    ],
)
def test_a_bag_past_the_cap_is_refused_before_any_work(bag: Any) -> None:
    # "before any work": no bag of that size is ever built (memory, not time: a timed test fails on a busy machine)
    tracemalloc.start()
    try:
        with pytest.raises(ParameterError, match=f"at most {MAX_BAG} runes"):
            SYSTEM.mechanic("test").parse_params({"bag": bag, **TEST})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak


def test_the_cli_refuses_a_huge_bag(cli: Cli) -> None:
    out = cli(
        "roll",
        "ragnarok",
        "test",
        "--bag",
        "30000000F",
        "--destiny",
        "3",
        "--required-trait",
        "F",
        "--difficulty",
        "1",
        code=2,
    )
    assert f"at most {MAX_BAG} runes" in out
    assert "at most" in cli("odds", "ragnarok", "wyrd", "--bag", "100F", "--destiny", "3", code=2)


def test_the_api_refuses_a_huge_bag_with_422(client: Any) -> None:
    table = open_table(client)
    body = {"mechanic": "test", "params": {"bag": ["1000000000F"], **TEST}}
    refused = table.gm.post("/rolls", body)
    assert refused.status_code == 422 and f"at most {MAX_BAG} runes" in refused.json()["detail"]
    assert [e["kind"] for e in table.gm.events()] == ["table_created", "joined"]


def test_a_bag_is_stored_as_given_and_old_expanded_rolls_still_verify() -> None:
    mechanic = SYSTEM.mechanic("test")
    seed = bytes(range(32))
    params = mechanic.parse_params({"bag": ["2M", "4F", "1E"], **TEST})
    rolled = mechanic.roll("ragnarok", params, SYSTEM.options(), FairSource(seed, "client", 7)).to_json()
    assert rolled["params"]["bag"] == ["2M", "4F", "1E"]
    assert rederive(RollResult.from_json(rolled), seed) is None
    # Rolls stored before the compact form carried the bag one rune at a time, in the same order.
    old = json.loads(json.dumps(rolled))
    old["params"]["bag"] = ["M", "M", "F", "F", "F", "F", "E"]
    assert rederive(RollResult.from_json(old), seed) is None
    assert mechanic.render(old) == mechanic.render(rolled)
    named = mechanic.parse_params({"bag": "Týr, fehu, Týr", **TEST, "destiny": 1})
    assert mechanic.roll("ragnarok", named, SYSTEM.options(), ManualSource(["fe"])).to_json()["params"]["bag"] == [
        "tyr",
        "fe",
        "tyr",
    ]


# -- item 16: an Automatic test has no Hand ----------------------------------------------------------------
def test_an_automatic_test_does_not_count_the_void_rune(cli: Cli) -> None:
    out = json.loads(
        cli(
            "odds",
            "ragnarok",
            "test",
            "--bag",
            "4F,2M,1E",
            "--destiny",
            "3",
            "--void-trait",
            "F",
            "--required-trait",
            "F",
            "--difficulty",
            "0",
            "--json",
        )
    )
    assert [(o["outcome"]["extra_successes"], o["probability"]) for o in out["outcomes"]] == [(0, "1/1")]
    mechanic = SYSTEM.mechanic("test")
    params = mechanic.parse_params(
        {"bag": "4F", "destiny": 2, "void_trait": "F", "required_trait": "F", "difficulty": 0, "skill_level": 1}
    )
    stored = mechanic.roll("ragnarok", params, SYSTEM.options(), ManualSource([])).to_json()
    assert stored["tape"] == [] and stored["outcome"]["extra_successes"] == 1  # L only
    drawn = mechanic.roll("ragnarok", params, SYSTEM.options({"draw_on_automatic": True}), ManualSource(["F", "F"]))
    assert drawn.to_json()["outcome"]["extra_successes"] == 1 + 2 + 1  # L, two runes and the Void rune


# -- item 17: every tracker result renders, measures included ----------------------------------------------
def _hero(tmp_path: Path) -> str:
    sheet = tmp_path / "hero.toml"
    sheet.write_text(
        'name = "Ulrik"\nessence = ["Týr", "Bjarkan", "Hagall"]\ndestiny = 2\n'
        'passive_powers = [{name = "Piel de piedra", type = "encantamiento_runico"}]\n[void]\ntrait = "E"\n',
        encoding="utf-8",
    )
    return f"@{sheet}"


def test_measures_in_tracker_results_render_in_play_do_and_play_log(cli: Cli, tmp_path: Path) -> None:
    game = str(tmp_path / "game.json")
    cli("play", "new", game, "ragnarok", "tree", "--character", _hero(tmp_path))
    assert "Time passes: 1.5 h" in cli("play", "do", game, "advance_time", "--hours", "1.5")
    assert "enchantment 5 m" in cli("play", "do", game, "enchantment", "--power", "Piel de piedra", "--distance-m", "5")
    log = cli("play", "log", game)
    assert "Time passes: 1.5 h" in log and "enchantment 5 m" in log
    assert len(json.loads(cli("play", "log", game, "--json"))) == 2


# -- item 20: Runic Enchantment ------------------------------------------------------------------------------
def test_runic_enchantment_default_and_the_books_literal_distance(cli: Cli, tmp_path: Path) -> None:
    options = SYSTEM.options()
    assert (options.re_suppress_m, options.re_reactivate_m) == (7.5, 7.5)  # type: ignore[attr-defined]
    game = str(tmp_path / "game.json")

    def state(distance: str, path: str = game) -> str:
        out = cli("play", "do", path, "enchantment", "--power", "Piel de piedra", "--distance-m", distance, "--json")
        return str(json.loads(out)["event"]["result"]["state"])

    cli("play", "new", game, "ragnarok", "tree", "--character", _hero(tmp_path))
    assert [state("6"), state("6"), state("7.5"), state("8")] == ["suppressed", "suppressed", "suppressed", "active"]
    literal = str(tmp_path / "literal.json")
    cli("play", "new", literal, "ragnarok", "tree", "--character", _hero(tmp_path), "-o", "re_reactivate_m=3")
    assert [state("2", literal), state("3", literal), state("3.5", literal)] == ["suppressed", "suppressed", "active"]


def test_tree_counts_are_capped_before_any_work(cli: Cli, tmp_path: Path) -> None:
    game = str(tmp_path / "game.json")
    cli("play", "new", game, "ragnarok", "tree", "--character", _hero(tmp_path))
    before = Path(game).read_bytes()
    for words in (
        ["damage", "--points", str(10**9), "--trait", "F"],
        ["heal", "--points", "100000"],
        ["advance_time", "--hours", "1e300"],
        ["enchantment", "--power", "Piel de piedra", "--distance-m", "1e308"],
        ["wyrd", "--extra", "1000000"],
    ):
        assert "over its cap: at most" in cli("play", "do", game, *words, code=2)
    assert Path(game).read_bytes() == before
