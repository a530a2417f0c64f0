"""Divine Gifts outside a fight (spec 001b §2.2, §2.5): the Divine Awareness reading as a mechanic with exact odds
(checked against a brute-force walk of the stress die), and what each reading learns of a hero (001b TV-01)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rune_encounter_fixtures import notes, setup
from runehall.chance.sources import ManualSource
from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.present import words_for
from runehall.present.check import program_values
from runehall.systems import registry
from runehall.systems.rune.awareness_mechanic import READINGS, reading_of
from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.hazards import ongoing_raw
from runehall.systems.rune.encounters.run_rolls import bonus, find_roll
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.run_traps import body
from runehall.systems.rune.encounters.trap_cards import odds
from runehall.systems.rune.encounters.trap_gifts import (
    LAKE,
    OWL,
    PLUMED,
    SCORN,
    SERPENT,
    SIGH,
    SKADI,
    Guarded,
    escalation_round,
    guard,
    guarded,
    hp_lost,
    presence,
    roll_terms,
    shorter_fall,
)  # fmt: skip
from runehall.systems.rune.gifts.divine import awareness
from runehall.systems.rune.stress import at_least

SYSTEM = registry.get("rune")
MECHANIC = SYSTEM.mechanic("divine_awareness")
TENTH = Fraction(1, 10)
DIFF = 5  # the vault's trap roll
DAM = 3  # its darts' Dam rating


def brute_at_least(k: int) -> Fraction:
    """P(one stress roll >= k), by walking the die's faces: a 10 adds 10 and rolls on; a first 1 subtracts an
    open-ended value (whose 10s add and roll on). Exact: a chain is followed only while its outcome is open."""

    def open_at_least(k: int) -> Fraction:  # P(open-ended value >= k)
        if k <= 1:
            return Fraction(1)
        return sum((TENTH for f in range(1, 10) if f >= k), Fraction(0)) + TENTH * open_at_least(k - 10)

    def open_at_most(k: int) -> Fraction:  # P(open-ended value <= k)
        if k < 1:
            return Fraction(0)
        return sum((TENTH for f in range(1, 10) if f <= k), Fraction(0)) + TENTH * open_at_most(k - 10)

    ordinary = sum((TENTH for f in range(2, 10) if f >= k), Fraction(0))
    return ordinary + TENTH * open_at_least(k - 10) + TENTH * open_at_most(-k)


def test_readings_by_threshold() -> None:
    assert [reading_of(t) for t in (5, 6, 7, 8, 9, 10, 30)] == [
        "nothing", "sum", "sum", "primary", "primary", "every", "every"
    ]  # fmt: skip


@pytest.mark.parametrize("bonus", [-4, 0, 3, 6, 9, 12])
@pytest.mark.parametrize("impairment", [0, 2])
def test_each_reading_has_its_exact_odds(bonus: int, impairment: int) -> None:
    params = MECHANIC.parse_params({"bonus": bonus, "impairment": impairment})
    odds = MECHANIC.odds(params, SYSTEM.options())
    views = dict(odds.views["reading"].items())
    assert sum(views.values()) == 1 and set(views) <= set(READINGS)
    b = bonus - impairment
    at = {t: brute_at_least(t - b) for t in (6, 8, 10)}
    assert views.get("every", 0) == at[10]
    assert views.get("primary", 0) == at[8] - at[10]
    assert views.get("sum", 0) == at[6] - at[8]
    assert views.get("nothing", 0) == 1 - at[6]
    heads = [h.probability for h in MECHANIC.headline(odds, words_for("en", "rune"))]
    assert heads == [at[6], at[8], at[10]]


def test_a_rolled_reading_and_its_card() -> None:
    params = MECHANIC.parse_params({"bonus": 3})
    rolled = MECHANIC.roll("rune", params, SYSTEM.options(), ManualSource([5]), "p").to_json()
    assert rolled["outcome"]["reading"] == "primary" and rolled["outcome"]["total"] == 8
    for lang in ("en", "es"):
        card = MECHANIC.describe(rolled, words_for(lang, "rune"), "Astrid")
        assert card.action.startswith("Astrid") and card.total == "8"
        assert program_values(card.result) == []
    assert "primary gods" in MECHANIC.describe(rolled, words_for("en", "rune"), "Astrid").result
    assert "dioses principales" in MECHANIC.describe(rolled, words_for("es", "rune"), "Astrid").result


def test_a_bonus_out_of_range_is_refused() -> None:
    with pytest.raises((ParameterError, ValueError)):
        MECHANIC.parse_params({"bonus": 99})


def test_what_each_reading_learns_001b_tv_01() -> None:
    levels = {"curds_of_utgardaloki": 1, "destiny_reversed": 1, "implacably_braced": 1, "imprecation_of_doom": 2,
              "like_the_leaping_stag": 2, "from_lofty_asgards_peaks": 1, "vigilance_of_heimdal": 1}  # fmt: skip
    for total, reading in ((5, "nothing"), (7, "sum"), (9, "primary"), (11, "every")):
        r = awareness(levels, total)
        assert reading_of(total) == reading
        assert (r.rating_sum is not None) == (reading != "nothing")
        assert (r.primary is not None) == (reading in ("primary", "every"))
        assert (r.gods is not None) == (reading == "every")
    every = awareness(levels, 10)
    assert every.rating_sum == 9 and every.primary == {"Odin", "Thor", "Ull", "Heimdal"}
    assert every.gods == {"Odin", "Thor", "Ull", "Heimdal", "Urd"}


# -- traps and hazards (001b §2.5: the Owl, Scorn, Skadi's Cloak, the Cooling Sigh, the Serpent's Tears, ...) ----
def _vault(deliberate: bool | None = True, **damage: Any) -> dict[str, Any]:
    hurt = {"dam": DAM, "armour_ignoring": True} | damage
    rolls = [{"id": "spot_darts", "name": "Spot the dart holes", "purpose": "trap", "ability": "awareness",
              "difficulty": DIFF}]  # fmt: skip
    trap: dict[str, Any] = {"damage": hurt, "targeting": {"most": 1}}
    if deliberate is not None:
        trap["deliberate"] = deliberate
    element = {"id": "darts", "name": "Poisoned darts", "kind": "trap", "roll": "spot_darts", "trap": trap}
    base = notes(difficulty=7)  # and a fight after the vault, as notes must have
    base["events"].insert(0, {"id": "vault", "rolls": rolls, "elements": [element]})
    return base


def _run(gifts: dict[str, int], **vault: Any) -> PlayLog:
    given = setup()
    given["heroes"][0]["sheet"]["gifts"] = gifts  # Ragnar
    log = PlayLog.start("rune", "encounter", {}, given)
    log.apply("notes", {"encounter": _vault(**vault)}, ManualSource([]))
    log.apply("begin", {}, ManualSource([]))
    return log


def _state(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def _sheet(log: PlayLog) -> dict[str, Any]:
    return dict(_state(log).setup.heroes[0].sheet)


def test_the_owl_adds_3x_to_awareness_against_a_deliberate_trap_and_its_odds_move() -> None:
    plain, owl = _run({}), _run({OWL: 2})
    roll = find_roll(_state(plain), "spot_darts")
    base = bonus("Ragnar", _sheet(plain), roll, plain.option_values())
    element = _state(owl).notes.events[0].elements[0]  # type: ignore[union-attr]
    assert odds(_state(plain), element, "Ragnar", plain.option_values())[0] == at_least(DIFF - base)
    assert odds(_state(owl), element, "Ragnar", owl.option_values())[0] == at_least(DIFF - base - 6)
    r = owl.apply("spring_trap", {"trap": "darts", "victims": ["Ragnar"]}, ManualSource([5]))["result"]
    assert r["roll"]["totals"]["Ragnar"] == 5 + base + 6
    natural = _run({OWL: 2}, deliberate=False)
    r = natural.apply("spring_trap", {"trap": "darts", "victims": ["Ragnar"]}, ManualSource([5]))["result"]
    assert r["roll"]["totals"]["Ragnar"] == 5 + base  # set by nobody: the Owl hears nothing


def _brute_hurt(target: int, hp: Callable[[int, bool], int], q: Fraction) -> Fraction:
    """P(HP lost) by every failing roll result one by one (200 below the target: certainly hurt beyond)."""
    found = Fraction(0)
    for k in range(target - 200, target):
        p = at_least(k) - at_least(k + 1)
        found += p * (q * (hp(target - k, True) > 0) + (1 - q) * (hp(target - k, False) > 0))
    return found + (1 - at_least(target - 200))


@pytest.mark.parametrize(("faces", "made"), [([1, 3, 9], True), ([1, 3, 2], False)])
def test_scorn_the_bite_of_treachery_soaks_3x_more_and_rolls_for_armour(faces: list[int], made: bool) -> None:
    log = _run({SCORN: 1})
    c = body(_state(log), "Ragnar", log.option_values())
    pre = presence(_sheet(log), "Ragnar", log.option_values())
    base = bonus("Ragnar", _sheet(log), find_roll(_state(log), "spot_darts"), log.option_values())
    r = log.apply("spring_trap", {"trap": "darts", "victims": ["Ragnar"]}, ManualSource(faces))["result"]
    failed = DIFF - (-3 + base)  # a botch
    assert (faces[2] + pre + 1 >= 6) == made
    soak = (c.soak if made else max(0, c.soak - c.armor_prot)) + 3
    assert r["harm"]["Ragnar"]["hp_lost"] == max(0, DAM + failed - soak) and r["faces"] == [[1, 3], [faces[2]]]

    def hp(failure: int, armour: bool) -> int:
        return max(0, DAM + failure - 3 - (c.soak if armour else max(0, c.soak - c.armor_prot)))

    fresh = _run({SCORN: 1})
    element = _state(fresh).notes.events[0].elements[0]  # type: ignore[union-attr]
    hurt = odds(_state(fresh), element, "Ragnar", fresh.option_values())[1]
    assert hurt == _brute_hurt(DIFF - base, hp, at_least(6 - pre - 1))
    plain = _run({})
    assert odds(_state(plain), element, "Ragnar", plain.option_values())[1] != hurt  # the button's odds moved


def test_skadis_cloak_guards_against_what_nobody_set_and_scorn_does_not() -> None:
    element = Element.model_validate(_vault(deliberate=False)["events"][0]["elements"][0])
    assert guard({SCORN: 2}, element) is None and guard({SKADI: 2}, element) == SKADI
    g = guarded({SKADI: 2}, element, soak=8, prot=5, presence=0, failed_by=2)
    assert g == Guarded(soak=3 + 6, less=0, armour_roll=2, armour_counts=False)
    assert guarded({SKADI: 2}, element, 8, 5, 0, 2, armour_made=True).soak == 8 + 6


def test_the_norths_cooling_sigh_and_the_serpents_tears() -> None:
    hot = Element.model_validate(_vault(heat=True)["events"][0]["elements"][0])
    g = guarded({SIGH: 2}, hot, soak=8, prot=5, presence=0, failed_by=4)
    assert g.less == 6 and g.armour_counts and g.soak == 8 and hp_lost(20, g) == 6  # Prot counts against fire
    venom = Element.model_validate(_vault(poison=True, armour_ignoring=False)["events"][0]["elements"][0])
    assert [guarded({SERPENT: 3}, venom, 8, 5, 0, f).less for f in (1, 3, 4)] == [3, 3, 0]
    sta = RollSpec(id="resist", name="Resist the venom", characteristic="sta", difficulty=8)
    assert roll_terms({SERPENT: 3}, sta, venom) == [("Resist the Serpent's Tears", 3)]
    assert roll_terms({SERPENT: 3}, sta, hot) == []


def test_plumed_up_by_njordsbreath_shortens_a_fall_by_rows() -> None:
    assert shorter_fall(35, {}) == 35 and shorter_fall(35, {PLUMED: 1}) == 26  # 31-40 feet read as 26-30
    assert shorter_fall(35, {PLUMED: 4}) == 10 and shorter_fall(35, {PLUMED: 5}) is None  # below the chart


def test_survive_the_lake_of_flame_001b_tv_05() -> None:
    without = [ongoing_raw(4, 0, r, escalating=True) for r in range(1, 6)]
    assert without == [4, 6, 8, 10, 12]
    steps = [escalation_round(r, {LAKE: 3}) for r in range(1, 7)]
    assert [ongoing_raw(4, 0, s, escalating=True) for s in steps] == [4, 4, 4, 4, 6, 8]
    assert [escalation_round(r, {}) for r in range(1, 4)] == [1, 2, 3]
