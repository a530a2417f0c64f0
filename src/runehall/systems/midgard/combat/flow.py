"""Rounds, segments and declarations (spec 003 §9.1, §13.6): who acts in a segment, in which order they
declare, and which declarations the rules allow (pins, busy characters, weapons in hand)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, Refusal, RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat import asks, declare_gifts, gift_effects, moves
from runehall.systems.midgard.combat.casts import maybe_resolution
from runehall.systems.midgard.combat.combatant import (
    Combatant,
    actions,
    declaration_score,
    item_name,
    lead_rank,
    rune_code,
    skill_name,
    skill_ranks,
)
from runehall.systems.midgard.combat.effects import after_round, after_segment
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.gift_effects import resolve_gift
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import ATTACKS, BASIC, NO_CAST, ActionId, Declaration
from runehall.systems.midgard.gift_use import parse_use
from runehall.systems.midgard.limits import MAX_COMBATANTS, MAX_GIFTS, MAX_RANGE_FT
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import rules
from runehall.systems.midgard.speech.terms import MORE_ACTIONS, plain

GM_DIFFICULTY = ("evaluate_battlefield", "skill", "short_action", "share_evaluation")


# -- who acts, and in which order -------------------------------------------------------------------
def acting(fight: Fight, segment: int) -> list[Combatant]:
    """Everyone standing with an action left acts: WS actions, in segments 1..WS (A-23)."""
    return [c for c in fight.standing() if actions(c) >= segment]


def _shuffled(group: list[Combatant], source: Source) -> list[Combatant]:
    """Ties broken at random (A-24), each pick a recorded draw."""
    left, out = list(group), []
    while len(left) > 1:
        out.append(left.pop(source.choose([c.id for c in left], "tied declarers")))
    return out + left


def declaration_order(fight: Fight, people: list[Combatant], source: Source) -> list[str]:
    """Warbands first, lower rank first; then everyone else by ascending declaration score; ties per
    option declaration_tie (default: enemies first, then at random)."""
    first = fight.round == 1 and fight.segment == 1
    rule = str(opt(fight.options, "declaration_tie"))
    order: list[Combatant] = []
    bands = [c for c in people if c.kind == "warband"]
    for rank in sorted({lead_rank(c) for c in bands}):
        order += _shuffled([c for c in bands if lead_rank(c) == rank], source)
    rest = [c for c in people if c.kind != "warband"]
    for score in sorted({declaration_score(c, first) for c in rest}):
        tied = [c for c in rest if declaration_score(c, first) == score]
        if rule == "random":
            order += _shuffled(tied, source)
            continue
        enemies = [c for c in tied if c.is_enemy]
        pcs = [c for c in tied if not c.is_enemy]
        groups = (enemies, pcs) if rule == "enemies_first_then_random" else (pcs, enemies)
        for group in groups:
            order += _shuffled(group, source)
    return [c.id for c in order]


def end_round(fight: Fight) -> list[str]:
    """Berserk ends; the GM's cast is spent; short actions whose last round this was are done (a short
    gift then works); effects of the round end, and a mixed warband may use its weapons again."""
    done = []
    for standing in fight.standing():
        c = fight.people[standing.id]  # a gift finished just before may have changed it
        if c.berserk is not None:
            fight.set(c.id, berserk=None)
        fight.set(c.id, effects=after_round(c.effects, fight.round), used_weapons=())
        if c.short is not None and c.short.last_round <= fight.round:
            s = c.short
            outcome = f"succeeds, margin {s.margin}" if s.success else "fails"
            done.append(f"{c.name}'s {s.skill} ({s.rounds} round(s)) {outcome}")
            fight.set(c.id, short=None)
            if s.gift is not None:
                finished = Declaration(
                    actor=c.id, action="gift", gift=s.gift, target=s.target, extra_targets=(s.other,) if s.other else ()
                )
                resolve_gift(fight, finished, s.success, s.margin)
    fight.set_gm(None)
    return done


class NextParams(RulesModel):
    pass


class NextSegmentAction(CombatAction):
    name: ClassVar[str] = "next_segment"
    title: ClassVar[str] = N_("Next segment")
    summary: ClassVar[str] = (
        "Begin the next segment (or round): who acts, and the declaration order (ties drawn at random)."
    )
    Params: ClassVar[type[RulesModel]] = NextParams
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("setup", "segment_end")
        finished: list[str] = []
        if fight.stage == "setup":
            fight.round, fight.segment = 1, 1
        else:
            fight.segment += 1
            if not acting(fight, fight.segment):
                finished = end_round(fight)
                fight.round, fight.segment = fight.round + 1, 1
                fight.feed = []
        if fight.segment == 1:
            fight.say(f"round {fight.round}")
            fight.feed += finished
        for c in fight.standing():
            fight.set(c.id, effects=after_segment(c.effects))
        people = acting(fight, fight.segment)
        fight.order = declaration_order(fight, people, source)
        fight.declarations, fight.queue, fight.defended = [], [], []
        fight.stage, fight.run_on = "declaration", False
        return {"round": fight.round, "segment": fight.segment, "order": fight.order, "finished": finished}


class DeclareParams(RulesModel):
    actor: str | None = Field(None, description="Who declares (default: the next in declaration order).")
    action: ActionId = Field(
        description="What the combatant does this segment: an attack (strike, smash, charge, knock back, target a "
        "weapon, disarm, pin), a defence (block, dodge, escape a pin) or another action."
    )
    target: str | None = Field(None, description="Who an attack is aimed at.")
    extra_targets: list[str] = Field(
        default_factory=list, max_length=MAX_COMBATANTS, description="Knock Back: others pushed along."
    )
    weapon: str | None = Field(None, description="The item used (attack or block), or unarmed / natural / claws.")
    item: str | None = Field(None, description="Target Weapon / Disarm: the target's item; Move: an item to pick up.")
    two_hands: bool = Field(False, description="A heavy melee weapon in both hands (1 faster).")
    dual: bool = Field(False, description="Attack with both weapons in hand.")
    thrown: bool = Field(False, description="Throw the weapon.")
    range_ft: int | None = Field(
        None, ge=0, le=MAX_RANGE_FT, description="How far the target is, for a throw or a shot."
    )
    prone: bool = Field(False, description="Knock Back to knock prone (+2 difficulty, a simple cast).")
    distance: int = Field(0, ge=0, le=30, description="Charge: the distance part of the speed (GM).")
    skill: str | None = Field(None, description="The skill of a skill action, pin or escape.")
    rune: str | None = Field(None, description="A skill action's god rune, if not the skill's own.")
    difficulty: int | None = Field(None, ge=0, le=30, description="The GM's difficulty for skill actions.")
    time: str | None = Field(None, description="A short action's time: short, medium, long.")
    gift: str | None = Field(None, description="The gift used as the action (action gift): id or id:choices.")
    gifts: list[str] = Field(
        default_factory=list, max_length=MAX_GIFTS, description="Gifts named with it (Thorn Bush Defence)."
    )


def _check_pins(fight: Fight, c: Combatant, action: str, target: str | None) -> str:
    """A pinned character's next action must be Escape Pin, unless the pinner has already declared
    something else this segment (then it is free but limited to Defence); a pinner who declares anything
    but the pin lets go at once (§9.6)."""
    note = ""
    if c.pin is not None:
        pinner = fight.declaration_of(c.pin.by)
        keeps = pinner is not None and pinner[1].action == "pin" and pinner[1].target == c.id
        if pinner is not None and not keeps:
            fight.set(c.id, pin=None)
            if BASIC[action] != "defence":
                raise RulesError(N_("{who} is let go this segment but may only take a Defence action"), who=c.name)
            note = "released: the pinner did something else"
        elif action != "escape_pin":
            raise RulesError(
                N_("{who} is pinned by {by}: the next action must be {action}"),
                who=c.name,
                by=c.pin.by,
                action=Named("escape_pin", "{name}", {"name": _action("escape_pin")}),
            )
    declared = {d.actor for d in fight.declarations}
    for other in fight.standing():
        if other.pin is not None and other.pin.by == c.id and not (action == "pin" and target == other.id):
            if other.id in fight.order and other.id not in declared:
                continue  # released when it declares, and then limited to a Defence action
            fight.set(other.id, pin=None)
            fight.say(f"{c.name} lets go of {other.name}")
    return note


def _check_declaration(fight: Fight, c: Combatant, p: Any) -> dict[str, Any]:
    """Everything the declaration names exists and is allowed; returns the normalised fields."""
    action = p.action
    out: dict[str, Any] = {}
    if c.short is not None and action != "continue":
        fight.set(c.id, short=None)
        fight.say(f"{c.name} abandons the {c.short.skill}")
    if action == "continue" and c.short is None:
        raise RulesError(N_("{who} has no short action under way to continue"), who=c.name)
    if action in ATTACKS:
        if p.target is None:
            raise RulesError(N_("{action} needs {what}"), action=_action(action), what=asks.TARGET)
        target = fight.who(p.target)
        if target.id == c.id or target.out:
            raise RulesError(N_("{target} cannot be attacked now"), target=target.name)
        out["target"] = target.id
        extra = [fight.who(t).id for t in p.extra_targets]
        if extra and action != "knock_back":
            raise RulesError(N_("only Knock Back takes extra targets"))
        if len(set(extra)) != len(extra) or target.id in extra or c.id in extra:
            raise RulesError(N_("each extra target once, not the main target or the attacker"))
        out["extra_targets"] = tuple(extra)
        if action in ("target_weapon", "disarm"):
            item = moves.target_item(target, p.item)
            if action == "target_weapon" and (item.hardness is None or item.structure is None):
                raise RulesError(N_("{item} cannot be damaged"), item=item_name(item))
            out["item"] = item.id
        if p.prone and action != "knock_back":
            raise RulesError(N_("{what} belongs to Knock Back"), what=asks.KNOCKDOWN)
        if action == "pin" and target.kind == "warband":
            raise RulesError(N_("a warband cannot be pinned"))
    elif action == "gift":
        out |= declare_gifts.check_gift(fight, c, p)
    elif action == "share_evaluation":
        allies = [fight.who(t) for t in p.extra_targets] or [a for a in fight.standing() if a.side == c.side]
        if p.target is not None or any(a.side != c.side or a.out for a in allies):
            raise RulesError(
                N_("an evaluation is shared with standing allies{flag}, not aimed at a target"),
                flag=typed_only(" (--extra-targets)"),
            )
        out["extra_targets"] = tuple(a.id for a in allies if a.id != c.id)
    elif p.target is not None or p.extra_targets:
        raise RulesError(N_("{action} takes no target"), action=_action(action))
    if p.gift is not None and action != "gift":
        raise RulesError(
            N_("{what} belongs to a gift action{flag}; gifts on a cast go with {cast}"),
            what=asks.GIFT,
            flag=typed_only(" (--action gift)"),
            cast=Named("cast --gifts", N_("the cast")),
        )
    if action == "escape_pin" and c.pin is None:
        raise RulesError(N_("{who} is not pinned"), who=c.name)
    if action == "stand_up" and not c.prone:
        raise RulesError(N_("{who} is not prone"), who=c.name)
    if action == "move" and p.item is not None:
        dropped = c.item(p.item)
        if dropped is None or dropped.held or dropped.broken:
            raise RulesError(N_("{who} has no dropped {item!r} to pick up"), who=c.name, item=p.item)
        out["item"] = dropped.id
    if p.rune is not None:
        if action not in ("skill", "short_action"):
            raise RulesError(N_("{what} belongs to a skill or short action"), what=Named("--rune", N_("a rune")))
        out["rune"] = rune_code(p.rune)
    if action in ("skill", "short_action"):
        if p.skill is None:
            raise RulesError(N_("{action} needs {what}"), action=_action(action), what=asks.SKILL)
        out["skill"] = skill_name(p.skill)
    if action == "short_action":
        if p.time not in ("short", "medium", "long"):
            raise RulesError(
                N_("a short action takes {what}"),
                what=Named(N_("--time short, medium or long"), N_("a short, medium or long time")),
            )
    if action in GM_DIFFICULTY and p.difficulty is None and opt(fight.options, "gm_mode") == "ask":
        raise RulesError(
            N_("the GM sets the difficulty of {action}: give {what}"),
            action=_action(action),
            what=Named(N_("--difficulty (or play with gm_mode defaults)"), N_("the difficulty")),
        )
    if c.kind == "shieldbearer" and action in ("skill", "short_action", "stoke_fury", "evaluate_battlefield", "luck"):
        wanted = out.get("skill") or moves.cast_of(c, Declaration(actor=c.id, action=action))[1]
        if skill_ranks(c, wanted) == 0:
            raise RulesError(N_("{who} has no {wanted} on its skill list"), who=c.name, wanted=wanted)
    return out


class DeclareAction(CombatAction):
    name: ClassVar[str] = "declare"
    title: ClassVar[str] = N_("Declare")
    summary: ClassVar[str] = "Declare a specific action, lowest declaration score first (everyone acting must)."
    Params: ClassVar[type[RulesModel]] = DeclareParams
    actor_param: ClassVar[str | None] = "actor"

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("declaration")
        done = {d.actor for d in fight.declarations}
        nxt = next(cid for cid in fight.order if cid not in done)
        actor = fight.who(params.actor).id if params.actor else nxt
        if actor not in fight.order:
            raise RulesError(
                N_("{name} has no action in segment {segment}"), name=fight.people[actor].name, segment=fight.segment
            )
        if actor in done:
            raise RulesError(N_("{name} has already declared this segment"), name=fight.people[actor].name)
        if actor != nxt:
            raise RulesError(N_("{name} declares next (lowest declaration score first)"), name=fight.people[nxt].name)
        c = fight.people[actor]
        fields = _check_declaration(fight, c, params)
        note = _check_pins(fight, c, params.action, fields.get("target"))
        note = "; ".join(n for n in (note, declare_gifts.check_limits(fight, c, params.action)) if n)
        carved = [t for t in params.gifts if t.partition(":")[0] == "rune_of_power"]
        declare_gifts.thorn_bush(
            fight, fight.people[actor], params.action, [t for t in params.gifts if t not in carved]
        )
        c = fight.people[actor]
        d = Declaration(
            actor=actor,
            action=params.action,
            weapon=params.weapon,
            two_hands=params.two_hands,
            dual=params.dual,
            thrown=params.thrown,
            prone=params.prone,
            distance=params.distance,
            difficulty=params.difficulty,
            note=note,
            gifts=tuple(t for t in params.gifts if t not in carved),
            **{"skill": params.skill, "rune": None, "time": params.time, **fields},
        )
        if d.action in ATTACKS:
            d = d.model_copy(update={"weapon": declare_gifts.warband_weapon(c, d.weapon)})
            profile, item = moves.weapon_in_use(c, d, fight.options)
            if params.range_ft is not None and (profile.range_ft is None or params.range_ft > profile.range_ft):
                reach = "in melee only" if profile.range_ft is None else f"{profile.range_ft} ft"
                raise RulesError(
                    N_("the target is out of reach ({profile}: {reach})"), profile=book_name(profile.name), reach=reach
                )
            d = d.model_copy(
                update={
                    "skill": moves.attack_skill(c, d, profile)[1],
                    "weapon": item.id if item is not None else profile.id,
                    "damage": profile.damage,
                    "ap": profile.ap,
                    "armed": profile.armed,
                }
            )
        d = declare_gifts.sword_rune(fight, fight.people[actor], d, carved)
        c = fight.people[actor]
        d = d.model_copy(update={"base_speed": moves.base_speed(c, d, fight.options)})
        if d.action in ATTACKS:
            fight.set(c.id, used_weapons=declare_gifts.used_weapon(c, d.weapon))
        if d.action in NO_CAST or (d.action == "gift" and parse_use(d.gift or "").id in gift_effects.NO_CAST):
            d = d.model_copy(update={"status": "ready"})
        fight.declarations.append(d)
        fight.say(f"{c.name} declares {d.action}" + (f" on {d.target}" if d.target else ""))
        if len(fight.declarations) == len(fight.order):
            fight.stage = "casting"
            maybe_resolution(fight)
        return {"actor": actor, "action": d.action, "basic": BASIC[d.action], "base_speed": d.base_speed, "note": note}


def _action(action: str) -> Refusal:
    """An action as the book names it (combat.toml, "Knock Back"), said in the reader's language inside a
    refusal, never its id."""
    found = next((a.name.split(" (")[0] for a in rules().combat.action if a.id == action), None)
    return book_name(found or MORE_ACTIONS.get(action) or plain(action))
