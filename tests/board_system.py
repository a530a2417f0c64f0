"""A small system for the board's tests only (tests/test_board_web.py, test_browser_board.py, the CLI's): a
skirmish on a map with every kind of move a board offers: one click (the next turn), a target (attack), a
target and a question (aim), a place on the map (move), and a sealed choice (a plan only its author sees)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import ParameterError, RulesError
from runehall.present.board import Area, Badge, BoardView, CombatantCard, Gauge, MapView, Move, Ring, Seat, Stat
from runehall.present.card import Card
from runehall.present.lineup import Entry, FoeKind, Lineup, LineupSetup
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import Words
from runehall.systems.base import CharacterModel, GameSystem, Mechanic, RulesModel, SystemMeta
from runehall.systems.tracker import SEALED, Tracker, TrackerAction

SECRET_PLAN = "Xyzzy flank by the river"


class Fighter(RulesModel):
    id: str
    name: str
    side: Literal["heroes", "foes"]
    hp: int
    max_hp: int
    wounds: int = 0
    x: float = 0
    y: float = 0
    placed: bool = True  # on the map
    stunned: bool = False
    plan: str = ""  # sealed: its author's secret


class Skirmish(RulesModel):
    combatants: tuple[Fighter, ...]
    turn: int = 0


class SkirmishSetup(RulesModel):
    combatants: tuple[Fighter, ...] = ()
    depth: int = 1


def _fighter(state: Skirmish, key: str) -> Fighter:
    for f in state.combatants:
        if f.id == key:
            return f
    raise RulesError(f"nobody called {key!r} is in the skirmish")


def _replace(state: Skirmish, new: Fighter) -> Skirmish:
    return state.model_copy(update={"combatants": tuple(new if f.id == new.id else f for f in state.combatants)})


def _active(state: Skirmish) -> Fighter:
    standing = [f for f in state.combatants if f.hp > 0]
    return standing[state.turn % len(standing)]


def _acting(state: Skirmish, key: str) -> Fighter:
    actor = _fighter(state, key)
    if actor.id != _active(state).id:
        raise RulesError(f"it is not {actor.name}'s turn")
    return actor


class NoParams(RulesModel):
    pass


class NextTurn(TrackerAction[Skirmish]):
    name: ClassVar[str] = "next_turn"
    title: ClassVar[str] = "Next turn"
    summary: ClassVar[str] = "The next fighter acts."
    Params: ClassVar[type[RulesModel]] = NoParams

    def apply(self, state: Skirmish, params: Any, options: Any, source: Source) -> tuple[Skirmish, dict[str, Any]]:
        return state.model_copy(update={"turn": state.turn + 1}), {}


class AttackParams(RulesModel):
    actor: str
    target: str
    weapon: Literal["sword", "bow"] = "sword"


class Attack(TrackerAction[Skirmish]):
    name: ClassVar[str] = "attack"
    title: ClassVar[str] = "Attack"
    summary: ClassVar[str] = "Strike a foe for 3 points."
    Params: ClassVar[type[RulesModel]] = AttackParams
    actor_param: ClassVar[str | None] = "actor"

    def apply(self, state: Skirmish, params: Any, options: Any, source: Source) -> tuple[Skirmish, dict[str, Any]]:
        actor, target = _acting(state, params.actor), _fighter(state, params.target)
        if target.side == actor.side:
            raise RulesError(f"{target.name} fights on your side")
        if target.hp <= 0:
            raise RulesError(f"{target.name} is already out of the fight")
        hit = target.model_copy(update={"hp": max(0, target.hp - 3), "wounds": min(4, target.wounds + 1)})
        return _replace(state, hit), {"actor": actor.id, "target": target.id, "damage": 3}

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        names = event.get("names") or {}
        params = event.get("params") or {}
        actor = names.get(params.get("actor"), "someone")
        target = names.get(params.get("target"), "someone")
        return Card(action=f"{actor} attacks {target}", result="3 damage")


class AimParams(RulesModel):
    actor: str
    target: str
    care: int = Field(1, ge=1, le=3, description="How long to aim, in breaths.")


class Aim(TrackerAction[Skirmish]):
    name: ClassVar[str] = "aim"
    title: ClassVar[str] = "Aim"
    summary: ClassVar[str] = "Take aim at a foe."
    Params: ClassVar[type[RulesModel]] = AimParams
    actor_param: ClassVar[str | None] = "actor"

    def apply(self, state: Skirmish, params: Any, options: Any, source: Source) -> tuple[Skirmish, dict[str, Any]]:
        _acting(state, params.actor)
        target = _fighter(state, params.target)
        return state, {"target": target.id, "care": params.care}


class MoveParams(RulesModel):
    actor: str
    to: tuple[float, float]


class Stride(TrackerAction[Skirmish]):
    name: ClassVar[str] = "move"
    title: ClassVar[str] = "Move"
    summary: ClassVar[str] = "Walk up to 6 paces."
    Params: ClassVar[type[RulesModel]] = MoveParams
    actor_param: ClassVar[str | None] = "actor"

    def apply(self, state: Skirmish, params: Any, options: Any, source: Source) -> tuple[Skirmish, dict[str, Any]]:
        actor = _acting(state, params.actor)
        x, y = params.to
        if ((x - actor.x) ** 2 + (y - actor.y) ** 2) ** 0.5 > 6:
            raise RulesError(f"{actor.name} walks at most 6 paces")
        return _replace(state, actor.model_copy(update={"x": x, "y": y})), {"to": [x, y]}


class PlanParams(RulesModel):
    actor: str
    plan: str = Field(max_length=60, description="What you mean to do, in secret.")


class Plan(TrackerAction[Skirmish]):
    name: ClassVar[str] = "plan"
    title: ClassVar[str] = "Plan in secret"
    summary: ClassVar[str] = "Choose a plan only you see."
    Params: ClassVar[type[RulesModel]] = PlanParams
    actor_param: ClassVar[str | None] = "actor"

    def apply(self, state: Skirmish, params: Any, options: Any, source: Source) -> tuple[Skirmish, dict[str, Any]]:
        actor = _fighter(state, params.actor)
        return _replace(state, actor.model_copy(update={"plan": params.plan})), {SEALED: "a plan", "plan": params.plan}


ACTIONS: dict[str, TrackerAction[Skirmish]] = {a.name: a for a in (NextTurn(), Attack(), Aim(), Stride(), Plan())}
MAP = MapView(
    width=20,
    height=12,
    unit="paces",
    grid=2,
    areas=(
        Area("slippery", "Ice", ((1, 1), (6, 1), (6, 4), (1, 4))),
        Area("cover", "Bushes", ((12, 6), (16, 6), (16, 10), (12, 10))),
        Area("cover", "Bushes", ((2, 8), (4, 8), (4, 11))),
    ),
)


class Hero(CharacterModel):
    name: str = Field(min_length=1, max_length=40)
    hp: int = Field(10, ge=1, le=40)


class BanditNumbers(RulesModel):
    """A foe row of the skirmish's lineup: its rank works out its health; how many join."""

    rank: int = Field(1, ge=1, le=4, title="Rank", json_schema_extra={"x-derives": True})
    count: int = Field(1, ge=1, le=4, title="How many")
    hp: int = Field(6, ge=1, le=40, title="Health")
    armed: Literal["club", "spear"] = Field("club", title="Weapon")


class FordExtras(RulesModel):
    depth: int = Field(1, ge=0, le=5, title="Water depth")


FOE_KINDS = (FoeKind("bandit", "Bandit", "Outlaws", "Rank 1-4"), FoeKind("wolf", "Wolf", "Beasts", "Rank 1-4"))


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum()) or "x"


class SkirmishTracker(Tracker[Skirmish]):
    name: ClassVar[str] = "skirmish"
    title: ClassVar[str] = "Skirmish"
    Setup: ClassVar[type[RulesModel]] = SkirmishSetup

    def start(self, setup: Any, options: Any) -> Skirmish:
        return Skirmish(combatants=setup.combatants or FIGHTERS)

    def actions(self) -> Mapping[str, TrackerAction[Skirmish]]:
        return ACTIONS

    def lineup(self, words: Words, options: Any = None) -> Lineup | None:
        sides = (("heroes", "Heroes"), ("foes", "Foes"))
        return Lineup(FOE_KINDS, BanditNumbers, sides, most=12, places=True, unit="paces", Extras=FordExtras)

    def foe_numbers(self, kind: str, given: Mapping[str, Any], sheets: Any, options: Any = None) -> dict[str, Any]:
        if kind not in {k.id for k in FOE_KINDS}:
            raise ParameterError("no such foe")
        rank = int(given.get("rank", 1))
        base = {"rank": rank, "count": 1, "hp": 4 + 2 * rank + len(sheets), "armed": "club"}
        return {**base, **given}

    def lineup_setup(self, entries: Any, extras: Mapping[str, Any], options: Any = None) -> LineupSetup:
        fighters: list[Fighter] = []
        keys: list[tuple[str, ...]] = []
        for entry in entries:
            assert isinstance(entry, Entry)
            x, y = entry.at or (0, 0)
            if entry.sheet is not None:
                hp = int(entry.sheet.get("hp", 10))
                made = [Fighter(id=_key(entry.name), name=entry.name, side="heroes", hp=hp, max_hp=hp, x=x, y=y)]
            else:
                n, hp = int(entry.numbers["count"]), int(entry.numbers["hp"])
                names = [entry.name] if n == 1 else [f"{entry.name} {i + 1}" for i in range(n)]
                made = [
                    Fighter(id=_key(name), name=name, side="foes", hp=hp, max_hp=hp, x=x + 2 * i, y=y)
                    for i, name in enumerate(names)
                ]
            fighters += made
            keys.append(tuple(f.id for f in made))
        if len({f.side for f in fighters}) < 2:
            raise ParameterError("a fight needs at least two sides")
        setup = {"combatants": [f.model_dump(mode="json") for f in fighters], "depth": extras.get("depth", 1)}
        return LineupSetup(setup, tuple(keys))

    def render(self, state: Skirmish) -> str:
        return "; ".join(f"{f.name} {f.hp}" for f in state.combatants)

    def board(self, state: Skirmish, words: Words, seat: Seat) -> BoardView:
        active = _active(state)
        cards = []
        for f in state.combatants:
            badges = [Badge("Stunned", "bad", "Loses the next action")] if f.stunned else []
            if f.plan:
                badges.append(Badge("chosen", "muted"))
            cards.append(
                CombatantCard(
                    key=f.id,
                    name=f.name,
                    side="Heroes" if f.side == "heroes" else "Foes",
                    side_key=f.side,
                    gauges=(
                        Gauge("Health", f.hp, f.max_hp, tone="bad" if f.hp * 2 < f.max_hp else "good"),
                        Gauge("Wounds", f.wounds, 4, boxes=True),
                    ),
                    badges=tuple(badges),
                    stats=(Stat("Attack", "12"),),
                    active=f.id == active.id,
                    out=f.hp <= 0,
                    at=(f.x, f.y) if f.placed else None,
                )
            )
        moves: list[Move] = []
        if seat.runs:
            moves.append(Move("next_turn", "Next turn"))
        if seat.runs or active.id in seat.controls:
            foes = tuple(f.id for f in state.combatants if f.side != active.side and f.hp > 0)
            mine = {"actor": active.id}
            moves += [
                Move(
                    "attack",
                    "Attack",
                    {**mine, "weapon": "sword"},
                    target="target",
                    targets=foes,
                    actor=active.id,
                    rings=(Ring(3, "Reach: 3 paces"),),
                ),
                Move("aim", "Aim", {**mine, "care": 2}, ask=("care",), target="target", targets=foes, actor=active.id),
                Move("move", "Move", mine, target="to", actor=active.id, hint="Click the map: at most 6 paces"),
                Move("plan", "Plan in secret", mine, ask=("plan",), actor=active.id),
                Move("plan", "Plan nothing", {**mine, "plan": "-"}, actor=active.id, quiet=True),
            ]
        return BoardView(
            title="Skirmish by the ford",
            phase=f"Turn {state.turn + 1}",
            order_title="Order",
            order=tuple(f.id for f in state.combatants if f.hp > 0),
            combatants=tuple(cards),
            notes=(f"Waiting for {active.name}",),
            moves=tuple(moves),
            map=MAP,
            sections=(SheetSection("The ford", (SheetRow("Water", "knee deep"),)),),
        )


FIGHTERS = (
    Fighter(id="ann", name="Ann", side="heroes", hp=10, max_hp=10, x=2, y=3),
    Fighter(id="bob", name="Bob", side="foes", hp=8, max_hp=8, x=14, y=8, stunned=True),
    Fighter(id="cid", name="Cid", side="foes", hp=0, max_hp=6, wounds=4, x=18, y=2),
    Fighter(id="dag", name="Dag", side="heroes", hp=9, max_hp=9, placed=False),
)


class BoardSystem(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="boardtest", name="Board test game", language="en", source="tests", summary="A skirmish.", gm_title="judge"
    )
    Options: ClassVar[type[RulesModel]] = RulesModel
    Character: ClassVar[type[CharacterModel] | None] = Hero

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {}

    def trackers(self) -> Mapping[str, Tracker[Any]]:
        return {"skirmish": SkirmishTracker()}
