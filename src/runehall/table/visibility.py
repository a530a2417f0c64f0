"""Who may see an event. Filtering happens on the server, before anything is sent or returned.

- public: everyone at the table;
- gm: the game master(s) only;
- private: the author and the game master;
- blind: the game master only, not even the author (a roll the player must not see).
"""

from __future__ import annotations

from typing import Literal

from runehall.storage.store import Event, Participant

Visibility = Literal["public", "gm", "private", "blind"]
VISIBILITIES: tuple[Visibility, ...] = ("public", "gm", "private", "blind")
SECRET_VISIBILITIES: tuple[Visibility, ...] = ("gm", "blind")  # no player sees these, not even the author


def can_see(event: Event, viewer: Participant) -> bool:
    if viewer.is_gm or event.visibility == "public":
        return True
    return event.visibility == "private" and event.author == viewer.id


def visible(events: list[Event], viewer: Participant) -> list[Event]:
    return [e for e in events if can_see(e, viewer)]
