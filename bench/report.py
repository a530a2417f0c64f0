"""The machine a run was measured on, and the tables in Markdown."""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Sequence
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import ClassVar, Protocol

import runehall


class Row(Protocol):
    TABLE: ClassVar[str]
    HEADERS: ClassVar[tuple[str, ...]]

    def cells(self) -> tuple[str, ...]: ...

    def detail(self) -> str: ...


def _cores() -> str:
    try:
        out = subprocess.run(["nproc"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        out = ""
    return out or str(os.cpu_count())


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return runehall.__version__ + " (source tree)" if package == "runehall" else "not installed"


def machine() -> list[tuple[str, str]]:
    return [
        ("Date", datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")),
        ("CPU", _cpu_model()),
        ("Cores (nproc)", _cores()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("runehall", _version("runehall")),
        ("icepool", _version("icepool")),
        ("d20", _version("d20")),
    ]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table, padded so that it also reads well in a terminal."""
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]
    lines = [headers, ["-" * w for w in widths], *rows]
    padded = (" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in lines)
    return "\n".join(f"| {line} |" for line in padded)


def tables(rows: Sequence[Row]) -> dict[str, str]:
    """One Markdown table per kind of row, in the order the kinds first appear, with each row's detail."""
    grouped: dict[str, list[Row]] = {}
    for row in rows:
        grouped.setdefault(row.TABLE, []).append(row)
    out: dict[str, str] = {}
    for title, group in grouped.items():
        text = table(group[0].HEADERS, [r.cells() for r in group])
        details = [f"- {r.detail()}" for r in group if r.detail()]
        out[title] = text + ("\n\n" + "\n".join(details) if details else "")
    return out
