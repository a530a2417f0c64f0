"""Lasting effects on a combatant, most of them from rune gifts: what they change, whom they concern and
when they end (spec 003 §5; open durations by option open_duration, A-57).

Kinds and what reads them:
  defence (+value), defence_formula (value replaces Defence), defence_vs (value on Defence against
  attacks by `target`), ws (+value actions), no_declared_defence, block_dodge_skill (free tokens on Block
  and Dodge), hardness (against wounds straight to the boxes), unarmed_damage (value replaces it),
  ap / weapon_damage / weapon_speed (for `item`), skill_bonus / skill_merkstave / skill_next (for `skill`),
  skill_vs / attack_vs / dice_vs / merkstave_vs (casts aimed at `target`), courage_merkstave, speed,
  ignore_wound_penalty, ignore_environment, environment, plan_dice, carry_attack (Past on an attack in
  the next segment), extra_defences, breach, thorn_bush, immobilised, evaluation, trance, fate_token
  (stored for `target`), weave (`target` and `other`), free_next / merkstave_next (on the next cast).

Ends: "scene" (the fight), "round" (after round `last_round`), "segment" (this segment), "next_segment"
(the next one), "attack" (when the holder next attacks), "used" (taken by the cast that uses it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from runehall.systems.base import RulesModel

Ends = Literal["scene", "round", "segment", "next_segment", "attack", "used"]


class Effect(RulesModel):
    kind: str
    gift: str = ""
    value: int = 0
    target: str | None = None
    other: str | None = None
    skill: str | None = None
    item: str | None = None
    ends: Ends = "scene"
    last_round: int | None = None
    used_segment: int | None = None


def find(effects: Iterable[Effect], kind: str, **match: str | None) -> list[Effect]:
    """Effects of a kind whose named fields equal the given values."""
    return [e for e in effects if e.kind == kind and all(getattr(e, k) == v for k, v in match.items())]


def total(effects: Iterable[Effect], kind: str, **match: str | None) -> int:
    return sum(e.value for e in find(effects, kind, **match))


def has(effects: Iterable[Effect], kind: str, **match: str | None) -> bool:
    return bool(find(effects, kind, **match))


def without(effects: Iterable[Effect], dropped: Iterable[Effect]) -> tuple[Effect, ...]:
    gone = [id(e) for e in dropped]
    return tuple(e for e in effects if id(e) not in gone)


def after_segment(effects: Iterable[Effect]) -> tuple[Effect, ...]:
    """A new segment: this segment's effects end, the next segment's begin."""
    kept = []
    for e in effects:
        if e.ends == "segment":
            continue
        kept.append(e.model_copy(update={"ends": "segment"}) if e.ends == "next_segment" else e)
    return tuple(kept)


def after_round(effects: Iterable[Effect], round_: int) -> tuple[Effect, ...]:
    return tuple(e for e in effects if not (e.ends == "round" and (e.last_round or 0) <= round_))


def after_attack(effects: Iterable[Effect]) -> tuple[Effect, ...]:
    return tuple(e for e in effects if e.ends != "attack")


def lasting(options_duration: str, round_: int) -> dict[str, object]:
    """Ends for an effect with no stated duration: the scene, or this round (option open_duration)."""
    if options_duration == "round":
        return {"ends": "round", "last_round": round_}
    return {"ends": "scene"}
