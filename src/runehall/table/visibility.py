"""Who may see an event. Filtering happens on the server, before anything is sent or returned.

- public: everyone at the table;
- gm: the game master(s) only;
- private: the author and the game master;
- blind: the game master only, not even the author (a roll the player must not see);
- sealed: the author only, not even the game master. Nobody asks for it: the table gives it to a tracker
  action whose result is sealed (one side of a secret, simultaneous choice, runehall.systems.tracker.SEALED)
  until a later action reveals it in its own result. The GM's export (the full backup) still holds it.
"""

from __future__ import annotations

from typing import Literal

from runehall.storage.store import Event, Participant

Visibility = Literal["public", "gm", "private", "blind"]  # what a request may choose
VISIBILITIES: tuple[Visibility, ...] = ("public", "gm", "private", "blind")
SECRET_VISIBILITIES: tuple[Visibility, ...] = ("gm", "blind")  # no player sees these, not even the author
SEALED_VISIBILITY = "sealed"  # stored only; chosen by the table, never by a request
STORED_VISIBILITIES: tuple[str, ...] = (*VISIBILITIES, SEALED_VISIBILITY)


def can_see(event: Event, viewer: Participant) -> bool:
    if event.visibility == SEALED_VISIBILITY:
        return event.author == viewer.id
    if viewer.is_gm or event.visibility == "public":
        return True
    return event.visibility == "private" and event.author == viewer.id


def visible(events: list[Event], viewer: Participant) -> list[Event]:
    return [e for e in events if can_see(e, viewer)]
