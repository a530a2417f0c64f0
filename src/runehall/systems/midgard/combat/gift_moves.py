"""Gifts used as a combat action (declare --action gift --gift ...): what each one casts, against what
difficulty, at what speed, and whether it needs a target (spec 003 §5, §9.4 "activating a rune gift").

Gifts with no cast (Thick Hide, Way of Peace, Fist of Thunder, The Look of Dread, Seidr Trance) take the
action and work when it resolves. Short gifts (The Gloom, Strand of Fate, Weaving Strands) run as short
actions and work when they are done."""

from __future__ import annotations

from typing import Any, NamedTuple

from runehall.errors import Named, RulesError
from runehall.present.words import N_
from runehall.systems.midgard.combat.combatant import Combatant, defence, skill_name
from runehall.systems.midgard.combat.settings import opt

QUICK, SHORT = "quick", "short"


class GiftAction(NamedTuple):
    rune: str | None  # None: no cast
    skill: str | None
    difficulty: str | int | None  # a number, "gm", "defence", "legend", "legends+1", None (opposed)
    time: str = QUICK
    target: bool = False
    second_target: bool = False
    speed: str | int = "quick"
    simple: bool = False
    trance: bool = False


ACTIONS: dict[str, GiftAction] = {
    "thick_hide": GiftAction(None, None, None),
    "way_of_peace": GiftAction(None, None, None),
    "fist_of_thunder": GiftAction(None, None, None),
    "seidr_trance": GiftAction(None, None, None),
    "the_look_of_dread": GiftAction(None, None, None, target=True),
    "rune_of_power": GiftAction("Th", "Writing", "gm"),
    "the_gloom": GiftAction("H", "Command", 3, SHORT),
    "confound": GiftAction("H", "Deception", None, target=True, speed="confound"),
    "regenerative_power": GiftAction("courage", None, 1),
    "cooperative_attack": GiftAction("H", "Command", "defence", target=True),
    "details_of_war": GiftAction("H", "Empathy", "defence", target=True),
    "creative_strategy": GiftAction(None, "Tactics", 2),
    "twist_of_fate": GiftAction("A", "Fate Weaving", "legend", target=True, speed=3),
    "strand_of_fate": GiftAction("A", "Fate Weaving", "legend", SHORT, target=True, simple=True),
    "weaving_strands": GiftAction("A", "Fate Weaving", "legends+1", SHORT, target=True, second_target=True),
    "commune": GiftAction("A", "Seid", "gm", trance=True),
    "request": GiftAction("A", "Seid", 4, target=True, trance=True),
}
HARM_SKILLS = {"Sax": "T", "Athletics": "F"}  # Rune of Power carved on an unwilling target (an attack)


def action_of(gift_id: str) -> GiftAction:
    found = ACTIONS.get(gift_id)
    if found is None:
        raise RulesError(
            N_("{gift_id} is not used as a combat action here ({how}, or it is the GM's to narrate)"),
            how=Named(N_("see use_gift"), N_("use it as a gift")),
            gift_id=gift_id,
        )
    return found


def legend(c: Combatant, options: Any) -> int:
    """A target's legend for Fate Weaving: its legend score (or rank, option unqualified_legend); an
    enemy's rank (A-50)."""
    if c.is_enemy:
        return c.rank or 1
    if c.legend_score is None:
        raise RulesError(
            N_("{who}'s legend score is not known ({how})"),
            who=c.name,
            how=Named(N_("give legend_score"), N_("fill it in for the fight")),
        )
    return c.legend_score if opt(options, "unqualified_legend") == "score" else c.legend_score - 1


def rune_and_skill(
    c: Combatant, gift_id: str, words: frozenset[str], skill: str | None
) -> tuple[str | None, str | None]:
    a = action_of(gift_id)
    if gift_id == "rune_of_power" and "harm" in words:
        chosen = skill_name(skill or "Sax")
        if chosen not in HARM_SKILLS:
            raise RulesError(N_("Rune of Power is carved on an unwilling target with a Sax or Athletics attack"))
        return HARM_SKILLS[chosen], chosen
    if gift_id == "creative_strategy":
        chosen = skill_name(skill or "Tactics")
        from runehall.systems.midgard.combat.combatant import skill_rune

        return skill_rune(chosen), chosen
    return a.rune, a.skill


def difficulty(
    gift_id: str,
    words: frozenset[str],
    given: int | None,
    target: Combatant | None,
    other: Combatant | None,
    options: Any,
) -> int | None:
    a = action_of(gift_id)
    if gift_id == "rune_of_power" and "harm" in words:
        assert target is not None
        return defence(target)
    d = a.difficulty
    if d is None or isinstance(d, int):
        return given if (given is not None and d is not None and gift_id == "request") else d
    if d == "gm":
        return given if given is not None else 2  # Average, when the GM names none (gm_mode defaults)
    assert target is not None
    if d == "defence":
        return defence(target)
    if d == "legend":
        return legend(target, options)
    assert other is not None
    return max(legend(target, options), legend(other, options)) + 1


def base_speed(gift_id: str, options: Any, quick: int) -> int:
    speed = action_of(gift_id).speed
    if speed == "confound":
        return int(opt(options, "confound_base_speed"))
    return speed if isinstance(speed, int) else quick
