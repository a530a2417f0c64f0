"""What people see of a fight: JSON for programs and a compact text for the terminal."""

from __future__ import annotations

from typing import Any

from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import shown
from runehall.systems.rune.combat.state import CombatState


def _turn(board: Board) -> dict[str, Any] | None:
    if board.phase != "acting":
        return None
    if board.slot is not None:
        return {"who": board.slot.who, "step": board.slot.step, "halves_spent": board.slot.halves}
    up = board.next_up()
    return {"who": up[0], "step": up[1], "halves_spent": 0} if up else None


def _order(board: Board) -> list[dict[str, Any]]:
    slots = [(board.order_key(n, s), n, s) for n, e in board.entries.items() if not e.waiting for s in e.steps]
    waiting = [{"who": n, "waiting_since": e.waited_at} for n, e in board.entries.items() if e.waiting]
    return [{"who": n, "step": s} for _, n, s in sorted(slots)] + waiting


def _person(board: Board, c: Combatant) -> dict[str, Any]:
    entry = board.entries.get(c.name)
    data: dict[str, Any] = {
        "name": c.name,
        "hero": c.hero,
        "side": c.side,
        "health": c.health,
        "hp": c.hp,
        "hp_max": c.hp_max,
        "wt": c.wt,
        "wounds": c.wounds,
        "impairment": c.impairment,
        "soak": c.soak,
        "at": list(c.at),
        "ready": c.ready,
        "weapons": {
            w.id: {"init": w.init, "atk": w.atk, "dfn": None if w.dfn_na else w.dfn, "dam": w.dam, "ammo": w.ammo}
            for w in c.weapons
        },
    }
    if entry is not None:
        data["initiative"] = {"plan": entry.plan, "total": entry.total, "steps_left": list(entry.steps)}
    flags = c.this_round
    marks = {
        "fallen": c.fallen,
        "grabbed": c.grabbed,
        "mounted": c.mounted,
        "obscured": c.obscured,
        "severed_arm": c.severed,
        "withdrawing": flags.withdrawing,
        "fleeing": flags.fleeing or flags.reckless,
        "engagement_roll_used": flags.engagement_used,
        "undead_down": c.undead_down,  # the gallery's (001b §9)
        "clamped": c.clamped,
    }
    data["marks"] = [k for k, v in marks.items() if v]
    if c.cover != "none":
        data["cover"] = c.cover
    if flags.maneuver:
        data["maneuver"] = flags.maneuver
    if flags.moved:
        data["moved_this_round"] = shown(flags.moved)
    if c.restraint is not None:
        data["restraint"] = c.restraint.model_dump(mode="json")
    if c.restraining:
        data["restraining"] = c.restraining
    if c.dropped:
        data["dropped"] = list(c.dropped)
    if c.belt:
        data["belt"] = c.belt
    if c.foe_type:
        data["foe_type"] = c.foe_type
    for key in ("dropped_by", "under", "entangled_with"):
        if getattr(c, key):
            data[key] = getattr(c, key)
    return data


def view(state: CombatState, options: Any = None) -> dict[str, Any]:
    board = Board(state, options)
    return {
        "round": board.round,
        "phase": board.phase,
        "ended": board.ended,
        "turn": _turn(board),
        "order": _order(board),
        "to_roll_initiative": [c.name for c in board.people.values() if c.active and c.name not in board.entries]
        if board.phase == "initiative"
        else [],
        "combatants": [_person(board, c) for c in board.people.values()],
        "dying": [w.model_dump(mode="json") for w in board.windows.values()],
        "terrain": [z.model_dump(mode="json", exclude_none=True, exclude_defaults=True) for z in state.terrain],
        "exits_used": dict(state.exits_used),
        "extras": [e.model_dump(mode="json") for e in state.extras],
    }


def _line(p: dict[str, Any]) -> str:
    kind = "hero" if p["hero"] else "supporting"
    parts = [f"{p['name']} ({p['side']}, {kind})", f"HP {p['hp']}/{p['hp_max']}", f"Wounds {p['wounds']}"]
    if p["impairment"]:
        parts.append(f"Impairment {p['impairment']}")
    parts.append(p["health"])
    parts.append(f"at {tuple(p['at'])}")
    parts.append(f"holds {p['ready']}")
    extra = list(p["marks"])
    if "maneuver" in p:
        extra.append(p["maneuver"].replace("_", " "))
    if "restraint" in p:
        r = p["restraint"]
        extra.append(f"{r['kind']} (escape {r['difficulty']})" + (f" by {r['by']}" if r["by"] else ""))
    if "restraining" in p:
        extra.append(f"restraining {p['restraining']}")
    if "cover" in p:
        extra.append(f"{p['cover']} cover")
    if "initiative" in p:
        i = p["initiative"]
        extra.append(f"init {i['total']} ({i['plan']})")
    return "  " + " · ".join(parts) + (f" [{', '.join(extra)}]" if extra else "")


def render(state: CombatState, options: Any = None) -> str:
    data = view(state, options)
    head = f"Round {data['round']} · {data['phase']}"
    if data["ended"]:
        head += f" · over: {data['ended']}"
    turn = data["turn"]
    if turn:
        head += f" · {turn['who']} acts at step {turn['step']}" + (" (half spent)" if turn["halves_spent"] else "")
    lines = [head]
    if data["to_roll_initiative"]:
        lines.append("to roll initiative: " + ", ".join(data["to_roll_initiative"]))
    if data["order"]:
        lines.append(
            "order: "
            + ", ".join(f"{o['who']} {o['step']}" if "step" in o else f"{o['who']} (waiting)" for o in data["order"])
        )
    for z in state.terrain:
        lines.append(f"terrain: {z.label} {list(z.area)}" + (f" ({z.height} ft)" if z.height else ""))
    lines += [_line(p) for p in data["combatants"]]
    for w in data["dying"]:
        lines.append(f"dying: {w['patient']} (may still be revived by: {', '.join(w['healers']) or 'nobody'})")
    return "\n".join(lines)
