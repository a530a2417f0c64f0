"""An advanced adventure checked whole (spec 001c §10): plot roles set each encounter's base limit (§10.2, the
option plot_encounter_limits for A-03, the experience increase on top: 001c TV-93), the plot's order (§10.1), and
`runehall rune adventure validate` on the shipped "The Stolen Rune" and on a folder of one's own."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import Cli
from runehall.systems.rune.encounters.adventure import Adventure, plot_refusals, shipped
from runehall.systems.rune.encounters.budget import budget_limit, role_base
from runehall.systems.rune.options import RuneOptions

ROLES = ("set_up", "cushion", "development", "climax")


@pytest.mark.parametrize(
    ("choice", "limits"),
    [("plot_table", (350, 300, 350, 450)), ("percentages", (390, 300, 345, 450)), ("base_limit", (350,) * 4)],
)
def test_a_roles_base_limit(choice: str, limits: tuple[int, ...]) -> None:
    options = RuneOptions(plot_encounter_limits=choice)
    assert tuple(role_base(r, options) for r in ROLES) == limits
    assert role_base(None, options) == options.base_limit  # notes outside a plot


def test_001c_tv_93_a_cushion_for_experienced_players() -> None:
    # 5 players, 3 of them above 750 VP: the cushion's 300 + 75 (the book's own example)
    assert budget_limit([800, 790, 760, 100, 0], role_base("cushion", RuneOptions())) == 375


def _adventure(roles: list[str]) -> Adventure:
    entries = [{"file": f"{n}.toml", "role": r} for n, r in enumerate(roles)]
    return Adventure.model_validate({"title": "T", "heroes": 4, "encounter": entries})


@pytest.mark.parametrize(
    ("roles", "legal"),
    [
        (["set_up", "cushion", "cushion", "development", "cushion", "climax"], True),
        (["set_up", "development", "climax"], True),
        (["cushion", "set_up", "development", "climax"], False),  # the set-up comes first
        (["set_up", "development", "climax", "cushion"], False),  # the climax is last
        (["set_up", "cushion", "climax"], False),  # no development
        (["set_up", "development", "development", "climax"], False),
    ],
)
def test_the_plots_order(roles: list[str], legal: bool) -> None:
    assert (plot_refusals(_adventure(roles)) == []) is legal


def test_the_stolen_rune_validated_by_name(cli: Cli) -> None:
    # the shipped, playable edition (rules doc §37.2): every encounter legal, exit 0
    said = cli("rune", "adventure", "validate", "the-stolen-rune", "--lang", "en")
    assert "spent 300 of a limit of 300; earned 363" in said and "spent 441 of a limit of 450" in said
    assert "Refused" not in said and "The adventure is within the rules." in said
    data = json.loads(cli("rune", "adventure", "validate", "the-stolen-rune", "--json"))
    assert [e["legal"] for e in data["encounters"]] == [True] * 7
    assert [e["limit"] for e in data["encounters"]] == [350, 300, 300, 350, 300, 300, 450]
    percent = json.loads(cli("rune", "adventure", "validate", "the-stolen-rune", "--json",
                             "--option", "plot_encounter_limits=percentages"))  # fmt: skip
    assert [e["limit"] for e in percent["encounters"]][:4] == [390, 300, 300, 345]
    assert "gasta 111 de un límite de 350" in cli("rune", "adventure", "validate", "the-stolen-rune", "--lang", "es")
    assert "Dam rating 16" in cli("rune", "adventure", "validate", "the-stolen-rune", "--encounter", "1")


def test_the_books_own_edition_is_refused(cli: Cli, tmp_path: Path) -> None:
    """Encounter 3 as the book prints it (book_sheets.as_printed), in a folder of one's own: exit 2, both reasons."""
    from runehall.systems.rune.encounters.adventure import read
    from runehall.systems.rune.encounters.book_sheets import as_printed

    source = shipped("the-stolen-rune")
    adventure, notes = read(source)
    book = as_printed(3, notes[2]).model_dump(mode="json", exclude_unset=True)
    (tmp_path / "3.json").write_text(json.dumps(book), encoding="utf-8")
    (tmp_path / "adventure.toml").write_text(
        'title = "Book"\nheroes = 4\n[[encounter]]\nfile = "1.toml"\nrole = "set_up"\n'
        '[[encounter]]\nfile = "3.json"\nrole = "cushion"\n[[encounter]]\nfile = "4.toml"\nrole = "development"\n'
        '[[encounter]]\nfile = "7.toml"\nrole = "climax"\n',
        encoding="utf-8",
    )
    for name, file in (
        ("1.toml", adventure.encounter[0].file),
        ("4.toml", adventure.encounter[3].file),
        ("7.toml", adventure.encounter[6].file),
    ):
        (tmp_path / name).write_bytes(source.joinpath(file).read_bytes())
    said = cli("rune", "adventure", "validate", str(tmp_path), "--lang", "en", code=2)
    assert "spent 394 of a limit of 300" in said and "it must earn what it spends" in said
    assert "falls under the Impairment" in said
    assert said.count("Refused") == 3  # only encounter 3's: the others of the playable edition stay legal


def test_a_folder_of_ones_own_and_bad_inputs(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    source = shipped("the-stolen-rune")
    for name in ("adventure.toml", "1-taken-in-the-night.toml", "4-temple-of-loki.toml", "5-jellyfish.toml"):
        (folder / name).write_bytes(source.joinpath(name).read_bytes())
    plot = (
        'title = "Short"\nheroes = 4\n[[encounter]]\nfile = "1-taken-in-the-night.toml"\nrole = "set_up"\n'
        '[[encounter]]\nfile = "4-temple-of-loki.toml"\nrole = "development"\n'
        '[[encounter]]\nfile = "5-jellyfish.toml"\nrole = "climax"\n'
    )
    (folder / "adventure.toml").write_text(plot, encoding="utf-8")
    assert "The adventure is within the rules." in cli("rune", "adventure", "validate", str(folder))
    (folder / "adventure.toml").write_text(plot.replace('"climax"', '"cushion"'), encoding="utf-8")
    assert "a plot runs from one set-up" in cli("rune", "adventure", "validate", str(folder), code=2)
    assert "ships no adventure called 'nope'" in cli("rune", "adventure", "validate", "nope", code=2)
    assert "not 8" in cli("rune", "adventure", "validate", "the-stolen-rune", "--encounter", "8", code=2)
    shutil.rmtree(folder)
