"""The real server as a subprocess (`python -m runehall serve`) on a free loopback port, for the tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

START_TIMEOUT = 30.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(url: str, log: Path) -> tuple[subprocess.Popen[bytes], str] | None:
    """Start the server and wait until it answers; None if the port was taken meanwhile (try another)."""
    port = _free_port()
    command = [sys.executable, "-m", "runehall", "serve", "--database-url", url]
    with log.open("ab") as out:
        process = subprocess.Popen(
            [*command, "--host", "127.0.0.1", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while True:
            if process.poll() is not None:
                if "address already in use" in log.read_text().lower():
                    return None
                raise AssertionError(f"the server exited with {process.returncode}:\n{log.read_text()}")
            try:
                if httpx.get(f"{base}/openapi.json", timeout=1, trust_env=False).status_code == 200:
                    return process, base
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not answer in {START_TIMEOUT} s:\n{log.read_text()}")
            time.sleep(0.05)
    except BaseException:
        process.kill()
        process.wait(timeout=10)
        raise


@contextmanager
def server(url: str, log: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """`runehall serve` on a free loopback port, killed on the way out whatever happened."""
    started = None
    for _ in range(3):
        started = _start(url, log)
        if started is not None:
            break
    assert started is not None, f"no free port for the server:\n{log.read_text()}"
    process, base = started
    try:
        yield process, base
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
