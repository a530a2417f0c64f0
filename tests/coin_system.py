"""A tiny system used only by the tests, to prove the CLI and contract work for any system."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar

from pydantic import Field, field_validator

from runehall.chance.chance import Chance
from runehall.chance.dice import CountPool
from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.systems.base import CharacterModel, GameSystem, Mechanic, RulesModel, SystemMeta
from runehall.systems.tracker import Tracker, TrackerAction


class CoinOptions(RulesModel):
    edge_counts_as: str = Field("tails", description="What a coin on its edge counts as.")


class FlipParams(RulesModel):
    coins: int = Field(ge=1, le=10, description="How many coins to flip.")
    need: int = Field(1, ge=0, description="Heads needed to win.")


class Flip(Mechanic[FlipParams, tuple[int, int], tuple[int, bool]]):
    name: ClassVar[str] = "flip"
    title: ClassVar[str] = "Flip coins"
    summary: ClassVar[str] = "Flip coins and count heads."
    Params: ClassVar[type[RulesModel]] = FlipParams

    def chance(self, params: FlipParams, options: RulesModel) -> Chance[Any, tuple[int, int]]:
        return CountPool(2, params.coins, ("tails", "heads"), lambda face: face - 1)

    def resolve(self, params: FlipParams, options: RulesModel, key: tuple[int, int]) -> tuple[int, bool]:
        return key[1], key[1] >= params.need

    def views(self) -> dict[str, Callable[[tuple[int, bool]], Hashable]]:
        return {"win": lambda o: o[1]}

    def render(self, stored: Mapping[str, Any]) -> str:
        heads, won = stored["outcome"]
        return f"{heads} heads: {'win' if won else 'loss'}"


class Flipper(CharacterModel):
    luck: int = Field(ge=1, le=5)

    @field_validator("name")
    @classmethod
    def _named(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("a character needs a name")
        return value

    def derived(self) -> dict[str, Any]:
        return {"double_luck": 2 * self.luck}


class Purse(RulesModel):
    coins: int
    history: tuple[str, ...] = ()


class PurseSetup(RulesModel):
    coins: int = Field(0, ge=0)


class FlipInto(TrackerAction[Purse]):
    name: ClassVar[str] = "flip"
    summary: ClassVar[str] = "Flip a coin: heads adds a coin to the purse."
    Params: ClassVar[type[RulesModel]] = RulesModel
    random: ClassVar[bool] = True

    def apply(self, state: Purse, params: Any, options: Any, source: Source) -> tuple[Purse, dict[str, Any]]:
        heads = source.die(2) == 2
        new = Purse(coins=state.coins + heads, history=(*state.history, "heads" if heads else "tails"))
        return new, {"heads": heads}


class SpendParams(RulesModel):
    amount: int = Field(ge=1)


class Spend(TrackerAction[Purse]):
    name: ClassVar[str] = "spend"
    summary: ClassVar[str] = "Spend coins from the purse."
    Params: ClassVar[type[RulesModel]] = SpendParams

    def apply(self, state: Purse, params: Any, options: Any, source: Source) -> tuple[Purse, dict[str, Any]]:
        if params.amount > state.coins:
            raise RulesError(f"only {state.coins} coins in the purse")
        return Purse(coins=state.coins - params.amount, history=state.history), {"spent": params.amount}


class PurseTracker(Tracker[Purse]):
    name: ClassVar[str] = "purse"
    title: ClassVar[str] = "Purse"
    Setup: ClassVar[type[RulesModel]] = PurseSetup

    def start(self, setup: Any, options: Any) -> Purse:
        return Purse(coins=setup.coins)

    def actions(self) -> Mapping[str, TrackerAction[Purse]]:
        return {"flip": FlipInto(), "spend": Spend()}

    def render(self, state: Purse) -> str:
        return f"purse: {state.coins} coins"


class CoinSystem(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="coin", name="Coin test game", language="en", source="tests", summary="Flip coins.", gm_title="caller"
    )
    Options: ClassVar[type[RulesModel]] = CoinOptions
    Character: ClassVar[type[CharacterModel] | None] = Flipper

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {"flip": Flip()}

    def trackers(self) -> Mapping[str, Tracker[Any]]:
        return {"purse": PurseTracker()}
