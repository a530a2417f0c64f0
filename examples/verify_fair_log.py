#!/usr/bin/env python3
"""A standalone verifier of a Runehall fair log, written from docs/fairness.md with the standard library
only (it does not import Runehall). It checks what the document specifies byte for byte:

- each revealed seed against its commitment (SHA-256 of the raw seed bytes);
- each epoch's client seed: its base with the participants' additions folded in;
- each fair draw: HMAC-SHA256 words, rejection sampling, 1-based values;
- each revealed stream is whole: its rolls use exactly the nonces 0 .. count-1;
- the outcome of `dice roll` entries in plain notation (NdM, keep highest/lowest kN/klN, + or - numbers).
Other mechanics' outcomes need the rules (see docs/fairness.md, "From draws to outcomes") and are counted
as draws-only here.

Usage: python verify_fair_log.py LOG.json   -- exit 0 whole and verified, 1 not, 2 not a fair log.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sys
from typing import Any

WORD = 2**32


class Stream:
    """The words of one roll: HMAC-SHA256(key = seed bytes, message = UTF-8 "client:nonce:block")."""

    def __init__(self, seed: bytes, client_seed: str, nonce: int) -> None:
        self.seed, self.client_seed, self.nonce = seed, client_seed, nonce
        self.block, self.words = 0, []  # type: int, list[int]

    def word(self) -> int:
        if not self.words:
            message = f"{self.client_seed}:{self.nonce}:{self.block}".encode()
            digest = hmac.new(self.seed, message, hashlib.sha256).digest()
            self.words = [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]
            self.block += 1
        return self.words.pop(0)

    def draw(self, n: int) -> int:
        """A value 1..n: words at or above the largest multiple of n below 2^32 are thrown away."""
        if n == 1:
            return 1  # no word is used
        limit = WORD - WORD % n
        while True:
            w = self.word()
            if w < limit:
                return w % n + 1


def effective_client_seed(base: str, additions: list[str]) -> str:
    seed = base
    for text in additions:
        data = b""
        for part in (seed.encode(), text.encode()):
            data += len(part).to_bytes(4, "big") + part
        seed = hashlib.sha256(data).hexdigest()
    return seed


TERM = re.compile(r"([+-]?)(?:(\d*)d(\d+)(?:(kl|kh|k)(\d+))?|(\d+))")


def dice_total(notation: str, values: list[int]) -> int | None:
    """The total of plain notation from the draws in order; None if the notation is beyond this example."""
    text = notation.replace(" ", "").lower()
    pos, total, used = 0, 0, 0
    while pos < len(text):
        m = TERM.match(text, pos)
        if not m or m.end() == pos:
            return None
        sign = -1 if m.group(1) == "-" else 1
        if m.group(6) is not None:
            total += sign * int(m.group(6))
        else:
            count = int(m.group(2) or 1)
            dice = values[used : used + count]
            used += count
            keep = m.group(4)
            if keep:
                k = int(m.group(5))
                dice = sorted(dice, reverse=keep != "kl")[:k]
            total += sign * sum(dice)
        pos = m.end()
    return total if used == len(values) else None


def verify(log: Any) -> list[str]:
    if not isinstance(log, dict) or log.get("format") != "runehall-fair-log/2":
        raise ValueError("not a runehall-fair-log/2 document")
    problems: list[str] = []
    streams: dict[str, dict[str, Any]] = {}
    for epoch in log["epochs"]:
        additions = [c["text"] for c in epoch.get("contributions", [])]
        base = epoch.get("client_seed_base", epoch["client_seed"])
        if effective_client_seed(base, additions) != epoch["client_seed"]:
            problems.append(f"epoch {epoch['epoch']}: client seed does not add up")
        for s in epoch["streams"]:
            seed = bytes.fromhex(s["server_seed"]) if s["server_seed"] else None
            if seed is not None and hashlib.sha256(seed).hexdigest() != s["commitment"]:
                problems.append(f"epoch {epoch['epoch']} {s['stream']}: seed does not match its commitment")
                seed = None
            streams[s["commitment"]] = {**s, "seed": seed, "client_seed": epoch["client_seed"], "used": set()}
    checked = 0
    for i, roll in enumerate(log["rolls"]):
        source = roll["source"]
        if source["kind"] != "fair":
            print(f"roll {i + 1}: {source['kind']} (not derived from a seed)")
            continue
        s = streams.get(source["commitment"])
        if s is None or s["seed"] is None or source["client_seed"] != s["client_seed"]:
            problems.append(f"roll {i + 1}: no revealed seed of this log for it, or another client seed")
            continue
        if source["nonce"] in s["used"]:
            problems.append(f"roll {i + 1}: nonce {source['nonce']} used twice")
        s["used"].add(source["nonce"])
        stream = Stream(s["seed"], source["client_seed"], source["nonce"])
        if any(stream.draw(d[0]) != d[1] for d in roll["tape"]):
            problems.append(f"roll {i + 1}: a draw is not what the seed gives")
            continue
        if roll["system"] == "dice" and roll["mechanic"] == "roll":
            total = dice_total(roll["params"]["notation"], [d[1] for d in roll["tape"]])
            if total is not None and total != roll["outcome"]:
                problems.append(f"roll {i + 1}: {roll['params']['notation']} totals {total}, not {roll['outcome']}")
        checked += 1
    for s in streams.values():
        if s["seed"] is not None and s["nonces"] is not None and s["used"] != set(range(s["nonces"])):
            problems.append(f"stream {s['stream']} ({s['commitment'][:12]}): rolls missing or beyond its count")
    print(f"{checked} fair rolls re-derived; {len(problems)} problem(s)")
    return problems


def main(argv: list[str]) -> int:
    try:
        with open(argv[1], encoding="utf-8") as f:
            problems = verify(json.load(f))
    except (IndexError, OSError, ValueError, KeyError, TypeError) as e:
        print(f"cannot verify: {e}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
