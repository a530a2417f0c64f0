"""The contract's words: view titles, a default text that is a card, the API's labels in the system's
own English, and choices of a select labelled in words."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any, ClassVar

import pytest

from coin_system import CoinSystem, Flip
from runehall.chance.seeded import SeededSource
from runehall.present.check import program_values
from runehall.present.odds import summarize
from runehall.present.words import ENGLISH, Words, words_for
from runehall.systems import registry
from runehall.systems.base import Mechanic


class PlainFlip(Flip):
    """A mechanic that says nothing of its own: no render, no describe, no view titles."""

    render = Mechanic.render  # type: ignore[assignment]

    def views(self) -> dict[str, Callable[[tuple[int, bool]], Hashable]]:
        return {"win_or_lose": lambda o: o[1]}


class TitledFlip(Flip):
    name: ClassVar[str] = "titled"

    def view_titles(self, words: Words) -> dict[str, str]:
        return {"win": words("Whether the purse grows")}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return {True: "a win", False: "a loss"}.get(value) if view == "win" else None


@pytest.fixture
def coin() -> Iterator[CoinSystem]:
    system = CoinSystem()
    unregister = registry.register(system)
    try:
        yield system
    finally:
        unregister()


def test_the_default_render_is_the_cards_plain_text_never_a_stored_value(coin: CoinSystem) -> None:
    mechanic = PlainFlip()
    stored = mechanic.roll("coin", mechanic.parse_params({"coins": 3}), coin.options(), SeededSource(4), "Astrid")
    text = mechanic.render(stored.to_json())
    assert text.startswith("Astrid: Flip coins")
    assert program_values(text) == []
    assert "[" in text  # the coins drawn, as chips
    assert "{" not in text and "'" not in text


def test_the_default_view_title_reads_the_views_name_as_words(coin: CoinSystem) -> None:
    mechanic = PlainFlip()
    summary = summarize(mechanic, mechanic.odds(mechanic.parse_params({"coins": 2}), coin.options()), words_for("en"))
    assert summary.full[0].title == "Win or lose"
    assert PlainFlip().view_titles(words_for("en")) == {"win_or_lose": "Win or lose"}


def test_a_systems_view_titles_name_the_odds_tables(coin: CoinSystem) -> None:
    mechanic = TitledFlip()
    summary = summarize(mechanic, mechanic.odds(mechanic.parse_params({"coins": 2}), coin.options()), words_for("en"))
    assert summary.full[0].title == "Whether the purse grows"


def test_the_apis_labels_use_the_systems_own_english_words() -> None:
    # Ragnarök's tiers are labelled from its own catalog; the English is the source text, so what matters
    # is that the Odds carry the system's words (its package first), not the shared ones alone.
    system = registry.get("ragnarok")
    mechanic = system.mechanic("test")
    params = mechanic.parse_params({"bag": "4F,2M,1E", "destiny": 2, "difficulty": 1, "required_trait": "F"})
    odds = mechanic.odds(params, system.options())
    assert odds.words.packages[0] == type(system).__module__
    data = odds.to_json()
    labels = [row.get("label") for row in data["views"]["tier"]]
    assert all(labels) and not any(program_values(str(label)) for label in labels)
    spanish = odds.to_json(words_for("es", "ragnarok"))
    assert [row.get("label") for row in spanish["views"]["tier"]] != labels


def test_choice_labels_default_to_none_everywhere(coin: CoinSystem) -> None:
    words = words_for("en")
    assert Flip().choice_label("coins", "3", words) is None
    tracker = next(iter(coin.trackers().values()))
    assert tracker.choice_label("x", "y", words) is None
    assert next(iter(tracker.actions().values())).choice_label("x", "y", words) is None
    assert coin.Character is not None and coin.Character.choice_label("x", "y", words) is None
