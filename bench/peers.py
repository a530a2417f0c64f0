"""What the peers need to be measured fairly: emptying icepool's caches, reading exact answers.

icepool keeps results between calls: the standard dice icepool.d(n) (functools.cache), every pool it
has built (Pool.clear_cache), a table of binomial rows, and in each module-level evaluator (sum,
largest_straight, ...) the intermediate states of every pool it evaluated. All of them can be emptied;
clear_icepool_caches does it before each timed "fresh" call.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import icepool
import icepool.function
import icepool.math
from icepool.evaluator.multiset_evaluator_base import MultisetEvaluatorBase

from runehall.chance.dist import Dist

Exact = dict[Hashable, Fraction]


def _evaluators() -> list[MultisetEvaluatorBase[Any, Any]]:
    found: dict[int, MultisetEvaluatorBase[Any, Any]] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("icepool") and module is not None:
            for value in vars(module).values():
                if isinstance(value, MultisetEvaluatorBase):
                    found[id(value)] = value
    return list(found.values())


def clear_icepool_caches() -> None:
    """Empty every cache icepool keeps between calls, so the next call computes from scratch."""
    icepool.Pool.clear_cache()
    icepool.function.d.cache_clear()
    icepool.function.z.cache_clear()
    icepool.math.comb_row_cache.clear()
    for evaluator in _evaluators():
        vars(evaluator).pop("_cache", None)


def exact_runehall(dist: Dist[Any]) -> Exact:
    return dict(dist.items())


def exact_icepool(die: icepool.Die[Any]) -> Exact:
    total = die.denominator()
    return {outcome: Fraction(quantity, total) for outcome, quantity in die.items()}
