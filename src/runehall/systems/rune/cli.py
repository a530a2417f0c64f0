"""Rune's own commands (`runehall rune ...`): an encounter's notes priced line by line and checked against
the rules, from a TOML or JSON file (spec 001b §5, §16.4.2). A refused design exits 2 with every reason."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from runehall.cli import render, speech
from runehall.cli.common import JsonOut, OptionPairs, parse_options, user_errors
from runehall.errors import N_, ParameterError, Refusal, RunehallError, typed_only
from runehall.files import read_document, write_json_atomic
from runehall.present.words import Words, words_for
from runehall.systems import registry
from runehall.systems.base import validate_model
from runehall.systems.rune.adventure_cli import adventure_app
from runehall.systems.rune.encounters import report_view
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.gifts.cli import gifts_command
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.cli import treasure_command

app = typer.Typer(help="Rune: encounters designed on a budget.", no_args_is_help=True)
encounter_app = typer.Typer(help="An encounter's notes: price them and check them against the rules.")
app.add_typer(encounter_app, name="encounter")
app.command("treasure")(user_errors(treasure_command))
app.add_typer(adventure_app, name="adventure")
app.command("gifts")(user_errors(gifts_command))

NotesFile = Annotated[Path, typer.Argument(help="The encounter's notes (TOML or JSON).")]
PlayFiles = Annotated[
    list[Path], typer.Argument(help="The session's encounter play files, in the order they were run.")
]
HeroesOut = Annotated[
    Path | None,
    typer.Option("--heroes-out", help="Write the heroes with their VP after these encounters (for the next one)."),
]
MAX_SESSION = 40
MAX_RUNS = 100_000  # a second or so each 10,000 on a small machine: beyond this the error shrinks too slowly to matter
HeroesFile = Annotated[
    Path, typer.Option("--heroes", help="The heroes (a JSON list of name and sheet, as the encounter takes).")
]
Runs = Annotated[int, typer.Option("--runs", help="How many fights to simulate (more: a smaller error).")]
Seed = Annotated[int, typer.Option("--seed", help="The simulation's seed: the same seed gives the same figures.")]
EventId = Annotated[str | None, typer.Option("--event", help="The fight's event (default: the notes' first fight).")]
Totals = Annotated[
    str | None,
    typer.Option("--totals", help="Every player's total VP, comma-separated (raises the limit: a majority's)."),
]
Heroes = Annotated[
    int | None, typer.Option("--heroes", help="The heroes at the table (default: as the notes were designed).")
]
MAX_PLAYERS = 12


def load(path: Path) -> Encounter:
    """A notes file as an Encounter, or one clear error naming every bad field."""
    data = read_document(path, Refusal(N_("encounter notes")))
    if not isinstance(data, dict):
        raise ParameterError(N_("encounter notes are a table of fields, not {kind}"), kind=type(data).__name__)
    return validate_model(Encounter, data, "field")


def totals_of(text: str | None) -> list[int] | None:
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not 1 <= len(parts) <= MAX_PLAYERS or not all(p.isdigit() and len(p) <= 9 for p in parts):
        raise ParameterError(
            N_("the players' totals{flag} are 1 to {most} whole numbers of VP, comma-separated, not {text!r}"),
            flag=typed_only(" (--totals)"),
            most=MAX_PLAYERS,
            text=text,
        )
    return [int(p) for p in parts]


def _priced(path: Path, totals: str | None, heroes: int | None, option: list[str] | None, lang: str | None):  # type: ignore[no-untyped-def]
    from runehall.systems.rune.encounters.validate import price_encounter  # the validator's one home

    words = words_for(speech.language(lang), "rune")
    encounter = load(path)
    options = parse_options(registry.get("rune"), option or [])
    assert isinstance(options, RuneOptions)
    report = price_encounter(encounter, totals_of(totals), options, heroes=heroes)
    return words, report_view.view(encounter, report, words)


def _show(shown: report_view.ReportView, words: Words, as_json: bool) -> None:
    if as_json:
        print(json.dumps(asdict(shown), ensure_ascii=False, indent=1))
        return
    out = render.out
    out.print(shown.title, style="bold", markup=False)
    table = Table(box=None, pad_edge=False)
    table.add_column(words(N_("Element")))
    table.add_column(words(N_("Rule")))
    table.add_column(words(N_("EP")), justify="right")
    for row in shown.rows:
        ep = f"{row.ep:+d}" if row.ep else "0"
        rule = row.rule if row.page is None else words(N_("{rule} (p. {page})"), rule=row.rule, page=row.page)
        if not row.counted:
            rule = words(N_("{rule}: not counted"), rule=rule)
        table.add_row(row.what, rule, ep, style=None if row.counted else "dim")
    out.print(table)
    out.print(
        words(
            N_("Spent {spent} of a limit of {limit}; earned {earned}."),
            spent=shown.spent,
            limit=shown.limit,
            earned=shown.earned,
        ),
        markup=False,
    )
    for warning in shown.warnings:
        out.print(words(N_("Warning: {text}"), text=warning), style="yellow", markup=False)
    for refusal in shown.refusals:
        out.print(words(N_("Refused: {text}"), text=refusal), style="red", markup=False)
    if shown.legal:
        out.print(words(N_("The design is within the rules.")), style="green", markup=False)


@encounter_app.command("price")
@user_errors
def price(
    path: NotesFile,
    totals: Totals = None,
    heroes: Heroes = None,
    option: OptionPairs = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Every line of the notes priced in encounter points, the rule that gave it, and the budget."""
    words, shown = _priced(path, totals, heroes, option, lang)
    _show(shown, words, as_json)


@encounter_app.command("validate")
@user_errors
def validate(
    path: NotesFile,
    totals: Totals = None,
    heroes: Heroes = None,
    option: OptionPairs = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Check the notes against the rules: exit 0 when they are legal, 2 with every reason when not."""
    words, shown = _priced(path, totals, heroes, option, lang)
    if shown.legal:
        _show(shown, words, as_json)
        return
    if as_json:
        _show(shown, words, True)
        raise typer.Exit(2)
    raise RunehallError(N_("the design breaks the rules: {reasons}"), reasons="; ".join(shown.refusals))


@app.command("session")
@user_errors
def session_command(
    paths: PlayFiles,
    heroes_out: HeroesOut = None,
    option: OptionPairs = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """A session's scoreboard from its encounters' play files: each player's gain, the winner, each encounter
    by its runner; with --heroes-out, the heroes as the next encounter takes them (their VP credited)."""
    from runehall.play.log import PlayLog
    from runehall.systems.rune.encounters import session
    from runehall.systems.rune.encounters.run_state import RunState

    if not 1 <= len(paths) <= MAX_SESSION:
        raise ParameterError(N_("a session has 1 to {most} encounters"), most=MAX_SESSION)
    words = words_for(speech.language(lang), "rune")
    states: list[RunState] = []
    for path in paths:
        log = PlayLog.from_json(read_document(path, Refusal(N_("play file"))))
        state = log.state()
        if not isinstance(state, RunState):
            raise ParameterError(N_("{path} is not an encounter's play file"), path=path)
        states.append(state)
    found = session.session_of(states)
    if found is None:
        raise ParameterError(N_("no encounter of these is settled yet"))
    if heroes_out is not None:
        write_json_atomic(heroes_out, session.heroes_after(states))
    if as_json:
        print(json.dumps({"gains": found.gains, "winners": sorted(found.winners)}, ensure_ascii=False, indent=1))
        return
    league = parse_options(registry.get("rune"), option or []).league  # type: ignore[attr-defined]
    for section in session.summary(states, words, league):
        render.out.print(section.title, style="bold", markup=False)
        for row in section.rows:
            gloss = f" ({row.gloss})" if row.gloss else ""
            render.out.print(f"  {row.label}{gloss}: {row.value}", markup=False)
    winners = words.join(words(N_("{hero}'s player"), hero=w) for w in sorted(found.winners))
    render.out.print(words(N_("The session's winner: {winners}"), winners=winners), style="green", markup=False)


@encounter_app.command("risk")
@user_errors
def risk(
    path: NotesFile,
    heroes: HeroesFile,
    event: EventId = None,
    runs: Runs = 10_000,
    seed: Seed = 0,
    option: OptionPairs = None,
    lang: speech.LangOption = None,
) -> None:
    """How dangerous a fight of the notes is for these heroes: each one's chance to be downed or to die and the
    VP each player and the runner can expect, estimated over simulated fights, with the error stated."""
    from runehall.systems.rune.encounters.risk import estimate
    from runehall.systems.rune.encounters.risk_words import said
    from runehall.systems.rune.encounters.run_state import HeroEntry

    words = words_for(speech.language(lang), "rune")
    if not 100 <= runs <= MAX_RUNS:
        raise ParameterError(N_("simulate 100 to {most} fights, not {runs}"), most=MAX_RUNS, runs=runs)
    notes = load(path)
    listed = read_document(heroes, Refusal(N_("the heroes")))
    if not isinstance(listed, list) or not 1 <= len(listed) <= MAX_PLAYERS:
        raise ParameterError(N_("the heroes are a list of 1 to {most} heroes"), most=MAX_PLAYERS)
    party = [validate_model(HeroEntry, h if isinstance(h, dict) else {}, "field") for h in listed]
    fights = [e for e in notes.events if e.combat and (event is None or e.id == event)]
    if not fights:
        raise ParameterError(N_("the notes have no fight {event!r}"), event=event or "")
    options = parse_options(registry.get("rune"), option or [])
    assert isinstance(options, RuneOptions) and fights[0].combat is not None
    sheets = [{"name": h.name, **h.sheet} for h in party]
    totals = [h.total_vp if h.total_vp is not None else int(h.sheet.get("vp_total", 0) or 0) for h in party]
    found = estimate(sheets, list(fights[0].combat.foes), runs=runs, seed=seed, options=options, total_vp=totals)
    for line in said(found, words):
        render.out.print(line, markup=False)
