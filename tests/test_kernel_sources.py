"""Randomness sources: unbiased mapping, reproducible seeds, fair streams, validated manual results."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import pytest
from scipy.stats import chi2

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import FairSource, ManualSource, SecureSource, SourceKind, WordSource, commitment
from runehall.errors import ManualResultError, ParameterError

# Per-die significance for the uniformity test. Small enough that a fair source essentially never fails
# (7 dice: about 7 in a million runs), large enough that real bias is caught, as the control test shows.
ALPHA = 1e-6
SAMPLES_PER_FACE = 2_000


class CountingWords(WordSource):
    """Every 32-bit word exactly once, in order: lets us count the mapping's output exactly."""

    kind: ClassVar[SourceKind] = "seeded"

    def __init__(self, words: range) -> None:
        super().__init__()
        self.words = iter(words)

    def _word(self) -> int:
        return next(self.words)


@pytest.mark.parametrize("n", [3, 6, 7, 10, 100, 1000])
def test_rejection_sampling_has_no_modulo_bias(n: int) -> None:
    # Feed the words of a full residue window: 2**32 is too many, so check the limit arithmetic on the
    # top window, where modulo bias would live, and on the bottom window.
    limit = 2**32 - 2**32 % n
    src = CountingWords(range(limit - 10 * n, 2**32))
    counts = Counter(src._below(n) for _ in range(10 * n))
    assert counts == Counter({face: 10 for face in range(n)})
    with pytest.raises(StopIteration):
        src._below(n)  # every word at or above the limit was rejected


def _chi_square_p(counts: Counter[int], faces: int, total: int) -> float:
    expected = total / faces
    statistic = sum((counts.get(f, 0) - expected) ** 2 / expected for f in range(1, faces + 1))
    return float(chi2.sf(statistic, faces - 1))


@pytest.mark.parametrize("faces", [4, 6, 8, 10, 12, 20, 100])
def test_secure_source_is_uniform(faces: int) -> None:
    src = SecureSource()
    total = faces * SAMPLES_PER_FACE
    counts = Counter(src.die(faces) for _ in range(total))
    assert set(counts) == set(range(1, faces + 1))
    assert _chi_square_p(counts, faces, total) > ALPHA


def test_the_uniformity_test_catches_modulo_bias() -> None:
    # Control: a d100 from one byte with plain modulo (the bug rejection sampling avoids) must fail.
    src = SeededSource(1)
    total = 100 * SAMPLES_PER_FACE
    counts = Counter(src._word() % 256 % 100 + 1 for _ in range(total))
    assert _chi_square_p(counts, 100, total) < ALPHA


def test_seeded_source_reproduces() -> None:
    a = [SeededSource(42).die(20) for _ in range(1)]
    one, two = SeededSource(42), SeededSource(42)
    assert [one.die(20) for _ in range(50)] == [two.die(20) for _ in range(50)]
    assert a[0] == SeededSource(42).die(20)
    assert SeededSource(42).describe() == {"kind": "seeded", "seed": 42}


def test_fair_source_is_deterministic_and_depends_on_every_input() -> None:
    seed = bytes(range(32))

    def faces(s: bytes, client: str, nonce: int) -> list[int]:
        src = FairSource(s, client, nonce)
        return [src.die(6) for _ in range(40)]

    base = faces(seed, "table", 0)
    assert base == faces(seed, "table", 0)
    assert base != faces(seed, "table", 1)
    assert base != faces(seed, "other", 0)
    assert base != faces(bytes(range(1, 33)), "table", 0)
    assert FairSource(seed, "table", 3).describe()["commitment"] == commitment(seed)


def test_fair_source_refuses_weak_seeds() -> None:
    with pytest.raises(ParameterError):
        FairSource(b"short", "x", 0)


def test_sources_record_every_draw_on_the_tape() -> None:
    src = SeededSource(3)
    src.die(8)
    src.choose(["fehu", "uruz", "thurisaz"])
    assert [(d.n, d.label is None) for d in src.tape] == [(8, True), (3, False)]


def test_manual_source_validates_faces() -> None:
    assert ManualSource([3, "5"]).die(6) == 3
    with pytest.raises(ManualResultError, match="a d8 cannot show 9"):
        ManualSource([9]).die(8)
    with pytest.raises(ManualResultError, match="not a number"):
        ManualSource(["x"]).die(8)
    with pytest.raises(ManualResultError, match="needs more manual results"):
        ManualSource([]).die(6)


def test_manual_source_validates_items_and_leftovers() -> None:
    src = ManualSource(["URUZ", "ansuz"])
    assert src.choose(["fehu", "uruz"], "bag") == 1
    with pytest.raises(ManualResultError, match="'ansuz' is not in the bag"):
        src.choose(["fehu"], "bag")
    leftover = ManualSource([1, 2])
    leftover.die(6)
    with pytest.raises(ManualResultError, match="used only 1"):
        leftover.finish()


def test_range_limits() -> None:
    with pytest.raises(ParameterError):
        SeededSource(1).die(0)
    with pytest.raises(ParameterError):
        SeededSource(1).die(2**32 + 1)


def test_a_forked_child_never_reuses_its_parents_random_words() -> None:
    import json
    import os

    SecureSource().die(6)  # the parent's pool now holds unused words
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: report its next words, then leave at once
        src = SecureSource()
        os.write(write, json.dumps([src._word() for _ in range(8)]).encode())
        os._exit(0)
    os.close(write)
    child = json.loads(os.read(read, 4096).decode())
    os.waitpid(pid, 0)
    parent = [SecureSource()._word() for _ in range(8)]
    assert child != parent
