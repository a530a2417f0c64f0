"""The setup screen of a tracker (issue 13): a fight set up from lists (runehall.present.lineup), or, for a
tracker with no lineup (Ragnarök's game tree), its setup's own fields with the table's characters offered by
name. No JSON: a person ticks characters in, adds foes from the system's data and sees their numbers.

The form's names: `c.<character id>.in|side|x|y|player` for the table's characters, `f.<row>.kind|name|
side|x|y|player|keep` and `f.<row>.n.<field>` for a foe row (`keep`: the numbers typed by hand, which a
change of rank or threat leaves alone), `x.<field>` for the lineup's extras, `s.<field>` for a plain setup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from runehall.errors import N_, ParameterError, RunehallError
from runehall.play.board import board_of
from runehall.present.board import Seat
from runehall.present.lineup import NEXT, OWN, Entry, Lineup
from runehall.present.refusals import say
from runehall.present.words import Words
from runehall.systems.tracker import Tracker
from runehall.web import boards
from runehall.web.forms import Field, collect, fields, schema_of, validated
from runehall.web.lineup_rows import (
    FOE_SPACING,
    MAX_FOE_ROWS,
    FoeRow,
    foe_indexes,
    foe_row,
    from_table,
    grouped,
    number_text,
    place,
    plain_fields,
    prefixed,
    sub,
)


@dataclass
class CharacterRow:
    id: str
    name: str
    owner: str  # who made it, in words
    chosen: bool
    side: str
    x: str
    y: str
    player: str
    owner_id: str = ""  # who made it
    played_with: str = ""  # handed with another row, to whoever plays it: that row's name


@dataclass
class SetupForm:
    tracker: str
    title: str
    lineup: Lineup | None
    characters: list[CharacterRow] = field(default_factory=list)
    foes: list[FoeRow] = field(default_factory=list)
    kinds: list[tuple[str, list[tuple[str, str, str]]]] = field(default_factory=list)  # group -> (id, name, hint)
    extras: list[Field] = field(default_factory=list)
    plain: list[Field] = field(default_factory=list)  # a setup with no lineup: its own fields
    players: list[tuple[str, str]] = field(default_factory=list)  # ("" for the GM, id), name
    preview: Any = None  # the fight as it would start: its board drawn (web/boards.py), for its map
    pending: str = ""  # why it could not start yet, in words
    player: str | None = None  # a tracker played whole: who plays its character (None: no such choice)
    character: str = ""  # ... and the character it was drawn for (a new one brings its owner as player)
    refresh: list[str] = field(default_factory=list)  # fields whose change draws the form anew
    error: str = ""


def build(
    tracker: Tracker[Any],
    words: Words,
    options: Any,
    characters: list[dict[str, Any]],
    players: list[tuple[str, str]],
    owners: dict[str, str],
    form: dict[str, str] | None = None,
    *,
    is_gm: bool = True,
    viewer_id: str = "",
) -> SetupForm:
    """The setup screen as the person left it (`form`, None for a fresh one): characters ticked in, foe rows
    with their numbers worked out again, one row added or taken away when a button asked."""
    lineup = tracker.lineup(words, options)
    shown = SetupForm(tracker.name, words(tracker.title), lineup, players=players)
    if lineup is None:
        sent = sub(form or {}, "s.")
        table = from_table(tracker)
        values = collect(tracker.Setup, {k: v for k, v in sent.items() if k not in table}) if form else {}
        values.update({k: sent[k] for k in table if k in sent})
        shown.plain = prefixed(plain_fields(tracker, words, values, characters), "s.")
        if tracker.played_whole and is_gm:
            chosen = next((f.value for f in shown.plain if f.name[2:] in table), None)
            owner = next((c["owner"] for c in characters if c["id"] == chosen), "")
            kept = form is not None and (form or {}).get("was") == chosen and "player" in form
            shown.player = (form or {}).get("player", "") if kept else (owner if owner in dict(players) else "")
            shown.character = str(chosen or "")
        return shown
    fresh = form is None
    form = form or {}
    shown.kinds = grouped(lineup)
    first, second = lineup.sides[0][0], lineup.sides[min(1, len(lineup.sides) - 1)][0]
    mine = [c for c in characters if is_gm or lineup.everyone or c["owner"] == viewer_id]
    for i, c in enumerate(mine):
        key = f"c.{c['id']}."
        chosen = fresh or form.get(key + "in") in ("on", "true")
        player = c["owner"] if c["owner"] in dict(players) else ""
        shown.characters.append(
            CharacterRow(
                id=c["id"],
                name=str(c["sheet"].get("name") or "—"),
                owner=owners.get(c["owner"], ""),
                chosen=chosen,
                side=form.get(key + "side") or first,
                x=number_text(form.get(key + "x", ""), i * FOE_SPACING),
                y=number_text(form.get(key + "y", ""), 0),
                player=form.get(key + "player", player) if not fresh else player,
                owner_id=c["owner"],
            )
        )
    sheets = [c["sheet"] for c, row in zip(mine, shown.characters, strict=True) if row.chosen]
    rows = [sub(form, f"f.{i}.") for i in foe_indexes(form)]
    if fresh and lineup.foes:
        rows = [{"kind": lineup.foes[0].id}]
    # The Remove button is named "drop": a control named "remove" hides the form's own remove(), and htmx
    # calls it to swap the form anew (every refresh of the screen failed).
    if form.get("drop", "").isdigit() and int(form["drop"]) < len(rows):
        rows.pop(int(form["drop"]))
    if form.get("add") and len(rows) < MAX_FOE_ROWS:
        rows.append({"kind": rows[-1].get("kind", "") if rows else lineup.foes[0].id})
    for index, row in enumerate(rows):
        shown.foes.append(foe_row(tracker, lineup, words, options, index, row, sheets, second))
    extras = collect(lineup.Extras, sub(form, "x.")) if lineup.Extras is not None and form else {}
    if lineup.Extras is not None:
        picks = _picks(lineup, shown.characters, extras, viewer_id)
        shown.extras = prefixed(fields(lineup.Extras, extras, words, tracker.choice_label, list_rows=True), "x.")
        for f in shown.extras:
            if f.name[2:] in picks:
                f.kind, f.choices, f.value = "select", picks[f.name[2:]], extras.get(f.name[2:])
                f.choice_text = {n: n for n in f.choices}
                shown.refresh.append(f.name)  # who plays whom may follow it
        _hand_with(lineup, shown.characters, extras)
    _preview(shown, tracker, lineup, words, options, mine, extras)
    return shown


def _picks(lineup: Lineup, rows: list[CharacterRow], extras: dict[str, Any], viewer_id: str) -> dict[str, list[str]]:
    """The Extras fields that name a ticked character (`x-lineup`), each with the names it may take; `extras`
    gets each one's default where it holds none of them: the person's own character, or the one after it."""
    assert lineup.Extras is not None
    names = [r.name for r in rows if r.chosen]
    own = next((i for i, r in enumerate(r for r in rows if r.chosen) if r.owner_id == viewer_id), 0)
    picks = {}
    for name, prop in schema_of(lineup.Extras).get("properties", {}).items():
        which = prop.get("x-lineup")
        if which not in (OWN, NEXT):
            continue
        picks[name] = names
        if names and extras.get(name) not in names:
            extras[name] = names[(own + (which == NEXT)) % len(names)]
    return picks


def _preview(
    shown: SetupForm,
    tracker: Tracker[Any],
    lineup: Lineup,
    words: Words,
    options: Any,
    characters: list[dict[str, Any]],
    extras: dict[str, Any],
) -> None:
    """The fight as it would start, drawn as its board would draw it (where everyone stands, on the terrain),
    or what keeps it from starting yet, in words."""
    by_id = {c["id"]: c for c in characters}
    try:
        entries = [
            Entry(name=c.name, side=c.side, sheet=by_id[c.id]["sheet"], at=_at(lineup, c.x, c.y))
            for c in shown.characters
            if c.chosen
        ]
        entries += [
            Entry(name=r.name, side=r.side, foe=r.kind, numbers=r.values, at=_at(lineup, r.x, r.y))
            for r in shown.foes
            if not r.error
        ]
        if not entries:
            raise ParameterError(N_("nobody is in the fight yet: tick characters in or add foes"))
        if lineup.Extras is not None:
            extras = validated(lineup.Extras, **extras).model_dump(mode="json")
        made = tracker.lineup_setup(entries, extras, options)
        state = tracker.start(tracker.parse_setup(made.setup), options)
    except RunehallError as e:
        shown.pending = say(e, words, {f.name[2:]: f.label for f in shown.extras})  # its fields by their labels
        return
    board = board_of(tracker, state, words, Seat(), options)
    if board.map is not None:
        shown.preview = boards.draw(board, tracker, words, "setup")


def _hand_with(lineup: Lineup, rows: list[CharacterRow], extras: dict[str, Any]) -> CharacterRow | None:
    """The ticked character played with another (Lineup.played_with), its player and that one's name set;
    None when there is none."""
    if lineup.played_with is None:
        return None
    chosen = {r.name: r for r in rows if r.chosen}
    one, other = (chosen.get(str(extras.get(name, ""))) for name in lineup.played_with)
    if one is None or other is None or one is other:
        return None
    one.player, one.played_with = other.player, other.name
    return one


def _at(lineup: Lineup, x: str, y: str) -> tuple[float, float] | None:
    return place(x, y) if lineup.places else None
