"""Divine Gifts across the fights of an encounter run (rune/encounters/run_gifts.py): the VP a hero spends in one
fight are spent for the next fight and for the settlement, the levels he buys are his in the next fight and on his
sheet at settlement, and a gift counted per encounter keeps its count from one fight to the next."""

from __future__ import annotations

from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_gifts import carry_counters
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.gifts.catalog import gift

MJOLNIR, LEAF, THEWS, SHOUT = "mjolnir_awakes", "like_a_wind_tossed_leaf", "thors_thews", "roaring_shout_of_rage"
LEAF_VP, THEWS_VP = gift(LEAF).cost, gift(THEWS).cost  # the catalog's price of a level


def _run() -> PlayLog:
    two = notes()
    crypt = {
        "id": "crypt",
        "combat": {"foes": [{"id": "g", "name": "Goblin", "type": "rock_goblin", "threat": "inferior"}]},
    }
    two["events"].append(crypt)
    given = setup()
    for hero in given["heroes"]:
        hero["sheet"].update(vp_total=500, vp_spent=100)
    given["heroes"][0]["sheet"]["gifts"] = {"Mjolnir Awakes": 1}  # Ragnar: once an encounter
    log = PlayLog.start("rune", "encounter", {}, given)
    log.apply("notes", {"encounter": two}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def _do(log: PlayLog, action: str, **params: Any) -> dict[str, Any]:
    result: dict[str, Any] = log.apply(action, params, ManualSource([]))["result"]
    return result


def _state(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def _ragnar(log: PlayLog) -> Any:
    fight = _state(log).fight
    assert fight is not None
    return next(c for c in fight.combatants if c.name == "Ragnar")


def _first_fight(log: PlayLog) -> int:
    _do(log, "fight", event="hall")
    before = _ragnar(log)
    assert before.gifted.left == 400
    _do(log, "use_gift", who="Ragnar", gift="Mjolnir Awakes", weapon="war_maul")
    _do(log, "buy_gift", who="Ragnar", gift="Like a Wind-Tossed Leaf")
    _do(log, "buy_gift", who="Ragnar", gift="Thor's Thews")
    assert _ragnar(log).gifted.left == 400 - LEAF_VP - THEWS_VP
    _do(log, "end_combat")
    return int(before.hp_max)


def test_the_next_fight_knows_the_vp_spent_and_the_levels_bought_and_his_numbers_with_them() -> None:
    log = _run()
    hp_max = _first_fight(log)
    _do(log, "fight", event="crypt")
    ragnar = _ragnar(log)
    assert ragnar.gifted.left == 400 - LEAF_VP - THEWS_VP  # the sheet's free VP less what the first fight spent
    assert ragnar.gifted.level(LEAF) == 1 and ragnar.gifted.level(THEWS) == 1 and ragnar.gifted.level(MJOLNIR) == 1
    assert ragnar.gifted.spent == 0 and ragnar.gifted.bought == {}  # this fight's own, so nothing counts twice
    assert ragnar.hp_max > hp_max  # Thor's Thews built into his numbers from his sheet


def test_an_encounter_counted_gift_keeps_its_count_and_a_fight_counted_one_does_not() -> None:
    log = _run()
    _first_fight(log)
    _do(log, "fight", event="crypt")
    assert _ragnar(log).gifted.used.get(MJOLNIR) == 1
    before = log.to_json()
    with pytest.raises(RulesError, match="as often as it allows"):
        _do(log, "use_gift", who="Ragnar", gift="Mjolnir Awakes", weapon="war_maul")
    assert log.to_json() == before
    state = _state(log)
    last = state.fights[0].fight
    used = {MJOLNIR: 1, SHOUT: 1}  # Roaring Shout of Rage: once a fight
    people = tuple(
        c.model_copy(update={"gifted": c.gifted.model_copy(update={"used": used})}) if c.name == "Ragnar" else c
        for c in last.combatants
    )
    earlier = state.model_copy(
        update={
            "fights": (state.fights[0].model_copy(update={"fight": last.model_copy(update={"combatants": people})}),)
        }
    )
    fresh = state.fights[-1].fight.model_copy(
        update={
            "combatants": tuple(
                c.model_copy(update={"gifted": c.gifted.model_copy(update={"used": {}})})
                for c in state.fights[-1].fight.combatants
            )
        }
    )
    carried = next(c for c in carry_counters(earlier, fresh).combatants if c.name == "Ragnar")
    assert carried.gifted.used == {MJOLNIR: 1}


def test_settling_counts_the_vp_spent_in_fights_and_writes_the_gifts_bought_to_the_sheet() -> None:
    log = _run()
    _first_fight(log)
    settled = _do(log, "settle")
    accounts = settled["scores"]["Ragnar"]["accounts"]
    assert accounts["vp_spent"] == 100 + LEAF_VP + THEWS_VP
    others = settled["scores"]["Sigrid"]["accounts"]
    assert others["vp_spent"] == 100  # nothing spent in the fight
    state = _state(log)
    hero = state.setup.heroes[0].model_copy(update={"character": "c-ragnar"})
    state = state.model_copy(
        update={"setup": state.setup.model_copy(update={"heroes": (hero, *state.setup.heroes[1:])})}
    )
    event = {"action": "settle", "result": settled}
    changes = log.tracker.sheet_changes(state, event)  # type: ignore[attr-defined]
    assert changes["c-ragnar"]["gifts"] == {MJOLNIR: 1, LEAF: 1, THEWS: 1}
    assert changes["c-ragnar"]["vp_spent"] == 100 + LEAF_VP + THEWS_VP
