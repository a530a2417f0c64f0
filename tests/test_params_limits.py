"""Issue 11, item 1: every count-like field a request can fill has a cap, checked generically.

The walk covers every registered system's mechanic parameters, tracker setups and action parameters, its
character sheet and its options, into nested models: an int or float needs an upper bound, a list, tuple,
set or dict a maximum length, a str a maximum length (its own, or the model's str_max_length). Only a
sheet handed to a tracker's setup may hold values of any type, because the system's Character model
(walked here too) validates it, and the mapping itself is capped.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Iterator
from typing import Annotated, Any, Literal, get_args, get_origin

import annotated_types as at
import pytest
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from coin_system import CoinSystem
from runehall.systems import registry

CONTAINERS = (list, tuple, set, frozenset, dict)
SHEETS = {"character", "sheet", "hero"}  # setup fields holding a sheet, validated by the Character model


def _metadata(items: list[Any]) -> list[Any]:
    flat: list[Any] = []
    for m in items:
        flat += _metadata(list(m.metadata)) if isinstance(m, FieldInfo) else [m]
    return flat


def unbounded(model: type[BaseModel], where: str, seen: set[type[BaseModel]] | None = None) -> Iterator[str]:
    seen = set() if seen is None else seen
    if model in seen:
        return
    seen.add(model)
    text_cap = model.model_config.get("str_max_length")
    for name, field in model.model_fields.items():
        yield from _check(field.annotation, list(field.metadata), f"{where}.{name}", text_cap, seen, name in SHEETS)


def _check(
    tp: Any, meta: list[Any], where: str, text_cap: int | None, seen: set[type[BaseModel]], sheet: bool
) -> Iterator[str]:
    origin = get_origin(tp)
    if origin is Annotated:
        inner, *more = get_args(tp)
        yield from _check(inner, meta + more, where, text_cap, seen, sheet)
        return
    if origin in (typing.Union, types.UnionType):
        for arg in get_args(tp):
            if arg is not type(None):
                yield from _check(arg, meta, where, text_cap, seen, sheet)
        return
    if origin is Literal or tp is bool or (isinstance(tp, type) and issubclass(tp, enum.Enum)):
        return
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        yield from unbounded(tp, where, seen)
        return
    flat = _metadata(meta)
    upper = any(isinstance(m, at.Le | at.Lt) or getattr(m, "choices", None) for m in flat)  # or one of a few
    longest = any(isinstance(m, at.MaxLen) for m in flat)
    if tp in (int, float):
        if not upper:
            yield f"{where}: a {tp.__name__} with no upper bound"
    elif tp is str:
        if not longest and not text_cap:
            yield f"{where}: a str with no maximum length"
    elif origin in CONTAINERS or tp in CONTAINERS:
        fixed = origin is tuple and Ellipsis not in get_args(tp)  # tuple[int, int]: its length is its type
        if not longest and not fixed:
            yield f"{where}: a {(origin or tp).__name__} with no maximum length"
        for arg in get_args(tp):
            if arg is not Ellipsis and not (sheet and arg is Any):
                yield from _check(arg, [], f"{where}[]", text_cap, seen, False)
    else:
        yield f"{where}: {tp!r} cannot be checked for a cap"


def walk_system(system: Any) -> Iterator[str]:
    sid = system.id
    for name, mechanic in system.mechanics().items():
        yield from unbounded(mechanic.Params, f"{sid} {name}")
    for tname, tracker in system.trackers().items():
        yield from unbounded(tracker.Setup, f"{sid} {tname} setup")
        for aname, action in tracker.actions().items():
            yield from unbounded(action.Params, f"{sid} {tname} {aname}")
    if system.Character is not None:
        yield from unbounded(system.Character, f"{sid} character")
    yield from unbounded(system.Options, f"{sid} options")


@pytest.mark.parametrize("system_id", sorted(registry.systems()))
def test_every_field_a_request_fills_has_a_cap(system_id: str) -> None:
    missing = list(walk_system(registry.get(system_id)))
    assert not missing, "\n".join(missing)


def test_the_walk_finds_an_unbounded_field() -> None:
    """The contract test itself can fail: the test system caps its coins but not the heads needed."""
    found = list(walk_system(CoinSystem()))
    assert "coin flip.need: a int with no upper bound" in found
    assert not any(f.startswith("coin flip.coins") for f in found)

    class Loose(BaseModel):
        count: int
        names: list[str]
        ratio: float | None = None

    assert len(list(unbounded(Loose, "loose"))) == 4


def test_a_list_far_past_any_cap_is_refused_before_its_items_are_read(client: Any) -> None:
    """An attack: 80,000 sides for a contest of at most 8 were each validated first (0.6 s of CPU) and
    the refusal listed every one (3.6 MB). Now one line, before any item is read."""
    from service_fixtures import open_table

    table = open_table(client, "rune")
    before = table.gm.events()
    answer = table.gm.post("/odds", {"mechanic": "contest_many", "params": {"sides": [{}] * 80_000}})
    assert answer.status_code == 422 and "at most 1000 entries" in answer.json()["detail"]
    assert len(answer.content) < 1000
    broken = table.gm.post("/odds", {"mechanic": "contest_many", "params": {"sides": [{"bonus": "x"}] * 900}})
    assert broken.status_code == 422 and len(broken.content) < 5000  # at most 20 reasons, then a count
    assert "more" in broken.json()["detail"]
    assert table.gm.events() == before
