"""'The Stolen Rune' played end to end from the command line (rules doc §37.5): four heroes play the seven shipped
encounters in order, each opened by name (`notes --encounter the-stolen-rune:N`) and run by the next player in
turn, the proxy another player; traps sprung, treasure given and rolled, fights fought and ended by the runner,
a gift bought with VP and used in a fight, each encounter settled, the heroes' VP carried from one encounter to
the next (`rune session --heroes-out`), and the hauls brought home at the adventure's end. A refused move exits 2
and leaves the play file byte for byte as it was."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli
from rune_encounter_fixtures import HEROES, heroes
from runehall.cli.app import app
from runehall.play.log import PlayLog
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.board_order import turn
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.trap_play_state import TrapPlay
from runehall.systems.rune.options import RuneOptions

START_VP = 200  # each hero's VP before the adventure: enough for a gift
# Each encounter: (traps sprung before its fights, the events whose fights are fought, gains given after them)
PLAN: dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    1: (("fright",), ("goblins",), ("necklace", "packs_a")),
    2: ((), ("crabs",), ()),
    3: (("drum_damage",), ("river",), ("corpse_silver", "corpse_goods_a")),
    4: (("chasm",), ("temple",), ("teleporter_silver",)),
    5: (("drop:Thurid",), ("cavern",), ("goo_treasure_a",)),  # trap:rollers when some make its roll
    6: (("skull_orchard",), ("longship",), ()),
    7: (("crushing_door:Bjorn",), ("shaking_room", "workshop"), ("pocket_change", "wreck_c")),
}
BUYER, GIFT, HELPED = "Sigrid", "The Eight-Legged Horse", "Ragnar"  # bought and used in encounter 2's fight
GIFT_ID, GIFT_VP = "the_eight_legged_horse", 100
DRAWN = ("spring_trap", "initiative", "attack", "give_gain")


def _state(game: Path) -> RunState:
    state = PlayLog.from_json(json.loads(game.read_text(encoding="utf-8"))).state()
    assert isinstance(state, RunState)
    return state


def _event_index(state: RunState, event: str) -> int:
    assert state.notes is not None
    return next(i for i, e in enumerate(state.notes.events) if e.id == event)


def _reach(cli: Cli, game: Path, event: str) -> None:
    """Move the heroes on to the event (no further)."""
    while _state(game).at_event < _event_index(_state(game), event):
        cli("play", "do", str(game), "next_event")


def _event_of(state: RunState, element: str) -> str:
    assert state.notes is not None
    element = element.partition(":")[0]
    return next(e.id for e in state.notes.events if any(x.id == element for x in e.elements))


def _in_combat(state: RunState, trap: str) -> bool:
    assert state.notes is not None
    trap = trap.partition(":")[0]
    return next(x.in_combat for e in state.notes.events for x in e.elements if x.id == trap)


def _spring(cli: Cli, game: Path, trap: str, seed: int) -> None:
    trap, _, rollers = trap.partition(":")
    chosen = ("--rollers", rollers) if rollers else ()
    cli("play", "do", str(game), "spring_trap", "--trap", trap, *chosen, "--seed", str(seed))
    assert _state(game).traps != TrapPlay() or _state(game).fight is not None  # what it left is kept


def _fight(cli: Cli, game: Path, event: str, seed: int, gift: bool, traps: tuple[str, ...]) -> None:
    """A fight begun, initiative rolled, its traps sprung, a few blows struck (and the gift bought and used), then
    ended by the runner."""
    _reach(cli, game, event)
    cli("play", "do", str(game), "fight", "--event", event)
    fight = _state(game).fight
    assert fight is not None
    for c in fight.combatants:
        cli("play", "do", str(game), "initiative", "--who", c.name, "--seed", str(seed))
    if _state(game).fight.phase == "tiebreak":  # type: ignore[union-attr]
        cli("play", "do", str(game), "tiebreak", "--seed", str(seed))
    for trap in traps:
        _spring(cli, game, trap, seed)
    if gift:
        before = _state(game).tally.seats
        cli("play", "do", str(game), "buy_gift", "--who", BUYER, "--gift", GIFT)
        assert _state(game).tally.seats == before  # buying spends the hero's free VP, not the table's score
        cli("play", "do", str(game), "use_gift", "--who", BUYER, "--gift", GIFT, "--target", HELPED)
    for blow in range(4):
        state = _state(game)
        assert state.fight is not None
        now = turn(Board(state.fight, RuneOptions()))
        if now is None:
            break
        who = now[0]
        side = next(c.side for c in state.fight.combatants if c.name == who)
        targets = [c.name for c in state.fight.combatants if c.side != side and c.hp > 0]
        struck = cli.runner.invoke(app, ["play", "do", str(game), "attack", "--who", who, "--target", targets[0],
                                         "--approach", "yes", "--seed", str(seed * 10 + blow)])  # fmt: skip
        assert struck.exit_code in (0, 2) and "Traceback" not in struck.output
        if struck.exit_code == 2:  # out of reach even after closing in: he passes
            cli("play", "do", str(game), "pass", "--who", who)
    cli("play", "do", str(game), "end_combat")
    assert _state(game).fight is None


def _dice_stored(game: Path) -> None:
    """Every move that rolls keeps its dice on the event's tape; a trap's roll shows dice from that tape."""
    events = json.loads(game.read_text(encoding="utf-8"))["events"]
    for event in (e for e in events if e["action"] in DRAWN and e["action"] != "give_gain"):
        assert event["tape"], event["action"]
    for event in (e for e in events if e["action"] == "spring_trap"):
        faces = {f for pair in event["tape"] for f in pair[1:]}
        rolled = {f for dice in (event["result"].get("roll") or {}).get("dice", {}).values() for f in dice}
        assert rolled <= faces
    treasures = [e for e in events if e["action"] == "give_gain" and e["result"].get("kind") == "treasure"]
    assert all(e["tape"] for e in treasures)


def _refused_unchanged(cli: Cli, game: Path, *move: str) -> str:
    before = game.read_bytes()
    said = cli("play", "do", str(game), *move, code=2)
    assert game.read_bytes() == before
    return said


def test_the_stolen_rune_played_from_the_command_line(cli: Cli, tmp_path: Path) -> None:
    party = tmp_path / "heroes.json"
    given = heroes()
    for hero in given:
        hero["sheet"]["vp_total"] = START_VP
    party.write_text(json.dumps(given), encoding="utf-8")
    games: list[Path] = []
    runners: list[str] = []
    gained: dict[str, int] = {}
    for number in range(1, 8):
        runner = HEROES[(number - 1) % 4]
        proxy = HEROES[number % 4]
        runners.append(runner)
        game = tmp_path / f"encounter{number}.json"
        games.append(game)
        cli("play", "new", str(game), "rune", "encounter", "--title", f"The Stolen Rune {number}",
            "--heroes", f"@{party}", "--runner", runner, "--proxy", proxy)  # fmt: skip
        assert "the adventure 'the-stolen-rune' has encounters 1 to 7" in _refused_unchanged(
            cli, game, "notes", "--encounter", "the-stolen-rune:8"
        )
        opened = cli("play", "do", str(game), "notes", "--encounter", f"the-stolen-rune:{number}")
        state = _state(game)
        assert state.notes is not None and f"the-stolen-rune:{number}".endswith(str(number))
        assert state.notes.role == ("set_up", "cushion", "cushion", "development", "cushion", "cushion",
                                    "climax")[number - 1]  # fmt: skip
        assert "spent" in opened
        cli("play", "do", str(game), "begin")
        traps, fights, gains = PLAN[number]
        for trap in (t for t in traps if not _in_combat(_state(game), t)):
            _reach(cli, game, _event_of(_state(game), trap))
            _spring(cli, game, trap, number)
        for event in fights:
            fought = tuple(t for t in traps if _in_combat(_state(game), t) and _event_of(_state(game), t) == event)
            _fight(cli, game, event, number, gift=(number == 2), traps=fought)
        for i, gain in enumerate(gains):
            taker = [h for h in HEROES if h != runner][i % 3]
            cli("play", "do", str(game), "give_gain", "--gain", gain, "--hero", taker, "--seed", str(number))
            assert taker in _state(game).given[gain]
        if gains:  # a gain goes once: the second time it is refused and the file is unchanged
            _refused_unchanged(cli, game, "give_gain", "--gain", gains[0], "--hero", runner)
        settled = json.loads(cli("play", "do", str(game), "settle", "--json"))["event"]["result"]
        assert settled["scores"][runner]["runner"]
        if number == 7:  # the adventure's end: each haul's VP home, less liar's silver
            home = json.loads(cli("play", "do", str(game), "haul_home", "--json"))["event"]["result"]["heroes"]
            assert all(h["credited"] == max(0, h["vp"] - h["liars"]) - h["paid_to_deficit"] for h in home.values())
            assert sum(h["credited"] for h in home.values()) > 0  # the silver given in this encounter went home
        _dice_stored(game)
        _refused_unchanged(cli, game, "begin")  # settled: nothing more
        cli("rune", "session", *map(str, games), "--heroes-out", str(party))
        board = json.loads(cli("rune", "session", *map(str, games), "--json"))
        sheets = {h["name"]: h["sheet"] for h in json.loads(party.read_text(encoding="utf-8"))}
        assert {n: s["vp_total"] for n, s in sheets.items()} == {n: START_VP + board["gains"][n] for n in HEROES}
        if number < 7:  # this encounter's settled scores are what the session added
            assert {n: board["gains"][n] - gained.get(n, 0) for n in HEROES} == {
                n: settled["scores"][n]["score"] for n in HEROES
            }
        gained = board["gains"]
        if number >= 2:  # the gift bought in encounter 2 stays on the buyer's sheet, its price spent
            assert sheets[BUYER]["gifts"] == {GIFT_ID: 1} and sheets[BUYER]["vp_spent"] == GIFT_VP
    assert runners == [*HEROES, *HEROES[:3]]
    assert board["winners"] == sorted(n for n, g in gained.items() if g == max(gained.values()))
