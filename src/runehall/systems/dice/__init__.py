"""Free dice: any dice notation, available at every table whatever its game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field, field_validator

from runehall.chance.chance import Chance
from runehall.chance.dice import PoolRoll
from runehall.errors import Invalid, NotationError
from runehall.notation import compile_notation, dice_terms, render_faces
from runehall.present.card import Card, Chip, ChipState
from runehall.present.words import N_, Words
from runehall.systems.base import GameSystem, Mechanic, RulesModel, SystemMeta


class RollParams(RulesModel):
    notation: str = Field(
        title=N_("Dice"), description=N_("Dice notation, such as 3d6+2, 4d6k3 (keep the 3 highest) or 2d10! (explode).")
    )

    @field_validator("notation")
    @classmethod
    def _parses(cls, value: str) -> str:
        try:
            compile_notation(value)
        except NotationError as e:
            raise Invalid(e.parts[0].template, **e.parts[0].values) from None
        return value.strip()


class NotationRoll(Mechanic[RollParams, int, int]):
    name: ClassVar[str] = "roll"
    title: ClassVar[str] = N_("Roll dice notation")
    summary: ClassVar[str] = N_("NdX, +/- constants, keep (4d6k3, 4d6[3], 5(2)), explode (!), divide (2d6/2)")
    Params: ClassVar[type[RulesModel]] = RollParams
    manual_help: ClassVar[str] = N_("every die face in order, left to right (each explosion is one more face)")

    def chance(self, params: RollParams, options: RulesModel) -> Chance[Any, int]:
        return compile_notation(params.notation)

    def resolve(self, params: RollParams, options: RulesModel, key: int) -> int:
        return key

    def render(self, stored: Mapping[str, Any]) -> str:
        notation = compile_notation(stored["params"]["notation"])
        details = iter(
            PoolRoll(tuple(tuple(f) for f in d["dice"]), tuple(d["values"]), tuple(d["kept"])) for d in stored["detail"]
        )
        return f"{notation.text}: {render_faces(notation.node, details)} = {stored['outcome']}"

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        notation = compile_notation(stored["params"]["notation"])
        chips: list[Chip] = []
        for term, rolled in zip(dice_terms(notation.node), stored["detail"], strict=True):
            for faces, kept in zip(rolled["dice"], rolled["kept"], strict=True):
                for i, face in enumerate(faces):
                    state: ChipState = "exploded" if i < len(faces) - 1 else "kept" if kept else "dropped"
                    chips.append(Chip(str(face), sides=term.sides, state=state, title=f"d{term.sides}"))
        total = words.number(stored["outcome"])
        action = words("{who} rolls {notation}", who=who, notation=notation.text)
        return Card(action=action, result="", chips=tuple(chips), total=total)


class FreeDice(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="dice",
        name="Free dice",
        language="en",
        source="Common dice notation, with Chorra's NdX[k] and Tierras Distantes' N(M) and /2",
        summary="Any roll written in dice notation, with its exact odds.",
    )

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {"roll": NotationRoll()}


SYSTEM = FreeDice()
