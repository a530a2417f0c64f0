"""Agony Postponed in a fight (spec 001b §2.5, A-12; X = the hero's level, at most 5).

Passive: while he fights, up to X points of his Impairment from Wounds are ignored (Combatant.impairment reads
`ignored`). The fight keeps the most points ignored at one time (A-12: `Triggered.agony`), and when the fight ends
(the last foe down at a round's end, or the runner ending it) each hero who ignored any takes 6 damage a point,
ignoring his armour (his Soak less his armour's Prot), reported on that card; a dead or gone hero takes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.gallery import armor_ignoring_soak

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_people import People
    from runehall.systems.rune.combat.combatant import Combatant

AGONY = "agony_postponed"
AGONY_DAMAGE = 6  # a point ignored


def ignored(c: Combatant) -> int:
    """The points of his Wound Impairment Agony Postponed ignores now."""
    return min(c.wounds, c.gifted.level(AGONY)) if c.hero else 0


def agony_mark(board: People, name: str) -> None:
    """After a blow: the most points ignored at one time in this fight (A-12)."""
    c = board.people[name]
    now, t = ignored(c), c.gifted.triggered
    if now > t.agony:
        board.update(name, gifted=c.gifted.model_copy(update={"triggered": t.model_copy(update={"agony": now})}))


def agony_ends(board: People) -> list[dict[str, Any]]:
    """The fight is over: 6 armour-ignoring damage a point ignored, for each hero who ignored any."""
    out = []
    for c in list(board.people.values()):
        points = max(c.gifted.triggered.agony, ignored(c))
        if not c.hero or not points or c.health in ("dead", "gone"):
            continue
        t = c.gifted.triggered.model_copy(update={"agony": 0})
        board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t}))
        soak = armor_ignoring_soak(c)
        dam = AGONY_DAMAGE * points
        out.append({"who": c.name, "points": points, "dam": dam, "soak": soak,
                    "injury": board.hurt(c.name, max(0, dam - soak))})  # fmt: skip
    return out
