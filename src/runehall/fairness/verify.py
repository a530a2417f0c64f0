"""Verifying a fair log: every seed against its commitment, every draw against its seed, every stream whole.

`verify_log` checks, for a log in the format of docs/fair-log.schema.json:
- each revealed seed is the one its commitment was made for; each epoch's client seed is its base with the
  additions folded in (runehall.fairness.streams.effective_client_seed);
- each fair roll: its stream is in the log, it used its epoch's client seed, its nonce once and below the
  stream's final count; its draws are those the seed gives; re-running the mechanic gives its detail and
  outcome. A manual entry is reported (no seed vouches for it); any other kind fails;
- each revealed stream whose seed the log holds is whole: its nonces are exactly 0 .. count-1, so a deleted
  roll (the last one too) or a fair roll relabelled manual shows as a missing nonce;
- each tracker, by folding its events from its setup: every action replays to its stored result and draws
  (labels included), and each fair tracker entry among the rolls is the event it names. A tracker whose
  log lacks events this viewer may not see (sealed ones) is reported as not checkable.
`ok` is true only when the log is whole and every fair roll and tracker verifies.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from runehall.chance.sources import MAX_RANGE, Draw, FairSource, ReplaySource, commitment
from runehall.errors import N_, Refusal, RunehallError, VerificationError
from runehall.fairness.streams import effective_client_seed
from runehall.rolling import RollResult

LOG_FORMAT = "runehall-fair-log/2"
OLD_LOG_FORMAT = "runehall-fair-log/1"  # one seed an epoch, no final counts: never proven whole
TRACKER_PREFIX = "tracker:"  # a fair log entry for a tracker action is named tracker:<tracker>/<action>
HEX64 = re.compile(r"[0-9a-f]{64}")
BAD = frozenset({"mismatch", "unrevealed", "unknown-epoch", "not-fair", "not-checkable"})


@dataclass
class RollCheck:
    index: int
    status: str  # verified | mismatch | unrevealed | not-fair | unknown-epoch | manual
    reason: str = ""


@dataclass
class TrackerCheck:
    tracker_id: str
    status: str  # verified | mismatch | not-checkable
    reason: str = ""


@dataclass
class VerifyReport:
    checks: list[RollCheck] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    trackers: list[TrackerCheck] = field(default_factory=list)

    @property
    def verified(self) -> int:
        return sum(1 for c in self.checks if c.status == "verified")

    @property
    def manual(self) -> int:
        return sum(1 for c in self.checks if c.status == "manual")

    @property
    def ok(self) -> bool:
        bad = any(c.status in BAD for c in self.checks) or any(t.status in BAD for t in self.trackers)
        return not self.problems and self.verified > 0 and not bad

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "verified": self.verified,
            "manual": self.manual,
            "problems": self.problems,
            "rolls": [{"index": c.index, "status": c.status, "reason": c.reason} for c in self.checks],
            "trackers": [{"id": t.tracker_id, "status": t.status, "reason": t.reason} for t in self.trackers],
        }


def redraw(tape: Sequence[Sequence[Any]], stream: FairSource) -> str | None:
    """None if each stored draw [n, value, ...] is the one the stream gives, else what differs."""
    for i, draw in enumerate(tape):
        n, value = int(draw[0]), int(draw[1])
        if not 1 <= n <= MAX_RANGE:  # past 2^32 no word is ever accepted: it would loop for ever
            return f"draw {i + 1} claims {n} possibilities (at most {MAX_RANGE})"
        expected = stream._below(n) + 1
        if expected != value:
            return f"draw {i + 1} (1..{n}) is {value} but the seed gives {expected}"
    return None


def rederive(roll: RollResult, seed: bytes) -> str | None:
    """Check one fair roll against its revealed seed; None if it matches, else what differs."""
    src = roll.source
    problem = redraw(roll.to_json()["tape"], FairSource(seed, str(src["client_seed"]), int(src["nonce"])))
    if problem or roll.mechanic.startswith(TRACKER_PREFIX):
        return problem  # a tracker action's outcome is checked by folding its tracker
    from runehall.systems.registry import systems

    system = systems().get(roll.system)
    if system is None:
        return f"the game system {roll.system!r} is not installed, so its outcome cannot be re-derived"
    try:
        mechanic = system.mechanic(roll.mechanic)
        again = mechanic.roll(
            roll.system,
            mechanic.parse_params(roll.params),
            system.options(roll.options),
            FairSource(seed, str(src["client_seed"]), int(src["nonce"])),
            roll.requested_by,
        )
    except RunehallError as e:
        return f"re-running the roll failed: {e}"
    mine, theirs = roll.to_json(), again.to_json()
    for key in ("tape", "detail", "outcome"):
        if mine[key] != theirs[key]:
            return f"stored {key} differs from the re-derived roll"
    return None


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A /1 log: each epoch one stream, its final count unknown."""
    epochs: list[dict[str, Any]] = []
    if not isinstance(data.get("epochs"), list):
        raise VerificationError(N_("malformed fair log: epochs must be a list"))
    for e in data["epochs"]:
        if not isinstance(e, dict):
            raise VerificationError(N_("malformed fair log: an epoch is not an object"))
        stream = {"stream": "table", "commitment": e.get("commitment"), "server_seed": e.get("server_seed")}
        epochs.append(
            {
                "epoch": len(epochs),
                "client_seed": e.get("client_seed"),
                "client_seed_base": e.get("client_seed"),
                "contributions": [],
                "revealed": e.get("server_seed") is not None,
                "streams": [stream | {"nonces": None}],
            }
        )
    return {**data, "epochs": epochs, "trackers": []}


@dataclass
class _Stream:
    epoch: int
    name: str
    client_seed: str
    revealed: bool
    seed: bytes | None
    nonces: int | None
    lost: bool = False
    used: set[int] = field(default_factory=set)


def _streams(data: dict[str, Any], report: VerifyReport) -> dict[str, _Stream]:
    found: dict[str, _Stream] = {}
    try:
        for e in data["epochs"]:
            added = [str(c["text"]) for c in e.get("contributions") or []]
            client = str(e["client_seed"])
            if effective_client_seed(str(e.get("client_seed_base", client)), added) != client:
                report.problems.append(f"epoch {e['epoch']}: its client seed is not its base with the additions")
            main = next((s for s in e["streams"] if s["stream"] in ("public", "table")), None)
            for key in ("commitment", "server_seed"):  # the epoch's short display of its main stream
                if key in e and (main is None or e[key] != main.get(key)):
                    report.problems.append(f"epoch {e['epoch']}: its {key} is not its main stream's")
            for s in e["streams"]:
                c, seed = s["commitment"], None
                if not isinstance(c, str) or not HEX64.fullmatch(c):
                    raise _malformed(Refusal(N_("commitment {c!r} is not 64 lowercase hex digits"), {"c": c}))
                if s.get("server_seed") is not None:
                    try:
                        seed = bytes.fromhex(str(s["server_seed"]))
                    except ValueError:
                        report.problems.append(f"epoch {e['epoch']} {s['stream']}: the seed is not hexadecimal")
                    if seed is not None and commitment(seed) != c:
                        report.problems.append(f"epoch {e['epoch']} {s['stream']}: the seed is not its commitment's")
                        seed = None
                nonces = s.get("nonces")
                if nonces is not None and (not isinstance(nonces, int) or isinstance(nonces, bool) or nonces < 0):
                    raise _malformed(Refusal(N_("a final nonce count must be a non-negative integer")))
                if c in found:
                    report.problems.append(f"commitment {c[:12]}… appears twice")
                lost = bool(s.get("lost", False))
                found[c] = _Stream(int(e["epoch"]), str(s["stream"]), client, bool(e["revealed"]), seed, nonces, lost)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise VerificationError(N_("malformed fair log: epochs: {e}"), e=e) from None
    return found


def _malformed(problem: Refusal) -> VerificationError:
    return VerificationError(N_("malformed fair log: epochs: {e}"), e=problem)


def _check_roll(index: int, roll: RollResult, streams: dict[str, _Stream]) -> RollCheck:
    src = roll.source
    if src.get("kind") == "manual":
        return RollCheck(index, "manual", "rolled by hand: no seed vouches for it")
    if src.get("kind") != "fair":
        return RollCheck(index, "not-fair", f"a {src.get('kind')} roll, not derived from a seed")
    s = streams.get(str(src.get("commitment")))
    if s is None:
        return RollCheck(index, "unknown-epoch", "its commitment is not in the log")
    nonce = int(src["nonce"])
    if str(src.get("client_seed")) != s.client_seed:
        return RollCheck(index, "mismatch", "client seed differs from its epoch's")
    if nonce in s.used:
        return RollCheck(index, "mismatch", f"nonce {nonce} used twice")
    s.used.add(nonce)
    if s.nonces is not None and nonce >= s.nonces:
        return RollCheck(index, "mismatch", f"nonce {nonce} is beyond the {s.nonces} its stream used")
    if s.seed is None:
        why = "its seed has not been revealed" if not s.revealed else "its seed is not in this log (not yours to see)"
        if s.lost:
            why = "its seed was left behind when the table was exported and imported: it can never be checked"
        return RollCheck(index, "unrevealed", why)
    problem = rederive(roll, s.seed)
    return RollCheck(index, "mismatch" if problem else "verified", problem or "")


def _whole(streams: dict[str, _Stream], report: VerifyReport, old: bool) -> None:
    for s in streams.values():
        if s.seed is None:
            continue
        if s.nonces is None:
            if s.revealed:
                report.problems.append(
                    f"epoch {s.epoch} {s.name}: its final nonce count is not recorded, so a deleted last roll "
                    "cannot be ruled out" + (" (an old-format log)" if old else "")
                )
            continue
        missing = sorted(set(range(s.nonces)) - s.used)
        if missing:
            shown = ", ".join(str(n) for n in missing[:10]) + ("…" if len(missing) > 10 else "")
            report.problems.append(f"epoch {s.epoch} {s.name}: rolls missing from the log (nonces {shown})")


def verify_log(data: Any) -> VerifyReport:
    if not isinstance(data, dict) or data.get("format") not in (LOG_FORMAT, OLD_LOG_FORMAT):
        raise VerificationError(N_("not a Runehall fair log (expected format {LOG_FORMAT!r})"), LOG_FORMAT=LOG_FORMAT)
    old = data["format"] == OLD_LOG_FORMAT
    if old:
        data = _upgrade(data)
    report = VerifyReport()
    streams = _streams(data, report)
    rolls, trackers = data.get("rolls"), data.get("trackers", [])
    if not isinstance(rolls, list) or not isinstance(trackers, list):
        raise VerificationError(N_("malformed fair log: rolls and trackers must be lists"))
    tracker_entries: dict[int, dict[str, Any]] = {}
    for index, raw in enumerate(rolls):
        roll = RollResult.from_json(raw)
        check = _check_roll(index, roll, streams)
        report.checks.append(check)
        if roll.mechanic.startswith(TRACKER_PREFIX) and check.status != "manual":
            seq = raw.get("seq")
            if not isinstance(seq, int) or seq in tracker_entries:
                report.checks[-1] = RollCheck(index, "mismatch", "a tracker entry must name its event (seq) once")
            else:
                tracker_entries[seq] = raw
    _whole(streams, report, old)
    from runehall.fairness.trackers import check_trackers

    report.trackers.extend(check_trackers(data, trackers, tracker_entries))
    return report


def tape_json(tape: Sequence[Draw]) -> list[list[Any]]:
    return [[d.n, d.value] if d.label is None else [d.n, d.value, d.label] for d in tape]


def same(a: Any, b: Any) -> bool:
    """Equal as JSON (a result folded now against one read from a file)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


__all__ = ["LOG_FORMAT", "TRACKER_PREFIX", "ReplaySource", "RollCheck", "VerifyReport", "rederive", "verify_log"]
