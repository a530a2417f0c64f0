"""The schema of data/running.toml (rotation, plot schedule, proxy limits, wandering monsters, running away,
the default Difficulty, Self-Willed target limits), validated when the file loads."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.data import load_data
from runehall.systems.rune.encounters.dice_charts import Row, Strict, check_chart
from runehall.systems.rune.foe_data import categories
from runehall.systems.rune.records import PACKAGE

ProxyAction = Literal[
    "combat_action", "non_combat_roll", "dispose_possessions", "keep_out_of_fight", "withdraw", "spend_vp",
    "raise_divine_connection", "attack_hero", "silence_runner",
]  # fmt: skip
PROXY_ACTIONS: tuple[str, ...] = ProxyAction.__args__  # type: ignore[attr-defined]
PlotKind = Literal["set_up", "cushion", "development", "climax"]


class Rotation(Strict):
    min_players: int = Field(ge=2)
    adventure_at_least: int = Field(ge=1)


class Plot(Strict):
    rule_from_players: int = Field(ge=3)
    two_players: tuple[str, ...]

    def two_player_turns(self) -> tuple[tuple[int, PlotKind], ...]:
        out: list[tuple[int, PlotKind]] = []
        for item in self.two_players:
            who, _, kind = item.partition(":")
            out.append((int(who), kind))  # type: ignore[arg-type]
        return tuple(out)


class ProxyRule(Strict):
    action: ProxyAction
    rule: Literal["allowed", "runner_veto", "permission", "never"]


class Wandering(Row):
    category: str
    dam: int = Field(ge=0)
    difficulty: int = Field(ge=1)


class WanderingRules(Strict):
    success_divisor: int = Field(ge=1)
    hp_floor: int = Field(ge=0)


class RunningAway(Strict):
    caught_hp: int = Field(ge=0)
    immune_below_hp: int = Field(ge=0)
    strip_base: int = Field(ge=0)
    strip_divisor: int = Field(ge=1)


class Improvising(Strict):
    default_difficulty: int
    cost: int


class Targets(Strict):
    switch_min_hp: int = Field(ge=0)
    switch_wounds_below: int = Field(ge=1)


class RunningFile(Strict):
    schema_: Literal["runehall.rune.running"] = Field(alias="schema")
    schema_version: Literal[1]
    rotation: Rotation
    plot: Plot
    proxy_rule: tuple[ProxyRule, ...]
    wandering: tuple[Wandering, ...]
    wandering_rules: WanderingRules
    running_away: RunningAway
    improvising: Improvising
    targets: Targets

    model_config = Strict.model_config | {"populate_by_name": True}

    @model_validator(mode="after")
    def _consistent(self) -> RunningFile:
        if sorted(r.action for r in self.proxy_rule) != sorted(PROXY_ACTIONS):
            raise Invalid(N_("one proxy rule for each kind of action: {kinds}"), kinds=", ".join(PROXY_ACTIONS))
        check_chart("wandering", self.wandering, 10)
        known = {c.id for c in categories()}
        for row in self.wandering:
            if row.category not in known:
                raise Invalid(N_("wandering monsters: no Threat Category {id!r}"), id=row.category)
        kinds = []
        for item in self.plot.two_players:
            who, colon, kind = item.partition(":")
            if not colon or who not in ("1", "2") or kind not in PlotKind.__args__:  # type: ignore[attr-defined]
                raise Invalid(N_("the two-player schedule lists 'runner:kind' items, not {item!r}"), item=item)
            kinds.append(kind)
        if kinds[0] != "set_up" or kinds[-1] != "climax" or kinds.count("development") != 1:
            raise Invalid(N_("a plot runs from its set-up through one development to its climax"))
        return self


@cache
def running_file() -> RunningFile:
    return load_data(PACKAGE, "running.toml", RunningFile)
