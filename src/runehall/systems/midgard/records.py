"""The base of Midgard's rules-data records, and the type of a data field that holds a formula."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict

from runehall.errors import Refusal
from runehall.systems.midgard import formula


def check_formula(text: str) -> str:
    formula.parse(text)  # a formula that does not parse, or reads what formulas may not, fails the load
    return text


Formula = Annotated[str, AfterValidator(check_formula)]


def book_name(name: str) -> Refusal:
    """A name from the rules data (a gift, a skill, a god rune, a legend, an item) as a value of a refusal:
    said in the reader's language from the catalog, which holds every data name (English where it has none);
    `str()` of it is the English name."""
    return Refusal(name)


class Data(BaseModel):
    """A data record: documentation fields beside the ones read here are allowed and ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)
