"""A hero treated at a haven of an encounter run (run_haven.py): which haven, the hour of the stay he was treated
at, the hour his next treatment may come, and the HP and Wounds the treatment left him (new harm since lifts the
wait). Kept apart so that the run's state imports no rules."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from runehall.systems.base import RulesModel


class Treated(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    haven: str = Field(min_length=1, max_length=40)
    hour: int = Field(ge=0, le=100_000)
    ready: int = Field(ge=0, le=200_000)
    hp: int = Field(ge=-100, le=10_000)
    wounds: int = Field(ge=0, le=20)
