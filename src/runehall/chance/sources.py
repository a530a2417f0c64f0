"""Where randomness comes from. Every roll, draw and cast in Runehall goes through a Source.

A source answers two questions: "which face does this n-sided die show?" and "which of these items is
drawn?". It records each answer on its tape as a Draw(n, value), so a roll can be stored with every face
and a fair roll can be re-derived later. The random sources share one mapping from 32-bit words to
[0, n): rejection sampling, which has no modulo bias.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import threading
import unicodedata
from abc import ABC, abstractmethod
from array import array
from collections.abc import Sequence
from typing import Any, ClassVar, Literal, NamedTuple

from runehall.errors import N_, ManualResultError, ParameterError

SourceKind = Literal["secure", "fair", "seeded", "manual"]
WORD = 1 << 32
MAX_RANGE = WORD


class Draw(NamedTuple):
    """One answer of a source: value in 1..n (a die face, or the 1-based index of the item drawn)."""

    n: int
    value: int
    label: str | None = None


def _check_range(n: int) -> None:
    if not 1 <= n <= MAX_RANGE:
        raise ParameterError(
            N_("a random choice needs between 1 and {MAX_RANGE} possibilities, not {n}"), MAX_RANGE=MAX_RANGE, n=n
        )


class Source(ABC):
    kind: ClassVar[SourceKind]

    def __init__(self) -> None:
        self.tape: list[Draw] = []

    @abstractmethod
    def _below(self, n: int) -> int:
        """A uniform integer in [0, n)."""

    def die(self, faces: int) -> int:
        """The face (1..faces) of one fair die."""
        if not 1 <= faces <= MAX_RANGE:
            _check_range(faces)
        value = self._below(faces) + 1
        self.tape.append(Draw(faces, value))
        return value

    def choose(self, labels: Sequence[str], what: str = "bag", aliases: Sequence[Sequence[str]] = ()) -> int:
        """Index of the item drawn uniformly from `labels` (the items still in the bag, deck or pile).

        `aliases[i]` are other names a person may type for item i (used only by the manual source)."""
        _check_range(len(labels))
        index = self._below(len(labels))
        self.tape.append(Draw(len(labels), index + 1, labels[index]))
        return index

    def describe(self) -> dict[str, Any]:
        """What a stored result says about where its randomness came from."""
        return {"kind": self.kind}

    def finish(self) -> None:  # noqa: B027 - a hook: only the manual source has something to check
        """Called when a roll is complete; a manual source checks nothing was left over."""


class WordSource(Source):
    """A source driven by uniform 32-bit words, mapped to [0, n) by rejection sampling."""

    @abstractmethod
    def _word(self) -> int:
        """A uniform integer in [0, 2**32)."""

    def die(self, faces: int) -> int:
        # The same as Source.die with _below inlined: this is the innermost loop of every roll.
        if not 2 <= faces <= MAX_RANGE:
            if faces == 1:
                self.tape.append(Draw(1, 1))
                return 1
            _check_range(faces)
        limit = WORD - WORD % faces
        word = self._word()
        while word >= limit:
            word = self._word()
        value = word % faces + 1
        self.tape.append(Draw(faces, value))
        return value

    def _below(self, n: int) -> int:
        if n == 1:
            return 0
        limit = WORD - WORD % n  # the largest multiple of n that fits: words at or above it are rejected
        while True:
            w = self._word()
            if w < limit:
                return w % n


class _WordPool(threading.local):
    """Random words from the OS, read 4 KiB at a time and shared by the secure sources of one thread.

    Each word is used once. A forked child starts with an empty pool, so it never repeats its parent's.
    """

    BATCH = 1024

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.words = array("I")
        self.pos = 0

    def refill(self) -> None:
        words = array("I")
        words.frombytes(os.urandom(4 * self.BATCH))
        self.words = words
        self.pos = 0


_POOL = _WordPool()
os.register_at_fork(after_in_child=_POOL.reset)


class SecureSource(WordSource):
    """The operating system's CSPRNG. The default for every real roll."""

    kind: ClassVar[SourceKind] = "secure"

    def _word(self) -> int:
        pool = _POOL
        if pool.pos >= len(pool.words):
            pool.refill()
        word = pool.words[pool.pos]
        pool.pos += 1
        return int(word) & 0xFFFFFFFF


class FairSource(WordSource):
    """Provably fair words: HMAC-SHA256(server_seed, "client_seed:nonce:block"), 8 words per block.

    The table publishes SHA-256(server_seed) before play; once the seed is revealed anyone can recompute
    every word of every roll and check the stored faces (see docs/fairness.md).
    """

    kind: ClassVar[SourceKind] = "fair"

    def __init__(self, server_seed: bytes, client_seed: str, nonce: int, stream: str | None = None) -> None:
        super().__init__()
        if len(server_seed) < 16:
            raise ParameterError(N_("a fair server seed must have at least 16 bytes"))
        if nonce < 0:
            raise ParameterError(N_("a fair nonce cannot be negative"))
        self._key = server_seed
        self.client_seed = client_seed
        self.nonce = nonce
        self.stream = stream  # at a table: which audience's stream (runehall.fairness.streams)
        self._block = 0
        self._words: list[int] = []

    def _word(self) -> int:
        if not self._words:
            message = f"{self.client_seed}:{self.nonce}:{self._block}".encode()
            digest = hmac.new(self._key, message, hashlib.sha256).digest()
            self._words = [int.from_bytes(digest[i : i + 4], "big") for i in range(28, -1, -4)]
            self._block += 1
        return self._words.pop()

    def describe(self) -> dict[str, Any]:
        described: dict[str, Any] = {
            "kind": self.kind,
            "commitment": commitment(self._key),
            "client_seed": self.client_seed,
            "nonce": self.nonce,
        }
        if self.stream is not None:
            described["stream"] = self.stream
        return described


def commitment(server_seed: bytes) -> str:
    """What a table publishes before play: the SHA-256 of its secret server seed, in hex."""
    return hashlib.sha256(server_seed).hexdigest()


def _fold(text: str) -> str:
    """Case and accents ignored: a person typing "Týr" means the rune labelled "tyr"."""
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))


class ManualSource(Source):
    """Results a person rolled or drew physically, given in order and validated as they are used."""

    kind: ClassVar[SourceKind] = "manual"

    def __init__(self, results: Sequence[int | str]) -> None:
        super().__init__()
        self._results = list(results)
        self._next = 0

    def _take(self, wanted: str) -> int | str:
        if self._next >= len(self._results):
            raise ManualResultError(
                N_("this roll needs more manual results: {n_results} given, another {wanted} is needed"),
                n_results=len(self._results),
                wanted=wanted,
            )
        value = self._results[self._next]
        self._next += 1
        return value

    def _below(self, n: int) -> int:  # pragma: no cover - die() and choose() are overridden
        raise NotImplementedError

    def die(self, faces: int) -> int:
        _check_range(faces)
        raw = self._take(f"d{faces} face")
        try:
            value = int(raw)
        except ValueError:
            raise ManualResultError(
                N_("manual result {raw!r} is not a number; a d{faces} face is needed"), raw=raw, faces=faces
            ) from None
        if not 1 <= value <= faces:
            raise ManualResultError(
                N_("a d{faces} cannot show {value}: faces go from 1 to {faces}"), faces=faces, value=value
            )
        self.tape.append(Draw(faces, value))
        return value

    def choose(self, labels: Sequence[str], what: str = "bag", aliases: Sequence[Sequence[str]] = ()) -> int:
        _check_range(len(labels))
        raw = str(self._take(f"item from the {what}")).strip()
        folded = _fold(raw)
        for index, label in enumerate(labels):
            names = (label, *(aliases[index] if index < len(aliases) else ()))
            if any(_fold(name) == folded for name in names):
                self.tape.append(Draw(len(labels), index + 1, label))
                return index
        raise ManualResultError(N_("{raw!r} is not in the {what} (already drawn, or never in it)"), raw=raw, what=what)

    def finish(self) -> None:
        unused = len(self._results) - self._next
        if unused:
            raise ManualResultError(
                N_("{n_results} manual results were given but the roll used only {next}"),
                n_results=len(self._results),
                next=self._next,
            )


class ReplaySource(Source):
    """Replays a stored tape exactly, refusing a tape that does not fit the draws asked for.

    Folding a stored event log re-applies random actions through this, so state is rebuilt from the draws
    that were made, never from new ones.
    """

    def __init__(self, tape: Sequence[Draw], original: dict[str, Any]) -> None:
        super().__init__()
        self._tape = list(tape)
        self._original = original
        self._next = 0

    @property
    def kind(self) -> SourceKind:  # type: ignore[override]
        return self._original.get("kind", "secure")  # type: ignore[no-any-return]

    def _below(self, n: int) -> int:
        if self._next >= len(self._tape):
            raise ManualResultError(N_("the stored draws ran out while replaying"))
        draw = self._tape[self._next]
        if draw.n != n:
            raise ManualResultError(
                N_("stored draw {value} was 1..{n}, but 1..{n2} is asked for"), value=self._next + 1, n=draw.n, n2=n
            )
        self._next += 1
        return draw.value - 1

    def describe(self) -> dict[str, Any]:
        return dict(self._original)

    def finish(self) -> None:
        if self._next != len(self._tape):
            raise ManualResultError(N_("the stored draws were not all used while replaying"))
