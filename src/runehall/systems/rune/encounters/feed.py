"""What a fight's move means for the victory-point tally (spec 001b §6.2-§6.5): read from the move's stored
result and the fight's state before and after it, never from anything else, so an undone move takes its
points back with it.

Every blow the combat engine resolves reports its injury ({"who", "hp_lost", ...}) inside the swing that dealt
it ({"attacker", "target", ...}); free attacks, trap damage, damaging places and the runner's own damage report
an injury too, without an attacker of their own. So the facts are:
- damage a hero dealt to a foe, capped at the HP the foe still had (overkill earns nothing, 001b TV-55);
- damage a hero took, whoever dealt it (healing never refunds it);
- a hero's blow on another hero (hero-vs-hero);
- a foe killed, credited to the hero whose blow took it out in that move (kill-stealing is legal);
- a hero at 20 HP or fewer, or at exactly four Wounds (the runner's "almost down");
- a hero's death, with who or what killed him;
- a hostage freed or slain by a hero.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from runehall.systems.rune.combat.state import CombatState

OUT = ("incapacitated", "dying", "dead")  # a foe fights to the death: any of these ends him
ALMOST_DOWN_HP = 20
ALMOST_DOWN_WOUNDS = 4

Kind = Literal["damage", "hurt", "pvp", "kill", "almost_down", "died", "hostage_freed", "hostage_slain"]


@dataclass(frozen=True)
class Fact:
    kind: Kind
    hero: str  # the hero it is about (who dealt it, who took it, who is down or dead)
    other: str | None = None  # the foe hurt or killed, the hero struck, the killer
    amount: int = 0
    dropped_by: str | None = None  # a kill: the hero who dropped an undead foe another hero then finished


# A swing's mishaps: a botch's Fog of War, a miss striking the ally between or the friend holding the target.
# Nobody dealt them on purpose: the victim takes the damage, nobody is the striker (never a hero's blow on a hero).
MISHAPS = ("fog_of_war", "ally_hit", "restrainer_hit")


def _injuries(node: Any, attacker: str | None = None) -> Iterator[tuple[str | None, Mapping[str, Any]]]:
    """Every injury in a result, in the order it happened, with the attacker of the swing it is inside (None for
    a mishap's)."""
    if isinstance(node, Mapping):
        if "attacker" in node and "target" in node:  # a blow credited to another (The Trumpet's Commanding Blast)
            attacker = str(node.get("credited_to") or node["attacker"])
        if "who" in node and "hp_lost" in node:
            if int(node["hp_lost"]) > 0:
                yield attacker, node
            return
        for key, value in node.items():
            yield from _injuries(value, None if key in MISHAPS else attacker)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _injuries(value, attacker)


def _finishes(node: Any) -> Iterator[Mapping[str, Any]]:
    """Every undead foe destroyed in a result, with who finished it (and who had dropped it, if another)."""
    if isinstance(node, Mapping):
        if "finished_by" in node:
            yield node
        for value in node.values():
            yield from _finishes(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _finishes(value)


def _keyed(node: Any, key: str) -> Iterator[str]:
    """Every value under `key` anywhere in a result."""
    if isinstance(node, Mapping):
        if isinstance(node.get(key), str):
            yield str(node[key])
        for value in node.values():
            yield from _keyed(value, key)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _keyed(value, key)


def _killed(was: Any, then: Any) -> bool:
    """A foe out of the fight for good: dead, or down and not an undead foe that may rise again."""
    if was.hero or was.health == "dead":
        return False
    if then.health == "dead":
        return True
    return was.health not in OUT and then.health in OUT and not getattr(then, "undead_down", False)


def facts(before: CombatState, after: CombatState, result: Mapping[str, Any]) -> tuple[Fact, ...]:
    """The tally's facts of one fight move (`result` is the move's stored result)."""
    people = {c.name: c for c in before.combatants}
    now = {c.name: c for c in after.combatants}
    hp_left = {name: max(0, c.hp) for name, c in people.items()}
    last_blow: dict[str, str | None] = {}
    found: list[Fact] = []
    for attacker, injury in _injuries(result):
        who, lost = str(injury["who"]), int(injury["hp_lost"])
        victim, striker = people.get(who), people.get(attacker or "")
        if victim is None:
            continue
        last_blow[who] = attacker
        if striker is not None and striker.hero and not victim.hero:
            found.append(Fact("damage", striker.name, who, min(lost, hp_left[who])))
        if victim.hero:
            found.append(Fact("hurt", who, attacker, lost))
            if striker is not None and striker.hero and striker.name != who:
                found.append(Fact("pvp", striker.name, who, lost))
        hp_left[who] = max(0, hp_left[who] - lost)
    for key, kind in (("freed_by", "hostage_freed"), ("slain_by", "hostage_slain")):
        for found_by in _keyed(result, key):  # a hostage freed or slain: +20 or -20 to the hero (001b §11.6)
            if found_by in people and people[found_by].hero:
                found.append(Fact(kind, found_by))  # type: ignore[arg-type]
    finished = {str(f.get("target") or f.get("who")): f for f in _finishes(result)}
    for name, was in people.items():
        then = now.get(name)
        if then is None:
            continue
        if _killed(was, then):
            ending = finished.get(name)
            by = str(ending["finished_by"]) if ending else last_blow.get(name)
            dropper = str(ending["dropped_by"]) if ending and ending.get("dropped_by") else None
            killer = people.get(by or "")
            if killer is not None and killer.hero and not was.hero:  # a hero's death is no foe's death blow
                found.append(Fact("kill", killer.name, name, dropped_by=dropper if dropper != killer.name else None))
        if was.hero and then.health != "dead" and (then.hp <= ALMOST_DOWN_HP or then.wounds == ALMOST_DOWN_WOUNDS):
            found.append(Fact("almost_down", name))
        if was.hero and was.health != "dead" and then.health == "dead":
            found.append(Fact("died", name, last_blow.get(name)))
    return tuple(found)
