"""Making a cast in combat: what the action casts (rune, skill, difficulty, flags), and the cast itself --
a character's own d8 pool or an enemy's reading of the GM's round cast (spec 003 §13.3-13.4) -- with the
gifts used on it and the lasting effects that reach it (skill bonuses, dice, Merkstave, carry-overs)."""

from __future__ import annotations

from typing import NamedTuple

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError
from runehall.present.words import N_
from runehall.systems.midgard.cast import EXHAUSTION_MERKSTAVE, future_tokens
from runehall.systems.midgard.combat import asks, casting, gifts, moves
from runehall.systems.midgard.combat.combatant import Combatant, band_bonus, lead_rank, skill_ranks, total_boxes
from runehall.systems.midgard.combat.effects import Effect, find, total, without
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import ATTACKS, CastRecord, Declaration, Tokens

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
    action: str = ""
    target: str | None = None
    switched: bool = False
    ranged: bool = False
    shafted: bool = False
    time: str | None = None


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
            action=d.action,
            target=d.target,
            ranged=profile.range_ft is not None,
            shafted=profile.id == "bow" or (d.thrown and "Spears" in profile.skills),
        )
    rune, skill = moves.cast_of(c, d)
    if switched_from is not None:
        attacker = fight.people[switched_from.actor]
        difficulty: int | None = moves.defence_difficulty(attacker, switched_from)
        speed = moves.base_speed(c, d, fight.options, switched=True)
    else:
        difficulty = moves.fixed_difficulty(d, fight.penalty(c), fight)
        speed = d.base_speed
    return CastSpec(
        rune,
        skill,
        None if d.action in ("escape_pin", "gift") and difficulty is None else difficulty,
        speed,
        simple=d.action in ("evaluate_battlefield", "escape_pin", "share_evaluation"),
        opposed=d.action == "escape_pin" or (d.action == "gift" and d.gift == "confound"),
        defence=d.action in ("block", "dodge", "escape_pin"),
        surprise=first,
        wound_penalty=d.action != "stoke_fury",
        warband_full=d.action in FULL_BONUS_ACTIONS,
        carry=d.action != "luck",  # a Luck cast makes a carry-over; it does not use one up
        action=d.action,
        target=d.target,
        switched=switched_from is not None,
        time=d.time,
    )


def gift_cast(fight: Fight, c: Combatant, spec: CastSpec, d: Declaration | None) -> gifts.Cast:
    target = fight.people.get(spec.target or "")
    return gifts.Cast(
        action=spec.action,
        skill=spec.skill,
        attack=spec.attack,
        ranged=spec.ranged,
        courage=spec.rune == "courage",
        switched=spec.switched,
        prone=bool(d and d.prone),
        extra_targets=len(d.extra_targets) if d else 0,
        time=spec.time,
        first_segment=fight.round == 1 and fight.segment == 1 and not spec.switched,
        evil_target=bool(target and target.evil),
        shafted=spec.shafted,
    )


def with_boost(spec: CastSpec, boost: gifts.Boost) -> CastSpec:
    """The spec with the gifts' changes before the roll: difficulty, and an imitated weapon's skill."""
    difficulty = None if spec.difficulty is None else spec.difficulty + boost.difficulty
    return spec._replace(difficulty=difficulty, rune=boost.rune or spec.rune, skill=boost.skill or spec.skill)


def _check_wyrd(fight: Fight, c: Combatant, wyrd: int, boost: gifts.Boost) -> None:
    """Wyrð for dice (at most 2 + legend, A-17) and for gift costs (apart from that cap, unless option
    wyrd_cap_counts_gift_costs); the pool must hold all of it, the armed gifts included."""
    cost = boost.cost + gifts.armed_cost(boost, fight.options)
    if not wyrd and not cost:
        return
    if wyrd and c.is_enemy and not opt(fight.options, "enemy_wyrd_buys_dice"):
        raise RulesError(N_("enemy Wyrð pays for gifts only, never for dice"))
    if wyrd and c.is_enemy:
        raise RulesError(
            N_("an enemy's Wyrð buys dice for the GM's round cast ({how}), not for one action"),
            how=Named("gm_cast --payer", N_("naming the enemy who pays")),
        )
    if c.wyrd is None:
        raise RulesError(N_("{who}'s Wyrð is not tracked in this fight, so none can be spent"), who=c.name)
    cap = 2 + c.legend_score if c.legend_score is not None else c.wyrd
    capped = wyrd + (boost.cost if opt(fight.options, "wyrd_cap_counts_gift_costs") else 0)
    if capped > cap:
        raise RulesError(N_("{who} may spend at most {cap} Wyrð on this cast (2 + legend)"), who=c.name, cap=cap)
    if wyrd + cost > c.wyrd:
        raise RulesError(
            N_("{who} has {wyrd} Wyrð, not the {needed} this cast needs"), who=c.name, wyrd=c.wyrd, needed=wyrd + cost
        )


class Extras(NamedTuple):
    dice: int
    free: int
    past: int
    outcome: int
    merkstave: int
    used: list[Effect]


def extras(fight: Fight, c: Combatant, spec: CastSpec) -> Extras:
    """What lasting effects add to this cast, and the effects it uses up."""
    e, target = c.effects, spec.target
    used: list[Effect] = []
    dice = 0 if spec.switched else total(e, "plan_dice")
    free = total(e, "skill_bonus", skill=spec.skill) + total(e, "skill_next", skill=spec.skill)
    used += find(e, "skill_next", skill=spec.skill)
    merk = total(e, "skill_merkstave", skill=spec.skill) + total(e, "environment") - total(e, "ignore_environment")
    merk += sum(p.penalty for p in c.pacts)  # Unbreakable Oath: on all casts while the vow stands
    past = 0
    if spec.action in ("block", "dodge"):
        free += total(e, "block_dodge_skill")
    if spec.rune == "courage":
        merk += total(e, "courage_merkstave")
    if target is not None:
        free += total(e, "skill_vs", target=target)
        merk += total(e, "merkstave_vs", target=target)
        if spec.attack:
            coop = find(e, "attack_vs", target=target)
            bonus = sum(x.value for x in coop)
            if opt(fight.options, "comrade_bonus_kind") == "dice":
                dice += bonus
            else:
                free += bonus
            dice += total(e, "dice_vs", target=target)
            used += [x for x in coop if x.ends == "used"] + find(e, "dice_vs", target=target)
    if spec.attack:
        past += total(e, "carry_attack")
        used += find(e, "carry_attack")
    pending = find(e, "free_next") + find(e, "merkstave_next")
    free += total(pending, "free_next")
    merk += total(pending, "merkstave_next")
    used += pending
    return Extras(dice, free, past, 0, max(0, merk), used)


def _penalty(fight: Fight, c: Combatant, spec: CastSpec) -> int:
    if not spec.wound_penalty:
        return 0
    return max(0, fight.penalty(c) - total(c.effects, "ignore_wound_penalty"))


def make_cast(
    fight: Fight,
    c: Combatant,
    spec: CastSpec,
    source: Source,
    wyrd: int,
    boost: gifts.Boost | None = None,
) -> CastRecord:
    """Check the Wyrð spent, then roll (a character) or read the GM's cast (an enemy), with the gifts'
    boosts and the lasting effects; nothing is drawn before every check has passed."""
    boost = boost or gifts.Boost()
    _check_wyrd(fight, c, wyrd, boost)
    more = extras(fight, c, spec)
    berserk = c.berserk if spec.attack and c.berserk is not None else 0
    outcome = berserk + (1 if spec.smash else 0) + (c.carry_outcome if spec.carry else 0)
    future = c.surprise if spec.surprise else 0
    past = (c.carry_past if spec.carry else 0) + more.past
    free = spec.free_bonus + boost.free + more.free + (c.carry_free if spec.carry else 0)
    penalty = _penalty(fight, c, spec) + boost.merkstave + more.merkstave
    flags = {"simple": spec.simple, "opposed": spec.opposed, "instant": spec.instant}
    if c.is_enemy:
        if boost.dice or more.dice:
            raise RulesError(
                N_("{who} reads the GM's cast: gifts and effects that add dice do nothing for it"), who=c.name
            )
        gm = fight.gm
        if gm is None or gm.allocation is None:
            raise RulesError(N_("enemies read the GM's cast: {first}"), first=asks.GM_CAST_FIRST)
        free += skill_ranks(c, spec.skill) if c.kind == "thane" and spec.skill else 0
        if c.kind == "shieldbearer" and spec.skill and skill_ranks(c, spec.skill):
            past += c.rank or 0
        if c.kind == "warband":
            past += (lead_rank(c) + band_bonus(c)) if spec.warband_full else band_bonus(c)
        merk = gm.merkstave + (penalty if c.kind == "thane" else penalty - _penalty(fight, c, spec))
        on_stone, beyond = future_tokens(gm.future, future, opt(fight.options, "future_cap_all_sources"))
        tokens = Tokens(
            past=gm.past + past,
            future=on_stone,
            outcome=gm.outcome + outcome,
            merkstave=merk,
            free=free,
            extra_future=beyond,
        )
        by, dice = "gm", 0
    else:
        exhausted = c.wyrd == 0
        if exhausted:
            stacked = opt(fight.options, "exhausted_stacking") == "add"
            penalty = penalty + EXHAUSTION_MERKSTAVE if stacked else max(penalty, EXHAUSTION_MERKSTAVE)
        bonus = c.dice_bonus if (spec.attack or spec.defence) else 0
        rune_dice = c.runes.get(spec.rune or "", 0) if spec.rune != "courage" else c.courage_dice
        dice = 0 if exhausted else rune_dice + wyrd + bonus + boost.dice + more.dice
        faces = casting.roll(source, dice, fight.options)
        ranks = skill_ranks(c, spec.skill) if spec.skill else 0
        tokens = casting.sort(
            faces, fight.options, free=ranks + free, past=past, future=future, outcome=outcome, merkstave=penalty
        )
        fight.set(c.id, dice_bonus=0 if bonus else c.dice_bonus)
        by = "own"
    tokens, wounds, lasting = gifts.after_roll(c, gift_cast(fight, c, spec, None), boost.after, tokens, fight.options)
    if boost.no_future or c.no_future:  # True Diligence: natural 4s count for nothing
        tokens = tokens.model_copy(update={"future": 0, "extra_future": 0})
    if wounds and c.wounds + wounds >= total_boxes(c):
        raise RulesError(N_("{wounds} wound(s) for Purge the Soul would take {who} out"), wounds=wounds, who=c.name)
    _consume(fight, c, spec, wyrd + boost.cost, wounds, lasting, more.used)
    return CastRecord(
        by=by,
        rune=spec.rune,
        skill=spec.skill,
        dice=dice,
        wyrd=wyrd,
        tokens=tokens,
        difficulty=spec.difficulty,
        base_speed=spec.base_speed,
        target=spec.target,
        gifts=tuple(u.text() for u in boost.uses if u not in boost.armed) + tuple(boost.words),
        armed=tuple(u.text() for u in boost.armed),
        carry=boost.carry,
        no_future=boost.no_future or c.no_future,
        **flags,
    )


def _consume(
    fight: Fight, c: Combatant, spec: CastSpec, paid: int, wounds: int, lasting: list[Effect], used: list[Effect]
) -> None:
    """Pay the Wyrð, take Purge the Soul's wounds, and use up carry-overs and one-cast effects."""
    consumed = spec.carry and opt(fight.options, "carry_over_consumed")
    fight.set(
        c.id,
        wyrd=None if c.wyrd is None else c.wyrd - paid,
        wounds=c.wounds + wounds,
        carry_past=0 if consumed else c.carry_past,
        carry_free=0 if consumed else c.carry_free,
        carry_outcome=0 if consumed else c.carry_outcome,
        no_future=False if spec.carry else c.no_future,
        effects=without(c.effects, used) + tuple(lasting),
    )


def late_gifts(
    fight: Fight, c: Combatant, cast: gifts.Cast, record: CastRecord, texts: list[str] | tuple[str, ...]
) -> CastRecord:
    """Gifts named when the tokens are placed (after the roll): they change the sorted tokens, act after
    the distribution, or wait for the hit; they are paid now (armed ones when they fire)."""
    if not texts:
        return record
    boost = gifts.plan(c, cast, texts, fight.options)
    early = [u.gift.name for u in boost.uses if u.gift.timing == gifts.BEFORE]
    if early:
        raise RulesError(N_("{early} must be named with the cast, before the roll"), early=", ".join(early))
    again = {t.partition(":")[0] for t in record.gifts + record.armed} & {u.id for u in boost.uses}
    if again:
        raise RulesError(N_("already used on this cast: {again}"), again=", ".join(sorted(again)))
    _check_wyrd(fight, c, 0, boost)
    tokens, wounds, lasting = gifts.after_roll(c, cast, boost.after, record.tokens, fight.options)
    if wounds and c.wounds + wounds >= total_boxes(c):
        raise RulesError(N_("{wounds} wound(s) for Purge the Soul would take {who} out"), wounds=wounds, who=c.name)
    fight.set(
        c.id,
        wyrd=None if c.wyrd is None else c.wyrd - boost.cost,
        wounds=c.wounds + wounds,
        effects=c.effects + tuple(lasting),
    )
    patient = next((dict(u.amounts) for u in boost.settle if u.id == "patient_reward"), record.patient)
    return record.model_copy(
        update={
            "tokens": tokens,
            "gifts": record.gifts + tuple(u.text() for u in boost.uses if u not in boost.armed),
            "armed": record.armed + tuple(u.text() for u in boost.armed),
            "patient": patient,
        }
    )
