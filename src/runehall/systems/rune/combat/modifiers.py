"""The situational modifiers of one attack (spec 001a §6.6, §6.8-§6.9, §6.16-§6.18): the melee table for both
rolls, the missile table for the attacker's total, and the crowd around a missile's target.

Each modifier is a (label, value) pair, so a result shows where every point came from. What the state knows
(mounted, fallen, grabbed, manoeuvres, movement this round, who stands where) is read from it; what only the
runner can judge (high ground, a barrier, an off-hand weapon, a leap from a height) comes in the Situation.
"""

from __future__ import annotations

from dataclasses import dataclass

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import gang_up
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.effects import effect_mods
from runehall.systems.rune.combat.footing import cover_from_above, dark, high_ground, in_fog
from runehall.systems.rune.combat.geometry import ENGAGED, straight, within
from runehall.systems.rune.combat.gift_flight import dfn_mods as comeuppance_dfn
from runehall.systems.rune.combat.gift_mods import knitting, melee_gift_mods, missile_gift_mods, misted
from runehall.systems.rune.combat.settings import melee, melee_modifier, missile_modifier
from runehall.systems.rune.encounters.gallery_data import gallery
from runehall.systems.rune.gifts.stat_gifts import no_off_hand

Mods = list[tuple[str, int]]
LONGSHAFT = "longshaft_weapon"
CROWD_PACES = 5
EPSILON = 1e-9


@dataclass(frozen=True)
class Situation:
    """What the runner rules about one attack."""

    high_ground: str | None = None  # "attacker", "defender" or "neither"; None: as the terrain gives it
    barrier: bool = False
    off_hand: bool = False
    jump: bool = False
    charge: bool = False
    precaution: bool = False
    plain: bool = False  # a plain attack after a half action
    atk: int = 0
    dfn: int = 0


def charging(board: Board, a: Combatant, d: Combatant) -> bool:
    """He moved at least the charge distance this round along one straight line and ended Engaged with d."""
    flags = a.this_round
    needed = int(board.opt("charge_min_paces"))
    return flags.moved + EPSILON >= needed and straight(flags.path) and within(a.at, d.at, ENGAGED)


def braced(board: Board, a: Combatant, d: Combatant) -> bool:
    if not board.opt("brace_automatic"):
        return False
    minimum = int(melee()["brace"]["attacker_min_paces"])
    return d.dfn_weapon().ability == LONGSHAFT and d.this_round.moved == 0 and a.this_round.moved + EPSILON >= minimum


def melee_opponents(board: Board, d: Combatant) -> int:
    """Hostile combatants able to fight within 3 paces of the defender (not those held, netted or holding)."""
    return sum(1 for o in board.engaged(d) if not o.held and o.restraining is None)


def gang_up_penalty(board: Board, d: Combatant) -> int:
    """The DFN modifier for being outnumbered (option gang_up_formula): -2 for each opponent close enough
    beyond one (A32), or -2 for each opponent close enough other than the first one to have hit him in melee,
    and nothing before anyone has (the book's footnote read literally)."""
    if board.opt("gang_up_formula") == "after_first_hitter":
        if d.first_hit_by is None:
            return 0
        others = [o for o in board.engaged(d) if not o.held and o.restraining is None and o.name != d.first_hit_by]
        return gang_up(len(others) + 1)
    return gang_up(melee_opponents(board, d))


def check_gang_up(board: Board, d: Combatant) -> int:
    n = melee_opponents(board, d)
    most = int(melee()["gang_up"]["max_attackers_human_sized"])
    if n > most:
        raise RulesError(
            N_("{defender} already has {most} attackers around him: no more can join in melee"),
            defender=d.name,
            most=most,
        )
    return n


def melee_mods(board: Board, a: Combatant, d: Combatant, weapon: Weapon, sit: Situation) -> tuple[Mods, Mods]:
    """(ATK modifiers, DFN modifiers) of a melee attack by a on d."""
    atk: Mods = []
    dfn: Mods = []
    if sit.off_hand and not no_off_hand(a.gifted.levels):  # With Either Hand: he has no off hand
        atk.append(("off hand", melee_modifier("off_hand")))
    ground = {"attacker": 1, "defender": -1, "neither": 0}.get(str(sit.high_ground))
    if ground is None:
        ground = high_ground(board, a, d)  # as the map's levels and slopes give it
    if ground > 0:
        atk.append(("high ground", melee_modifier("high_ground")))
    elif ground < 0:
        dfn.append(("high ground", melee_modifier("high_ground")))
    atk += dark(board, a)
    dfn += dark(board, d)
    if a.mounted and not d.mounted:
        atk.append(("mounted", melee_modifier("mounted_vs_foot")))
    if d.mounted and not a.mounted:
        dfn.append(("mounted", melee_modifier("mounted_vs_foot")))
    if sit.charge:
        atk.append(("charging", melee_modifier("charging")))
    if sit.jump:
        atk.append(("jumping from a height", melee_modifier("jump_from_height")))
    if braced(board, a, d):
        dfn.append(("braced longshaft", melee_modifier("braced_longshaft")))
    if a.grabbed:
        atk.append(("grabber trap", melee_modifier("grabber_trap")))
    if d.grabbed:
        dfn.append(("grabber trap", melee_modifier("grabber_trap")))
    ganged = gang_up_penalty(board, d)
    if ganged:
        dfn.append(("outnumbered", ganged))
    if d.this_round.withdrawing:
        dfn.append(("withdrawing", melee_modifier("withdrawing")))
    dfn += comeuppance_dfn(d)  # Comeuppance Postponed: a fleer's careful-retreat DFN (gift_flight.py)
    if a.fallen and weapon.ability != LONGSHAFT:
        atk.append(("fallen", melee_modifier("fallen")))
    if d.fallen:
        tangled = d.entangled_with is not None  # a rolling tangle: -9 instead of -6 (001b §11.12)
        dfn.append(("entangled", gallery().rolling.entangled_dfn) if tangled else ("fallen", melee_modifier("fallen")))
    if sit.barrier:
        mine = weapon.need("atk", a.name) + a.dfn_weapon().need("dfn", a.name)
        theirs = d.in_hand.need("atk", d.name) + d.dfn_weapon().need("dfn", d.name)
        if mine > theirs:
            atk.append(("across a barrier", melee_modifier("barrier")))
        elif theirs > mine:
            dfn.append(("across a barrier", melee_modifier("barrier")))
    if a.this_round.maneuver == "hold_ground" and not sit.plain:
        atk.append(("hold ground", melee_modifier("hold_ground")))
    if d.this_round.maneuver == "duck_and_weave":
        dfn.append(("duck and weave", melee_modifier("duck_and_weave")))
    if sit.precaution:
        atk.append(("sparing the ally between", int(melee()["fog_of_war"]["ally_between_precaution"])))
    if sit.atk:
        atk.append(("runner", sit.atk))
    if sit.dfn:
        dfn.append(("runner", sit.dfn))
    if sit.plain and board.opt("half_action_attack_unmodified") == "no_modifiers":
        atk = [m for m in atk if m[0] == "fallen"]
    gift_atk, gift_dfn = melee_gift_mods(board, a, d, ground, sit.charge, braced(board, a, d))  # always on
    atk, dfn = atk + gift_atk, dfn + gift_dfn
    return atk + effect_mods(board, a, "atk"), dfn + effect_mods(board, d, "dfn")  # the notes' magic


def berserk_filter(board: Board, atk: Mods) -> Mods:
    """Going berserk takes no increase of any kind; decreases still count (A35) unless the option says not."""
    if not board.opt("berserk_decreases_apply"):
        return []
    return [m for m in atk if m[1] < 0]


def cover_mod(board: Board, a: Combatant, d: Combatant) -> tuple[str, int] | None:
    """The target's cover (changed by the height between shooter and target) or his being obscured (fog on the
    map too), whichever is worse for the shooter."""
    found: list[tuple[str, int]] = []
    if d.cover != "none":
        value = missile_modifier(f"cover_{d.cover}")
        found.append((f"{d.cover} cover", cover_from_above(board, a, d, value)))
    if d.obscured or in_fog(board, d) or misted(board, d):
        found.append(("obscured", missile_modifier("obscured")))
    return min(found, key=lambda m: m[1]) if found else None


def missile_mods(board: Board, a: Combatant, d: Combatant, dodging: bool, sit: Situation) -> Mods:
    """The attack modifiers of a shot by a at d, added to the attacker's total."""
    mods: Mods = []
    cover = cover_mod(board, a, d)
    if cover is not None:
        mods.append(cover)
    if d.this_round.maneuver == "duck_and_weave":
        mods.append(("target ducks and weaves", missile_modifier("ducking_and_weaving")))
    flags = d.this_round
    if flags.fleeing or flags.reckless:
        mods.append(("target flees", missile_modifier("fleeing_or_reckless")))
    elif flags.withdrawing:
        mods.append(("target withdraws", missile_modifier("withdrawing")))
    elif flags.moved > 0 and (board.opt("moving_target_definition") == "moved_this_round" or flags.move_action):
        mods.append(("target moved", missile_modifier("moving")))
    if d.grabbed:
        mods.append(("target in a grabber trap", missile_modifier("grabber_trap")))
    if dodging and d.shield_dfn:
        mods.append(("target dodges behind a shield", -d.shield_dfn))
    if dodging and not board.opt("missile_mods_apply_when_dodged"):
        mods = []
    if a.fallen:
        mods.append(("fallen", melee_modifier("fallen")))
    if a.grabbed:
        mods.append(("grabber trap", melee_modifier("grabber_trap")))
    mods += dark(board, a)
    if a.this_round.maneuver == "hold_ground" and not sit.plain:
        mods.append(("hold ground", melee_modifier("hold_ground")))
    if sit.atk:
        mods.append(("runner", sit.atk))
    mods += missile_gift_mods(board, a, d) + knitting(board, d)
    return mods + effect_mods(board, a, "atk", "missile")  # the notes' magic, a whole-area missile penalty


def crowd(board: Board, a: Combatant, d: Combatant, line_of_fire: list[str]) -> list[tuple[str, str]]:
    """Who adds +3 to a shot's Difficulty, as (name, why): the line of fire as the runner gives it, then everyone
    within 5 paces of the target in the notes' order. A stray hit picks among them in that order."""
    line = []
    for name in line_of_fire:
        o = board.get(name)
        if o.name in (a.name, d.name):
            raise RulesError(N_("{other} cannot stand in his own line of fire"), other=o.name)
        line.append((o.name, "in the line of fire"))
    near = [
        (o.name, "near the target")
        for o in board.people.values()
        if o.name not in (a.name, d.name) and o.health not in ("dead", "gone") and within(o.at, d.at, CROWD_PACES)
    ]
    return line + near
