"""What a person sees of the tree: JSON for programs, and a compact text picture for the terminal."""

from __future__ import annotations

from functools import cache
from typing import Any

from runehall.systems.data import read_data_file
from runehall.systems.ragnarok.rules import PACKAGE, rules
from runehall.systems.ragnarok.speech import data
from runehall.systems.ragnarok.tree.board import Board
from runehall.systems.ragnarok.tree.state import PILES, VOID_ID, RuneToken, TreeState, pile_name, status_name, zone_of

KINDS = {"heroe": "héroe", "morador": "morador"}
VOID_MARK = "◇"  # the Void rune has no glyph (its token is marked by hand); this only marks it on screen


@cache
def _phase_names() -> dict[str, str]:
    phases = read_data_file(PACKAGE, "combat.toml")["phase"]
    return {p["id"]: f"{p['name']} ({p['name_en']})" for p in phases}


def _glyph(board: Board, t: RuneToken) -> str:
    if t.rune is None:
        return VOID_MARK
    if t.rune == "ingwaz" and board.options.yngr_glyph == "U+16DD":
        return "\u16dd"
    return rules().rune(t.rune).glyph


def _rune(board: Board, t: RuneToken) -> dict[str, Any]:
    name = rules().runes.void_rune.name if t.rune is None else rules().rune(t.rune).name
    data: dict[str, Any] = {"id": t.id, "name": name, "glyph": _glyph(board, t), "trait": t.trait}
    if not t.is_void:
        data["position"] = t.position
    zone = zone_of(t.position, board.hp)
    if zone is not None:
        data["zone"] = zone
    if t.part_of:
        data["part_of"] = t.part_of
    if t.consumed_in is not None:
        data["consumed_in_combat"] = t.consumed_in
    return data


def view(state: TreeState) -> dict[str, Any]:
    board = Board(state)
    status = board.status()
    piles = []
    for pile in PILES:
        name, name_en = pile_name(pile)
        runes = [_rune(board, t) for t in board.tokens.values() if t.pile == pile]
        piles.append({"id": pile, "name": name, "name_en": name_en, "runes": runes})
    combat = None
    if board.combat is not None:
        combat = board.combat.model_dump(mode="json")
    essence = board.essence()
    return {
        "character": board.character.name,
        "kind": board.character.kind,
        "destiny": board.character.destiny,
        "route": board.route,
        "route_name": rules().route(board.route).name,
        "route_name_en": rules().route(board.route).name_en,
        "hp_per_rune": board.hp,
        "health": {"total": len(essence) * board.hp, "damage": sum(t.position for t in essence)},
        "status": status,
        "status_en": status_name(status),
        "status_name": next(str(s["name"]) for s in data("wounds.toml")["status"] if s["id"] == status),
        "fate": board.fate,
        "combat": combat,
        "dp": {"pool": board.dp, "bdp": board.bdp} if board.has_dp else None,
        "hours": board.hours,
        "piles": piles,
        "hand": board.loose("mano"),
        "bag": [t.id for t in board.bag()],
        "composites": [c.model_dump(mode="json") for c in board.composites.values()],
        "contingencies": [k.model_dump(mode="json") for k in board.contingencies.values()],
        "chains": [c.model_dump(mode="json") for c in board.chains.values()],
        "suppressed_enchantments": list(board.suppressed),
    }


def _unit_text(board: Board, uid: str) -> str:
    if uid in board.composites:
        c = board.composites[uid]
        return f"{c.id} {c.trait}({' + '.join(_unit_text(board, s) for s in c.sources)})"
    t = board.tokens[uid]
    name = "Vacío" if uid == VOID_ID else rules().rune(t.rune or uid).name
    text = f"{_glyph(board, t)} {name} {t.trait or '-'}"
    zone = zone_of(t.position, board.hp)
    if zone is not None and board.hp > 3:
        text += f" [{zone}]"
    if t.consumed_in is not None:
        text += f" (combat {t.consumed_in})"
    return text


def _pile_text(board: Board, pile: str) -> str:
    units = board.loose(pile)
    if pile == "contingencia":
        parts = []
        for k in board.contingencies.values():
            if k.state == "armed":
                parts.append(f"{k.id} «{k.condition}»: " + ", ".join(_unit_text(board, u) for u in k.units))
        return "; ".join(parts) or "—"
    texts = [_unit_text(board, u) for u in units]
    if pile == "actividad":
        for chain in board.chains.values():
            marks = f" +{'+'.join(chain.metamarks)}" if chain.metamarks else ""
            texts.append(f"[chain {chain.id}{marks}: {', '.join(chain.units)}]")
    if pile == "esencia":
        return f"{len(units)} in the bag: " + ", ".join(texts) if texts else "the bag is empty"
    return ", ".join(texts) or "—"


def render(state: TreeState) -> str:
    board = Board(state)
    status = board.status()
    sheet = board.character
    lines = [
        f"{sheet.name} ({KINDS[sheet.kind]}) · Destino {sheet.destiny} · ruta {board.route}, {board.hp} HP per rune"
        f" · {status} ({status_name(status)})" + ("" if board.fate == "alive" else f" · fate: {board.fate}")
    ]
    if board.combat is not None:
        c = board.combat
        phase = _phase_names().get(c.phase, c.phase)
        lines.append(f"combat {c.number}, round {c.round}, {phase}")
    if board.has_dp:
        lines.append(f"Divine Potency: {board.dp} (BDP {board.bdp})")
    width = max(len(" / ".join(pile_name(p))) for p in PILES)
    for pile in PILES:
        name, name_en = pile_name(pile)
        lines.append(f"  {f'{name} / {name_en}':<{width}}  {_pile_text(board, pile)}")
    return "\n".join(lines)
