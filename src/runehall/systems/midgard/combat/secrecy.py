"""Secret, simultaneous distribution (spec 003 §7.3-7.4): in an opposed cast (a pin and the Escape Pin
against it) or a contested one (an attack and the declared Block or Dodge against it) each side places
its tokens without seeing the other's. A settled allocation stays sealed -- its placement and result
are left out of what the actions report and what the view shows -- until every cast it is opposed to
has been allocated too; then all of them are shown at once.

The dice themselves are not secret (the book hides only the distribution). The play file still records
each allocate event: the seal is what the table shows, not encryption."""

from __future__ import annotations

from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.state import ATTACKS, Declaration


def answers(defence: str, attack: str) -> bool:
    """Block and Dodge contest any attack; Escape Pin opposes a pin."""
    return defence in ("block", "dodge") or (defence == "escape_pin" and attack == "pin")


def opponents(fight: Fight, index: int) -> list[int]:
    """The declarations of this segment cast against this one, or that this one is cast against."""
    d = fight.declarations[index]
    found = []
    for n, other in enumerate(fight.declarations):
        if n == index or other.status == "switched":
            continue
        if d.action in ATTACKS and other.actor == d.target and answers(other.action, d.action):
            found.append(n)
        elif other.action in ATTACKS and other.target == d.actor and answers(d.action, other.action):
            found.append(n)
    return found


def allocated(d: Declaration) -> bool:
    return d.cast is not None and d.cast.allocation is not None


def waiting_on(fight: Fight, index: int) -> list[str]:
    """Who must still allocate before this cast can be shown."""
    return [fight.declarations[n].actor for n in opponents(fight, index) if not allocated(fight.declarations[n])]


def reseal(fight: Fight) -> list[str]:
    """Seal each allocated cast whose opponents have not all allocated; open the others. Returns the
    actors whose casts were opened just now."""
    opened = []
    for n, d in enumerate(fight.declarations):
        if d.cast is None or d.cast.allocation is None:
            continue
        sealed = bool(waiting_on(fight, n))
        if d.cast.sealed != sealed:
            fight.put(n, cast=d.cast.model_copy(update={"sealed": sealed}))
            if not sealed:
                opened.append(d.actor)
    return opened
