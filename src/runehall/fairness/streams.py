"""Seed streams: one committed server seed per audience, per epoch.

A roll draws from the stream of the people who may see it, so revealing a stream's seed to its audience
shows them nothing they could not already see, and every roll they see they can re-derive:

- `public`: rolls everyone sees; its seed is revealed to everyone at rotation;
- `gm`: GM-only and blind rolls; revealed to the game master only;
- `private:<participant>`: that participant's private rolls; revealed to them and the game master;
- `sealed:<participant>`: their sealed tracker actions (one side of a secret choice); revealed to them only;
- `table`: the one stream of an epoch made before streams existed (legacy): revealed to everyone when
  every roll drawn from it was public, else to the game master only.

Each stream has its own nonce counter, so a hidden roll leaves no gap in anyone else's stream.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any, Protocol


class _Event(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def visibility(self) -> str: ...
    @property
    def payload(self) -> dict[str, Any]: ...

PUBLIC = "public"
GM = "gm"
LEGACY = "table"
PRIVATE_PREFIX = "private:"
SEALED_PREFIX = "sealed:"


def stream_for(visibility: str, author: str | None) -> str:
    """The stream an event with this visibility and author draws from."""
    if visibility == "public":
        return PUBLIC
    if visibility in ("gm", "blind") or author is None:
        return GM
    if visibility == "sealed":
        return SEALED_PREFIX + author
    return PRIVATE_PREFIX + author


def personal_streams(participant_id: str) -> tuple[str, str]:
    return PRIVATE_PREFIX + participant_id, SEALED_PREFIX + participant_id


def may_see_stream(stream: str, viewer_id: str, viewer_is_gm: bool, legacy_public: bool = False) -> bool:
    """Whether this viewer may be given the stream's seed once it is revealed."""
    if stream == PUBLIC:
        return True
    if stream == LEGACY:
        return legacy_public or viewer_is_gm
    if stream == GM:
        return viewer_is_gm
    if stream.startswith(PRIVATE_PREFIX):
        return viewer_is_gm or stream[len(PRIVATE_PREFIX) :] == viewer_id
    if stream.startswith(SEALED_PREFIX):
        return stream[len(SEALED_PREFIX) :] == viewer_id
    return False


def effective_client_seed(base: str, contributions: list[str]) -> str:
    """The client seed rolls use: the base, then each participant's addition folded in, in order.

    c_0 = base; c_k = hex(SHA-256(len(c_{k-1}) || c_{k-1} || len(a_k) || a_k)), each text as UTF-8 and each
    length as 4 bytes big-endian (no two different sequences give the same bytes). No additions: the base."""
    seed = base
    for added in contributions:
        parts = b""
        for text in (seed, added):
            raw = text.encode()
            parts += len(raw).to_bytes(4, "big") + raw
        seed = hashlib.sha256(parts).hexdigest()
    return seed


def fair_source_of(kind: str, payload: dict[str, Any]) -> dict[str, Any] | None:
    """The fair source an event drew from, if any (a roll, or a random tracker action)."""
    if kind == "roll":
        source = payload.get("roll", {}).get("source")
    elif kind == "tracker_action":
        source = payload.get("source")
    else:
        return None
    return source if isinstance(source, dict) and source.get("kind") == "fair" else None


def hidden_commitments(events: Iterable[_Event]) -> frozenset[str]:
    """Commitments some event hidden from someone drew from (a legacy stream's seed then stays the GM's)."""
    found = set()
    for e in events:
        source = fair_source_of(e.kind, e.payload)
        if source is not None and e.visibility != "public":
            found.add(str(source.get("commitment")))
    return frozenset(found)
