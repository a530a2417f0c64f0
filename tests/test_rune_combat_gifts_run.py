"""Divine Gifts of a fight in an encounter run, in the tally (spec 001b §2.3, §2.5; encounters/run_gift_vp.py): a
move that Destiny Reversed supersedes has what it put in the tally taken back and the move made again fed instead;
undo brings the old back; a gift's VP go to a hero who holds a seat, never to a supporting character."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.run_gift_vp import gift_vp
from runehall.systems.rune.encounters.run_state import RunState

ORDER = [("Ragnar", 9), ("Thurid", 3), ("Bjorn", 4), ("Sigrid", 5), ("Dark Viking 1", 2), ("Dark Viking 2", 2)]


def _run(gifts: dict[str, int]) -> PlayLog:
    given = setup()
    given["heroes"][0]["sheet"]["gifts"] = gifts
    log = PlayLog.start("rune", "encounter", {}, given)
    log.apply("notes", {"encounter": notes()}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    for name, face in ORDER:
        log.apply("initiative", {"who": name}, ManualSource([face]))
    return log


def _tally(log: PlayLog) -> list[tuple[str, int]]:
    state = log.state()
    assert isinstance(state, RunState)
    return [(e.kind, e.amount) for e in state.tally.events]


def _do(log: PlayLog, action: str, faces: list[int], **params: Any) -> dict[str, Any]:
    result: dict[str, Any] = log.apply(action, params, ManualSource(faces))["result"]
    return result


def test_destiny_reversed_in_a_run_takes_back_the_damage_the_superseded_blow_scored() -> None:
    log = _run({"Destiny Reversed": 2})
    blow = _do(log, "attack", [9, 2], who="Ragnar", target="Dark Viking 1", approach=True)["attack"]
    dealt = blow["injury"]["hp_lost"]
    assert blow["hit"] is True and _tally(log) == [("damage_dealt", dealt)]
    missed = _do(log, "use_gift", [2], who="Ragnar", gift="Destiny Reversed")
    assert missed["outcome"]["attack"]["hit"] is False and _tally(log) == []  # the 8 VP are gone with the blow
    again = _do(log, "use_gift", [10, 3], who="Ragnar", gift="Destiny Reversed")  # the new roll rolled once more
    assert again["outcome"]["attack"]["hit"] is True
    assert _tally(log) == [("damage_dealt", again["outcome"]["attack"]["injury"]["hp_lost"])]
    log.undo()
    assert _tally(log) == []
    log.undo()
    assert _tally(log) == [("damage_dealt", dealt)]


def test_a_gifts_vp_go_to_a_seated_hero_and_never_for_a_supporting_character() -> None:
    state = _run({}).state()
    assert isinstance(state, RunState)
    paid = gift_vp(state.tally, {"gift_vp": [{"hero": "Ragnar", "gift": "indefatigable_determination", "vp": 10}]})
    assert [(e.kind, e.amount, e.hero) for e in paid.events] == [("gift_bonus", 10, "Ragnar")]
    nobody = gift_vp(state.tally, {"gift_vp": [{"hero": "Old Grim", "gift": "buffeting_gale", "vp": 20}]})
    assert nobody.events == ()
