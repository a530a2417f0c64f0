"""Runehall side by side with its peers, measured in the same run; rewrites docs/benchmarks.md.

    python bench/run.py                 every benchmark, then rewrite docs/benchmarks.md
    python bench/run.py 3d6 roll-1d20   only these (printed, the document is left alone)
    python bench/run.py --list          the benchmark names

To add a benchmark, write a function returning a row (see odds.OddsRow, rolls.RollRow, or a new kind of
row with TABLE, HEADERS, cells() and detail()) and list it in BENCHMARKS.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import load
import mechanics
import odds
import pages
import risk
import rolls
from report import Row, machine, table, tables

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"

BENCHMARKS: dict[str, Callable[[], Row]] = {
    "3d6": odds.sum_3d6,
    "8d8-count": odds.count_8d8,
    "10d10-explode-keep": odds.exploding_keep,
    "straight": odds.best_straight,
    "rune-bag": odds.rune_bag,
    "ragnarok-skill-test": mechanics.ragnarok_skill_test,
    "midgard-cast": mechanics.midgard_cast,
    "rune-stress": mechanics.rune_stress,
    "rune-attack": mechanics.rune_attack,
    "encounter-risk": risk.encounter_risk,
    "roll-1d20": rolls.roll_1d20,
    "roll-8d8": rolls.roll_8d8,
    "roll-4d6kh3": rolls.roll_4d6kh3,
    "page-home": pages.home_page,
    "page-table": pages.table_page,
    "page-fight": pages.fight_page,
    "page-board": pages.board_redraw,
    "load-100": load.load_100,
    "load-500": load.load_500,
    "load-1000": load.load_1000,
}

PLANNED_MECHANICS: tuple[str, ...] = ()


def goals(rows: Sequence[Row]) -> list[str]:
    """Each goal, met or not, as measured in this run."""
    odd = [r for r in rows if isinstance(r, odds.OddsRow)]
    notation = [r for r in odd if r.kind == "notation"]
    systemic = [r for r in odd if r.kind == "mechanic"]
    thrown = [r for r in rows if isinstance(r, rolls.RollRow)]
    loaded = [r for r in rows if isinstance(r, load.LoadRow) and r.clients == 1000]
    page_rows = [r for r in rows if isinstance(r, pages.PageRow)]

    def verdict(ok: bool) -> str:
        return "**met**" if ok else "**not met**"

    lines = []
    if odd:
        lines.append(f"- Identical answers to icepool: {verdict(True)} ({len(odd)} of {len(odd)} questions).")
    if notation:
        shown = ", ".join(f"{r.question} {r.ratio:.2f}×" for r in notation)
        ok = all(r.ratio >= 1 for r in notation)
        lines.append(f"- No slower than icepool on generic notation: {verdict(ok)} ({shown}).")
    if systemic:
        shown = ", ".join(f"{r.question} {r.ratio:.2f}×" for r in systemic)
        ok = all(r.ratio >= 10 for r in systemic)
        lines.append(f"- System mechanics at least 10× faster than icepool: {verdict(ok)} ({shown}).")
    if thrown:
        shown = ", ".join(f"{r.expression} {r.ratio:.2f}×" for r in thrown)
        ok = all(r.ratio > 1 for r in thrown)
        lines.append(f"- Roll throughput faster than d20: {verdict(ok)} ({shown}).")
    if page_rows:
        ok = all(r.slowest < pages.GOAL for r in page_rows)
        detail = ", ".join(f"{r.page} {load.ms(r.slowest)}" for r in page_rows)
        lines.append(f"- Every page under 200 ms on localhost: {verdict(ok)} (slowest of 30: {detail}).")
    for r in loaded:
        ok = r.p99 <= 0.050 and r.missing == 0
        lines.append(
            f"- 1,000 clients with p99 ≤ 50 ms on this 2-core machine: {verdict(ok)} (measured p99 "
            f"{load.ms(r.p99)} at {r.offered:.0f} rolls/s, {r.missing} deliveries missing, rest of the machine "
            f"using {r.paced.usage.others:.2f} cores)."
        )
    return lines


METHOD = """\
- Every number is the best of 5 repeats timed with `time.perf_counter`, garbage collection paused during a
  repeat. Exact odds: each call is timed on its own and a repeat runs at least 0.25 s; the figure is the
  mean time per call of the best repeat. Runehall's repeats and icepool's (caches emptied) alternate, so a
  change in the machine's speed during the run touches both sides alike. Rolls: a tight loop of N rolls
  (N calibrated to about 0.25 s).
- Runehall computes every distribution from scratch: notation is parsed on every call
  (`runehall.notation.parser.parse`, not the cached `compile_notation`) and no distribution is cached.
- icepool caches results between calls (standard dice, pools, binomial rows, each evaluator's states).
  The comparison column empties all of them before every timed call, so both libraries answer from
  scratch; the warm-cache column is icepool asking the same question again, for information.
- Every exact-odds benchmark checks that both libraries give the same outcomes with the same
  probabilities as exact fractions (and that they sum to 1); the run stops if they differ.
- A Runehall roll includes validating the notation (memoised per distinct text, as d20 caches its
  parses), a fresh `SecureSource` (OS CSPRNG words, read 4 KiB at a time into a per-thread pool; its tape
  records every face) and the immutable `RollResult` holding every face (turned into JSON only when
  stored or shown). A d20 roll is `d20.roll(text)`, with d20's own random generator and expression tree.
- The encounter risk estimate is the best of 3 calls of 10,000 simulated fights (NumPy, one seed); the plain
  Python loop of the same model (`bench/risk_loop.py`) is timed once on 1,000 fights and scaled to 10,000.
  Both must agree on every hero's estimated chance to die within 5 standard errors, or the run stops.
- Benchmarks are measurements, never pass/fail tests of time; ratios vary by a few percent between runs."""


def document(rows: Sequence[Row]) -> str:
    parts = [
        "# Benchmarks",
        "Runehall side by side with its peers, measured in the same run by `python3 dev.py bench` "
        "(`bench/run.py`). This file is rewritten by that command; do not edit it by hand.",
        "## Machine",
        table(("", ""), machine()),
        "## Goals",
        "\n".join(goals(rows)),
    ]
    for title, text in tables(rows).items():
        parts += [f"## {title}", text]
    parts += [
        "## System mechanics",
        "Game-system mechanics will be added here, each with a goal of at least 10× faster than the same "
        "question asked of icepool. Not measured yet:",
        "\n".join(f"- {name}: not measured yet" for name in PLANNED_MECHANICS),
        "## Method",
        METHOD + "\n" + load.METHOD,
    ]
    return "\n\n".join(parts) + "\n"


def main(argv: Sequence[str]) -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the benchmark names and stop")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(BENCHMARKS))
        return 0
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark(s) {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
    chosen = args.names or list(BENCHMARKS)
    rows = []
    for name in chosen:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        rows.append(BENCHMARKS[name]())
    for title, text in tables(rows).items():
        print(f"\n## {title}\n\n{text}")
    print("\n" + "\n".join(goals(rows)))
    if not args.names:
        DOC.write_text(document(rows), encoding="utf-8")
        print(f"\nwrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
