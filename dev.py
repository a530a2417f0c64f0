#!/usr/bin/env python3
"""Runehall's bootstrap: the README's two commands, plus the benchmarks.

    python3 dev.py run     install Runehall into .venv and start the live table at http://127.0.0.1:8000
    python3 dev.py test    install everything a test needs and run every check and test
    python3 dev.py bench   run the side-by-side benchmarks and rewrite docs/benchmarks.md
    python3 dev.py postgres start|stop|status   the private PostgreSQL cluster the tests use

`test` provides PostgreSQL for the service tests (devtools/postgres.py): it installs the server with
apt-get when it is missing and we are root, and starts a private cluster in .pgtest/ that later runs
reuse. RUNEHALL_SKIP_POSTGRES=1 runs the service tests on SQLite only. It also provides Debian's
Chromium and axe-core for the browser tests (devtools/browser.py; RUNEHALL_SKIP_BROWSER=1 leaves them
out).

Only the standard library is used here, because this file runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def _sh(*args: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    result = subprocess.run([str(a) for a in args], cwd=ROOT, env=env)
    if result.returncode != 0:
        sys.exit(result.returncode)


def ensure_venv(extras: str) -> None:
    """Create .venv and install the project, skipping the install when nothing it depends on changed."""
    if not PY.exists():
        _sh(sys.executable, "-m", "venv", VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    _sh(PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    target = f".[{extras}]" if extras else "."
    _sh(PY, "-m", "pip", "install", "-q", "-e", target)
    stamp.write_text(digest)


def run() -> None:
    """The live table at http://127.0.0.1:8000 on SQLite (runehall.sqlite3); extra words go to `serve`."""
    ensure_venv("")
    _sh(BIN / "runehall", "serve", *sys.argv[2:])


def test() -> None:
    ensure_venv("dev")
    _sh(BIN / "ruff", "check", "src", "tests", "bench", "devtools", "dev.py")
    _sh(BIN / "mypy", "--strict", "src")
    from devtools import browser, postgres  # POSIX only (the test cluster); imported when needed

    env = {**os.environ, **postgres.test_env(ROOT), **browser.test_env(ROOT)}
    _sh(PY, "-m", "pytest", *sys.argv[2:], env=env)


def bench() -> None:
    ensure_venv("dev")
    _sh(PY, "bench/run.py", *sys.argv[2:])


def postgres_command() -> None:
    from devtools import postgres

    postgres.command(ROOT, sys.argv[2] if len(sys.argv) > 2 else "status")


COMMANDS = {"run": run, "test": test, "bench": bench, "postgres": postgres_command}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    COMMANDS[sys.argv[1]]()
