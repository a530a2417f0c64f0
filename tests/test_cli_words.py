"""The CLI speaks words (issue 12): `roll`, `odds` and `play do / log / show / undo` print cards and odds
summaries in the reader's language (--lang, else LC_ALL / LANG), never program values; --json is unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import Cli
from runehall.cli.app import app
from runehall.present.check import program_values
from test_midgard_combat_play import ASTRID, ULF
from test_rune_combat_cli import FIGHT

EN, ES = ("--lang", "en"), ("--lang", "es")


def words_only(text: str) -> str:
    assert text.strip() and program_values(text) == [], (program_values(text), text)
    return text


@pytest.mark.parametrize(
    ("request_", "english", "spanish"),
    [
        (("4d6k3", "--seed", "3"), "Someone rolls 4d6k3", "Alguien tira 4d6k3"),
        (("rune", "roll", "--bonus", "3", "--difficulty", "6", "--manual", "10,4"), "success by 11", "éxito"),
        (("midgard", "cast", "--rune", "4", "--difficulty", "2", "--seed", "5"), "Someone", "Alguien"),
        (
            ("ragnarok", "test", "--bag", "4F,2M,1E", "--destiny", "3", "--required-trait", "F", "--difficulty", "3",
             "--manual", "F,F,E"),
            "makes a Physical test: Éxito parcial (Partial success)",
            "Éxito",
        ),
    ],
)  # fmt: skip
def test_a_roll_prints_its_card_in_either_language(
    cli: Cli, request_: tuple[str, ...], english: str, spanish: str
) -> None:
    en = words_only(cli("roll", *request_, *EN))
    es = words_only(cli("roll", *request_, *ES))
    assert english in en and spanish in es and en != es
    assert "=" not in en.replace("= ", "").replace(" =", "")  # no key=value pairs


def test_a_rolls_json_is_unchanged(cli: Cli) -> None:
    data = json.loads(cli("roll", "2d6", "--seed", "1", "--json", *ES))
    assert {"system", "mechanic", "params", "outcome", "tape", "text"} <= set(data)
    assert data["text"].startswith("2d6: ")  # the system's own text, in English, as before


def test_odds_have_a_headline_a_chart_with_columns_and_fold_the_rare_outcomes(cli: Cli) -> None:
    en = words_only(cli("odds", "rune", "roll", "--bonus", "4", "--difficulty", "9", *EN))
    assert "Success 60% · Botch 10%" in en and "at least" in en and "at most" in en
    es = words_only(cli("odds", "rune", "roll", "--bonus", "4", "--difficulty", "9", *ES))
    assert "Éxito 60\xa0% · Pifia 10\xa0%" in es and "como mínimo" in es and "como máximo" in es
    many = words_only(cli("odds", "10d10!k5", *EN))
    assert "26 or less" in many and "68 or more" in many and len(many.splitlines()) < 70  # not 497 rows
    assert "o menos" in cli("odds", "10d10!k5", *ES)


def test_full_odds_give_every_outcome_as_an_exact_fraction(cli: Cli) -> None:
    short, full = cli("odds", "3d6", *EN), cli("odds", "3d6", "--full", *EN)
    assert "1/216" not in short and "1/216" in full and "exact odds" in full
    assert "probabilidad exacta" in cli("odds", "3d6", "--full", *ES)
    data = json.loads(cli("odds", "3d6", "--json"))
    assert data["outcomes"][0]["probability"] == "1/216"  # the JSON as before


def test_the_language_comes_from_the_environment_and_a_bad_one_is_refused() -> None:
    runner = CliRunner()
    spanish = runner.invoke(app, ["roll", "2d6", "--seed", "1"], env={"LC_ALL": "", "LANG": "es_ES.UTF-8"})
    assert spanish.exit_code == 0 and "Alguien tira 2d6" in spanish.output
    english = runner.invoke(app, ["roll", "2d6", "--seed", "1"], env={"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"})
    assert english.exit_code == 0 and "Someone rolls 2d6" in english.output
    bad = runner.invoke(app, ["roll", "2d6", "--lang", "fr"])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "en or es" in bad.output


def _rune_fight(cli: Cli, tmp_path: Path) -> str:
    setup, game = tmp_path / "fight.json", str(tmp_path / "game.json")
    setup.write_text(json.dumps(FIGHT), encoding="utf-8")
    cli("play", "new", game, "rune", "combat", "--combatants", f"@{setup}")
    for who, face in (("Ragnar", "6"), ("Thurid", "4"), ("Troll", "3")):
        cli("play", "do", game, "initiative", "--who", who, "--manual", face)
    cli("play", "do", game, "attack", "--who", "Ragnar", "--target", "Troll", "--manual", "10,1,2", "--by", "Ana")
    cli("play", "undo", game, "--by", "Norn")
    return game


def _midgard_fight(cli: Cli, tmp_path: Path) -> str:
    fight, game = tmp_path / "fight.json", str(tmp_path / "game.json")
    fight.write_text(
        json.dumps([{"id": "astrid", "character": ASTRID}, {"id": "ulf", "side": "raiders", "character": ULF}]),
        encoding="utf-8",
    )
    cli("play", "new", game, "midgard", "combat", "--combatants", f"@{fight}")
    cli("play", "do", game, "next_segment")
    cli("play", "do", game, "declare", "--action", "dodge")
    cli("play", "do", game, "declare", "--action", "strike", "--target", "ulf")
    return game


def _ragnarok_tree(cli: Cli, tmp_path: Path) -> str:
    sheet, game = tmp_path / "hero.toml", str(tmp_path / "game.json")
    sheet.write_text('name = "Ulrik"\nessence = ["Týr", "Bjarkan", "Hagall"]\ndestiny = 2\n[void]\ntrait = "E"\n')
    cli("play", "new", game, "ragnarok", "tree", "--character", f"@{sheet}")
    cli("play", "do", game, "advance_time", "--hours", "1.5")
    cli("play", "do", game, "wyrd", "--manual", "tyr,hagall")
    return game


@pytest.mark.parametrize(
    ("play", "english", "spanish"),
    [
        (_rune_fight, "Ragnar attacks Troll with the Viking Axe", "Ragnar ataca a Troll con su Hacha vikinga"),
        (_midgard_fight, "Astrid declares Strike against Ulf", "Astrid declara"),
        (_ragnarok_tree, "Time passes: 1.5 h", "Pasa el tiempo: 1,5 h"),
    ],
)
def test_play_log_reads_as_sentences_one_card_per_action(
    cli: Cli, tmp_path: Path, play: object, english: str, spanish: str
) -> None:
    game = play(cli, tmp_path)  # type: ignore[operator]
    events = json.loads(cli("play", "log", game, "--json"))
    en, es = words_only(cli("play", "log", game, *EN)), words_only(cli("play", "log", game, *ES))
    assert english in en and spanish in es
    numbered = [line for line in en.splitlines() if line[:1].isdigit()]
    assert len(numbered) == len(events)  # one card per event
    for event in events:
        assert f" {event['action']}:" not in en  # the action reads as words, not its name


def test_play_do_and_undo_print_cards_and_sentences(cli: Cli, tmp_path: Path) -> None:
    game = _rune_fight(cli, tmp_path)
    log = cli("play", "log", game, *EN)
    assert "(undone)" in log and "5. Norn undoes event 4" in log
    assert "(deshecho)" in cli("play", "log", game, *ES)
    shown = cli("play", "do", game, "initiative", "--who", "Ragnar", "--manual", "5", *ES, code=2)
    assert shown.count("\n") == 1  # a refused action: one line
    card = cli("play", "do", game, "attack", "--who", "Ragnar", "--target", "Troll", "--manual", "10,1,2", *EN)
    first = card.splitlines()[0]
    assert first.startswith("6. Ragnar attacks Troll") and program_values(first) == []
    assert "=" not in first.replace(" = ", "")
    assert words_only(cli("play", "show", game, *EN).splitlines()[0]).startswith("6. Ragnar attacks Troll")
