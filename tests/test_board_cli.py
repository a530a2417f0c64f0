"""`runehall play show` draws the tracker's board (cli/board.py): the order, a table of the combatants with
gauges as text bars or boxes, badges and scores, the map's size and terrain, and the moves legal now with
what each still asks, all in words, in English and Spanish; `play log` reads as sentences."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from board_system import SECRET_PLAN, BoardSystem
from runehall.cli import render
from runehall.play.log import PlayLog
from runehall.present.check import program_values
from runehall.systems import registry


@pytest.fixture(autouse=True)
def system(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    remove = registry.register(BoardSystem())
    monkeypatch.setattr(render.out, "width", 200)  # a wide terminal: each cell on one line
    yield
    remove()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "skirmish.json"
    path.write_text(json.dumps(PlayLog.start("boardtest", "skirmish", {}, {}).to_json()))
    return path


def flat(text: str) -> str:
    return " ".join(text.split())


def test_play_show_draws_the_board_in_words(cli: Any, game: Path) -> None:
    shown = cli("play", "show", str(game), "--lang", "en")
    text = flat(shown)
    assert "Skirmish by the ford · Turn 1" in text
    assert "Order: 1. Ann 2. Bob 3. Dag" in text
    assert "▶ Ann (acting now)" in text and "Cid (out of the fight)" in text
    assert "Health ██████████ 10 / 10" in text and "Wounds ■■■■ 4 / 4" in text and "Wounds □□□□ 0 / 4" in text
    assert "Stunned" in text and "Attack 12" in text and "Heroes" in text and "Foes" in text
    assert "Map: 20 × 12 paces; Ice · Bushes" in text and "14, 8" in text  # Bob's place
    assert "Waiting for Ann" in text and "The ford" in text and "Water: knee deep" in text
    moves = shown[shown.index("Moves you may make") :].splitlines()[1:]
    assert [flat(m) for m in moves] == [
        "Next turn",
        "Attack (Ann) — choose a target: Bob",
        "Aim (Ann) — choose a target: Bob; Care",
        "Move (Ann) — choose a place on the map · Click the map: at most 6 paces",
        "Plan in secret (Ann) — choose Plan",
        "Plan nothing (Ann)",
    ]
    assert program_values(shown) == [], program_values(shown)


def test_play_show_speaks_spanish_around_the_systems_words(cli: Any, game: Path) -> None:
    text = flat(cli("play", "show", str(game), "--lang", "es"))
    for said in ("Combatiente", "Bando", "Salud y marcadores", "Estado", "Valores", "Dónde", "Jugadas posibles"):
        assert said in text, said
    assert "(actúa ahora)" in text and "(fuera del combate)" in text and "Mapa: 20 × 12 paces" in text
    assert "Attack (Ann) — elige un objetivo: Bob" in text and "elige un sitio en el mapa" in text
    assert "Moves you may make" not in text and "acting now" not in text


def test_a_sealed_plan_reads_chosen_and_the_log_reads_as_sentences(cli: Any, game: Path) -> None:
    cli("play", "do", str(game), "attack", "--actor", "ann", "--target", "bob")
    cli("play", "do", str(game), "plan", "--actor", "ann", "--plan", SECRET_PLAN)
    shown = cli("play", "show", str(game), "--lang", "en")
    assert "chosen" in shown and "Xyzzy" not in shown
    assert "Health ██████▍" not in shown and "5 / 8" in flat(shown)  # Bob hit for 3
    log = cli("play", "log", str(game), "--lang", "en")
    assert "Ann attacks Bob" in log and program_values(log) == []
