"""`runehall rune treasure C`: a whole treasure of a category rolled as at the table (spec 001c §8,
treasure/generate.py), every item in the reader's language, with the dice that gave it."""

from __future__ import annotations

import json
from typing import Annotated, get_args

import typer

from runehall.cli import speech
from runehall.cli.common import JsonOut, OptionPairs, choose_source, parse_options
from runehall.errors import N_, ParameterError
from runehall.present.words import words_for
from runehall.systems import registry
from runehall.systems.rune.treasure.charts import Category
from runehall.systems.rune.treasure.generate import Item, generate_treasure
from runehall.systems.rune.treasure.words import item_words

CategoryArg = Annotated[str, typer.Argument(help="The treasure's category, A to F.")]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="Seeded dice: the same seed gives the same treasure.")]
ManualOpt = Annotated[str | None, typer.Option("--manual", help="The faces rolled, in order, comma-separated.")]
GoldenOpt = Annotated[int, typer.Option("--golden", min=0, max=10, help="Golden Blade levels of the finder.")]


def _faces(item: Item) -> list[int]:
    """Every face of an item in the order rolled: the category rolls that led to it first, an amount's dice before
    the loot's form (the first of two items from one roll shows that roll too)."""
    before = [f for r in item.before for f in r.faces]
    rolls = [list(r.faces) for r in item.rolls]
    if item.ounces is not None:
        return before + rolls[0] + list(item.dice) + [f for r in rolls[1:] for f in r]
    return before + [f for r in rolls for f in r] + list(item.dice)


def treasure_command(
    category: CategoryArg,
    seed: SeedOpt = None,
    manual: ManualOpt = None,
    golden: GoldenOpt = 0,
    option: OptionPairs = None,
    as_json: JsonOut = False,
    lang: speech.LangOption = None,
) -> None:
    """Roll a whole treasure of a category: its chart and every chart it leads to."""
    letter = category.strip().upper()
    if letter not in get_args(Category):
        raise ParameterError(N_("a treasure's category is A, B, C, D, E or F, not {category!r}"), category=category)
    options = parse_options(registry.get("rune"), option or [])
    source = choose_source(seed, manual, None)
    items = generate_treasure(
        letter,  # type: ignore[arg-type]  # checked against Category above
        source,
        golden=golden,
        modifier_category=str(getattr(options, "treasure_modifier_category", "final")),
        potency_subrolls=str(getattr(options, "potency_subrolls", "reroll_9_and_0")),
    )
    source.finish()
    words = words_for(speech.language(lang), "rune")
    said = [item_words(item, words) for item in items]
    faces = [_faces(item) for item in items]
    if as_json:
        typer.echo(json.dumps({"category": letter, "items": said, "faces": faces}, ensure_ascii=False))
        return
    typer.echo(words("Category {category} treasure:", category=letter))
    for text, dice in zip(said, faces, strict=True):
        typer.echo(f"  {text}   [{' '.join(str(d) for d in dice)}]")
