"""The round's frame (spec 001a §6.1-§6.4): initiative rolls and extra actions, heroes' roll-offs, waiting to
cut in, passing, and the end of the round (Step Four) or of the fight.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat import extras
from runehall.systems.rune.combat.board import Board, CombatAction, WhoParams
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.effects import effect_mods
from runehall.systems.rune.combat.footing import dark, exposure, init_ground
from runehall.systems.rune.combat.gallery import round_start, wendol_round
from runehall.systems.rune.combat.gift_agony import agony_ends
from runehall.systems.rune.combat.gift_cup import cup_holds
from runehall.systems.rune.combat.gift_joy import calm_at_start
from runehall.systems.rune.combat.gift_mods import storm
from runehall.systems.rune.combat.gift_passive import gale_rounds
from runehall.systems.rune.combat.gift_raven import raven_mods
from runehall.systems.rune.combat.gift_sleipnir import first_initiative
from runehall.systems.rune.combat.gift_squirrel import squirrel_rounds
from runehall.systems.rune.combat.gift_triggered import dying_blows_end
from runehall.systems.rune.combat.legendary_play import einherjar_rounds
from runehall.systems.rune.combat.legendary_sparks import dazzle_rounds
from runehall.systems.rune.combat.rune_crow import crows_land
from runehall.systems.rune.combat.rune_fire import fire_rounds
from runehall.systems.rune.combat.rune_possess import possession_rounds
from runehall.systems.rune.combat.settings import init_modifier, stress
from runehall.systems.rune.combat.state import NONCOMBAT, Entry
from runehall.systems.rune.gifts.stat_gifts import extra_action_steps
from runehall.systems.rune.limits import MAX_NAMED, MAX_STEP

Situation = Literal["high_ground", "low_ground", "jockeyed"]
MAX_ROLL_OFFS = 100


class InitiativeParams(RulesModel):
    who: str = Field(description="Who rolls.")
    plan: str | None = Field(None, description="The weapon he means to use, unarmed, or noncombat (default: in hand).")
    situation: list[Situation] = Field(
        max_length=MAX_NAMED,
        default_factory=list,
        description="High or low ground (where he starts), jockeyed (last round he only jockeyed).",
    )
    modifier: int = Field(0, ge=-30, le=30, description="Other modifiers the runner declares (Gifts, traps...).")


def init_score(c: Combatant, plan: str) -> tuple[str, int]:
    if plan == NONCOMBAT:
        if c.init_noncombat is None and not c.hero:
            return NONCOMBAT, c.in_hand.need("init", c.name)  # a foe's one INIT score
        return NONCOMBAT, c.bonus("init_noncombat")
    w = c.find_weapon(plan)
    if w.id in c.dropped:
        raise RulesError(N_("{who}'s {weapon} lies on the ground"), who=c.name, weapon=Refusal(w.name))
    return w.id, w.need("init", c.name)


def plan_weapon(c: Combatant, plan: str) -> dict[str, str]:
    """The planned weapon's name for the log (as an attack names it): a foe's weapon id is no word."""
    return {} if plan == NONCOMBAT else {"weapon": c.find_weapon(plan).name}


class InitiativeAction(CombatAction):
    name: ClassVar[str] = "initiative"
    title: ClassVar[str] = N_("Roll initiative")
    summary: ClassVar[str] = "Roll one combatant's initiative: stress roll + INIT of his plan + situation - Impairment."
    Params: ClassVar[type[RulesModel]] = InitiativeParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_phase("initiative", N_("rolling initiative"))
        c = board.get(params.who)
        board.require_able(c, N_("{who} is {state} and cannot roll initiative"))
        if c.name in board.entries:
            raise RulesError(N_("{who} has already rolled initiative this round"), who=c.name)
        first_initiative(board, board.round, len(board.entries))  # Swiftness of Sleipnir (gift_sleipnir.py)
        calm_at_start(board, len(board.entries))  # The Tireless Joy-Shout: who began the round disengaged (gift_joy.py)
        if "high_ground" in params.situation and "low_ground" in params.situation:
            raise RulesError(N_("he starts on high ground or on low ground, not both"))
        wanted = (params.plan or c.ready).strip().casefold()
        if wanted.replace("-", "").replace("_", "").replace(" ", "") == NONCOMBAT:
            wanted = NONCOMBAT
        plan, score = init_score(c, wanted)
        mods: dict[str, int] = {}
        for s in params.situation:
            mods[s] = c.bonus("per") if s == "jockeyed" else init_modifier(s)
        ground = init_ground(board, c)
        if ground is not None and not {"high_ground", "low_ground"} & set(params.situation):
            mods[ground[0]] = ground[1]
        mods.update(dark(board, c))
        mods.update(effect_mods(board, c, "init"))
        mods.update(raven_mods(board, c, "init", score))  # The Raven Plucks an Eye (gift_raven.py)
        if c.mounted:
            mods["mounted"] = c.ride
        if params.modifier:
            mods["runner"] = params.modifier
        roll, faces = stress(source)
        total = roll + score + sum(mods.values()) - c.impairment
        for gift, bonus in storm(c, total):  # a total over 20 grows, and may give him more actions
            mods[gift] = bonus
            total += bonus
        steps = extra_action_steps(total, c.gifted.levels)  # Frost-Speeded Heels' INIT earns no extra action
        lost: tuple[int, ...] = ()
        if c.loses_action:  # a pop-up's opportunistic shot cost him this action (001b §11.3)
            lost, steps = steps[:1], steps[1:]
            board.update(c.name, loses_action=False)
        board.entries[c.name] = Entry(name=c.name, plan=plan, score=score, total=total, faces=faces, steps=steps)
        result: dict[str, Any] = {"who": c.name, "plan": plan, **plan_weapon(c, plan)}
        result.update(faces=list(faces), roll=roll, score=score)
        if mods:
            result["modifiers"] = mods
        if c.impairment:
            result["impairment"] = -c.impairment
        result.update(total=total, steps=list(steps))
        if lost:
            result["lost_action"] = list(lost)
        missing = [p.name for p in board.people.values() if p.active and p.name not in board.entries]
        if missing:
            result["still_to_roll"] = missing
            return result
        board.initiative_done()
        result["phase"] = board.phase
        if board.phase == "acting":
            result["order"] = schedule(board)
        return result


class ReplanParams(RulesModel):
    who: str = Field(description="Who changes his plan before his first action of the round.")
    plan: str = Field(description="The weapon he now means to use, unarmed, or noncombat.")


class ReplanAction(CombatAction):
    name: ClassVar[str] = "replan"
    title: ClassVar[str] = N_("Change plan")
    summary: ClassVar[str] = (
        "Change the initiative plan before acting: the same die with the new plan's INIT (unless the table fixes it)."
    )
    Params: ClassVar[type[RulesModel]] = ReplanParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.opt("init_plan_fixed"):
            raise RulesError(
                N_("the initiative plan is fixed once rolled at this table ({rule})"),
                rule=option_rule("init_plan_fixed", N_("the table's rules")),
            )
        if board.phase not in ("initiative", "tiebreak", "acting"):
            raise RulesError(N_("the fight is over ({ended})"), ended=board.why_over())
        c = board.get(params.who)
        board.require_able(c, N_("{who} is {state} and cannot change his plan"))
        entry = board.entries.get(c.name)
        if entry is None:
            raise RulesError(
                N_("{who} has not rolled initiative this round: his plan is chosen with the roll"), who=c.name
            )
        if c.this_round.acted or (board.slot is not None and board.slot.who == c.name) or entry.waiting:
            raise RulesError(N_("{who} has begun acting this round: his plan can change only before that"), who=c.name)
        wanted = params.plan.strip().casefold()
        if wanted.replace("-", "").replace("_", "").replace(" ", "") == NONCOMBAT:
            wanted = NONCOMBAT
        plan, score = init_score(c, wanted)
        if plan == entry.plan:
            raise RulesError(N_("{who}'s plan already is {plan}"), who=c.name, plan=plan)
        total = entry.total - entry.score + score
        steps = extra_action_steps(total, c.gifted.levels)
        if board.phase == "acting" and board.last_step is not None and steps[0] > board.last_step:
            raise RulesError(
                N_("with that plan {who} would act at step {step}, which the round has passed ({last_step})"),
                who=c.name,
                step=steps[0],
                last_step=board.last_step,
            )
        board.entries[c.name] = entry.model_copy(update={"plan": plan, "score": score, "total": total, "steps": steps})
        result: dict[str, Any] = {"who": c.name, "plan": plan, **plan_weapon(c, plan)}
        result.update(score=score, total=total, steps=list(steps))
        if board.phase == "tiebreak" and not board.roll_offs_needed():
            board.phase = "acting"
        if board.phase == "acting":
            result["order"] = schedule(board)
        return result


def schedule(board: Board) -> list[str]:
    slots = [(board.order_key(n, s), f"{n} {s}") for n, e in board.entries.items() for s in e.steps]
    return [label for _, label in sorted(slots)]


class TiebreakAction(CombatAction):
    name: ClassVar[str] = "tiebreak"
    title: ClassVar[str] = N_("Break a tie")
    summary: ClassVar[str] = "Heroes on the same step with as many Gifts roll off (stress rolls, ties roll again)."
    Params: ClassVar[type[RulesModel]] = RulesModel
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_phase("tiebreak", N_("a roll-off"))
        rolls: list[dict[str, Any]] = []
        for _ in range(MAX_ROLL_OFFS):
            groups = board.roll_offs_needed()
            if not groups:
                break
            for name in [n for g in groups for n in g]:
                roll, faces = stress(source)
                e = board.entries[name]
                board.entries[name] = e.model_copy(update={"tiebreak": (*e.tiebreak, roll)})
                rolls.append({"who": name, "faces": list(faces), "roll": roll})
        board.phase = "acting"
        return {"roll_offs": rolls, "order": schedule(board)}


class WaitAction(CombatAction):
    name: ClassVar[str] = "wait"
    title: ClassVar[str] = N_("Wait")
    summary: ClassVar[str] = (
        "Pass your step to cut in after someone else's action (acting at s moves the next to s-20)."
    )
    Params: ClassVar[type[RulesModel]] = WhoParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_phase("acting", N_("waiting"))
        c = board.get(params.who)
        board.require_able(c, N_("{who} is {state} and cannot wait"))
        up = board.next_up()
        if board.slot is not None or up is None or up[0] != c.name:
            turn = board.slot.who if board.slot is not None else (up[0] if up else "nobody")
            raise RulesError(N_("only the one whose step has come may wait, and it is {turn}'s turn"), turn=turn)
        entry = board.entries[c.name]
        board.entries[c.name] = entry.model_copy(update={"waiting": True, "waited_at": up[1], "may_interrupt": False})
        return {"who": c.name, "waits_from": up[1]}


class CutInParams(RulesModel):
    who: str = Field(description="A waiting character.")
    at_step: int | None = Field(
        None, le=MAX_STEP, description="The step he acts at (default: just after the last action)."
    )


class CutInAction(CombatAction):
    name: ClassVar[str] = "cut_in"
    title: ClassVar[str] = N_("Cut in")
    summary: ClassVar[str] = "A waiting character cuts in at a chosen step; his next action moves to that step - 20."
    Params: ClassVar[type[RulesModel]] = CutInParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        entry = board.entries.get(c.name)
        if entry is None or not entry.waiting:
            raise RulesError(N_("{who} is not waiting"), who=c.name)
        slot = board.begin(c, params.at_step)
        return {"who": c.name, "step": slot.step, "later_steps": list(board.entries[c.name].steps[1:])}


class PassAction(CombatAction):
    name: ClassVar[str] = "pass"
    title: ClassVar[str] = N_("Pass")
    summary: ClassVar[str] = "Give up the action (or the rest of it); a restrainer who passes lets go."
    Params: ClassVar[type[RulesModel]] = WhoParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        slot = board.begin(c)
        result: dict[str, Any] = {"who": c.name, "step": slot.step}
        if c.restraining is not None:
            result["released"] = board.release(c.name)
        board.finish(acted=False)  # giving up the action is not taking one: a net does not bite
        return result


class EndRoundAction(CombatAction):
    name: ClassVar[str] = "end_round"
    title: ClassVar[str] = N_("End the round")
    summary: ClassVar[str] = (
        "Step Four: when no action is left, the round ends; a new one starts if both sides can fight."
    )
    Params: ClassVar[type[RulesModel]] = RulesModel
    random: ClassVar[bool] = True  # Stamina rolls in damaging places

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_phase("acting", N_("ending the round"))
        if board.slot is not None:
            raise RulesError(N_("{who} is in the middle of an action"), who=board.slot.who)
        up = board.next_up()
        if up is not None:
            raise RulesError(
                N_("{who} still has an action at step {step} (take it, wait or pass)"), who=up[0], step=up[1]
            )
        lost = [n for n, e in board.entries.items() if e.waiting]
        exposed = exposure(board, source)
        fire = fire_rounds(board)  # the Four-Bladed Mace's fire burns everyone near him (rune_fire.py)
        freed = possession_rounds(board)  # the Viking Axe's possessed foes go back (rune_possess.py)
        landed = crows_land(board, source)  # the Double-Bladed Axe's crows drop (rune_crow.py)
        died = [p for p, w in board.windows.items() if w.round < board.round and not cup_holds(board, p, w, True)]
        for patient in died:
            board.die(patient)
        last_blows = dying_blows_end(board, everyone=False)  # Dying Blow's rounds are over (gift_triggered.py)
        gales = gale_rounds(board)  # foes still down from a Buffeting Gale (gift_passive.py)
        regained = einherjar_rounds(board)  # Einherjar's Armor's HP back (legendary_play.py)
        dazzle_rounds(board)  # the Blinding Armor's dazzled strikers (legendary_sparks.py)
        board.reset_round()
        risen = round_start(board, source)  # undead foes left down may rise; risen ones regain HP
        crawling = wendol_round(board)
        around = extras.round_start(board, source)  # the decoys' panic die, hostages loose
        result: dict[str, Any] = {"round": board.round}
        if around:
            result["extras"] = around
        if risen:
            result["undead"] = risen
        if crawling:
            result["wendol"] = crawling
        if lost:
            result["waited_too_long"] = lost
        if exposed:
            result["damaging_places"] = exposed
        if fire:
            result["rune_fire"] = fire
        if freed:
            result["possession_ends"] = freed
        if landed:
            result["crows_land"] = landed
        if died:
            result["died_unrevived"] = died
        if gales:
            result["gift_vp"] = gales
        if regained:
            result["einherjar"] = regained
        sides = sorted({c.side for c in board.people.values() if c.active})
        down = any(c.undead_down and c.health == "incapacitated" for c in board.people.values())
        if len(sides) < 2 and not board.windows and not down:
            board.phase = "over"
            board.ended = f"{sides[0]} hold the field" if sides else "nobody is left standing"
            result["ended"] = board.ended
            last_blows += dying_blows_end(board, everyone=True)
            if last_blows:
                result["dying_blow_ended"] = last_blows
            agony = agony_ends(board)  # Agony Postponed's damage, now he stops fighting (gift_agony.py)
            if agony:
                result["agony"] = agony
            return result
        if last_blows:
            result["dying_blow_ended"] = last_blows
        board.round += 1
        board.phase = "initiative"
        spread = squirrel_rounds(board, source)  # The Chattering Squirrel's chain (gift_squirrel.py)
        if spread:
            result["squirrel"] = spread
        result["next_round"] = board.round
        return result


class EndCombatParams(RulesModel):
    why: str = Field("the runner ended the fight", max_length=200, description="Why the fight ends.")


class EndCombatAction(CombatAction):
    name: ClassVar[str] = "end_combat"
    title: ClassVar[str] = N_("End the fight")
    summary: ClassVar[str] = "The runner ends the fight now (a surrender, a truce...)."
    Params: ClassVar[type[RulesModel]] = EndCombatParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.phase == "over":
            raise RulesError(N_("the fight is already over ({ended})"), ended=board.why_over())
        board.phase = "over"
        board.ended = params.why
        board.slot = None
        last_blows = dying_blows_end(board, everyone=True)  # the fight ends: so do their last rounds
        out: dict[str, Any] = {"ended": params.why}
        if last_blows:
            out["dying_blow_ended"] = last_blows
        agony = agony_ends(board)  # Agony Postponed's damage, now he stops fighting (gift_agony.py)
        if agony:
            out["agony"] = agony
        return out
