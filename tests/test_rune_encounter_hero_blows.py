"""A hero striking another hero on purpose in a fight of an encounter's run (001b §6.3, item 5): a pillager may
(5 VP lost a point of damage), the victim strikes back for free, and the proxy may never turn the runner's hero
on anyone but one who struck him. Outside a run nobody aims at a friend; a hero's death is never a foe's death
blow. The board offers the blow as a move of its own, never among the foes."""

from __future__ import annotations

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError, RulesError
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.feed import facts
from runehall.systems.rune.encounters.run_state import RunState
from test_rune_board import board
from test_rune_combat import Fight, fighter, hero


def fight_under_way() -> PlayLog:
    """Thurid runs (Bjorn her proxy); four heroes stand in a line 2 paces apart, two Dark Vikings 12 paces off."""
    log = PlayLog.start("rune", "encounter", {}, setup())
    for action, params in (("notes", {"encounter": notes()}), ("begin", {}), ("fight", {"event": "hall"})):
        log.apply(action, params, ManualSource([]))
    state = log.state()
    assert isinstance(state, RunState) and state.fight is not None
    for die, c in zip(range(9, 0, -1), state.fight.combatants, strict=False):
        log.apply("initiative", {"who": c.name}, ManualSource([die]))
    return log


def vp_of(log: PlayLog, kind: str) -> list[tuple[str | None, int]]:
    state = log.state()
    assert isinstance(state, RunState)
    return [(e.hero, e.amount) for e in state.tally.of(kind)]  # type: ignore[arg-type]


def test_a_pillager_strikes_the_runners_hero_and_pays_for_each_point() -> None:
    log = fight_under_way()
    struck = log.apply("attack", {"who": "Ragnar", "target": "Thurid"}, ManualSource([9, 2]))["result"]["attack"]
    lost = struck["injury"]["hp_lost"]
    assert struck["hit"] and lost > 0
    assert vp_of(log, "pvp_damage") == [("Ragnar", -5 * lost)]
    assert vp_of(log, "damage_taken") == [("Thurid", -lost)]


def test_the_proxy_strikes_back_for_free_and_only_at_who_struck_first() -> None:
    log = fight_under_way()
    with pytest.raises(RulesError, match="proxy may never turn the runner's hero"):
        log.apply("attack", {"who": "Thurid", "target": "Ragnar"}, ManualSource([9, 2]))
    log.apply("attack", {"who": "Ragnar", "target": "Thurid"}, ManualSource([9, 2]))
    with pytest.raises(RulesError, match="proxy may never turn the runner's hero"):  # Bjorn never struck her
        log.apply("attack", {"who": "Thurid", "target": "Bjorn"}, ManualSource([9, 2]))
    back = log.apply("attack", {"who": "Thurid", "target": "Ragnar"}, ManualSource([9, 2]))["result"]["attack"]
    assert back["hit"]
    assert ("Thurid", 0) in vp_of(log, "pvp_damage")  # striking back costs nothing


def test_the_board_offers_the_blow_as_a_move_of_its_own() -> None:
    log = fight_under_way()
    state = log.state()
    assert isinstance(state, RunState) and state.fight is not None
    fight = Fight(*[hero(c.name, c.at, strikes_heroes=c.name != "Thurid") for c in state.fight.combatants if c.hero],
                  fighter("Goblin", (3, 0)))  # fmt: skip
    fight.roll_all(Ragnar=[9], Thurid=[8], Bjorn=[7], Sigrid=[6], Goblin=[2])
    moves = [m for m in board(fight).moves if m.action == "attack"]
    duel = [m for m in moves if m.title == "Strike another hero"]
    assert [m.actor for m in duel] == ["Ragnar"] and duel[0].targets == ("Thurid",)  # only who is within reach
    assert "victory points" in duel[0].hint
    plain = [m for m in moves if m.actor == "Ragnar" and m.title != "Strike another hero"]
    assert plain and all("Thurid" not in m.targets for m in plain)  # never one click among the foes
    spanish = board(fight, lang="es")
    assert any(m.title == "Golpear a otro héroe" for m in spanish.moves)


def test_outside_a_run_a_friend_is_never_a_target_and_only_heroes_may_duel() -> None:
    fight = Fight(hero("Ragnar", (0, 0)), hero("Thurid", (2, 0)), fighter("Goblin", (9, 9)))
    fight.roll_all(Ragnar=[9], Thurid=[2], Goblin=[3])
    with pytest.raises(RulesError, match="aiming at a friend"):
        fight.log.apply("attack", {"who": "Ragnar", "target": "Thurid"}, ManualSource([9, 2]))
    with pytest.raises(ParameterError, match="only a hero may strike another hero"):
        Fight(fighter("Goblin", (0, 0), strikes_heroes=True), hero("Ragnar", (2, 0)))


def test_a_hero_killed_by_a_hero_is_no_death_blow() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=9, atk=20, dam=60, strikes_heroes=True),
        hero("Thurid", (2, 0), init=1, dfn=1, hp=10),
        fighter("Goblin", (9, 9)),
    )
    fight.roll_all(Ragnar=[5], Thurid=[2], Goblin=[3])
    before = fight.state
    result = fight.log.apply("attack", {"who": "Ragnar", "target": "Thurid"}, ManualSource([9, 2]))["result"]
    found = facts(before, fight.state, result)
    kinds = {f.kind for f in found}
    assert "pvp" in kinds and "kill" not in kinds
    assert any(f.kind == "died" and f.hero == "Thurid" and f.other == "Ragnar" for f in found)
