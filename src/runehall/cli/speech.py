"""The CLI in words: roll and action cards, odds as a decision aid, in the reader's language (Rich layout).

The same cards and odds summaries the web table draws (runehall.present), as terminal text: the headline
chances first, one chart with exactly / at least / at most and the rare outcomes folded, every row with
--full. Words come from the system's catalog and the shared one (runehall/present/locale), never from a
stored value printed as it is.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from runehall.errors import ParameterError
from runehall.present import fields as said
from runehall.present.card import Card
from runehall.present.odds import Bar, OddsSummary
from runehall.present.words import LANGUAGES, N_, Words

LangOption = Annotated[
    str | None, typer.Option("--lang", help="The language of the text: en or es (default: from LC_ALL or LANG).")
]
FullOption = Annotated[bool, typer.Option("--full", help="Every outcome of every table, as exact fractions.")]
BAR_WIDTH = 20

TONE_STYLE = {"success": "green", "triumph": "bold green", "failure": "red", "botch": "bold red", "neutral": ""}
SOURCES = {
    "secure": N_("rolled with the system's secure randomness"),
    "seeded": N_("seeded roll (seed {seed}): reproducible, not for real play"),
    "manual": N_("rolled by hand"),
    "fair": N_("fair roll {nonce}, commitment {commitment}…"),
}


def language(asked: str | None) -> str:
    """--lang, else the environment's language when it is Spanish, else English."""
    if asked is not None:
        if asked not in LANGUAGES:
            raise ParameterError(N_("--lang takes {value}, not {asked!r}"), value=" or ".join(LANGUAGES), asked=asked)
        return asked
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


def card(console: Console, shown: Card, number: str = "", struck: str = "") -> None:
    """A card: who did what and the result (coloured by its tone), its rows, the dice or runes, the total."""
    head = Text(f"{number} " if number else "")
    head.append(shown.action, style="bold strike" if struck else "bold")
    if shown.result:
        head.append(": ")
        head.append(shown.result, style=TONE_STYLE.get(shown.tone, ""))
    if struck:
        head.append(f" ({struck})", style="dim")
    console.print(head)
    for row in shown.rows:
        line = Text("    ")
        line.append(row.label, style="dim")
        line.append(f" {row.value}")
        console.print(line)
    if shown.chips or shown.total is not None:
        line = Text("    ")
        for chip in shown.chips:
            if chip.state == "dropped":
                line.append(chip.text, style="dim strike")
            elif chip.mark in ("botch", "triumph", "critical"):
                line.append(chip.text, style=TONE_STYLE.get(chip.mark, "bold"))
            else:
                line.append(chip.text, style="bold")
            line.append(" → " if chip.state == "exploded" else " ")
        if shown.total is not None:
            line.append(f"= {shown.total}", style="bold")
        console.print(line)


def source_note(source: Mapping[str, Any], words: Words) -> str:
    kind = str(source.get("kind", ""))
    message = SOURCES.get(kind)
    if message is None:
        return ""
    commitment = str(source.get("commitment", ""))[:16]
    return words(message, seed=source.get("seed"), nonce=source.get("nonce"), commitment=commitment)


def _percent(p: Fraction | None, words: Words) -> str:
    return "" if p is None else words.percent(p)


def _chart(title: str, rows: tuple[Bar, ...], ordered: bool, words: Words) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold")
    table.add_column(words(N_("Outcome")), justify="right")
    table.add_column(words(N_("exactly")), justify="right")
    if ordered:
        table.add_column(words(N_("at least")), justify="right")
        table.add_column(words(N_("at most")), justify="right")
    table.add_column("")
    top = max((r.probability for r in rows), default=Fraction(1)) or Fraction(1)
    for r in rows:
        bar = "█" * round(BAR_WIDTH * r.probability / top)
        cells: list[Text | str] = [Text(r.label, style="italic" if r.folded else ""), _percent(r.probability, words)]
        if ordered:
            cells += [_percent(r.at_least, words), _percent(r.at_most, words)]
        table.add_row(*cells, bar)
    return table


def _exact(title: str, rows: tuple[Bar, ...], words: Words) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold")
    table.add_column(words(N_("Outcome")), justify="right")
    table.add_column(words(N_("exact odds")), justify="right")
    table.add_column("%", justify="right")
    for r in rows:
        table.add_row(r.label, f"{r.probability.numerator}/{r.probability.denominator}", words.percent(r.probability))
    return table


def headline(summary: OddsSummary, words: Words) -> Text:
    line = Text()
    for i, h in enumerate(summary.headline):
        if i:
            line.append(" · ", style="dim")
        line.append(f"{h.label} ")
        line.append(words.percent(h.probability), style=f"bold {TONE_STYLE.get(h.tone, '')}".strip())
    if not summary.headline and summary.mean is not None:
        line.append(f"{words(N_('Average'))} ")
        line.append(words.number(summary.mean), style="bold")
    return line


def odds(console: Console, title: str, asked: str, summary: OddsSummary, words: Words, full: bool) -> None:
    """The odds as the web's panel shows them: title and what was asked, the headline, the chart; --full
    adds every table exact."""
    console.print(Text(title, style="bold"))
    if asked:
        console.print(Text(asked, style="dim"))
    line = headline(summary, words)
    if line.plain:
        console.print(line)
    chart = "" if summary.chart.title == title else summary.chart.title  # the title is said once
    console.print(_chart(chart, summary.chart.rows, summary.ordered, words))
    if summary.mean is not None and summary.headline:
        console.print(f"{words(N_('Average'))}: {words.number(summary.mean)}")
    if summary.truncation is not None:
        depth, mass = summary.truncation
        console.print(
            words(
                N_("Explosions stop after {depth} extra dice; runs reaching that limit have probability {mass}."),
                depth=words.number(depth),
                mass=words.percent(mass),
            ),
            style="dim",
        )
    if full:
        for table in summary.full:
            console.print(_exact(table.title, table.rows, words))


def asked(model: Any, params: Mapping[str, Any], words: Words, choice: said.ChoiceLabel | None = None) -> str:
    """The parameters given, as "label: value" in words (nested values, such as a sheet, and values left at
    their default are left out); `choice`: the mechanic's own words for a select's choice (a chart by its title)."""
    props = model.model_json_schema().get("properties", {})
    parts = []
    for name, value in params.items():
        if "default" in props.get(name, {}) and props[name]["default"] == value:
            continue
        if (
            value is None
            or isinstance(value, dict)
            or (isinstance(value, list) and not all(isinstance(v, str | int) for v in value))
        ):
            continue
        if isinstance(value, bool):
            shown = words(said.YES_NO["true" if value else "false"])
        elif isinstance(value, list):
            shown = words.join(str(v) for v in value)
        elif isinstance(value, int):
            shown = words.number(value)
        else:
            shown = said.choice(name, str(value), words, choice)
        parts.append(f"{said.label(name, props.get(name, {}), words)}: {shown}")
    return " · ".join(parts)
