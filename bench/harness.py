"""Timing helpers: the best of several repeats, measured with time.perf_counter.

Benchmarks measure; they never assert anything about time. Garbage collection is paused while a repeat
runs (as timeit does) and a full collection runs between repeats.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")
U = TypeVar("U")

REPEATS = 5
BUDGET = 0.25  # seconds of timed work per repeat


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class Timing(Generic[T]):
    best: float  # seconds per call in the best repeat
    first: float  # seconds taken by the very first call
    calls: int  # calls in the best repeat
    result: T  # what the last call returned

    @property
    def per_second(self) -> float:
        return 1.0 / self.best


def per_call(fn: Callable[[], T], reset: Callable[[], None] = _nothing) -> Timing[T]:
    """Seconds per call of `fn`, each call timed on its own; `reset` runs untimed before every call.

    A repeat keeps calling until BUDGET seconds of calls are timed (at least 3 calls); the result is the
    mean of the best repeat out of REPEATS.
    """
    reset()
    start = time.perf_counter()
    result = fn()
    first = time.perf_counter() - start
    best, best_calls = float("inf"), 0
    for _ in range(REPEATS):
        gc.collect()
        gc.disable()
        try:
            spent, calls = 0.0, 0
            while spent < BUDGET or calls < 3:
                reset()
                start = time.perf_counter()
                result = fn()
                spent += time.perf_counter() - start
                calls += 1
        finally:
            gc.enable()
        if spent / calls < best:
            best, best_calls = spent / calls, calls
    return Timing(best, first, best_calls, result)


def _one_repeat(fn: Callable[[], T], reset: Callable[[], None]) -> tuple[float, int, T]:
    gc.collect()
    gc.disable()
    try:
        spent, calls = 0.0, 0
        while True:
            reset()
            start = time.perf_counter()
            result = fn()
            spent += time.perf_counter() - start
            calls += 1
            if spent >= BUDGET and calls >= 3:
                return spent / calls, calls, result
    finally:
        gc.enable()


def per_call_pair(
    ours: Callable[[], T], theirs: Callable[[], U], reset_theirs: Callable[[], None] = _nothing
) -> tuple[Timing[T], Timing[U]]:
    """per_call for two functions with their repeats interleaved (ours, theirs, ours, theirs...), so a
    change in the machine's speed during the run touches both sides alike."""
    first_ours = _first(ours, _nothing)
    first_theirs = _first(theirs, reset_theirs)
    best_a: tuple[float, int, T] = (float("inf"), 0, first_ours[1])
    best_b: tuple[float, int, U] = (float("inf"), 0, first_theirs[1])
    for _ in range(REPEATS):
        a = _one_repeat(ours, _nothing)
        b = _one_repeat(theirs, reset_theirs)
        best_a = min(best_a, a, key=lambda x: x[0])
        best_b = min(best_b, b, key=lambda x: x[0])
    return (
        Timing(best_a[0], first_ours[0], best_a[1], best_a[2]),
        Timing(best_b[0], first_theirs[0], best_b[1], best_b[2]),
    )


def _first(fn: Callable[[], T], reset: Callable[[], None]) -> tuple[float, T]:
    reset()
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def batched(fn: Callable[[], T]) -> Timing[T]:
    """Seconds per call of `fn` in a tight loop (for calls too fast to time one by one)."""
    start = time.perf_counter()
    result = fn()
    first = time.perf_counter() - start
    n = 1
    while True:  # calibrate: the smallest power of two whose loop takes at least BUDGET
        start = time.perf_counter()
        for _ in range(n):
            fn()
        if time.perf_counter() - start >= BUDGET:
            break
        n *= 2
    best = float("inf")
    for _ in range(REPEATS):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            for _ in range(n):
                result = fn()
            best = min(best, (time.perf_counter() - start) / n)
        finally:
            gc.enable()
    return Timing(best, first, n, result)


def seconds(s: float) -> str:
    """A duration with a readable unit."""
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.0f} µs"
