"""Divine Gifts on the foes' choice of target (spec 001b §2.5; X = the hero's level; their state: watch_state.py).

- Boon of Angrboda: a foe that is neither human nor craftwerk choosing the hero as the target of its attack (by the
  flowchart, or the runner's choice for a Self-Willed foe: in the fight both are its attack move) first rolls Res
  against the hero's Disguise rating + X. Made: the attack goes ahead. Failed: it takes him for one of its comrades
  and makes no attack on him - its action is still its own, to spend on another target, and it may not choose him
  again this round. No roll (the choice stands) when the hero has already attacked that foe in this fight, or when
  the foe has no other target (no other enemy of its still able to fight and not fooled by him or another).

Which foes are human or craftwerk: the gallery's family of a foe made from the notes (Vikings are the gallery's
humans, craftwerks are craftwerks); a foe given as stats only when it is marked `inhuman` (and never a craftwerk)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gift_joy import attack_made, shun
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.watch_state import Fooled

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_people import People

BOON = "boon_of_angrboda"
HUMAN_OR_CRAFTWERK = ("Viking", "Craftwerk")  # foes.toml families


def res_roll(foe: Any, source: Any) -> tuple[int, dict[str, Any]]:
    """A foe's stress roll of Res less his Impairment, as a card records it: (total, record)."""
    roll, faces = stress(source)
    res = foe.bonus("res")
    total = roll + res - foe.impairment
    record: dict[str, Any] = {"who": foe.name, "roll": "Res", "faces": list(faces), "result": roll, "score": res,
                              "total": total}  # fmt: skip
    if foe.impairment:
        record["impairment"] = -foe.impairment
    return total, record


def boon_applies(foe: Combatant) -> bool:
    """A foe neither human nor craftwerk (the gallery's family; a foe given as stats: marked inhuman)."""
    if foe.hero:
        return False
    if foe.foe_type is None:
        return foe.inhuman
    from runehall.systems.rune.foe_data import foe_type

    return foe_type(foe.foe_type).family not in HUMAN_OR_CRAFTWERK


def _fooled(board: People, hero: Combatant, foe: str) -> bool:
    return any(f.foe == foe and f.round == board.round for f in hero.gifted.watch.fooled)


def boon(board: People, foe: Combatant, hero: Combatant, source: Source) -> dict[str, Any] | None:
    """The foe's Res roll before it attacks a hero holding Boon of Angrboda (None when the gift has no say)."""
    shun(board, foe, hero)  # The Tireless Joy-Shout: a foe he sprang away from does not choose him (gift_joy.py)
    x = hero.gifted.level(BOON) if hero.hero else 0
    if not x or not boon_applies(foe):
        return None
    if _fooled(board, hero, foe.name):
        raise RulesError(N_("{foe} took {hero} for one of its comrades this round: it must choose another target"),
                         foe=foe.name, hero=hero.name)  # fmt: skip
    if foe.name in hero.gifted.watch.attacked:
        return {"hero": hero.name, "automatic": "attacked"}
    others = [o for o in board.enemies(foe) if o.name != hero.name and o.active and not _fooled(board, o, foe.name)]
    if not others:
        return {"hero": hero.name, "automatic": "alone"}
    disguise = hero.gifted.disguise or 0
    difficulty = disguise + x
    total, record = res_roll(foe, source)
    success = total >= difficulty
    if not success:
        w = hero.gifted.watch
        watch = w.model_copy(update={"fooled": (*w.fooled, Fooled(foe=foe.name, round=board.round))})
        board.update(hero.name, gifted=hero.gifted.model_copy(update={"watch": watch}))
    return {"hero": hero.name, "rolls": [record], "disguise": disguise, "difficulty": difficulty, "success": success}


def attacked(board: People, hero: Combatant, foe: Combatant) -> None:
    """The hero holding Boon of Angrboda attacks a foe: from now on that foe's choice of him needs no roll."""
    attack_made(board, hero)  # The Tireless Joy-Shout: the attacker's next attack has come round (gift_joy.py)
    if not hero.hero or foe.hero or not hero.gifted.level(BOON) or foe.name in hero.gifted.watch.attacked:
        return
    w = hero.gifted.watch
    watch = w.model_copy(update={"attacked": (*w.attacked, foe.name)})
    board.update(hero.name, gifted=hero.gifted.model_copy(update={"watch": watch}))
