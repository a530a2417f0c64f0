"""A tiny system used only by the tests, to prove the CLI and contract work for any system."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar

from pydantic import Field, field_validator

from runehall.chance.chance import Chance
from runehall.chance.dice import CountPool
from runehall.systems.base import CharacterModel, GameSystem, Mechanic, RulesModel, SystemMeta


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


class CoinSystem(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="coin", name="Coin test game", language="en", source="tests", summary="Flip coins.", gm_title="caller"
    )
    Options: ClassVar[type[RulesModel]] = CoinOptions
    Character: ClassVar[type[CharacterModel] | None] = Flipper

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {"flip": Flip()}
