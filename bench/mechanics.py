"""System mechanics' exact odds against the same question written in icepool (goal: at least 10x faster).

Both sides apply the same rule to each hand (Ragnarök's K_max and R = D - L - P - K), so the race is
between the ways of finding the probability of every hand.
"""

from __future__ import annotations

from typing import Any

import icepool

from odds import OddsRow, compare
from runehall.chance.dist import Dist
from runehall.systems import registry
from runehall.systems.ragnarok.resolution import matching_runes, resolve_test

RAGNAROK = registry.get("ragnarok")
SKILL_TEST = RAGNAROK.mechanic("test")
# A full bag of 24 (8 per trait), Destino 5, Spiritual Void rune, Physical test at Hard 4, skill 1.
QUESTION = {
    "bag": "8F,8M,8E",
    "destiny": 5,
    "void_trait": "E",
    "required_trait": "F",
    "difficulty": 4,
    "skill_level": 1,
}


def _runehall() -> Dist[Any]:
    # Validated afresh each call (no memo), as a request with new parameters would be.
    odds = SKILL_TEST.odds(SKILL_TEST.Params.model_validate(QUESTION), RAGNAROK.options())
    return odds.outcomes.map(tuple)


def _outcome(hand: tuple[str, ...]) -> tuple[Any, ...]:
    counts = (hand.count("F"), hand.count("M"), hand.count("E"))
    k = matching_runes(counts, "E", "F", True, True)
    return tuple(resolve_test(4, 1, 0, k))


def _icepool() -> icepool.Die[Any]:
    return icepool.Deck({"F": 8, "M": 8, "E": 8}).deal(5).expand().map(_outcome)


def ragnarok_skill_test() -> OddsRow:
    return compare(
        "Ragnarök skill test: 5 of 24 runes, every tier and R",
        "mechanic",
        "ragnarok test --bag 8F,8M,8E --destiny 5 --void-trait E --required-trait F --difficulty 4 --skill-level 1",
        _runehall,
        "Deck({F: 8, M: 8, E: 8}).deal(5).expand().map(same rule)",
        _icepool,
    )


MIDGARD = registry.get("midgard")
MIDGARD_CAST = MIDGARD.mechanic("cast")
# God rune 5 + 2 Wyrð = 7 d8, skill 2, Difficult (4), one wound Merkstave, spare tokens to margin.
CAST_QUESTION = {"rune": 5, "wyrd": 2, "skill": 2, "difficulty": 4, "wound_merkstave": 1}


def _midgard_runehall() -> Dist[Any]:
    params = MIDGARD_CAST.Params.model_validate(CAST_QUESTION)
    return MIDGARD_CAST.odds(params, MIDGARD.options()).outcomes.map(tuple)


def _midgard_outcome(categories: tuple[int, ...]) -> tuple[Any, ...]:
    from runehall.systems.midgard.cast import Stones, resolve

    counts = tuple(categories.count(i) for i in range(6))
    o = resolve(counts, Stones(skill=2, merkstave=1), 4, "margin")
    return (o.success, o.margin, o.future, o.merkstave, o.next_attack, None, None)


def _midgard_icepool() -> icepool.Die[Any]:
    from runehall.systems.midgard.cast import FACE_CATEGORY

    category = icepool.d8.map(lambda face: FACE_CATEGORY[face - 1])
    return category.pool(7).expand().map(_midgard_outcome)


def midgard_cast() -> OddsRow:
    return compare(
        "Midgard cast: 7d8, skill 2, D 4, every outcome",
        "mechanic",
        "midgard cast --rune 5 --wyrd 2 --skill 2 --difficulty 4 --wound-merkstave 1",
        _midgard_runehall,
        "d8.map(category).pool(7).expand().map(same rule)",
        _midgard_icepool,
    )


# Rune: icepool cannot give the unbounded stress roll exactly, so both answer the same truncated question:
# explosions cut after 10 dice (icepool's explode(depth=9) is Runehall's StressDie(depth=10), face for face).
# Runehall's own `rune roll` / `rune attack` odds go further: exact closed forms with exact tails.
RUNE_CUT = 10


def _rune_stress_runehall() -> Dist[Any]:
    from runehall.chance.dice import StressDie

    return StressDie(depth=RUNE_CUT).dist().map(lambda r: r + 5 - 12)


def _icepool_stress() -> icepool.Die[Any]:
    e = icepool.d10.explode(depth=RUNE_CUT - 1)
    return icepool.d10.map(lambda f: 10 + e if f == 10 else (-e if f == 1 else f))  # type: ignore[no-any-return]


def _damage(tm: int) -> int:
    return -1 if tm < 0 else max(0, tm + 8 - 3)  # DAM 8, Soak 3; -1 marks a miss


def _rune_attack_runehall() -> Dist[Any]:
    from runehall.chance.dice import StressDie

    attack = StressDie(depth=RUNE_CUT).dist()
    defence = StressDie(depth=RUNE_CUT).dist().map(lambda r: -r)
    return attack.add(defence).map(lambda d: _damage(d + 7 - 4))  # ATK 7 against DFN 4


def rune_stress() -> OddsRow:
    return compare(
        "Rune stress roll: margin of +5 against 12 (cut after 10 dice)",
        "mechanic",
        "StressDie(depth=10).dist().map(margin)",
        _rune_stress_runehall,
        "d10.map(10 + E, -E or face), E = d10.explode(depth=9)",
        lambda: _icepool_stress().map(lambda r: r + 5 - 12),
    )


def rune_attack() -> OddsRow:
    return compare(
        "Rune attack: damage of ATK 7 vs DFN 4, DAM 8, Soak 3 (cut after 10 dice)",
        "mechanic",
        "attack.add(-defence).map(damage)",
        _rune_attack_runehall,
        "(stress - stress).map(damage)",
        lambda: (_icepool_stress() - _icepool_stress()).map(lambda d: _damage(d + 7 - 4)),
    )
