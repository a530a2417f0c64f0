"""The risk estimate as the runner reads it while designing: each figure with its 95% margin, how many fights
were simulated with which seed, and what the estimate leaves out. Always "estimate", never odds: these are
measured over simulated fights, not computed exactly.
"""

from __future__ import annotations

from fractions import Fraction

from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.risk import Estimate, Risk

MARGIN = Fraction(196, 100)  # a 95% margin: 1.96 standard errors


def _margin(e: Estimate) -> Fraction:
    return Fraction(round(float(MARGIN) * e.error * 10_000), 10_000)


def _share(e: Estimate, words: Words) -> tuple[str, str]:
    return words.percent(e.mean), words.percent(_margin(e))


def _vp(e: Estimate, words: Words) -> tuple[str, str]:
    return words.number(Fraction(round(e.mean * 10), 10)), words.number(Fraction(round(_margin(e) * 10), 10))


def said(risk: Risk, words: Words) -> list[str]:
    """The estimate in sentences, one a line."""
    lines = [
        words(
            N_("Estimate from {runs} simulated fights (seed {seed}); each figure with its 95% margin"),
            runs=words.number(risk.runs),
            seed=risk.seed,
        )
    ]
    for hero in risk.heroes:
        downed, downed_margin = _share(hero.downed, words)
        dies, dies_margin = _share(hero.dies, words)
        vp, vp_margin = _vp(hero.vp, words)
        lines.append(
            words(
                N_(
                    "{hero}: downed in {downed} of the fights (± {downed_margin}), dies in {dies} "
                    "(± {dies_margin}); his player's VP {vp} (± {vp_margin})"
                ),
                hero=hero.name,
                downed=downed,
                downed_margin=downed_margin,
                dies=dies,
                dies_margin=dies_margin,
                vp=vp,
                vp_margin=vp_margin,
            )
        )
    vp, margin = _vp(risk.runner_vp, words)
    lines.append(words(N_("The runner's VP: {vp} (± {margin})"), vp=vp, margin=margin))
    falls, margin = _share(risk.party_falls, words)
    lines.append(
        words(N_("No hero is left standing in {falls} of the fights (± {margin})"), falls=falls, margin=margin)
    )
    if risk.unfinished:
        lines.append(
            words(
                N_("{count} of the fights were still going after {rounds} rounds and were stopped there"),
                count=words.number(risk.unfinished),
                rounds=words.number(int(risk.rounds_cap)),
            )
        )
    lines += [words(N_("Not in the estimate: {item}"), item=words(item)) for item in risk.left_out]
    return lines
