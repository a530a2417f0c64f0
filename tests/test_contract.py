"""The system contract and registry: a system added at run time works through the generic paths."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from brute import as_fractions, enumerate_outcomes
from coin_system import CoinSystem
from runehall.chance.seeded import SeededSource
from runehall.errors import ParameterError, RulesDataError, UnknownNameError
from runehall.systems import registry
from runehall.systems.base import RulesModel
from runehall.systems.data import load_data

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def coin() -> Iterator[CoinSystem]:
    system = CoinSystem()
    remove = registry.register(system)
    yield system
    remove()


def test_builtin_systems_are_discovered() -> None:
    assert "dice" in registry.systems()


def test_every_system_has_its_rules_doc() -> None:
    for system_id in registry.systems():
        assert (ROOT / "docs" / "rules" / f"{system_id}.md").is_file(), system_id


def test_every_mechanic_gives_odds_equal_to_brute_force_of_its_roll(coin: CoinSystem) -> None:
    mechanic = coin.mechanic("flip")
    params = mechanic.parse_params({"coins": 3, "need": 2})
    options = coin.options()
    odds = mechanic.odds(params, options)
    chance = mechanic.chance(params, options)
    brute = enumerate_outcomes(lambda src: mechanic.resolve(params, options, chance.key(chance.sample(src))))
    assert as_fractions(odds.outcomes) == brute
    assert odds.views["win"].probability(True) == Fraction(1, 2)


def test_roll_records_everything(coin: CoinSystem) -> None:
    mechanic = coin.mechanic("flip")
    result = mechanic.roll("coin", mechanic.parse_params({"coins": 4}), coin.options(), SeededSource(5), "ana")
    data = result.to_json()
    assert data["requested_by"] == "ana" and data["source"] == {"kind": "seeded", "seed": 5}
    assert len(data["tape"]) == 4 and data["params"] == {"coins": 4, "need": 1}
    assert data["outcome"][0] == sum(1 for _, face in data["tape"] if face == 2)
    assert result.render().endswith(("win", "loss"))


def test_bad_parameters_options_and_names(coin: CoinSystem) -> None:
    with pytest.raises(ParameterError, match="coins"):
        coin.mechanic("flip").parse_params({"coins": 11})
    with pytest.raises(ParameterError, match="bogus"):
        coin.mechanic("flip").parse_params({"coins": 1, "bogus": 2})
    with pytest.raises(ParameterError, match="option"):
        coin.options({"nope": 1})
    with pytest.raises(UnknownNameError, match="has no mechanic 'spin'"):
        coin.mechanic("spin")
    with pytest.raises(UnknownNameError):
        registry.get("chess")


def test_characters_validate_and_derive(coin: CoinSystem) -> None:
    hero = coin.character({"name": "Sigrid", "luck": 3})
    assert hero.derived() == {"double_luck": 6}
    with pytest.raises(ParameterError, match="name"):
        coin.character({"name": " ", "luck": 3})
    with pytest.raises(ParameterError, match="luck"):
        coin.character({"name": "Sigrid", "luck": 9})


def test_registering_a_duplicate_id_is_refused(coin: CoinSystem) -> None:
    with pytest.raises(ValueError):
        registry.register(CoinSystem())


class Shape(RulesModel):
    size: int


def test_rules_data_is_validated_at_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "fakesystem"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "data" / "good.toml").write_text("size = 3\n")
    (package / "data" / "bad.toml").write_text('size = "big"\n')
    (package / "data" / "broken.json").write_text("{")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_data("fakesystem", "good.toml", Shape).size == 3
    with pytest.raises(RulesDataError, match=r"bad\.toml: size"):
        load_data("fakesystem", "bad.toml", Shape)
    with pytest.raises(RulesDataError, match="does not parse"):
        load_data("fakesystem", "broken.json", Shape)
    with pytest.raises(RulesDataError, match="missing"):
        load_data("fakesystem", "absent.toml", Shape)


def test_cli_works_for_any_registered_system(coin: CoinSystem, cli: object) -> None:
    from conftest import Cli

    assert isinstance(cli, Cli)
    out = json.loads(cli("odds", "coin", "flip", "--coins", "2", "--json"))
    assert out["views"]["win"] == [
        {"outcome": False, "probability": "1/4"},
        {"outcome": True, "probability": "3/4"},
    ]
    assert "heads" in cli("roll", "coin", "flip", "--coins", "2", "--seed", "1")
    assert "2 heads: win" in cli("roll", "coin", "flip", "--coins", "2", "--manual", "2,2")
    listed = cli("systems")
    assert "[coin]" in listed and "[flip]" in listed and "[coins] (required)" in listed
    cli("roll", "coin", "flip", "--coins", "2", "--manual", "2,3", code=2)
    cli("roll", "coin", "flip", "--coins", "two", code=2)
    cli("roll", "coin", "flip", "--coins", "2", "--option", "edge_counts_as=heads", "--seed", "3")
    cli("roll", "coin", "flip", "--coins", "2", "--option", "colour=red", code=2)
