"""The base of Midgard's rules-data records, and the type of a data field that holds a formula."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict

from runehall.systems.midgard import formula


def check_formula(text: str) -> str:
    formula.parse(text)  # a formula that does not parse, or reads what formulas may not, fails the load
    return text


Formula = Annotated[str, AfterValidator(check_formula)]


class Data(BaseModel):
    """A data record: documentation fields beside the ones read here are allowed and ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)
