"""A roll taken back right after it was made (spec 001b §2.5: Destiny Reversed, Indefatigable Determination).

Nothing stored is ever edited. Every fight move runs through a `Marked` source, which notes where each stress
roll lies on the move's tape; when a hero who holds one of these gifts rolled in the move, the state keeps the
move as `Latest`: its name, parameters, the state before it, its tape and whose roll each stress roll was. The
next move clears it (the gifts work "right after" the roll). Using the gift is a new event that supersedes the
latest move: the move is made again from the state before it, on the same dice except what the gift changes (one
stress roll rolled anew, its new faces on the new event's own tape; or the hero's Impairment ignored), and its
new result replaces the old one in the fight's state. The superseded event stays in the log as it was."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from runehall.chance.sources import Draw, Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.gifted import DESTINY, GALE, INDEFATIGABLE
from runehall.systems.rune.combat.state import CombatState, Latest, RollSpan

SUPERSEDING = (DESTINY, INDEFATIGABLE)
RIGHT_AFTER = (*SUPERSEDING, GALE)  # gifts used right after a roll of their holder's (Buffeting Gale: gift_uses.py)


class Marked(Source):
    """The move's own source, its draws on the same tape, with each stress roll's place on it noted."""

    def __init__(self, inner: Source) -> None:
        super().__init__()
        self.inner = inner
        self.tape = inner.tape
        self.kind = inner.kind  # type: ignore[misc]
        self.spans: list[tuple[int, int]] = []
        self._open: int | None = None

    def _below(self, n: int) -> int:  # pragma: no cover - die() and choose() are the inner source's
        raise NotImplementedError

    def die(self, faces: int) -> int:
        return self.inner.die(faces)

    def choose(self, labels: Sequence[str], what: str = "bag", aliases: Sequence[Sequence[str]] = ()) -> int:
        return self.inner.choose(labels, what, aliases)

    def describe(self) -> dict[str, Any]:
        return self.inner.describe()

    def finish(self) -> None:
        self.inner.finish()

    def mark_roll(self, starting: bool) -> None:
        if starting:
            self._open = len(self.tape)
        elif self._open is not None:
            self.spans.append((self._open, len(self.tape)))
            self._open = None
        inner = getattr(self.inner, "mark_roll", None)
        if inner is not None:  # a move made again inside another (Splice)
            inner(starting)


class Splice(Marked):
    """The latest move's tape once more, one stress roll (by its place among them) drawn from `fresh` instead."""

    def __init__(self, old: Sequence[Draw], old_spans: Sequence[tuple[int, int]], k: int | None, fresh: Source):
        super().__init__(fresh)
        self.tape = []  # the spliced move's whole tape (the fresh draws alone go on the new event's)
        self.old, self.old_spans, self.k, self.fresh = list(old), list(old_spans), k, fresh
        self.at, self.count, self.drawing, self.diverged = 0, 0, False, False

    def _take(self, n: int) -> Draw | None:
        """The stored draw due, while the move goes the way it went; None once it goes another way (a miss that
        is now a hit needs a damage roll the move never made): from then on every die is new."""
        if self.diverged or self.at >= len(self.old) or self.old[self.at].n != n:
            self.diverged = True
            return None
        draw = self.old[self.at]
        self.at += 1
        return draw

    def die(self, faces: int) -> int:
        draw = None if self.drawing else self._take(faces)
        value = self.fresh.die(faces) if draw is None else draw.value
        self.tape.append(Draw(faces, value))
        return value

    def choose(self, labels: Sequence[str], what: str = "bag", aliases: Sequence[Sequence[str]] = ()) -> int:
        draw = self._take(len(labels))
        if draw is None:
            index = self.fresh.choose(labels, what, aliases)
            draw = Draw(len(labels), index + 1, labels[index])
        self.tape.append(draw)
        return draw.value - 1

    def describe(self) -> dict[str, Any]:
        return self.fresh.describe()

    def finish(self) -> None:
        """Stored draws the move no longer needs are left (a hit that is now a miss rolls no damage)."""

    def mark_roll(self, starting: bool) -> None:
        if starting:
            self.drawing = self.count == self.k
            self.count += 1
        elif self.drawing:
            self.drawing = False
            self.at = self.old_spans[self.k or 0][1]  # the old roll's dice are passed over
        super().mark_roll(starting)


def records(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every roll record in a result (a mapping with who and faces), in the order it was written."""
    if isinstance(value, Mapping):
        if isinstance(value.get("who"), str) and isinstance(value.get("faces"), list):
            yield value
        for v in value.values():
            yield from records(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from records(v)


def owners(result: Mapping[str, Any], tape: Sequence[Draw], spans: Sequence[tuple[int, int]]) -> tuple[RollSpan, ...]:
    """Whose each stress roll was: the first roll record not yet matched showing the same faces."""
    found = list(records(result))
    used: set[int] = set()
    out = []
    for index, (start, end) in enumerate(spans):
        faces = [d.value for d in tape[start:end]]
        i = next((i for i, r in enumerate(found) if i not in used and list(r["faces"]) == faces), None)
        if i is None:
            continue
        used.add(i)
        out.append(RollSpan(who=found[i]["who"], what=str(found[i].get("roll", "")), index=index, start=start, end=end))
    return tuple(out)


def remember(name: str, params: Any, before: CombatState, after: CombatState, source: Marked,
             result: Mapping[str, Any]) -> CombatState:  # fmt: skip
    """The state after a move, keeping the move as the latest when a hero who may take it back rolled in it (and
    a Dying Blow left uninvoked by it gone: gift_triggered.py)."""
    from runehall.systems.rune.combat.gift_triggered import moment_passed

    after = moment_passed(before, after)
    spans = owners(result, source.tape, source.spans)
    holders = {c.name for c in after.combatants if c.hero and any(c.gifted.level(g) for g in RIGHT_AFTER)}
    if not any(s.who in holders for s in spans):
        return after if after.latest is None else after.model_copy(update={"latest": None})
    latest = Latest(
        action=name,
        params=params.model_dump(mode="json"),
        before=before.model_copy(update={"latest": None}),
        tape=tuple((d.n, d.value, d.label) for d in source.tape),
        spans=tuple(source.spans),
        rolls=spans,
        result=dict(result),
    )
    return after.model_copy(update={"latest": latest})


def his_rolls(state: CombatState, who: str, gift: Any) -> tuple[Latest, list[RollSpan]]:
    """The latest move and the hero's stress rolls in it; refused when he made none just now."""
    latest = state.latest
    mine = [s for s in latest.rolls if s.who == who] if latest is not None else []
    if latest is None or not mine:
        raise RulesError(N_("{gift} is used right after a roll of {who}'s: he has made none just now"),
                         gift=Refusal(gift.name), who=who)  # fmt: skip
    return latest, mine


def draws(latest: Latest) -> list[Draw]:
    return [Draw(n, v, label) for n, v, label in latest.tape]
