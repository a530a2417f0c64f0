"""Rune's encounter run as a Tracker (spec 001b §3, §6; 001c §11): the runner starts it with the heroes at the
table, gives his notes (sealed: only he sees them), begins, stages the notes' fights and runs them move by
move, confirms his judgment calls, settles the victory points and shows his notes.

The runner is the tracker's owner; each player is handed his hero, and the proxy the runner's. What anyone but
the runner sees of the state (the view, the board) leaves the notes out until he discloses them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from runehall.errors import ParameterError
from runehall.present.board import BoardView, Seat
from runehall.present.lineup import NEXT, OWN, Entry, Lineup, LineupSetup
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.rune.encounters import run_board, run_gifts, run_items
from runehall.systems.rune.encounters.ambush_play import AmbushRecoveryAction
from runehall.systems.rune.encounters.design import MAX_HEROES
from runehall.systems.rune.encounters.hazard_play import HazardRoundAction
from runehall.systems.rune.encounters.lost_play import MapRollAction
from runehall.systems.rune.encounters.repeat_play import RepeatShotAction, StopRepeatsAction
from runehall.systems.rune.encounters.run_actions import (
    AwardAction,
    BeginAction,
    DiedAction,
    DiscloseAction,
    HostageAction,
    NotesAction,
    TerrainAction,
)
from runehall.systems.rune.encounters.run_dangers import (
    RunAwayAction,
    StruckAction,
    TrapCreditAction,
    WanderingAction,
)
from runehall.systems.rune.encounters.run_fight import IN_FIGHT, FightAction
from runehall.systems.rune.encounters.run_gains import GiveGainAction
from runehall.systems.rune.encounters.run_haul import HaulHomeAction
from runehall.systems.rune.encounters.run_haven import HavenHealAction
from runehall.systems.rune.encounters.run_items import UseItemAction
from runehall.systems.rune.encounters.run_progress import NextEventAction
from runehall.systems.rune.encounters.run_retry import SecondAttemptAction
from runehall.systems.rune.encounters.run_rolls import NotedRollAction
from runehall.systems.rune.encounters.run_settle import SettleAction
from runehall.systems.rune.encounters.run_shrine import ShrineBuyAction, insurance_changes
from runehall.systems.rune.encounters.run_state import MAX_NAME, RunSetup, RunState
from runehall.systems.rune.encounters.run_targets import SarkAmenTradeAction
from runehall.systems.rune.encounters.run_trap_rounds import TrapRoundAction
from runehall.systems.rune.encounters.run_traps import SpringTrapAction
from runehall.systems.rune.encounters.tally import Seat as TallySeat
from runehall.systems.rune.encounters.tally import Tally
from runehall.systems.rune.treasure.legendary_vp import cloak_levels
from runehall.systems.tracker import Tracker, TrackerAction


def _total(hero: Any) -> int:
    if hero.total_vp is not None:
        return int(hero.total_vp)
    value = hero.sheet.get("vp_total", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


class LineupExtras(RulesModel):
    """The setup screen's own fields: the runner and his proxy are picked among the heroes ticked in (the
    runner's own hero by default, the proxy the one after it)."""

    title: str = RunSetup.model_fields["title"]  # type: ignore[assignment]
    runner: str = Field(
        min_length=1, max_length=MAX_NAME, title=N_("Runner"), description="The runner's own hero.",
        json_schema_extra={"x-lineup": OWN},
    )  # fmt: skip
    proxy: str = Field(
        min_length=1, max_length=MAX_NAME, title=N_("Proxy"), description="The hero whose player plays the runner's.",
        json_schema_extra={"x-lineup": NEXT},
    )  # fmt: skip
    session: int = Field(
        1, ge=1, le=1000, title=N_("Session"), description="Which session of the campaign it is played in."
    )


class NoNumbers(RulesModel):
    """An encounter's foes come from its notes: a row of the setup is always a hero."""


class EncounterTracker(Tracker[RunState]):
    name: ClassVar[str] = "encounter"
    title: ClassVar[str] = N_("Encounter: the runner's notes, the fights and the victory points")
    Setup: ClassVar[type[RulesModel]] = RunSetup

    def start(self, setup: Any, options: Any) -> RunState:
        seats = tuple(TallySeat(h.name, h.name, h.name, _total(h), cloak_levels(h.sheet)) for h in setup.heroes)
        tally = Tally(runner=setup.runner, proxy=setup.proxy, seats=seats, slothful=frozenset(setup.slothful))
        hauls = run_items.hauls_from_sheets(setup)  # carried from the adventure's earlier encounters
        return RunState(setup=setup, tally=tally, hauls=hauls, magic=run_items.from_sheets(setup))

    def actions(self) -> Mapping[str, TrackerAction[RunState]]:
        return ACTIONS

    def combatants(self, state: RunState) -> dict[str, str]:
        """The heroes: each player is handed his own (the proxy, the runner's too)."""
        return {h.name: h.name for h in state.setup.heroes}

    def sheet_changes(self, state: RunState, event: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """Settling credits each hero's victory points to his sheet at the table (his total, what he spent,
        what he owes) and writes his magic items with their states and his haul (carried to the adventure's next
        encounter); so does the end of the adventure, crediting each hero's haul and taking it off his sheet."""
        if event.get("action") not in ("settle", "haul_home") or not isinstance(event.get("result"), Mapping):
            return {}
        scores = event["result"].get("scores") or event["result"].get("heroes", {})  # a haul home: its accounts
        found: dict[str, dict[str, Any]] = {}
        for hero in state.setup.heroes:
            accounts = scores.get(hero.name, {}).get("accounts")
            if hero.character and isinstance(accounts, Mapping):
                found[hero.character] = {
                    k: accounts[k] for k in ("vp_total", "vp_spent", "vp_deficit") if k in accounts
                }
                if event.get("action") == "settle":  # the gifts he bought in the run's fights (run_gifts.py)
                    found[hero.character].update(run_gifts.gift_changes(state, hero.name, hero.sheet))
                    found[hero.character].update(insurance_changes(state, hero.name))  # taken at a shrine
            carried = run_items.sheet_carried(state, hero, event["action"] == "haul_home")
            if hero.character and carried:  # his magic items as used and won, his haul carried on (or gone home)
                found.setdefault(hero.character, {}).update(carried)
        return found

    def bind_characters(self, setup: dict[str, Any], sheets: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        """A hero who is a character of the table plays from the table's sheet and his VP come from it (settling
        writes to it): a sheet or total_vp typed beside his character's id would rewrite that character's VP."""
        heroes = setup.get("heroes")
        if not isinstance(heroes, list | tuple):
            return setup
        bound: list[Any] = []
        named: set[str] = set()
        for hero in heroes:
            character = hero.get("character") if isinstance(hero, Mapping) else None
            if character is None:
                bound.append(hero)
                continue
            if not isinstance(character, str) or character not in sheets:
                raise ParameterError(N_("no character {character!r} at this table"), character=str(character)[:40])
            if character in named:
                raise ParameterError(N_("the character {character!r} is named for two heroes"), character=character)
            if hero.get("total_vp") is not None:
                raise ParameterError(
                    N_("{hero} is a character of the table: his VP come from his sheet, not given beside it"),
                    hero=str(hero.get("name", ""))[:MAX_NAME],
                )
            named.add(character)
            bound.append({**hero, "sheet": dict(sheets[character])})
        return {**setup, "heroes": bound}

    def view(self, state: RunState) -> dict[str, Any]:
        """What everyone sees: never the notes until the runner shows them."""
        return run_board.public_view(state)

    def render(self, state: RunState) -> str:
        return run_board.text(state)

    def board(self, state: RunState, words: Words, seat: Seat, options: Any = None) -> BoardView:
        return run_board.board(state, words, seat, ACTIONS, options)

    # Set up from the table's characters: every row a hero, the runner and his proxy named among them.
    def lineup(self, words: Words, options: Any = None) -> Lineup:
        sides = (("heroes", words(N_("Heroes"))),)
        return Lineup(
            foes=(), Numbers=NoNumbers, sides=sides, most=MAX_HEROES, Extras=LineupExtras, everyone=True,
            ticked=words(N_("In the encounter")), go=words(N_("Start the encounter")),
            played_with=("runner", "proxy"),  # the runner's hero is played by his proxy's player (001b §3)
        )  # fmt: skip

    def lineup_setup(self, entries: Sequence[Entry], extras: Mapping[str, Any], options: Any = None) -> LineupSetup:
        more = validate_model(LineupExtras, extras, "extras")
        heroes = [{"name": e.name, "sheet": dict(e.sheet or {}), "character": e.character} for e in entries]
        setup = {
            "title": more.title,
            "heroes": heroes,
            "runner": more.runner,
            "proxy": more.proxy,
            "session": more.session,
        }
        validate_model(RunSetup, setup, "setup")
        return LineupSetup(setup, tuple((e.name,) for e in entries))


ACTIONS: dict[str, TrackerAction[RunState]] = {
    a.name: a
    for a in (
        NotesAction(),
        BeginAction(),
        FightAction(),
        NotedRollAction(),
        SpringTrapAction(),
        TrapRoundAction(),
        HazardRoundAction(),
        MapRollAction(),
        AmbushRecoveryAction(),
        RepeatShotAction(),
        StopRepeatsAction(),
        TerrainAction(),
        TrapCreditAction(),
        WanderingAction(),
        RunAwayAction(),
        AwardAction(),
        HostageAction(),
        StruckAction(),
        SarkAmenTradeAction(),
        DiedAction(),
        NextEventAction(),
        GiveGainAction(),
        UseItemAction(),
        SecondAttemptAction(),
        ShrineBuyAction(),
        HavenHealAction(),
        SettleAction(),
        HaulHomeAction(),
        DiscloseAction(),
    )
} | IN_FIGHT
