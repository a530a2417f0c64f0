"""An import can't be turned against the server: a file of broken parts costs one refusal, not one error
object per field of every part (an attack's 16 MB of empty events took the server past 24 GB)."""

from __future__ import annotations

import tracemalloc

import pytest

from runehall.errors import ParameterError
from runehall.storage.exports import MAX_PARTS, parse_export


@pytest.mark.parametrize("part", ["events", "participants", "seeds"])
def test_a_file_of_broken_parts_is_refused_at_the_first_and_cheaply(part: str) -> None:
    document = {"format": "runehall-table/2", part: [{} for _ in range(min(200_000, MAX_PARTS[part]))]}
    tracemalloc.start()
    try:
        with pytest.raises(ParameterError, match=rf"{part}\.0\."):
            parse_export(document)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5 * 1024 * 1024, peak  # pydantic's whole-document errors took ~1.5 GB for this file


def test_the_number_of_parts_is_capped_before_any_is_checked() -> None:
    too_many = {"format": "runehall-table/2", "events": [None] * (MAX_PARTS["events"] + 1)}
    with pytest.raises(ParameterError, match="events: over its cap"):
        parse_export(too_many)


def test_an_epochs_streams_are_capped() -> None:
    seed = {"epoch": 0, "streams": [{}] * 20_004}
    with pytest.raises(ParameterError, match=r"seeds\.0\.streams: over its cap"):
        parse_export({"format": "runehall-table/2", "seeds": [seed]})
