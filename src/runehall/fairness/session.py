"""A fair session kept in a local file, for fair rolls from the command line.

The file holds the secret seeds (the person running the CLI plays the server), so it must not be shared;
`export` writes the shareable log, in which only rotated (revealed) seeds appear.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from runehall import wire
from runehall.chance.sources import FairSource
from runehall.errors import N_, RunehallError, VerificationError
from runehall.fairness.log import Epoch, export_log
from runehall.files import write_json_atomic
from runehall.rolling import RollResult

SESSION_FORMAT = "runehall-fair-session/1"


@dataclass
class FairSession:
    epochs: list[Epoch]
    rolls: list[RollResult] = field(default_factory=list)
    next_nonce: int = 0

    @classmethod
    def new(cls, client_seed: str | None = None) -> FairSession:
        return cls([Epoch.fresh(client_seed)])

    @property
    def current(self) -> Epoch:
        return self.epochs[-1]

    def source(self) -> FairSource:
        """The source for the next roll; record() must follow for the nonce to advance."""
        e = self.current
        return FairSource(e.server_seed, e.client_seed, self.next_nonce)

    def record(self, roll: RollResult) -> None:
        self.rolls.append(roll)
        self.next_nonce += 1

    def rotate(self, client_seed: str | None = None) -> Epoch:
        """Reveal the current seed and start a new epoch; returns the revealed epoch."""
        old = self.current
        old.revealed = True
        old.nonces = self.next_nonce
        self.epochs.append(Epoch.fresh(client_seed or old.client_seed))
        self.next_nonce = 0
        return old

    def export(self) -> dict[str, Any]:
        return export_log(self.epochs, self.rolls)

    # -- file ---------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SESSION_FORMAT,
            "epochs": [
                {
                    "server_seed": e.server_seed.hex(),
                    "client_seed": e.client_seed,
                    "revealed": e.revealed,
                    "nonces": e.nonces,
                }
                for e in self.epochs
            ],
            "next_nonce": self.next_nonce,
            "rolls": [r.to_json() for r in self.rolls],
        }

    @classmethod
    def load(cls, path: Path) -> FairSession:
        try:
            data = wire.loads(path.read_bytes(), f"{path}")
        except FileNotFoundError:
            raise RunehallError(
                N_("no fair session at {path} (create one with `runehall fair new {path}`)"), path=path
            ) from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise VerificationError(N_("{path} is not readable JSON: {e}"), path=path, e=e) from None
        try:
            if data.get("format") != SESSION_FORMAT:
                raise VerificationError(N_("{path} is not a fair session file"), path=path)
            epochs = [
                Epoch(
                    bytes.fromhex(e["server_seed"]),
                    str(e["client_seed"]),
                    bool(e["revealed"]),
                    None if e.get("nonces") is None else int(e["nonces"]),
                )
                for e in data["epochs"]
            ]
            rolls = [RollResult.from_json(r) for r in data["rolls"]]
            return cls(epochs, rolls, int(data["next_nonce"]))
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise VerificationError(N_("{path} is a damaged fair session file: {e}"), path=path, e=e) from None

    def save(self, path: Path, exclusive: bool = False) -> None:
        write_json_atomic(path, self.to_json(), exclusive=exclusive, private=True)
