"""What the browser tests need (standard library only: it runs before anything is installed).

`python3 dev.py test` calls `test_env()`, which

1. finds Debian's Chromium (/usr/bin/chromium); if it is missing and we are root, installs the Debian
   packages `chromium` and `fonts-dejavu-core` with apt-get (Playwright never downloads a browser);
2. fetches axe-core from its npm package (`npm pack axe-core@4`) into .cache/axe-core/ once;
3. returns RUNEHALL_CHROMIUM and RUNEHALL_AXE for the tests.

RUNEHALL_SKIP_BROWSER=1 leaves the browser tests out (they are then reported as not run, never passed).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

CHROMIUM_VAR = "RUNEHALL_CHROMIUM"
AXE_VAR = "RUNEHALL_AXE"
SKIP_VAR = "RUNEHALL_SKIP_BROWSER"
AXE_PACKAGE = "axe-core@4"


class BrowserSetupError(Exception):
    pass


def _chromium() -> str:
    for candidate in (os.environ.get(CHROMIUM_VAR), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    if os.geteuid() != 0:
        raise BrowserSetupError(f"Chromium is missing: install Debian's chromium, or set {SKIP_VAR}=1")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print("+ apt-get install chromium (for the browser tests)", flush=True)
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "chromium", "fonts-dejavu-core"],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    return "/usr/bin/chromium"


def _axe(root: Path) -> str:
    target = root.resolve() / ".cache" / "axe-core" / "axe.min.js"
    if target.exists():
        return str(target)
    npm = shutil.which("npm")
    if npm is None:
        raise BrowserSetupError(
            f"npm is missing: it fetches axe-core for the accessibility checks ({SKIP_VAR}=1 skips)"
        )
    print(f"+ npm pack {AXE_PACKAGE} (accessibility checks)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [npm, "pack", AXE_PACKAGE, "--silent"], cwd=tmp, check=True, capture_output=True, text=True
        )
        archive = Path(tmp) / done.stdout.strip().splitlines()[-1]
        with tarfile.open(archive) as tar:
            member = tar.getmember("package/axe.min.js")
            source = tar.extractfile(member)
            if source is None:
                raise BrowserSetupError("the axe-core package has no axe.min.js")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read())
    return str(target)


def test_env(root: Path) -> dict[str, str]:
    if os.environ.get(SKIP_VAR) == "1":
        return {}
    try:
        return {CHROMIUM_VAR: _chromium(), AXE_VAR: _axe(root)}
    except (BrowserSetupError, subprocess.CalledProcessError, OSError, KeyError) as e:
        raise SystemExit(f"dev.py: cannot prepare the browser tests: {e}") from None
