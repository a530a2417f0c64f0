"""`runehall rune adventure ...`: an advanced adventure checked whole (spec 001c §10), from a folder holding its
adventure.toml and notes files, or by the name of one Runehall ships ("the-stolen-rune"): each encounter priced
against its plot role's limit, and the plot's order. A refused adventure exits 2 with every reason."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from runehall.cli import render, speech
from runehall.cli.common import JsonOut, OptionPairs, parse_options, user_errors
from runehall.errors import N_, RunehallError
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.encounters import report_view
from runehall.systems.rune.encounters.adventure import check_adventure, read, shipped
from runehall.systems.rune.options import RuneOptions

adventure_app = typer.Typer(help="An adventure's encounters, in the order of its plot: check them all.")
Where = Annotated[
    str, typer.Argument(help="The adventure's folder, or the name of one Runehall ships (the-stolen-rune).")
]
Totals = Annotated[
    str | None,
    typer.Option("--totals", help="Every player's total VP, comma-separated (raises every limit: a majority's)."),
]
Number = Annotated[int | None, typer.Option("--encounter", help="Show this encounter's lines (1 for the first).")]
ROLES = {
    "set_up": N_("plot set-up"),
    "cushion": N_("cushion"),
    "development": N_("plot development"),
    "climax": N_("plot climax"),
}


@adventure_app.command("validate")
@user_errors
def validate(
    where: Where,
    totals: Totals = None,
    encounter: Number = None,
    option: OptionPairs = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Price every encounter against its role's limit and check the plot: exit 0 when all is legal, else 2
    (with --encounter, that encounter's lines, and its own legality)."""
    from runehall.systems.rune.cli import _show, totals_of

    words = words_for(speech.language(lang), "rune")
    folder = Path(where)
    adventure, notes = read(folder if folder.is_dir() else shipped(where))
    options = parse_options(registry.get("rune"), option or [])
    assert isinstance(options, RuneOptions)
    checked, plot = check_adventure(adventure, notes, totals_of(totals), options)
    if encounter is not None and not 1 <= encounter <= len(checked):
        raise RunehallError(N_("the adventure has encounters 1 to {most}, not {number}"), most=len(checked),
                            number=encounter)  # fmt: skip
    views = [report_view.view(c.encounter, c.report, words) for c in checked]
    plot_said = [words(r.template, **r.values) for r in plot]
    legal = not plot_said and all(v.legal for v in views)
    if as_json:
        shown = {"title": adventure.title, "legal": legal, "refusals": plot_said, "encounters": [
            {"number": n, "role": words(ROLES[c.entry.role]), **asdict(v)}
            for n, (c, v) in enumerate(zip(checked, views, strict=True), 1)
        ]}  # fmt: skip
        print(json.dumps(shown, ensure_ascii=False, indent=1))
    elif encounter is not None:  # one encounter's lines: its own legality decides the exit
        _show(views[encounter - 1], words, False)
        legal = views[encounter - 1].legal
    else:
        out = render.out
        out.print(adventure.title, style="bold", markup=False)
        for n, (c, v) in enumerate(zip(checked, views, strict=True), 1):
            line = words(
                N_("{number}. {title} ({role}): spent {spent} of a limit of {limit}; earned {earned}"),
                number=n, title=v.title, role=words(ROLES[c.entry.role]), spent=v.spent, limit=v.limit,
                earned=v.earned,
            )  # fmt: skip
            out.print(line, style="green" if v.legal else "red", markup=False)
            for refusal in v.refusals:
                out.print(words(N_("Refused: {text}"), text=refusal), style="red", markup=False)
        for refusal in plot_said:
            out.print(words(N_("Refused: {text}"), text=refusal), style="red", markup=False)
        if legal:
            out.print(words(N_("The adventure is within the rules.")), style="green", markup=False)
    if not legal:
        raise typer.Exit(2)
