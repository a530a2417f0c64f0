"""Through the Cracks in an encounter run (encounters/run_cracks.py): a flight through the cracks loses every
treasure the hero carries (his haul of the run); a plain flight keeps it."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.systems.rune.encounters.hauls import Haul
from runehall.systems.rune.encounters.run_state import RunState

ORDER = [("Ragnar", 9), ("Thurid", 3), ("Bjorn", 4), ("Sigrid", 5), ("Dark Viking 1", 2), ("Dark Viking 2", 2)]
CARRIED = Haul(ounces=30, liars=2, valuables=(12,))


def _run() -> tuple[PlayLog, RunState]:
    given = setup()
    given["heroes"][0]["sheet"]["gifts"] = {"Through the Cracks": 1}
    log = PlayLog.start("rune", "encounter", {}, given)
    log.apply("notes", {"encounter": notes()}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    log.apply("fight", {"event": "hall"}, ManualSource([]))
    for name, face in ORDER:
        log.apply("initiative", {"who": name}, ManualSource([face]))
    state = log.state()
    assert isinstance(state, RunState)
    return log, state.model_copy(update={"hauls": {**state.hauls, "Ragnar": CARRIED}})  # as a treasure gave him


def _flee(log: PlayLog, state: RunState, **more: Any) -> tuple[RunState, dict[str, Any]]:
    """Ragnar flees to the first spot ten paces off that the move accepts."""
    act = log.tracker.action("move")
    assert state.fight is not None
    x, y = next(c.at for c in state.fight.combatants if c.name == "Ragnar")
    for dx, dy in ((-10, 0), (10, 0), (0, -10), (0, 10)):
        try:
            params = act.parse_params({"who": "Ragnar", "to": [x + dx, y + dy], "kind": "flee", **more})
            new, result = act.apply(state, params, log.option_values(), ManualSource([]))
        except RulesError:
            continue
        assert isinstance(new, RunState)
        return new, result
    raise AssertionError("no spot to flee to")


def test_a_flight_through_the_cracks_loses_his_haul_and_a_plain_one_keeps_it() -> None:
    log, state = _run()
    after, result = _flee(log, state, cracks=True)
    assert result["cracks"]["treasure_dropped"] is True and after.hauls["Ragnar"] == Haul()
    assert {k: v for k, v in after.hauls.items() if k != "Ragnar"} == {
        k: v for k, v in state.hauls.items() if k != "Ragnar"
    }
    kept, plain = _flee(log, state)
    assert "cracks" not in plain and kept.hauls["Ragnar"] == CARRIED
