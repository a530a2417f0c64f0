"""A four-player Rune session from the command line (issue 14): four encounters, each designed, priced and
run by a different runner, with a roll of the notes, a fight and settlement; the heroes' VP carried from one
encounter to the next; the session's winner. A refused design exits 2 and leaves the play file as it was."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from conftest import Cli
from rune_encounter_fixtures import HEROES, heroes, notes

ROTATION = (("Ragnar", "Thurid"), ("Thurid", "Bjorn"), ("Bjorn", "Sigrid"), ("Sigrid", "Ragnar"))  # runner, proxy


def _notes_file(tmp_path: Path, number: int, **change: Any) -> Path:
    given = notes(**change)
    given["title"] = f"Encounter {number}"
    path = tmp_path / f"notes{number}.json"
    path.write_text(json.dumps(given), encoding="utf-8")
    return path


def test_a_session_of_four_encounters_each_run_by_another_player(cli: Cli, tmp_path: Path) -> None:
    party = tmp_path / "heroes.json"
    party.write_text(json.dumps(heroes()), encoding="utf-8")
    games: list[str] = []
    for number, (runner, proxy) in enumerate(ROTATION, 1):
        game = str(tmp_path / f"encounter{number}.json")
        games.append(game)
        shown = cli("play", "new", game, "rune", "encounter", "--title", f"Encounter {number}",
                    "--heroes", f"@{party}", "--runner", runner, "--proxy", proxy)  # fmt: skip
        assert f"Encounter {number}" in shown
        over = _notes_file(tmp_path, number, difficulty=13)  # +70 spent, nothing earned: refused
        priced = cli("rune", "encounter", "price", str(over))
        assert "+70" in priced and "earn" in priced
        before = Path(game).read_bytes()
        refused = cli("play", "do", game, "notes", "--encounter", f"@{over}", code=2)
        assert "earn" in refused and Path(game).read_bytes() == before
        legal = _notes_file(tmp_path, number)
        assert "within the rules" in cli("rune", "encounter", "validate", str(legal))
        cli("play", "do", game, "notes", "--encounter", f"@{legal}")
        cli("play", "do", game, "begin")
        rolled = cli("play", "do", game, "noted_roll", "--roll", "door", "--seed", str(number))
        assert rolled
        cli("play", "do", game, "fight", "--event", "hall")
        for who in (*HEROES, "Dark Viking 1", "Dark Viking 2"):
            cli("play", "do", game, "initiative", "--who", who, "--seed", str(number))
        cli("play", "do", game, "end_combat")
        settled = cli("play", "do", game, "settle", "--json")
        scores = json.loads(settled)["event"]["result"]["scores"]
        assert scores[runner]["runner"] and scores[runner]["score"] >= 30
        # The next encounter takes the heroes with the VP the session has credited them so far.
        cli("rune", "session", *games, "--heroes-out", str(party))
        carried = {h["name"]: h["sheet"]["vp_total"] for h in json.loads(party.read_text(encoding="utf-8"))}
        assert carried[runner] >= 30 * 1
    board = json.loads(cli("rune", "session", *games, "--json"))
    gains = board["gains"]
    assert set(gains) == set(HEROES) and all(g >= 30 for g in gains.values())  # each ran one encounter
    best = max(gains.values())
    assert board["winners"] == sorted(p for p, g in gains.items() if g == best)
    final = {h["name"]: h["sheet"]["vp_total"] for h in json.loads(party.read_text(encoding="utf-8"))}
    assert final == gains  # everyone started at 0: his total is his gain
    said = cli("rune", "session", *games, "--lang", "es")
    assert "Esta sesión" in said and "ganador" in said
    # After four encounters each player has run once: the axe goes back round to the first runner.
    shown = cli("rune", "session", *games)
    assert "Next to run: Ragnar's player" in shown and "Hail to the runner" in shown
    league = cli("rune", "session", *games, "--option", "league=death_trudge")
    ranked = sorted(gains.values(), reverse=True)
    first = [p for p, g in gains.items() if g == ranked[0]]
    assert f"{first[0]}'s player" in league and "league points" in league
    if len(first) == 1:  # the winner alone: 4 points a place times the session's 4 encounters
        assert f"{first[0]}'s player: 16 league points" in league


def test_the_session_command_refuses_what_is_not_a_settled_encounter(cli: Cli, tmp_path: Path) -> None:
    game = str(tmp_path / "e.json")
    party = tmp_path / "heroes.json"
    party.write_text(json.dumps(copy.deepcopy(heroes())), encoding="utf-8")
    cli("play", "new", game, "rune", "encounter", "--title", "Lone", "--heroes", f"@{party}",
        "--runner", "Ragnar", "--proxy", "Thurid")  # fmt: skip
    assert "settled" in cli("rune", "session", game, code=2)
    assert "no play file" in cli("rune", "session", str(tmp_path / "missing.json"), code=2)
    assert "not a Runehall play log" in cli("rune", "session", game, str(tmp_path / "heroes.json"), code=2)
    fight = str(tmp_path / "fight.json")
    club = [{"weapon": "club", "init": 1, "atk": 1, "dfn": 1, "dam": 1}]
    people = [
        {"name": n, "side": n, "at": [i, 0], "hp": 30, "soak": 1, "res": 1, "weapons": club} for i, n in enumerate("AB")
    ]
    (tmp_path / "people.json").write_text(json.dumps(people), encoding="utf-8")
    cli("play", "new", fight, "rune", "combat", "--combatants", f"@{tmp_path / 'people.json'}")
    assert "not an encounter" in cli("rune", "session", fight, code=2)
