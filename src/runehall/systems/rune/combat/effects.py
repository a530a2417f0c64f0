"""What the encounter's notes put on a fight's rolls (spec 001b §11.9, §11.10, §11.15, §9 the goblin shaman): weird
magic (from the place, a shaman's braziers or his chant) adding to or taking from INIT, ATK, DFN, DAM or Soak of
the heroes, the foes or both; an obscurant the heroes cannot counter, lowering every roll darkness lowers (not for
one who sees in the dark); a whole-area missile penalty on every shot.

Each effect shows on the roll it changes as a modifier named by the notes' name for it (else by its kind). A
shaman's chant lasts while the shaman can act: it ends when he is downed, dies or leaves the field; a brazier's
magic outlasts him.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.rules import rules

if TYPE_CHECKING:  # the board holds the effects: it imports this module
    from runehall.systems.rune.combat.board import Board

EffectKind = Literal[
    "weird_magic", "shaman_brazier", "shaman_chant", "obscurant", "missile_penalty", "trap", "magic_item"
]
Target = Literal["init", "atk", "dfn", "dam", "soak", "missile", "senses", "engagement"]
MAX_EFFECT = 20
LABELS: dict[str, str] = {  # a modifier's label when the notes give the effect no name (speech/common.py words)
    "weird_magic": "weird magic",
    "shaman_brazier": "shaman's brazier",
    "shaman_chant": "shaman's chant",
    "obscurant": "obscurant",
    "missile_penalty": "missile penalty",
    "trap": "trap",
    "magic_item": "magic item",
}


class Effect(RulesModel):
    """A modifier of the notes on the fight's rolls."""

    kind: EffectKind = Field(description="Weird magic (of the place, a shaman's brazier or chant), an obscurant "
                             "or a whole-area missile penalty.")  # fmt: skip
    name: str | None = Field(None, max_length=60, description="The notes' name for it, shown beside the rolls.")
    roll: Target = Field(
        description="What it changes: INIT, ATK, DFN, DAM or Soak; missile (the ATK of every shot); senses (every "
        "roll darkness lowers)."
    )
    delta: int = Field(ge=-MAX_EFFECT, le=MAX_EFFECT, description="What it adds (a penalty is negative).")
    who: Literal["heroes", "foes", "both"] = Field("both", description="Whom it touches.")
    chanter: str | None = Field(None, max_length=60, description="A shaman's chant: the foe chanting it.")
    out: bool = Field(False, description="A brazier a hero doused: its magic has ended.")
    only: str | None = Field(None, max_length=60, description="The one combatant it touches (a trap's Impairment).")
    first_round: int = Field(1, ge=1, le=1000, description="The round it starts in.")
    last_round: int | None = Field(None, ge=1, le=1000, description="The last round it lasts (default: the fight).")
    reads: str | None = Field(
        None, max_length=40, description="A potion's or charm's Ability or Characteristic: only the rolls reading it."
    )


def label(effect: Effect) -> str:
    return effect.name or LABELS[effect.kind]


def touches(board: Board, effect: Effect, c: Combatant) -> bool:
    if effect.out or (effect.only is not None and effect.only != c.name):
        return False
    if board.round < effect.first_round or (effect.last_round is not None and board.round > effect.last_round):
        return False  # a trap's bonus to the foes lasts its rounds
    if effect.who != "both" and (effect.who == "heroes") != c.hero:
        return False
    if effect.chanter is not None:
        chanter = board.people.get(effect.chanter)
        return chanter is not None and chanter.active
    return True


def reads(c: Combatant, roll: str, target: str) -> bool:
    """Whether c's INIT, ATK or DFN score reads this Ability (the weapon's he rolls with) or Characteristic (Qik
    for INIT and DFN, Dex for a melee ATK, Per for a shot's or throw's): a potion's or charm's bonus goes on it."""
    weapon = c.dfn_weapon() if roll == "dfn" else c.in_hand
    ability = weapon.ability or "brawling"
    if roll == "atk":
        shot = ability in rules().score("atk_missile").applies_to_abilities
        return target in (ability, "per" if shot else "dex")
    return target in (ability, "qik") and roll in ("init", "dfn")


def effect_mods(board: Board, c: Combatant, *rolls: Target) -> list[tuple[str, int]]:
    """The notes' modifiers on one of c's rolls (or on his DAM or Soak), one per label (like ones added up); a
    potion's or charm's only on the rolls whose score reads its Ability or Characteristic."""
    found: dict[str, int] = {}
    for effect in board.effects:
        if effect.roll in rolls and touches(board, effect, c):
            if effect.reads is not None and not reads(c, effect.roll, effect.reads):
                continue
            if effect.roll == "senses" and c.night_vision:
                continue
            found[label(effect)] = found.get(label(effect), 0) + effect.delta
    return [(k, v) for k, v in found.items() if v]


def effect_total(board: Board, c: Combatant, roll: Target) -> int:
    return sum(v for _, v in effect_mods(board, c, roll))


def blow_effects(board: Board, a: Combatant, d: Combatant, dam: int, soak: int) -> tuple[int, int, dict[str, Any]]:
    """A blow's DAM and the target's Soak with the notes' magic on them (Soak never below 0), and what the
    blow's record says of it."""
    dam_mods, soak_mods = effect_mods(board, a, "dam"), effect_mods(board, d, "soak")
    said: dict[str, Any] = {}
    if dam_mods:
        said["dam_modifiers"] = dict(dam_mods)
    if soak_mods:
        said["soak_modifiers"] = dict(soak_mods)
    return dam + sum(v for _, v in dam_mods), max(0, soak + sum(v for _, v in soak_mods)), said
