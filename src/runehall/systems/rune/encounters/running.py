"""Running the game (spec 001b §3, 001c §10.1, §11): whose turn it is to run, who may proxy his hero and what
the proxy may do with it, the axe ritual at the hand-over, what the notes disclose and when, and the default
Difficulty of an unplanned roll. Wandering monsters, running away and foes' targets: running_risks.py (their
names are re-exported here).

Everything is pure: names and dice come in, decisions come out; a table keeps its own state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from runehall.errors import ParameterError, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.encounters.running_data import PROXY_ACTIONS, PlotKind, running_file
from runehall.systems.rune.encounters.running_risks import (
    Flight,
    TargetChoice,
    TargetFoe,
    TargetHero,
    Wandering,
    engage_everyone,
    legal_targets,
    run_away,
    sark_amen_trade,
    self_willed_may_switch,
    wandering_monsters,
)
from runehall.systems.rune.options import RuneOptions

__all__ = [
    "AXE_RITUAL",
    "DEFAULT_DIFFICULTY",
    "Flight",
    "RitualLine",
    "TargetChoice",
    "TargetFoe",
    "TargetHero",
    "Turn",
    "Wandering",
    "adventure_length",
    "check_proxy",
    "engage_everyone",
    "improvised_roll",
    "legal_targets",
    "may_read_notes",
    "may_see_foe_stats",
    "plot_schedule",
    "proxy_may",
    "rotation",
    "run_away",
    "sark_amen_trade",
    "self_willed_may_switch",
    "wandering_monsters",
    "who_plays",
]  # fmt: skip

TurnKind = Literal["encounter"] | PlotKind


@dataclass(frozen=True)
class Turn:
    """One encounter's runner, the pillagers he may pick as his proxy (everyone else), and in advanced play
    which kind of encounter it is (a cushion's number counts the adventure's cushions from 1)."""

    runner: str
    proxies: tuple[str, ...]
    kind: TurnKind = "encounter"
    cushion: int | None = None


def _players(players: Sequence[str]) -> tuple[str, ...]:
    named = tuple(players)
    least = running_file().rotation.min_players
    if len(named) < least:
        raise ParameterError(
            N_("a rotation needs at least {least} players, not {count}"), least=least, count=len(named)
        )
    if len(set(named)) != len(named):
        raise ParameterError(N_("each player is named once in a rotation"))
    return named


def adventure_length(players: int) -> int:
    """A basic adventure: as many encounters as players, and never fewer than six."""
    return max(running_file().rotation.adventure_at_least, players)


def rotation(players: Sequence[str], encounters: int | None = None) -> tuple[Turn, ...]:
    """Basic play: the runner's seat goes round the table in the given order, so over any stretch of
    encounters nobody runs more than once more than anyone else (the book asks for equal shares). By
    default the length of one basic adventure."""
    named = _players(players)
    count = adventure_length(len(named)) if encounters is None else encounters
    if count < 1:
        raise ParameterError(N_("a rotation runs at least one encounter, not {count}"), count=count)
    turns = []
    for i in range(count):
        runner = named[i % len(named)]
        turns.append(Turn(runner, tuple(p for p in named if p != runner)))
    return tuple(turns)


def plot_schedule(players: Sequence[str]) -> tuple[Turn, ...]:
    """Advanced play: the first player is the plotter. With three or more players he runs the set-up, the
    development and the climax, and every other player runs one cushion encounter between each two of them;
    with two players they alternate, the plotter running cushions too."""
    named = _players(players)
    rule = running_file().plot
    if len(named) >= rule.rule_from_players:
        plotter, others = named[0], named[1:]
        plan: list[tuple[str, PlotKind]] = [(plotter, "set_up")]
        plan += [(p, "cushion") for p in others] + [(plotter, "development")]
        plan += [(p, "cushion") for p in others] + [(plotter, "climax")]
    else:
        plan = [(named[who - 1], kind) for who, kind in rule.two_player_turns()]
    turns, cushions = [], 0
    for runner, kind in plan:
        cushions += kind == "cushion"
        number = cushions if kind == "cushion" else None
        turns.append(Turn(runner, tuple(p for p in named if p != runner), kind, number))
    return tuple(turns)


def check_proxy(turn: Turn, proxy: str) -> str:
    """The runner's pick of a proxy: any pillager, never himself."""
    if proxy == turn.runner:
        raise RulesError(N_("the runner cannot proxy his own hero: pick one of the other players"))
    if proxy not in turn.proxies:
        raise ParameterError(N_("{proxy} is not playing in this encounter"), proxy=proxy)
    return proxy


def who_plays(turn: Turn, proxy: str, heroes: dict[str, str] | None = None) -> dict[str, str]:
    """Who plays each hero this encounter (by the player who owns it, or `heroes`: player -> hero name):
    every pillager his own, the proxy the runner's as well. Every hero takes part."""
    check_proxy(turn, proxy)
    owners = [turn.runner, *turn.proxies]
    name = heroes or {p: p for p in owners}
    played = {name[p]: p for p in turn.proxies}
    played[name[turn.runner]] = proxy
    return played


# -- the proxy's limits (001b §3.1, 001c §11.3) ----------------------------------------------------------
PROXY_WORDS = {
    "combat_action": N_("act for the hero in the fight"),
    "non_combat_roll": N_("make a roll for the hero outside the fight"),
    "dispose_possessions": N_("give away, trade or sell the hero's possessions"),
    "keep_out_of_fight": N_("keep the hero out of the fight"),
    "withdraw": N_("retreat or withdraw the hero"),
    "spend_vp": N_("spend the hero's victory points"),
    "raise_divine_connection": N_("do what would raise the hero's Divine Connections"),
    "attack_hero": N_("make the hero attack another player's hero"),
    "silence_runner": N_("tell the runner to stop making suggestions"),
}
assert set(PROXY_WORDS) == set(PROXY_ACTIONS)


def proxy_may(action: str, *, permission: bool = False, vetoed: bool = False) -> Literal[True] | Refusal:
    """May the proxy do this with the runner's hero? True, or the refusal saying why not. `permission`: the
    runner allowed it; `vetoed`: the runner vetoed this roll (he may, even after being told to keep quiet)."""
    rule = next((r.rule for r in running_file().proxy_rule if r.action == action), None)
    if rule is None:
        raise ParameterError(N_("no kind of proxy action {action!r}"), action=action)
    what = Refusal(PROXY_WORDS[action])
    if rule == "never":
        return Refusal(N_("a proxy may never {what}"), {"what": what})
    if rule == "permission" and not permission:
        return Refusal(N_("a proxy may {what} only with the runner's permission"),
                       {"what": what})  # fmt: skip
    if rule == "runner_veto" and vetoed:
        return Refusal(N_("the runner vetoed this roll for his hero"))
    return True


# -- the axe ritual (001c §11.2): our own words, for the hand-over screen ---------------------------------
@dataclass(frozen=True)
class RitualLine:
    speaker: Literal["old", "new", "all"]
    words: str  # an English template with {old} and {new}, the two runners' names


AXE_RITUAL = (
    RitualLine("old", N_("My tale is told and my foes lie cold. Who here will carry the axe of {old}?")),
    RitualLine("new", N_("{new} will! Your beard is grey and your grip is weak, {old}. Hand it over.")),
    RitualLine("old", N_("Bold words, and a Viking's. Take it, {new}, and swing it well.")),
    RitualLine("all", N_("Hail to the runner! To Valhalla!")),
)


# -- what the notes disclose (001b §3.2, 001c §11.8) ----------------------------------------------------
def may_read_notes(
    encounter_over: bool, *, advanced: bool = False, clues_ahead: bool = False, hinted_played: bool = False
) -> bool:
    """The notes are shown once the encounter is over; in advanced play notes holding clues to later
    encounters may stay closed until all of those have been played."""
    if not encounter_over:
        return False
    return not (advanced and clues_ahead and not hinted_played)


def may_see_foe_stats(damaged_by_a_hero: bool, options: RuneOptions | None = None) -> bool:
    """A foe's statistics are given on request once a hero has damaged it (its type and category are always
    public), or at any time at a table whose option says so."""
    return damaged_by_a_hero or not (options or RuneOptions()).foe_stats_after_damage


# -- unplanned rolls (001c §11.6) ------------------------------------------------------------------------
DEFAULT_DIFFICULTY = running_file().improvising.default_difficulty


def improvised_roll(ability: str | None, characteristics: Sequence[str] = ()) -> tuple[int, int]:
    """An unplanned roll the runner allows: (Difficulty, encounter points it costs) - the default 6, free. He
    picks an Ability, or a pair of Characteristics, never one Characteristic alone (that would raise the
    Difficulty unpaid)."""
    if ability is None and len(characteristics) != 2:
        raise RulesError(N_("an unplanned roll uses an Ability or two Characteristics, never one alone"))
    rule = running_file().improvising
    return rule.default_difficulty, rule.cost
