"""A tracker at the table as people see it: combatant cards, the order of play, the moves this viewer may
make now, and a map (Foundry's combat tracker and tokens, Roll20's turn order, Owlbear's clean map).

A system's `Tracker.board(state, words, seat)` builds a BoardView from the state in the reader's words;
one set of components draws every system's boards (the web's _board.html and its SVG map, the CLI's Rich
tables), so a new tracker (Andor's board, a skirmish, a scoreboard) is drawn without new templates.
Nothing here is secret: a board is built from the state every viewer may see, so a sealed choice reads
"chosen" and never its content.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from runehall.present.sheet import SheetSection

Tone = Literal["", "good", "bad", "warning", "muted", "accent"]
"""A colour role: good (healthy, a success), bad (wounded, a failure), warning, muted (out), accent."""


@dataclass(frozen=True, slots=True)
class Gauge:
    """A track on a card: hit points as a bar with numbers, wound boxes, a pile of runes."""

    label: str
    value: int
    maximum: int
    shown: str = ""  # the numbers as people read them; "" reads "value / maximum"
    boxes: bool = False  # drawn as boxes (a wound track) rather than a bar
    tone: Tone = ""


@dataclass(frozen=True, slots=True)
class Badge:
    """A condition or a state worth a glance: stunned, engaged, berserk, prone, chosen."""

    label: str
    tone: Tone = ""
    title: str = ""  # what it means, on hover


@dataclass(frozen=True, slots=True)
class Stat:
    """A small labelled number on a card (ATK 15, DFN 25, Soak 3)."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class CombatantCard:
    """One combatant. `key` is what Tracker.combatants and a move's target take; `side_key` is a stable id
    for the side's colour ("heroes", "foes", "a", "b"), `side` the side in words."""

    key: str
    name: str
    side: str = ""
    side_key: str = ""
    gauges: tuple[Gauge, ...] = ()
    badges: tuple[Badge, ...] = ()
    stats: tuple[Stat, ...] = ()
    active: bool = False  # acting now: highlighted
    out: bool = False  # out of the fight (fallen, fled): dimmed
    at: tuple[float, float] | None = None  # where the token stands on the map, in the map's units


@dataclass(frozen=True, slots=True)
class Ring:
    """A distance around the acting combatant's token, shown on the map while a move waits for its target or
    its place: a weapon's reach or range, how far a move goes. `radius` in the map's units."""

    radius: float
    label: str


@dataclass(frozen=True, slots=True)
class Move:
    """A move this viewer may make now: one of the tracker's actions, its parameters filled in as far as the
    state settles them. The person chooses only what `ask` names (a small form, prefilled from `params`) and,
    when `target` names a parameter, a combatant by clicking a card among `targets`."""

    action: str
    title: str
    params: Mapping[str, Any] = field(default_factory=dict)
    ask: tuple[str, ...] = ()
    target: str | None = None
    targets: tuple[str, ...] = ()
    actor: str | None = None  # the combatant the move is for (its card carries the button); None: the table's
    hint: str = ""
    rings: tuple[Ring, ...] = ()  # drawn around the actor's token while the move is armed
    quiet: bool = False  # a variant of another move (the same, done by hand): drawn smaller, not beside it as its equal
    choices: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """What an asked parameter may take now, each (value, words): a select (a list: a select per entry),
    where the state settles the choices (the runes on a tree) and the action's schema cannot."""
    group: str = ""  # the table's moves are drawn in groups, each under these words ("" : the first, unnamed)


@dataclass(frozen=True, slots=True)
class Area:
    """A piece of terrain on a map: a polygon in the map's units, its kind (slippery, slope, cover,
    damaging, exit, wall, water...) for its look, and its name in words."""

    kind: str
    label: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class MapView:
    """A battle map drawn to scale: `width` by `height` in `unit` (paces, inches), a grid line every `grid`
    units, its terrain; the tokens are the combatants' `at`. Spaces of a board graph (Andor) are areas too."""

    width: float
    height: float
    unit: str
    grid: float = 0
    areas: tuple[Area, ...] = ()
    origin: tuple[float, float] = (0, 0)  # the map's lower-left corner in the state's coordinates


@dataclass(frozen=True, slots=True)
class Seat:
    """Who is looking: `runs` for the tracker's owner and the game master (every move, for anyone), else the
    combatants this player was handed (`controls`). `owns`: the tracker's owner himself, who alone sees what
    it keeps secret from everyone else, the game master too (a Rune runner's notes)."""

    runs: bool = False
    controls: frozenset[str] = frozenset()
    owns: bool = False


@dataclass(frozen=True, slots=True)
class BoardView:
    title: str
    phase: str = ""  # where the game stands, in words ("Round 2 · acting")
    order_title: str = ""  # "Initiative", "Declaration order"
    order: tuple[str, ...] = ()  # combatant keys in the order they act (a key twice when one acts twice)
    order_labels: tuple[str, ...] = ()  # each entry as it reads ("25 Ragnar"); () or "": its combatant's name
    order_now: int | None = None  # the entry acting now; None: every entry of an active combatant is marked
    combatants: tuple[CombatantCard, ...] = ()
    notes: tuple[str, ...] = ()  # what the table waits for, in words
    moves: tuple[Move, ...] = ()
    map: MapView | None = None
    sections: tuple[SheetSection, ...] = ()  # anything else, as labelled rows (a tree's piles, a pool)
    lead: tuple[SheetSection, ...] = ()  # drawn first, above the order and the map (a score everyone watches)
    done: bool = False  # over (an encounter settled): drawn after what is still in play
