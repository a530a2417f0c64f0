"""Settling an encounter's tally (spec 001b §6.6, in its normative order): the proxy's share, the automatic
zeros, the pillagers' provisional standings, Valhalla's Gaping Maw, Odin's punishment of the slothful, the
runner's categories (terrain capped at 80 after the history rule, the Trifecta, the beginner's compensation),
his dead heroes, and the crediting through each player's deficit.

Every score comes with its breakdown: lines a person reads, each an English template with its values, said
in the reader's language by `ScoreLine.said`. `standing` gives the same scores live, before anything is
credited, for a scoreboard everyone sees during play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.accounts import A, credit
from runehall.systems.rune.encounters.scoring_data import scoring
from runehall.systems.rune.encounters.tally import HERO_HANDS, Tally, VPEvent
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.legendary_vp import death_penalty

PILLAGER_KINDS = (
    ("damage_dealt", N_("Damage dealt to foes")),
    ("death_blow", N_("Death blows")),
    ("success", N_("Rolls of the notes made")),
    ("gift_bonus", N_("Divine Gifts")),
    ("deed", N_("Viking deeds of the notes")),
    ("hostage_freed", N_("Hostages freed")),
    ("hostage_slain", N_("Hostages slain")),
    ("damage_taken", N_("Damage taken")),
    ("status_loss", N_("Loss of status")),
    ("pvp_damage", N_("Attacks on other heroes")),
)


@dataclass(frozen=True)
class ScoreLine:
    rule: str  # an English template: N_("Dead hero: {hero}")
    vp: int
    values: Mapping[str, Any]
    counted: bool = True  # False: shown, but worth nothing (a hero almost down who died later)

    def said(self, words: Words) -> str:
        return words(self.rule, **{k: _said(k, v, words) for k, v in self.values.items()})


def _said(key: str, value: Any, words: Words) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return words.number(value)
    return words(value) if key == "what" else value  # "what" holds a label of ours; names stay as written


def _line(rule: str, vp: int, counted: bool = True, **values: Any) -> ScoreLine:
    return ScoreLine(rule, vp, values, counted)


@dataclass(frozen=True)
class PlayerScore:
    player: str
    is_runner: bool
    lines: tuple[ScoreLine, ...]
    raw: int  # awards less deductions before Valhalla (a runner: his positive points)
    standing: int | None  # a pillager's provisional standing (1 = winner)
    valhalla: int
    zeroed: bool
    slothful_halved: bool
    score: int  # the encounter's score (only a runner's can be negative)
    paid_to_deficit: int = 0
    credited: int = 0
    deficit_added: int = 0


@dataclass(frozen=True)
class RunnerCategories:
    thanks: int
    almost_down: int
    chortle: int
    terrain: int  # before the cap
    terrain_counted: int
    share: int
    trifecta: int
    beginner: int
    dead_heroes: int  # the VP taken for them
    arguing: int


@dataclass(frozen=True)
class Settlement(Generic[A]):
    scores: Mapping[str, PlayerScore]
    runner: RunnerCategories
    accounts: Mapping[str, A]
    slothful: frozenset[str]  # still slothful after this encounter (its runner no longer is)
    terrain_kinds: frozenset[str]  # this encounter's, for the runner's history

    def credited(self) -> dict[str, int]:
        return {p: s.credited for p, s in self.scores.items()}


@dataclass(frozen=True)
class Standing:
    scores: Mapping[str, int]
    leaders: frozenset[str]


def _counts(tally: Tally, event: VPEvent) -> bool:
    # A land crab scores only once killed and eaten while rations are short (001b §9).
    if not event.meta.get("crab"):
        return True
    return any(e.meta.get("foe") == event.meta.get("foe") for e in tally.of("crab_eaten"))


def _hero_lines(tally: Tally, hero: str) -> list[ScoreLine]:
    lines = []
    for kind, label in PILLAGER_KINDS:
        found = [e for e in tally.events if e.kind == kind and e.hero == hero and _counts(tally, e)]
        if found:
            lines.append(_line(N_("{what} ({times})"), sum(e.amount for e in found), what=label, times=len(found)))
    return lines


def _net(lines: Sequence[ScoreLine]) -> int:
    return sum(line.vp for line in lines if line.counted)


def _dead(tally: Tally, runner_side: bool, options: RuneOptions) -> list[str]:
    """Dead heroes that cost VP: not those killed at another hero's hands (A-37, unless the table charges the
    runner for them)."""
    charged = runner_side and options.runner_charged_for_pvp_deaths
    return [e.hero for e in tally.of("hero_died") if e.hero and (charged or e.meta["cause"] not in HERO_HANDS)]


def _arguing(tally: Tally, player: str) -> int:
    return sum(e.amount for e in tally.of("arguing") if e.player == player)


def _scores(
    tally: Tally, history: Sequence[frozenset[str]], options: RuneOptions
) -> tuple[dict[str, PlayerScore], RunnerCategories]:
    rules, names = scoring(), {s.hero: s.name for s in tally.seats}
    h_r = tally.runner_hero
    r_lines = _hero_lines(tally, h_r)
    net_r = 0 if tally.died(h_r) else max(0, _net(r_lines))
    share = net_r // 2
    killers = {e.meta["killer"] for e in tally.of("hero_died") if e.meta["cause"] == "hero_deliberate"}
    dead = _dead(tally, False, options)
    rows: dict[str, tuple[list[ScoreLine], int, bool]] = {}
    for seat in tally.seats:
        if seat.player == tally.runner:
            continue
        lines = _hero_lines(tally, seat.hero)
        if _arguing(tally, seat.player):
            lines.append(_line(N_("Arguing a ruling"), _arguing(tally, seat.player)))
        if seat.player == tally.proxy:
            lines.append(_line(N_("Half of {hero}'s net ({net})"), share, hero=names[h_r], net=net_r))
        zero = None
        if tally.died(seat.hero):
            zero = _line(N_("{hero} died: this encounter scores 0"), 0, hero=seat.name)
        elif seat.player == tally.proxy and tally.died(h_r):
            zero = _line(N_("{hero} died while in the proxy's hands: this encounter scores 0"), 0, hero=names[h_r])
        elif seat.hero in killers:
            zero = _line(N_("{hero} killed another hero on purpose: this encounter scores 0"), 0, hero=seat.name)
        raw = _net(lines)
        rows[seat.player] = ([*lines, zero] if zero else lines, raw, zero is not None)
    provisional = {p: 0 if z else raw for p, (_, raw, z) in rows.items()}
    out: dict[str, PlayerScore] = {}
    for player, (lines, raw, zeroed) in rows.items():
        standing = 1 + sum(1 for v in provisional.values() if v > provisional[player])
        hero = tally.seat_of(player).hero
        others = [d for d in dead if d != hero]
        per = rules.valhalla_vp(standing, options.valhalla_low_rank_penalty)
        cloak = tally.seat(hero).cloak  # the Blue Cloak of Treachery: 25X less a death (treasure/legendary_vp.py)
        valhalla = death_penalty(per, cloak) * len(others)
        if others and not zeroed:
            lines.append(
                _line(
                    N_("Valhalla's Gaping Maw: {dead} dead, standing {standing}"),
                    -per * len(others),
                    dead=len(others),
                    standing=standing,
                )
            )
            if valhalla < per * len(others):
                lines.append(_line(N_("Blue Cloak of Treachery: VP spared of Valhalla's Gaping Maw"),
                                   per * len(others) - valhalla))  # fmt: skip
        score = 0 if zeroed else max(0, raw - valhalla)
        if not zeroed and raw - valhalla < 0:
            lines.append(_line(N_("A pillager never scores below 0"), score - (raw - valhalla)))
        halved = player in tally.slothful
        if halved:
            cut = score - score // rules.pillager.slothful_divisor
            lines.append(_line(N_("Odin punishes the slothful: half"), -cut))
            score -= cut
        out[player] = PlayerScore(
            player, False, tuple(lines), raw, standing, valhalla if not zeroed else 0, zeroed, halved, score
        )
    cats, r_score_lines = _runner(tally, history, options, share, net_r)
    score_r = sum(line.vp for line in r_score_lines if line.counted)
    raw_r = score_r + cats.dead_heroes - cats.arguing
    out[tally.runner] = PlayerScore(tally.runner, True, tuple(r_score_lines), raw_r, None, 0, False, False, score_r)
    return out, cats


def _runner(
    tally: Tally, history: Sequence[frozenset[str]], options: RuneOptions, share: int, net_r: int
) -> tuple[RunnerCategories, list[ScoreLine]]:
    rule, names, h_r = scoring().runner, {s.hero: s.name for s in tally.seats}, tally.runner_hero
    lines = [_line(N_("Thank you for playing"), rule.thanks)]
    almost = 0
    for e in tally.of("runner_almost_down"):
        assert e.hero is not None
        if tally.died(e.hero):
            lines.append(_line(N_("{hero} almost down, but died later: nothing"), 0, False, hero=names[e.hero]))
        elif e.hero == h_r and not options.almost_down_includes_own_hero:
            lines.append(
                _line(N_("{hero} almost down, his own hero: nothing at this table"), 0, False, hero=names[e.hero])
            )
        else:
            lines.append(_line(N_("Almost down, but not quite out: {hero}"), e.amount, hero=names[e.hero]))
            almost += e.amount
    chortle = 0
    for e in tally.of("runner_chortle"):
        assert e.hero is not None
        said = N_("Chortle: {hero} failed a roll of the notes by {shortfall}")
        if e.meta["freestanding"]:
            said = N_("{hero} failed a Freestanding roll: nothing")
        lines.append(_line(said, e.amount, bool(e.amount), hero=names[e.hero], shortfall=e.meta["shortfall"]))
        chortle += e.amount
    recent = frozenset().union(*history[len(history) - rule.history :]) if rule.history and history else frozenset()
    terrain = 0
    for e in tally.of("runner_terrain"):
        kind, name = e.meta["feature_kind"], e.meta["name"]
        label = (
            N_("A trap in play")
            if kind == "trap"
            else N_("A goblin leader in play")
            if kind == "goblin_leader"
            else N_("A terrain feature in play")
        )
        if name:
            label = N_("In play: {feature}")
        if kind != "trap" and kind in recent:
            again = N_("{feature}: a kind of terrain from his last {n} encounters, nothing")
            if not name:
                again = N_("A kind of terrain from his last {n} encounters: nothing")
            lines.append(_line(again, 0, False, feature=name or "", n=rule.history))
            continue
        lines.append(_line(label, e.amount, feature=name or ""))
        terrain += e.amount
    counted = min(rule.terrain_cap, terrain)
    if counted < terrain:
        lines.append(_line(N_("Terrain VP capped at {cap}"), counted - terrain, cap=rule.terrain_cap))
    lines.append(_line(N_("Half of {hero}'s net ({net})"), share, hero=names[h_r], net=net_r))
    beginner = rule.beginner if tally.for_beginners else 0
    if beginner:
        lines.append(_line(N_("Running an encounter for beginners"), beginner))
    third = terrain > 0 or (beginner > 0 and options.beginner_bonus_counts_for_trifecta)
    trifecta = rule.trifecta if tally.designed_by_runner and almost > 0 and chortle > 0 and third else 0
    if trifecta:
        lines.append(_line(N_("Trifecta"), trifecta))
    dead = [d for d in _dead(tally, True, options) if d != h_r]
    for d in dead:
        lines.append(_line(N_("Dead hero: {hero}"), -rule.dead_hero, hero=names[d]))
    arguing = _arguing(tally, tally.runner)
    if arguing:
        lines.append(_line(N_("Arguing a ruling"), arguing))
    cats = RunnerCategories(
        rule.thanks, almost, chortle, terrain, counted, share, trifecta, beginner, rule.dead_hero * len(dead), arguing
    )
    return cats, lines


def settle(
    tally: Tally, accounts: Mapping[str, A], history: Sequence[frozenset[str]] = (), options: RuneOptions | None = None
) -> Settlement[A]:
    """The encounter settled: every player's score, and his accounts after crediting it through his deficit.
    `history` holds the terrain kinds of the runner's earlier encounters, oldest first."""
    opts = options or RuneOptions()
    scores, cats = _scores(tally, history, opts)
    after: dict[str, A] = dict(accounts)
    done: dict[str, PlayerScore] = {}
    for player, s in scores.items():
        account, c = credit(accounts[player], s.score)
        after[player] = account
        lines = list(s.lines)
        if c.paid:
            lines.append(_line(N_("Paid to the deficit"), -c.paid))
        if c.deficit_added:
            lines.append(_line(N_("Owed as a deficit: {owed}"), 0, False, owed=c.deficit_added))
        done[player] = PlayerScore(
            s.player, s.is_runner, tuple(lines), s.raw, s.standing, s.valhalla, s.zeroed, s.slothful_halved,
            s.score, c.paid, c.credited, c.deficit_added,
        )  # fmt: skip
    claimed = {str(e.meta["feature_kind"]) for e in tally.of("runner_terrain")}
    kinds = (tally.terrain_kinds | claimed) - {"trap"}
    return Settlement(done, cats, after, tally.slothful - {tally.runner}, frozenset(kinds))


def standing(tally: Tally, history: Sequence[frozenset[str]] = (), options: RuneOptions | None = None) -> Standing:
    """Each player's score as if the encounter ended now (nothing credited), and who leads."""
    scores, _ = _scores(tally, history, options or RuneOptions())
    now = {p: s.score for p, s in scores.items()}
    best = max(now.values())
    return Standing(now, frozenset(p for p, v in now.items() if v == best))
