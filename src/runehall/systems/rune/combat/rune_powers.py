"""Rune Powers in a fight (spec 001b §2.6; X = the hero's level in the power).

A hero who holds a power and bears a weapon of its type (any he carries and has not dropped) wakes it with "Use a
gift", which costs no action. It stays awake for its rounds, the round it woke counted (formulas.rune_rounds; the
Dwarven Battle Axe per option battle_axe_duration, A-26), then sleeps until its recharge time has passed, counted
from the end of its last round (A-24): within this fight when the recharge is counted in rounds, else not again in
this fight (the board says for how long; later fights of the run keep it asleep: run_gifts.carry_runes).

Played while awake (each on the rolls under the power's name, so the attack odds include it):
- Hand Axe: woken while initiative is rolled; +4X DFN and Soak, -4X ATK and DAM.
- Viking Short Sword: woken by a roll, Pre + X against 6 + the highest Res among the enemies in the fight (a
  straight 6 with none); success: +X Soak, added even where armour is ignored. A failed roll wakes nothing; he
  may roll again in a later round.
- Viking Broad Sword: the HP its blows take from a foe (after Soak) come back to him, never above his maximum.
- Roman Sword: +X DAM with the sword in hand.
- Dwarven Battle Axe: its blows' DAM rises by the target's Threat Category (+1 to +6; a target without one, as a
  hero, counts as Equal: +3).
- Dwarven Battle Sword: each action while awake may fire a beam at an enemy: Pre + X against his Res roll (a hero
  wins a tie against a supporting character); success: 4X damage, less his Soak, whatever cover he has.
- Mace: one blast as it wakes, flinging the X nearest 10X paces, each rolling Balance against 6 (rune_blast.py).
- Goblin Spike Club: one cone of rocks as it wakes, aimed at someone or somewhere: one ATK roll, everyone inside
  rolls DFN against it, Dam rating X (rune_cone.py).
- Dwarven Work Sword: X lightning attacks, each an attack at up to three foes within 10X paces: Per + Great Weapon +
  8 against the highest DFN among them; a higher total strikes them all, margin + 12 less Soak (rune_lightning.py).
- Four-Bladed Mace: X rounds at the heart of a raging fire 10X paces round him; at each of their ends everyone
  else within it burns, 12 + 2 a round he has burned before, armour ignored (rune_fire.py).
- Viking Axe: an enemy its blows hurt rolls Res against his Great Weapon rating; failing, he fights on the hero's
  side for X rounds, then turns on him (rune_possess.py).
- Double-Bladed Axe: an enemy its blow would hurt rolls Res against his Great Weapon rating; failing, he takes no
  HP and is a crow, out of the fight, until the power ends; then he drops, naked, and rolls Jump (rune_crow.py).
- Dwarven Work Hammer and Battle Hammer: a blow of the hammer that would hurt a target it reaches asks his Res
  against the hero's Great Weapon rating; failing, he is a statue of ice or stone, dead, no VP (rune_strike.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.rune_blast import MACE, blast
from runehall.systems.rune.combat.rune_cone import SPIKE_CLUB, aim_of, cone
from runehall.systems.rune.combat.rune_crow import DOUBLE_BLADED
from runehall.systems.rune.combat.rune_fire import FOUR_BLADED
from runehall.systems.rune.combat.rune_lightning import WORK_SWORD, lightning
from runehall.systems.rune.combat.rune_possess import VIKING_AXE
from runehall.systems.rune.combat.rune_state import UNITS, Rune
from runehall.systems.rune.combat.rune_strike import HAMMERS, need_great_weapon
from runehall.systems.rune.combat.settings import stress

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

HAND_AXE = "rune_power_hand_axe"
SHORT_SWORD = "rune_power_viking_short_sword"
BROAD_SWORD = "rune_power_viking_broad_sword"
ROMAN_SWORD = "rune_power_roman_sword"
BATTLE_AXE = "rune_power_dwarven_battle_axe"
BATTLE_SWORD = "rune_power_dwarven_battle_sword"
PLAYED = (HAND_AXE, SHORT_SWORD, BROAD_SWORD, ROMAN_SWORD, BATTLE_AXE, BATTLE_SWORD, MACE, SPIKE_CLUB, *HAMMERS,
          WORK_SWORD, FOUR_BLADED, VIKING_AXE, DOUBLE_BLADED)  # fmt: skip
ALSO = {"hand_axe": ("two_hand_axes",), "shortsword": ("two_short_swords", "shortsword_and_dagger")}
SHORT_SWORD_BASE = 6
BEAM_TIMES = 4  # a beam deals 4X
Mods = list[tuple[str, int]]


def _power(power_id: str) -> Any:
    from runehall.systems.rune.gifts.catalog import gift

    return gift(power_id)


def bears(c: Combatant, weapon: str) -> bool:
    """He bears a weapon of the type: carried, not dropped (a pair of hand axes is a hand axe too)."""
    return any(w in c.carried() for w in (weapon, *ALSO.get(weapon, ())))


def awake(board: Board, c: Combatant, power_id: str) -> int:
    """X while the power is awake for him now, else 0."""
    rune = c.gifted.runes.get(power_id)
    return rune.level if rune is not None and rune.up(board.round) else 0


def _holding(c: Combatant, weapon: str) -> bool:
    return c.ready in (weapon, *ALSO.get(weapon, ()))


def power_mods(board: Board, c: Combatant, roll: str, other: Combatant | None = None) -> Mods:
    """What c's awake powers put on his roll ("atk", "dfn", "dam" or "soak"; `other`: his opponent)."""
    from runehall.systems.rune.gifts.formulas import BATTLE_AXE_DAM

    if not c.gifted.runes:
        return []
    found: Mods = []
    x = awake(board, c, HAND_AXE)
    if x:
        found.append((_power(HAND_AXE).name, {"atk": -4, "dam": -4, "dfn": 4, "soak": 4}[roll] * x))
    x = awake(board, c, SHORT_SWORD)
    if x and roll == "soak":
        found.append((_power(SHORT_SWORD).name, x))
    x = awake(board, c, ROMAN_SWORD)
    if x and roll == "dam" and _holding(c, "roman_sword"):
        found.append((_power(ROMAN_SWORD).name, x))
    if roll == "dam" and awake(board, c, BATTLE_AXE) and _holding(c, "dwarven_battle_axe"):
        threat = other.threat if other is not None and other.threat else "equal"
        found.append((_power(BATTLE_AXE).name, BATTLE_AXE_DAM[threat]))
    return found


def drink(board: Board, a: Combatant, injury: dict[str, Any]) -> dict[str, int] | None:
    """The Viking Broad Sword awake and in hand: the HP its blow took come back to its bearer (not above his most)."""
    taken = int(injury.get("hp_lost", 0))
    a = board.people[a.name]
    if taken <= 0 or not awake(board, a, BROAD_SWORD) or not _holding(a, "viking_broadsword") or not a.active:
        return None
    hp = min(a.hp_max, a.hp + taken)
    board.update(a.name, hp=hp)
    return {"hp_gained": hp - a.hp, "hp": hp}


def _refuse_asleep(c: Combatant, found: Any, rune: Rune, board: Board) -> None:
    if rune.shots is not None and rune.up(board.round):  # the Dwarven Work Sword: counted in attacks
        raise RulesError(N_("{who}'s {power} is awake: name a foe for the lightning"), who=c.name,
                         power=Refusal(found.name))  # fmt: skip
    if rune.up(board.round):
        raise RulesError(N_("{who}'s {power} is awake until round {n}"), who=c.name, power=Refusal(found.name),
                         n=rune.until)  # fmt: skip
    if rune.ready is not None and not rune.earlier and board.round < rune.ready:
        raise RulesError(N_("{who}'s {power} sleeps until round {n}"), who=c.name, power=Refusal(found.name),
                         n=rune.ready)  # fmt: skip
    if rune.ready is None or rune.earlier:
        raise RulesError(N_("{who}'s {power} sleeps for {time} from its last round: not again in this fight"),
                         who=c.name, power=Refusal(found.name),
                         time=Refusal(UNITS[rune.unit], {"n": rune.amount}))  # fmt: skip


def wake(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """Wake the power (no action); the Dwarven Battle Sword awake with a target named fires a beam instead."""
    from runehall.systems.rune.gifts.catalog import recharge
    from runehall.systems.rune.gifts.formulas import rune_rounds, short_sword_difficulty

    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    found = _power(params.gift if params.gift in PLAYED else _id(params.gift))
    if not bears(c, str(found.weapon)):
        raise RulesError(N_("{who} bears no {weapon}: its Rune Power needs one"), who=c.name,
                         weapon=Refusal(_weapon_name(found)))  # fmt: skip
    rune = c.gifted.runes.get(found.id)
    if found.id == BATTLE_SWORD and rune is not None and awake(board, c, BATTLE_SWORD) and params.target:
        return beam(board, c, rune.level, params, source)
    if found.id == WORK_SWORD and rune is not None and awake(board, c, WORK_SWORD) and params.target:
        return {"rune": WORK_SWORD, "lightning": lightning(board, c, rune, params, source)}
    if rune is not None:
        _refuse_asleep(c, found, rune, board)
    need_great_weapon(c, found.id)  # the Dwarven Hammers (rune_strike.py)
    if found.id == HAND_AXE and board.phase != "initiative":
        raise RulesError(N_("the Hand Axe's power wakes at the start of a round, while initiative is rolled"))
    out: dict[str, Any] = {"rune": found.id}
    aim = aim_of(board, c, params.target, params.toward) if found.id == SPIKE_CLUB else None
    if found.id == SHORT_SWORD:
        if c.gifted.last_round.get(SHORT_SWORD) == board.round:
            raise RulesError(N_("{who} has tried to wake his short sword this round"), who=c.name)
        if c.gifted.presence is None:
            raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
        foes = [o for o in board.enemies(c) if o.active and o.res is not None]
        difficulty = short_sword_difficulty(max((o.bonus("res") for o in foes), default=None))
        roll, faces = stress(source)
        total = roll + c.gifted.presence + x - c.impairment
        out["roll"] = {"faces": list(faces), "result": roll, "score": c.gifted.presence + x, "total": total}
        if c.impairment:
            out["roll"]["impairment"] = -c.impairment
        out.update(difficulty=difficulty, success=total >= difficulty)
        last = {**c.gifted.last_round, SHORT_SWORD: board.round}
        board.update(c.name, gifted=c.gifted.model_copy(update={"last_round": last}))
        c = board.people[c.name]
        if not out["success"]:
            return out
    options = board.options if hasattr(board.options, "battle_axe_duration") else None
    until = board.round + rune_rounds(found.id, x, options) - 1
    time = recharge(x)
    ready = until + time.amount + 1 if time.unit == "rounds" else None
    shots = x if found.id == WORK_SWORD else None  # counted in attacks: awake until the last (rune_lightning.py)
    until, ready = (board.round, None) if shots else (until, ready)
    woken = Rune(level=x, woke=board.round, until=until, ready=ready, amount=time.amount, unit=time.unit, shots=shots)
    board.update(c.name, gifted=c.gifted.model_copy(update={"runes": {**c.gifted.runes, found.id: woken}}))
    out.update(until_round=until, recharge={"amount": time.amount, "unit": time.unit})
    if shots:
        del out["until_round"]
        out["shots"] = shots
    if ready is not None:
        out["ready_round"] = ready
    if found.id == BATTLE_SWORD and params.target:
        out["beam"] = beam(board, board.people[c.name], x, params, source)["beam"]
    if found.id == WORK_SWORD and params.target:  # the first lightning as it wakes
        out["lightning"] = lightning(board, board.people[c.name], woken, params, source)
    if found.id == MACE:  # one blast as it wakes (rune_blast.py)
        out["blast"] = blast(board, board.people[c.name], x, params.toward, source)
    if aim is not None:  # the Goblin Spike Club: one cone of rocks as it wakes (rune_cone.py)
        out["cone"] = cone(board, board.people[c.name], x, aim, source)
    return out


def _id(text: str) -> str:
    from runehall.systems.rune.combat.gift_moves import find_gift

    return str(find_gift(text).id)


def _weapon_name(found: Any) -> str:
    from runehall.systems.rune.rules import rules

    return str(rules().weapon(str(found.weapon)).name)


def beam(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """The Dwarven Battle Sword's beam: an action; Pre + X against the target's Res roll; 4X damage less Soak."""
    if c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
    d = board.get(str(params.target))
    if d.side == c.side or not d.active:
        raise RulesError(N_("the beam needs an enemy still in the fight, not {who}"), who=d.name)
    board.begin(c)
    mine, my_faces = stress(source)
    theirs, their_faces = stress(source)
    my_total = mine + c.gifted.presence + x - c.impairment
    their_total = theirs + d.bonus("res") - d.impairment
    success = my_total > their_total or (my_total == their_total and not d.hero)
    shot: dict[str, Any] = {
        "target": d.name,
        "rolls": [{"who": c.name, "faces": list(my_faces), "result": mine, "score": c.gifted.presence + x,
                   "total": my_total},
                  {"who": d.name, "faces": list(their_faces), "result": theirs, "score": d.bonus("res"),
                   "total": their_total}],
        "success": success,
    }  # fmt: skip
    if success:
        dealt = BEAM_TIMES * x
        shot.update(damage=dealt, soak=d.soak, injury=board.hurt(d.name, max(0, dealt - d.soak), c.name))
    net = board.spend("full")
    out: dict[str, Any] = {"rune": BATTLE_SWORD, "beam": shot}
    if net:
        out["net"] = net
    return out


PLAYS = dict.fromkeys(PLAYED, wake)
