"""Missile and thrown attacks (spec 001a §4.4, §6.6): range, ammunition, the dodge or the flat Difficulty, the
crowd around the target and the stray hit.

The condition modifiers go on the attacker's total (option missile_modifier_placement): a target ducking and
weaving makes the attacker's total 3 lower instead of the Difficulty 3 higher, with the same hit and TM.
"""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.errors import Named, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import damage, range_penalty, ripostes
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.effects import blow_effects
from runehall.systems.rune.combat.extras import decoy_mods, shield
from runehall.systems.rune.combat.footing import dark
from runehall.systems.rune.combat.geometry import Point, dist2
from runehall.systems.rune.combat.gift_hoder import swerve
from runehall.systems.rune.combat.gift_mods import gift_blow, spend_boosts
from runehall.systems.rune.combat.gift_triggered import stag
from runehall.systems.rune.combat.legendary_play import axe_glory, blade_dealt
from runehall.systems.rune.combat.modifiers import crowd, missile_mods
from runehall.systems.rune.combat.resolve import (
    BASE_DIFFICULTY,
    Swing,
    fog_of_war,
    riposte,
    roll_record,
    sever,
    total,
)
from runehall.systems.rune.combat.settings import missile_range, missiles, pick, stress
from runehall.systems.rune.speech.common import HEALTH


def check_not_too_close(board: Board, d: Combatant, weapon: Weapon, where: Point) -> None:
    """No shot inside a ranged weapon's minimum distance (bows 5 paces, thrown 3)."""
    minimum = int(missile_range(weapon.kind)["min_distance"])
    d2 = dist2(where, d.at)
    inclusive = weapon.kind != "thrown" or bool(board.opt("thrown_min_distance_inclusive"))
    if d2 < minimum * minimum if inclusive else d2 <= minimum * minimum:
        refusal = (
            N_("missile weapons need {minimum} paces or more: {defender} is too close for the {weapon}")
            if weapon.kind == "missile"
            else N_("thrown weapons need {minimum} paces or more: {defender} is too close for the {weapon}")
        )
        raise RulesError(
            refusal,
            minimum=minimum,
            defender=d.name,
            weapon=Refusal(weapon.name),
        )


def within_reach(board: Board, a: Combatant, d: Combatant, weapon: Weapon, where: Point) -> dict[str, int] | None:
    """The range, the Dam penalty past it and the DAM left, or None when d is beyond any reach (the Dam
    rating used up by the penalty)."""
    if weapon.dam_rating is None:
        raise RulesError(
            N_("{attacker}'s {weapon} has no known Dam rating, so no range: give {field}"),
            field=Named(N_("it as 'dam_rating'"), N_("it in the fight's setup")),
            attacker=a.name,
            weapon=Refusal(weapon.name),
        )
    standard = int(missile_range(weapon.kind)["paces_per_dam"]) * weapon.dam_rating
    penalty = range_penalty(dist2(where, d.at), standard, board.opt("beyond_range_rounding") == "per_started_10")
    if penalty > weapon.dam_rating:
        return None
    return {"range": standard, "penalty": penalty, "dam": weapon.need("dam", a.name) - penalty}


def reach(board: Board, a: Combatant, d: Combatant, weapon: Weapon, at: Point | None = None) -> dict[str, int]:
    """Where a ranged weapon reaches d from `at` (default: where a stands); RulesError when it does not."""
    where = at or a.at
    check_not_too_close(board, d, weapon, where)
    reached = within_reach(board, a, d, weapon, where)
    if reached is None:
        raise RulesError(
            N_("{defender} is beyond any reach of {attacker}'s {weapon}"),
            defender=d.name,
            attacker=a.name,
            weapon=Refusal(weapon.name),
        )
    return reached


def spend_ammo(board: Board, a: Combatant, weapon: Weapon) -> int | None:
    if weapon.ammo is None:
        return None
    if weapon.ammo <= 0:
        raise RulesError(
            N_("{attacker} has no ammunition left for the {weapon}"), attacker=a.name, weapon=Refusal(weapon.name)
        )
    left = max(0, weapon.ammo - int(board.opt("ammo_per_shot")))
    weapons = tuple(w.model_copy(update={"ammo": left}) if w.id == weapon.id else w for w in a.weapons)
    board.update(a.name, weapons=weapons)
    return left


def dodge_bonus(board: Board, d: Combatant) -> int:
    """Dodge + Qik for a hero (as given); a supporting character dodges with his Res unless given a Dodge, and
    adds his Qik where option foe_dodge_stat says so."""
    if d.hero or d.dodge is not None:
        return d.bonus("dodge")
    if board.opt("foe_dodge_stat") == "res_plus_qik":
        if d.qik is None:
            raise RulesError(
                N_("{defender} dodges with Res + Qik at this table: give his {field}"),
                defender=d.name,
                field=Named("'qik'", N_("Qik")),
            )
        return d.bonus("res") + d.qik
    return d.bonus("res")


def shot_terms(board: Board, swing: Swing, dodge: bool) -> tuple[list[tuple[str, int]], int]:
    """A shot's ATK modifiers and score, as missile_swing rolls them and attack_odds.py gives their odds."""
    a, d = board.people[swing.attacker], board.people[swing.target]
    from runehall.systems.rune.combat.legendary_maw import maw_mods  # the Demon Maw Helm
    from runehall.systems.rune.combat.legendary_sparks import dazzle_mods  # the Blinding Armor

    mods = [*missile_mods(board, a, d, dodge, swing.sit), *decoy_mods(board, a), *maw_mods(a, d), *dazzle_mods(a)]
    return mods, swing.weapon.need("atk", a.name)


def shot_blow(board: Board, a: Combatant, d: Combatant, dam: int) -> tuple[int, int, dict[str, Any]]:
    """A shot's DAM (after the range penalty) and the Soak against it, with the notes' magic and the gifts."""
    dam, soak, magic = blow_effects(board, a, d, dam, d.soak + d.thwarted + d.absorbed)  # legendary armours' Prot
    return gift_blow(board, a, d, None, dam, soak, magic)


def missile_swing(
    board: Board,
    swing: Swing,
    source: Source,
    dodge: bool,
    line_of_fire: list[str],
    reached: dict[str, int],
    swerve_to: str | None = None,
) -> dict[str, Any]:
    a, d = board.people[swing.attacker], board.people[swing.target]
    weapon = swing.weapon
    if dodge and not d.active:
        raise RulesError(N_("{defender} is {state} and cannot dodge"), defender=d.name, state=Refusal(HEALTH[d.health]))
    from runehall.systems.rune.combat.legendary_maw import maw_roll

    bellowed = maw_roll(board, a.name, d.name, source)  # the Demon Maw Helm, before the ATK roll
    mods, score = shot_terms(board, swing, dodge)
    roll, faces = stress(source)
    atk = roll_record(a.name, "ATK", faces, roll, score, mods, a.impairment)
    spend_boosts(board, a.name, "atk")
    from runehall.systems.rune.combat.legendary_play import thwart

    thwarted = thwart(board, a.name, d.name)  # the Loki-Thwarting Armor's Prot risen by the attempt
    d = board.people[d.name]
    result: dict[str, Any] = {"kind": swing.why, "attacker": a.name, "target": d.name, "weapon": weapon.name}
    result.update(distance=reached)
    if thwarted is not None:
        result["thwart"] = thwarted
    if bellowed is not None:
        result["maw"] = bellowed
    left = spend_ammo(board, a, weapon)
    if left is not None:
        result["ammo_left"] = left
    # The crowd raises an undodged shot's Difficulty; a dodged shot may stray into it only where option
    # stray_only_undodged is off (A31).
    stray_ok = not dodge or not board.opt("stray_only_undodged")
    bystanders = crowd(board, a, d, line_of_fire) if stray_ok else []
    if dodge:
        bonus = dodge_bonus(board, d)
        d_roll, d_faces = stress(source)
        defence = roll_record(d.name, "Dodge", d_faces, d_roll, bonus, dark(board, d), d.impairment)
    else:
        difficulty = BASE_DIFFICULTY + crowd_step() * len(bystanders)
        defence = {"who": d.name, "roll": "none (not dodging)", "base": BASE_DIFFICULTY, "total": difficulty}
        if bystanders:
            defence["crowd"] = [f"{n} ({why})" for n, why in bystanders]
    result.update(atk=atk, dfn=defence)
    tm = atk["total"] - defence["total"]
    result.update(hit=tm >= 0, tm=tm)
    leapt = stag(d, dodge, tm >= 0)  # Like the Leaping Stag (gift_triggered.py)
    if leapt:
        result["gift_vp"] = leapt
    dam = reached["dam"]
    if tm >= 0:
        dam, soak, magic = shot_blow(board, a, d, dam)
        hit = damage(tm, dam, soak)
        lost, hostage = shield(board, a, d, hit.raw, soak, tm, swing.bypass_hostage)
        result.update(dam=dam, raw=hit.raw, soak=soak, **magic)
        if hostage is not None:
            result["hostage"] = hostage
        result["injury"] = board.hurt(d.name, lost, a.name)
        glory = axe_glory(board, a, d, weapon)  # a thrown Axe of Glory (legendary_play.py)
        blade_dealt(board, a, board.people[d.name], weapon, int(result["injury"].get("hp_lost", 0)))
        if glory is not None:
            result["glory"] = glory
        if swing.sever:
            result["sever"] = sever(board, a, d, weapon, hit.lost, source)
        return result
    if bystanders and atk["total"] >= BASE_DIFFICULTY:
        names = list(dict.fromkeys(n for n, _ in bystanders))
        index, face = pick(source, len(names))
        victim = board.people[names[index]]
        stray_tm = atk["total"] - BASE_DIFFICULTY
        hit = damage(stray_tm, dam, victim.soak)
        stray: dict[str, Any] = {"victim": victim.name, "tm": stray_tm, "dam": dam, "raw": hit.raw, "soak": victim.soak}
        if len(names) > 1:
            stray.update(candidates=names, picked_with=face)
        hoder = swerve(board, a, victim, source, swerve_to)  # The Remorse of Hoder (gift_hoder.py)
        if hoder is not None:
            stray["hoder"] = hoder
        if hoder is not None and hoder.get("foe"):  # it swerves onto a foe: his blow
            victim = board.people[str(hoder["foe"])]
            hit = damage(stray_tm, dam, victim.soak)
            stray.update(victim=victim.name, raw=hit.raw, soak=victim.soak)
            stray["injury"] = board.hurt(victim.name, hit.lost, a.name)
        else:
            stray["injury"] = board.hurt(victim.name, hit.lost)
        result["stray"] = stray
    if faces[0] == 1 and board.opt("fog_of_war_scope") == "melee_and_missile":
        fog = fog_of_war(board, a, d, weapon, source, score + total(mods), defence["total"])
        if fog is not None:
            result["fog_of_war"] = fog
    if board.opt("riposte_scope") == "any_attack" and ripostes(tm) and swing.take_ripostes:
        done = [r for r in (riposte(board, swing, source) for _ in range(ripostes(tm))) if r is not None]
        if done:
            result["ripostes"] = done
    return result


def crowd_step() -> int:
    return int(missiles()["crowd"][0]["difficulty"])
