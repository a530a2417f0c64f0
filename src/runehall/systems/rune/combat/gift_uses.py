"""What each Divine Gift played as a move does in a fight (spec 001b §2.5; X = the hero's level). Each checks
that it is legal before it changes anything, and says what came of it; the usage counter is gift_moves.py's.

- Curds of Utgardaloki: 25 free VP -> 4X HP (not above his maximum), at any moment, even dying.
- The Knitting of Meat and Bone: his whole round (begun before he has acted in it): Sta + X vs 9, success gives
  back X x (total - 9) HP; shots at him that round get +6 unless he is behind cover (gift_mods.knitting).
- The Eight-Legged Horse: no action; another hero gets +X on his next ATK or DFN roll.
- Gathering Thunder: no action, once a session; Engaged with a foe after the first round: his next ATK roll gets
  +(X + the rounds the fight has lasted, this one counted).
- Mjolnir Awakes: no action; another weapon he carries is in his hand at once.
- Obscuring Mist: an action; for X rounds (this one counted) he is obscured to every shot.
- Roaring Shout of Rage: no action; Pre + X against a Res roll of the enemy with the highest Res within 10X paces
  (a hero wins a tie against a supporting character); success: every enemy that near loses X Res for the fight.
- Craven Departure: an action, an enemy Engaging him; d10 + X against d10 + the highest Res among them (a tie is
  the hero's); success: he is gone from the fight (he rejoins the party at the next event)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import health_of
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import length
from runehall.systems.rune.combat.gift_apples import APPLES, eat
from runehall.systems.rune.combat.gift_coals import COALS, wake
from runehall.systems.rune.combat.gift_cracks import CRACKS, cover
from runehall.systems.rune.combat.gift_doom import DOOM, curse
from runehall.systems.rune.combat.gift_eager import EAGER, recall
from runehall.systems.rune.combat.gift_hilt import HILT, throw
from runehall.systems.rune.combat.gift_joy import JOY, joy_shout
from runehall.systems.rune.combat.gift_lightning import LIGHTNING, bolt
from runehall.systems.rune.combat.gift_passive import gale_felled
from runehall.systems.rune.combat.gift_raven import RAVEN, pluck
from runehall.systems.rune.combat.gift_scourge import SCOURGING, scourge
from runehall.systems.rune.combat.gift_squirrel import SQUIRREL, chatter
from runehall.systems.rune.combat.gift_triggered import DYING, dying_blow
from runehall.systems.rune.combat.gift_trumpet import TRUMPET, trumpet
from runehall.systems.rune.combat.gifted import (
    CRAVEN,
    CURDS,
    GALE,
    HORSE,
    KNITTING,
    MIST,
    MJOLNIR,
    SHOUT,
    THUNDER,
    Boost,
)
from runehall.systems.rune.combat.settings import stress

Play = Callable[[Board, Combatant, int, Any, Source], dict[str, Any]]
CURDS_VP = 25
CURDS_HP = 4
KNITTING_DIFFICULTY = 9
SHOUT_PACES = 10


def able(board: Board, c: Combatant) -> None:
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))


def curds(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    g = c.gifted
    if g.left is None:
        raise RulesError(N_("this fight keeps no VP account for {who}: his curds cannot be paid for"), who=c.name)
    if g.left < CURDS_VP:
        raise RulesError(N_("{who} needs {vp} free VP for his curds and has {free}"), who=c.name, vp=CURDS_VP,
                         free=g.left)  # fmt: skip
    if c.health in ("dead", "gone"):
        raise RulesError(N_("{who} is {state}"), who=c.name, state=Refusal(N_("out of the fight")))
    if c.hp >= c.hp_max:
        raise RulesError(N_("{who} has all his HP"), who=c.name)
    hp = min(c.hp_max, c.hp + CURDS_HP * x)
    health = "active" if c.gifted.triggered.dying else health_of(hp, c.wounds, c.health, blow=False)  # Dying Blow
    board.update(c.name, hp=hp, health=health, gifted=g.model_copy(update={"spent": g.spent + CURDS_VP}))
    if health != "dying":
        board.windows.pop(c.name, None)
    return {"vp": CURDS_VP, "hp_gained": hp - c.hp, "hp": hp, "health": health, "free_vp_left": g.left - CURDS_VP}


def knitting(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    able(board, c)
    board.begin(c)
    entry = board.entries[c.name]
    slot = board.slot
    if entry.acted or (slot is not None and slot.halves):
        raise RulesError(N_("{who} knits his flesh with his whole round: he must not have acted in it"), who=c.name)
    if c.gifted.stamina is None:
        raise RulesError(N_("{who} has no Stamina given: give 'stamina' in his stats"), who=c.name)
    roll, faces = stress(source)
    total = roll + c.gifted.stamina + x - c.impairment
    gained = x * (total - KNITTING_DIFFICULTY) if total > KNITTING_DIFFICULTY else 0
    hp = min(c.hp_max, c.hp + gained)
    health = "active" if c.gifted.triggered.dying else health_of(hp, c.wounds, c.health, blow=False)  # Dying Blow
    board.update(c.name, hp=hp, health=health, gifted=c.gifted.model_copy(update={"knitting_round": board.round}))
    record = {"faces": list(faces), "result": roll, "score": c.gifted.stamina + x, "total": total}
    if c.impairment:
        record["impairment"] = -c.impairment
    board.finish()
    board.entries[c.name] = board.entries[c.name].model_copy(update={"steps": ()})  # the whole round
    success = total >= KNITTING_DIFFICULTY
    return {"roll": record, "difficulty": KNITTING_DIFFICULTY, "success": success, "hp_gained": hp - c.hp, "hp": hp}


def horse(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    able(board, c)
    if params.target is None:
        raise RulesError(N_("name the other hero the horse carries"))
    other = board.get(params.target)
    if other.name == c.name or not other.hero:
        raise RulesError(N_("The Eight-Legged Horse helps another hero, not {who}"), who=other.name)
    if not other.active:
        raise RulesError(N_("{who} is out of the fight"), who=other.name)
    boost = Boost(gift=HORSE, roll=params.roll, value=x, by=c.name)
    board.update(other.name, gifted=other.gifted.model_copy(update={"boosts": (*other.gifted.boosts, boost)}))
    return {"target": other.name, "roll": params.roll, "bonus": x}


def thunder(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    able(board, c)
    if board.round < 2 or not board.engaged(c):
        raise RulesError(N_("Gathering Thunder needs a first round of Engagement with a foe behind him"))
    if any(b.gift == THUNDER for b in c.gifted.boosts):
        raise RulesError(N_("{who}'s thunder is already gathered"), who=c.name)
    bonus = x + board.round
    boost = Boost(gift=THUNDER, roll="atk", value=bonus)
    board.update(c.name, gifted=c.gifted.model_copy(update={"boosts": (*c.gifted.boosts, boost)}))
    return {"bonus": bonus, "rounds": board.round}


def mjolnir(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    able(board, c)
    if params.weapon is None:
        raise RulesError(N_("say which weapon he takes in hand"))
    w = c.find_weapon(params.weapon)
    if w.id == c.ready:
        raise RulesError(N_("{who} already holds the {weapon}"), who=c.name, weapon=Refusal(w.name))
    if w.id in c.dropped:
        raise RulesError(N_("{who}'s {weapon} lies on the ground"), who=c.name, weapon=Refusal(w.name))
    belt = c.ready if c.belt == w.id and c.ready != "unarmed" else (None if c.belt == w.id else c.belt)
    board.update(c.name, ready=w.id, belt=belt)
    return {"ready": w.name, "put_away": c.in_hand.name}


def mist(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    able(board, c)
    board.begin(c)
    until = board.round + x - 1
    board.update(c.name, gifted=c.gifted.model_copy(update={"mist_until": until}))
    out: dict[str, Any] = {"rounds": x, "until_round": until}
    net = board.spend("full")
    if net:
        out["net"] = net
    return out


def shout(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    able(board, c)
    if board.opt("roaring_shout_limit") == "once_per_round" and c.gifted.last_round.get(SHOUT) == board.round:
        raise RulesError(N_("{who} has roared this round"), who=c.name)
    if c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
    near = [o for o in board.enemies(c) if o.active and length(o.at, c.at) <= SHOUT_PACES * x]
    if not near:
        raise RulesError(N_("no enemy stands within {paces} paces of {who}"), paces=SHOUT_PACES * x, who=c.name)
    strongest = max(near, key=lambda o: (o.bonus("res"), -o.order))
    mine, my_faces = stress(source)
    theirs, their_faces = stress(source)
    my_total = mine + c.gifted.presence + x - c.impairment
    their_total = theirs + strongest.bonus("res") - strongest.impairment
    success = my_total > their_total or (my_total == their_total and not strongest.hero)
    last = {**c.gifted.last_round, SHOUT: board.round}
    board.update(c.name, gifted=c.gifted.model_copy(update={"last_round": last}))
    if success:
        for o in near:
            board.update(o.name, res=o.bonus("res") - x)
    rolls = [
        {"who": c.name, "faces": list(my_faces), "result": mine, "score": c.gifted.presence + x, "total": my_total},
        {"who": strongest.name, "faces": list(their_faces), "result": theirs, "score": strongest.bonus("res"),
         "total": their_total},
    ]  # fmt: skip
    out: dict[str, Any] = {"rolls": rolls, "success": success}
    if success:
        out["res_lowered"] = {"by": x, "foes": [o.name for o in near]}
    return out


def craven(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    able(board, c)
    board.begin(c)
    engaging = board.engaged(c)
    if not engaging:
        raise RulesError(N_("Craven Departure needs an enemy Engaging {who}"), who=c.name)
    foe = max(engaging, key=lambda o: (o.bonus("res"), -o.order))
    mine, theirs = source.die(10), source.die(10)
    my_total, their_total = mine + x, theirs + foe.bonus("res")
    success = my_total >= their_total
    out: dict[str, Any] = {
        "against": foe.name,
        "rolls": [{"who": c.name, "faces": [mine], "result": mine, "score": x, "total": my_total},
                  {"who": foe.name, "faces": [theirs], "result": theirs, "score": foe.bonus("res"),
                   "total": their_total}],
        "success": success,
    }  # fmt: skip
    net = board.spend("full")
    if net:
        out["net"] = net
    if success and board.people[c.name].active:
        board.update(c.name, health="gone")
        board.left_the_fight(c.name)
    return out


def gale(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """Buffeting Gale, right after his melee blow hit (ATK total at least the DFN total, A-04): the foe's Res
    against 9 + X; failing it, he falls down, and the hero earns 20X VP (001b TV-13b; each later round he stays
    down earns 20X more: gift_passive.gale_rounds)."""
    from runehall.systems.rune.gifts.formulas import buffeting_gale_difficulty, buffeting_gale_vp

    able(board, c)
    latest = board.latest
    blow = latest.result.get("attack") if latest is not None and latest.action == "attack" else None
    if not isinstance(blow, dict) or blow.get("attacker") != c.name or not blow.get("hit") or "distance" in blow:
        raise RulesError(N_("Buffeting Gale follows a melee blow of {who}'s that hit, right after it"), who=c.name)
    foe = board.people.get(str(blow.get("target")))
    if foe is None or not foe.active or foe.fallen:
        raise RulesError(N_("{who} is already down"), who=str(blow.get("target")))
    difficulty = buffeting_gale_difficulty(x)
    roll, faces = stress(source)
    total = roll + foe.bonus("res") - foe.impairment
    record = {"who": foe.name, "roll": "Res", "faces": list(faces), "result": roll, "score": foe.bonus("res"),
              "total": total}  # fmt: skip
    if foe.impairment:
        record["impairment"] = -foe.impairment
    out: dict[str, Any] = {"against": foe.name, "rolls": [record], "difficulty": difficulty}
    out["success"] = total < difficulty  # the gift works when the foe fails his roll
    if out["success"]:
        board.update(foe.name, fallen=True)
        gale_felled(board, c, foe.name, x)  # his later rounds down earn more (gift_passive.gale_rounds)
        out["fallen"] = foe.name
        out["gift_vp"] = [{"hero": c.name, "gift": GALE, "vp": buffeting_gale_vp(x, 0)}]
    return out


PLAYS: dict[str, Play] = {
    CURDS: curds,
    KNITTING: knitting,
    HORSE: horse,
    THUNDER: thunder,
    MJOLNIR: mjolnir,
    MIST: mist,
    SHOUT: shout,
    CRAVEN: craven,
    GALE: gale,
    DYING: dying_blow,
    TRUMPET: trumpet,
    COALS: wake,  # Eyes Like Glowing Coals (gift_coals.py)
    DOOM: curse,  # Imprecation of Doom (gift_doom.py)
    EAGER: recall,  # The Eager Arrow (gift_eager.py)
    SCOURGING: scourge,  # Scourging of Fell Spirits (gift_scourge.py)
    RAVEN: pluck,  # The Raven Plucks an Eye (gift_raven.py)
    SQUIRREL: chatter,  # The Chattering Squirrel (gift_squirrel.py)
    APPLES: eat,  # Golden Apples' Sweetness (gift_apples.py)
    JOY: joy_shout,  # The Tireless Joy-Shout (gift_joy.py)
    HILT: throw,  # The Loyal Hilt (gift_hilt.py)
    LIGHTNING: bolt,  # Penetrating Lightning (gift_lightning.py)
    CRACKS: cover,  # Through the Cracks behind cover (gift_cracks.py; its flights: moves.py, footing.py)
}
