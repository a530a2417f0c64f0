"""The registry of game systems.

Built-in systems are found by scanning the subpackages of runehall.systems (each exposes `SYSTEM`), so
adding a system touches nothing outside its folder. Systems from other distributions register through
the `runehall.systems` entry-point group. Tests may add systems with register().
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

import runehall.systems as package
from runehall.errors import N_, UnknownNameError
from runehall.systems.base import GameSystem, Mechanic

ENTRY_POINT_GROUP = "runehall.systems"
_registered: dict[str, GameSystem] = {}


def _accept(found: dict[str, GameSystem], system: Any, origin: str) -> None:
    if not isinstance(system, GameSystem):
        raise TypeError(f"{origin} does not provide a GameSystem")
    if system.id in found:
        raise ValueError(f"two systems share the id {system.id!r}")
    found[system.id] = system


@cache
def _discovered() -> dict[str, GameSystem]:
    found: dict[str, GameSystem] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg and not info.name.startswith("_"):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            _accept(found, module.SYSTEM, module.__name__)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.value.split(":")[0].startswith(package.__name__ + "."):
            continue  # a built-in also listed as an entry point
        _accept(found, ep.load(), f"entry point {ep.name}")
    return found


def systems() -> dict[str, GameSystem]:
    return {**_discovered(), **_registered}


def get(system_id: str) -> GameSystem:
    found = systems().get(system_id)
    if found is None:
        raise UnknownNameError(
            N_("unknown game system {system_id!r} (installed: {value})"),
            system_id=system_id,
            value=", ".join(sorted(systems())),
        )
    return found


def find_mechanic(system_id: str, name: str) -> Mechanic[Any, Any, Any] | None:
    system = systems().get(system_id)
    return None if system is None else system.mechanics().get(name)


def register(system: GameSystem) -> Callable[[], None]:
    """Add a system at run time (used by tests); returns a function that removes it again."""
    if system.id in systems():
        raise ValueError(f"a system with id {system.id!r} is already installed")
    _registered[system.id] = system

    def unregister() -> None:
        _registered.pop(system.id, None)

    return unregister


def commands() -> dict[str, Any]:
    """Each system's own command-line commands, by system id: the Typer app of its package's `cli` module
    (`runehall rune encounter price FILE`), for the systems that ship one."""
    found: dict[str, Any] = {}
    for system_id, system in systems().items():
        module = importlib.import_module(type(system).__module__)
        package_name = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
        if importlib.util.find_spec(f"{package_name}.cli") is None:
            continue
        found[system_id] = importlib.import_module(f"{package_name}.cli").app
    return found
