"""The Blue Cloak of Treachery (001c §8.12; the book: no VP lost for damaging other heroes, and the penalties for
other heroes' deaths 25X lower): X from the hero's sheet onto his seat of the encounter's tally; his blows on other
heroes cost him nothing; Valhalla's Gaping Maw costs him 25X less a death (never below 0), said on a line of his
score in English and Spanish. Each number is compared with the same tally without the cloak."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rune_encounter_fixtures import setup
from runehall.present.words import words_for
from runehall.systems.rune.encounters.run_state import RunSetup
from runehall.systems.rune.encounters.settlement import settle
from runehall.systems.rune.encounters.tally import Seat, Tally
from runehall.systems.rune.encounters.tracker import EncounterTracker
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.legendary_vp import CLOAK, CLOAK_DEATH_PER_LEVEL, cloak_levels
from test_rune_legendary import legendary
from test_rune_settlement import SEATS, purses

EN, ES = words_for("en", "rune"), words_for("es", "rune")
SPARED = "Blue Cloak of Treachery: VP spared of Valhalla's Gaping Maw"


def _cloaked(levels: int) -> Tally:
    seats = tuple(replace(s, cloak=levels) if s.hero == "hA" else s for s in SEATS)
    return Tally(runner="R", proxy="B", seats=seats)


def test_the_sheets_levels_go_onto_his_seat_at_the_start() -> None:
    given = setup()
    given["heroes"][1]["sheet"]["magic_items"] = [{"item": legendary(CLOAK), "levels": 2}]
    state = EncounterTracker().start(RunSetup.model_validate(given), RuneOptions())
    assert [s.cloak for s in state.tally.seats] == [0, 2, 0, 0]
    assert cloak_levels(given["heroes"][1]["sheet"]) == 2 and cloak_levels(given["heroes"][0]["sheet"]) == 0


@pytest.mark.parametrize("levels", [1, 3])
def test_his_blows_on_other_heroes_cost_him_no_vp(levels: int) -> None:
    plain = _cloaked(0).pvp("hA", "hB", 12)
    cloaked = _cloaked(levels).pvp("hA", "hB", 12)
    (was,), (now,) = plain.of("pvp_damage"), cloaked.of("pvp_damage")
    assert was.amount < 0 and now.amount == 0 and now.meta["cloaked"]
    assert plain.of("damage_taken") == cloaked.of("damage_taken")  # the victim still loses it
    back = _cloaked(levels).pvp("hB", "hA", 7)  # the victim, without a cloak, still pays
    assert back.of("pvp_damage")[0].amount == was.amount * 7 // 12


@pytest.mark.parametrize("levels", [1, 2, 5])
def test_each_other_heros_death_costs_him_25x_less(levels: int) -> None:
    def scored(t: Tally) -> Tally:
        return t.damage("hA", "g", 30, 40).hero_died("hC", "foe").hero_died("hD", "foe")

    plain, cloaked = settle(scored(_cloaked(0)), purses()), settle(scored(_cloaked(levels)), purses())
    per = plain.scores["A"].valhalla // 2
    assert per > 0 and plain.scores["A"].standing == cloaked.scores["A"].standing
    assert cloaked.scores["A"].valhalla == 2 * max(0, per - CLOAK_DEATH_PER_LEVEL * levels)
    assert cloaked.scores["B"].valhalla == plain.scores["B"].valhalla  # only the cloak's wearer
    line = next(x for x in cloaked.scores["A"].lines if x.rule == SPARED)
    assert line.vp == plain.scores["A"].valhalla - cloaked.scores["A"].valhalla
    assert not any(x.rule == SPARED for x in plain.scores["A"].lines)
    assert ES.knows(SPARED) and ES(SPARED) != SPARED and EN(SPARED) == SPARED


def test_a_seat_without_the_cloak_is_as_before() -> None:
    assert Seat("A", "hA", "Asa").cloak == 0
