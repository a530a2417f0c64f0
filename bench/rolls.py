"""Roll throughput with full result recording, side by side with d20.

One Runehall roll is what the app does for every roll: validate the parameters (the notation text),
sample from a fresh SecureSource (its tape records every face; one source per roll, because a result
records its source's whole tape), and build the RollResult. One d20 roll is d20.roll(text), which also
keeps the whole expression tree with every die. Both libraries cache the parse of a text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import d20

from harness import Timing, batched
from runehall.chance.sources import SecureSource
from runehall.rolling import RollResult
from runehall.systems import registry


@dataclass(frozen=True)
class RollRow:
    TABLE: ClassVar[str] = "Roll throughput"
    HEADERS: ClassVar[tuple[str, ...]] = (
        "Expression",
        "Runehall rolls/s",
        "d20 rolls/s",
        "Ratio Runehall/d20",
    )

    expression: str
    runehall: Timing[Any]
    d20: Timing[Any]

    @property
    def ratio(self) -> float:
        return self.runehall.per_second / self.d20.per_second

    def cells(self) -> tuple[str, ...]:
        return (
            f"`{self.expression}`",
            f"{self.runehall.per_second:,.0f}",
            f"{self.d20.per_second:,.0f}",
            f"{self.ratio:.2f}×",
        )

    def detail(self) -> str:
        return ""


def throughput(expression: str) -> RollRow:
    system = registry.get("dice")
    mechanic = system.mechanic("roll")
    options = system.options()

    def runehall_roll() -> RollResult:
        params = mechanic.parse_params({"notation": expression})
        return mechanic.roll(system.id, params, options, SecureSource())

    ours = batched(runehall_roll)
    theirs = batched(lambda: d20.roll(expression))
    if not ours.result.faces or not isinstance(theirs.result.total, int):
        raise AssertionError(f"{expression}: a roll came back without its dice")
    return RollRow(expression, ours, theirs)


def roll_1d20() -> RollRow:
    return throughput("1d20")


def roll_8d8() -> RollRow:
    return throughput("8d8")


def roll_4d6kh3() -> RollRow:
    return throughput("4d6kh3")
