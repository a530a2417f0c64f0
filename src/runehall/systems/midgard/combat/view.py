"""What people see of a fight: JSON for programs, and a compact text picture for the terminal."""

from __future__ import annotations

from typing import Any

from runehall.systems.midgard.combat.combatant import (
    Combatant,
    actions,
    alive_members,
    defence,
    describe_state,
    total_boxes,
    wound_penalty,
    wound_rank,
)
from runehall.systems.midgard.combat.state import CastRecord, CombatState, Declaration


def spender(state: CombatState) -> str:
    """A cast whose Merkstave waits for the GM or the players (merkstave_policy, gm_merkstave_spender)."""
    records = [(d.actor, d.cast) for d in state.declarations if d.cast is not None]
    if state.pending is not None and state.pending.defence is not None:
        records.append((state.pending.defender or state.pending.target, state.pending.defence))
    for actor, rec in records:
        if rec.gm_spend and not rec.sealed:
            return f"merkstave --actor {actor} ({rec.merkstave} Merkstave to spend: margin, speed, next_attack, story)"
    return ""


def waiting_for(state: CombatState) -> str:
    """The next thing the table must do."""
    if state.stage == "over":
        return f"nothing: the fight is over ({state.winner} stand)"
    if state.stage in ("setup", "segment_end"):
        return "next_segment"
    if state.stage == "declaration":
        done = {d.actor for d in state.declarations}
        nxt = next(cid for cid in state.order if cid not in done)
        return f"declare --actor {nxt}"
    spend = spender(state)
    if spend:
        return spend
    if state.stage == "casting":
        if state.gm is not None and state.gm.allocation is None:
            return "allocate --actor gm"
        todo = [d.actor for d in state.declarations if d.status != "ready"]
        enemies = {c.id for c in state.combatants if c.is_enemy}
        if state.gm is None and any(a in enemies for a in todo):
            return "gm_cast (the enemies read it), and cast: " + ", ".join(todo)
        waiting = [d.actor for d in state.declarations if d.cast is not None and d.cast.allocation is None]
        if waiting:
            return "allocate --actor " + " / ".join(waiting)
        return "cast --actor " + " / ".join(todo)
    if state.pending is not None:
        p = state.pending
        if p.defence is not None and p.defence.allocation is None:
            return f"allocate --actor {p.target} (the switched {p.defence_action})"
        return f"take_hit ({p.target} is hit)" + (f" or switch --defence ... ({p.target})" if p.can_switch else "")
    if state.checks:
        k = state.checks[0]
        return f"check ({k.who}: {k.kind}, difficulty {k.difficulty})"
    return "resolve"


def _cast(rec: CastRecord | None) -> dict[str, Any] | None:
    if rec is None:
        return None
    t = rec.tokens
    data: dict[str, Any] = {
        "by": rec.by,
        "rune": rec.rune,
        "skill": rec.skill,
        "dice": rec.dice,
        "wyrd": rec.wyrd,
        "faces": list(t.faces),
        "tokens": {"past": t.past, "future": t.future, "outcome": t.outcome, "merkstave": t.merkstave, "free": t.free},
        "difficulty": rec.difficulty,
        "flags": [f for f in ("simple", "instant", "opposed") if getattr(rec, f)],
    }
    if rec.gifts or rec.armed:
        data["gifts"] = [*rec.gifts, *rec.armed]
    if rec.allocation is not None and rec.sealed:
        data["sealed"] = True  # allocated in secret: shown when the opposing side has allocated
    elif rec.allocation is not None:
        data["allocation"] = rec.allocation.model_dump()
        data |= {
            "success": rec.success,
            "past": rec.past,
            "margin": rec.margin,
            "future": rec.future,
            "speed": rec.speed,
            "merkstave_left": rec.merkstave,
            "next_attack_bonus": rec.next_attack,
        }
        if rec.gm_spend:
            data["merkstave_to_spend"] = rec.merkstave
    return data


def _combatant(c: Combatant) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "kind": c.kind,
        "rank": c.rank,
        "defence": defence(c),
        "actions": actions(c),
        "conditions": describe_state(c),
        "out": c.out,
    }
    if c.kind == "warband":
        data["members"] = [m.model_dump(mode="json") for m in c.members]
        data["standing"] = len(alive_members(c))
    else:
        data |= {"wounds": c.wounds, "boxes": total_boxes(c), "wound_rank": wound_rank(c), "penalty": wound_penalty(c)}
    if c.runes:
        data["runes"] = c.runes
    if c.wyrd is not None:
        data["wyrd"] = {"now": c.wyrd, "max": c.wyrd_max}
    data["items"] = [i.model_dump(mode="json") for i in c.items]
    data["armour"] = [a.model_dump(mode="json") for a in c.armour]
    extras = {"dice_bonus": c.dice_bonus, "carry_past": c.carry_past, "exposed": c.exposed, "berserk": c.berserk}
    data["effects"] = {k: v for k, v in extras.items() if v}
    return data


def _declaration(d: Declaration) -> dict[str, Any]:
    data = d.model_dump(mode="json", exclude={"cast"}, exclude_defaults=True)
    data["actor"], data["action"], data["status"] = d.actor, d.action, d.status
    data["cast"] = _cast(d.cast)
    return data


def view(state: CombatState) -> dict[str, Any]:
    gm = None
    if state.gm is not None:
        g = state.gm
        gm = {
            "round": g.round,
            "dice": g.dice,
            "faces": list(g.tokens.faces),
            "free": g.tokens.free,
            "allocation": g.allocation.model_dump() if g.allocation else None,
            "past": g.past,
            "future": g.future,
            "outcome": g.outcome,
            "merkstave": g.merkstave,
        }
    return {
        "round": state.round,
        "segment": state.segment,
        "stage": state.stage,
        "waiting_for": waiting_for(state),
        "order": list(state.order),
        "combatants": [_combatant(c) for c in state.combatants],
        "declarations": [_declaration(d) for d in state.declarations],
        "queue": [state.declarations[n].actor for n in state.queue],
        "pending_hit": state.pending.model_dump(mode="json") if state.pending else None,
        "checks": [k.model_dump(mode="json") for k in state.checks],
        "gm_cast": gm,
        "winner": state.winner,
        "feed": list(state.feed),
    }


def _line(c: Combatant) -> str:
    if c.kind == "warband":
        ranks = ",".join(str(m.rank) for m in alive_members(c))
        health = f"warriors {len(alive_members(c))}/{len(c.members)} (ranks {ranks or '-'})"
    else:
        health = f"wounds {c.wounds}/{total_boxes(c)} (rank {wound_rank(c)}, +{wound_penalty(c)} Merkstave)"
    wyrd = f" · Wyrð {c.wyrd}/{c.wyrd_max}" if c.wyrd is not None else ""
    gear = ", ".join(i.id + ("" if i.held else " (dropped)") + (" (broken)" if i.broken else "") for i in c.items)
    pools = ", ".join(f"{a.type} {a.pool}" for a in c.armour)
    state = "; ".join(describe_state(c))
    parts = [f"  {c.id} {c.name} [{c.side}, {c.kind}] Def {defence(c)} · WS {actions(c)} · {health}{wyrd}"]
    if gear or pools:
        parts.append(f"      gear: {gear or '-'}" + (f" · armour: {pools}" if pools else ""))
    if state:
        parts.append(f"      {state}")
    return "\n".join(parts)


def _decl_line(state: CombatState, n: int, d: Declaration) -> str:
    text = f"  {d.actor}: {d.action}" + (f" → {d.target}" if d.target else "") + f" [{d.status}]"
    rec = d.cast
    if rec is not None:
        t = rec.tokens
        text += f" faces {list(t.faces)}" if rec.by == "own" else " (GM cast)"
        if rec.allocation is None:
            text += f" · {t.free} free token(s) to place"
        elif rec.sealed:
            text += " · allocated in secret"
        else:
            ok = "" if rec.success is None else ("success" if rec.success else "failure")
            text += f" · {ok} Past {rec.past} margin {rec.margin} speed {rec.speed}".replace("  ", " ")
    elif d.status == "ready":
        text += f" · speed {d.base_speed}"
    if n in state.queue:
        text += f" (#{state.queue.index(n) + 1} to resolve)"
    return text


def render(state: CombatState) -> str:
    if state.stage == "setup":
        head = "Midgard combat, not begun"
    else:
        head = f"Midgard combat · round {state.round}, segment {state.segment} · {state.stage}"
    lines = [head]
    lines += [_line(c) for c in state.combatants]
    if state.gm is not None:
        g = state.gm
        lines.append(
            f"  GM cast (round {g.round}): {g.dice} dice {list(g.tokens.faces)} → Past {g.past} "
            f"Future {g.future} Outcome {g.outcome} Merkstave {g.merkstave}"
        )
    if state.order and state.stage != "over":
        lines.append("declaration order: " + ", ".join(state.order))
    lines += [_decl_line(state, n, d) for n, d in enumerate(state.declarations)]
    if state.feed:
        lines.append("this round: " + "; ".join(state.feed[-6:]))
    lines.append(f"next: {waiting_for(state)}")
    return "\n".join(lines)
