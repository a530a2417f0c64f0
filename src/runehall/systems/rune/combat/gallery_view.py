"""The moves the foe gallery and the terrain extras add to the fight's board (board_view.py), found by trying
them on the state as every move is: destroying a downed undead's head."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from runehall.present.board import Area, Badge, MapView, Move
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.extras import loose
from runehall.systems.rune.combat.gallery import SARK_AMEN, TUBE_STRIKER, WENDOL, preys_on, tentacles_left
from runehall.systems.rune.combat.gallery import prey as gallery_prey
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.encounters.running_risks import TargetChoice, TargetFoe, TargetHero, legal_targets
from runehall.systems.rune.foe_data import foe_type, foe_types

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_view import Trial


def turn_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """What the gallery lets c do with the action that is his now."""
    who = {"who": c.name}
    found: list[Move] = []

    def add(name: str, params: Mapping[str, Any], **more: Any) -> None:
        found.append(Move(name, words(trial.actions[name].title), params=dict(params), actor=c.name, **more))

    down = [o.name for o in board.enemies(c) if o.undead_down]
    targets = trial.targets("destroy_head", who, "target", down)
    if targets:
        add("destroy_head", who, target="target", targets=targets)
    found += wendol_moves(trial, board, c, words) + tube_striker_moves(trial, board, c, words)
    return found + extras_moves(trial, board, c, words)


def badges(board: Board, c: Combatant, words: Words) -> list[Badge]:
    """What the gallery marks on a combatant's card."""
    found: list[Badge] = target_badges(board, c, words)
    if c.undead_down and c.health == "incapacitated":
        found.append(Badge(words("down, may rise"), "warning", words("destroy its head to finish it")))
    if c.clamped:
        found.append(Badge(words("clamped up"), "accent", words("it makes no attacks")))
    if c.under is not None:
        found.append(Badge(words("under {who}", who=c.under), "warning", words("he cannot rise until it moves off")))
    if c.foe_type == TUBE_STRIKER and c.tentacles_lost:
        left = tentacles_left(c)
        found.append(Badge(words.n("{n} tentacle left", "{n} tentacles left", left), "bad" if not left else "warning"))
    if c.crawl_rounds:
        found.append(Badge(words.n("crawling out: {n} round", "crawling out: {n} rounds", c.crawl_rounds), "warning"))
    return found


def wendol_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """A wendol's charge on a target 30 paces off or more (closing in first where it must)."""
    if c.foe_type != WENDOL:
        return []
    prey = [o.name for o in gallery_prey(board, c)]
    for params in ({"who": c.name, "wendol_charge": True}, {"who": c.name, "wendol_charge": True, "approach": True}):
        targets = trial.targets("attack", params, "target", prey)
        if targets:
            return [Move("attack", words("Charge and land on him"), params=params, target="target", targets=targets,
                         actor=c.name)]  # fmt: skip
    return []


def tube_striker_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """A tube-striker's turn: bite or grab, as its die will say."""
    if c.foe_type != TUBE_STRIKER:
        return []
    who = {"who": c.name}
    targets = trial.targets("tube_strike", who, "target", [o.name for o in board.enemies(c)])
    if not targets:
        return []
    return [Move("tube_strike", words(trial.actions["tube_strike"].title), params=who, target="target",
                 targets=targets, actor=c.name, ask=("object",))]  # fmt: skip


# -- decoys and hostages (001b §11.5, §11.6) --------------------------------------------------------------
EXTRA_WORDS = {
    ("decoy", "calm"): N_("decoy {name}"),
    ("decoy", "panicked"): N_("decoy {name}, panicked"),
    ("decoy", "down"): N_("decoy {name}, down"),
    ("hostage", "held"): N_("hostage {name}, held by {captor}"),
    ("hostage", "calm"): N_("hostage {name}, loose"),
    ("hostage", "panicked"): N_("hostage {name}, loose and panicked"),
    ("hostage", "down"): N_("hostage {name}, down"),
}


def extras_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """A hero's moves on decoys and hostages: down a decoy, free a hostage."""
    who = {"who": c.name}
    found: list[Move] = []
    for action, param, keys in (
        ("down_decoy", "decoy", [e.name for e in loose(board)]),
        ("free_hostage", "captor", [e.captor for e in board.extras if e.status == "held" and e.captor]),
    ):
        targets = trial.targets(action, who, param, keys) if keys else ()
        if targets:
            title = words(trial.actions[action].title)
            found.append(Move(action, title, params=who, target=param, targets=targets, actor=c.name))
    return found


def runner_moves(trial: Trial, board: Board, words: Words) -> list[Move]:
    """The runner moves the decoys on their turn (a panicked one runs a rolled way)."""
    names = [e.name for e in loose(board)]
    targets = tuple(n for n in names if trial.ok("move_extra", {"name": n, "off": True}))
    if not targets:
        return []
    title = words(trial.actions["move_extra"].title)
    return [Move("move_extra", title, params={}, target="name", targets=targets, ask=("to", "off"))]


def extras_notes(board: Board, words: Words) -> list[str]:
    said = [words("{name} is panicked: he runs 30 paces a rolled way", name=e.name) for e in loose(board)
            if e.status == "panicked"]  # fmt: skip
    said += [words("{captor} holds {name} as a shield", captor=e.captor, name=e.name) for e in board.extras
             if e.status == "held" and e.captor]  # fmt: skip
    return said


def with_extras(view: MapView, state: CombatState, words: Words) -> MapView:
    """The map with each decoy and hostage still there marked (a held hostage beside his captor)."""
    people = {c.name: c for c in state.combatants}
    areas = []
    for e in state.extras:
        template = EXTRA_WORDS.get((e.kind, e.status))
        if template is None:
            continue
        captor = people.get(e.captor or "")
        x, y = captor.at if captor is not None and e.status == "held" else e.at
        label = words(template, name=e.name, captor=e.captor or "")
        areas.append(
            Area(e.kind, label, ((x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)))
        )
    return replace(view, areas=(*view.areas, *areas)) if areas else view


# -- whom a foe may attack (001b §8.4, §9; 001c §11.5) --------------------------------------------------------
GONE = ("dead", "gone")


def legal(board: Board, c: Combatant) -> TargetChoice | None:
    """Whom a foe may attack now, by the rules' text (the runner picks among them: a hint, never a bar): the
    heroes; for a wendol whose notes bought the option, the non-wendol foes too; for a Sark Amen, the heroes
    the other Sark Amen are on, in a trade."""
    heroes = [h for h in board.enemies(c) if h.hero and h.health not in GONE]
    others = [o for o in board.allies(c) if preys_on(c, o) and o.health not in GONE]
    if c.hero or not c.active or not (heroes or others):
        return None
    kind = foe_type(c.foe_type).behaviour if c.foe_type and c.foe_type in {t.id for t in foe_types()} else "headlong"
    sark = c.foe_type == SARK_AMEN
    foe = TargetFoe(self_willed=c.self_willed, behaviour=kind, missile=c.in_hand.ranged, current=c.last_target,
                    attacks_foes=c.attacks_foes, sark_amen=sark)  # fmt: skip
    alive = {h.name for h in heroes}
    trades = {
        o.name: o.last_target for o in board.allies(c)
        if o.foe_type == SARK_AMEN and o.active and o.last_target in alive
    } if sark and c.last_target in alive else {}  # fmt: skip
    seen = [_seen(h, c) for h in heroes]
    return legal_targets(foe, seen, other_foes=[_seen(o, c) for o in others], sark_amen_targets=trades)


def _seen(h: Combatant, c: Combatant) -> TargetHero:
    return TargetHero(h.name, h.hp, h.wounds, hidden=None if h.cover == "none" else h.cover, prone=h.fallen,
                      engaged_with_foe=within(h.at, c.at, ENGAGED))  # fmt: skip


def target_badges(board: Board, c: Combatant, words: Words) -> list[Badge]:
    choice = legal(board, c)
    if choice is None:
        return []
    names = words.join(choice.legal, alternatives=True) if choice.legal else words("nobody in sight")
    how = words("Predictable: the runner picks by the flowchart's rules") if choice.flowchart else words(
        "Self-Willed: the runner's choice")  # fmt: skip
    if not choice.must_attack:
        how += "; " + words("crafty: it may hold back")
    for hero, difficulty in choice.spot_rolls.items():
        how += "; " + words("{hero} hides: Res against {n} to find him", hero=hero, n=words.number(difficulty))
    if c.attacks_foes:
        how += "; " + words("its notes bought it the right to attack other foes: what it does to them earns nobody VP")
    for hero, other in choice.trades.items():
        how += "; " + words("a trade with {other}: it takes {hero}, {other} takes {mine}", other=other, hero=hero,
                            mine=c.last_target or "")  # fmt: skip
    return [Badge(words("may attack {names}", names=names), "", how)]
