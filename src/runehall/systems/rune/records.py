"""The base of Rune's rules-data records, and the marks the data uses for what the OCR lost."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

PACKAGE = "runehall.systems.rune"
CHARACTERISTICS = ("str", "sta", "dex", "qik", "int", "per", "pre", "com")
UNKNOWN: Literal["unknown"] = "unknown"  # a value the OCR lost; never read as a number
Unknown = Literal["unknown"]
Availability = Literal["common", "rare", "improvised", "always", "unknown"]
WEAPON_NUMBERS = ("init", "atk", "dfn", "dam", "load", "ability")


class Data(BaseModel):
    """A data record: documentation fields beside the ones read here are allowed and ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore")
