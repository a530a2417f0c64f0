"""Exact integer polynomials packed into one Python int (Kronecker substitution).

A distribution over integers with integer weights is a polynomial sum(w_k * x^k). Packing the
coefficients into the digits of one big integer (base 2**bits) turns polynomial products into a single
big-int multiplication, which CPython does in C. This is why sums of many dice are cheap.

Coefficients must be non-negative and each below 2**bits; callers pass a bound on the largest
coefficient of the result (for probability weights, the product of the totals is always enough).
"""

from __future__ import annotations

from collections.abc import Mapping
from math import comb

IntWeights = dict[int, int]


def _byte_width(bound: int) -> int:
    return bound.bit_length() // 8 + 1


def pack(weights: Mapping[int, int], offset: int, width: int) -> int:
    """Pack {exponent: coefficient} (exponents >= offset) into an int with `width` bytes per digit."""
    if not weights:
        return 0
    span = max(weights) - offset + 1
    buf = bytearray(span * width)
    for k, w in weights.items():
        start = (k - offset) * width
        buf[start : start + width] = w.to_bytes(width, "little")
    return int.from_bytes(buf, "little")


def unpack(packed: int, offset: int, width: int) -> IntWeights:
    """Inverse of pack: the non-zero coefficients of a packed polynomial."""
    raw = packed.to_bytes((packed.bit_length() + 7) // 8 or 1, "little")
    out: IntWeights = {}
    from_bytes = int.from_bytes
    for i in range(0, len(raw), width):
        w = from_bytes(raw[i : i + width], "little")
        if w:
            out[offset + i // width] = w
    return out


def multiply(a: Mapping[int, int], b: Mapping[int, int]) -> IntWeights:
    """Product of two weight polynomials: the distribution of the sum of independent outcomes."""
    if not a or not b:
        return {}
    if len(a) == 1 or len(b) == 1:
        return {ka + kb: wa * wb for ka, wa in a.items() for kb, wb in b.items()}
    width = _byte_width(sum(a.values()) * sum(b.values()))
    oa, ob = min(a), min(b)
    return unpack(pack(a, oa, width) * pack(b, ob, width), oa + ob, width)


def power(a: Mapping[int, int], n: int) -> IntWeights:
    """a ** n: the distribution of the sum of n independent copies."""
    if n == 0:
        return {0: 1}
    if len(a) == 1:
        ((k, w),) = a.items()
        return {k * n: w**n}
    width = _byte_width(sum(a.values()) ** n)
    oa = min(a)
    return unpack(pack(a, oa, width) ** n, oa * n, width)


def keep_highest_sum(die: Mapping[int, int], n: int, keep: int) -> IntWeights:
    """Distribution of the sum of the `keep` highest of n independent dice with weights `die`.

    Outcomes are visited from the highest down. A state is (m, polynomial of kept sums) where m dice
    already show a higher outcome; all m are kept while m < keep. Choosing c of the remaining dice to show
    the current outcome multiplies by C(n - m, c) * w**c. As soon as `keep` dice are placed, the sum is
    final and the other dice only need to show something lower, which is one factor: below**rest.
    """
    if keep >= n:
        return power(die, n)
    if keep <= 0:
        return {0: sum(die.values()) ** n}
    total = sum(die.values())
    low = min(die)
    width = _byte_width(total**n)
    bits = width * 8
    states: dict[int, int] = {0: 1}
    final = 0
    below = total
    for v in sorted(die, reverse=True):
        w = die[v]
        below -= w
        step = bits * (v - low)
        below_pow = [below**r for r in range(n + 1)]
        next_states: dict[int, int] = {}
        for m, poly in states.items():
            rest = n - m
            wc = 1
            for c in range(rest + 1):
                m2 = m + c
                term = poly * (comb(rest, c) * wc)
                if m2 >= keep:
                    final += (term << (step * (keep - m))) * below_pow[n - m2]
                else:
                    shifted = term << (step * c)
                    next_states[m2] = next_states.get(m2, 0) + shifted
                wc *= w
        states = next_states
    return unpack(final, low * keep, width)
