"""Request bodies of the API, each field bounded so no request can be unreasonably large."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from runehall import wire
from runehall.errors import Invalid
from runehall.table.visibility import Visibility

Name = Annotated[str, Field(min_length=1, max_length=60, pattern=r"\S")]
Ident = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_]+$")]
Manual = Annotated[list[Annotated[str, Field(min_length=1, max_length=40)]], Field(max_length=200)]
Params = Annotated[dict[str, Any], Field(max_length=50)]
Options = Annotated[dict[str, Any], Field(max_length=200)]  # a table may set every option (Rune has 78)
ParticipantId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Combatant = Annotated[str, Field(min_length=1, max_length=60)]
Controllers = Annotated[dict[Combatant, ParticipantId], Field(max_length=60)]  # combatant -> the player acting for it


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _storable(cls, data: Any) -> Any:
        """No text anywhere in a request holds a NUL character (PostgreSQL cannot store one) or a lone
        surrogate (no database can), and nothing nests deeper than wire.MAX_DEPTH."""
        found = wire.problem(data)
        if found:
            raise Invalid(found.template, **found.values)
        return data


class CreateTable(Body):
    name: Annotated[str, Field(min_length=1, max_length=120, pattern=r"\S")]
    system: Ident
    options: Options = Field(default_factory=dict)
    gm_name: Name
    password: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    players_can_undo: bool = False
    client_seed: Annotated[str, Field(min_length=1, max_length=120)] | None = None


class Join(Body):
    invite_code: Annotated[str, Field(min_length=1, max_length=32)]
    name: Name
    password: Annotated[str, Field(max_length=200)] | None = None


class About(Body):
    """What a roll is for, when it was made from a character's sheet: the character's name and the sheet's
    line in the book's terms ("Thurid", "Bows"); its card then says so."""

    character: Annotated[str, Field(min_length=1, max_length=120, pattern=r"\S")]
    what: Annotated[str, Field(min_length=1, max_length=120, pattern=r"\S")]


class Roll(Body):
    mechanic: Ident
    system: Ident | None = None
    params: Params = Field(default_factory=dict)
    visibility: Visibility = "public"
    manual: Manual | None = None
    about: About | None = None


class Odds(Body):
    mechanic: Ident
    system: Ident | None = None
    params: Params = Field(default_factory=dict)
    record: bool = False
    visibility: Visibility = "public"


class Character(Body):
    sheet: Annotated[dict[str, Any], Field(max_length=100)]
    visibility: Visibility = "public"


class CharacterEdit(Body):
    sheet: Annotated[dict[str, Any], Field(max_length=100)]


class StartTracker(Body):
    tracker: Ident
    setup: Params = Field(default_factory=dict)
    visibility: Visibility = "public"
    controllers: Controllers = Field(default_factory=dict)


class TrackerControllers(Body):
    controllers: Controllers


class TrackerAction(Body):
    action: Ident
    params: Params = Field(default_factory=dict)
    manual: Manual | None = None


class Message(Body):
    text: Annotated[str, Field(min_length=1, max_length=4000)]
    visibility: Visibility = "public"


class Note(Body):
    """A game master's note: for game masters only, whatever is asked (another visibility is refused)."""

    text: Annotated[str, Field(min_length=1, max_length=4000)]
    visibility: Literal["gm"] = "gm"


class Undo(Body):
    seq: Annotated[int, Field(ge=1, le=2**53)]
    reason: Annotated[str, Field(max_length=200)] = ""


class Rotate(Body):
    client_seed: Annotated[str, Field(min_length=1, max_length=120)] | None = None


class ClientSeed(Body):
    text: Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[^\x00-\x1f]+$")]
