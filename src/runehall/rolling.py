"""RollResult: the immutable record of one roll, draw or cast, with every face drawn.

It stores what was asked (system, mechanic, parameters, options), who asked, where the randomness came
from, the source's tape (each Draw: n possibilities and the value drawn), the structured detail and the
outcome. Detail and outcome are immutable values (tuples, named tuples, frozen dataclasses) or, for a
loaded roll, their JSON; to_json() gives the JSON either way. Everything shown about a roll is rendered
from to_json(), never re-rolled.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from runehall.chance.jsonable import jsonable
from runehall.chance.sources import MAX_RANGE, Draw
from runehall.errors import N_, Refusal, VerificationError

FORMAT = "runehall-roll/1"


class RollResult(NamedTuple):
    """Immutable (a named tuple: cheap to build, since a busy table makes many)."""

    system: str
    mechanic: str
    params: dict[str, Any]
    options: dict[str, Any]
    source: dict[str, Any]
    requested_by: str | None
    tape: tuple[Draw, ...]
    detail: Any
    outcome: Any

    @property
    def manual(self) -> bool:
        return bool(self.source.get("kind") == "manual")

    @property
    def faces(self) -> list[int]:
        return [d.value for d in self.tape]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "system": self.system,
            "mechanic": self.mechanic,
            "params": self.params,
            "options": self.options,
            "source": self.source,
            "requested_by": self.requested_by,
            "tape": [[d.n, d.value] if d.label is None else [d.n, d.value, d.label] for d in self.tape],
            "detail": jsonable(self.detail),
            "outcome": jsonable(self.outcome),
        }

    @classmethod
    def from_json(cls, data: Any) -> RollResult:
        """Load a stored roll, refusing anything that is not one."""
        try:
            if data.get("format") != FORMAT:
                raise VerificationError(N_("not a stored roll (format {value!r})"), value=data.get("format"))
            tape = tuple(_draw(entry) for entry in data["tape"])
            _check_source(data["source"])
            return cls(
                system=str(data["system"]),
                mechanic=str(data["mechanic"]),
                params=dict(data["params"]),
                options=dict(data["options"]),
                source=dict(data["source"]),
                requested_by=data.get("requested_by"),
                tape=tape,
                detail=data["detail"],
                outcome=data["outcome"],
            )
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise VerificationError(N_("malformed stored roll: {e}"), e=e) from None

    def render(self) -> str:
        from runehall.systems.registry import find_mechanic

        mechanic = find_mechanic(self.system, self.mechanic)
        if mechanic is None:
            return f"{self.system} {self.mechanic}: {jsonable(self.outcome)} (faces {self.faces})"
        return mechanic.render(self.to_json())


def _malformed(problem: Refusal) -> VerificationError:
    return VerificationError(N_("malformed stored roll: {e}"), e=problem)


def _draw(entry: Any) -> Draw:
    if any(type(part) is not int for part in entry[:2]):  # 3.25 or True is no draw, though int() would take it
        raise _malformed(Refusal(N_("a draw is two whole numbers, not {entry}"), {"entry": repr(list(entry[:2]))}))
    n, value = int(entry[0]), int(entry[1])
    label = str(entry[2]) if len(entry) > 2 else None
    if not 1 <= value <= n <= MAX_RANGE:
        problem = N_("draw {value} of {n} is out of range (at most {cap} possibilities)")
        raise _malformed(Refusal(problem, {"value": value, "n": n, "cap": MAX_RANGE}))
    return Draw(n, value, label)


def _check_source(source: Any) -> None:
    kind = source["kind"]
    if kind not in ("secure", "fair", "seeded", "manual"):
        raise _malformed(Refusal(N_("unknown source kind {kind!r}"), {"kind": kind}))
    if kind == "fair":
        if not isinstance(source["nonce"], int) or source["nonce"] < 0:
            raise _malformed(Refusal(N_("a fair roll needs a non-negative integer nonce")))
        str(source["commitment"]), str(source["client_seed"])
