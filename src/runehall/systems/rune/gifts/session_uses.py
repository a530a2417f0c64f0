"""The session-counted gifts on the hero sheet (spec 001b §2.5, usage scope "session": Destiny Reversed,
Indefatigable Determination, Gathering Thunder, Imprecation of Doom, Golden Apples' Sweetness, The Lie Turns to
Truth): how often the hero has used each in the table's session so far, and which session that is.

Settling an encounter run writes them to his sheet (encounters/tracker.sheet_changes, session.heroes_after); the
next run's first fight reads them while the run is played in the same session (`RunSetup.session`), and they count
for nothing once the session number has changed: a new session gives every use back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, field_validator

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.gifts import held
from runehall.systems.rune.gifts.catalog import gifts
from runehall.systems.rune.limits import MAX_GIFTS

SESSION = "session"
MAX_USES = 999


class SessionUses(RulesModel):
    session: int = Field(ge=1, le=1000, title=N_("Session"), description="The table's session they were used in.")
    used: dict[str, Annotated[int, Field(ge=1, le=MAX_USES)]] = Field(
        default_factory=dict,
        max_length=MAX_GIFTS,
        title=N_("Uses"),
        description="Each session-counted gift (by id or name) -> how often he has used it this session.",
    )

    @field_validator("used", mode="before")
    @classmethod
    def _names(cls, value: object) -> object:
        return held.ids(value)

    @field_validator("used")
    @classmethod
    def _counted(cls, value: dict[str, int]) -> dict[str, int]:
        for gift_id in value:
            found = gifts()[gift_id]
            if found.scope != SESSION:
                raise Invalid(N_("{gift} is not counted per session"), gift=Refusal(found.name))
        return value


def session_counted(used: Mapping[str, int]) -> dict[str, int]:
    """The session-counted gifts among a fight's usage counters (gift id -> uses), those used at all."""
    catalog = gifts()
    return {g: int(n) for g, n in used.items() if g in catalog and catalog[g].scope == SESSION and n > 0}


def carried_uses(sheet: Mapping[str, Any], session: int) -> dict[str, int]:
    """The uses a sheet carries into a run played in `session`: none when they were counted in another session
    (or the sheet has none)."""
    given = sheet.get("session_uses")
    if not given:
        return {}
    uses = given if isinstance(given, SessionUses) else SessionUses.model_validate(given)
    return dict(uses.used) if uses.session == session else {}


def sheet_uses(session: int, used: Mapping[str, int]) -> dict[str, Any]:
    """What a sheet keeps of a hero's session-counted gift uses, as the sheet's field holds them."""
    return SessionUses(session=session, used=session_counted(used)).model_dump(mode="json")
