"""How dangerous the fights of the notes are for the heroes at the table, shown to the runner beside his design so
he can tune an encounter to be hard but fair (issue 14, beyond the book): each hero's chance to be downed or to
die and the VP each player and the runner can expect, estimated over simulated fights (risk.py), each figure
with its 95% margin. It is an estimate, never called odds; what it leaves out is said.

The preview is drawn again on every change, so an estimate is kept for the same fight and heroes, and a fight
is simulated RUNS times: enough for a margin of about two points on a chance.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from runehall.errors import RunehallError
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.design import Encounter, FoeSpec
from runehall.systems.rune.encounters.risk import Risk, estimate
from runehall.systems.rune.encounters.risk_words import _share, _vp
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.options import RuneOptions

RUNS = 2_000
SEED = 0  # the same design shows the same figures


@lru_cache(maxsize=64)
def _estimated(heroes: str, foes: str, totals: tuple[int, ...], options: RuneOptions) -> Risk:
    sheets = json.loads(heroes)
    fighting = [FoeSpec.model_validate(f) for f in json.loads(foes)]
    return estimate(sheets, fighting, runs=RUNS, seed=SEED, options=options, total_vp=totals)


def risk_sections(state: RunState, notes: Encounter, options: RuneOptions, words: Words) -> list[SheetSection]:
    """One section a fight of the notes: the estimate for the heroes of this run."""
    heroes = json.dumps([{"name": h.name, **h.sheet} for h in state.setup.heroes], sort_keys=True)
    totals = tuple(s.total_vp for s in state.tally.seats)
    found = []
    for number, event in enumerate(notes.events, 1):
        if event.combat is None:
            continue
        foes = json.dumps([f.model_dump(mode="json") for f in event.combat.foes], sort_keys=True)
        try:
            risk = _estimated(heroes, foes, totals, options)
        except RunehallError:  # a fight the model cannot build (a foe type it does not know yet): no estimate
            continue
        found.append(_section(risk, number, words))
    return found


def _section(risk: Risk, number: int, words: Words) -> SheetSection:
    rows = []
    for hero in risk.heroes:
        downed, downed_margin = _share(hero.downed, words)
        dies, dies_margin = _share(hero.dies, words)
        said = words(
            N_("downed {downed} (± {downed_margin}), dies {dies} (± {dies_margin})"),
            downed=downed,
            downed_margin=downed_margin,
            dies=dies,
            dies_margin=dies_margin,
        )
        rows.append(SheetRow(hero.name, said, emphasis="warning" if hero.dies.mean >= 0.25 else ""))
    vp, margin = _vp(risk.runner_vp, words)
    rows.append(SheetRow(words(N_("The runner's VP")), words(N_("{vp} (± {margin})"), vp=vp, margin=margin)))
    falls, margin = _share(risk.party_falls, words)
    rows.append(SheetRow(words(N_("No hero left standing")), words(N_("{vp} (± {margin})"), vp=falls, margin=margin)))
    gloss = words(
        N_("an estimate from {runs} simulated fights; left out: the map, missiles, Gifts and the notes' rolls"),
        runs=words.number(risk.runs),
    )
    title = words(N_("Danger of the fight of event {number}"), number=words.number(number))
    return SheetSection(title, tuple(rows), gloss=gloss)


def with_risk(sections: Any, state: RunState, notes: Encounter, options: Any, words: Words) -> tuple[Any, ...]:
    """The preview's sections with the danger of each fight after them."""
    chosen = options if isinstance(options, RuneOptions) else RuneOptions()
    return (*sections, *risk_sections(state, notes, chosen, words))
