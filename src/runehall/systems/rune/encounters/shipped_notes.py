"""An encounter of an adventure Runehall ships, opened by name wherever notes are taken: `NAME:N` (the
adventure's name as `runehall rune adventure validate` takes it, and the encounter's place in its plot, 1 for
the first), e.g. `the-stolen-rune:3`. The notes come with their plot role from the adventure (so a climax is
priced against a climax's limit). A name Runehall does not ship, or a place the adventure lacks, is one clear
refusal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Encounter

SHAPE = N_("name a shipped adventure's encounter as NAME:N (the-stolen-rune:3), not {given!r}")
NO_ADVENTURE = N_("Runehall ships no adventure called {name!r}")
NO_PLACE = N_("the adventure {name!r} has encounters 1 to {count}, not {place}")


@dataclass(frozen=True)
class Shipped:
    ref: str  # "the-stolen-rune:3"
    adventure: str  # the adventure's title (as the book names it)
    place: int
    title: str  # the encounter's title


def adventure_names() -> tuple[str, ...]:
    """The adventures Runehall ships, by the name the commands take (dashes for underscores)."""
    folder = resources.files("runehall.systems.rune").joinpath("data", "adventures")
    found = [d.name for d in folder.iterdir() if d.is_dir() and d.joinpath("adventure.toml").is_file()]
    return tuple(sorted(name.replace("_", "-") for name in found))


@cache
def _adventure(name: str) -> tuple[str, tuple[Encounter, ...]]:
    """(title, the encounters with their plot roles) of a shipped adventure; Invalid when it ships none."""
    from runehall.errors import ParameterError
    from runehall.systems.rune.encounters.adventure import read, shipped

    try:
        adventure, notes = read(shipped(name))
    except ParameterError:
        raise Invalid(NO_ADVENTURE, name=name) from None
    roled = tuple(n.model_copy(update={"role": e.role}) for e, n in zip(adventure.encounter, notes, strict=True))
    return adventure.title, roled


def shipped_encounter(ref: str) -> Encounter:
    """The notes of `NAME:N`, with the role the adventure gives that encounter."""
    name, colon, place = ref.strip().partition(":")
    if not colon or not place.strip().isdigit() or not name.strip():
        raise Invalid(SHAPE, given=ref)
    _, notes = _adventure(name.strip().lower())
    number = int(place)
    if not 1 <= number <= len(notes):
        raise Invalid(NO_PLACE, name=name.strip(), count=len(notes), place=number)
    return notes[number - 1]


def shipped_encounters() -> tuple[Shipped, ...]:
    """Every encounter of every shipped adventure, in plot order."""
    found: list[Shipped] = []
    for name in adventure_names():
        title, notes = _adventure(name)
        found += [Shipped(f"{name}:{i}", title, i, n.title) for i, n in enumerate(notes, 1)]
    return tuple(found)
