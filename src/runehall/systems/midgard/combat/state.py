"""The combat's state: immutable models of the combatants, the round and segment, the declarations and
their casts, a hit waiting for its target's answer, and the checks a hit calls for.

A segment runs declaration -> casting -> resolution (spec 003 §9.1); between segments the stage is
"segment_end"; "over" once a single side is left standing."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from runehall.systems.base import RulesModel
from runehall.systems.midgard.combat.combatant import Combatant

Stage = Literal["setup", "declaration", "casting", "resolution", "segment_end", "over"]
ActionId = Literal[
    "strike",
    "smash",
    "charge",
    "knock_back",
    "target_weapon",
    "disarm",
    "pin",
    "block",
    "dodge",
    "escape_pin",
    "stoke_fury",
    "evaluate_battlefield",
    "luck",
    "skill",
    "short_action",
    "gift",
    "share_evaluation",
    "rejoice",
    "stand_up",
    "move",
    "continue",
]
ATTACKS: tuple[str, ...] = ("strike", "smash", "charge", "knock_back", "target_weapon", "disarm", "pin")
DEFENCES: tuple[str, ...] = ("block", "dodge", "escape_pin")
SKILLS: tuple[str, ...] = (
    "stoke_fury",
    "evaluate_battlefield",
    "luck",
    "skill",
    "short_action",
    "gift",
    "share_evaluation",
    "rejoice",
)
NO_CAST: tuple[str, ...] = ("stand_up", "move", "continue", "rejoice")
BASIC: dict[str, str] = {
    **dict.fromkeys(ATTACKS, "attack"),
    "charge": "move",
    **dict.fromkeys(DEFENCES, "defence"),
    **dict.fromkeys(SKILLS, "skill"),
    **dict.fromkeys(NO_CAST, "move"),
    "continue": "skill",
    "rejoice": "skill",
}
Status = Literal["declared", "ready", "resolved", "switched"]
Goal = Literal["margin", "speed", "succeed"]


class Tokens(RulesModel):
    """A cast after sorting: the natural tokens with the fixed ones added, the Future cap applied."""

    faces: tuple[int, ...] = ()
    blank: int = 0
    past: int = 0
    future: int = 0
    outcome: int = 0
    merkstave: int = 0
    free: int = 0
    extra_future: int = Field(0, description="Future tokens past the cap of 4 (option future_cap_all_sources off).")


class Allocation(RulesModel):
    past: int = 0
    future: int = 0
    outcome: int = 0
    cancel: int = 0


class CastRecord(RulesModel):
    """One cast: how it was made, its tokens, the allocation and what came of it."""

    by: str = Field(description="own (the caster's dice) or gm (a reading of the GM's round cast)")
    rune: str | None = None
    skill: str | None = None
    dice: int = 0
    wyrd: int = 0
    tokens: Tokens
    difficulty: int | None = Field(None, description="None for a declared defence: each attacker sets its own.")
    simple: bool = False
    instant: bool = False
    opposed: bool = False
    base_speed: int = 0
    allocation: Allocation | None = None
    past: int = 0
    margin: int = 0
    future: int = 0
    merkstave: int = Field(0, description="Merkstave left after the player's cancelling.")
    next_attack: int = Field(0, description="Merkstave the GM turns into +1 margin on the next attack on the caster.")
    success: bool | None = None
    speed: int = 0
    target: str | None = Field(None, description="Whom the cast is aimed at (gift effects against them).")
    gifts: tuple[str, ...] = Field((), description="Gifts used on this cast.")
    armed: tuple[str, ...] = Field((), description="Gifts paid only if the attack hits or is blocked.")
    patient: dict[str, int] | None = Field(
        None,
        description="Patient Reward: Future tokens moved to past / outcome after distribution ({}: all to outcome).",
    )
    carry: str | None = Field(None, description="How the margin carries over: skill (Lucky Boon), past_and_outcome.")
    no_future: bool = Field(False, description="True Diligence: the Future stone counts for nothing.")
    sealed: bool = Field(False, description="Allocated in secret: shown once the opposing side has allocated.")
    gm_spend: bool = Field(False, description="Merkstave left for the GM (or players) to spend by hand.")


class Declaration(RulesModel):
    actor: str
    action: ActionId
    target: str | None = None
    extra_targets: tuple[str, ...] = ()
    weapon: str | None = Field(None, description="The item attacked or blocked with, or unarmed / natural / claws.")
    item: str | None = Field(None, description="The target's item (Target Weapon, Disarm) or the item picked up.")
    two_hands: bool = False
    dual: bool = False
    thrown: bool = False
    prone: bool = False
    distance: int = 0
    skill: str | None = None
    rune: str | None = None
    difficulty: int | None = None
    time: str | None = None
    damage: int = Field(0, description="An attack's weapon damage and AP, fixed when declared.")
    ap: int = 0
    armed: bool = True
    base_speed: int = 0
    gift: str | None = Field(None, description="A gift used as the action (declare --action gift).")
    gifts: tuple[str, ...] = Field((), description="Gifts named with the declaration (The Thorn Bush Defence).")
    cast: CastRecord | None = None
    status: Status = "declared"
    note: str = ""


class PendingHit(RulesModel):
    """An attack that hit, waiting for its target to switch to an active defence or take it (§9.3)."""

    attacker: str
    target: str
    index: int = Field(description="The attack's place among this segment's declarations.")
    margin: int = Field(description="The attack's margin, with any Merkstave bonus against the target.")
    defender: str | None = Field(None, description="Who defends, when not the target (the Shieldbearer gift).")
    keeps_action: bool = Field(False, description="Combat Master: an extra defence that replaces nothing.")
    defence: CastRecord | None = Field(None, description="The switched defence's cast, once made.")
    defence_action: str | None = None
    defence_item: str | None = None
    can_switch: bool = True


class Check(RulesModel):
    """A simple instant cast something calls for: Courage (arms, interruption, a gift's fear) or Athletics
    (legs); or the cast opposing a gift (Confound: Alertness)."""

    who: str
    kind: Literal["arms", "legs", "interrupt", "dread", "confound"]
    difficulty: int
    by: str | None = Field(None, description="Who caused it (the gift's user).")
    past: int = Field(0, description="Confound: the Past the opposing cast must beat.")
    outcome: int = Field(0, description="Confound: the user's Outcome (its margin, and a tie-breaker).")
    bonus_free: int = Field(0, description="Trusted Comrade: a skill bonus on this cast.")
    bonus_dice: int = Field(0, description="Trusted Comrade (option comrade_bonus_kind dice): extra dice.")


class GMCast(RulesModel):
    """The GM's one cast for the round, read by every enemy (§13.3)."""

    round: int
    dice: int
    tokens: Tokens
    allocation: Allocation | None = None
    past: int = 0
    future: int = 0
    outcome: int = 0
    merkstave: int = 0


class CombatState(RulesModel):
    combatants: tuple[Combatant, ...]
    round: int = 0
    segment: int = 0
    stage: Stage = "setup"
    order: tuple[str, ...] = Field((), description="This segment's declaration order.")
    declarations: tuple[Declaration, ...] = ()
    queue: tuple[int, ...] = Field((), description="Declarations still to resolve, in resolution order.")
    pending: PendingHit | None = None
    checks: tuple[Check, ...] = ()
    gm: GMCast | None = None
    defended: tuple[str, ...] = Field((), description="Declared defences already used (option first_attack).")
    winner: str | None = None
    feed: tuple[str, ...] = Field((), description="What happened this round, in order.")
    run_on: bool = Field(
        False, description="The GM resolves this segment through (chain.py): an answer it waits for carries it on."
    )
