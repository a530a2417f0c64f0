"""Many-Impaling Spear in a fight (spec 001b §2.5, 001b TV-08; X = the hero's level).

A thrown spear of his whose blow takes more than 12 - X HP from its target after Soak goes on through him to
another foe at most 5X paces from the one just hit: a new ATK roll (a thrown attack, not dodged, against the
Difficulty the crowd there gives), DAM less the range penalty counted from the foe it went through. While each
hit takes more than 12 - X, the spear goes on; it never strikes one character twice in a throw. "Appropriately
positioned" is read as: the nearest foe still able to fight within 5X paces of the one hit (between two as near,
the earlier in the notes) that the spear reaches from there. Each onward swing is inside the attack's result
(`impaled`), so in an encounter run its damage and a death blow are the hero's VP like any blow of his, and
Imprecation of Doom answers each of them. No ammunition is spent past the throw itself."""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.geometry import dist2
from runehall.systems.rune.combat.gift_doom import doom
from runehall.systems.rune.combat.missile import missile_swing, within_reach
from runehall.systems.rune.combat.resolve import Swing

SPEAR_GIFT = "many_impaling_spear"
THROWN_SPEAR = "spear_thrown"  # data/weapons.toml
IMPALED = "impaled"  # the onward swing's kind (speech/blows.py)


def carries_on(dealt: int, x: int) -> bool:
    """001b TV-08: at X = 4 the spear goes on after more than 8 post-Soak damage; at X = 11, more than 1
    (formulas.many_impaling_spear)."""
    from runehall.systems.rune.gifts.formulas import many_impaling_spear

    return x > 0 and dealt > many_impaling_spear(x).more_than


def onward_paces(x: int) -> int:
    """001b TV-08: 20 paces at X = 4, 55 at X = 11."""
    from runehall.systems.rune.gifts.formulas import many_impaling_spear

    return many_impaling_spear(x).paces


def _dealt(swing: dict[str, Any]) -> int:
    """The post-Soak damage the spear's blow took from its own target (0 on a miss or a stray)."""
    injury = swing.get("injury")
    if not swing.get("hit") or not isinstance(injury, dict) or injury.get("who") != swing.get("target"):
        return 0
    return int(injury.get("hp_lost", 0))


def next_foe(board: Board, c: Combatant, hit: Combatant, struck: set[str], x: int, weapon: Weapon) -> Combatant | None:
    """The nearest foe able to fight, not yet struck in this throw, within 5X paces of `hit` and in the spear's
    reach from there (the notes' order between equals)."""
    most = onward_paces(x) ** 2
    order = {name: i for i, name in enumerate(board.people)}
    near = sorted(
        (p for p in board.people.values() if p.side != c.side and not p.out and p.name not in struck),
        key=lambda p: (dist2(p.at, hit.at), order[p.name]),
    )
    for p in near:
        if dist2(p.at, hit.at) > most:
            return None
        if within_reach(board, c, p, weapon, hit.at) is not None:
            return p
    return None


def impale(board: Board, c: Combatant, swing: Swing, first: Any, source: Source) -> None:
    """After his thrown spear's swing: the onward swings, put inside it as `impaled` (a list, in order)."""
    x = c.gifted.level(SPEAR_GIFT) if c.hero else 0
    weapon = swing.weapon
    if not x or weapon.id != THROWN_SPEAR or not isinstance(first, dict):
        return
    chain: list[dict[str, Any]] = []
    struck, last = {swing.target}, first
    while carries_on(_dealt(last), x):
        hit = board.people[str(last["target"])]
        foe = next_foe(board, board.people[c.name], hit, struck, x, weapon)
        if foe is None:
            break
        reached = within_reach(board, board.people[c.name], foe, weapon, hit.at)
        assert reached is not None  # next_foe checked it
        ammo = board.people[c.name].weapon(weapon.id).ammo
        onward = Swing(c.name, foe.name, board.people[c.name].weapon(weapon.id), why=IMPALED, take_ripostes=False)
        last = missile_swing(board, onward, source, False, [], reached)
        last["from"] = hit.name
        last.pop("ammo_left", None)
        _keep_ammo(board, c.name, weapon.id, ammo)
        doom(board, board.people[c.name], last)  # Imprecation of Doom answers each onward hit too
        struck.add(foe.name)
        chain.append(last)
    if chain:
        first["impaled"] = chain


def _keep_ammo(board: Board, name: str, weapon_id: str, ammo: int | None) -> None:
    """The onward swing is the same spear: what the throw left of the ammunition stays."""
    c = board.people[name]
    weapons = tuple(w.model_copy(update={"ammo": ammo}) if w.id == weapon_id else w for w in c.weapons)
    board.update(name, weapons=weapons)
