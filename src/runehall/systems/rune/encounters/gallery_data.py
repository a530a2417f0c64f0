"""The schema of data/gallery.toml (the gallery's and the terrain extras' numbers at the table), validated
when the file loads, and the numbers read from the combat tracker's own files (missiles.toml's cover,
terrain.toml's elevation, slope and spotting), so the two never disagree."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from runehall.errors import RulesDataError
from runehall.present.words import N_
from runehall.systems.data import load_data, read_data_file
from runehall.systems.rune.encounters.dice_charts import Strict
from runehall.systems.rune.records import PACKAGE

Positive = Field(ge=1)


class Decoys(Strict):
    panic_die: int = Positive
    atk_penalty: int = Positive
    penalty_paces: int = Positive
    panic_paces: int = Positive
    down_difficulty: int = Positive


class Hostages(Strict):
    soak_bonus: int = Positive
    shields_against: int = Positive
    hp: int = Positive
    bypass_margin: int = Positive


class TubeStriker(Strict):
    object_paces: int = Positive
    hero_paces: int = Positive
    direction_die: int = Positive
    sever_damage: int = Positive
    tentacles: int = Positive


class Medic(Strict):
    net_damage: int = Positive
    escape_base: int = Positive


class Dishonored(Strict):
    recovery_difficulty: int = Positive


class LandCrab(Strict):
    clamp_margin: int = Positive


class Wendol(Strict):
    charge_paces: int = Positive
    crawl_out_rounds: int = Positive


class SarkAmen(Strict):
    leap_paces: int = Positive


class Rolling(Strict):
    dodge_difficulty: int = Positive
    land_on_by: int = Field(ge=0)
    entangled_dfn: int = Field(le=0)


class GalleryFile(Strict):
    schema_: Literal["runehall.rune.gallery"] = Field(alias="schema")
    schema_version: Literal[1]
    decoys: Decoys
    hostages: Hostages
    tube_striker: TubeStriker
    medic: Medic
    dishonored: Dishonored
    land_crab: LandCrab
    wendol: Wendol
    sark_amen: SarkAmen
    rolling: Rolling

    model_config = Strict.model_config | {"populate_by_name": True}


@cache
def gallery() -> GalleryFile:
    return load_data(PACKAGE, "gallery.toml", GalleryFile)


Cover = Literal["third", "half", "full"]


class Spotting(Strict):
    difficulty: dict[str, int]
    prone_bonus: int


@cache
def spotting() -> Spotting:
    """terrain.toml's Res Difficulty for a Self-Willed foe to find a hero hidden behind cover (and lying prone)."""
    raw = read_data_file(PACKAGE, "terrain.toml")
    found = Spotting(
        difficulty={row["cover"]: int(row["difficulty"]) for row in raw["spot_behind_cover"]},
        prone_bonus=int(raw["spot_rules"]["prone_bonus"]),
    )
    if sorted(found.difficulty) != ["full", "half", "third"]:
        raise RulesDataError(N_("terrain.toml: spotting behind cover needs a Difficulty for each size of cover"))
    return found


def spot_difficulty(cover: Cover, *, prone: bool = False) -> int:
    rule = spotting()
    return rule.difficulty[cover] + (rule.prone_bonus if prone else 0)
