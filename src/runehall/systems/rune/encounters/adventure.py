"""An advanced adventure as data (spec 001c §10): its encounters in order, each with its place in the plot
(set-up, cushion, development, climax) and its hook, checked as a whole: each encounter priced against its role's
limit (001c §10.2, A-03) and the plot's order (§10.1: the set-up first, the climax last, one development between,
cushions around it). Runehall ships the book's sample adventure, "The Stolen Rune", as one (data/adventures/).

An adventure is a folder holding `adventure.toml` (title, hook, heroes, whether it is played outdoors, and its
`[[encounter]]`s: file, role, hook) and the encounters' notes files.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from runehall.errors import ParameterError, Refusal
from runehall.present.words import N_
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.rune.encounters.design import Encounter, Name, Text
from runehall.systems.rune.encounters.lines import Report
from runehall.systems.rune.encounters.running_data import PlotKind
from runehall.systems.rune.options import RuneOptions

PACKAGE = "runehall.systems.rune"
MAX_ENCOUNTERS = 24  # a long plot for many players: set-up, development, climax and cushions between
Hook = Literal[
    "underground", "scandinavia", "jotunheim", "nidavellir", "svartalfheim", "foreign_lands", "underwater",
    "other_dimensions",
]  # fmt: skip


class _Strict(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_max_length=4000)


class Entry(_Strict):
    file: Annotated[str, Field(min_length=1, max_length=80, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*\.(toml|json)$")]
    role: PlotKind
    hook: Hook | None = None  # None: the adventure's


class Adventure(_Strict):
    title: Name
    hook: Hook = "underground"
    heroes: int = Field(ge=2, le=12)
    outdoor: bool = False  # horses may be bought only for an outdoor adventure (001c §10.4)
    summary: Text = ""
    encounter: tuple[Entry, ...] = Field(min_length=1, max_length=MAX_ENCOUNTERS)


ORDER = N_("a plot runs from one set-up, first, through one development to one climax, last, cushions between")


def plot_refusals(adventure: Adventure) -> list[Refusal]:
    """The plot's order (001c §10.1): exactly one set-up, first; one development; one climax, last; cushions
    between (the sample's two pairs of cushions are allowed: the rotation is the table's, not the notes')."""
    roles = [e.role for e in adventure.encounter]
    legal = (
        roles[0] == "set_up"
        and roles[-1] == "climax"
        and roles.count("set_up") == roles.count("development") == roles.count("climax") == 1
    )
    if legal:
        return []
    return [Refusal(ORDER, {})]


@dataclass(frozen=True)
class Checked:
    entry: Entry
    encounter: Encounter
    report: Report


def shipped(name: str) -> Traversable:
    """The folder of an adventure Runehall ships (data/adventures/<name>), or one clear error."""
    folder = resources.files(PACKAGE).joinpath("data", "adventures", name.replace("-", "_"))
    if not name.replace("-", "_").isidentifier() or not folder.joinpath("adventure.toml").is_file():
        raise ParameterError(N_("Runehall ships no adventure called {name!r}"), name=name)
    return folder


def read(folder: Traversable) -> tuple[Adventure, list[Encounter]]:
    """An adventure folder's `adventure.toml` and its encounters' notes, each validated."""
    import tomllib

    from runehall import wire

    def parsed(name: str) -> Any:
        raw = folder.joinpath(name).read_bytes().decode("utf-8")
        return wire.loads_toml(raw, name) if name.endswith(".toml") else wire.loads(raw, name)

    try:
        adventure = validate_model(Adventure, parsed("adventure.toml"), "field")
        notes = [validate_model(Encounter, parsed(e.file), "field") for e in adventure.encounter]
    except (FileNotFoundError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ParameterError(N_("the adventure cannot be read: {e}"), e=str(e)) from None
    return adventure, notes


def check_adventure(
    adventure: Adventure, notes: Sequence[Encounter], totals_vp: Sequence[int] | None, options: RuneOptions
) -> tuple[list[Checked], list[Refusal]]:
    """Every encounter priced against its role's limit (plus the players' experience increase), and the plot's
    own refusals (its order)."""
    from runehall.systems.rune.encounters.validate import price_encounter

    checked = [
        Checked(entry, encounter, price_encounter(encounter, totals_vp, options, role=entry.role))
        for entry, encounter in zip(adventure.encounter, notes, strict=True)
    ]
    return checked, plot_refusals(adventure)
