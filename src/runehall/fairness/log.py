"""Provably fair logs from the command line: seed epochs of a local fair session, and their export.

An epoch of a CLI session is one secret server seed (one stream: the person at the keyboard sees every
roll). Its commitment, SHA-256(seed), is published before any roll; each roll names the commitment, the
client seed and its nonce. Rotating reveals the old seed, with the number of nonces it used, and starts a
new epoch. Verification is runehall.fairness.verify (re-exported here).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from runehall.chance.sources import commitment
from runehall.fairness.verify import LOG_FORMAT, TRACKER_PREFIX, RollCheck, VerifyReport, rederive, verify_log
from runehall.rolling import RollResult

SEED_BYTES = 32


@dataclass
class Epoch:
    server_seed: bytes
    client_seed: str
    revealed: bool = False
    nonces: int | None = None  # how many nonces it used, recorded when it is revealed

    @property
    def commitment(self) -> str:
        return commitment(self.server_seed)

    @classmethod
    def fresh(cls, client_seed: str | None = None) -> Epoch:
        return cls(secrets.token_bytes(SEED_BYTES), client_seed or secrets.token_hex(8))

    def public(self, number: int = 0) -> dict[str, Any]:
        """What may be shown to anyone: the seed (and its count of nonces) only once revealed."""
        seed = self.server_seed.hex() if self.revealed else None
        return {
            "epoch": number,
            "commitment": self.commitment,
            "server_seed": seed,
            "client_seed": self.client_seed,
            "client_seed_base": self.client_seed,
            "contributions": [],
            "revealed": self.revealed,
            "streams": [
                {
                    "stream": "public",
                    "commitment": self.commitment,
                    "server_seed": seed,
                    "nonces": self.nonces if self.revealed else None,
                }
            ],
        }


def export_log(epochs: list[Epoch], rolls: list[RollResult]) -> dict[str, Any]:
    return {
        "format": LOG_FORMAT,
        "epochs": [e.public(i) for i, e in enumerate(epochs)],
        "rolls": [r.to_json() for r in rolls],
        "trackers": [],
    }


__all__ = ["LOG_FORMAT", "TRACKER_PREFIX", "Epoch", "RollCheck", "VerifyReport", "export_log", "rederive", "verify_log"]
