"""A tracker's board in the terminal (runehall.present.board, as the web's _board.html draws it): the title
and where the game stands, the order of play with who acts now, a table of the combatants (gauges as text
bars or boxes with their numbers, badges, stats), the notes and sections, and the moves in words with what
each still asks. Every word comes from the board (the system's) or the shared catalog."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from runehall.present.board import BoardView, CombatantCard, Gauge, Move
from runehall.present.fields import label
from runehall.present.words import N_, Words

BAR = 10  # a gauge's bar, in characters
TONES = {"good": "green", "bad": "red", "warning": "yellow", "muted": "dim", "accent": "bold"}


def gauge(g: Gauge) -> Text:
    """A gauge as text: a bar (or a row of boxes) and its numbers, labelled."""
    shown = Text(f"{g.label} ")
    numbers = g.shown or f"{g.value} / {g.maximum}"
    if g.boxes and 0 < g.maximum <= 30:
        shown.append("■" * max(0, min(g.value, g.maximum)), style="red")
        shown.append("□" * max(0, g.maximum - max(0, g.value)))
    elif g.maximum > 0:
        full = round(BAR * max(0, min(g.value, g.maximum)) / g.maximum)
        shown.append("█" * full, style=TONES.get(g.tone, "green"))
        shown.append("░" * (BAR - full), style="dim")
    shown.append(f" {numbers}", style="bold")
    return shown


def _name(c: CombatantCard, words: Words) -> Text:
    shown = Text("▶ " if c.active else "  ", style="bold")
    shown.append(c.name, style="bold strike" if c.out else "bold")
    if c.active:
        shown.append(f" ({words(N_('acting now'))})")
    if c.out:
        shown.append(f" ({words(N_('out of the fight'))})", style="dim")
    return shown


def _asks(move: Move, tracker: Any, words: Words, names: dict[str, str]) -> str:
    """What a move still asks, in words: its target's choices, the fields' labels."""
    asks = []
    if move.target:
        choices = [names.get(k, k) for k in move.targets]
        asks.append(
            words(N_("a target: {names}"), names=words.join(choices, alternatives=True))
            if choices
            else words(N_("a place on the map"))
        )
    if move.ask:
        props: dict[str, Any] = {}
        if tracker is not None and move.action in tracker.actions():
            props = tracker.action(move.action).Params.model_json_schema().get("properties", {})
        asks.append(words.join(label(n, props.get(n, {}), words) for n in move.ask))
    return "; ".join(asks)


def draw(console: Console, board: BoardView, words: Words, title: str = "", tracker: Any = None) -> None:
    """The board on the console; `title` is the tracker's, left out when the board says the same; the
    `tracker` names what a move asks as its fields are labelled."""
    head = Text(board.title if board.title != title else "", style="bold")
    if board.phase:
        head.append((" · " if head.plain else "") + board.phase)
    if head.plain:
        console.print(head)
    names = {c.key: c.name for c in board.combatants}
    if board.order:
        active = {c.key for c in board.combatants if c.active}
        line = Text(f"{board.order_title or words(N_('Order of play'))}: ")
        labels = board.order_labels
        for n, key in enumerate(board.order, 1):
            said = labels[n - 1] if n - 1 < len(labels) and labels[n - 1] else names.get(key, key)
            now = n - 1 == board.order_now if board.order_now is not None else key in active
            line.append(f"{n}. {said}", style="bold reverse" if now else "")
            if n < len(board.order):
                line.append("  ")
        console.print(line)
    placed = board.map is not None and any(c.at is not None for c in board.combatants)
    if board.combatants:
        table = Table(show_header=True, header_style="bold", expand=False)
        columns = [N_("Combatant"), N_("Side"), N_("Health and tracks"), N_("State"), N_("Scores")]
        for column in [*columns, *([N_("Where")] if placed else [])]:
            table.add_column(words(column))
        for c in board.combatants:
            tracks = Text("\n").join(gauge(g) for g in c.gauges) if c.gauges else Text("—")
            badges = Text(", ").join(Text(b.label, style=TONES.get(b.tone, "")) for b in c.badges) or Text("—")
            stats = ", ".join(f"{s.label} {s.value}" for s in c.stats) or "—"
            where = [f"{c.at[0]:g}, {c.at[1]:g}" if c.at is not None else "—"] if placed else []
            table.add_row(_name(c, words), c.side or "—", tracks, badges, stats, *where, style="dim" if c.out else "")
        console.print(table)
    if board.map is not None:
        m = board.map
        terrain = " · ".join(dict.fromkeys(a.label for a in m.areas))
        size = f"{m.width:g} × {m.height:g} {m.unit}"
        console.print(words(N_("Map: {size}"), size=size) + (f"; {terrain}" if terrain else ""), markup=False)
    for note in board.notes:
        console.print(f"· {note}", markup=False)
    for section in board.sections:
        console.print(Text(section.title + (f" ({section.gloss})" if section.gloss else ""), style="bold"))
        for row in section.rows:
            label = row.label + (f" ({row.gloss})" if row.gloss else "")
            console.print(f"  {label}: {row.value}" if row.value else f"  {label}", markup=False)
    if board.moves:
        console.print(Text(words(N_("Moves you may make")), style="bold"))
        for move in board.moves:
            line = Text(f"  {move.title}", style="bold")
            if move.actor and move.actor in names and names[move.actor] not in move.title:
                line.append(f" ({names[move.actor]})")
            asks = _asks(move, tracker, words, names)
            if asks:
                line.append(" — " + words(N_("choose {what}"), what=asks))
            if move.hint:
                line.append(f" · {move.hint}", style="dim")
            console.print(line)
