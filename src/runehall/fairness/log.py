"""Provably fair logs: seed epochs, and re-deriving every roll once a seed is revealed.

An epoch is one secret server seed. Its commitment, SHA-256(seed), is published before any roll; each
roll names the commitment, the client seed and its nonce. Rotating reveals the old seed and starts a new
epoch. `verify_log` checks an exported log: the seed matches its commitment, each recorded draw is the
one the HMAC stream gives, and re-running the mechanic reproduces the stored result exactly.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from runehall.chance.sources import FairSource, commitment
from runehall.errors import RunehallError, VerificationError
from runehall.rolling import RollResult

LOG_FORMAT = "runehall-fair-log/1"
TRACKER_PREFIX = "tracker:"  # a fair log entry for a tracker action is named tracker:<tracker>/<action>
SEED_BYTES = 32


@dataclass
class Epoch:
    server_seed: bytes
    client_seed: str
    revealed: bool = False

    @property
    def commitment(self) -> str:
        return commitment(self.server_seed)

    @classmethod
    def fresh(cls, client_seed: str | None = None) -> Epoch:
        return cls(secrets.token_bytes(SEED_BYTES), client_seed or secrets.token_hex(8))

    def public(self) -> dict[str, Any]:
        """What may be shown to anyone: the seed only once revealed."""
        return {
            "commitment": self.commitment,
            "client_seed": self.client_seed,
            "server_seed": self.server_seed.hex() if self.revealed else None,
        }


@dataclass
class RollCheck:
    index: int
    status: str  # verified | mismatch | unrevealed | not-fair | unknown-epoch
    reason: str = ""


@dataclass
class VerifyReport:
    checks: list[RollCheck] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def verified(self) -> int:
        return sum(1 for c in self.checks if c.status == "verified")

    @property
    def ok(self) -> bool:
        bad = {"mismatch", "unrevealed", "unknown-epoch"}
        return not self.problems and self.verified > 0 and not any(c.status in bad for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "verified": self.verified,
            "problems": self.problems,
            "rolls": [{"index": c.index, "status": c.status, "reason": c.reason} for c in self.checks],
        }


def export_log(epochs: list[Epoch], rolls: list[RollResult]) -> dict[str, Any]:
    return {"format": LOG_FORMAT, "epochs": [e.public() for e in epochs], "rolls": [r.to_json() for r in rolls]}


def _parse_epochs(data: Any) -> dict[str, dict[str, Any]]:
    try:
        epochs = {str(e["commitment"]): dict(e) for e in data["epochs"]}
    except (KeyError, TypeError, ValueError) as e:
        raise VerificationError(f"malformed fair log: epochs: {e}") from None
    return epochs


def rederive(roll: RollResult, seed: bytes) -> str | None:
    """Check one fair roll against its revealed seed; None if it matches, else what differs."""
    src = roll.source
    stream = FairSource(seed, str(src["client_seed"]), int(src["nonce"]))
    for i, draw in enumerate(roll.tape):
        expected = stream._below(draw.n) + 1
        if expected != draw.value:
            return f"draw {i + 1} (1..{draw.n}) is {draw.value} but the seed gives {expected}"
    from runehall.systems.registry import systems

    system = systems().get(roll.system)
    if system is None or roll.mechanic.startswith(TRACKER_PREFIX):
        # The draws match. A tracker action's outcome depends on the table's state, so it is checked by
        # folding the table's log, not by re-running it here.
        return None
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


def verify_log(data: Any) -> VerifyReport:
    if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
        raise VerificationError(f"not a Runehall fair log (expected format {LOG_FORMAT!r})")
    epochs = _parse_epochs(data)
    report = VerifyReport()
    seeds: dict[str, bytes] = {}
    for c, e in epochs.items():
        if e.get("server_seed") is None:
            continue
        try:
            seed = bytes.fromhex(str(e["server_seed"]))
        except ValueError:
            report.problems.append(f"epoch {c[:12]}…: the revealed seed is not hexadecimal")
            continue
        if commitment(seed) != c:
            report.problems.append(f"epoch {c[:12]}…: the revealed seed does not match its commitment")
            continue
        seeds[c] = seed
    if not isinstance(data.get("rolls"), list):
        raise VerificationError("malformed fair log: rolls must be a list")
    seen: set[tuple[str, int]] = set()
    for index, raw in enumerate(data["rolls"]):
        roll = RollResult.from_json(raw)
        src = roll.source
        if src.get("kind") != "fair":
            report.checks.append(RollCheck(index, "not-fair", f"a {src.get('kind')} roll, not derived from a seed"))
            continue
        c = str(src.get("commitment"))
        if c not in epochs:
            report.checks.append(RollCheck(index, "unknown-epoch", "its commitment is not in the log"))
            continue
        if c not in seeds:
            report.checks.append(RollCheck(index, "unrevealed", "its seed has not been revealed"))
            continue
        if str(src.get("client_seed")) != str(epochs[c].get("client_seed")):
            report.checks.append(RollCheck(index, "mismatch", "client seed differs from its epoch's"))
            continue
        nonce_key = (c, int(src.get("nonce", -1)))
        if nonce_key in seen:
            report.checks.append(RollCheck(index, "mismatch", f"nonce {nonce_key[1]} used twice"))
            continue
        seen.add(nonce_key)
        problem = rederive(roll, seeds[c])
        report.checks.append(RollCheck(index, "mismatch" if problem else "verified", problem or ""))
    return report
