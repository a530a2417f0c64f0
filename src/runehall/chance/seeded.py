"""The seeded deterministic source: reproducible rolls for tests, simulation and `--seed`.

This is the only module allowed to use the stdlib `random` module (ruff enforces it): Mersenne Twister
is fast and reproducible but predictable, so it never decides a real roll at a table.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from runehall.chance.sources import SourceKind, WordSource


class SeededSource(WordSource):
    kind: ClassVar[SourceKind] = "seeded"

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def _word(self) -> int:
        return self._rng.getrandbits(32)

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "seed": self.seed}
