"""A tracker's BoardView (runehall.present.board) made ready for the web's _board.html: each move as a form
(what it fixes sent as JSON, what it asks as fields, its target filled by a click on a card or the map),
the cards with who plays them and their side's colour, and the map's geometry in an SVG viewBox.

How a move posts (the tracker action route, web/tracker_pages.py): `action`, `params` (the move's fixed
parameters as JSON), `asked` (the parameters the person chose, comma-separated) and a `param-<name>` field
for each of them (a card's key for a target; "x, y" in the map's units, or `param-<name>.x` and `.y`, for a
point). The asked values replace the fixed ones; an asked field left empty is left out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from runehall.present.board import Area, BoardView, CombatantCard, Gauge, MapView, Move, Ring
from runehall.present.fields import Choices
from runehall.present.words import Words
from runehall.web.forms import Field, fields

PARAM = "param-"
SIDES = 6  # side colours in app.css (.side-0 ... .side-5), given in the order sides first appear


@dataclass
class MoveForm:
    """One move as the page draws it: a button, and the form it posts."""

    id: str
    action: str
    title: str
    hint: str
    params: str  # the fixed parameters, as JSON
    asked: str  # the parameters chosen on the page, comma-separated
    fields: list[Field]  # the asked ones' controls (the target's excepted), prefilled
    target: str = ""  # the parameter a click on a card (or the map) fills
    targets: str = ""  # the card keys it may take, a line each
    point: str = ""  # the target is a place on the map, not a card: how it is sent ("pair" or "xy")
    whole: bool = False  # the place in whole units (the map's click is rounded to them)
    random: bool = False  # draws: a "drawn by hand" field goes with its form
    quiet: bool = False  # a variant of another move: a smaller button
    editor: bool = False  # its parameters are a document edited on a screen of its own: a link to it
    group: str = ""  # the words of the group it is drawn in, among the table's moves


@dataclass
class CardView:
    card: CombatantCard
    side: int  # the side colour's number
    initial: str
    player: str  # who plays it, when a player was handed it
    moves: list[MoveForm] = field(default_factory=list)
    gauges: list[tuple[Gauge, float]] = field(default_factory=list)  # each with its share filled, 0 to 100


@dataclass
class Token:
    key: str
    name: str
    initial: str
    side: int
    x: float
    y: float
    active: bool
    out: bool


@dataclass
class RingDraw:
    ring: Ring
    label_x: float  # the label above the ring, kept inside the map (below it when the ring's top is outside)
    label_y: float


@dataclass
class MapDraw:
    map: MapView
    view_box: str
    grid: list[tuple[float, float, float, float]]  # lines: x1, y1, x2, y2 in the viewBox
    areas: list[tuple[Area, str, str]]  # each with its points in the viewBox and its kind's class
    legend: list[tuple[str, str]]  # (kind's class, label), once each
    tokens: list[Token]
    radius: float
    stroke: float
    snap: float  # a place clicked on the map is rounded to this many units (a quarter of a grid square)
    rings: list[tuple[str, float, float, list[RingDraw]]] = field(default_factory=list)  # (move id, x, y, rings)


@dataclass
class BoardDraw:
    board: BoardView
    cards: list[CardView]
    order: list[tuple[str, str, bool]]  # (key, name, active)
    table_moves: list[MoveForm]  # moves no card carries: the table's move bar
    map: MapDraw | None

    @property
    def move_groups(self) -> list[tuple[str, list[MoveForm]]]:
        """The table's moves by their group, in the order the groups first come."""
        groups: dict[str, list[MoveForm]] = {}
        for m in self.table_moves:
            groups.setdefault(m.group, []).append(m)
        return list(groups.items())


def _initial(name: str) -> str:
    letters = [c for c in name if c.isalnum()]
    return letters[0].upper() if letters else "?"


def _css(kind: str) -> str:
    """An area kind as a class name: letters and digits only."""
    cleaned = "".join(c for c in kind.lower() if c.isalnum())
    return f"area-{cleaned or 'plain'}"


@lru_cache(maxsize=256)
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON schema, made once (a page draws every move of every board)."""
    return model.model_json_schema()


def _point_param(action: Any, name: str) -> tuple[str, bool]:
    """How an action's parameter takes a place: "pair" (a list of two numbers, sent "x, y"), "xy" (an object,
    sent as JSON with x and y); "" when it takes a card's key. And whether it takes whole numbers only."""
    schema = _schema(action.Params)
    defs = schema.get("$defs", {})
    prop = schema.get("properties", {}).get(name, {})
    for option in [prop, *prop.get("anyOf", [])]:
        ref = option.get("$ref")
        if ref:
            option = defs.get(ref.rsplit("/", 1)[-1], {})
        if option.get("type") == "array":
            items = option.get("prefixItems") or [option.get("items", {})]
            return "pair", all(i.get("type") == "integer" for i in items)
        if option.get("type") == "object" or "properties" in option:
            props = option.get("properties", {}).values()
            return "xy", bool(props) and all(p.get("type") == "integer" for p in props)
    return "", False


def move_form(tracker: Any, move: Move, key: str, words: Words, choice_text: dict[str, str]) -> MoveForm:
    """A Move as a form: its fixed parameters sent whole, the asked ones as prefilled fields."""
    action = tracker.action(move.action)
    editor = bool(getattr(action, "editor", False))
    asked = [] if editor else [name for name in move.ask if name in action.Params.model_fields]
    shown: list[Field] = []
    if asked:
        values = {k: v for k, v in move.params.items() if k in asked}
        named = {value: said for options in move.choices.values() for value, said in options}

        def listed(path: str) -> Choices | None:
            options = move.choices.get(path)
            return Choices(tuple(v for v, _ in options), rows=True) if options is not None else None

        def label(name: str, value: str, w: Words) -> str | None:
            return named.get(value) if name in move.choices else action.choice_label(name, value, w)

        for f in fields(action.Params, values, words, label, listed, list_rows=bool(move.choices)):
            if f.name not in asked:
                continue
            if f.name == move.target:
                continue
            if f.name == action.actor_param and f.kind == "text" and choice_text:
                f.suggestions, f.choice_text = list(choice_text), dict(choice_text)  # anyone may be typed
            _prefix(f)
            shown.append(f)
    target = move.target if move.target and move.target in action.Params.model_fields else ""
    point, whole = _point_param(action, target) if target else ("", False)
    chosen = [*asked, target] if target and target not in asked else asked
    fixed = {k: v for k, v in move.params.items() if k not in chosen}
    return MoveForm(
        id=key,
        action=move.action,
        title=move.title,
        hint=move.hint,
        params=json.dumps(fixed, ensure_ascii=False, separators=(",", ":")),
        asked=",".join(chosen),
        fields=shown,
        target=target,
        targets="\n".join(move.targets),  # a line each: a name may hold spaces ("Grak 1")
        point=point,
        whole=whole,
        random=bool(getattr(action, "random", False)),
        quiet=move.quiet,
        editor=editor,
        group=move.group,
    )


def _prefix(f: Field) -> None:
    f.name = PARAM + f.name
    for child in (*f.children, *f.rows):
        _prefix(child)
    if f.template is not None:
        _prefix(f.template)


def draw(
    board: BoardView, tracker: Any, words: Words, tracker_id: str, players: dict[str, str] | None = None
) -> BoardDraw:
    """What _board.html draws; `players` names who plays each combatant (its key -> a person's name)."""
    players = players or {}
    names = {c.key: c.name for c in board.combatants}
    sides: dict[str, int] = {}
    cards: dict[str, CardView] = {}
    for c in board.combatants:
        side = sides.setdefault(c.side_key or c.side or "", len(sides) % SIDES)
        shares = [(g, 100.0 * max(0, min(g.value, g.maximum)) / g.maximum if g.maximum > 0 else 0.0) for g in c.gauges]
        cards[c.key] = CardView(c, side, _initial(c.name), players.get(c.key, ""), gauges=shares)
    table_moves: list[MoveForm] = []
    for n, move in enumerate(board.moves):
        form = move_form(tracker, move, f"mv-{tracker_id}-{n}", words, names)  # an id begins with a letter
        holder = cards.get(move.actor or "")
        (holder.moves if holder is not None else table_moves).append(form)
    active = {c.key for c in board.combatants if c.active}
    labels = board.order_labels
    order = [
        (
            k,
            (labels[i] if i < len(labels) and labels[i] else names.get(k, k)),
            i == board.order_now if board.order_now is not None else k in active,
        )
        for i, k in enumerate(board.order)
    ]
    drawn = _map(board.map, list(cards.values())) if board.map else None
    if drawn is not None:
        tokens = {t.key: t for t in drawn.tokens}
        for card in cards.values():
            for form, move in zip(card.moves, [m for m in board.moves if m.actor == card.card.key], strict=True):
                if move.rings and card.card.key in tokens:
                    token = tokens[card.card.key]
                    drawn.rings.append((form.id, token.x, token.y, _ring_labels(drawn, token, move.rings)))
    return BoardDraw(board, list(cards.values()), order, table_moves, drawn)


def _ring_labels(drawn: MapDraw, token: Token, rings: tuple[Ring, ...]) -> list[RingDraw]:
    """Each ring's label placed above it, inside the map: its width guessed from its letters."""
    size = drawn.radius * 0.9
    w, h = drawn.map.width, drawn.map.height
    out = []
    for ring in rings:
        half = min(len(ring.label) * size * 0.3, w / 2)
        x = min(max(token.x, half), w - half)
        y = token.y - ring.radius
        out.append(RingDraw(ring, round(x, 3), round(y if y > size else min(token.y + ring.radius + size, h), 3)))
    return out


def _map(m: MapView, cards: list[CardView]) -> MapDraw:
    """The map in a viewBox in its own units, y up (the state's y grows upwards; SVG's downwards)."""
    ox, oy = m.origin
    w, h = max(m.width, 1e-6), max(m.height, 1e-6)

    def at(x: float, y: float) -> tuple[float, float]:
        return round(x - ox, 3), round(h - (y - oy), 3)

    grid: list[tuple[float, float, float, float]] = []
    if m.grid > 0 and max(w, h) / m.grid <= 400:
        steps = int(w // m.grid)
        grid += [(i * m.grid, 0, i * m.grid, h) for i in range(1, steps + 1) if i * m.grid < w]
        steps = int(h // m.grid)
        grid += [(0, h - i * m.grid, w, h - i * m.grid) for i in range(1, steps + 1) if i * m.grid < h]
    areas = []
    legend: list[tuple[str, str]] = []
    for a in m.areas:
        points = " ".join(f"{px:g},{py:g}" for px, py in (at(x, y) for x, y in a.points))
        areas.append((a, points, _css(a.kind)))
        if (_css(a.kind), a.label) not in legend:
            legend.append((_css(a.kind), a.label))
    tokens = []
    for c in cards:
        if c.card.at is None:
            continue
        x, y = at(*c.card.at)
        tokens.append(Token(c.card.key, c.card.name, c.initial, c.side, x, y, c.card.active, c.card.out))
    # a token about fills a grid square (as on a battle mat), yet is never lost on a large map
    wide = max(w, h)
    radius = round(min(max(m.grid * 0.45 if m.grid > 0 else wide / 50, wide / 80), wide / 30), 3)
    snap = m.grid / 4 if m.grid > 0 else 0.1
    line = round(max(w, h) / 400, 4)  # thin lines whatever the map's units
    return MapDraw(m, f"0 0 {w:g} {h:g}", grid, areas, legend, tokens, radius, line, snap)
