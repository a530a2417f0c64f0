"""What befalls the heroes outside the notes in an encounter run (rune/encounters/run_dangers.py): wandering
monsters (001c TV-96, TV-97), running away from a fight (001c §11.9), the players' vote crediting a foe's
trap damage; the heroes' hit points carried from one fight of the encounter to the next."""

from __future__ import annotations

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_state import RunState


def _run() -> PlayLog:
    two = notes()
    second = {
        "id": "crypt",
        "combat": {"foes": [{"id": "g", "name": "Goblin", "type": "rock_goblin", "threat": "inferior"}]},
    }
    two["events"].append(second)  # a second fight: 0.7 rounds to 1, at most half of four heroes
    log = PlayLog.start("rune", "encounter", {}, setup())
    log.apply("notes", {"encounter": two}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def _state(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def test_wandering_monsters_hurt_without_soak_or_vp_and_the_next_fight_starts_from_it() -> None:  # 001c TV-96/97
    log = _run()
    met = log.apply("wandering_monsters", {}, ManualSource([1, 5, 8, 7, 3]))["result"]
    assert (met["category"], met["dam"], met["difficulty"]) == ("superior", 36, 7)
    ragnar, thurid = met["harm"]["Ragnar"], met["harm"]["Thurid"]
    assert ragnar["hp_lost"] == 36 + 2 and not ragnar["success"]  # TV-96: die 5 against 7
    assert thurid["hp_lost"] == 36 // 2 and thurid["success"]  # TV-97: die 8 against 7
    assert met["harm"]["Sigrid"]["hp"] >= 4  # the runner's monsters never take a hero below 4 HP
    assert _state(log).tally.events == ()  # nothing scored
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    fight = _state(log).fight
    assert fight is not None
    hp = {c.name: c.hp for c in fight.combatants}
    assert hp["Ragnar"] == ragnar["hp"] and hp["Thurid"] == thurid["hp"]
    with pytest.raises(RulesError, match="between fights"):
        log.apply("wandering_monsters", {}, ManualSource([1, 5, 8, 7, 3]))


def test_running_away_ends_the_fight_and_the_caught_drop_to_5_hp() -> None:
    log = _run()
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    # The fastest foe's Res roll first (a 9), then each hero's Sprint in the heroes' order.
    fled = log.apply("run_away", {}, ManualSource([9, 2, 10, 10, 9, 2, 2]))["result"]
    assert fled["fastest"].startswith("Dark Viking")
    caught = {n for n, h in fled["heroes"].items() if h["caught"]}
    assert caught and all(fled["heroes"][n]["hp"] == 5 for n in caught)
    state = _state(log)
    assert state.fight is None and state.fights[-1].fight.ended == "the heroes ran away"
    assert state.tally.events == ()  # flight rolls are not notes rolls
    log.apply("fight", {"event": "crypt"}, ManualSource([]))
    carried = {c.name: c for c in _state(log).fight.combatants}  # type: ignore[union-attr]
    assert all(carried[n].hp == 5 and carried[n].active for n in caught)


def test_a_foes_trap_damage_is_credited_by_the_players_vote() -> None:
    log = _run()
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    log.apply("damage", {"who": "Dark Viking 1", "raw": 14, "soak": False}, ManualSource([]))
    credited = log.apply(
        "trap_credit", {"foe": "Dark Viking 1", "damage": 14, "heroes": ["Bjorn", "Sigrid"]}, ManualSource([])
    )
    assert credited["result"]["each"] == 7
    dealt = [e for e in _state(log).tally.events if e.kind == "damage_dealt"]
    assert [(e.hero, e.amount) for e in dealt] == [("Bjorn", 7), ("Sigrid", 7)]
    with pytest.raises(RulesError, match="no foe"):
        log.apply("trap_credit", {"foe": "Ragnar", "damage": 3, "heroes": ["Bjorn"]}, ManualSource([]))


def test_a_hero_striking_another_costs_him_5_a_point_unless_possessed() -> None:  # 001b TV-65
    log = _run()
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    before = {c.name: c.hp for c in _state(log).fight.combatants}  # type: ignore[union-attr]
    log.apply("hero_struck_hero", {"hero": "Ragnar", "victim": "Sigrid", "damage": 7}, ManualSource([]))
    log.apply("hero_struck_hero", {"hero": "Sigrid", "victim": "Ragnar", "damage": 5}, ManualSource([]))  # back
    log.apply(
        "hero_struck_hero", {"hero": "Bjorn", "victim": "Ragnar", "damage": 2, "possessed": True}, ManualSource([])
    )
    state = _state(log)
    after = {c.name: c.hp for c in state.fight.combatants}  # type: ignore[union-attr]
    assert (before["Sigrid"] - after["Sigrid"], before["Ragnar"] - after["Ragnar"]) == (7, 5 + 2)
    vp = {(e.kind, e.hero): e.amount for e in state.tally.events if e.kind == "pvp_damage"}
    assert vp == {("pvp_damage", "Ragnar"): -35, ("pvp_damage", "Sigrid"): 0, ("pvp_damage", "Bjorn"): 0}
    taken = sum(e.amount for e in state.tally.events if e.kind == "damage_taken" and e.hero == "Ragnar")
    assert taken == -(5 + 2)
    with pytest.raises(RulesError, match="proxy"):  # Thurid is the runner's hero: his proxy may not turn him
        log.apply("hero_struck_hero", {"hero": "Thurid", "victim": "Bjorn", "damage": 1}, ManualSource([]))
