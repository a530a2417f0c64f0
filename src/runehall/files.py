"""Reading and writing the CLI's JSON files: atomically, so a crash never leaves half a file."""

from __future__ import annotations

import json
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from runehall import wire
from runehall.errors import N_, Refusal, RunehallError


def read_document(path: Path, what: str | Refusal) -> Any:
    """A JSON or TOML file (by its ending) as data, or one clear error; `what` names the file in a
    refusal (a template, said in the reader's language)."""
    what = what if isinstance(what, Refusal) else Refusal(what)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RunehallError(N_("no {what} at {path}"), what=what, path=path) from None
    except OSError as e:
        raise RunehallError(
            N_("cannot read {what} {path}: {strerror}"), what=what, path=path, strerror=e.strerror
        ) from None
    try:
        if path.suffix.lower() == ".toml":
            return wire.loads_toml(raw.decode("utf-8"), f"{what} {path}")
        return wire.loads(raw, f"{what} {path}")
    except (UnicodeDecodeError, json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise RunehallError(N_("{what} {path} does not parse: {e}"), what=what, path=path, e=e) from None


def write_json_atomic(path: Path, data: Any, exclusive: bool = False, private: bool = False) -> None:
    """Write JSON through a temporary file and a rename; `exclusive` refuses to replace an existing file."""
    if exclusive and path.exists():
        raise RunehallError(N_("{path} already exists"), path=path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise RunehallError(N_("no folder {directory} to write {name} in"), directory=directory, name=path.name)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.flush()
            os.fsync(f.fileno())
        if private:
            os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
