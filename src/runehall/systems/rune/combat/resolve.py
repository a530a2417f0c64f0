"""Resolving one attack (spec 001a §6.6-§6.7, §6.10-§6.12, §6.14): the rolls, the hit, the damage, and what
follows on its own: the Fog of War, a stray missile, the ripostes, the berserk's counter, a severed arm, a
barb-net, and the restrainer hit by his ally's miss. Every die comes from the action's source, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from runehall.chance.sources import Source
from runehall.systems.rune.combat.arithmetic import damage, halve, ripostes
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import UNARMED, Combatant, Restraint, Weapon
from runehall.systems.rune.combat.effects import blow_effects
from runehall.systems.rune.combat.extras import decoy_mods, shield
from runehall.systems.rune.combat.footing import dark
from runehall.systems.rune.combat.gallery import armor_ignoring_soak, clamp, land_on, sever_tentacle, soak_against
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.gift_blessings import berserk_counter_vp
from runehall.systems.rune.combat.gift_mods import gift_blow, spend_boosts
from runehall.systems.rune.combat.gift_sleipnir import melee_attack
from runehall.systems.rune.combat.knockdown import knockdown
from runehall.systems.rune.combat.legendary_maw import maw_mods, maw_roll
from runehall.systems.rune.combat.legendary_play import absorb, axe_glory, blade_dealt, blunt, spit, thwart
from runehall.systems.rune.combat.legendary_sparks import dazzle_mods, sparks
from runehall.systems.rune.combat.modifiers import Mods, Situation, berserk_filter, melee_mods
from runehall.systems.rune.combat.rune_powers import drink
from runehall.systems.rune.combat.rune_strike import hammer_strike
from runehall.systems.rune.combat.settings import barb_net, melee, pick, stress

BASE_DIFFICULTY = 6
LEAP = "leaping Sark Amen"  # the DFN modifier's label


@dataclass(frozen=True)
class Swing:
    """One attack as declared: who strikes whom with what, and how."""

    attacker: str
    target: str
    weapon: Weapon
    why: str = "attack"
    sit: Situation = field(default_factory=Situation)
    berserk: bool = False
    careful: bool = False  # the target's DFN score counts as 0
    counter: bool = True  # a berserk's target strikes back
    take_ripostes: bool = True
    depth: int = 0
    sever: bool = False
    ally_between: str | None = None
    restrain: str | None = None  # "hold" / "pin": a brawling manoeuvre, no damage
    pounce: bool = False  # a wendol's charge: it lands on him, the damage ignores armor
    bypass_hostage: bool = True  # beating a captor's DFN by 10+, the hero bypasses his hostage
    leap: int = 0  # a Sark Amen striking as it lands: the victim's DFN falls by its Res
    grab: bool = False  # a tube-striker's grab: no damage, what it seizes is flung (tube_striker.py)


def total(mods: Mods) -> int:
    return sum(v for _, v in mods)


def roll_record(
    who: str, what: str, faces: tuple[int, ...], result: int, score: int, mods: Mods, impairment: int
) -> dict[str, Any]:
    record: dict[str, Any] = {"who": who, "roll": what, "faces": list(faces), "result": result, "score": score}
    if mods:
        record["modifiers"] = {label: value for label, value in mods}
    if impairment:
        record["impairment"] = -impairment
    record["total"] = result + score + total(mods) - impairment
    return record


def dfn_score(board: Board, a: Combatant, d: Combatant, swing: Swing) -> tuple[int, str | None]:
    """The defender's DFN score against this swing, and why it was changed."""
    if swing.careful:
        return 0, "careful strike"
    if not d.active:
        rule = board.opt("incapacitated_dfn")
        if rule != "normal_dfn":
            return 0, f"{d.health}"
    score = d.dfn_weapon().need("dfn", d.name)
    holder = d.restraint.by if d.restraint is not None else None
    if holder is not None and holder != a.name and board.people[holder].side == a.side:
        return halve(score, board.opt("halving_rounding")), "restrained: halved"
    return score, None


def atk_score(board: Board, a: Combatant, weapon: Weapon, swing: Swing) -> int:
    score = weapon.need("atk", a.name)
    if a.severed:
        score = halve(score, board.opt("halving_rounding")) - (3 if board.opt("sever_offhand_penalty_stacks") else 0)
    if swing.berserk:
        score += a.dfn_weapon().need("dfn", a.name)
    return score


@dataclass(frozen=True)
class MeleeTerms:
    """What a melee attack's two rolls add, as melee_swing rolls them and attack_odds.py gives their odds."""

    score: int
    atk_mods: Mods
    d_score: int
    why: str | None
    dfn_mods: Mods
    helpless: bool  # he cannot defend: no DFN roll, a total of 0


def melee_terms(board: Board, swing: Swing) -> MeleeTerms:
    """The scores and modifiers of both rolls of a melee attack, read from the board before any die is rolled."""
    a, d = board.people[swing.attacker], board.people[swing.target]
    atk_mods, dfn_mods = melee_mods(board, a, d, swing.weapon, swing.sit)
    atk_mods = [*atk_mods, *decoy_mods(board, a), *maw_mods(a, d), *dazzle_mods(a)]
    dfn_mods = [*dfn_mods, *dazzle_mods(d)]  # the Blinding Armor's sparks (legendary_sparks.py)
    if swing.leap:
        dfn_mods = [*dfn_mods, (LEAP, -swing.leap)]
    if swing.berserk:
        atk_mods = berserk_filter(board, atk_mods)
    d_score, why = dfn_score(board, a, d, swing)
    helpless = not d.active and board.opt("incapacitated_dfn") == "automatic_hit"
    return MeleeTerms(atk_score(board, a, swing.weapon, swing), atk_mods, d_score, why, dfn_mods, helpless)


def blow_terms(
    board: Board, a: Combatant, d: Combatant, weapon: Weapon, swing: Swing
) -> tuple[int, int, dict[str, Any]]:
    """A melee blow's DAM and the Soak against it (the notes' magic and the gifts on them), and their record."""
    armor = armor_ignoring_soak(d) if swing.pounce else soak_against(a, d)
    dam, soak, magic = blow_effects(board, a, d, weapon.need("dam", a.name), armor)
    return gift_blow(board, a, d, swing.sit.high_ground, dam, soak, magic)


def melee_swing(board: Board, swing: Swing, source: Source) -> dict[str, Any]:
    """A melee attack and all that follows from it."""
    thwarted = thwart(board, swing.attacker, swing.target)  # the Loki-Thwarting Armor (legendary_play.py)
    bellowed = maw_roll(board, swing.attacker, swing.target, source)  # the Demon Maw Helm (legendary_maw.py)
    a, d = board.people[swing.attacker], board.people[swing.target]
    weapon = swing.weapon
    terms = melee_terms(board, swing)
    score, atk_mods, d_score, why, dfn_mods = terms.score, terms.atk_mods, terms.d_score, terms.why, terms.dfn_mods
    roll, faces = stress(source)
    atk = roll_record(a.name, "ATK", faces, roll, score, atk_mods, a.impairment)
    spend_boosts(board, a.name, "atk")
    helpless = terms.helpless
    if helpless:
        defence: dict[str, Any] = {"who": d.name, "roll": "none (cannot defend)", "score": 0, "total": 0}
    elif board.opt("static_dfn_variant"):
        static = d_score + 5 + total(dfn_mods) - d.impairment
        defence = {"who": d.name, "roll": "DFN (static: score + 5)", "score": d_score, "total": static}
    else:
        d_roll, d_faces = stress(source)
        defence = roll_record(d.name, "DFN", d_faces, d_roll, d_score, dfn_mods, d.impairment)
        spend_boosts(board, d.name, "dfn")
    if why:
        defence["score_note"] = why
    result: dict[str, Any] = {"kind": swing.why, "attacker": a.name, "target": d.name, "weapon": weapon.name}
    if swing.berserk:
        result["berserk"] = True
    result.update(atk=atk, dfn=defence)
    if thwarted is not None:
        result["thwart"] = thwarted
    if bellowed is not None:
        result["maw"] = bellowed
    tm = atk["total"] - defence["total"]
    hit = tm >= 0
    result.update(hit=hit, tm=tm)
    if clamp(board, a, d, hit, int(atk["total"]), int(defence["total"])):
        result["clamped"] = True
    if hit:
        result.update(_on_hit(board, a, d, weapon, tm, swing, source))
        plain_blow = swing.restrain is None and not swing.grab
        glory = axe_glory(board, a, d, weapon) if plain_blow else None  # the Axe of Glory (legendary_play.py)
        if glory is not None:
            result["glory"] = glory
        lost = int(result["injury"].get("hp_lost", 0)) if isinstance(result.get("injury"), dict) else 0
        blade_dealt(board, a, board.people[d.name], weapon, lost)  # the Blade of Fair Title (legendary_play.py)
        if plain_blow:  # the Absorption Armor (legendary_play.py)
            absorbed = absorb(board, board.people[a.name], board.people[d.name], weapon, source)
            if absorbed is not None:
                result["absorb"] = absorbed
            spat = spit(board, board.people[a.name], board.people[d.name], weapon, lost, source)  # Spitting Armor
            if spat is not None:
                result["spit"] = spat
            dulled = blunt(board, board.people[a.name], board.people[d.name], weapon, source)  # Blunting Armor
            if dulled is not None:
                result["blunt"] = dulled
            dazzled = sparks(board, board.people[a.name], board.people[d.name], weapon, source)  # Blinding Armor
            if dazzled is not None:
                result["sparks"] = dazzled
        if "raw" in result:
            footing = knockdown(board, a, d, int(result["raw"]), int(atk["total"]), source)
            if footing is not None:
                result["footing"] = footing
    else:
        botched = faces[0] == 1
        extra = _on_miss(board, a, d, weapon, swing, source, atk, defence, botched, score + total(atk_mods))
        result.update(extra)
    result.update(_afterwards(board, swing, tm, source))
    swift = melee_attack(board, board.people[a.name], board.people[d.name])  # the first hero to strike a foe
    if swift:
        result["gift_vp"] = swift  # Swiftness of Sleipnir's VP (gift_sleipnir.py)
    return result


def _on_hit(
    board: Board, a: Combatant, d: Combatant, weapon: Weapon, tm: int, swing: Swing, source: Source
) -> dict[str, Any]:
    if not weapon.ranged and d.first_hit_by is None:
        board.update(d.name, first_hit_by=a.name)
    if swing.restrain is not None:
        return {"restrain": restrain_roll(board, a, d, swing.restrain, source)}
    if swing.grab:
        return {}
    if entangles(board, weapon):
        difficulty = BASE_DIFFICULTY + tm
        board.update(d.name, restraint=Restraint(kind="net", tm=tm, difficulty=difficulty))
        return {"netted": {"escape_difficulty": difficulty, "damage_per_action": int(barb_net()["damage_per_action"])}}
    armor = armor_ignoring_soak(d) if swing.pounce else soak_against(a, d)
    dam, soak, magic = blow_terms(board, a, d, weapon, swing)
    hit = damage(tm, dam, soak)
    lost, hostage = shield(board, a, d, hit.raw, soak, tm, swing.bypass_hostage)
    out: dict[str, Any] = {"dam": dam, "raw": hit.raw, "soak": soak, **magic}
    if hostage is not None:
        out["hostage"] = hostage
    struck = hammer_strike(board, a, d, weapon, lost, source)  # the Dwarven Hammers' powers (rune_strike.py)
    if struck is not None:
        out["rune_strike"] = struck
        lost = 0 if struck.get("statue") or "crow_until" in struck else lost
    out["injury"] = board.hurt(d.name, lost, a.name)
    drunk = drink(board, a, out["injury"])  # the Viking Broad Sword's power (rune_powers.py)
    if drunk is not None:
        out["drunk"] = drunk
    if armor < d.soak and not swing.pounce:
        out["stun"] = True  # armor-ignoring: his armor's Prot does not count
    if swing.pounce:
        out["pounce"] = land_on(board, a, d)
    severed = sever_tentacle(board, board.people[d.name], weapon, lost)
    if severed is not None:
        out["tentacles_left"] = severed
    if swing.sever:
        out["sever"] = sever(board, a, d, weapon, hit.lost, source)
    return out


def entangles(board: Board, weapon: Weapon) -> bool:
    """The barb-net wraps whom it hits; so does the plain Net where option net_entangles says so (A71)."""
    return weapon.special == "barb_net" or (weapon.id == "net" and bool(board.opt("net_entangles")))


def _on_miss(
    board: Board,
    a: Combatant,
    d: Combatant,
    weapon: Weapon,
    swing: Swing,
    source: Source,
    atk: dict[str, Any],
    defence: dict[str, Any],
    botched: bool,
    atk_bonus: int,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    holder = d.restraint.by if d.restraint is not None else None
    if holder is not None and holder != a.name and board.people[holder].side == a.side:
        h = board.people[holder]
        raw = weapon.need("dam", a.name) + defence["total"] - atk["total"]
        lost = max(0, raw - h.soak) if board.opt("restrainer_soak_applies") else max(0, raw)
        out["restrainer_hit"] = {"raw": raw, "injury": board.hurt(h.name, lost)}
    if botched and swing.restrain is None:
        fog = fog_of_war(board, a, d, weapon, source, atk_bonus, defence["total"])
        if fog is not None:
            out["fog_of_war"] = fog
    if swing.ally_between is not None and not swing.sit.precaution:
        gap = defence["total"] - atk["total"]
        limit = int(melee()["fog_of_war"]["ally_between_hit_if_miss_by_at_most"])
        if gap <= limit:
            ally = board.get(swing.ally_between)
            dam = weapon.need("dam", a.name)
            raw = dam - gap if board.opt("ally_between_damage") == "raw_minus_soak" else dam
            out["ally_hit"] = {"ally": ally.name, "raw": raw, "injury": board.hurt(ally.name, max(0, raw - ally.soak))}
    return out


def fog_of_war(
    board: Board, a: Combatant, d: Combatant, weapon: Weapon, source: Source, atk_bonus: int, dfn_total: int
) -> dict[str, Any] | None:
    """A botch with allies within 3 paces: reroll; if that would have hit, the ally with the lowest INIT total
    takes the weapon's DAM less his Soak."""
    near = [o for o in board.allies(a) if o.health not in ("dead", "gone") and within(o.at, a.at, ENGAGED)]
    if not near:
        return None
    roll, faces = stress(source)
    again = roll + atk_bonus - a.impairment
    out: dict[str, Any] = {
        "reroll": {"faces": list(faces), "result": roll, "total": again},
        "would_hit": again >= dfn_total,
    }
    if again < dfn_total:
        return out
    inits = {o.name: board.entries[o.name].total if o.name in board.entries else None for o in near}
    known = [t for t in inits.values() if t is not None]
    lowest = min(known) if known else None
    candidates = [n for n, t in inits.items() if t == lowest or lowest is None]
    index, face = pick(source, len(candidates))
    victim = board.people[candidates[index]]
    if len(candidates) > 1:
        out["picked_with"] = face
    dam = weapon.need("dam", a.name)
    out.update(ally=victim.name, dam=dam, injury=board.hurt(victim.name, max(0, dam - victim.soak)))
    return out


def sever(board: Board, a: Combatant, d: Combatant, weapon: Weapon, lost: int, source: Source) -> dict[str, Any]:
    """A hero's sword or axe blow of twice the foe's WT may take his weapon arm (odd d10)."""
    edges = melee()["sever"]["edges"]
    thrown_ok = weapon.kind != "thrown" or bool(board.opt("sever_with_thrown_axe"))
    eligible = a.hero and not d.hero and weapon.edge in edges and weapon.kind != "missile" and thrown_ok
    eligible = eligible and lost >= 2 * d.wt and d.health not in ("dead", "gone") and not d.severed
    if not eligible:
        return {"eligible": False}
    face = source.die(10)
    if face % 2 == 0:
        return {"eligible": True, "die": face, "severed": False}
    dropped = d.dropped if d.ready == UNARMED else (*d.dropped, d.ready)
    board.update(d.name, severed=True, ready=UNARMED, dropped=dropped)
    out: dict[str, Any] = {"eligible": True, "die": face, "severed": True}
    if d.active and board.opt("foe_flee_after_sever") == "flee_unless_res":
        roll, faces = stress(source)
        res = d.bonus("res")
        stays = roll + res - board.people[d.name].impairment >= BASE_DIFFICULTY
        out["res_roll"] = {"faces": list(faces), "result": roll, "res": res, "stays": stays}
        if not stays:
            board.update(d.name, health="gone")
            board.left_the_fight(d.name)
            out["flees"] = True
    return out


def restrain_roll(board: Board, a: Combatant, d: Combatant, kind: str, source: Source) -> dict[str, Any]:
    """The hold or pin roll after a hit: against the target's DFN score, no roll on his side."""
    target, _ = dfn_score(board, a, d, Swing(a.name, d.name, a.unarmed))
    roll, faces = stress(source)
    bonus = a.bonus(kind)
    mods = dark(board, a)
    result = roll + bonus + sum(v for _, v in mods) - a.impairment
    out: dict[str, Any] = {"kind": kind, "faces": list(faces), "result": roll, "bonus": bonus}
    if mods:
        out["modifiers"] = dict(mods)
    out.update(total=result, against=target)
    if result < target:
        out["restrained"] = False
        return out
    tm = result - target
    difficulty = BASE_DIFFICULTY + tm
    board.update(d.name, restraint=Restraint(kind=kind, by=a.name, tm=tm, difficulty=difficulty))
    board.update(a.name, restraining=d.name)
    out.update(restrained=True, tm=tm, escape_difficulty=difficulty)
    return out


def _afterwards(board: Board, swing: Swing, tm: int, source: Source) -> dict[str, Any]:
    out: dict[str, Any] = {}
    n = ripostes(tm) if swing.take_ripostes else 0
    if n and swing.depth < int(board.opt("riposte_max_depth")):
        done = [r for r in (riposte(board, swing, source) for _ in range(n)) if r is not None]
        if done:
            out["ripostes"] = done
    a, d = board.people[swing.attacker], board.people[swing.target]
    standing = d.active and not d.held and within(a.at, d.at, ENGAGED)
    if swing.berserk and swing.counter and standing and a.health not in ("dead", "gone"):
        counter = Swing(
            d.name, a.name, melee_weapon(d), why="berserk counter", careful=True, take_ripostes=swing.take_ripostes
        )
        out["counter"] = melee_swing(board, counter, source)
        berserk_counter_vp(board, a.name, out["counter"])  # Berserks' Blessing (gift_blessings.py)
    return out


def melee_weapon(c: Combatant) -> Weapon:
    """What he strikes with without moving: the weapon in hand, or his fists if it is a bow or a throwing weapon."""
    w = c.in_hand
    return c.unarmed if w.ranged else w


def riposte(board: Board, swing: Swing, source: Source) -> dict[str, Any] | None:
    """One free attack by the defender on the attacker, if he can still strike him where he stands."""
    a, d = board.people[swing.attacker], board.people[swing.target]
    if not d.active or d.held or a.health in ("dead", "gone") or not within(a.at, d.at, ENGAGED):
        return None
    if d.clamped and board.opt("land_crab_clamp") == "no_attacks":
        return None
    back = Swing(
        d.name, a.name, melee_weapon(d), why="riposte", take_ripostes=swing.take_ripostes, depth=swing.depth + 1
    )
    return melee_swing(board, back, source)


def careful_or_normal(swing: Swing, careful: bool) -> Swing:
    return replace(swing, careful=careful)
