"""Imprecation of Doom in a fight (spec 001b §2.5; X = the hero's level; its state: Triggered.doomed).

Used with "Use a gift", once a session (the catalog's counter), an action: he names a foe still in the fight
(`target`). From then on, each time his attack - a melee blow or a shot of his attack move - takes 1 HP or more
from another foe, the cursed foe takes 3X damage that ignores armour (his Soak less his armour's Prot), reported
inside that swing so that, in an encounter run, its damage and a death blow are the hero's VP like any blow of
his. The fight remembers the curse for this fight only; a dead or gone cursed foe takes nothing more."""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gallery import armor_ignoring_soak

DOOM = "imprecation_of_doom"
DOOM_DAMAGE = 3  # x X


def curse(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use Imprecation of Doom' at a foe: an action."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    if params.target is None:
        raise RulesError(N_("name the foe {who} curses"), who=c.name)
    foe = board.get(params.target)
    if foe.hero or foe.side == c.side:
        raise RulesError(N_("Imprecation of Doom curses a foe, not {who}"), who=foe.name)
    if not foe.active:
        raise RulesError(N_("{who} is out of the fight"), who=foe.name)
    board.begin(c)
    t = c.gifted.triggered
    board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t.model_copy(update={"doomed": foe.name})}))
    out: dict[str, Any] = {"target": foe.name, "cursed": foe.name, "damage": DOOM_DAMAGE * x}
    net = board.spend("full")
    if net:
        out["net"] = net
    return out


def doom(board: Board, c: Combatant, swing: Any) -> None:
    """After his attack's swing: another foe lost HP to it, so the cursed foe takes 3X armour-ignoring damage
    (put inside the swing as its `doom`, credited to him as his blow's)."""
    if not c.hero or not isinstance(swing, dict):
        return
    cursed = board.people[c.name].gifted.triggered.doomed
    x = board.people[c.name].gifted.level(DOOM)
    injury = swing.get("injury")
    if cursed is None or not x or not isinstance(injury, dict) or int(injury.get("hp_lost", 0)) < 1:
        return
    hurt = board.people.get(str(injury.get("who")))
    foe = board.people.get(cursed)
    if hurt is None or hurt.hero or hurt.name == cursed or foe is None or foe.health in ("dead", "gone"):
        return
    soak = armor_ignoring_soak(foe)
    lost = max(0, DOOM_DAMAGE * x - soak)
    swing["doom"] = {"foe": cursed, "dam": DOOM_DAMAGE * x, "soak": soak, "injury": board.hurt(cursed, lost, c.name)}
