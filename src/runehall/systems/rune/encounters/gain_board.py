"""The gains of an encounter run on its board (spec 001c §8-§9): a button for each gain of the event the heroes
are in, by its name, the hero picked among those standing (a treasure's button says its category chart's odds
first: the likeliest rows with their exact chances); the runner's move on to the next event; the haul home at the
end of the adventure; and what each hero carries, in words, for everyone to see."""

from __future__ import annotations

from fractions import Fraction

from runehall.present.board import Move
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.run_gains import offered
from runehall.systems.rune.encounters.run_progress import current_event
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.treasure.charts import category_chart
from runehall.systems.rune.treasure.rolling import ChartChance
from runehall.systems.rune.treasure.stored import item_from
from runehall.systems.rune.treasure.words import item_words, row_words

SHOWN_ROWS = 3  # a treasure's likeliest rows said on its button


def treasure_odds(category: str, words: Words) -> str:
    """A category's chart, its likeliest rows with their exact chances: "loot worth 1d10 ounces of silver 40%"."""
    found = category_chart(category)  # type: ignore[arg-type]  # a category of the notes, A-F
    odds = ChartChance(found, category).row_odds()  # type: ignore[arg-type]
    ranked: list[tuple[Fraction, int]] = sorted(((p, -i) for i, p in enumerate(odds) if p), reverse=True)
    said = [
        words(N_("{row}: {chance}"), row=row_words(found, found.rows[-i], words), chance=words.percent(p))
        for p, i in ranked[:SHOWN_ROWS]
    ]
    return words(N_("the chart's likeliest results: {odds}"), odds="; ".join(said))


def gain_moves(state: RunState, words: Words) -> list[Move]:
    """The runner's gain moves: each gain of the event the heroes are in, and moving on."""
    if state.notes is None:
        return []
    standing = tuple((h.name, h.name) for h in state.setup.heroes if state.tally.died(h.name) is None)
    moves = []
    for element in offered(state):
        gain = element.gain
        hint = treasure_odds(gain.category, words) if gain is not None and gain.kind == "treasure" else ""
        title = words(N_("Give: {gain}"), gain=element.name)
        moves.append(
            Move("give_gain", title, params={"gain": element.id}, ask=("hero",), choices={"hero": standing}, hint=hint)
        )
    after = current_event(state) + 1
    if state.fight is None and after < len(state.notes.events):
        moves.append(Move("next_event", words(N_("Move on to event {number}"), number=words.number(after + 1))))
    return moves


def haul_move(state: RunState, words: Words) -> list[Move]:
    if state.settlement is None or state.settlement.get("home"):
        return []
    return [Move("haul_home", words(N_("End the adventure: the hauls go home")))]


def hauls_section(state: RunState, words: Words) -> SheetSection | None:
    """What each hero carries: his silver, liar's silver, loot and the things a treasure gave him."""
    rows = []
    for hero in state.setup.heroes:
        haul = state.hauls.get(hero.name)
        if haul is None:
            continue
        parts = []
        if haul.ounces:
            parts.append(words.n("{n} ounce of silver", "{n} ounces of silver", haul.ounces))
        if haul.liars:
            parts.append(words.n("{n} piece of liar's silver", "{n} pieces of liar's silver", haul.liars))
        parts += [item_words(item_from(i), words) for i in haul.items]
        if parts:
            rows.append(SheetRow(hero.name, "; ".join(parts)))
    return SheetSection(words(N_("What the heroes carry")), tuple(rows)) if rows else None
