"""`runehall verify` and `runehall fair new / rotate` in words, in the reader's language (--lang).

What a check found is said by its status in words, with the reason the check gave (in the reader's words
where the catalog holds it); seeds and commitments are shown as they are, since people compare them.
--json keeps the program's report.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from runehall.fairness.log import VerifyReport
from runehall.present.words import N_, Words

STATUS = {
    "verified": N_("verified"),
    "mismatch": N_("does not match its seed"),
    "unrevealed": N_("unrevealed: its seed is still secret"),
    "unknown-epoch": N_("drawn from a seed the log does not hold"),
    "not-fair": N_("not a fair roll"),
    "manual": N_("rolled by hand: no seed vouches for it"),
    "not-checkable": N_("cannot be checked"),
}
EPOCHS = {"new session": N_("New session"), "revealed": N_("Revealed"), "next": N_("Next")}


def _status(status: str, reason: str, words: Words) -> str:
    said = words(STATUS.get(status, status))
    return f"{said} ({words(reason)})" if reason else said


def verification(console: Console, report: VerifyReport, words: Words) -> None:
    """Each problem and each roll or tracker that is not verified, then the verdict."""
    for problem in report.problems:
        console.print(Text(words(N_("Problem: {problem}"), problem=words(problem)), style="red"))
    for c in report.checks:
        if c.status != "verified":
            line = words(N_("Roll {n}: {status}"), n=c.index + 1, status=_status(c.status, c.reason, words))
            console.print(Text(line, style="yellow"))
    for t in report.trackers:
        if t.status != "verified":
            line = words(N_("Tracker {id}: {status}"), id=t.tracker_id, status=_status(t.status, t.reason, words))
            console.print(Text(line, style="yellow"))
    counts = {
        "verified": report.verified,
        "total": len(report.checks),
        "manual": report.manual,
        "folded": sum(1 for t in report.trackers if t.status == "verified"),
        "trackers": len(report.trackers),
    }
    if report.ok:
        verdict = N_("verified: {verified} of {total} rolls re-derived from their seeds ({manual} by hand), "
                     "{folded} of {trackers} trackers folded")  # fmt: skip
    else:
        verdict = N_("NOT verified: {verified} of {total} rolls re-derived from their seeds ({manual} by hand), "
                     "{folded} of {trackers} trackers folded")  # fmt: skip
    console.print(Text(words(verdict, **counts), style="green" if report.ok else "red"))


def epoch(console: Console, label: str, public: Mapping[str, Any], words: Words) -> None:
    """A seed's commitment (and, once revealed, the seed itself)."""
    line = Text(f"{words(EPOCHS.get(label, label))}: ", style="bold")
    commitment, client = public["commitment"], public["client_seed"]
    line.append(words(N_("commitment {commitment} (client seed {client})"), commitment=commitment, client=client))
    console.print(line)
    if public.get("server_seed"):
        console.print(Text("  " + words(N_("server seed {seed}"), seed=public["server_seed"])))
