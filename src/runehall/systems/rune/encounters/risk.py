"""How dangerous a designed fight is: a seeded simulation (an estimate, with its error) of how often each hero is
downed or dies, and of the victory points each player and the runner can expect (spec 001b §6, §8).

The fight is played `runs` times by the model in risk_fight.py (melee only, no map). Every figure is an
`Estimate`: its exact mean over the runs (a Fraction) and the standard error of that mean, so the same inputs
and seed give the same figures, and more runs give a smaller error.

VP follow 001b §6 as far as a fight alone decides them: damage dealt (capped at the foe's HP left), the death
blow, damage taken, a pillager's score never below 0 and 0 when his hero dies, Valhalla's Gaping Maw by
provisional standing; the runner's 30 for running it, almost down (not paid for a hero who dies), and the
deduction per dead hero. `LEFT_OUT` lists what the estimate leaves out, said to the reader with the figures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import situation_modifier
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.settings import melee, recovery
from runehall.systems.rune.encounters.risk_fight import Fight
from runehall.systems.rune.encounters.risk_model import Fighter, FoeLike, HeroLike, fighter, foe_combatants
from runehall.systems.rune.encounters.risk_model import hero_combatants as _heroes
from runehall.systems.rune.encounters.risk_table import DEAD, Rules, Table
from runehall.systems.rune.encounters.scoring_data import scoring
from runehall.systems.rune.foes import Tally
from runehall.systems.rune.options import RuneOptions

Z95 = Fraction(196, 100)  # the normal quantile of a two-sided 95% interval
LEFT_OUT = (
    N_("the map: everyone reaches whom he attacks, with no moving, terrain, cover, charges or high ground"),
    N_("missiles: every foe and hero fights in melee"),
    N_("Gifts, manoeuvres, berserk, holds, severed arms, the Fog of War and waiting to cut in"),
    N_("the runner's own hero and the proxy's share: every hero is counted as a pillager's"),
    N_("rolls in the notes (successes and the runner's chortle), terrain awards, the trifecta and loot"),
)


@dataclass(frozen=True)
class Estimate:
    """A figure measured over runs: the sum of one value per run and the sum of its squares."""

    total: int
    squares: int
    runs: int

    @property
    def mean(self) -> Fraction:
        return Fraction(self.total, self.runs)

    @property
    def error(self) -> float:
        """The standard error of the mean (the sample's spread over the square root of the runs)."""
        if self.runs < 2:
            return math.inf
        spread = Fraction(self.squares * self.runs - self.total**2, self.runs**2 * (self.runs - 1))
        return math.sqrt(max(Fraction(0), spread))

    def interval(self) -> tuple[float, float]:
        """A 95% interval for the true value: the mean +- 1.96 standard errors."""
        half = float(Z95) * self.error
        return float(self.mean) - half, float(self.mean) + half


def measured(values: np.ndarray[Any, Any]) -> Estimate:
    v = values.astype(np.int64)
    return Estimate(int(v.sum()), int((v * v).sum()), int(v.size))


@dataclass(frozen=True)
class HeroRisk:
    name: str
    downed: Estimate  # out of the fight at some point (incapacitated, dying or dead)
    dies: Estimate
    vp: Estimate  # his player's encounter score


@dataclass(frozen=True)
class Risk:
    heroes: tuple[HeroRisk, ...]
    runner_vp: Estimate
    party_falls: Estimate  # no hero left able to fight when the fight ends
    rounds: Estimate
    unfinished: int  # runs still going after the last round played
    runs: int
    seed: int
    rounds_cap: int  # the most rounds a simulated fight is played
    left_out: tuple[str, ...] = LEFT_OUT


def rules_of(options: RuneOptions, finish_downed: bool, max_rounds: int) -> Rules:
    revive = int(recovery()["revive"]["difficulty"])
    if options.revive_applies_situation_mods:
        revive += situation_modifier("during_combat")
    return Rules(
        down_dfn=options.incapacitated_dfn,
        static_dfn=options.static_dfn_variant,
        riposte_depth=options.riposte_max_depth,
        revive_difficulty=revive,
        revive_sets_hp_to_4=options.revive_sets_hp_to_4,
        most_attackers=int(melee()["gang_up"]["max_attackers_human_sized"]),
        finish_downed=finish_downed,
        max_rounds=max_rounds,
    )


def table_of(fighters: Sequence[Fighter]) -> Table:
    divisor = scoring().pillager.death_blow_divisor

    def col(name: str) -> np.ndarray[Any, Any]:
        return np.array([getattr(f, name) for f in fighters], dtype=np.int64)

    return Table(
        hero=np.array([f.hero for f in fighters], dtype=bool),
        init=col("init"),
        atk=col("atk"),
        dfn=col("dfn"),
        dam=col("dam"),
        soak=col("soak"),
        wt=col("wt"),
        hp=col("hp"),
        wounds=col("wounds"),
        impairment_other=col("impairment_other"),
        invigoration=col("invigoration"),
        gifts=col("gifts"),
        death_blow=np.array([f.might // divisor for f in fighters], dtype=np.int64),
        healer=np.array([f.healer or 0 for f in fighters], dtype=np.int64),
        has_healer=np.array([f.healer is not None for f in fighters], dtype=bool),
        revive_extra=col("revive_extra"),
    )


def fighters_of(
    heroes: Sequence[HeroLike],
    foes: Sequence[FoeLike],
    options: RuneOptions,
    total_vp: Sequence[int] = (),
    tally: Tally | None = None,
) -> list[Fighter]:
    """Heroes first, then foes, as the model plays them."""
    people: list[Combatant] = _heroes(heroes, options)
    vp = list(total_vp) + [0] * (len(people) - len(total_vp))
    out = [replace(fighter(c, v), hero=True) for c, v in zip(people, vp, strict=True)]
    out += [
        replace(fighter(c), hero=False, might=strength) for c, strength in foe_combatants(foes, people, options, tally)
    ]
    return out


def estimate(
    heroes: Sequence[HeroLike],
    foes: Sequence[FoeLike],
    runs: int = 10_000,
    seed: int = 0,
    options: RuneOptions | None = None,
    total_vp: Sequence[int] = (),
    tally: Tally | None = None,
    finish_downed: bool = False,
    max_rounds: int = 60,
) -> Risk:
    """Play the fight `runs` times (NumPy, generator seeded with `seed`) and measure the danger and the VP.

    `total_vp`: each hero's total VP before the encounter (the runner's almost-down award adds a tenth);
    `tally`: the Roll of Valor foes of the notes are built from (default: the heroes'); `finish_downed`: foes
    keep hitting a fallen target until he is dead (001c §11.5 read literally) instead of turning to a hero
    still standing, and the fight goes on while a hero lies alive."""
    opts = options or RuneOptions()
    people = fighters_of(heroes, foes, opts, total_vp, tally)
    return play(people, runs, seed, rules_of(opts, finish_downed, max_rounds), opts)


def play(people: Sequence[Fighter], runs: int, seed: int, rules: Rules, options: RuneOptions) -> Risk:
    table = table_of(people)
    fight = Fight(table, rules, runs, np.random.default_rng(seed))
    fight.play()
    h = table.heroes
    dead = fight.health[:, :h] == DEAD
    scores = pillager_scores(fight, dead, options)
    book = scoring().runner
    bonus = np.array([book.almost_down + f.total_vp // book.almost_down_total_divisor for f in people[:h]])
    runner = book.thanks + ((fight.almost & ~dead) * bonus).sum(axis=1) - book.dead_hero * dead.sum(axis=1)
    return Risk(
        heroes=tuple(
            HeroRisk(people[i].name, measured(fight.downed[:, i]), measured(dead[:, i]), measured(scores[:, i]))
            for i in range(h)
        ),
        runner_vp=measured(runner),
        party_falls=measured(~(fight.health[:, :h] == 0).any(axis=1)),
        rounds=measured(fight.rounds),
        unfinished=int((~fight.over).sum()),
        runs=runs,
        seed=seed,
        rounds_cap=rules.max_rounds,
    )


def pillager_scores(fight: Fight, dead: np.ndarray[Any, Any], options: RuneOptions) -> np.ndarray[Any, Any]:
    """Each player's encounter score in each run (001b §6.6, no proxy): his hero's net, 0 if the hero died, less
    Valhalla's Gaping Maw for every other dead hero by his provisional standing, never below 0."""
    book = scoring()
    p = book.pillager
    raw = p.damage_vp_per_hp * fight.dealt + fight.blows - p.damage_taken_per_hp * fight.taken
    provisional = np.where(dead, 0, raw)
    standing = 1 + (provisional[:, None, :] > provisional[:, :, None]).sum(axis=2)  # competition ranking
    most = len(book.valhalla)
    per_death = np.array([book.valhalla_vp(s, options.valhalla_low_rank_penalty) for s in range(1, most + 2)])
    maw = per_death[np.minimum(standing, most + 1) - 1] * (dead.sum(axis=1)[:, None] - dead)
    return np.where(dead, 0, np.maximum(0, raw - maw))
