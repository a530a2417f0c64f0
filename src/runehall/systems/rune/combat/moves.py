"""Actions that move or rearrange (spec 001a §6.5, §6.13, §6.16): moves of every kind, changing weapons,
standing up after a fall, and the Engagement roll.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat import gift_flight as comeuppance
from runehall.systems.rune.combat.arithmetic import shove_paces
from runehall.systems.rune.combat.board import Board, CombatAction, WhoParams
from runehall.systems.rune.combat.combatant import UNARMED, Combatant, Cover
from runehall.systems.rune.combat.effects import effect_mods
from runehall.systems.rune.combat.footing import dark, enter, escape, exit_at, high_ground, slip
from runehall.systems.rune.combat.gallery import disentangle, pinned_down
from runehall.systems.rune.combat.geometry import dist2, length, shown
from runehall.systems.rune.combat.gift_bifrost import LABEL, bifrost_bonus, count_extra, may_roll_again
from runehall.systems.rune.combat.gift_blessings import wrestlers_vp
from runehall.systems.rune.combat.gift_cracks import check_flight, flight
from runehall.systems.rune.combat.movement import (
    Strike,
    check_choices,
    check_intercepts,
    check_step,
    flight_offers,
    free_strikes,
    opportunities,
    walk,
)
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.terrain import feature
from runehall.systems.rune.limits import MAX_COMBATANTS, MapPoint

MoveKind = Literal["half", "full", "seize_ground", "seek_cover", "withdraw", "flee", "reckless"]
MOVES = {  # each kind as a refusal names it ("a half move takes Ragnar at most 3 paces")
    "half": N_("a half move"),
    "full": N_("a full move"),
    "seize_ground": N_("a seize ground move"),
    "seek_cover": N_("a seek cover move"),
    "withdraw": N_("a withdraw move"),
    "flee": N_("a flee move"),
    "reckless": N_("a reckless move"),
}
WITHDRAW_PACES = 15  # actions.toml [[noncombat]] withdraw: back away up to 15 paces
FATIGUE_DIFFICULTY = 6 + 5  # A29: a Sta roll at the default Difficulty raised by 5
STAND_DIFFICULTY = 6
ENGAGEMENT_STEP_PACES = 3  # a "slight" change of position: within the 3 paces of an Engagement


class MoveParams(RulesModel):
    who: str = Field(description="Who moves.")
    to: MapPoint = Field(description="Where to, [x, y] in paces (a straight line).")
    kind: MoveKind = Field("half", description="Half, full, seize ground, seek cover, withdraw, flee or reckless.")
    strikes: dict[str, Strike] = Field(
        max_length=MAX_COMBATANTS, default_factory=dict, description="Free attacks drawn: name -> careful/normal/none."
    )
    dodge: bool = Field(False, description="A fleer dodges the missiles shot at him.")
    intercepts: dict[str, MapPoint] = Field(
        max_length=MAX_COMBATANTS,
        default_factory=dict,
        description="Fleeing: unengaged foes who run up to 10 paces to [x, y] to strike him.",
    )
    cover: Cover | None = Field(None, description="Seeking cover: the cover he finds (third, half, full).")
    cracks: bool = Field(
        False,
        title=N_("Through the Cracks"),
        description=N_("Through the Cracks: fleeing, nobody strikes or shoots at him, but he drops his treasure."),
    )


class MoveAction(CombatAction):
    name: ClassVar[str] = "move"
    title: ClassVar[str] = N_("Move")
    summary: ClassVar[str] = "Move: half (and still act), full, seize ground, seek cover, withdraw, flee or reckless."
    Params: ClassVar[type[RulesModel]] = MoveParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        to, kind = params.to, params.kind
        limit = {
            "half": c.half_move,
            "withdraw": WITHDRAW_PACES,
            "flee": 2 * c.full_move,
            "reckless": 2 * c.full_move,
        }.get(kind, c.full_move)
        paces = check_step(board, c, to, limit, MOVES[kind], half=kind == "half")
        if params.cover is not None and kind != "seek_cover":
            raise RulesError(N_("cover is found by seeking it{flag}"), flag=typed_only(" (kind seek_cover)"))
        check_flight(board, c, params)  # Through the Cracks (gift_cracks.py)
        if kind == "withdraw":
            for e in board.engaged(c):
                if dist2(to, e.at) < dist2(c.at, e.at):
                    raise RulesError(N_("withdrawing backs away: {to} is closer to {foe}"), to=to, foe=e.name)
            offers: list[tuple[str, str]] = []
        elif kind in ("flee", "reckless"):
            offers = [] if params.cracks else flight_offers(board, c, to, kind == "reckless")
        else:
            offers = opportunities(board, c, to, (), False)
        if params.intercepts and kind != "flee":
            raise RulesError(N_("foes move to intercept a fleer only (kind flee)"))
        interceptors = check_intercepts(board, c, to, params.intercepts)
        offers += [(name, "intercept") for name, _ in interceptors]
        chosen = check_choices(board, offers, params.strikes)
        comeuppance.check(c, offers, board)  # Comeuppance Postponed (gift_flight.py)
        if kind == "reckless" and board.opt("fatigue_rule") == "sta_vs_11_one_impairment":
            c.bonus("fatigue")  # the Fatigue roll that follows must be possible
        if params.dodge and kind != "flee":
            raise RulesError(N_("dodging free shots is for a fleer"))
        if kind == "reckless":
            entry = board.entries[c.name]
            board.entries[c.name] = entry.model_copy(update={"steps": entry.steps[:1]})
        result: dict[str, Any] = {
            "who": c.name,
            "kind": kind,
            "from": list(c.at),
            "to": list(to),
            "paces": shown(paces),
        }
        exit_found = exit_at(board, c, to) if kind == "flee" else None
        if params.cracks:
            result["cracks"] = flight(board, c)  # a use spent, nobody strikes him, his treasure dropped
        start = c.at
        walk(board, c, to)
        slips = [slip(board, c.name, start, to, source)]
        burns = enter(board, c.name, start, to, source)
        for name, spot in interceptors:
            result.setdefault("intercepted_by", {})[name] = list(spot)
            start = board.people[name].at
            walk(board, board.people[name], spot)
            slips.append(slip(board, name, start, spot, source))
            burns += enter(board, name, start, spot, source)
        if any(slips):
            result["slips"] = [s for s in slips if s is not None]
        if burns:
            result["damaging_places"] = burns
        board.flag(c.name, withdrawing=kind == "withdraw", fleeing=kind == "flee", reckless=kind == "reckless")
        if kind in ("half", "full", "seize_ground", "seek_cover"):
            board.flag(c.name, move_action=True)
        if params.cover is not None:
            board.update(c.name, cover=params.cover)
        if kind == "flee" and offers:
            contests = comeuppance.contests(board, board.people[c.name], offers, chosen, source)
            if contests:
                result["comeuppance"] = contests
        if offers:
            result["free_attacks"] = free_strikes(board, c.name, offers, chosen, source, params.dodge)
        mover = board.people[c.name]
        if kind == "reckless" and mover.active:
            result["fatigue"] = fatigue(board, mover, source)
        if board.people[c.name].active and board.slot is not None:
            net = board.spend("half" if kind == "half" else "full")
            if net:
                result["net"] = net
        if exit_found is not None and board.people[c.name].active:
            result["escaped"] = escape(board, board.people[c.name], *exit_found)
        return result


def fatigue(board: Board, c: Combatant, source: Source) -> dict[str, Any]:
    """A29: Sta (Res for a foe) against 11; a failure is 1 Impairment for the rest of the encounter."""
    if board.opt("fatigue_rule") != "sta_vs_11_one_impairment":
        return {"rule": "runner decides"}
    roll, faces = stress(source)
    bonus = c.bonus("fatigue") + c.surety  # a roll to resist Impairment: the Armor of Inflexible Surety's +3X
    total = roll + bonus - c.impairment
    out: dict[str, Any] = {"faces": list(faces), "result": roll, "bonus": bonus, "total": total}
    out["success"] = total >= FATIGUE_DIFFICULTY
    if not out["success"]:
        board.update(c.name, impairment_other=c.impairment_other + 1)
        out["impairment_added"] = 1
    return out


class ChangeWeaponParams(RulesModel):
    who: str = Field(description="Who.")
    weapon: str | None = Field(None, description="The weapon to hold (unarmed to stow); careless: the belt weapon.")
    careless: bool = Field(False, description="Drop the weapon in hand and pull the belt weapon: no action.")


class ChangeWeaponAction(CombatAction):
    name: ClassVar[str] = "change_weapon"
    title: ClassVar[str] = N_("Change weapon")
    summary: ClassVar[str] = (
        "Stow one weapon and draw (or pick up) another: a half action; careless: drop it, draw the belt one."
    )
    Params: ClassVar[type[RulesModel]] = ChangeWeaponParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        if c.held:
            raise RulesError(N_("{who} is held or pinned: he can only try to break free"), who=c.name)
        if c.restraining is not None:
            raise RulesError(N_("{who} must keep his hold or let go first"), who=c.name)
        if params.careless:
            if c.belt is None:
                raise RulesError(N_("{who} has no weapon on his belt"), who=c.name)
            if params.weapon is not None and c.find_weapon(params.weapon).id != c.belt:
                raise RulesError(N_("a careless change draws the belt weapon only"))
            dropped = c.dropped if c.ready == UNARMED else (*c.dropped, c.ready)
            board.update(c.name, ready=c.belt, belt=None, dropped=dropped)
            return {"who": c.name, "dropped": c.ready, "ready": c.belt, "cost": "none"}
        if params.weapon is None:
            raise RulesError(N_("say which weapon to take in hand (or unarmed)"))
        w = c.find_weapon(params.weapon)
        if w.id == c.ready:
            raise RulesError(N_("{who} already holds the {weapon}"), who=c.name, weapon=Refusal(w.name))
        if w.id in c.dropped:  # picked up from the ground
            board.update(c.name, dropped=tuple(d for d in c.dropped if d != w.id))
        belt = None if c.belt == w.id else c.belt
        board.update(c.name, ready=w.id, belt=belt)
        result: dict[str, Any] = {"who": c.name, "ready": w.id, "cost": "half"}
        net = board.spend("half")
        if net:
            result["net"] = net
        return result


class StandUpAction(CombatAction):
    name: ClassVar[str] = "stand_up"
    title: ClassVar[str] = N_("Stand up")
    summary: ClassVar[str] = "A fallen character's Balance roll (Dex + Balance vs 6) at the start of his action."
    Params: ClassVar[type[RulesModel]] = WhoParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        slot = board.begin(c)
        if not c.fallen:
            raise RulesError(N_("{who} is on his feet"), who=c.name)
        if pinned_down(board, c) == "under":
            raise RulesError(N_("{who} cannot rise while the wendol lies on him"), who=c.name)
        if pinned_down(board, c) == "crawling":
            raise RulesError(N_("{who} is still crawling out from under the dead wendol"), who=c.name)
        if slot.stood or slot.halves:
            raise RulesError(N_("{who} tries to stand at the start of an action, once"), who=c.name)
        board.slot = slot.model_copy(update={"stood": True})
        roll, faces = stress(source)
        bonus = c.bonus("balance")
        mods = dark(board, c)
        total = roll + bonus + sum(v for _, v in mods) - c.impairment
        stands = total >= STAND_DIFFICULTY
        if stands:
            board.update(c.name, fallen=False)
            disentangle(board, c.name)
        result: dict[str, Any] = {"who": c.name, "faces": list(faces), "result": roll, "bonus": bonus, "total": total}
        if mods:
            result["modifiers"] = dict(mods)
        result["stands"] = stands
        if board.opt("stand_up_timing") == "roll_is_the_action":
            net = board.spend("full")
            if net:
                result["net"] = net
        return result


class EngagementParams(RulesModel):
    who: str = Field(description="Who makes the Engagement roll.")
    opponent: str | None = Field(None, description="Against whom (none: an object or a spot, vs the Difficulty).")
    difficulty: int = Field(6, ge=0, le=60, description="Against an object: 6, or what the designer paid for.")
    nonresisting: bool = Field(False, description="The opponent cannot or will not push back (counts as 0).")
    to: MapPoint | None = Field(None, description="On success: his own new place (a slight shift).")
    shove_to: MapPoint | None = Field(None, description="On success: where the opponent is shoved to.")


def engagement_bonus(c: Combatant) -> int:
    w = c.in_hand
    if w.engagement is not None:
        return w.engagement
    return c.bonus("engagement")


def engagement_roll(
    board: Board, c: Combatant, o: Combatant | None, source: Source, resisting: bool = False
) -> dict[str, Any]:
    """One Engagement roll: Str + weapon Ability (a supporting character resisting rolls Res), +3 for the higher
    ground over the opponent on a slope or a level, less darkness or gloom."""
    roll, faces = stress(source)
    bonus = c.bonus("res") if resisting and not c.hero else engagement_bonus(c)
    mods = dark(board, c)
    if o is not None and high_ground(board, c, o) > 0:
        mods.append(("higher ground", int(feature("slope").engagement_bonus or 0)))
    if bifrost_bonus(c):  # Shoulders Wide as Bifrost: +3X (gift_bifrost.py)
        mods.append((LABEL, bifrost_bonus(c)))
    mods += effect_mods(board, c, "engagement")  # the notes' (an ambush's surprise, encounters/ambush_play.py)
    total = roll + bonus + sum(v for _, v in mods) - c.impairment
    record: dict[str, Any] = {"who": c.name, "faces": list(faces), "result": roll, "bonus": bonus}
    if mods:
        record["modifiers"] = dict(mods)
    record["total"] = total
    return record


class EngagementAction(CombatAction):
    name: ClassVar[str] = "engagement"
    title: ClassVar[str] = N_("Break engagement")
    summary: ClassVar[str] = (
        "Engagement roll (free, once a round): Str + weapon Ability vs the opponent's, his Res, or 6."
    )
    Params: ClassVar[type[RulesModel]] = EngagementParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_phase("acting", N_("an Engagement roll"))
        c = board.get(params.who)
        board.require_able(c, N_("{who} is {state} and cannot make an Engagement roll"))
        if c.held:
            raise RulesError(N_("{who} is restrained and cannot jockey for position"), who=c.name)
        extra = c.this_round.engagement_used  # a second roll: Shoulders Wide as Bifrost's extra rolls
        if extra and not may_roll_again(board, c):
            raise RulesError(N_("{who} has made his one Engagement roll this round"), who=c.name)
        o = board.get(params.opponent) if params.opponent else None
        if o is not None and o.name == c.name:
            raise RulesError(N_("an Engagement roll is against someone else"))
        if params.to is not None and length(c.at, params.to) > ENGAGEMENT_STEP_PACES:
            raise RulesError(
                N_("an Engagement roll shifts a character by at most {paces} paces"),
                paces=ENGAGEMENT_STEP_PACES,
            )
        if params.shove_to is not None:
            if o is None:
                raise RulesError(N_("a shove needs an opponent"))
            most = shove_paces(c.strength)
            if length(o.at, params.shove_to) > most:
                raise RulesError(N_("{who} shoves at most {most} paces (1 + 2 x Str)"), who=c.name, most=most)
        board.flag(c.name, engagement_used=True)
        rolls = [engagement_roll(board, c, o, source)]
        result: dict[str, Any] = {"who": c.name, "rolls": rolls}
        if extra:
            result["extra_rolls_left"] = count_extra(board, board.people[c.name])
        before = (c.at, o.at) if o is not None else None
        success = contest(board, c, o, params, source, rolls)
        result["success"] = success
        if success:
            burns: list[dict[str, Any]] = []
            if params.to is not None:
                check_free(board, c, params.to)
                start = c.at
                board.update(c.name, at=params.to)
                burns += enter(board, c.name, start, params.to, source)
            if o is not None and params.shove_to is not None:
                check_free(board, o, params.shove_to)
                start = board.people[o.name].at
                board.update(o.name, at=params.shove_to)
                burns += enter(board, o.name, start, params.shove_to, source)
            if burns:
                result["damaging_places"] = burns
            result["shove_paces_at_most"] = shove_paces(c.strength)
        if o is not None and before is not None:  # Wrestlers' Blessing (gift_blessings.py)
            won = wrestlers_vp(board, c.name, o.name, before, params, success, len(rolls) > 1)
            if won:
                result["gift_vp"] = won
        return result


def check_free(board: Board, c: Combatant, to: tuple[int, int]) -> None:
    for other in board.people.values():
        if other.name != c.name and other.health not in ("dead", "gone") and other.at == to:
            raise RulesError(N_("{other} stands at {to}"), other=other.name, to=to)


def contest(
    board: Board, c: Combatant, o: Combatant | None, params: Any, source: Source, rolls: list[dict[str, Any]]
) -> bool:
    """Whether the roller wins; rolls again on a tie the tie rules do not settle (hero against hero, or
    supporting characters against each other)."""
    mine = int(rolls[0]["total"])
    if o is None:
        return mine >= int(params.difficulty)
    resisting = not params.nonresisting and o.active and not o.held
    for _ in range(100):
        theirs = 0
        if resisting:
            rolls.append(engagement_roll(board, o, c, source, resisting=True))
            theirs = int(rolls[-1]["total"])
        elif mine == 0 and board.opt("engagement_zero_vs_nonresisting") != "tie_rule":
            return bool(board.opt("engagement_zero_vs_nonresisting") == "success")
        if mine != theirs:
            return mine > theirs
        if c.hero != o.hero:
            return c.hero
        rolls.append(engagement_roll(board, c, o, source))
        mine = int(rolls[-1]["total"])
    raise RulesError(N_("the Engagement contest did not settle in 100 rolls"))
