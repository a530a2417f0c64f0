"""Magic items at the encounter tracker (spec 001c §8.8-§8.12): each hero's items from his sheet and the treasures
he is given; drinking a dose, using a charm (and charging it again), marking an amulet's failure, putting a Helm of
Power on or off - each an appended event with its card in both languages, each refused with one reason and nothing
changed where the rules forbid it; a helm worn since an earlier event grants its Gift's levels in the run's fights
(Thor's Thews: +10 HP a level, no VP); the items with their states go back to the sheets at settlement."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from rune_magic_fixtures import helm, potion_doses, stored
from runehall.chance.sources import FairSource, ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.treasure.carried import BEFORE, MAGIC_KINDS
from runehall.systems.rune.treasure.items import Amulet, Charm, Helm, Potion

RUNNER = Seat(runs=True, owns=True)
THEWS = "Thor's Thews"


def _notes() -> dict[str, Any]:
    given = notes(difficulty=6)
    yard = copy.deepcopy(given["events"][0])
    yard["id"], yard["summary"], yard["rolls"] = "yard", "The yard", []
    yard["combat"]["foes"] = yard["combat"]["foes"][:1]  # a second fight: half the first's Mix at most
    for i, foe in enumerate(yard["combat"]["foes"], 1):
        foe["id"], foe["name"] = f"y{i}", f"Yard Viking {i}"
    given["events"].append(yard)
    given["events"][0]["elements"] = [
        {"id": "chest", "name": "The jarl's chest", "kind": "treasure", "gain": {"kind": "treasure", "category": "F"}}
    ]
    return given


def run(items: list[dict[str, Any]] | None = None) -> PlayLog:
    given = setup()
    ragnar = given["heroes"][0]
    ragnar["character"] = "c-ragnar"
    ragnar["sheet"]["magic_items"] = items if items is not None else [
        {"item": stored("potion")}, {"item": stored("charm")}, {"item": stored("amulet")},
        {"item": helm(THEWS, 2)},
    ]  # fmt: skip
    log = PlayLog.start("rune", "encounter", {}, given)
    for action, params in (("notes", {"encounter": _notes()}), ("begin", {})):
        log.apply(action, params, ManualSource([]))
    return log


def state(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def use(log: PlayLog, item: int, how: str, hero: str = "Ragnar") -> dict[str, Any]:
    return log.apply("use_item", {"hero": hero, "item": item, "use": how}, ManualSource([]))


def played() -> PlayLog:
    """Every use of a magic item once (the words tests read its events)."""
    log = run()
    use(log, 1, "drink")
    use(log, 2, "use")
    use(log, 2, "recharge")
    use(log, 3, "failed")
    use(log, 4, "put_on")
    use(log, 4, "take_off")
    return log


def test_the_heroes_items_come_from_their_sheets() -> None:
    log = run()
    carried = state(log).magic["Ragnar"]
    assert [c.kind for c in carried] == ["potion", "charm", "amulet", "helm"]
    assert "Thurid" not in state(log).magic


def test_each_use_changes_the_items_state_as_an_appended_event() -> None:
    log = run()
    doses = potion_doses(stored("potion"))
    before = len(log.events)
    event = use(log, 1, "drink")
    assert len(log.events) == before + 1 and event["result"]["doses"] == doses - 1
    potion = state(log).magic["Ragnar"][0].state()
    assert isinstance(potion, Potion) and potion.doses == doses - 1
    use(log, 2, "use")
    charm = state(log).magic["Ragnar"][1].state()
    assert isinstance(charm, Charm) and not charm.charged
    use(log, 2, "recharge")
    assert state(log).magic["Ragnar"][1].charged is True
    use(log, 3, "failed")
    amulet = state(log).magic["Ragnar"][2].state()
    assert isinstance(amulet, Amulet) and amulet.failures == 1
    event = use(log, 4, "put_on")
    assert event["result"]["gift"] == "thors_thews" and event["result"]["levels"] == 2
    worn = state(log).magic["Ragnar"][3].state()
    assert isinstance(worn, Helm) and worn.worn_since == 0


def test_a_potion_is_drunk_to_its_last_dose_and_no_further() -> None:
    log = run()
    for _ in range(potion_doses(stored("potion"))):
        use(log, 1, "drink")
    _refused(log, {"hero": "Ragnar", "item": 1, "use": "drink"}, "the potion is empty")


def _refused(log: PlayLog, params: dict[str, Any], match: str) -> None:
    before = state(log)
    count = len(log.events)
    with pytest.raises(RulesError, match=match):
        log.apply("use_item", params, ManualSource([]))
    assert state(log) == before and len(log.events) == count


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"hero": "Nobody", "item": 1, "use": "drink"}, "not one of the heroes"),
        ({"hero": "Thurid", "item": 1, "use": "drink"}, "carries no magic item 1"),
        ({"hero": "Ragnar", "item": 5, "use": "drink"}, "carries no magic item 5"),
        ({"hero": "Ragnar", "item": 2, "use": "drink"}, "cannot be used that way"),
        ({"hero": "Ragnar", "item": 1, "use": "put_on"}, "cannot be used that way"),
        ({"hero": "Ragnar", "item": 2, "use": "recharge"}, "charged already"),
        ({"hero": "Ragnar", "item": 4, "use": "take_off"}, "not worn"),
    ],
)
def test_what_the_rules_forbid_is_refused_and_nothing_changes(params: dict[str, Any], match: str) -> None:
    _refused(run(), params, match)


def test_a_spent_charm_a_useless_amulet_a_worn_helm_and_a_second_helm_are_refused() -> None:
    amulet = stored("amulet")
    useless_after = _useless_after(amulet)
    items = [{"item": stored("charm"), "charged": False}, {"item": amulet, "failures": useless_after},
             {"item": helm(THEWS, 2), "worn_since": BEFORE}, {"item": helm(THEWS, 1)}]  # fmt: skip
    log = run(items)
    _refused(log, {"hero": "Ragnar", "item": 1, "use": "use"}, "spent until")
    _refused(log, {"hero": "Ragnar", "item": 2, "use": "failed"}, "already useless")
    _refused(log, {"hero": "Ragnar", "item": 3, "use": "put_on"}, "worn already")
    _refused(log, {"hero": "Ragnar", "item": 4, "use": "put_on"}, "only one helm")
    use(log, 3, "take_off")
    use(log, 4, "put_on")  # once the other is off


def _useless_after(item: dict[str, Any]) -> int:
    from runehall.systems.rune.treasure.carried import CarriedItem

    state_ = CarriedItem(item=item).state()
    assert isinstance(state_, Amulet)
    return state_.useless_after


def test_a_dead_hero_uses_nothing() -> None:
    log = run()
    log.apply("hero_died", {"hero": "Ragnar", "cause": "hazard"}, ManualSource([]))
    _refused(log, {"hero": "Ragnar", "item": 1, "use": "drink"}, "dead")


def _hp(log: PlayLog, hero: str = "Ragnar") -> int:
    fight = state(log).fight
    assert fight is not None
    return next(c.hp_max for c in fight.combatants if c.name == hero)


def test_a_helm_worn_since_before_the_encounter_grants_its_levels_in_the_fight() -> None:
    plain = run([])
    plain.apply("fight", {"event": "hall"}, ManualSource([]))
    worn = run([{"item": helm(THEWS, 2), "worn_since": BEFORE}])
    worn.apply("fight", {"event": "hall"}, ManualSource([]))
    assert _hp(worn) == _hp(plain) + 2 * 10  # Thor's Thews: +10 HP a level, with no VP spent
    assert _hp(worn, "Thurid") == _hp(plain, "Thurid")


def test_a_helm_put_on_now_works_from_the_next_event_on() -> None:
    plain = run([])
    plain.apply("fight", {"event": "hall"}, ManualSource([]))
    log = run([{"item": helm(THEWS, 2)}])
    use(log, 1, "put_on")
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    assert _hp(log) == _hp(plain)  # put on in this event: not yet
    later = run([{"item": helm(THEWS, 2)}])
    use(later, 1, "put_on")
    later.apply("next_event", {}, ManualSource([]))
    later.apply("fight", {"event": "yard"}, ManualSource([]))
    assert _hp(later) == _hp(plain) + 20


def test_a_won_treasures_magic_items_join_the_heroes_items_and_go_to_his_sheet() -> None:
    log = run([])
    nonce = next(n for n in range(200) if _magic_in(n))
    event = log.apply(
        "give_gain", {"gain": "chest", "hero": "Sigrid"}, FairSource(b"runehall won magic 0123456", "c", nonce)
    )
    won = [i for i in event["result"]["items"] if i["kind"] in MAGIC_KINDS]
    assert [c.item for c in state(log).magic["Sigrid"]] == won
    log.apply("settle", {}, ManualSource([]))
    changes = log.tracker.sheet_changes(state(log), log.events[-1])
    assert "c-ragnar" in changes and "magic_items" not in changes["c-ragnar"]  # his items as his sheet has them


def _magic_in(nonce: int) -> bool:
    from runehall.systems.rune.treasure.generate import generate_treasure

    found = generate_treasure("F", FairSource(b"runehall won magic 0123456", "c", nonce))
    return any(i.kind in MAGIC_KINDS for i in found)


def test_settling_writes_the_items_with_their_states_to_the_sheet() -> None:
    log = run()
    use(log, 1, "drink")
    use(log, 4, "put_on")
    log.apply("settle", {}, ManualSource([]))
    changes = log.tracker.sheet_changes(state(log), log.events[-1])
    written = changes["c-ragnar"]["magic_items"]
    assert written[0]["doses"] == potion_doses(stored("potion")) - 1
    assert written[3]["worn_since"] == BEFORE  # still worn: worn since before the next encounter
    assert "vp_total" in changes["c-ragnar"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_use_reads_as_words_and_each_button_says_its_item(lang: str) -> None:
    words = words_for(lang, "rune")
    log = played()
    for event in log.events:
        if event["action"] != "use_item":
            continue
        card = log.tracker.action("use_item").describe(event, words, "Thurid")
        for text in (card.action, card.result, *(t for r in card.rows for t in (r.label, r.value))):
            assert text and program_values(text) == [], text
        if lang == "es":
            assert "item" not in card.action and "Use" not in card.action
    view = log.tracker.board(state(log), words, RUNNER, log.option_values())  # type: ignore[call-arg]
    moves = [m for m in view.moves if m.action == "use_item"]
    assert {(m.params["item"], m.params["use"]) for m in moves} == {
        (1, "drink"),
        (2, "use"),
        (3, "failed"),
        (4, "put_on"),
    }
    assert all(m.hint and program_values(m.title) == [] for m in moves)
    shown = [s for s in view.sections if s.title == words("Magic items")]
    assert shown and len(shown[0].rows) == 4
