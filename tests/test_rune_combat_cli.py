"""A whole fight from the command line: two created heroes (hero sheets) and a troll given as stats, round by
round until the troll is incapacitated; every illegal command exits 2 and leaves the play file byte-identical."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import Cli
from test_rune_combat import RAGNAR_SHEET, THURID_SHEET

FIGHT = [
    {"name": "Ragnar", "at": [0, 0], "sheet": RAGNAR_SHEET},
    {"name": "Thurid", "at": [0, 2], "gifts": 1, "sheet": THURID_SHEET},
    {"name": "Troll", "at": [2, 1], "soak": 4, "hp": 60, "wt": 12, "res": 3,
     "weapons": [{"weapon": "club", "init": 6, "atk": 5, "dfn": 4, "dam": 10}]},
]  # fmt: skip


def test_a_fight_from_the_cli_to_incapacitation(cli: Cli, tmp_path: Path) -> None:
    setup, game = tmp_path / "fight.json", str(tmp_path / "game.json")
    setup.write_text(json.dumps(FIGHT), encoding="utf-8")

    def do(*words: str) -> str:
        return cli("play", "do", game, *words)

    def refused(*words: str) -> str:
        before = Path(game).read_bytes()
        out = cli("play", "do", game, *words, code=2)
        assert Path(game).read_bytes() == before
        return out

    def state() -> dict[str, Any]:
        data: dict[str, Any] = json.loads(cli("play", "show", game, "--json"))
        return data

    def troll() -> dict[str, Any]:
        found: dict[str, Any] = next(c for c in state()["combatants"] if c["name"] == "Troll")
        return found

    shown = cli("play", "new", game, "rune", "combat", "--combatants", f"@{setup}")
    assert "Round 1 · initiative" in shown and "Ragnar (heroes, hero) · HP 77/77" in shown
    assert "Thurid (heroes, hero) · HP 88/88" in shown
    # Round 1: Ragnar 6 + INIT 9 = 15, Thurid 4 + 9 = 13, the troll 3 + 6 = 9.
    do("initiative", "--who", "Ragnar", "--manual", "6")
    refused("initiative", "--who", "Ragnar", "--manual", "6")
    do("initiative", "--who", "Thurid", "--manual", "4")
    out = do("initiative", "--who", "Troll", "--manual", "3")
    assert "order: Ragnar 15, Thurid 13, Troll 9" in out
    refused("attack", "--who", "Troll", "--target", "Ragnar", "--manual", "5,5")
    refused("attack", "--who", "Ragnar", "--target", "Thurid", "--manual", "5,5")
    refused("attack", "--who", "Ragnar", "--target", "Troll", "--manual", "5")
    # Ragnar's axe: 11 (a triumph, 10 + 1) + ATK 9 = 20 against 2 + DFN 4 - 2 (two foes on him) = 4: TM 16,
    # 16 + DAM 12 - Soak 4 = 24 HP: two Wounds at WT 12.
    do("attack", "--who", "Ragnar", "--target", "Troll", "--manual", "10,1,2")
    assert (troll()["hp"], troll()["wounds"], troll()["impairment"]) == (36, 2, 2)
    # Thurid's hand axe: 5 + 6 = 11 against 3 + 4 - 2 - 2 (Impairment) = 3: TM 8, 8 + 8 - 4 = 12 HP, a Wound.
    do("attack", "--who", "Thurid", "--target", "Troll", "--manual", "5,3")
    assert (troll()["hp"], troll()["wounds"]) == (24, 3)
    refused("attack", "--who", "Troll", "--target", "Thurid", "--berserk", "true", "--manual", "4,6")
    out = do("attack", "--who", "Troll", "--target", "Thurid", "--manual", "4,6")
    assert "ATK 6 vs DFN 17, miss" in out  # 4 + 5 - 3 = 6 against 6 + DFN 11 = 17
    refused("attack", "--who", "Troll", "--target", "Thurid", "--manual", "4,6")
    assert "Round 1 ends: round 2 begins" in do("end_round")
    # Round 2: the troll's 3 + 6 - 3 (Impairment) = 6.
    refused("attack", "--who", "Ragnar", "--target", "Troll", "--manual", "5,2")
    for who, face in (("Ragnar", "6"), ("Thurid", "4"), ("Troll", "3")):
        do("initiative", "--who", who, "--manual", face)
    assert state()["order"] == [
        {"who": "Ragnar", "step": 15},
        {"who": "Thurid", "step": 13},
        {"who": "Troll", "step": 6},
    ]
    # 5 + 9 = 14 against 2 + 4 - 2 - 3 = 1: TM 13, 13 + 12 - 4 = 21 HP, a fourth Wound with 3 HP left.
    out = do("attack", "--who", "Ragnar", "--target", "Troll", "--manual", "5,2")
    assert "Troll (foes, supporting) · HP 3/60 · Wounds 4 · Impairment 4 · incapacitated" in out
    assert state()["order"] == [{"who": "Thurid", "step": 13}]  # the troll's action is gone
    refused("pass", "--who", "Troll")
    refused("end_round")
    do("pass", "--who", "Thurid")
    out = do("end_round")
    assert "Round 2 ends: the fight is over: the heroes hold the field" in out and "over: heroes hold the field" in out
    refused("initiative", "--who", "Ragnar", "--manual", "5")
    final = state()
    assert final["phase"] == "over" and troll()["health"] == "incapacitated"
    log = cli("play", "log", game)
    assert sum(" attacks " in line for line in log.splitlines() if line[:1].isdigit()) == 4
    assert "13. Round 2 ends: the fight is over" in log
    events = json.loads(cli("play", "log", game, "--json"))
    first_attack = next(e for e in events if e["action"] == "attack")
    assert len(events) == 13 and first_attack["tape"] == [[10, 10], [10, 1], [10, 2]]


def test_undo_and_a_bad_setup_from_the_cli(cli: Cli, tmp_path: Path) -> None:
    setup, game = tmp_path / "fight.json", str(tmp_path / "game.json")
    setup.write_text(json.dumps(FIGHT), encoding="utf-8")
    cli("play", "new", game, "rune", "combat", "--combatants", f"@{setup}")
    cli("play", "do", game, "initiative", "--who", "Ragnar", "--seed", "7")
    assert "to roll initiative: Ragnar, Thurid, Troll" in cli("play", "undo", game)
    for who in ("Ragnar", "Thurid", "Troll"):
        cli("play", "do", game, "initiative", "--who", who, "--manual", "5")
    moved = cli("play", "do", game, "move", "--who", "Thurid", "--to", "-1,3", "--kind", "half")
    assert "1.41 paces" in moved and "at (-1, 3)" in moved
    assert "at (0, 2)" in cli("play", "undo", game)
    one_side = tmp_path / "alone.json"
    one_side.write_text(json.dumps(FIGHT[:2]), encoding="utf-8")
    assert "two sides" in cli(
        "play", "new", str(tmp_path / "no.json"), "rune", "combat", "--combatants", f"@{one_side}", code=2
    )
    assert not (tmp_path / "no.json").exists()
    listing = cli("play", "actions", "rune", "combat")
    assert "[attack]: " in listing and "[who]" in listing and "[target]" in listing and "[revive]" in listing
