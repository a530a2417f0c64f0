"""The setup screen of a tracker (issue 13): a fight set up from lists (runehall.present.lineup), or, for a
tracker with no lineup (Ragnarök's game tree), its setup's own fields with the table's characters offered by
name. No JSON: a person ticks characters in, adds foes from the system's data and sees their numbers.

The form's names: `c.<character id>.in|side|x|y|player` for the table's characters, `f.<row>.kind|name|
side|x|y|player|keep` and `f.<row>.n.<field>` for a foe row (`keep`: the numbers typed by hand, which a
change of rank or threat leaves alone), `x.<field>` for the lineup's extras, `s.<field>` for a plain setup.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from runehall.errors import N_, ParameterError, RunehallError
from runehall.play.board import board_of
from runehall.present.board import Seat
from runehall.present.lineup import NEXT, OWN, Entry, Lineup, LineupSetup
from runehall.present.refusals import say
from runehall.present.words import Words
from runehall.systems.tracker import Tracker
from runehall.web import boards
from runehall.web.forms import Field, collect, fields, schema_of, validated, walk

MAX_FOE_ROWS = 20  # foe rows on one screen; each may bring several (the tracker caps the combatants)
FOE_SPACING, SIDE_SPACING = 2, 8  # default starting places: paces between people, and between the sides


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
class FoeRow:
    index: int
    kind: str
    name: str
    side: str
    x: str
    y: str
    player: str
    keep: str
    numbers: list[Field]
    values: dict[str, Any] = field(default_factory=dict)  # the numbers as shown
    hint: str = ""
    fixed: tuple[str, ...] = ()  # numbers the rules set from the others: shown, not typed
    derives: str = ""  # the numbers that work the others out again (comma-separated)
    error: str = ""


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


def _prefixed(controls: list[Field], prefix: str) -> list[Field]:
    for f in walk(controls):
        f.name = prefix + f.name
    return controls


def _sub(form: dict[str, str], prefix: str) -> dict[str, str]:
    return {k[len(prefix) :]: v for k, v in form.items() if k.startswith(prefix)}


def _grouped(lineup: Lineup) -> list[tuple[str, list[tuple[str, str, str]]]]:
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for kind in lineup.foes:
        groups.setdefault(kind.group, []).append((kind.id, kind.name, kind.hint))
    return list(groups.items())


def _number(text: str, default: float) -> str:
    return text.strip() if text and text.strip() else str(int(default) if float(default).is_integer() else default)


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
        sent = _sub(form or {}, "s.")
        table = _from_table(tracker)
        values = collect(tracker.Setup, {k: v for k, v in sent.items() if k not in table}) if form else {}
        values.update({k: sent[k] for k in table if k in sent})
        shown.plain = _prefixed(_plain_fields(tracker, words, values, characters), "s.")
        if tracker.played_whole and is_gm:
            chosen = next((f.value for f in shown.plain if f.name[2:] in table), None)
            owner = next((c["owner"] for c in characters if c["id"] == chosen), "")
            kept = form is not None and (form or {}).get("was") == chosen and "player" in form
            shown.player = (form or {}).get("player", "") if kept else (owner if owner in dict(players) else "")
            shown.character = str(chosen or "")
        return shown
    fresh = form is None
    form = form or {}
    shown.kinds = _grouped(lineup)
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
                x=_number(form.get(key + "x", ""), i * FOE_SPACING),
                y=_number(form.get(key + "y", ""), 0),
                player=form.get(key + "player", player) if not fresh else player,
                owner_id=c["owner"],
            )
        )
    sheets = [c["sheet"] for c, row in zip(mine, shown.characters, strict=True) if row.chosen]
    rows = [_sub(form, f"f.{i}.") for i in _foe_indexes(form)]
    if fresh and lineup.foes:
        rows = [{"kind": lineup.foes[0].id}]
    # The Remove button is named "drop": a control named "remove" hides the form's own remove(), and htmx
    # calls it to swap the form anew (every refresh of the screen failed).
    if form.get("drop", "").isdigit() and int(form["drop"]) < len(rows):
        rows.pop(int(form["drop"]))
    if form.get("add") and len(rows) < MAX_FOE_ROWS:
        rows.append({"kind": rows[-1].get("kind", "") if rows else lineup.foes[0].id})
    for index, row in enumerate(rows):
        shown.foes.append(_foe_row(tracker, lineup, words, options, index, row, sheets, second))
    extras = collect(lineup.Extras, _sub(form, "x.")) if lineup.Extras is not None and form else {}
    if lineup.Extras is not None:
        picks = _picks(lineup, shown.characters, extras, viewer_id)
        shown.extras = _prefixed(fields(lineup.Extras, extras, words, tracker.choice_label, list_rows=True), "x.")
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
    return _place(x, y) if lineup.places else None


def _plain_fields(
    tracker: Tracker[Any], words: Words, values: dict[str, Any], characters: list[dict[str, Any]]
) -> list[Field]:
    """A setup's own fields; one that takes a character of the table is a choice of them by name."""
    table = _from_table(tracker)
    shown = fields(tracker.Setup, {k: v for k, v in values.items() if k not in table}, words, tracker.choice_label)
    for f in shown:
        if f.name in table:
            f.kind, f.required, f.description = "select", True, ""  # its hint speaks of a sheet typed whole
            f.choices = [c["id"] for c in characters]
            f.choice_text = {c["id"]: str(c["sheet"].get("name") or "—") for c in characters}
            f.value = values.get(f.name) if values.get(f.name) in f.choices else next(iter(f.choices), None)
    return shown


def _foe_row(
    tracker: Tracker[Any],
    lineup: Lineup,
    words: Words,
    options: Any,
    index: int,
    row: dict[str, str],
    sheets: list[Any],
    side: str,
) -> FoeRow:
    kinds = {k.id: k for k in lineup.foes}
    kind = row.get("kind", "") if row.get("kind") in kinds else lineup.foes[0].id
    changed = row.get("was", kind) != kind  # a new kind starts from its own numbers
    keep = [] if changed else [k for k in row.get("keep", "").split(",") if k]
    derives = _derives(lineup)
    typed = _sub(row, "n.")
    given_form = {k: v for k, v in typed.items() if not changed and (k in keep or k in derives)}
    error = ""
    try:
        sent = collect(lineup.Numbers, given_form)  # (an unticked box reads False: keep only what was there)
        drawn = "was" in row and not changed  # a row the person has seen: its derives fields are theirs
        given = {k: v for k, v in sent.items() if drawn and (k in keep or k in derives)}
        numbers = tracker.foe_numbers(kind, given, sheets, options)
    except RunehallError as e:
        error = say(e, words)
        numbers = {k: v for k, v in typed.items()}
    controls = fields(lineup.Numbers, numbers, words, tracker.choice_label)
    shows = set(kinds[kind].shows)
    for f in controls:
        if shows and f.name not in shows:  # kept as it is, out of sight: it does not apply to this kind
            f.kind = "hidden"
        f.name = f"f.{index}.n.{f.name}"
    default_name = kinds[kind].name
    name = row.get("name", "") if not changed and row.get("name") else default_name
    return FoeRow(
        index=index,
        kind=kind,
        name=name,
        side=row.get("side") or side,
        x=_number(row.get("x", ""), index * FOE_SPACING * 2),
        y=_number(row.get("y", ""), SIDE_SPACING),
        player=row.get("player", ""),
        keep=",".join(keep),
        numbers=controls,
        values=numbers,
        hint=kinds[kind].hint,
        fixed=kinds[kind].fixed,
        derives=",".join(sorted(derives)),
        error=error,
    )


def _foe_indexes(form: dict[str, str]) -> list[int]:
    found = {k.split(".")[1] for k in form if k.startswith("f.")}
    return sorted(int(i) for i in found if i.isdigit() and len(i) < 4)


def _derives(lineup: Lineup) -> set[str]:
    props = schema_of(lineup.Numbers).get("properties", {})
    return {name for name, prop in props.items() if prop.get("x-derives")}


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
            at = _place(c.x, c.y) if lineup.places else None
            entries.append(Entry(name=c.name, side=c.side, sheet=by_id[c.id]["sheet"], at=at, character=c.id))
            players_of.append(c.player)
    kinds = {k.id for k in lineup.foes}
    for index in _foe_indexes(form)[:MAX_FOE_ROWS]:
        row = _sub(form, f"f.{index}.")
        if row.get("kind") not in kinds:
            raise ParameterError(N_("choose a kind of foe from the list"))
        numbers = validated(lineup.Numbers, **collect(lineup.Numbers, _sub(row, "n.")))
        at = _place(row.get("x", "0"), row.get("y", "0")) if lineup.places else None
        name = row.get("name", "").strip() or next(k.name for k in lineup.foes if k.id == row["kind"])
        entry = Entry(name=name, side=row.get("side") or lineup.sides[-1][0], foe=row["kind"], at=at)
        entries.append(replace(entry, numbers=numbers.model_dump(mode="json")))
        players_of.append(row.get("player", ""))
    if not entries:
        raise ParameterError(N_("nobody is in the fight yet: tick characters in or add foes"))
    extras: dict[str, Any] = {}
    if lineup.Extras is not None:
        extras = validated(lineup.Extras, **collect(lineup.Extras, _sub(form, "x."))).model_dump(mode="json")
    made: LineupSetup = tracker.lineup_setup(entries, extras, options)
    valid = dict(players)
    controllers = {
        key: player for keys, player in zip(made.keys, players_of, strict=True) if player in valid for key in keys
    }
    return Started(made.setup, controllers)


def _place(x: str, y: str) -> tuple[float, float]:
    try:
        return float(x), float(y)
    except ValueError:
        raise ParameterError(N_("a starting place is two numbers (x and y)")) from None


def _plain_setup(
    tracker: Tracker[Any], characters: list[dict[str, Any]], form: dict[str, str], is_gm: bool, viewer_id: str
) -> dict[str, Any]:
    sent = _sub(form, "s.")
    table = _from_table(tracker)
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


def _from_table(tracker: Tracker[Any]) -> set[str]:
    """The setup's fields that take a character of the table (`"x-table": "characters"` in their schema)."""
    props = schema_of(tracker.Setup).get("properties", {})
    return {name for name, prop in props.items() if prop.get("x-table") == "characters"}
