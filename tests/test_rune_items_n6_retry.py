"""A simple potion's second attempt (spec 001c §8.8, A-37; rules §35.4): a hero who failed a roll of the notes of
his simple potion's Ability drinks a dose and makes it once more with the potency added - offered only then, with
his exact chance on the button; the failure stands, a success is scored as the roll's; each refusal leaves the log
as it was; undo."""

from __future__ import annotations

from typing import Any

import pytest

from rune_magic_fixtures import stored
from runehall.chance.dice import StressDie
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.stress import at_least
from runehall.systems.rune.treasure.charts import chart
from test_rune_items_n6 import _texts, crypt, own, potion, roll, state

RUNNER = Seat(runs=True, owns=True)


def simple(ability: str, potency: int = 2) -> dict[str, Any]:
    """A simple potion of `ability`: its type, potency and Ability rolled, no duration."""
    item = stored("potion")
    item["rolls"] = [r for r in item["rolls"] if r["chart"] != "potion_duration"]
    item["dice"] = []
    for r in item["rolls"]:
        if r["chart"] == "characteristic":
            r["chart"] = "ability"
    for chart_id, match in (("potion_type", {"name": "Simple potion"}), ("ability", {"ability": ability}),
                            ("potion_potency", {"value": potency})):  # fmt: skip
        row = next(x for x in chart(chart_id).rows if all(getattr(x, k) == v for k, v in match.items()))
        found = next(r for r in item["rolls"] if r["chart"] == chart_id)
        found["faces"], found["result"] = [row.faces[0]], row.faces[0]
    return item


def moves(log: Any) -> list[Any]:
    view = log.tracker.board(state(log), words_for("en", "rune"), RUNNER, log.option_values())
    return [m for m in view.moves if m.action == "second_attempt"]


def retry(log: Any, faces: list[int], item: int = 1, roll_id: str = "keep_footing") -> dict[str, Any]:
    params = {"hero": "Ragnar", "item": item, "roll": roll_id}
    return log.apply("second_attempt", params, ManualSource(faces))["result"]  # type: ignore[no-any-return]


def played() -> Any:
    """A failed roll tried again with a simple potion (the words tests read its events)."""
    log = crypt([simple("balance")])
    roll(log, "keep_footing", [1, 3])
    retry(log, [2])
    return log


def test_a_failed_roll_is_tried_again_with_the_potency_and_scored() -> None:
    log = crypt([simple("balance", potency=3)])
    assert moves(log) == []  # nothing failed yet
    roll(log, "keep_footing", [1, 3])  # he fails it
    base = own(log, "keep_footing")
    offered = moves(log)
    assert [m.params for m in offered] == [{"hero": "Ragnar", "item": 1, "roll": "keep_footing"}]
    assert offered[0].hint == f"Ragnar makes it {words_for('en', 'rune').percent(at_least(5 - base - 3))}"
    chortles = len(state(log).tally.of("runner_chortle"))
    r = retry(log, [9])
    assert r["total"] == StressDie().key((9,)) + base + 3 and r["made"] is True
    s = state(log)
    assert len(s.tally.of("runner_chortle")) == chortles  # the failure stands
    assert [e.meta["roll"] for e in s.tally.of("success") if e.hero == "Ragnar"] == ["keep_footing"]
    doses = s.magic["Ragnar"][0].doses
    assert doses is not None and r["doses"] == doses
    assert moves(log) == []  # made good: nothing to try again
    log.undo()
    assert state(log).magic["Ragnar"][0].doses is None and len(moves(log)) == 1


@pytest.mark.parametrize(
    ("items", "params", "match"),
    [
        ([simple("balance")], {"roll": "dodge_icicle"}, "another Ability"),
        ([simple("balance")], {"item": 2}, "no magic item 2"),
        ([potion("dex")], {}, "only a simple potion"),
        ([simple("dodge")], {"roll": "dodge_icicle", "fresh": True}, "has not failed"),
    ],
)
def test_what_the_rules_forbid_is_refused_and_nothing_changes(items: list[Any], params: dict[str, Any],
                                                              match: str) -> None:  # fmt: skip
    log = crypt(items)
    if not params.pop("fresh", False):
        roll(log, "keep_footing", [1, 3])
        roll(log, "dodge_icicle", [10, 10, 5])  # he makes this one
    before = len(log.events)
    full = {"hero": "Ragnar", "item": 1, "roll": "keep_footing"} | params
    with pytest.raises(RulesError, match=match):
        log.apply("second_attempt", full, ManualSource([5]))
    assert len(log.events) == before


def test_the_card_reads_in_both_languages() -> None:
    log = played()
    for lang, said in (("en", "tries Keep your footing on the ice again"), ("es", "intenta de nuevo")):
        words = words_for(lang, "rune")
        card = log.tracker.action("second_attempt").describe(log.events[-1], words, "Thurid")
        texts = _texts(card)
        assert any(said in t for t in texts) and all(program_values(t) == [] for t in texts)
