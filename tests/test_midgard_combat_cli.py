"""Midgard combat from the command line: two created characters fight segment by segment to the end;
every refused move exits 2 and leaves the play file byte for byte as it was."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli
from test_midgard_combat_play import ASTRID, ULF


def test_a_fight_between_two_created_characters_from_the_cli(cli: Cli, tmp_path: Path) -> None:
    fight = tmp_path / "fight.json"
    fight.write_text(
        json.dumps([{"id": "astrid", "character": ASTRID}, {"id": "ulf", "side": "raiders", "character": ULF}]),
        encoding="utf-8",
    )
    game = tmp_path / "game.json"

    def do(*words: str, code: int = 0) -> str:
        return cli("play", "do", str(game), *words, code=code)

    def refused(*words: str, match: str) -> None:
        before = game.read_bytes()
        out = do(*words, code=2)
        assert match in out, out
        assert game.read_bytes() == before

    out = cli("play", "new", str(game), "midgard", "combat", "--combatants", f"@{fight}")
    assert "astrid Astrid [players, character] Def 5 · WS 4 · wounds 0/41" in out and "next: next_segment" in out
    refused("declare", "--action", "strike", "--target", "ulf", match="setup stage")
    wounds = []
    for segment in (1, 2, 3):
        out = do("next_segment")
        assert f"Round 1, segment {segment}: Ulf and Astrid declare, in this order" in out
        refused("declare", "--actor", "astrid", "--action", "strike", "--target", "ulf", match="Ulf declares next")
        refused("declare", "--action", "charge", match="needs a --target")
        do("declare", "--action", "dodge")
        refused("declare", "--action", "strike", "--target", "ulf", "--two-hands", "true", match="other hand free")
        do("declare", "--action", "strike", "--target", "ulf")
        refused("resolve", match="casting stage")
        refused("cast", "--actor", "astrid", "--wyrd", "6", "--manual", ",".join(["5"] * 14), match="at most 5 Wyrð")
        do("cast", "--actor", "ulf", "--manual", "2,2,2,2")
        out = do("cast", "--actor", "astrid", "--wyrd", "5", "--manual", ",".join(["5"] * 13))
        assert "casts the runes: 3 free tokens to place" in out
        refused("allocate", "--actor", "astrid", "--past", "1", match="must all be placed")
        refused("allocate", "--actor", "astrid", "--past", "2", "--cancel", "1", match="only 0 Merkstave")
        out = do("allocate", "--actor", "astrid", "--past", "3")
        assert "places the tokens: success, Past 3, margin 13, speed 7" in out
        out = do("resolve")
        wounds.append(out)
    assert "19 damage to the body, 9 wounds (9 in all)" in wounds[0]
    assert "taken out" in wounds[-1] and "the fight is over: players stand" in wounds[-1]
    refused("next_segment", match="the fight is over")
    state = json.loads(cli("play", "show", str(game), "--json"))
    assert state["stage"] == "over" and state["winner"] == "players"
    ulf = next(c for c in state["combatants"] if c["id"] == "ulf")
    assert ulf["out"] and ulf["wounds"] == 9 + 19 + 19
    log = cli("play", "log", str(game))
    assert "Astrid casts the runes" in log and "5 5 5 5" in log
    assert "undoes event 21" in cli("play", "undo", str(game))
    assert json.loads(cli("play", "show", str(game), "--json"))["stage"] == "resolution"
    assert "taken out" in do("resolve")


def test_the_combat_tracker_lists_its_actions(cli: Cli) -> None:
    out = cli("play", "actions", "midgard", "combat")
    assert "Combatants [combatants] (required)" in out
    for action in ("next_segment", "declare", "gm_cast", "cast", "allocate", "resolve", "take_hit", "switch", "check"):
        assert f" [{action}]: " in out
