"""The healer's Divine Gifts on his work in a fight (spec 001b §2.5; the numbers: gifts/healing.py, one home with the
treatment outside a fight):

- Nurturing of Yggdrasil: a treatment giving an ally (never himself) 12 HP or more earns him 20X VP, a revive of a
  dying hero whose HP were below 0 earns 30X VP, reported in the move as his gift VP (in a run, into the tally);
- Bone-Setters' Blessing: the action he spends treating or reviving another gives him and his patient +3X Soak to
  the end of the round (kept on each as `Triggered.bone_set`, read on every blow and shot: gift_mods.blow_gift_mods);
  never when he treats himself, nor after the fight (no action is spent then)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.present.words import N_
from runehall.systems.rune.gifts.healing import (
    BONE_SETTERS,
    NURTURING,
    bone_setters_soak,
    nurturing_heal_vp,
    nurturing_revive_vp,
)

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.combatant import Combatant

Mods = list[tuple[str, int]]
NAME = N_("Bone-Setters' Blessing")


def _award(healer: Combatant, vp: int) -> list[dict[str, Any]]:
    return [{"hero": healer.name, "gift": NURTURING, "vp": vp}] if vp > 0 and healer.hero else []


def nurtured(healer: Combatant, patient: Combatant, hp_gained: int) -> list[dict[str, Any]]:
    """The gift VP a treatment earns its healer: an ally of his side, not himself, given 12 HP or more."""
    if healer.name == patient.name or healer.side != patient.side:
        return []
    return _award(healer, nurturing_heal_vp(healer.gifted.levels, hp_gained))


def nurtured_revive(healer: Combatant, patient: Combatant, hp_before: int) -> list[dict[str, Any]]:
    """The gift VP a successful revive earns its healer: a dying hero (not a foe) whose HP were below 0."""
    if healer.name == patient.name or not patient.hero or healer.side != patient.side:
        return []
    return _award(healer, nurturing_revive_vp(healer.gifted.levels, hp_before))


def bone_set(board: Board, healer: Combatant, patient: Combatant) -> dict[str, Any] | None:
    """The healer spends his action on another in the fight: +3X Soak on both to the end of this round (what the
    move reports, or None without the gift). Two blessings on one character in a round add up."""
    soak = bone_setters_soak(healer.gifted.levels)
    if not soak or healer.name == patient.name or board.phase == "over":
        return None
    for name in (healer.name, patient.name):
        c = board.people[name]
        t = c.gifted.triggered
        had = t.bone_set[1] if t.bone_set is not None and t.bone_set[0] == board.round else 0
        mark = t.model_copy(update={"bone_set": (board.round, had + soak)})
        board.update(name, gifted=c.gifted.model_copy(update={"triggered": mark}))
    return {"gift": BONE_SETTERS, "soak": soak, "round": board.round}


def healer_gifts(board: Board, healer: Combatant, patient: Combatant, result: dict[str, Any], gained: int) -> None:
    """The healer's gifts on a treatment (care.HealAction): Nurturing of Yggdrasil's VP for the HP it `gained`, and
    Bone-Setters' Blessing's Soak for the action it spends in a fight, put in its `result`."""
    if vp := nurtured(healer, patient, gained):
        result["gift_vp"] = vp
    if blessed := bone_set(board, healer, patient):
        result["bone_setters"] = blessed


def bone_soak(board: Board, d: Combatant) -> Mods:
    """Bone-Setters' Blessing on the Soak of a blow or shot at d, in the round it was given."""
    mark = d.gifted.triggered.bone_set
    return [(NAME, mark[1])] if mark is not None and mark[0] == board.round else []
