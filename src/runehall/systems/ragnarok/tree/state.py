"""The game tree's state: immutable models of the runes on the nine piles, and what follows from them.

A rune token sits on one pile. Essence runes also have a damage position (spec 000 §4.2): 0 while healthy
(in the bag or in play), 1 aturdido, 2..1+w herido, HP muerte, HP+1 consuncion. The pile of a rune on
the track always follows from its position, so the two are kept together. The Void rune never has a
position. Composites (transformed pairs), contingencies and rune chains refer to runes by id.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from runehall.errors import Invalid, ParameterError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.ragnarok.character import Character
from runehall.systems.ragnarok.options import RagnarokOptions
from runehall.systems.ragnarok.rules import Trait, fold, rules

PileId = Literal[
    "actividad", "contingencia", "mano", "vacio", "esencia", "aturdido", "herido", "muerte", "consuncion"
]  # fmt: skip
PlayPile = Literal["mano", "actividad", "contingencia"]
PILES: tuple[PileId, ...] = (
    "actividad", "contingencia", "mano", "vacio", "esencia", "aturdido", "herido", "muerte", "consuncion"
)  # fmt: skip
PLAY_PILES: tuple[PileId, ...] = ("mano", "actividad", "contingencia")
TRACK_PILES: tuple[PileId, ...] = ("aturdido", "herido", "muerte", "consuncion")
VOID_ID = "vacio"
Status = Literal["activo", "inconsciente", "muerto"]
Fate = Literal["alive", "awaiting_rebirth", "permanently_dead"]
Route = Literal["blanca", "gris", "negra"]


class RuneToken(RulesModel):
    """One physical rune of the character: an Essence rune, or the Void rune (id "vacio")."""

    id: str = Field(description="The rune's book name without accents (tyr, hagall...), or vacio.")
    rune: str | None = Field(description="The rune's id in runes.toml; none for the Void rune.")
    trait: Trait | None
    pile: PileId
    position: int = Field(0, ge=0, description="Damage position; 0 while healthy.")
    consumed_in: int | None = Field(None, description="The combat in which it entered consuncion.")
    part_of: str | None = Field(None, description="The composite it was transformed into, if any.")

    @property
    def is_void(self) -> bool:
        return self.rune is None


class Composite(RulesModel):
    """Two runes of one trait turned into one of another (§6.4). It has a trait only (A-03)."""

    id: str
    sources: tuple[str, str]
    trait: Trait
    pile: PlayPile = "mano"
    part_of: str | None = None


class Contingency(RulesModel):
    id: str
    units: tuple[str, ...]
    condition: str
    combat: int | None = None
    round: int | None = None
    state: Literal["armed", "fired", "expired"] = "armed"


class Chain(RulesModel):
    """Runes combined in actividad; only the Continuity and Conservation metamarks matter here (p.103 missing)."""

    id: str
    units: tuple[str, ...]
    metamarks: tuple[str, ...] = ()


class Combat(RulesModel):
    number: int
    round: int = 1
    phase: str
    extra_runes: int = Field(0, description="Runes bought with EXTRA_RUNE this phase, drawn by the next wyrd.")


class TreeState(RulesModel):
    character: Character
    options: RagnarokOptions
    route: Route
    tokens: tuple[RuneToken, ...]
    composites: tuple[Composite, ...] = ()
    contingencies: tuple[Contingency, ...] = ()
    chains: tuple[Chain, ...] = ()
    combat: Combat | None = None
    last_combat: int = 0
    dp: int = Field(0, ge=0, description="Divine Potency: the pool in combat, BDP outside.")
    hours: float = 0.0
    consumption_clock: float = Field(0.0, description="Hours counted towards the next consuncion recovery.")
    fate: Fate = "alive"
    suppressed: tuple[str, ...] = Field((), description="Runic Enchantments switched off by an identical one.")
    counter: int = Field(0, description="Last number used for composite (c1) and contingency (k1) ids.")


# -- positions and piles ---------------------------------------------------------------------------------
def hp_of(route: str) -> int:
    return rules().route(route).hp_per_rune


def track_pile(position: int, hp: int) -> PileId:
    """The track pile of a damage position above 0."""
    if position == 1:
        return "aturdido"
    if position < hp:
        return "herido"
    return "muerte" if position == hp else "consuncion"


def zone_of(position: int, hp: int) -> int | None:
    """The herido zone (1..w) of a position, for display."""
    return position - 1 if 2 <= position < hp else None


_PILE_NAMES: dict[str, PileId] = {}


def parse_pile(value: object) -> PileId:
    """A pile by id, code or Spanish/English name (accents and case ignored)."""
    if not _PILE_NAMES:
        for p in rules().wounds.pile:
            for key in (p.id, p.code, p.name, p.name_en):
                _PILE_NAMES[fold(key)] = p.id  # type: ignore[assignment]
        _PILE_NAMES["bag"] = "esencia"
        _PILE_NAMES["bolsa"] = "esencia"
    found = _PILE_NAMES.get(fold(str(value)).strip())
    if found is None:
        raise Invalid(N_("{value!r} is not a pile of the game tree ({piles})"), value=value, piles=", ".join(PILES))
    return found


def pile_name(pile: str) -> tuple[str, str]:
    """Spanish and English name of a pile."""
    found = next(p for p in rules().wounds.pile if p.id == pile)
    return found.name, found.name_en


def status_name(status: str) -> str:
    return {"activo": "Active", "inconsciente": "Unconscious", "muerto": "Dead"}[status]


def check_route(value: str) -> Route:
    if value not in ("blanca", "gris", "negra"):
        raise ParameterError(N_("unknown wound route {value!r} (blanca, gris or negra)"), value=value)
    return value  # type: ignore[return-value]
