"""A tracker put into play from its setup screen (web/lineup.py): the setup the form stands for, and who is
handed which combatants."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from runehall.errors import N_, ParameterError
from runehall.present.lineup import Entry, LineupSetup
from runehall.present.words import Words
from runehall.systems.tracker import Tracker
from runehall.web.forms import collect, validated
from runehall.web.lineup import build
from runehall.web.lineup_rows import MAX_FOE_ROWS, foe_indexes, from_table, place, sub


@dataclass
class Started:
    setup: dict[str, Any]
    controllers: dict[str, str]


def start(
    tracker: Tracker[Any],
    words: Words,
    options: Any,
    characters: list[dict[str, Any]],
    players: list[tuple[str, str]],
    form: dict[str, str],
    *,
    is_gm: bool,
    viewer_id: str,
) -> Started:
    """The setup the form stands for, and who is handed which combatants; ParameterError or RulesError (the
    tracker's own reasons) when it cannot make a fight."""
    lineup = tracker.lineup(words, options)
    if lineup is None:
        setup = _plain_setup(tracker, characters, form, is_gm, viewer_id)
        player = form.get("player", "")
        if not (tracker.played_whole and is_gm and player in dict(players)):
            return Started(setup, {})
        first = tracker.start(tracker.parse_setup(setup), options)
        return Started(setup, {key: player for key in tracker.combatants(first)})
    shown = build(tracker, words, options, characters, players, {}, form, is_gm=is_gm, viewer_id=viewer_id)
    by_id = {c["id"]: c for c in characters}
    entries: list[Entry] = []
    players_of: list[str] = []
    for c in shown.characters:  # (one played with another has that one's player: _hand_with)
        if c.chosen:
            at = place(c.x, c.y) if lineup.places else None
            entries.append(Entry(name=c.name, side=c.side, sheet=by_id[c.id]["sheet"], at=at, character=c.id))
            players_of.append(c.player)
    kinds = {k.id for k in lineup.foes}
    for index in foe_indexes(form)[:MAX_FOE_ROWS]:
        row = sub(form, f"f.{index}.")
        if row.get("kind") not in kinds:
            raise ParameterError(N_("choose a kind of foe from the list"))
        numbers = validated(lineup.Numbers, **collect(lineup.Numbers, sub(row, "n.")))
        at = place(row.get("x", "0"), row.get("y", "0")) if lineup.places else None
        name = row.get("name", "").strip() or next(k.name for k in lineup.foes if k.id == row["kind"])
        entry = Entry(name=name, side=row.get("side") or lineup.sides[-1][0], foe=row["kind"], at=at)
        entries.append(replace(entry, numbers=numbers.model_dump(mode="json")))
        players_of.append(row.get("player", ""))
    if not entries:
        raise ParameterError(N_("nobody is in the fight yet: tick characters in or add foes"))
    extras: dict[str, Any] = {}
    if lineup.Extras is not None:
        extras = validated(lineup.Extras, **collect(lineup.Extras, sub(form, "x."))).model_dump(mode="json")
    made: LineupSetup = tracker.lineup_setup(entries, extras, options)
    valid = dict(players)
    controllers = {
        key: player for keys, player in zip(made.keys, players_of, strict=True) if player in valid for key in keys
    }
    return Started(made.setup, controllers)


def _plain_setup(
    tracker: Tracker[Any], characters: list[dict[str, Any]], form: dict[str, str], is_gm: bool, viewer_id: str
) -> dict[str, Any]:
    sent = sub(form, "s.")
    table = from_table(tracker)
    values = collect(tracker.Setup, {k: v for k, v in sent.items() if k not in table})
    by_id = {c["id"]: c for c in characters}
    for name in table:
        chosen = by_id.get(sent.get(name, ""))
        if chosen is None:
            raise ParameterError(N_("choose a character of the table"))
        if not is_gm and chosen["owner"] != viewer_id:
            raise ParameterError(N_("only the owner or the game master can put this character in play"))
        values[name] = chosen["sheet"]
    return values
