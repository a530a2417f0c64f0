"""Casting stage: each declared action's cast -- a character's own d8 pool, or an enemy's reading of the
GM's one cast for the round (spec 003 §13.3-13.4) -- and the token allocations that settle them."""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.systems.base import RulesModel
from runehall.systems.midgard.cast import EXHAUSTION_MERKSTAVE, FUTURE_CAP, sfg
from runehall.systems.midgard.combat import casting, moves
from runehall.systems.midgard.combat.combatant import Combatant, band_bonus, lead_rank, skill_ranks
from runehall.systems.midgard.combat.fight import CombatAction, Fight
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import (
    ATTACKS,
    Allocation,
    CastRecord,
    Declaration,
    GMCast,
    Goal,
    Tokens,
)

FULL_BONUS_ACTIONS = ("strike", "block", "dodge")  # a warband's "simple attack or defence"


class CastSpec(NamedTuple):
    rune: str | None
    skill: str | None
    difficulty: int | None
    base_speed: int
    simple: bool = False
    opposed: bool = False
    instant: bool = False
    attack: bool = False
    defence: bool = False
    smash: bool = False
    surprise: bool = False
    wound_penalty: bool = True
    free_bonus: int = 0  # Courage bonus tokens
    warband_full: bool = False
    carry: bool = True  # uses up carry-over Past tokens (not a check a hit calls for)


def spec_for(fight: Fight, c: Combatant, d: Declaration, switched_from: Declaration | None = None) -> CastSpec:
    """How the declared (or switched-to) action casts: rune, skill, difficulty, flags and stone bonuses."""
    first = fight.round == 1 and fight.segment == 1 and switched_from is None
    if d.action in ATTACKS:
        profile, _ = moves.weapon_in_use(c, d, fight.options)
        rune, skill = moves.attack_skill(c, d, profile)
        assert d.target is not None
        target = fight.people[d.target]
        aim = moves.attack_difficulty(c, target, d, profile, fight.options, fight.round)
        return CastSpec(
            rune,
            skill,
            aim,
            d.base_speed,
            simple=d.action == "knock_back" and d.prone,
            attack=True,
            smash=d.action == "smash",
            surprise=first,
            wound_penalty=c.berserk is None,
            warband_full=d.action in FULL_BONUS_ACTIONS,
        )
    rune, skill = moves.cast_of(c, d)
    if switched_from is not None:
        attacker = fight.people[switched_from.actor]
        difficulty: int | None = moves.defence_difficulty(attacker, switched_from)
        speed = moves.base_speed(c, d, fight.options, switched=True)
    else:
        difficulty = moves.fixed_difficulty(d, fight.penalty(c))
        speed = d.base_speed
    return CastSpec(
        rune,
        skill,
        None if d.action == "escape_pin" else difficulty,
        speed,
        simple=d.action in ("evaluate_battlefield", "escape_pin"),
        opposed=d.action == "escape_pin",
        defence=d.action in ("block", "dodge", "escape_pin"),
        surprise=first,
        wound_penalty=d.action != "stoke_fury",
        warband_full=d.action in FULL_BONUS_ACTIONS,
    )


def _penalty(fight: Fight, c: Combatant, spec: CastSpec) -> int:
    return fight.penalty(c) if spec.wound_penalty else 0


def make_cast(fight: Fight, c: Combatant, spec: CastSpec, source: Source, wyrd: int) -> CastRecord:
    """Check the Wyrð spent, then roll (a character) or read the GM's cast (an enemy); nothing is drawn
    before every check has passed."""
    berserk = c.berserk if spec.attack and c.berserk is not None else 0
    outcome = berserk + (1 if spec.smash else 0)
    future = c.surprise if spec.surprise else 0
    past = c.carry_past if spec.carry else 0
    penalty = _penalty(fight, c, spec)
    flags = {"simple": spec.simple, "opposed": spec.opposed, "instant": spec.instant}
    if c.is_enemy:
        if wyrd:
            raise RulesError("enemy Wyrð pays for gifts only, never for dice (A-49)")
        gm = fight.gm
        if gm is None or gm.allocation is None:
            raise RulesError("enemies read the GM's cast: gm_cast (and allocate --actor gm) first")
        free = skill_ranks(c, spec.skill) if c.kind == "thane" and spec.skill else 0
        if c.kind == "shieldbearer" and spec.skill and skill_ranks(c, spec.skill):
            past += c.rank or 0
        if c.kind == "warband":
            past += (lead_rank(c) + band_bonus(c)) if spec.warband_full else band_bonus(c)
        if c.kind == "thane":
            merk = gm.merkstave + penalty
        else:
            merk = gm.merkstave
        tokens = Tokens(
            past=gm.past + past,
            future=min(FUTURE_CAP, gm.future + future),
            outcome=gm.outcome + outcome,
            merkstave=merk,
            free=free + spec.free_bonus,
        )
        record = CastRecord(
            by="gm",
            rune=spec.rune,
            skill=spec.skill,
            tokens=tokens,
            difficulty=spec.difficulty,
            base_speed=spec.base_speed,
            **flags,
        )
        if spec.carry and opt(fight.options, "carry_over_consumed"):
            fight.set(c.id, carry_past=0)
        return record
    if wyrd:
        if c.wyrd is None:
            raise RulesError(f"{c.name}'s Wyrð is not tracked in this fight, so none can be spent")
        cap = 2 + c.legend_score if c.legend_score is not None else c.wyrd
        if wyrd > min(cap, c.wyrd):
            raise RulesError(
                f"{c.name} may spend at most {min(cap, c.wyrd)} Wyrð on this cast (2 + legend, and the pool)"
            )
    exhausted = c.wyrd == 0
    if exhausted:
        stacked = opt(fight.options, "exhausted_stacking") == "add"
        penalty = penalty + EXHAUSTION_MERKSTAVE if stacked else max(penalty, EXHAUSTION_MERKSTAVE)
    bonus = c.dice_bonus if (spec.attack or spec.defence) else 0
    rune_dice = c.runes.get(spec.rune or "", 0) if spec.rune != "courage" else c.courage_dice
    dice = 0 if exhausted else rune_dice + wyrd + bonus
    faces = casting.roll(source, dice, fight.options)
    ranks = skill_ranks(c, spec.skill) if spec.skill else 0
    tokens = casting.sort(
        faces, fight.options, free=ranks + spec.free_bonus, past=past, future=future, outcome=outcome, merkstave=penalty
    )
    fight.set(
        c.id,
        wyrd=None if c.wyrd is None else c.wyrd - wyrd,
        dice_bonus=0 if bonus else c.dice_bonus,
        carry_past=0 if spec.carry and opt(fight.options, "carry_over_consumed") else c.carry_past,
    )
    return CastRecord(
        by="own",
        rune=spec.rune,
        skill=spec.skill,
        dice=dice,
        wyrd=wyrd,
        tokens=tokens,
        difficulty=spec.difficulty,
        base_speed=spec.base_speed,
        **flags,
    )


def attackers_difficulty(fight: Fight, cid: str) -> int:
    """What an automatic declared defence aims at: the hardest attacker on it this segment."""
    found = [
        moves.defence_difficulty(fight.people[d.actor], d)
        for d in fight.declarations
        if d.action in ATTACKS and d.target == cid
    ]
    return max(found, default=0)


def settle_declaration(
    fight: Fight, index: int, record: CastRecord, alloc: Allocation | None, goal: Goal | None
) -> CastRecord:
    d = fight.declarations[index]
    aim = attackers_difficulty(fight, d.actor) if d.action in ("block", "dodge") else 0
    if alloc is None and goal is None and record.tokens.free == 0:
        alloc = Allocation()
    record = casting.place(record, alloc, goal, fight.options, aim)
    fight.put(index, cast=record, status="ready" if record.allocation is not None else "declared")
    expose(fight, d.actor, record)
    return record


def expose(fight: Fight, cid: str, record: CastRecord) -> None:
    """Merkstave the GM turns into +1 margin on the next action aimed at the caster (A-20)."""
    if record.allocation is not None and record.next_attack:
        c = fight.people[cid]
        fight.set(cid, exposed=c.exposed + record.next_attack)


def queue_key(fight: Fight, index: int) -> tuple[int, ...]:
    d = fight.declarations[index]
    speed = d.cast.speed if d.cast is not None else d.base_speed
    margin = d.cast.margin if d.cast is not None else 0
    if opt(fight.options, "resolution_tie") == "simultaneous":
        return (speed,)
    return (speed, -margin)


def maybe_resolution(fight: Fight) -> None:
    """Once every acting character's cast is settled, resolution runs in ascending speed (higher margin
    first on a tie, A-25). Declared Blocks and Dodges take no turn: they answer attacks (A-27)."""
    if fight.stage != "casting" or any(d.status != "ready" for d in fight.declarations):
        return
    turns = [n for n, d in enumerate(fight.declarations) if d.action not in ("block", "dodge")]
    fight.queue = sorted(turns, key=lambda n: (queue_key(fight, n), n))
    fight.stage = "resolution"
    if not fight.queue:
        fight.stage = "segment_end"


class CastParams(RulesModel):
    actor: str = Field(description="Who casts (the declared action's cast).")
    wyrd: int = Field(0, ge=0, le=10, description="Wyrð spent on bonus dice (at most 2 + legend score).")
    goal: Goal | None = Field(
        None,
        description="Place the free tokens now by Rule SFG: margin, speed or succeed; "
        "left out, allocate them after seeing the dice.",
    )


class CastAction(CombatAction):
    name: ClassVar[str] = "cast"
    summary: ClassVar[str] = "Cast for a declared action: roll the d8 pool (enemies read the GM's cast)."
    Params: ClassVar[type[RulesModel]] = CastParams
    random: ClassVar[bool] = True

    def run(self, fight: Fight, params: Any, source: Source) -> dict[str, Any]:
        fight.require("casting")
        c = fight.who(params.actor)
        found = fight.declaration_of(c.id)
        if found is None:
            raise RulesError(f"{c.name} does not act this segment")
        index, d = found
        if d.cast is not None or d.status == "ready":
            raise RulesError(f"{c.name} has already cast (or needs no cast) for this action")
        record = make_cast(fight, c, spec_for(fight, c, d), source, params.wyrd)
        record = settle_declaration(fight, index, record, None, params.goal)
        maybe_resolution(fight)
        return summary(c, record)


def summary(c: Combatant, record: CastRecord) -> dict[str, Any]:
    t = record.tokens
    out: dict[str, Any] = {"actor": c.id}
    if record.by == "own":
        out["faces"] = list(t.faces)
    out["tokens"] = {"past": t.past, "future": t.future, "outcome": t.outcome, "merkstave": t.merkstave, "free": t.free}
    if record.allocation is None:
        out["allocate"] = f"{t.free} free token(s) to place"
    else:
        out.update(result(record))
    return out


def result(record: CastRecord) -> dict[str, Any]:
    return {
        "success": record.success,
        "past": record.past,
        "margin": record.margin,
        "speed": record.speed,
        "merkstave_left": record.merkstave,
    }


class AllocateParams(RulesModel):
    actor: str = Field(description="Whose cast (gm for the GM's round cast).")
    past: int | None = Field(None, ge=0, le=40)
    future: int | None = Field(None, ge=0, le=40)
    outcome: int | None = Field(None, ge=0, le=40)
    cancel: int | None = Field(None, ge=0, le=40, description="Merkstave tokens removed.")
    goal: Goal | None = Field(None, description="Or place them by Rule SFG: margin, speed or succeed.")


def chosen(params: Any) -> Allocation | None:
    given = [getattr(params, k) for k in ("past", "future", "outcome", "cancel")]
    if all(v is None for v in given):
        if params.goal is None:
            raise RulesError("say where the free tokens go (--past --future --outcome --cancel) or give a --goal")
        return None
    if params.goal is not None:
        raise RulesError("give either an allocation or a --goal, not both")
    return Allocation(**{k: v or 0 for k, v in zip(("past", "future", "outcome", "cancel"), given, strict=True)})


def settle_gm(fight: Fight, alloc: Allocation | None, goal: str | None, difficulty: int) -> GMCast:
    gm = fight.gm
    assert gm is not None
    t = gm.tokens
    if alloc is None:
        if goal == "past":
            alloc = Allocation(past=t.free)
        else:
            plan = sfg(
                t.past, t.future, t.merkstave, t.free, difficulty, "speed" if goal == "speed" else "margin", False
            )
            alloc = Allocation(past=plan.past, future=plan.future, outcome=plan.outcome, cancel=plan.cancel)
    else:
        probe = CastRecord(by="gm", tokens=t)
        casting.check_allocation(t, alloc, probe, fight.options)
    gm = gm.model_copy(
        update={
            "allocation": alloc,
            "past": t.past + alloc.past,
            "future": min(FUTURE_CAP, t.future + alloc.future),
            "outcome": t.outcome + alloc.outcome,
            "merkstave": t.merkstave - alloc.cancel,
        }
    )
    fight.set_gm(gm)
    return gm
