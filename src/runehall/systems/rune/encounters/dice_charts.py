"""Die charts as data: a row's faces are a range `[low, high]`, and a chart's rows must cover every face of
its die exactly once (a d10's 1-10, "0" read as 10; percentile 1-100, "00" read as 100). Checked when the
file loads, so a misprint such as the book's "01-04 / 04-08" can never reach a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Annotated, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from runehall.errors import Invalid, ParameterError
from runehall.present.words import N_

Face = Annotated[int, Field(ge=1, le=100)]


class Strict(BaseModel):
    # Unknown keys are refused: a misspelt field would otherwise be silently ignored.
    model_config = ConfigDict(frozen=True, extra="forbid")


class Ranged(Protocol):
    @property
    def faces(self) -> tuple[int, int]: ...


class Row(Strict):
    faces: tuple[Face, Face]

    @model_validator(mode="after")
    def _forwards(self) -> Row:
        if self.faces[0] > self.faces[1]:
            raise Invalid(N_("a chart row's faces run from low to high, not {low} to {high}"),
                          low=self.faces[0], high=self.faces[1])  # fmt: skip
        return self


R = TypeVar("R", bound=Ranged)


def check_chart(what: str, rows: Sequence[Ranged], sides: int, first: int = 1) -> None:
    """The rows cover first..sides (1..sides: every face of the die) in order, without a gap or an overlap."""
    spans = [r.faces for r in rows]
    if not spans or spans[0][0] != first or spans[-1][1] != sides:
        raise Invalid(N_("the chart {what} must cover {first} to {sides}"), what=what, first=first, sides=sides)
    for (_, end), (start, _) in pairwise(spans):
        if start != end + 1:
            raise Invalid(
                N_("the chart {what}: faces {end} and {start} leave a gap or overlap"), what=what, end=end, start=start
            )


def look_up(rows: Sequence[R], face: int, sides: int) -> R:
    """The row a face falls in; a face the die cannot show is refused."""
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
        raise ParameterError(N_("a die of {sides} faces shows 1 to {sides}, not {face}"), sides=sides, face=face)
    return next(r for r in rows if r.faces[0] <= face <= r.faces[1])
