"""The attack action: the declaration flowchart (spec 001a §6.5 A-F) checked in full before any die is rolled,
then the approach (with the free attacks it draws), then the melee or missile attack and what follows it.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, Refusal, RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.combatant import Combatant, Maneuver, Weapon
from runehall.systems.rune.combat.footing import enter, slip
from runehall.systems.rune.combat.gallery import TUBE_STRIKER, WENDOL, check_wendol_charge, duels, leap_to, preys_on
from runehall.systems.rune.combat.geometry import ENGAGED, Point, dist2, length, shown, straight, within
from runehall.systems.rune.combat.gift_coals import dodged, stare
from runehall.systems.rune.combat.gift_doom import doom
from runehall.systems.rune.combat.gift_eager import fired
from runehall.systems.rune.combat.gift_hoder import check_presence
from runehall.systems.rune.combat.gift_spear import impale
from runehall.systems.rune.combat.gift_targeting import attacked, boon
from runehall.systems.rune.combat.missile import check_not_too_close, missile_swing, reach, within_reach
from runehall.systems.rune.combat.modifiers import EPSILON, Situation, check_gang_up
from runehall.systems.rune.combat.movement import Strike, check_choices, check_step, free_strikes, opportunities, walk
from runehall.systems.rune.combat.popup import POPPED_FROM, pop_up_fire
from runehall.systems.rune.combat.resolve import Swing, melee_swing
from runehall.systems.rune.combat.settings import melee
from runehall.systems.rune.limits import MAX_COMBATANTS, MapPoint
from runehall.systems.rune.speech.common import HEALTH


class AttackParams(RulesModel):
    who: str = Field(description="The attacker.")
    target: str = Field(description="Whom he attacks.")
    weapon: str | None = Field(None, description="The weapon (default: the one in hand); readied for free if in range.")
    move_to: MapPoint | None = Field(None, description="A half move to [x, y] first, to get in range (E-F).")
    approach: bool = Field(
        False,
        title=N_("Close in"),
        description=N_("Close in first: a half move to the nearest spot that engages the target (melee)."),
    )
    maneuver: Maneuver | None = Field(None, description="Heroes: hold ground (+1 ATK) or duck and weave (+1 DFN).")
    berserk: bool = Field(False, description="Heroes with 21+ HP: ATK + DFN, no increases, then a free counter.")
    sever: bool = Field(False, description="Heroes with a sword or axe: take the arm if the blow allows (odd d10).")
    charge: bool | None = Field(None, description="+3 ATK for 10+ straight paces this round (default: worked out).")
    high_ground: Literal["attacker", "defender", "neither"] | None = Field(
        None, description="Who has the terrain advantage (default: as the map's terrain gives it)."
    )
    barrier: bool = Field(False, description="They fight across a barrier.")
    off_hand: bool = Field(False, description="The weapon is held in the off hand.")
    jump: bool = Field(False, description="He jumps onto the foe from a height.")
    dodge: bool = Field(False, description="Missiles: the target dodges (free).")
    pop_up_dodge: bool = Field(False, description="Shooting from full cover: he dodges the shot it draws back at him.")
    line_of_fire: list[str] = Field(
        default_factory=list, max_length=MAX_COMBATANTS, description="Missiles: who stands in the line of fire."
    )
    ally_between: str | None = Field(None, description="An ally standing directly between attacker and target.")
    swerve_to: str | None = Field(
        None,
        max_length=60,
        description="The Remorse of Hoder: the foe the struck ally's player turns a stray missile onto (default: "
        "the nearest to that ally).",
    )
    precaution: bool = Field(False, description="Strike at -6 so as not to hit the ally between.")
    strikes: dict[str, Strike] = Field(
        max_length=MAX_COMBATANTS, default_factory=dict, description="Free attacks the approach draws: name -> choice."
    )
    ripostes: bool = Field(True, description="Whoever earns a riposte takes it.")
    counter: bool = Field(True, description="The berserk's target strikes back if he still stands.")
    wendol_charge: bool = Field(
        False, description="A wendol's first attack on a target 30+ paces away: it lands on him (armor-ignoring)."
    )
    bypass_hostage: bool = Field(True, description="Beating a captor's DFN by 10+: bypass the hostage he holds.")
    leap_to: MapPoint | None = Field(
        None, description="A Sark Amen's bound to [x, y] (up to 20 paces, over anything), striking as it lands."
    )
    atk_modifier: int = Field(0, ge=-30, le=30, description="Other ATK modifiers the runner rules (an ambush...).")
    dfn_modifier: int = Field(0, ge=-30, le=30, description="Other DFN modifiers the runner rules.")


def in_range(board: Board, c: Combatant, t: Combatant, weapon: Weapon, at: Point) -> bool:
    if not weapon.ranged:
        return within(at, t.at, ENGAGED)
    reach(board, c, t, weapon, at)
    return True


def would_charge(board: Board, c: Combatant, t: Combatant, to: Point | None) -> bool:
    flags = c.this_round
    path = flags.path or (c.at,)
    moved = flags.moved
    if to is not None:
        path, moved = (*path, to), moved + length(c.at, to)
    end = to or c.at
    needed = int(board.opt("charge_min_paces"))
    return moved + EPSILON >= needed and straight(path) and within(end, t.at, ENGAGED)


class AttackAction(CombatAction):
    name: ClassVar[str] = "attack"
    title: ClassVar[str] = N_("Attack")
    summary: ClassVar[str] = "Attack a target in range (or after a half move): ATK roll vs DFN roll, Dodge or 6."
    Params: ClassVar[type[RulesModel]] = AttackParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c, t = board.get(params.who), board.get(params.target)
        if c.name == t.name:
            raise RulesError(N_("{who} cannot attack himself"), who=c.name)
        slot = board.begin(c)
        if c.held:
            raise RulesError(N_("{who} is held or pinned: he can only try to break free"), who=c.name)
        if c.restraining is not None:
            raise RulesError(
                N_("{who} must spend his actions keeping {restraining} restrained (or release him)"),
                who=c.name,
                restraining=c.restraining,
            )
        if c.foe_type == TUBE_STRIKER:
            raise RulesError(N_("a tube-striker strikes as its die says: bite or grab ({how})"),
                             how=Named("tube_strike", N_("strike with the tentacles")))  # fmt: skip
        if c.entangled_with is not None:
            raise RulesError(N_("{who} is tangled up with {other}: no attacks until one of them stands"), who=c.name,
                             other=c.entangled_with)  # fmt: skip
        if c.clamped and board.opt("land_crab_clamp") == "no_attacks":
            raise RulesError(N_("{who} has clamped up and makes no attacks"), who=c.name)
        if t.side == c.side and not preys_on(c, t) and not duels(c, t):  # a bought wendol; a hero's own choice
            raise RulesError(
                N_("{target} fights on {who}'s side: aiming at a friend always fails"), target=t.name, who=c.name
            )
        if t.health in ("dead", "gone"):
            raise RulesError(N_("{target} is {state}"), target=t.name, state=Refusal(HEALTH[t.health]))
        weapon = c.find_weapon(params.weapon) if params.weapon else c.in_hand
        if weapon.id in c.dropped:
            raise RulesError(
                N_("{who}'s {weapon} lies on the ground: pick it up first ({how})"),
                how=Named("change_weapon", N_("change weapon")),
                who=c.name,
                weapon=Refusal(weapon.name),
            )
        plain = slot.halves == 1
        if params.leap_to is not None:
            leap_to(board, c, t, params.leap_to, params.move_to, plain)
            c = board.people[c.name]
        to = params.move_to
        if plain:
            if t.name not in slot.engaged or not within(c.at, t.at, ENGAGED):
                raise RulesError(
                    N_("after a half action only a plain attack on a foe Engaged since the action began fits")
                )
            if params.maneuver or to is not None or params.berserk:
                raise RulesError(N_("the attack after a half action is a plain one: no manoeuvre, move or berserk"))
        start_in_range = _in_range_or_none(board, c, t, weapon, c.at)
        if params.approach and to is None and not start_in_range and not plain:
            to = closing_spot(board, c, t, weapon)
        if to is None and not start_in_range:
            raise RulesError(
                N_("{target} is out of range of {who}'s {weapon}: move first{how} if a half move reaches"),
                how=typed_only(" (move_to)"),
                target=t.name,
                who=c.name,
                weapon=Refusal(weapon.name),
            )
        if to is not None:
            if start_in_range:
                raise RulesError(
                    N_("{target} is already in range: attack from where {who} stands"), target=t.name, who=c.name
                )
            if weapon.id != c.ready:
                raise RulesError(
                    N_("to attack after moving, the {weapon} must be in hand before the move"),
                    weapon=Refusal(weapon.name),
                )
            check_step(board, c, to, c.half_move, N_("a half move"), half=True)
            if not in_range(board, c, t, weapon, to):
                raise RulesError(N_("from {to} {target} is still out of range"), to=to, target=t.name)
        readied = weapon.id != c.ready
        if params.pop_up_dodge and not (weapon.ranged and c.cover == POPPED_FROM):
            raise RulesError(N_("only someone shooting from full cover draws a shot he might dodge"))
        if params.wendol_charge:
            check_wendol_charge(c, t, weapon.ranged)
        check_presence(c, weapon)  # The Remorse of Hoder may ask his Presence (gift_hoder.py)
        if params.swerve_to is not None and board.get(params.swerve_to).side == c.side:
            raise RulesError(N_("a stray missile swerves onto a foe, not onto {who}"), who=params.swerve_to)
        self._check_declarations(board, c, weapon, params, plain, readied, to, slot.in_hand)
        charge = would_charge(board, c, t, to) and not weapon.ranged
        if params.charge and not charge:
            raise RulesError(
                N_("a charge needs {paces}+ paces this round on a straight path to {target}"),
                paces=board.opt("charge_min_paces"),
                target=t.name,
            )
        if params.charge is False:
            charge = False
        ally = board.get(params.ally_between) if params.ally_between else None
        if ally is not None and (ally.side != c.side or ally.name == c.name):
            raise RulesError(N_("{ally} is not an ally of {who}"), ally=ally.name, who=c.name)
        offers = opportunities(board, c, to, (t.name,), True) if to is not None else []
        chosen = check_choices(board, offers, params.strikes)
        if not offers and params.strikes:
            raise RulesError(N_("this attack draws no free attacks"))
        if not weapon.ranged:
            _check_crowding(board, c, t, to)

        result: dict[str, Any] = {"who": c.name, "target": t.name, "step": slot.step}
        angrboda = boon(board, c, t, source)  # Boon of Angrboda: the foe's Res roll before it may attack him
        if angrboda is not None:
            result["angrboda"] = angrboda
            if angrboda.get("success") is False:  # taken for a comrade: no attack, the action still his
                return result
        coals = stare(board, c, t, source, board.options) if weapon.ranged else None  # Eyes Like Glowing Coals
        if coals is not None:
            result["coals"] = coals
            if not coals["success"]:  # it may not shoot at him: no shot, the action still its own
                return result
        attacked(board, c, t)
        if readied:
            board.update(c.name, ready=weapon.id)
            result["readied"] = weapon.name
        if to is not None:
            start = c.at
            result["moved"] = {"to": list(to), "paces": shown(walk(board, c, to))}
            slipped = slip(board, c.name, start, to, source)
            if slipped is not None:
                result["slip"] = slipped
            burns = enter(board, c.name, start, to, source)
            if burns:
                result["damaging_places"] = burns
            if offers:
                result["free_attacks"] = free_strikes(board, c.name, offers, chosen, source)
            if not board.people[c.name].active:
                result["attack"] = "none: he fell on the way"
                return result
        if not c.hero:
            board.update(c.name, last_target=t.name)
        if c.foe_type == WENDOL and t.name not in c.struck:
            board.update(c.name, struck=(*c.struck, t.name))
        if params.maneuver:
            board.flag(c.name, maneuver=params.maneuver)
        sit = Situation(
            high_ground=params.high_ground,
            barrier=params.barrier,
            off_hand=params.off_hand,
            jump=params.jump,
            charge=charge,
            precaution=params.precaution,
            plain=plain,
            atk=params.atk_modifier,
            dfn=params.dfn_modifier,
        )
        weapon = board.people[c.name].weapon(weapon.id)
        swing = Swing(
            c.name,
            t.name,
            weapon,
            sit=sit,
            berserk=params.berserk,
            counter=params.counter,
            take_ripostes=params.ripostes,
            sever=params.sever,
            ally_between=ally.name if ally is not None else None,
            pounce=params.wendol_charge,
            leap=board.people[c.name].bonus("res") if params.leap_to is not None else 0,
            bypass_hostage=params.bypass_hostage,
        )
        if weapon.ranged:
            reached = reach(board, board.people[c.name], board.people[t.name], weapon)
            result["attack"] = missile_swing(
                board, swing, source, params.dodge, params.line_of_fire, reached, params.swerve_to
            )
            impale(board, c, swing, result["attack"], source)  # Many-Impaling Spear goes on (gift_spear.py)
            fired(board, c, weapon, t.name, result["attack"])  # The Eager Arrow notes the arrow (gift_eager.py)
            if params.dodge and dodged(board, board.people[t.name]):  # the glow of his eyes goes out
                result["coals_out"] = t.name
        else:
            if params.dodge or params.line_of_fire:
                raise RulesError(N_("dodging and the line of fire are for missiles"))
            result["attack"] = melee_swing(board, swing, source)
        doom(board, c, result["attack"])  # Imprecation of Doom: the cursed foe's share (gift_doom.py)
        if board.people[c.name].active and board.slot is not None:
            net = board.finish()
            if net:
                result["net"] = net
        if isinstance(result["attack"], dict) and result["attack"].get("hit") is False:
            board.missed_last = c.name  # the moment right after a miss (Flesh Cries Out for Piercing)
        if weapon.ranged and c.cover == POPPED_FROM and board.people[c.name].active:
            result["pop_up_fire"] = pop_up_fire(board, c.name, source, params.pop_up_dodge)
        return result

    def _check_declarations(
        self,
        board: Board,
        c: Combatant,
        weapon: Weapon,
        params: Any,
        plain: bool,
        readied: bool,
        to: Point | None,
        held: str,
    ) -> None:
        if params.maneuver:
            if not c.hero:
                raise RulesError(N_("only heroes hold ground or duck and weave"))
            if readied or to is not None or held != weapon.id:
                raise RulesError(N_("a manoeuvre needs the action begun in range with the weapon already in hand"))
            chosen = c.this_round.maneuver
            if chosen is not None and chosen != params.maneuver:
                raise RulesError(
                    N_("{who} chose {manoeuvre} this round and cannot switch"),
                    who=c.name,
                    manoeuvre=Refusal(chosen.replace("_", " ")),
                )
        if params.berserk:
            if not c.hero:
                raise RulesError(N_("only heroes go berserk"))
            least = int(melee()["berserk"]["min_current_hp"])
            if c.hp < least:
                raise RulesError(
                    N_("berserk needs current HP of {least} or more; {who} has {hp}"), least=least, who=c.name, hp=c.hp
                )
            if weapon.ranged:
                raise RulesError(N_("going berserk is a melee attack"))
        if params.sever and not c.hero:
            raise RulesError(N_("only heroes sever arms"))
        if params.precaution and not params.ally_between:
            raise RulesError(
                N_("the precaution spares an ally between: name him{flag}"), flag=typed_only(" (ally_between)")
            )


def closing_spot(board: Board, c: Combatant, t: Combatant, weapon: Weapon) -> Point:
    """Where a half move takes c to engage t with a melee weapon: of the spots from which t is in reach and
    that a half move may end on, the nearest to c (then the nearest to t, then the lowest x and y)."""
    if weapon.ranged:
        raise RulesError(N_("closing in is for a melee weapon: a missile shoots from where it stands"))
    x, y = t.at
    spots = sorted(
        ((x + dx, y + dy) for dx in range(-ENGAGED, ENGAGED + 1) for dy in range(-ENGAGED, ENGAGED + 1)),
        key=lambda p: (dist2(p, c.at), dist2(p, t.at), p),
    )
    for spot in spots:
        if spot == t.at or not within(spot, t.at, ENGAGED) or not within(spot, c.at, c.half_move):
            continue
        try:
            check_step(board, c, spot, c.half_move, N_("a half move"), half=True)
        except RulesError:
            continue
        return spot
    raise RulesError(N_("no spot a half move reaches puts {target} within {who}'s reach"), target=t.name, who=c.name)


def _in_range_or_none(board: Board, c: Combatant, t: Combatant, weapon: Weapon, at: Point) -> bool:
    """In range now? For a ranged weapon, too close is an error (no shot inside the minimum distance)."""
    if weapon.ranged:
        check_not_too_close(board, t, weapon, at)
        return within_reach(board, c, t, weapon, at) is not None
    return within(at, t.at, ENGAGED)


def _check_crowding(board: Board, c: Combatant, t: Combatant, to: Point | None) -> None:
    """A fifth melee attacker cannot join in on one defender."""
    moved = board.people[c.name].model_copy(update={"at": to or c.at})
    before = board.people[c.name]
    board.people[c.name] = moved
    try:
        check_gang_up(board, t)
    finally:
        board.people[c.name] = before
