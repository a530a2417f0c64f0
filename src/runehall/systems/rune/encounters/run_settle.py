"""The end of an encounter run: the tally settled in the book's order (settlement.py, spec 001b §6.6), each
player's score line by line and what his accounts hold after it (a runner's negative score becomes a deficit;
gains pay a deficit first). The stored result holds every line as a template with its values, so the card and
the board say it in each reader's language."""

from __future__ import annotations

from typing import Any, ClassVar

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import NoParams, RulesModel
from runehall.systems.rune.encounters.accounts import Purse
from runehall.systems.rune.encounters.run_actions import RunAction
from runehall.systems.rune.encounters.run_aura import aura
from runehall.systems.rune.encounters.run_gifts import spent_in_run
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.settlement import settle


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def accounts(state: RunState) -> dict[str, Purse]:
    """Each player's VP accounts before the encounter's gains, from his hero's sheet (the total as the setup gave
    it), with what he spent in the run's fights (gifts bought, curds eaten: run_gifts.py) spent."""
    found = {}
    in_fights = spent_in_run(state)
    for hero, seat in zip(state.setup.heroes, state.tally.seats, strict=True):
        spent = min(_whole(hero.sheet.get("vp_spent")) + in_fights.get(hero.name, 0), seat.total_vp)
        found[seat.player] = Purse(
            vp_total=seat.total_vp, vp_spent=spent, vp_deficit=_whole(hero.sheet.get("vp_deficit"))
        )
    return found


class SettleAction(RunAction):
    name: ClassVar[str] = "settle"
    title: ClassVar[str] = N_("Settle the victory points")
    summary: ClassVar[str] = "The encounter ends: every player's score, in the book's order, credited to his accounts."
    Params: ClassVar[type[RulesModel]] = NoParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        if state.fight is not None:
            raise RulesError(N_("a fight is under way: it ends before the encounter is settled"))
        history = [frozenset(state.setup.history)] if state.setup.history else []
        tally, auras = aura(state)  # Aura of Phlegmatic Acceptance's VP, due at the encounter's end (run_aura.py)
        done = settle(tally, accounts(state), history, options)
        scores: dict[str, Any] = {}
        for player, s in done.scores.items():
            scores[player] = {
                "runner": s.is_runner,
                "score": s.score,
                "credited": s.credited,
                "paid_to_deficit": s.paid_to_deficit,
                "deficit_added": s.deficit_added,
                "standing": s.standing,
                "lines": [
                    {"rule": line.rule, "values": dict(line.values), "vp": line.vp, "counted": line.counted}
                    for line in s.lines
                ],
                "accounts": done.accounts[player].model_dump(),
            }
        result: dict[str, Any] = {"scores": scores, "slothful": sorted(done.slothful),
                                  "terrain_kinds": sorted(done.terrain_kinds)}  # fmt: skip
        if auras:
            result["gift_vp"] = auras
        return state.model_copy(update={"phase": "settled", "settlement": result, "tally": tally}), result
