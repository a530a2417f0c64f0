"""The exact odds of an attack before it is made (spec 001a §6.6-§6.7): the chance to hit, to deal at least one
Wound, to bring the target to 0 HP or below, and the HP he loses on average.

Nothing here is a second formula. The scores and modifiers are those the fight rolls with (resolve.melee_terms,
resolve.blow_terms, missile.shot_terms: terrain, footing, the notes' magic, the gifts' conditions), and the odds
are Rune's `attack` mechanic's (mechanics.Attack: ATK roll - DFN roll, or a Difficulty; damage = margin + DAM -
Soak; a Wound per whole WT). The mechanic groups results more than 60 beyond the target into one outcome "this or
more"; such an outcome counts at that edge (its chance is under one in a million), so the average is exact but for
that far tail, which can only raise it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pydantic import ValidationError

from runehall.errors import RunehallError
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.legendary_maw import MAW_PER_LEVEL, fail_chance, pending
from runehall.systems.rune.combat.legendary_play import thwart
from runehall.systems.rune.combat.modifiers import Situation
from runehall.systems.rune.combat.resolve import Swing, blow_terms, entangles, melee_terms, total
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.mechanics import Attack, AttackParams, AttackResult, Modifiers

BONUS_LOW, BONUS_HIGH, STEP_MOST = -30, 60, 30  # the mechanic's bounds on a side's bonus and its increases


@dataclass(frozen=True)
class AttackOdds:
    """One attack's exact odds (each a Fraction) and the mechanic's parameters they come from."""

    target: str
    hit: Fraction
    wound: Fraction  # at least one Wound
    down: Fraction  # his HP brought to 0 or below
    mean_lost: Fraction  # HP lost on average
    params: AttackParams


def side(value: int, impairment: int = 0) -> Modifiers:
    """A roll's whole bonus as the mechanic's modifiers (its bounds split it into a bonus and increases or
    decreases); ValueError when even so it does not fit."""
    bonus = min(BONUS_HIGH, max(BONUS_LOW, value))
    rest = value - bonus
    if abs(rest) > STEP_MOST or impairment > 10:
        raise ValueError(value)
    return Modifiers(bonus=bonus, increases=max(0, rest), decreases=max(0, -rest), impairment=max(0, impairment))


def melee_params(board: Board, swing: Swing) -> AttackParams | None:
    """The mechanic's parameters of a melee swing; None when the blow deals no damage (a net, a hold)."""
    a, d = board.people[swing.attacker], board.people[swing.target]
    if swing.restrain is not None or swing.grab or entangles(board, swing.weapon):
        return None
    t = melee_terms(board, swing)
    attack = side(t.score + total(t.atk_mods), a.impairment)
    dam, soak, _ = blow_terms(board, a, d, swing.weapon, swing)
    if t.helpless:
        return _params(attack, None, 0, dam, soak, d)
    if board.opt("static_dfn_variant"):
        return _params(attack, None, t.d_score + 5 + total(t.dfn_mods) - d.impairment, dam, soak, d)
    return _params(attack, side(t.d_score + total(t.dfn_mods), d.impairment), None, dam, soak, d)


def shot_params(board: Board, swing: Swing, dodge: bool) -> AttackParams:
    """The mechanic's parameters of a shot (after the range penalty), dodged or at the crowd's Difficulty."""
    from runehall.systems.rune.combat.footing import dark
    from runehall.systems.rune.combat.missile import crowd_step, dodge_bonus, reach, shot_blow, shot_terms
    from runehall.systems.rune.combat.modifiers import crowd
    from runehall.systems.rune.combat.resolve import BASE_DIFFICULTY

    a, d = board.people[swing.attacker], board.people[swing.target]
    mods, score = shot_terms(board, swing, dodge)
    attack = side(score + total(mods), a.impairment)
    dam, soak, _ = shot_blow(board, a, d, reach(board, a, d, swing.weapon)["dam"])
    if dodge:
        defence = side(dodge_bonus(board, d) + total(dark(board, d)), d.impairment)
        return _params(attack, defence, None, dam, soak, d)
    return _params(attack, None, BASE_DIFFICULTY + crowd_step() * len(crowd(board, a, d, [])), dam, soak, d)


def _params(
    attack: Modifiers, defence: Modifiers | None, difficulty: int | None, dam: int, soak: int, d: Combatant
) -> AttackParams:
    if difficulty is not None and not 0 <= difficulty <= BONUS_HIGH:  # the mechanic's Difficulty: move it over
        attack = side(attack.total - difficulty)
        difficulty = 0
    return AttackParams(
        attack=attack, defence=defence, difficulty=difficulty, dam=max(0, dam), soak=soak, wound_threshold=d.wt
    )


def odds_of(params: AttackParams, target: Combatant, options: Any) -> AttackOdds:
    """The mechanic's exact odds of these parameters, read for what matters to the attacker."""
    odds = Attack().odds(params, options)
    hit = wound = down = mean = Fraction(0)
    for r, p in odds.outcomes.items():
        result: AttackResult = r
        if not result.hit:
            continue
        hit += p
        mean += p * result.damage
        if result.wounds >= 1:
            wound += p
        if result.damage >= target.hp:
            down += p
    return AttackOdds(target.name, hit, wound, down, mean, params)


def attack_odds(
    state: CombatState, options: Any, who: str, target: str, weapon_id: str, dodge: bool = False
) -> AttackOdds | None:
    """The odds of `who` attacking `target` with the weapon of that id from where he stands, as the attack move
    declares it by default (a charge when his path this round makes one; a missile not dodged unless `dodge`);
    None when the rules give no damage odds (a net, a hostage in the way, numbers beyond the mechanic's bounds)
    or refuse the attack. The state is not changed."""
    from runehall.systems.rune.combat.attack import would_charge

    board = Board(state, options)  # a working copy: the action's slot is opened on it as the attack would
    c, t = board.people[who], board.people[target]
    if pending(c, t):  # the Demon Maw Helm's roll comes first: both outcomes, weighed by their exact chance
        return _weighed(board, c, t, options, (who, target, weapon_id, dodge))
    if any(e.status == "held" and e.captor == t.name for e in board.extras):
        return None  # a hostage's shield decides what he loses: not in the mechanic
    try:
        if board.slot is None or board.slot.who != c.name:
            board.begin(c)  # a cut-in counts (Flesh Cries Out for Piercing)
        weapon = c.find_weapon(weapon_id)
        thwart(board, c.name, t.name)  # the attempt raises a Loki-Thwarting Armor's Prot before its blow lands
        plain = board.slot is not None and board.slot.halves == 1
        charge = not weapon.ranged and would_charge(board, c, t, None)
        swing = Swing(c.name, t.name, weapon, sit=Situation(charge=charge, plain=plain))
        params = shot_params(board, swing, dodge) if weapon.ranged else melee_params(board, swing)
    except (RunehallError, ValidationError, ValueError):
        return None
    return None if params is None else odds_of(params, t, board.options)


def _weighed(
    board: Board, c: Combatant, t: Combatant, options: Any, args: tuple[str, str, str, bool]
) -> AttackOdds | None:
    """The odds of an attack on a bellowing Demon Maw wearer by one who has not rolled against it yet: the odds
    with the roll failed (ATK 3X lower) and made, weighed by their chances (the params are the made roll's)."""
    found = []
    for penalty in (MAW_PER_LEVEL * t.maw, 0):
        board.update(t.name, maw_rolls={**t.maw_rolls, c.name: penalty})
        found.append(attack_odds(board.freeze(), options, *args[:3], dodge=args[3]))
    failed, made = found
    if failed is None or made is None:
        return None
    p = fail_chance(c, t)
    mix = [p * x + (1 - p) * y for x, y in ((failed.hit, made.hit), (failed.wound, made.wound),
                                            (failed.down, made.down), (failed.mean_lost, made.mean_lost))]  # fmt: skip
    return AttackOdds(made.target, mix[0], mix[1], mix[2], mix[3], made.params)


def odds_words(found: AttackOdds, words: Words) -> str:
    """One target's odds in the reader's words."""
    p, n = words.percent, words.number
    return words(
        N_("{target}: hit {hit}, at least one Wound {wound}, down to 0 HP or below {down}, HP lost on average {mean}"),
        target=found.target,
        hit=p(found.hit),
        wound=p(found.wound),
        down=p(found.down),
        mean=n(found.mean_lost),
    )
