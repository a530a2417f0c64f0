"""A hero's horse in the reader's words (the hero sheet's "Horse" section, the advancement board's): its Trample
attack with its scores, its Soak, Prot, HP, Wound Threshold, Res, Move and Might with the upgrades bought, the
Load it bears and, when the sheet knows the hero's Load, what that Load costs the horse (spec 001c §10.4, A-48)."""

from __future__ import annotations

from fractions import Fraction

from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune.horses import UPGRADE_WORDS, Horse, carrying, horse_rules, profile

ATTACKS = {"trample": N_("Trample")}


def _row(term: str, value: str, words: Words) -> SheetRow:
    said = words(term)
    return SheetRow(term, value, "" if said == term else said)


def upgrades_said(horse: Horse, words: Words) -> str:
    """The upgrades bought, each with how many times ("+10 HP × 2 · +1 Res × 1"), or none."""
    bought = [
        words("{upgrade} × {times}", upgrade=words(UPGRADE_WORDS[u.id]), times=words.number(horse.upgrades[u.id]))
        for u in horse_rules().upgrade
        if horse.upgrades.get(u.id)
    ]
    return " · ".join(bought) or words("none")


def load_said(horse: Horse, load: int, words: Words) -> str:
    """What a Load on the horse costs it: nothing up to 20, 1 Impairment point and 10 Move for each point beyond."""
    impairment, move = carrying(horse, load)
    borne = words("Load {load} of {most}", load=words.number(load), most=words.number(horse_rules().load))
    if not impairment:
        return borne
    return words(
        "{borne}: {points} Impairment, Move {move}",
        borne=borne,
        points=words.number(impairment),
        move=words.number(move),
    )


def horse_rows(horse: Horse, words: Words, rider_load: Fraction | float | None = None) -> list[SheetRow]:
    """The horse's rows; `rider_load` (the hero's Load, which the horse bears while he rides) adds what it costs."""
    p = profile(horse)
    scores = [(N_("INIT"), p.init), (N_("ATK"), p.atk), (N_("DFN"), p.dfn), (N_("DAM"), p.dam)]
    attack = " · ".join(f"{words(term)} {words.number(n)}" for term, n in scores)
    rows = [
        _row(ATTACKS.get(p.attack, N_("Trample")), attack, words),
        _row(N_("Soak"), words.number(p.soak), words),
        _row(N_("Prot"), words.number(p.prot), words),
        _row(N_("Hit points"), words.number(p.hp), words),
        _row(N_("Wound Threshold"), words.number(p.wt), words),
        _row(N_("Res"), words.number(p.res), words),
        _row(
            N_("Move"),
            words("{full} paces, half move {half}", full=words.number(p.move), half=words.number(p.move // 2)),
            words,
        ),
        _row(N_("Might"), words.number(p.might), words),
        _row(
            N_("Load it bears"),
            words(
                "{load}; each point beyond: 1 Impairment point and {move} Move less",
                load=words.number(horse_rules().load),
                move=words.number(horse_rules().over_load_move),
            ),
            words,
        ),
        _row(N_("Upgrades bought"), upgrades_said(horse, words), words),
    ]
    if rider_load is not None:
        rows.append(_row(N_("Carrying the hero's Load"), load_said(horse, int(rider_load), words), words))
    return rows
