"""Potions, charms and amulets on the rolls (spec 001c §8.8; rules §35.4): a dose drunk or a charm used adds its
bonus to the rolls of its Ability or Characteristic - on a roll of the notes (the roll's total and the exact odds
on its button both) for its rounds, one spent with each such roll, and in a fight on the INIT, ATK and DFN rolls
whose scores read it; an amulet adds its bonus by itself to the trap's roll its condition names and marks its own
failure when the trap strikes anyway. Undo takes it all back."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from rune_encounter_fixtures import setup
from rune_magic_fixtures import stored
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.encounters.roll_odds import hero_chance
from runehall.systems.rune.encounters.run_rolls import bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.stress import at_least
from runehall.systems.rune.treasure.charts import chart

CRYPT = Path(__file__).resolve().parents[1] / "examples" / "rune" / "flooded-crypt.toml"


def _set(item: dict[str, Any], chart_id: str, **match: Any) -> dict[str, Any]:
    row = next(r for r in chart(chart_id).rows if all(getattr(r, k) == v for k, v in match.items()))
    roll = next(r for r in item["rolls"] if r["chart"] == chart_id)
    roll["faces"], roll["result"] = [row.faces[0]], row.faces[0]
    return item


def potion(target: str, potency: int = 2, rounds: int = 2) -> dict[str, Any]:
    """A Characteristic potion of `target` (its potency and rounds set on the charts)."""
    item = _set(stored("potion"), "potion_type", name="Characteristic potion")
    _set(item, "characteristic", characteristic=target)
    _set(item, "potion_potency", value=potency)
    return _set(item, "potion_duration", value=rounds)


def amulet(trigger: str) -> dict[str, Any]:
    return _set(stored("amulet"), "amulet_activation", name=trigger)


OTHER = "The wearer faces a trap that deals any other kind of damage"


def crypt(items: list[dict[str, Any]]) -> PlayLog:
    given = setup()
    given["heroes"][0]["sheet"]["magic_items"] = [{"item": i} for i in items]
    log = PlayLog.start("rune", "encounter", {}, given)
    log.apply("notes", {"encounter": tomllib.loads(CRYPT.read_text(encoding="utf-8"))}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def state(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def own(log: PlayLog, roll_id: str, hero: str = "Ragnar") -> int:
    """His sheet's bonus alone on the roll."""
    s = state(log)
    return bonus(hero, next(h.sheet for h in s.setup.heroes if h.name == hero), find_roll(s, roll_id),
                 log.option_values())  # fmt: skip


def roll(log: PlayLog, roll_id: str, faces: list[int]) -> dict[str, Any]:
    """Everyone rolls (a Standard roll): Ragnar, first in the party, these faces; the others a 5."""
    others = [5] * (len(state(log).setup.heroes) - 1)
    return log.apply("noted_roll", {"roll": roll_id}, ManualSource(faces + others))["result"]


def test_a_potion_drunk_adds_its_potency_to_the_roll_and_its_odds_for_its_rounds() -> None:
    log = crypt([potion("dex", potency=3, rounds=2)])  # Balance is governed by Dex
    opts = log.option_values()
    footing = find_roll(state(log), "keep_footing")
    base = own(log, "keep_footing")
    assert hero_chance(state(log), "Ragnar", footing, opts) == at_least(5 - base)
    log.apply("use_item", {"hero": "Ragnar", "item": 1, "use": "drink"}, ManualSource([]))
    assert [(b.target, b.bonus, b.rounds) for b in state(log).item_bonuses] == [("dex", 3, 2)]
    assert hero_chance(state(log), "Ragnar", footing, opts) == at_least(5 - base - 3)  # the button's odds
    for left in (1, 0):
        r = roll(log, "keep_footing", [5])
        assert r["totals"]["Ragnar"] == StressDie().key((5,)) + base + 3
        assert r["items"] == {"Ragnar": [[1, "potion", 3]]}
        assert [b.rounds for b in state(log).item_bonuses] == ([left] if left else [])
    r = roll(log, "keep_footing", [5])  # its rounds are spent
    assert r["totals"]["Ragnar"] == StressDie().key((5,)) + base and "items" not in r
    assert hero_chance(state(log), "Ragnar", footing, opts) == at_least(5 - base)


def test_a_potion_of_another_characteristic_adds_nothing() -> None:
    log = crypt([potion("int")])
    log.apply("use_item", {"hero": "Ragnar", "item": 1, "use": "drink"}, ManualSource([]))
    r = roll(log, "keep_footing", [5])
    assert r["totals"]["Ragnar"] == StressDie().key((5,)) + own(log, "keep_footing") and "items" not in r
    assert [b.rounds for b in state(log).item_bonuses] == [2]  # not spent on a roll it does not cover


def test_undo_takes_the_bonus_back() -> None:
    log = crypt([potion("dex")])
    log.apply("use_item", {"hero": "Ragnar", "item": 1, "use": "drink"}, ManualSource([]))
    log.undo()
    assert state(log).item_bonuses == () and state(log).magic["Ragnar"][0].doses is None


def test_an_amulet_adds_its_bonus_to_the_traps_roll_and_marks_its_own_failure() -> None:
    log = crypt([amulet(OTHER)])  # the icicle deals plain damage
    worn = state(log).magic["Ragnar"][0].state()
    base = own(log, "dodge_icicle")
    icicle = find_roll(state(log), "dodge_icicle")
    assert hero_chance(state(log), "Ragnar", icicle, log.option_values()) == at_least(8 - base - worn.bonus)
    r = roll(log, "dodge_icicle", [1, 3])  # a botch: the icicle strikes him anyway
    assert r["totals"]["Ragnar"] == StressDie().key((1, 3)) + base + worn.bonus
    assert r["amulets"] == {"Ragnar": [1]} and state(log).magic["Ragnar"][0].failures == 1
    r = roll(log, "keep_footing", [1, 3])  # not its condition: no bonus, no mark
    assert "amulets" not in r and state(log).magic["Ragnar"][0].failures == 1


def test_an_amulet_of_another_condition_stays_out_of_the_roll() -> None:
    log = crypt([amulet("The wearer faces a trap that deals fire damage")])
    r = roll(log, "dodge_icicle", [1, 3])
    assert r["totals"]["Ragnar"] == StressDie().key((1, 3)) + own(log, "dodge_icicle") and "amulets" not in r
    assert state(log).magic["Ragnar"][0].failures is None


def _texts(card: Any) -> list[str]:
    return [card.action, card.result, *(t for r in card.rows for t in (r.label, r.value))]


def test_the_cards_say_the_bonus_in_both_languages() -> None:
    log = crypt([potion("dex", potency=3, rounds=2), amulet(OTHER)])
    log.apply("use_item", {"hero": "Ragnar", "item": 1, "use": "drink"}, ManualSource([]))
    roll(log, "dodge_icicle", [1, 3])
    for lang, said, on_roll, failed in (
        ("en", "+3 on Dexterity for 2 rounds", "Ragnar, item 2: +", "Ragnar's amulet, item 2, failed to protect him"),
        ("es", "+3 a Destreza durante 2 asaltos", "Ragnar, objeto 2: +", "el amuleto de Ragnar, objeto 2"),
    ):
        words = words_for(lang, "rune")
        drink, rolled = (log.tracker.action(e["action"]).describe(e, words, "Thurid") for e in log.events[-2:])
        assert said in _texts(drink)
        texts = _texts(rolled)
        assert any(t.startswith(on_roll) for t in texts) and any(failed in t for t in texts)
        assert all(program_values(t) == [] for t in texts + _texts(drink))

