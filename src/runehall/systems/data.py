"""Loading a system's rules data files (TOML, JSON) and validating them against a schema at load time."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from runehall.errors import N_, RulesDataError

M = TypeVar("M", bound=BaseModel)


def read_data_file(package: str, name: str) -> Any:
    path = resources.files(package).joinpath("data", name)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RulesDataError(N_("{package}: data file {name} is missing"), package=package, name=name) from None
    try:
        if name.endswith(".toml"):
            return tomllib.loads(raw.decode("utf-8"))
        if name.endswith(".json"):
            return json.loads(raw)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RulesDataError(
            N_("{package}: data file {name} does not parse: {e}"), package=package, name=name, e=e
        ) from None
    raise RulesDataError(N_("{package}: data file {name} has an unknown format"), package=package, name=name)


def load_data(package: str, name: str, model: type[M]) -> M:
    """Read data/<name> of a system package and validate it; any mismatch names the file and field."""
    try:
        return model.model_validate(read_data_file(package, name))
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RulesDataError(
            N_("{package}: data file {name}: {where}: {msg}"), package=package, name=name, where=where, msg=first["msg"]
        ) from None
