"""`runehall rune gifts [NAME]`: the Divine Gifts and Rune Powers (spec 001b §2.4-§2.6) as a table - name, god,
cost, levels, page - or one gift with a line on what it does, in the reader's language."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from runehall.cli import render, speech
from runehall.cli.common import JsonOut
from runehall.errors import N_
from runehall.present.words import Words, words_for
from runehall.systems.rune.gifts.catalog import Gift, gift, gifts
from runehall.systems.rune.rules import rules

NameArg = Annotated[
    str | None, typer.Argument(help="One gift's name (English or the reader's language) or id; none: all of them.")
]


def find(name: str, words: Words) -> Gift:
    """A gift by id, or by its name in English or in the reader's words (any case)."""
    wanted = name.strip().casefold()
    for found in gifts().values():
        if wanted in (found.id, found.name.casefold(), words(found.name).casefold()):
            return found
    return gift(name)  # refused, naming what was asked for


def row(found: Gift, words: Words) -> dict[str, str | int]:
    levels = words(N_("unlimited")) if found.max_level is None else found.max_level
    return {
        "name": words(found.name),
        "god": found.patron or words(N_("no god (a Rune Power)")),
        "cost": found.cost,
        "levels": levels,
        "page": found.page,
    }


def detail(found: Gift, words: Words) -> dict[str, str | int]:
    shown = {**row(found, words), "summary": words(found.summary)}
    if found.weapon is not None:
        weapon = next(w.name for w in rules().weapons.weapon if w.id == found.weapon)
        shown["weapon"] = words(weapon)
    return shown


def gifts_command(name: NameArg = None, as_json: JsonOut = False, lang: speech.LangOption = None) -> None:
    """List the Divine Gifts and Rune Powers, or show one of them."""
    words = words_for(speech.language(lang), "rune")
    out = render.out
    if name is not None:
        shown = detail(find(name, words), words)
        if as_json:
            typer.echo(json.dumps(shown, ensure_ascii=False))
            return
        out.print(str(shown["name"]), style="bold", markup=False)
        line = N_("{god} - {cost} VP a level - levels: {levels} - p. {page}")
        out.print(words(line, god=shown["god"], cost=shown["cost"], levels=shown["levels"], page=shown["page"]),
                  markup=False)  # fmt: skip
        if "weapon" in shown:
            out.print(words(N_("Weapon: {weapon}"), weapon=shown["weapon"]), markup=False)
        out.print(str(shown["summary"]), markup=False)
        return
    rows = [row(g, words) for g in gifts().values()]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    table = Table(box=None, pad_edge=False)
    for title, justify in ((N_("Gift"), "left"), (N_("God"), "left"), (N_("VP a level"), "right"),
                           (N_("Levels"), "right"), (N_("Page"), "right")):  # fmt: skip
        table.add_column(words(title), justify=justify)  # type: ignore[arg-type]  # "left" or "right"
    for r in rows:
        table.add_row(str(r["name"]), str(r["god"]), str(r["cost"]), str(r["levels"]), str(r["page"]))
    out.print(table)
