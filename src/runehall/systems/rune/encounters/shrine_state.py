"""What the run keeps of a shrine's purchases (encounters/run_shrine.py): each gift level bought at a shrine."""

from __future__ import annotations

from pydantic import Field

from runehall.systems.base import RulesModel

MAX_VP = 10_000_000


class ShrineBuy(RulesModel):
    """A gift level bought at a shrine of the run."""

    hero: str = Field(min_length=1, max_length=60)
    shrine: str = Field(min_length=1, max_length=40, description="The shrine's gain, by its id in the notes.")
    gift: str | None = Field(None, min_length=1, max_length=60, description="The gift's id (None: insurance).")
    vp: int = Field(ge=0, le=MAX_VP, description="What he paid: 70% of the gift's price, or the insurance's.")
    insurance: bool = Field(False, description="Death insurance taken at the shrine.")
