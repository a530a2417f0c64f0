"""The tally of one encounter run (spec 001b §6.1-§6.5, §9, §11.6): the facts of play that score victory points,
recorded as they happen and settled only when the encounter ends (settlement.py).

A `Tally` is immutable; each recording method returns a new one, or raises RulesError and changes nothing when
the rules refuse the fact (§16.7): negative damage, VP for a decoy, a hostage, a tube-striker, a wandering
monster or a wendol's blow, success VP for a roll the notes do not call for, a feature claimed twice, a proxy
turning the runner's hero on another hero. What is merely worth nothing is recorded at 0 (a second success at a
roll made once, overkill beyond the foe's HP left, a hero already almost down), so the log shows it happened.

Events are kept per hero: the hero's controller scores them, and the runner's hero's net is shared between the
runner and the proxy at settlement. Runner events (almost down, chortle, terrain) name the runner as `player`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Encounter
from runehall.systems.rune.encounters.scoring_data import scoring as scoring  # also read from here (risk.py)

Kind = Literal[
    "damage_dealt", "death_blow", "success", "gift_bonus", "hostage_freed", "hostage_slain", "damage_taken",
    "status_loss", "pvp_damage", "hero_died", "crab_eaten", "arguing",
    "runner_almost_down", "runner_chortle", "runner_terrain", "deed",
]  # fmt: skip
Target = Literal["foe", "land_crab", "decoy", "hostage", "tube_striker", "wandering_monster", "work_hammer_victim"]
Cause = Literal["foe", "trap", "hazard", "hero_deliberate", "hero_possessed", "other"]
Via = Literal["blow", "trap", "wendol"]
Awarded = Literal["gift_bonus", "status_loss", "arguing"]
HERO_HANDS: frozenset[str] = frozenset({"hero_deliberate", "hero_possessed"})
# What a hero may hurt without scoring (001b §6.2 item 1, §9, §11.5-§11.6), said when refused.
NO_VP = {
    "decoy": N_("a decoy earns no VP"),
    "hostage": N_("a hostage earns no VP (freeing one earns 20)"),
    "tube_striker": N_("a tube-striker earns no VP"),
    "wandering_monster": N_("a wandering monster is not a foe of the notes and earns no VP"),
    "work_hammer_victim": N_("a victim of the Dwarven Work Hammer earns no VP"),
}


# -- the record ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class VPEvent:
    kind: Kind
    amount: int  # signed VP for whoever scores it: + award, - deduction
    hero: str | None = None  # whose deed (or, for the runner's awards, which hero it was about)
    player: str | None = None  # who scores it when not the hero's controller (the runner; an arguer)
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Seat:
    player: str
    hero: str
    name: str  # the hero's name, as people read it
    total_vp: int = 0  # the player's total VP before this encounter (for almost down)
    cloak: int = 0  # his levels in the Blue Cloak of Treachery (treasure/legendary_vp.py)


@dataclass(frozen=True)
class Tally:
    """Who plays (the runner's seat holds his hero, played by the proxy) and what happened."""

    runner: str
    proxy: str
    seats: tuple[Seat, ...]
    rolls: frozenset[str] = frozenset()  # the ids of the rolls the notes call for
    terrain_kinds: frozenset[str] = frozenset()  # the terrain kinds the notes use (the runner's history)
    designed_by_runner: bool = True
    for_beginners: bool = False
    slothful: frozenset[str] = frozenset()  # players who passed their turn as runner and have not run since
    events: tuple[VPEvent, ...] = ()

    def __post_init__(self) -> None:
        players = [s.player for s in self.seats]
        heroes = [s.hero for s in self.seats]
        if len(set(players)) != len(players) or len(set(heroes)) != len(heroes):
            raise RulesError(N_("every player plays one hero of his own"))
        if self.runner not in players or self.proxy not in players or self.proxy == self.runner:
            raise RulesError(N_("the runner and his proxy are two of the players"))
        if any(s.total_vp < 0 for s in self.seats):
            raise RulesError(N_("a total of VP is never below 0"))

    # -- who is who --------------------------------------------------------------------------------------
    def seat(self, hero: str) -> Seat:
        for s in self.seats:
            if s.hero == hero:
                return s
        raise RulesError(N_("that hero does not play in this encounter"))

    def seat_of(self, player: str) -> Seat:
        for s in self.seats:
            if s.player == player:
                return s
        raise RulesError(N_("that player does not play in this encounter"))

    @property
    def runner_hero(self) -> str:
        return self.seat_of(self.runner).hero

    def of(self, *kinds: Kind) -> tuple[VPEvent, ...]:
        return tuple(e for e in self.events if e.kind in kinds)

    def died(self, hero: str) -> VPEvent | None:
        return next((e for e in self.of("hero_died") if e.hero == hero), None)

    def _add(self, *events: VPEvent) -> Tally:
        return replace(self, events=(*self.events, *events))

    # -- pillagers' deeds --------------------------------------------------------------------------------
    def damage(
        self, hero: str, foe: str, amount: int, foe_hp_left: int, foe_kind: Target = "foe", via: Via = "blow"
    ) -> Tally:
        """Damage after Soak dealt to a foe with `foe_hp_left` HP before the blow: 1 VP a point, overkill none."""
        self.seat(hero)
        if amount < 0:
            raise RulesError(N_("damage {amount}: damage dealt is never negative"), amount=amount)
        _scores(foe_kind)
        if via == "wendol":
            raise RulesError(N_("damage a wendol does to a foe earns VP for nobody"))
        counted = max(0, min(amount, foe_hp_left))
        vp = counted * scoring().pillager.damage_vp_per_hp
        meta = {"foe": foe, "dealt": amount, "counted": counted, "crab": foe_kind == "land_crab", "via": via}
        return self._add(VPEvent("damage_dealt", vp, hero, meta=meta))

    def kill(
        self, hero: str, foe: str, might: int, undead_finisher: str | None = None, foe_kind: Target = "foe",
        glory: int = 0,
    ) -> Tally:
        """The death blow: floor(Might / 2), plus the VP an Axe of Glory's hits on the foe added (`glory`, 001c
        §8.12); a Dishonored dropped by one hero and finished by another: each player takes half of it, fractions
        dropped (001b §9, A-54)."""
        self.seat(hero)
        if might < 0:
            raise RulesError(N_("Might {might}: never below 0"), might=might)
        _scores(foe_kind)
        if any(e.meta.get("foe") == foe for e in self.of("death_blow")):
            raise RulesError(N_("that foe was already killed"))
        bonus = might // scoring().pillager.death_blow_divisor + glory
        crab = foe_kind == "land_crab"
        glorious = {"glory": glory} if glory else {}
        if undead_finisher is None or undead_finisher == hero:
            meta = {"foe": foe, "might": might, "crab": crab, **glorious}
            return self._add(VPEvent("death_blow", bonus, hero, meta=meta))
        self.seat(undead_finisher)
        half = bonus // 2
        meta = {"foe": foe, "might": might, "crab": crab, "split": True, **glorious}
        return self._add(
            VPEvent("death_blow", half, hero, meta=meta), VPEvent("death_blow", half, undead_finisher, meta=meta)
        )

    def fair_title(self, user: str, killer: str, foe: str, amount: int) -> Tally:
        """The Blade of Fair Title (001c §8.12): `amount` VP of `killer`'s death blow on `foe` go to `user`."""
        self.seat(user)
        self.seat(killer)
        return self._add(VPEvent("death_blow", -amount, killer, meta={"foe": foe, "fair_title": user}),
                         VPEvent("death_blow", amount, user, meta={"foe": foe, "fair_title_from": killer}))  # fmt: skip

    def deed(self, hero: str, amount: int, gain: str) -> Tally:
        """A Viking deed's VP award of the notes (001c §9.10), given to a hero by the runner (run_gains.py)."""
        self.seat(hero)
        if amount < 1:
            raise RulesError(N_("vp {vp}: an award or a deduction is at least 1 VP"), vp=amount)
        return self._add(VPEvent("deed", amount, hero, meta={"gain": gain}))

    def crab_eaten(self, foe: str) -> Tally:
        """A land crab killed and eaten while the party is short of rations: only then does it score (001b §9)."""
        if not any(e.meta.get("foe") == foe and e.meta.get("crab") for e in self.events):
            raise RulesError(N_("no land crab of that name was hurt or killed"))
        return self._add(VPEvent("crab_eaten", 0, meta={"foe": foe}))

    def roll(
        self,
        hero: str,
        roll_id: str,
        total: int,
        target: int,
        freestanding: bool = False,
        repeat_required: bool = False,
        per_point: int | None = None,
        spared: int = 0,
    ) -> Tally:
        """A roll the notes call for: a success earns 3 x the margin (the first one only unless the notes make
        heroes repeat it; `per_point`, the table's option success_vp_per_point, for the 3); a failure earns the
        runner 3 x the shortfall, less `spared` (a Torc of Alberich's 3X, never below 0), unless the roll is
        Freestanding. An opposed roll's target is the opponent's total (A-34)."""
        self.seat(hero)
        if roll_id not in self.rolls:
            raise RulesError(N_("that roll is not one the encounter notes call for: no VP"))
        if total >= target:
            again = any(e.hero == hero and e.meta.get("roll") == roll_id for e in self.of("success"))
            margin = total - target
            multiplier = scoring().pillager.success_multiplier if per_point is None else per_point
            vp = 0 if again and not repeat_required else margin * multiplier
            return self._add(VPEvent("success", vp, hero, meta={"roll": roll_id, "margin": margin, "again": again}))
        shortfall = target - total
        vp = 0 if freestanding else max(0, shortfall * scoring().runner.chortle_multiplier - spared)
        meta = {"roll": roll_id, "shortfall": shortfall, "freestanding": freestanding}
        if spared:
            meta["torc"] = spared
        return self._add(VPEvent("runner_chortle", vp, hero, self.runner, meta))

    def hurt(self, hero: str, amount: int) -> Tally:
        """HP the hero lost after Soak: -1 VP each; healing never gives it back."""
        self.seat(hero)
        if amount < 0:
            raise RulesError(N_("damage {amount}: HP lost is never negative (healing refunds nothing)"), amount=amount)
        return self._add(VPEvent("damage_taken", -amount * scoring().pillager.damage_taken_per_hp, hero))

    def hero_hp(self, hero: str, hp: int, wounds: int) -> Tally:
        """The hero's HP and Wounds now: at 20 HP or fewer, or at exactly 4 Wounds, the runner earns 75 +
        a tenth of the player's total VP, once per hero (dropped at settlement if the hero dies)."""
        seat = self.seat(hero)
        if not 0 <= wounds <= 5:
            raise RulesError(N_("wounds {wounds}: a hero has 0 to 5 Wounds"), wounds=wounds)
        rule = scoring().runner
        low = hp <= rule.almost_down_hp or wounds == rule.almost_down_wounds
        if not low or any(e.hero == hero for e in self.of("runner_almost_down")):
            return self
        vp = rule.almost_down + seat.total_vp // rule.almost_down_total_divisor
        return self._add(VPEvent("runner_almost_down", vp, hero, self.runner, {"hp": hp, "wounds": wounds}))

    def hero_died(self, hero: str, cause: Cause, killer: str | None = None) -> Tally:
        self.seat(hero)
        if self.died(hero) is not None:
            raise RulesError(N_("{hero} has already died in this encounter"), hero=self.seat(hero).name)
        if (cause in HERO_HANDS) != (killer is not None):
            raise RulesError(N_("a hero's killer is named when, and only when, another hero killed him"))
        if killer is not None:
            self.seat(killer)
            if killer == hero:
                raise RulesError(N_("a hero's killer is another hero"))
        return self._add(VPEvent("hero_died", 0, hero, meta={"cause": cause, "killer": killer}))

    def pvp(self, attacker: str, victim: str, amount: int, possessed: bool = False) -> Tally:
        """Damage one hero deals another: the victim loses it as damage taken; the attacker 5 VP a point unless
        possessed, striking back at a hero who attacked him deliberately, or wearing the Blue Cloak of Treachery."""
        cloaked = self.seat(attacker).cloak > 0
        self.seat(victim)
        if amount < 0:
            raise RulesError(N_("damage {amount}: damage dealt is never negative"), amount=amount)
        if attacker == victim:
            raise RulesError(N_("a hero does not attack himself"))
        back = any(e.hero == victim and e.meta.get("victim") == attacker for e in self.of("pvp_damage"))
        if attacker == self.runner_hero and not back and not possessed:
            raise RulesError(N_("the proxy may never turn the runner's hero on another hero"))
        free = possessed or back or cloaked
        vp = 0 if free else -amount * scoring().pillager.pvp_per_hp
        meta = {"victim": victim, "dealt": amount, "possessed": possessed, "struck_back": back, "cloaked": cloaked}
        taken = VPEvent("damage_taken", -amount * scoring().pillager.damage_taken_per_hp, victim)
        return self._add(VPEvent("pvp_damage", vp, attacker, meta=meta), taken)

    def hostage(self, hero: str, freed: bool) -> Tally:
        """A hostage freed (+20) or slain (-20), to the hero who freed or killed it (001b §11.6, A-70)."""
        self.seat(hero)
        rule = scoring().pillager
        if freed:
            return self._add(VPEvent("hostage_freed", rule.hostage_freed, hero))
        return self._add(VPEvent("hostage_slain", -rule.hostage_slain, hero))

    def terrain(self, feature_id: str, kind: str, name: str | None = None) -> Tally:
        """The runner's claim that a terrain feature or a trap (`kind` "trap"; a goblin leader, "goblin_leader")
        made a hero roll, move or spend an action: +20, once a feature; the history and the cap of 80 apply
        at settlement."""
        if kind == "tube_strikers":
            raise RulesError(N_("tube-strikers never earn the runner terrain VP"))
        if any(e.meta.get("feature") == feature_id for e in self.of("runner_terrain")):
            raise RulesError(N_("that feature has already earned its terrain VP in this encounter"))
        vp = scoring().runner.terrain_per_feature
        meta = {"feature": feature_id, "feature_kind": kind, "name": name}
        return self._add(VPEvent("runner_terrain", vp, None, self.runner, meta))

    def award(self, kind: Awarded, amount: int, hero: str | None = None, player: str | None = None) -> Tally:
        """What the table confirms by hand: a gift's VP to a hero, a loss of status the notes impose on one,
        the tournament's penalty for arguing a ruling (to a player, the runner too)."""
        if amount < 1:
            raise RulesError(N_("vp {vp}: an award or a deduction is at least 1 VP"), vp=amount)
        if kind == "arguing":
            if player is None or hero is not None:
                raise RulesError(N_("the arguing penalty falls on a player"))
            self.seat_of(player)
            return self._add(VPEvent("arguing", -amount, None, player))
        if hero is None or player is not None:
            raise RulesError(N_("a gift's VP or a loss of status goes to a hero"))
        self.seat(hero)
        if kind == "gift_bonus":
            return self._add(VPEvent("gift_bonus", amount, hero))
        if kind == "status_loss":
            return self._add(VPEvent("status_loss", -amount, hero))
        raise RulesError(N_("only a gift's VP, a loss of status or the arguing penalty is recorded by hand"))


def _scores(foe_kind: str) -> None:
    if foe_kind in NO_VP:
        raise RulesError(NO_VP[foe_kind])


def tally_for(
    notes: Encounter,
    runner: str,
    proxy: str,
    seats: tuple[Seat, ...],
    designed_by_runner: bool = True,
    slothful: frozenset[str] = frozenset(),
) -> Tally:
    """An empty tally for a run of these notes: the rolls they call for, the terrain kinds they use."""
    rolls = frozenset(r.id for e in notes.events for r in e.rolls)
    kinds = frozenset(f.kind for e in notes.events if e.combat for f in e.combat.terrain)
    return Tally(runner, proxy, seats, rolls, kinds, designed_by_runner, notes.for_beginners, slothful)
