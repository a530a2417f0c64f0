"""The Divine Gifts of a fight in an encounter run, in the tally (spec 001b §2.3, §2.5):

- a gift's VP a fight move reports (`gift_vp`: hero, gift, VP) go to the tally as a gift's VP of that hero, for his
  controller (for the runner's hero, into the net shared at settlement); a hero who holds no seat (a supporting
  character) earns nobody anything;
- a move superseding the latest one (Destiny Reversed, Indefatigable Determination: combat/supersede.py) takes
  back what the superseded move had put in the tally and feeds what the move made again says instead; so the
  fight's latest move keeps the span of tally events it added."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.tally import Tally

Feed = Callable[[Tally, RunState, CombatState, CombatState, dict[str, Any]], Tally]


def _bonuses(node: Any) -> Iterator[Mapping[str, Any]]:
    """Every gift's VP anywhere in a move's result (a blow's injury reports The Clenched Jaw's kill, say)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "gift_vp" and isinstance(value, list | tuple):
                yield from (b for b in value if isinstance(b, Mapping))
            else:
                yield from _bonuses(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _bonuses(value)


def gift_vp(tally: Tally, result: Mapping[str, Any]) -> Tally:
    """Each gift's VP the move reports, to its hero if he holds a seat (never for a supporting character)."""
    for bonus in _bonuses(result):
        hero, vp = str(bonus.get("hero", "")), int(bonus.get("vp", 0))
        if vp > 0 and any(s.hero == hero for s in tally.seats):
            tally = tally.award("gift_bonus", vp, hero=hero)
    return tally


def fed_with_gifts(
    state: RunState, fight: CombatState, after: CombatState, result: dict[str, Any], fed: Feed
) -> tuple[Tally, CombatState]:
    """The tally after one fight move (a superseded move's facts taken back first) and the fight with its latest
    move's span of tally events noted."""
    tally, before, said = state.tally, fight, result
    latest = fight.latest
    if result.get("supersedes") and latest is not None:
        if latest.tally_span is not None:
            start, end = latest.tally_span
            tally = replace(tally, events=(*tally.events[:start], *tally.events[end:]))
        before, said = latest.before, dict(result.get("outcome") or {})
    start = len(tally.events)
    tally = fed(tally, state, before, after, said)
    tally = gift_vp(hoder_shares(banished(tally, start, before), start, said), result)
    end = len(tally.events)  # the move's gift VP too: a blow made again takes its kill's bonus back
    if after.latest is not None:
        after = after.model_copy(update={"latest": after.latest.model_copy(update={"tally_span": (start, end)})})
    return tally, after


BANISH = "banish_his_blade"
BASE_KINDS = ("damage_dealt", "death_blow")


def banished(tally: Tally, start: int, before: CombatState) -> Tally:
    """Banish His Blade: each strike of a hero holding it on a foe disarmed when the move began is worth (1 + X)
    times its base VP (its damage VP and, when it kills, its death blow: A-13; 001b TV-13a); the tally's events
    from `start` are the move's, and the gift adds X times their base as his gift VP (formulas.vp_bonus: a base
    never multiplied twice)."""
    from runehall.systems.rune.combat.gift_triggered import disarmed
    from runehall.systems.rune.gifts.formulas import vp_bonus

    people = {c.name: c for c in before.combatants}
    base: dict[tuple[str, str], int] = {}
    for e in tally.events[start:]:
        foe, hero = people.get(str(e.meta.get("foe", ""))), people.get(e.hero or "")
        if e.kind in BASE_KINDS and e.amount > 0 and hero is not None and hero.gifted.level(BANISH) \
                and "fair_title_from" not in e.meta:  # the Blade of Fair Title's VP are not his strike's
            if foe is not None and disarmed(foe):
                base[(hero.name, foe.name)] = base.get((hero.name, foe.name), 0) + e.amount
    for (hero_name, _), vp in base.items():
        bonus = vp_bonus(vp, 1 + people[hero_name].gifted.level(BANISH))
        if bonus > 0 and any(s.hero == hero_name for s in tally.seats):
            tally = tally.award("gift_bonus", bonus, hero=hero_name)
    return tally


def _swerves(node: Any) -> Iterator[Mapping[str, Any]]:
    """Every Remorse of Hoder in a result that turned a stray missile onto a foe (combat/gift_hoder.py)."""
    if isinstance(node, Mapping):
        hoder = node.get("hoder")
        if isinstance(hoder, Mapping) and hoder.get("foe"):
            yield hoder
        for value in node.values():
            yield from _swerves(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _swerves(value)


def hoder_shares(tally: Tally, start: int, result: Mapping[str, Any]) -> Tally:
    """The Remorse of Hoder: the ally a stray missile was turned away from scores the full damage VP of the hit
    on the foe it swerved onto, as his gift VP (the shooter keeps his own; the tally's events from `start` are
    the move's, the swerve the only damage its shooter dealt that foe in it)."""
    from runehall.systems.rune.gifts.formulas import vp_bonus

    for hoder in _swerves(result):
        ally, foe = str(hoder.get("ally", "")), str(hoder["foe"])
        shooter = str(next((r.get("who") for r in hoder.get("rolls", ()) if isinstance(r, Mapping)), ""))
        dealt = sum(e.amount for e in tally.events[start:]
                    if e.kind == "damage_dealt" and e.hero == shooter and e.meta.get("foe") == foe)  # fmt: skip
        share = vp_bonus(dealt, 2)  # the hit's damage VP once more, for the ally
        if share > 0 and any(s.hero == ally for s in tally.seats):
            tally = tally.award("gift_bonus", share, hero=ally)
    return tally
