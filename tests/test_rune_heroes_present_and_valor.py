"""Two readings of the encounter rules at the table (spec 001b §8.2 and §8.7), each a switch with the spec's
default: notes designed for another number of heroes than those present (001b A-46: only the foes' Mix is
checked again, the encounter points are not; or the whole notes again), and which weapon a hero's Roll of
Valor entry takes INIT, ATK, DFN and DAM from (001b A-48: his best weapon's whole profile; or each column's
best from any weapon)."""

from __future__ import annotations

import copy
from itertools import product
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.systems.rune import foes
from runehall.systems.rune.combat.tracker import CombatSetup, start
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.validate import price_encounter
from runehall.systems.rune.options import RuneOptions
from test_rune_combat import RAGNAR_SHEET, fighter

BUDGET_B1 = "the encounter spends {spent} encounter points and earns only {earned}: it must earn what it spends"


# -- 001b A-46: the heroes at the table are not the notes' number -----------------------------------------
def for_five() -> dict[str, Any]:
    """The fixture's notes designed for five heroes: two Superior Dark Vikings and an Equal one (2 + 2 + 1.3 =
    5.3, which rounds to 5); the door earns 10 encounter points, nothing spends."""
    designed = notes()
    designed["heroes"] = 5
    third = {"id": "v3", "name": "Dark Viking 3", "type": "dark_viking", "threat": "equal"}
    designed["events"][0]["combat"]["foes"].append(third)
    return designed


def repicked_for_four(**first: Any) -> dict[str, Any]:
    """The runner's re-pick for the four heroes present: the Equal Viking gone (Mix 4)."""
    picked = for_five()
    picked["events"][0]["combat"]["foes"] = picked["events"][0]["combat"]["foes"][:2]
    picked["events"][0]["combat"]["foes"][0].update(first)
    return picked


def run(option: str) -> PlayLog:
    return PlayLog.start("rune", "encounter", {"heroes_present_checks": option}, setup())


def state(log: PlayLog) -> RunState:
    found = log.state()
    assert isinstance(found, RunState)
    return found


def refused(log: PlayLog, action: str, params: dict[str, Any]) -> list[str]:
    """The templates of a refusal; the log does not change."""
    before = len(log.to_json()["events"])
    with pytest.raises(RulesError) as caught:
        log.apply(action, params, ManualSource([]))
    assert len(log.to_json()["events"]) == before
    return [p.template for p in caught.value.parts]


def test_by_default_only_the_mix_is_checked_again_for_the_heroes_present() -> None:  # 001b A-46, §8.2
    log = run("mix_only")
    log.apply("notes", {"encounter": for_five()}, ManualSource([]))  # legal for the five it was designed for
    owed = refused(log, "begin", {})  # the runner re-picks the foes before the encounter begins
    assert owed[0].startswith("the notes are for {designed} heroes") and len(owed) == 2
    too_many = for_five()
    too_many["events"][0]["combat"]["foes"][2]["threat"] = "superior"  # 6: still no Mix for four
    assert any("Mix" in t for t in refused(log, "notes", {"encounter": too_many}))
    # A Self-Willed Viking spends 25 encounter points the notes do not earn: not checked again.
    picked = repicked_for_four(self_willed=True)
    fresh = price_encounter(Encounter.model_validate(picked), None, RuneOptions(), heroes=5)
    assert BUDGET_B1 in [r.template for r in fresh.errors]  # as new notes it would be refused
    log.apply("notes", {"encounter": picked}, ManualSource([]))
    kept = state(log).notes
    assert kept is not None and kept.heroes == 5 and len(kept.events[0].combat.foes) == 2  # type: ignore[union-attr]
    log.apply("begin", {}, ManualSource([]))
    assert state(log).phase == "running"


def test_a_change_beyond_the_foes_is_checked_in_full() -> None:  # 001b A-46: only the foes are re-picked
    log = run("mix_only")
    log.apply("notes", {"encounter": for_five()}, ManualSource([]))
    other = repicked_for_four(self_willed=True)
    other["events"][0]["rolls"][0]["difficulty"] = 6  # not a re-pick of the foes: new notes, checked as such
    assert BUDGET_B1 in refused(log, "notes", {"encounter": other})


def test_with_whole_notes_everything_is_checked_for_the_heroes_present() -> None:  # 001b A-46, the option
    log = run("whole_notes")
    assert any("Mix" in t for t in refused(log, "notes", {"encounter": for_five()}))
    picked = repicked_for_four(self_willed=True)
    assert refused(log, "notes", {"encounter": picked}) == [BUDGET_B1]
    log.apply("notes", {"encounter": repicked_for_four()}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    assert state(log).phase == "running"


def test_the_report_warns_of_what_the_heroes_present_call_for() -> None:  # 001b A-46
    designed = Encounter.model_validate(for_five())
    default = price_encounter(designed, None, RuneOptions(), heroes=4)
    assert default.legal and default.warnings[0].values == {"designed": 5, "present": 4}
    whole = price_encounter(designed, None, RuneOptions(heroes_present_checks="whole_notes"), heroes=4)
    assert not whole.legal and not whole.warnings
    same = price_encounter(designed, None, RuneOptions(), heroes=5)
    assert same.legal and not same.warnings


# -- 001b A-48: the best weapon ------------------------------------------------------------------------------
SWORD = {"weapon": "sword", "init": 5, "atk": 9, "dfn": 5, "dam": 6}  # sums to 25
MAUL = {"weapon": "war_maul", "init": 4, "atk": 5, "dfn": 4, "dam": 14}  # sums to 27: the best profile
COLUMNS = ("init", "atk", "dfn", "dam")


def astrid() -> Any:
    spec = fighter("Astrid", (0, 0), side="heroes", weapons=[SWORD, MAUL])
    other = fighter("Ulf", (5, 0))
    return start(CombatSetup.model_validate({"combatants": [spec, other]}), None).combatants[0]


def brute(weapons: list[dict[str, int | None]], reading: str) -> tuple[int, ...]:
    """The four numbers found by trying every choice: one weapon for all four columns (the one whose sum
    beats or, on a tie, out-ranks every other), or a weapon per column (the largest value of each)."""
    if reading == "best_each_column":
        return tuple(max(int(v) for w in weapons if (v := w[c]) is not None) for c in COLUMNS)
    whole = [[int(v) for v in w.values() if v is not None] for w in weapons if None not in w.values()]
    return tuple(max((sum(w), *w) for w in whole)[1:])


def test_the_roll_of_valor_takes_the_best_weapons_whole_profile() -> None:  # 001b §8.7, A-48
    hero = astrid()
    melee = [{c: getattr(w, c) for c in COLUMNS} for w in hero.weapons if w.kind in ("melee", "brawling")]
    best = foes.hero_tally(hero)
    assert best[:4] == brute(melee, "best_profile") == (4, 5, 4, 14)  # the maul's four, its DAM with its ATK
    each = foes.hero_tally(hero, RuneOptions(roll_of_valor_weapon="best_each_column"))
    assert each[:4] == brute(melee, "best_each_column") == (5, 9, 5, 14)  # the sword's ATK, the maul's DAM
    assert best[4:] == each[4:]  # Soak, HP and Res are the hero's whatever he holds


@pytest.mark.parametrize(("init", "atk"), list(product(range(3, 7), range(3, 12, 2))))
def test_the_best_profile_against_brute_force(init: int, atk: int) -> None:  # 001b A-48
    third = {"weapon": "spear", "init": init, "atk": atk, "dfn": 3, "dam": 9}
    spec = fighter("Astrid", (0, 0), side="heroes", weapons=[SWORD, MAUL, third])
    hero = start(CombatSetup.model_validate({"combatants": [spec, fighter("Ulf", (5, 0))]}), None).combatants[0]
    melee = [{c: getattr(w, c) for c in COLUMNS} for w in hero.weapons if w.kind in ("melee", "brawling")]
    for reading in ("best_profile", "best_each_column"):
        assert foes.hero_tally(hero, RuneOptions(roll_of_valor_weapon=reading))[:4] == brute(melee, reading)


def test_a_tie_goes_to_the_higher_init_then_atk() -> None:  # 001b A-48: the book's Ragnar
    sheet = {"name": "Ragnar", **copy.deepcopy(RAGNAR_SHEET)}
    # Viking Axe 9/9/9/12 and War Maul 9/8/10/12 both add up to 39: the axe's higher ATK decides.
    assert foes.hero_tally(sheet) == (9, 9, 9, 12, 6, 77, 5)
    assert foes.hero_tally(sheet, RuneOptions(roll_of_valor_weapon="best_each_column")) == (9, 9, 10, 12, 6, 77, 5)


def test_the_encounter_begins_with_the_tables_reading() -> None:  # 001b A-48 in a run
    entries = {}
    for reading in ("best_profile", "best_each_column"):
        log = PlayLog.start("rune", "encounter", {"roll_of_valor_weapon": reading}, setup())
        log.apply("notes", {"encounter": notes()}, ManualSource([]))
        entries[reading] = log.apply("begin", {}, ManualSource([]))["result"]["heroes"]["Ragnar"]
    assert entries["best_profile"][:4] == [9, 9, 9, 12] and entries["best_each_column"][:4] == [9, 9, 10, 12]
