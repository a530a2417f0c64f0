"""Issue 11, item 17: whatever a tracker action's result holds (measures as floats included), it is stored
as JSON and read back the same, and every float-bearing action is run through `play do` and `play log`
(whose text is the action's card), so one event can never break the text log from then on."""

from __future__ import annotations

import math
import types
import typing
from typing import Any, get_args, get_origin

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from runehall.chance.jsonable import jsonable
from runehall.systems import registry

# Float-bearing actions, each run through `play do` and `play log` in test_ragnarok_trust.py.
COVERED = {("ragnarok", "tree", "advance_time"), ("ragnarok", "tree", "enchantment")}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(JSON)
def test_any_stored_result_is_json_as_it_was(result: Any) -> None:
    assert jsonable(result) == result


def test_a_non_finite_number_is_refused_not_written() -> None:
    for bad in (math.inf, -math.inf, math.nan):
        with pytest.raises(TypeError):
            jsonable({"hours": bad})


def _has_float(tp: Any) -> bool:
    if tp is float:
        return True
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return any(_has_float(f.annotation) for f in tp.model_fields.values())
    origin = get_origin(tp)
    if origin is not None or isinstance(tp, types.UnionType) or origin is typing.Union:
        return any(_has_float(a) for a in get_args(tp))
    return False


def test_every_float_bearing_action_is_run_through_the_text_log() -> None:
    found = {
        (sid, tname, aname)
        for sid, system in registry.systems().items()
        for tname, tracker in system.trackers().items()
        for aname, action in tracker.actions().items()
        if _has_float(action.Params)
    }
    assert found == COVERED
