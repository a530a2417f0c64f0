"""The foe gallery's special rules inside a fight (spec 001b §9), applied where a blow lands: undead that only a
wounding blow kills (the Dishonored, the Sark Amen), the beetle-werk running a hero over, the vegetarian goblin's
stun damage, the land crab clamping up, and the round's start for an undead foe that was left down.

The rules' numbers and decisions are encounters/table_rules.py's pure functions; this module feeds them what the
fight rolled. A foe's type is its `foe_type` (foes.toml id), set by foes.foe_spec.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import MORTAL_WOUNDS, Health
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.geometry import ENGAGED, length, within
from runehall.systems.rune.combat.settings import melee, stress
from runehall.systems.rune.encounters.gallery_data import gallery
from runehall.systems.rune.encounters.table_rules import (
    crab_clamps,
    dishonored_blow,
    dishonored_recovery,
    rolling_collision,
    tube_striker_severs,
    wendol_may_charge,
)
from runehall.systems.rune.options import RuneOptions

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

# foes.toml ids of the types whose rules live here (a test checks each is a foe type of the data)
BEETLE_WERK = "beetle_werk"
VEGETARIAN_GOBLIN = "vegetarian_goblin"
LAND_CRABS = ("small_land_crab", "large_land_crab")
WENDOL = "wendol"
TUBE_STRIKER = "tube_striker"
TYPES = (BEETLE_WERK, VEGETARIAN_GOBLIN, *LAND_CRABS, WENDOL, TUBE_STRIKER)


def rune_options(board: Board) -> RuneOptions | None:
    """The table's options as table_rules reads them (None: the defaults)."""
    return board.options if isinstance(board.options, RuneOptions) else None


def undead_rules(c: Combatant) -> bool:
    return c.undead and not c.hero


def armor_ignoring_soak(c: Combatant) -> int:
    """The Soak left against armor-ignoring damage: his Soak without his armor's Prot."""
    return max(0, c.soak - c.armor_prot)


def soak_against(a: Combatant, d: Combatant) -> int:
    """The Soak d opposes to a's blow: a vegetarian goblin's stun damage ignores armor; otherwise his Soak with his
    Loki-Thwarting Armor's risen Prot and the Prot of the weapons his Absorption Armor took (legendary_play.py)."""
    return armor_ignoring_soak(d) if a.foe_type == VEGETARIAN_GOBLIN else d.soak + d.thwarted + d.absorbed


def fall_of(
    board: Board, c: Combatant, hp: int, wounds: int, lost: int, health: Health, by: str | None
) -> tuple[Health, dict[str, Any], dict[str, Any]]:
    """The health a blow leaves, where the gallery changes it: (health, the combatant's changes, what the
    injury record adds). `by`: who dealt the blow (None: a hazard, the runner)."""
    if undead_rules(c) and hp <= 0 and c.health not in ("dead", "gone"):
        if dishonored_blow(hp, lost, c.wt) == "down":
            dropper = c.dropped_by if c.undead_down else by
            return "incapacitated", {"undead_down": True, "regains": 0, "dropped_by": dropper}, {"undead": "down"}
        said: dict[str, Any] = {"undead": "destroyed"}
        if c.undead_down and c.dropped_by is not None and by is not None and c.dropped_by != by:
            said.update(dropped_by=c.dropped_by, finished_by=by)
        return "dead", {"undead_down": False, "regains": 0}, said
    striker = board.people.get(by or "")
    crushed = hp <= 0 or wounds >= MORTAL_WOUNDS
    if c.hero and striker is not None and striker.foe_type == BEETLE_WERK and crushed and health != "dead":
        return "dead", {}, {"run_over": True}  # no revival by any means
    return health, {}, {}


def destroy_head(board: Board, who: str, target: Combatant) -> dict[str, Any]:
    """A hero's action on a downed undead foe: it is dead now, and the death blow is paid (split when another
    hero dropped it)."""
    board.update(target.name, health="dead", undead_down=False, regains=0)
    board.windows.pop(target.name, None)
    out: dict[str, Any] = {"who": who, "target": target.name, "health": "dead", "finished_by": who}
    if target.dropped_by is not None:
        out["dropped_by"] = target.dropped_by
    return out


def round_start(board: Board, source: Source) -> list[dict[str, Any]]:
    """Before the new round's initiative: each undead foe left down rolls Res against 6 and, on a success, gets
    up with the margin in HP, which it regains again at the start of every round until it is next dropped."""
    out: list[dict[str, Any]] = []
    for c in list(board.people.values()):
        if c.undead_down and c.health == "incapacitated":
            roll, faces = stress(source)
            res = c.bonus("res")
            total = roll + res - c.impairment
            margin = dishonored_recovery(total)
            record: dict[str, Any] = {"who": c.name, "faces": list(faces), "result": roll, "res": res}
            record.update(total=total, difficulty=gallery().dishonored.recovery_difficulty)
            record["rises"] = margin is not None
            if margin is not None:
                hp = min(c.hp_max, c.hp + margin)
                board.update(c.name, health="active", undead_down=False, dropped_by=None, regains=margin, hp=hp)
                record.update(regains=margin, hp=hp)
            out.append(record)
        elif c.regains and c.active:
            hp = min(c.hp_max, c.hp + c.regains)
            board.update(c.name, hp=hp)
            out.append({"who": c.name, "regained": hp - c.hp, "hp": hp})
    return out


def clamp(board: Board, a: Combatant, d: Combatant, hit: bool, atk_total: int, dfn_total: int) -> bool:
    """A land crab hit by an ATK total beating its DFN total by 10 or more clamps up (001b §9): it makes no
    attacks while clamped (A-56)."""
    if d.foe_type not in LAND_CRABS or d.clamped or not crab_clamps(hit, atk_total, dfn_total):
        return False
    board.update(d.name, clamped=True)
    return True


# -- the wendol's charge (001b §9, A-58) ------------------------------------------------------------------
def check_wendol_charge(c: Combatant, t: Combatant, ranged: bool) -> None:
    """A wendol's charge: its first attack on this target, begun 30 paces or more from him this round."""
    start = c.this_round.path[0] if c.this_round.path else c.at
    if c.foe_type != WENDOL:
        raise RulesError(N_("only a wendol charges to land on its prey"))
    if ranged:
        raise RulesError(N_("a wendol's charge is a melee attack"))
    if not wendol_may_charge(int(length(start, t.at)), t.name not in c.struck):
        raise RulesError(
            N_("a wendol charges only in its first attack on a target, from {paces} paces or more"),
            paces=gallery().wendol.charge_paces,
        )


def preys_on(c: Combatant, t: Combatant) -> bool:
    """A wendol whose notes bought it the option may aim at a foe of its own side, one that is no wendol
    (001b §8.4); what it does to him earns nobody victory points."""
    own_side = t.side == c.side and t.name != c.name and not t.hero
    return c.attacks_foes and c.foe_type == WENDOL and own_side and t.foe_type != WENDOL


def duels(c: Combatant, t: Combatant) -> bool:
    """A hero of an encounter's run may strike another hero on purpose: the rules let him, at a cost in victory
    points that the run's tally charges (001b §6.3, item 5); never himself, and never as a foe."""
    return c.strikes_heroes and c.hero and t.hero and t.name != c.name


def fellow_heroes(board: Board, c: Combatant) -> list[Combatant]:
    """The heroes he may strike on purpose (offered as a move of its own, never among his foes)."""
    return [o for o in board.people.values() if duels(c, o) and o.health not in ("dead", "gone")]


def prey(board: Board, c: Combatant) -> list[Combatant]:
    """Whom he may aim at: the other side, and the non-wendol foes for a wendol with the option bought."""
    return [o for o in board.people.values() if o.side != c.side or preys_on(c, o)]


def land_on(board: Board, a: Combatant, d: Combatant) -> dict[str, Any]:
    """A successful charge: he is down with the wendol on top, and cannot rise until it moves off."""
    if board.people[d.name].health in ("dead", "gone"):
        return {}
    board.update(d.name, fallen=True, under=a.name)
    return {"under": a.name}


def pinned_down(board: Board, c: Combatant) -> str | None:
    """Why he cannot stand: a wendol still on him, or the dead wendol he is still crawling out from under."""
    if c.crawl_rounds:
        return "crawling"
    w = board.people.get(c.under or "")
    if w is not None and w.active and within(w.at, c.at, ENGAGED):
        return "under"
    return None


def wendol_round(board: Board) -> list[dict[str, Any]]:
    """The start of a round for those a wendol landed on: one that has moved off frees him; one that is
    dead leaves him two rounds of crawling out; each round of it done brings him closer."""
    out: list[dict[str, Any]] = []
    for c in list(board.people.values()):
        if c.crawl_rounds:
            board.update(c.name, crawl_rounds=c.crawl_rounds - 1)
            out.append({"who": c.name, "crawl_rounds_left": c.crawl_rounds - 1})
            continue
        w = board.people.get(c.under or "")
        if w is None:
            continue
        if w.health in ("dead", "gone", "incapacitated", "dying"):
            rounds = gallery().wendol.crawl_out_rounds
            board.update(c.name, under=None, crawl_rounds=rounds)
            out.append({"who": c.name, "crawl_rounds_left": rounds})
        elif not within(w.at, c.at, ENGAGED):
            board.update(c.name, under=None)
    return out


# -- the tube-striker's tentacles (001b §9) --------------------------------------------------------------
def tentacles_left(c: Combatant) -> int:
    return max(0, gallery().tube_striker.tentacles - c.tentacles_lost)


def sever_tentacle(board: Board, d: Combatant, weapon: Weapon, lost: int) -> int | None:
    """After a hit on a tube-striker: the tentacles it has left if the blow severed one, else None."""
    sharp = weapon.edge in melee()["sever"]["edges"]
    if d.foe_type != TUBE_STRIKER or not tentacles_left(d) or not tube_striker_severs(lost, sharp):
        return None
    board.update(d.name, tentacles_lost=d.tentacles_lost + 1)
    return tentacles_left(board.people[d.name])


# -- rolling down a slope into someone (001b §11.12, A-74) ------------------------------------------------
def collide(board: Board, roller: str, other: str, source: Source) -> dict[str, Any]:
    """Someone a rolling character reaches: Dodge (a foe his Res) against 6, no action. Short by 5 or less: both
    fall, entangled (DFN at -9, no attacks until one stands); short by more: he falls and the roller rolls on
    (or entangled, the table's option)."""
    o = board.people[other]
    roll, faces = stress(source)
    bonus = o.bonus("dodge")
    total = roll + bonus - o.impairment
    outcome = rolling_collision(total, rune_options(board))
    record: dict[str, Any] = {"who": o.name, "faces": list(faces), "result": roll, "bonus": bonus, "total": total}
    record.update(difficulty=gallery().rolling.dodge_difficulty, outcome=outcome)
    if outcome == "entangled":
        board.update(o.name, fallen=True, entangled_with=roller)
        board.update(roller, fallen=True, entangled_with=o.name)
    elif outcome == "knocked_down":
        board.update(o.name, fallen=True)
    return record


def disentangle(board: Board, name: str) -> None:
    """One of two entangled characters stands up: the tangle is undone for both."""
    other = board.people[name].entangled_with
    board.update(name, entangled_with=None)
    if other is not None and board.people[other].entangled_with == name:
        board.update(other, entangled_with=None)


# -- the Sark Amen's bound (001b §9) ------------------------------------------------------------------------
SARK_AMEN = "sark_amen"


def leap_to(board: Board, c: Combatant, t: Combatant, to: tuple[int, int], move_to: Any, plain: bool) -> None:
    """Checks, then makes, a Sark Amen's bound of up to 20 paces over anything in the way, once a round, to a
    free spot from which it strikes its target (no free attacks: it flies over them)."""
    if c.foe_type != SARK_AMEN:
        raise RulesError(N_("only a Sark Amen bounds over everything in its way"))
    if c.this_round.leapt or move_to is not None or plain:
        raise RulesError(N_("a Sark Amen bounds once a round, at the start of an action, instead of moving"))
    most = gallery().sark_amen.leap_paces
    if length(c.at, to) > most:
        raise RulesError(N_("a Sark Amen bounds at most {paces} paces"), paces=most)
    if any(o.name != c.name and o.at == tuple(to) and o.health not in ("dead", "gone") for o in board.people.values()):
        raise RulesError(N_("someone stands at {to}"), to=to)
    if not within(to, t.at, ENGAGED) or c.in_hand.ranged:
        raise RulesError(N_("a Sark Amen strikes as it lands: {target} must be within reach of that spot"),
                         target=t.name)  # fmt: skip
    board.update(c.name, at=tuple(to))
    board.flag(c.name, leapt=True)
