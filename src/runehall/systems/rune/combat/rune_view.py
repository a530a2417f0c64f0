"""Rune Powers on the fight's board (rune_powers.py): a "Wake the rune" move for each power of a hero that may
wake now (tried on the state like every move, so a power asleep, a weapon not borne or a Hand Axe outside the
initiative roll offers nothing; the Goblin Spike Club's cone is aimed at whom he names), "Fire a beam" at each
enemy while his Dwarven Battle Sword is awake and it is his action, "Call the lightning" at the foes in reach of his
awake Dwarven Work Sword, and a note for each power awake or asleep."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runehall.present.board import Move
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.rune_cone import SPIKE_CLUB
from runehall.systems.rune.combat.rune_lightning import WORK_SWORD, in_reach
from runehall.systems.rune.combat.rune_powers import BATTLE_SWORD, PLAYED, awake
from runehall.systems.rune.combat.rune_state import UNITS

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_view import Trial


def _name(power_id: str, words: Words) -> str:
    from runehall.systems.rune.gifts.catalog import gift

    return words(gift(power_id).name)


def rune_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    found: list[Move] = []
    for power_id in PLAYED:
        if not c.gifted.level(power_id):
            continue
        params = {"who": c.name, "gift": power_id}
        if power_id == BATTLE_SWORD and awake(board, c, power_id):
            foes = [o.name for o in board.enemies(c) if o.active]
            targets = trial.targets("use_gift", params, "target", foes)
            if targets:
                found.append(Move("use_gift", words("Fire a beam"), params=params, target="target", targets=targets,
                                  actor=c.name))  # fmt: skip
        elif power_id == WORK_SWORD and awake(board, c, power_id):  # a lightning attack (rune_lightning.py)
            found += _lightning_moves(trial, board, c, words, params)
        elif power_id == SPIKE_CLUB:  # the cone points at someone on the field
            people = [o.name for o in board.people.values() if o.name != c.name and o.health not in ("dead", "gone")]
            targets = trial.targets("use_gift", params, "target", people)
            if targets:
                title = words("Wake the rune: {power}", power=_name(power_id, words))
                found.append(Move("use_gift", title, params=params, target="target", targets=targets, actor=c.name))
        elif trial.ok("use_gift", params):
            title = words("Wake the rune: {power}", power=_name(power_id, words))
            found.append(Move("use_gift", title, params=params, actor=c.name))
    return found


def _lightning_moves(trial: Trial, board: Board, c: Combatant, words: Words, params: dict[str, str]) -> list[Move]:
    """'Call the lightning' at a foe in reach (clicked), with up to two more asked by name."""
    foes = [o.name for o in in_reach(board, c, c.gifted.level(WORK_SWORD))]
    targets = trial.targets("use_gift", params, "target", foes)
    if not targets:
        return []
    more = tuple((name, name) for name in foes)
    return [Move("use_gift", words("Call the lightning"), params=params, target="target", targets=targets,
                 ask=("also",), choices={"also": more}, actor=c.name)]  # fmt: skip


def rune_notes(board: Board, words: Words) -> list[str]:
    said: list[str] = []
    for c in board.people.values():
        for power_id, rune in c.gifted.runes.items():
            power = _name(power_id, words)
            for name, bond in rune.possessed.items():  # the Viking Axe's (rune_possess.py)
                said.append(words(N_("{who} fights for {hero} until the end of round {n}"), who=name, hero=c.name,
                                  n=words.number(bond.until)))  # fmt: skip
            if awake(board, c, power_id) and rune.shots is not None:  # counted in attacks (rune_lightning.py)
                said.append(words(N_("{who}'s {power} is awake: {n} lightning attacks left"), who=c.name,
                                  power=power, n=words.number(rune.shots)))  # fmt: skip
            elif awake(board, c, power_id):
                said.append(words(N_("{who}'s {power} is awake until round {n}"), who=c.name, power=power,
                                  n=words.number(rune.until)))  # fmt: skip
            elif rune.ready is not None and not rune.earlier and board.round < rune.ready:
                said.append(words(N_("{who}'s {power} sleeps until round {n}"), who=c.name, power=power,
                                  n=words.number(rune.ready)))  # fmt: skip
            elif rune.ready is None or rune.earlier:
                key = N_("{who}'s {power} sleeps for {time} from its last round: not again in this fight")
                time = words(UNITS[rune.unit], n=words.number(rune.amount))
                said.append(words(key, who=c.name, power=power, time=time))
    return said
