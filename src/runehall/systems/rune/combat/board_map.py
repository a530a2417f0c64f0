"""The battle map of a Rune fight (runehall.present.board.MapView): the terrain drawn to scale in paces, each
area labelled in words with what its ground does, framed on every place anyone has stood so it holds still."""

from __future__ import annotations

from runehall.present.board import Area, MapView
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.geometry import grown
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.combat.terrain import Zone

TERRAIN_WORDS = {  # each kind of ground as the map labels it
    "slippery": N_("slippery ground"),
    "uneven": N_("uneven ground"),
    "slope": N_("slope"),
    "level": N_("raised level"),
    "balance_surface": N_("beam or ledge"),
    "calm_water": N_("calm water"),
    "choppy_water": N_("choppy water"),
    "raging_water": N_("raging water"),
    "darkness": N_("full darkness"),
    "gloom": N_("gloom"),
    "fog": N_("fog or smoke"),
    "damaging": N_("damaging place"),
    "exit": N_("way out"),
}
ARROWS = {(0, 1): "↑", (1, 1): "↗", (1, 0): "→", (1, -1): "↘", (0, -1): "↓", (-1, -1): "↙", (-1, 0): "←", (-1, 1): "↖"}


def term(message: str, words: Words) -> str:
    """A book term, the reader's word beside it when it differs ("ATK (ATQ)")."""
    said = words(message)
    return message if said == message else f"{message} ({said})"


def area(z: Zone, words: Words) -> Area:
    x0, y0, x1, y1 = z.area
    kind = words(TERRAIN_WORDS[z.kind])
    label = words("{what}: {how}", what=z.name, how=kind) if z.name else kind  # a name alone hides what it is
    if z.kind == "slope" and z.up is not None:
        dx, dy = z.up
        arrow = ARROWS[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]
        label = words("{place}, uphill {arrow}", place=label, arrow=arrow)
    elif z.kind == "level" and z.height:
        label = words("{place}, {feet} feet", place=label, feet=words.number(z.height))
    elif z.kind == "damaging" and z.dam is not None:
        label = f"{label}, {term(N_('DAM'), words)} {words.number(z.dam)}"
    elif z.kind == "exit" and z.per_round is not None:
        label = words.n("{place}, {n} hero a round", "{place}, {n} heroes a round", z.per_round, place=label)
    return Area(z.kind, label, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


MARGIN = 3  # paces of room round everything on the map


def battle_map(state: CombatState, words: Words) -> MapView:
    """The map framed on the terrain and every place anyone has stood in the fight (state.ground): the frame
    holds still as people move (it grows when someone walks out of it, and never shrinks)."""
    ground = grown(state.ground, (c.at for c in state.combatants))
    assert ground is not None  # a fight has combatants
    boxes = [ground, *(z.area for z in state.terrain)]
    x0, y0 = min(b[0] for b in boxes) - MARGIN, min(b[1] for b in boxes) - MARGIN
    width, height = max(b[2] for b in boxes) + MARGIN - x0, max(b[3] for b in boxes) + MARGIN - y0
    grid = 1 if max(width, height) <= 40 else 5
    return MapView(
        width=width,
        height=height,
        unit=words("paces"),
        grid=grid,
        areas=tuple(area(z, words) for z in state.terrain),
        origin=(x0, y0),
    )
