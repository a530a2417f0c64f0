"""The Eager Arrow in a fight (spec 001b §2.5, 001b TV-13c; X = the hero's level; its state: Triggered.arrows,
torn, recalled).

Each arrow or bolt a hero holding it shoots with his attack move is noted: lodged in the foe it took HP from, or
lying where its target stood. "Use a gift" at any moment, no action (the book's "at any time"), once a round (we
read a try as the arrows' one flight back a round; a failure may be tried again next round): Presence + X (a
stress roll, less his Impairment) against a tenth of the paces to the farthest of them, fractions dropped
(formulas.tenth_of_paces; a lodged arrow is where its foe stands now). Made: every arrow comes back to the quiver
of the bow that shot it (its ammunition); each foe still able to fight that one of them is lodged in takes X
damage that ignores armour (his Soak less his armour's Prot), once however many arrows it holds, credited to the
hero like his blow (his damage VP and a death blow in a run); and each arrow torn out of such a foe gives +X on
one later shot of his at that foe, under the gift's name, so the attack odds count it. Failed: they stay. "This
event" is read as this fight: the fight knows no other."""

from __future__ import annotations

from math import isqrt
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.gallery import armor_ignoring_soak
from runehall.systems.rune.combat.geometry import dist2
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.triggered_state import MAX_ARROWS, Arrow

EAGER = "the_eager_arrow"
EAGER_NAME = N_("The Eager Arrow")


def _triggered(board: Board, name: str, **changes: Any) -> None:
    c = board.people[name]
    t = c.gifted.triggered.model_copy(update=changes)
    board.update(name, gifted=c.gifted.model_copy(update={"triggered": t}))


def fired(board: Board, c: Combatant, weapon: Weapon, target: str, swing: Any) -> None:
    """After his attack move's shot with a bow or crossbow: the arrow noted, and a torn arrow's bonus spent."""
    hero = board.people[c.name]
    if not hero.hero or not hero.gifted.level(EAGER) or weapon.kind != "missile" or not isinstance(swing, dict):
        return
    t = hero.gifted.triggered
    injury = swing.get("injury")
    hurt = isinstance(injury, dict) and int(injury.get("hp_lost", 0)) > 0 and injury.get("who") == target
    arrow = Arrow(weapon=weapon.id, at=board.people[target].at, lodged_in=target if hurt else None)
    torn = list(t.torn)
    if target in torn:
        torn.remove(target)  # the torn arrow shot at the foe it came out of: its +X used
    _triggered(board, c.name, arrows=(*t.arrows, arrow)[-MAX_ARROWS:], torn=tuple(torn))


def eager_mods(a: Combatant, d: Combatant) -> list[tuple[str, int]]:
    """+X on his shot at a foe an arrow he called back tore out of."""
    x = a.gifted.level(EAGER) if a.hero else 0
    return [(EAGER_NAME, x)] if x and d.name in a.gifted.triggered.torn else []


def where(board: Board, arrow: Arrow) -> tuple[int, int]:
    """A lodged arrow is where its foe stands; another where it fell."""
    foe = board.people.get(arrow.lodged_in or "")
    return foe.at if foe is not None else arrow.at


def recall(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use The Eager Arrow': no action, once a round, with arrows out."""
    from runehall.systems.rune.gifts.formulas import tenth_of_paces

    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    t = c.gifted.triggered
    if t.recalled == board.round:
        raise RulesError(N_("{who} has called his arrows back this round already"), who=c.name)
    if not t.arrows:
        raise RulesError(N_("{who} has shot no arrow or bolt in this fight to call back"), who=c.name)
    if c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
    farthest = max(isqrt(dist2(c.at, where(board, a))) for a in t.arrows)
    difficulty = tenth_of_paces(farthest)
    roll, faces = stress(source)
    total = roll + c.gifted.presence + x - c.impairment
    record: dict[str, Any] = {"who": c.name, "roll": "Presence", "faces": list(faces), "result": roll,
                              "score": c.gifted.presence + x, "total": total}  # fmt: skip
    if c.impairment:
        record["impairment"] = -c.impairment
    out: dict[str, Any] = {"eager": True, "rolls": [record], "difficulty": difficulty, "farthest": farthest,
                           "arrows": len(t.arrows), "success": total >= difficulty}  # fmt: skip
    if not out["success"]:
        _triggered(board, c.name, recalled=board.round)
        return out
    _refill(board, c.name, t.arrows)
    torn = [a.lodged_in for a in t.arrows if a.lodged_in and board.people[a.lodged_in].active]
    rips = []
    for foe in dict.fromkeys(torn):  # once a victim, however many arrows it held
        soak = armor_ignoring_soak(board.people[foe])
        lost = max(0, x - soak)
        rips.append({"attacker": c.name, "target": foe, "dam": x, "soak": soak,
                     "injury": board.hurt(foe, lost, c.name)})  # fmt: skip
    _triggered(
        board, c.name, arrows=(), torn=(*board.people[c.name].gifted.triggered.torn, *torn), recalled=board.round
    )
    if rips:
        out["rips"] = rips
    return out


def _refill(board: Board, name: str, arrows: tuple[Arrow, ...]) -> None:
    """Every arrow back in the quiver of the bow that shot it (when its ammunition is counted)."""
    c, each = board.people[name], int(board.opt("ammo_per_shot"))
    back = {w: each * sum(1 for a in arrows if a.weapon == w) for w in {a.weapon for a in arrows}}
    weapons = tuple(
        w.model_copy(update={"ammo": w.ammo + back[w.id]}) if w.id in back and w.ammo is not None else w
        for w in c.weapons
    )
    board.update(name, weapons=weapons)
