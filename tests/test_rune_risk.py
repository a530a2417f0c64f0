"""The encounter risk estimate (issue: how dangerous a designed fight is): seeded and reproducible, its error
shrinking with the runs, sensible at the extremes, one exchange checked against the exact odds of the Attack
mechanic, the VP it counts checked by hand, and the NumPy model against a plain loop of the same model."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.combat.build import CombatantSpec, build
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.encounters.design import FoeSpec
from runehall.systems.rune.encounters.risk import Estimate, estimate, fighters_of, play, rules_of, table_of
from runehall.systems.rune.encounters.risk_fight import Fight
from runehall.systems.rune.encounters.risk_words import said
from runehall.systems.rune.foes import foe_stats, hero_tally, roll_of_valor
from runehall.systems.rune.options import RuneOptions

OPTIONS = RuneOptions()
SIGMAS = 4  # a simulated figure must lie within this many standard errors of the exact one


def hero(name: str, order: int, **numbers: Any) -> Combatant:
    weapon = {"weapon": "sword", "init": 6, "atk": 8, "dfn": 7, "dam": 6} | numbers.pop("weapon", {})
    stats = {"hp": 45, "wt": 15, "soak": 4, "res": 5} | numbers
    return build(CombatantSpec(name=name, hero=True, weapons=[weapon], **stats), OPTIONS, order)


def foe(name: str, order: int, **numbers: Any) -> Combatant:
    weapon = {"weapon": "claws", "init": 4, "atk": 5, "dfn": 4, "dam": 4} | numbers.pop("weapon", {})
    stats = {"hp": 30, "soak": 2, "res": 3} | numbers
    return build(CombatantSpec(name=name, weapons=[weapon], **stats), OPTIONS, order)


PARTY = [hero(n, i, healer=6 if i == 0 else None) for i, n in enumerate(("Ana", "Bo", "Cy", "Di"))]
GOBLINS = [FoeSpec(id=f"g{i}", name=f"Goblin {i}", type="rock_goblin", threat="inferior") for i in range(6)]


def test_the_same_seed_gives_the_same_figures() -> None:
    first = estimate(PARTY, GOBLINS, runs=500, seed=7)
    assert estimate(PARTY, GOBLINS, runs=500, seed=7) == first
    other = estimate(PARTY, GOBLINS, runs=500, seed=8)
    assert [h.vp.total for h in other.heroes] != [h.vp.total for h in first.heroes]


def test_the_error_shrinks_with_the_runs() -> None:
    few = estimate(PARTY, GOBLINS, runs=500, seed=1)
    many = estimate(PARTY, GOBLINS, runs=4000, seed=1)
    for a, b in zip(few.heroes, many.heroes, strict=True):
        assert b.vp.error < 0.6 * a.vp.error  # about 1 / sqrt(8) as large
        assert b.dies.error < a.dies.error or a.dies.total == 0
    assert many.runner_vp.error < 0.6 * few.runner_vp.error


def test_a_hopeless_fight_is_estimated_deadly() -> None:
    weak = [hero(n, i, hp=20, soak=1, weapon={"atk": 2, "dfn": 2, "dam": 2}) for i, n in enumerate("ABCD")]
    giants = [FoeSpec(id=f"t{i}", name=f"Troll {i}", type="troll", threat="terrifying") for i in range(4)]
    risk = estimate(weak, giants, runs=400, seed=3)
    assert risk.party_falls.mean > Fraction(95, 100)
    assert all(h.downed.mean > Fraction(9, 10) for h in risk.heroes)
    assert all(h.dies.mean > Fraction(1, 2) for h in risk.heroes)
    assert risk.runner_vp.mean < 0  # the dead heroes cost him more than running it earns


def test_a_trivial_fight_is_estimated_safe() -> None:
    rats = [FoeSpec(id="r", name="Rat", type="rock_goblin", threat="pitiful")]
    risk = estimate(PARTY, rats, runs=400, seed=3)
    assert risk.party_falls.total == 0
    assert all(h.downed.mean < Fraction(1, 100) for h in risk.heroes)


def test_one_exchange_against_the_exact_attack_odds() -> None:
    """1 hero against 1 foe, one swing each way in every run: the share that hits and that wounds, within
    SIGMAS standard errors of the Attack mechanic's exact odds."""
    a, d = hero("Ana", 0, weapon={"atk": 9, "dam": 7}), foe("Orc", 1, weapon={"dfn": 6}, soak=3)
    people = fighters_of([a], [d], OPTIONS)
    runs = 40_000
    fight = Fight(table_of(people), rules_of(OPTIONS, False, 1), runs, np.random.default_rng(11))
    rr = np.arange(runs)
    fight.target[:, 0], fight.target[:, 1] = 1, -1  # one attacker: no ganging up
    tm = fight._swing(rr, np.zeros(runs, dtype=np.int64), np.ones(runs, dtype=np.int64))
    lost = 30 - fight.hp[:, 1]
    mechanic = registry.get("rune").mechanic("attack")
    params = mechanic.parse_params(
        {"attack": {"bonus": 9}, "defence": {"bonus": 6}, "dam": 7, "soak": 3, "wound_threshold": d.wt}
    )
    odds = mechanic.odds(params, OPTIONS)
    exact_hit = odds.views["hit"].probability(True)
    exact_wound = odds.outcomes.probability_where(lambda r: r.wounds >= 1)
    for sample, exact in (((tm >= 0), exact_hit), ((lost >= d.wt), exact_wound)):
        measured = Estimate(int(sample.sum()), int(sample.sum()), runs)
        assert abs(float(measured.mean - exact)) < SIGMAS * measured.error, (measured.mean, exact)


def test_the_vp_of_a_certain_win_are_counted_by_hand() -> None:
    """A hero no blow can hurt against one foe: every run he deals the foe's HP and lands the death blow;
    the runner has his 30 and nothing more."""
    tank = hero("Ana", 0, soak=60)
    target = foe("Rat", 1, hp=12, weapon={"dam": -20, "atk": 0})
    risk = estimate([tank], [target], runs=300, seed=2)
    strength = fighters_of([tank], [target], OPTIONS)[1].might
    (ana,) = risk.heroes
    assert ana.vp.mean == 12 + strength // 2 and ana.vp.error == 0
    assert risk.runner_vp.mean == 30 and ana.dies.total == 0


def test_foes_of_the_notes_are_made_with_the_foe_maker() -> None:
    people = fighters_of(PARTY, GOBLINS[:1], OPTIONS)
    made = foe_stats("rock_goblin", "inferior", roll_of_valor([hero_tally(h) for h in PARTY]), heroes=4)
    goblin = people[-1]
    assert (goblin.init, goblin.atk, goblin.dfn, goblin.dam) == (made.init, made.atk, made.dfn, made.dam)
    assert (goblin.soak, goblin.hp, goblin.might, goblin.hero) == (made.soak, made.hp, made.might, False)


def test_the_plain_loop_of_the_same_model_agrees() -> None:
    """bench/risk_loop.py plays the model one run at a time with its own code and random numbers."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import risk_loop

    heroes, foes = PARTY[:2], [foe(f"Orc {i}", 2 + i) for i in range(3)]
    people = fighters_of(heroes, foes, OPTIONS)
    rules = rules_of(OPTIONS, False, 60)
    runs = 3000
    fast = play(people, runs, 5, rules, OPTIONS)
    slow = risk_loop.play(table_of(people), rules, runs, 5)
    for i, h in enumerate(fast.heroes):
        dead = np.array([r.health[i] == 3 for r in slow], dtype=np.int64)
        loop = Estimate(int(dead.sum()), int(dead.sum()), runs)
        both = (h.dies.error**2 + loop.error**2) ** 0.5
        assert abs(float(h.dies.mean - loop.mean)) <= SIGMAS * both + 1e-9


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_runner_reads_an_estimate_with_its_margin(lang: str) -> None:
    risk = estimate(PARTY, GOBLINS, runs=300, seed=4)
    text = "\n".join(said(risk, words_for(lang, "rune")))
    assert ("Estimate" if lang == "en" else "Estimación") in text
    assert "±" in text and "300" in text
    assert "odds" not in text.casefold() and "probabilidad" not in text.casefold()
    assert all(h.name in text for h in risk.heroes)


def test_heroes_given_as_sheets() -> None:
    from test_rune_combat import RAGNAR_SHEET, THURID_SHEET

    risk = estimate([RAGNAR_SHEET, THURID_SHEET], GOBLINS[:2], runs=200, seed=6)
    assert [h.name for h in risk.heroes] == ["Hero 1", "Hero 2"]  # the sheets carry no name
    assert risk.runs == 200 and all(h.vp.runs == 200 for h in risk.heroes)


def test_a_friend_with_the_healer_ability_revives_the_dying() -> None:
    """With Wounds out of reach (WT 40) a fallen hero can only be dying: without a healer every fallen hero
    dies; with a sure healer (bonus 20) some fallen friends live."""
    sturdy = {"wt": 40, "hp": 30}
    ogres = [foe(f"Ogre {i}", 4 + i, weapon={"atk": 9, "dam": 9}) for i in range(4)]
    alone = [hero(n, i, **sturdy) for i, n in enumerate("ABCD")]
    risk = estimate(alone, ogres, runs=600, seed=9)
    assert all(h.dies == h.downed for h in risk.heroes) and risk.heroes[1].downed.total > 0
    tended = [hero("A", 0, healer=20, **sturdy), *alone[1:]]
    helped = estimate(tended, ogres, runs=600, seed=9)
    assert sum(h.dies.total for h in helped.heroes[1:]) < sum(h.downed.total for h in helped.heroes[1:])


def test_foes_who_finish_the_fallen_leave_no_survivor_of_a_lost_fight() -> None:
    weak = [hero(n, i, hp=20, soak=1, weapon={"atk": 2, "dfn": 2, "dam": 2}) for i, n in enumerate("ABCD")]
    trolls = [FoeSpec(id=f"t{i}", name=f"Troll {i}", type="troll", threat="terrifying") for i in range(4)]
    spared = estimate(weak, trolls, runs=300, seed=5)
    finished = estimate(weak, trolls, runs=300, seed=5, finish_downed=True)
    assert all(h.dies.total >= finished.party_falls.total for h in finished.heroes)
    assert sum(h.dies.total for h in finished.heroes) >= sum(h.dies.total for h in spared.heroes)
