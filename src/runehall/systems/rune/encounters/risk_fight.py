"""The fight the risk estimate plays, many times at once with NumPy: one row of every array per run.

The model (what risk.py states to the reader): rounds of initiative (stress roll + INIT - Impairment, an extra
action per 20, highest step first, heroes before foes on a step, heroes with more Gifts first, other ties at
random as roll-offs are), then each action a melee attack as the engine resolves one: ATK total against DFN
total (a tie hits), HP lost = margin + DAM - Soak, a Wound per whole WT, -2 DFN per attacker beyond the first,
Impairment on every roll, DFN score 0 for someone who is down, ripostes at a margin of -20 or worse, death below
-20 HP. A hero with a Healer bonus spends his first action after a friend falls dying on reviving him. Heroes
attack the foe with the fewest HP left; foes spread over the heroes (the fewest attackers first, then the most HP
left); each keeps his target while it stands. No map: everyone reaches whom he attacks; at most four attack one
defender.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from runehall.systems.rune.combat.arithmetic import DEATH_LINE, INCAPACITATING_WOUNDS, MORTAL_WOUNDS, STEP
from runehall.systems.rune.encounters.risk_table import (
    ACTIVE,
    DEAD,
    DOWN,
    DYING,
    LAST,
    PER_EXTRA_ATTACKER,
    SPAN,
    Bools,
    Ints,
    Rules,
    Table,
    ints,
    state_of,
    stress,
)


@dataclass
class Fight:
    table: Table
    rules: Rules
    runs: int
    rng: np.random.Generator
    hp: Ints = field(init=False)
    wounds: Ints = field(init=False)
    health: Ints = field(init=False)
    target: Ints = field(init=False)
    over: Bools = field(init=False)
    dealt: Ints = field(init=False)  # damage VP of each hero (capped at the foe's HP left)
    blows: Ints = field(init=False)  # death-blow VP of each hero
    taken: Ints = field(init=False)  # HP each hero lost
    almost: Bools = field(init=False)  # brought to 20 HP or fewer, or to exactly 4 Wounds
    downed: Bools = field(init=False)  # out of the fight at some point
    felled_by: Ints = field(init=False)  # the hero who brought a foe down (incapacitated)
    pending: Bools = field(init=False)  # [run, patient, healer]: the healer's first action is still to come
    rounds: Ints = field(init=False)

    def __post_init__(self) -> None:
        t, r, n, h = self.table, self.runs, len(self.table.hero), self.table.heroes
        self.hp = np.tile(t.hp, (r, 1))
        self.wounds = np.tile(t.wounds, (r, 1))
        start = np.where(t.wounds >= INCAPACITATING_WOUNDS, DOWN, ACTIVE)
        self.health = np.tile(start.astype(np.int64), (r, 1))
        self.target = np.full((r, n), -1, dtype=np.int64)
        self.over = np.zeros(r, dtype=bool)
        self.dealt, self.blows, self.taken = (np.zeros((r, h), dtype=np.int64) for _ in range(3))
        self.almost, self.downed = np.zeros((r, h), dtype=bool), np.zeros((r, h), dtype=bool)
        self.felled_by = np.full((r, n), -1, dtype=np.int64)
        self.pending = np.zeros((r, h, h), dtype=bool)
        self.rounds = np.zeros(r, dtype=np.int64)
        self._check_over()

    # -- the numbers of the moment -------------------------------------------------------------------
    def impairment(self, rr: Ints, cc: Ints) -> Ints:
        t = self.table
        return ints(np.maximum(0, self.wounds[rr, cc] + t.impairment_other[cc] - t.invigoration[cc]))

    def attackers(self, rr: Ints, dd: Ints) -> Ints:
        """Active enemies of each defender whose target he is."""
        mine = (self.target[rr] == dd[:, None]) & (self.health[rr] == ACTIVE)
        return ints(np.sum(mine & (self.table.hero[None, :] != self.table.hero[dd][:, None]), axis=1))

    # -- the fight -----------------------------------------------------------------------------------
    def play(self) -> None:
        for _ in range(self.rules.max_rounds):
            if self.over.all():
                break
            self.rounds += ~self.over
            self._round()
        self._afterwards()

    def _round(self) -> None:
        """Initiative for every run still fighting, then each action in order of steps."""
        t, n = self.table, len(self.table.hero)
        live = np.flatnonzero(~self.over)
        r = live.size
        impaired = np.maximum(0, self.wounds[live] + t.impairment_other - t.invigoration)
        total = stress(self.rng, (r, n)) + t.init[None, :] - impaired
        able = self.health[live] == ACTIVE
        count = np.where(able, np.where(total <= 0, 1, (total + STEP - 1) // STEP), 0)
        most = int(count.max()) if r else 0
        if most == 0:
            return
        later = np.arange(most)
        valid = (later < count[:, :, None]).reshape(r, -1)  # [run, fighter x action], fighter-major
        first = np.where(valid, -(total[:, :, None] - STEP * later).reshape(r, -1), LAST)
        rolloff = np.where(t.hero[None, :], self.rng.integers(0, 1 << 30, size=(r, n)), 0)
        side = np.broadcast_to(np.repeat(np.where(t.hero, 0, 1), most), first.shape)
        gifts = np.broadcast_to(np.repeat(np.where(t.hero, -t.gifts, 0), most), first.shape)
        place = np.broadcast_to(np.repeat(np.arange(n), most), first.shape)
        order = np.lexsort((place, np.repeat(rolloff, most, axis=1), gifts, side, first), axis=1)
        actions = count.sum(axis=1)  # sorted: each run's real actions come first
        who = np.ascontiguousarray((order[:, : int(actions.max())] // most).T)
        for slot in range(who.shape[0]):
            sub = np.flatnonzero(actions > slot)
            rr, aa = live[sub], who[slot, sub]
            go = ~self.over[rr] & (self.health[rr, aa] == ACTIVE)
            if go.any():
                self._act(rr[go], aa[go])

    def _act(self, rr: Ints, aa: Ints) -> None:
        healing = self._revive(rr, aa)
        rr, aa = rr[~healing], aa[~healing]
        dd, found = self._choose(rr, aa)
        rr, aa, dd = rr[found], aa[found], dd[found]
        if rr.size:
            tm = self._swing(rr, aa, dd)
            self._ripostes(rr, aa, dd, tm, 0)
        self._close_windows(rr)
        self._check_over(rr)

    def _choose(self, rr: Ints, aa: Ints) -> tuple[Ints, Bools]:
        """Each actor's target: kept while it stands; else heroes take the foe with the fewest HP left, foes the
        hero with the fewest attackers and then the most HP left (ties: the first listed)."""
        t, n = self.table, len(self.table.hero)
        cur = self.target[rr, aa]
        state = self.health[rr, np.maximum(cur, 0)]
        hunting = self.rules.finish_downed & ~t.hero[aa]
        keep = (cur >= 0) & ((state == ACTIVE) | (hunting & (state != DEAD)))
        need = np.flatnonzero(~keep)  # only these choose anew
        r2, a2 = rr[need], aa[need]
        tgt, hh = self.target[r2], self.health[r2]
        on = (hh == ACTIVE) & (tgt >= 0) & (np.arange(n)[None, :] != a2[:, None])
        flat = np.where(on, tgt, n) + (n + 1) * np.arange(need.size)[:, None]  # column n: nobody's target
        counts = np.bincount(flat.ravel(), minlength=need.size * (n + 1)).reshape(need.size, n + 1)[:, :n]
        enemy = t.hero[None, :] != t.hero[a2][:, None]
        room = enemy & (counts < self.rules.most_attackers)
        ok = room & (hh == ACTIVE)
        fallen = room & (hh != ACTIVE) & (hh != DEAD) & hunting[need][:, None] & ~ok.any(axis=1)[:, None]
        ok |= fallen
        hp = np.clip(self.hp[r2], -SPAN // 2, SPAN // 2 - 1) + SPAN // 2
        cost = np.where(t.hero[a2][:, None], hp, counts * SPAN + (SPAN - 1 - hp))
        key = np.where(ok, cost * n + np.arange(n)[None, :], LAST)
        chosen, found = cur.copy(), keep.copy()
        chosen[need] = np.argmin(key, axis=1)
        found[need] = ok.any(axis=1)
        self.target[rr[found], aa[found]] = chosen[found]
        return ints(chosen), found

    def _swing(self, rr: Ints, aa: Ints, dd: Ints) -> Ints:
        """One melee attack of aa on dd in each run of rr; the margin (TM)."""
        t, rules = self.table, self.rules
        atk = stress(self.rng, rr.size) + t.atk[aa] - self.impairment(rr, aa)
        up = self.health[rr, dd] == ACTIVE
        score = np.where(up | (rules.down_dfn == "normal_dfn"), t.dfn[dd], 0)
        ganged = PER_EXTRA_ATTACKER * np.maximum(0, self.attackers(rr, dd) - 1)
        roll = np.full(rr.size, 5, dtype=np.int64) if rules.static_dfn else stress(self.rng, rr.size)
        dfn = roll + score + ganged - self.impairment(rr, dd)
        if rules.down_dfn == "automatic_hit":
            dfn = np.where(up, dfn, 0)
        tm = atk - dfn
        lost = np.where(tm >= 0, np.maximum(0, tm + t.dam[aa] - t.soak[dd]), 0)
        self._hurt(rr, dd, lost, aa)
        return ints(tm)

    def _ripostes(self, rr: Ints, aa: Ints, dd: Ints, tm: Ints, depth: int) -> None:
        """The defender's free attacks on an attacker who missed by 20 or more: one per whole 20."""
        if depth >= self.rules.riposte_depth or not rr.size:
            return
        due = np.where(tm <= -STEP, (-tm) // STEP, 0)
        for k in range(int(due.max())):
            s = (due > k) & (self.health[rr, dd] == ACTIVE) & (self.health[rr, aa] != DEAD)
            if s.any():
                back = self._swing(rr[s], dd[s], aa[s])
                self._ripostes(rr[s], dd[s], aa[s], back, depth + 1)

    def _hurt(self, rr: Ints, dd: Ints, lost: Ints, aa: Ints) -> None:
        t, h = self.table, self.table.heroes
        m = lost > 0
        rr, dd, lost, aa = rr[m], dd[m], lost[m], aa[m]
        before, was = self.hp[rr, dd], self.health[rr, dd]
        wounds = self.wounds[rr, dd] + lost // t.wt[dd]
        after = before - lost
        dying = state_of(after, wounds)
        new = np.where((was == DEAD) | (after < DEATH_LINE), DEAD, np.maximum(dying, np.minimum(was, DYING)))
        self.hp[rr, dd], self.wounds[rr, dd], self.health[rr, dd] = after, wounds, new
        on_foe = t.hero[aa] & ~t.hero[dd]
        self.dealt[rr[on_foe], aa[on_foe]] += np.minimum(lost, np.maximum(0, before))[on_foe]
        kill = on_foe & (was <= DOWN) & (new >= DYING)
        self.blows[rr[kill], aa[kill]] += t.death_blow[dd[kill]]
        fell = on_foe & (was == ACTIVE) & (new == DOWN)
        self.felled_by[rr[fell], dd[fell]] = aa[fell]
        on_hero = t.hero[dd]
        r2, d2, a2, w2, n2, was2 = rr[on_hero], dd[on_hero], after[on_hero], wounds[on_hero], new[on_hero], was[on_hero]
        self.taken[r2, d2] += lost[on_hero]
        self.almost[r2, d2] |= (a2 <= 20) | (w2 == INCAPACITATING_WOUNDS)
        self.downed[r2, d2] |= n2 != ACTIVE
        opened = (n2 == DYING) & (was2 != DYING)
        ro, do = r2[opened], d2[opened]
        self.pending[ro, do, :] = self.health[ro, :h] == ACTIVE
        out = n2 != ACTIVE
        self.pending[r2[out], :, d2[out]] = False  # he can no longer revive anyone
        gone = n2 == DEAD
        self.pending[r2[gone], d2[gone], :] = False

    # -- the dying -----------------------------------------------------------------------------------
    def _revive(self, rr: Ints, aa: Ints) -> Bools:
        """A hero's first action after a friend fell dying: reviving him if he has a Healer bonus (the first
        such friend), else it passes. True where the action went on reviving."""
        t, h = self.table, self.table.heroes
        heroes = t.hero[aa]
        tries = np.zeros(rr.size, dtype=bool)
        if not heroes.any():
            return tries
        hr, ha = rr[heroes], aa[heroes]
        waiting = self.pending[hr, :, ha] & (self.health[hr, :h] == DYING)
        self.pending[hr, :, ha] = False
        heal = waiting.any(axis=1) & t.has_healer[ha]
        tries[np.flatnonzero(heroes)[heal]] = True
        r3, a3 = hr[heal], ha[heal]
        patient = np.argmax(waiting[heal], axis=1)
        roll = stress(self.rng, r3.size, botch=False) + t.healer[a3] - self.impairment(r3, a3)
        saved = roll >= self.rules.revive_difficulty + t.revive_extra[patient]
        self._revived(r3[saved], patient[saved])
        return tries

    def _revived(self, rr: Ints, pp: Ints) -> None:
        hp, wounds = self.hp[rr, pp], self.wounds[rr, pp]
        fifth = wounds >= MORTAL_WOUNDS
        lifted = 4 if self.rules.revive_sets_hp_to_4 else hp + 4
        new_hp = np.where(hp <= 0, lifted, np.where(fifth, hp + 4, hp))
        new_w = np.where(fifth, INCAPACITATING_WOUNDS, wounds)
        state = state_of(new_hp, new_w)
        self.hp[rr, pp], self.wounds[rr, pp], self.health[rr, pp] = new_hp, new_w, state
        self.pending[rr, pp, :] &= (state == DYING)[:, None]

    def _close_windows(self, rr: Ints) -> None:
        """The dying whom no friend can still revive die."""
        h = self.table.heroes
        heroes = self.health[rr, :h]
        dead = (heroes == DYING) & ~self.pending[rr].any(axis=2)
        self.health[rr, :h] = np.where(dead, DEAD, heroes)

    def _check_over(self, rr: Ints | None = None) -> None:
        """A fight is over once one side has no one able to fight (with finish_downed: no hero left alive but
        dying)."""
        rr = np.arange(self.runs) if rr is None else rr
        h, state = self.table.heroes, self.health[rr]
        foes_up = (state[:, h:] == ACTIVE).any(axis=1)
        standing = (state[:, :h] == ACTIVE) | (self.rules.finish_downed & (state[:, :h] == DOWN))
        self.over[rr] |= ~foes_up | ~standing.any(axis=1)

    def _afterwards(self) -> None:
        """Once the fight ends: friends still due to act try to revive the dying (Healer bonus needed); the rest
        die. A foe left down when the heroes have won is finished by the hero who felled him."""
        t, h = self.table, self.table.heroes
        for healer in range(h):
            can = self.health[:, healer] == ACTIVE
            if not t.has_healer[healer] or not can.any():
                continue
            waiting = self.pending[:, :, healer] & (self.health[:, :h] == DYING) & can[:, None]
            self.pending[:, :, healer] = False
            rr = np.flatnonzero(waiting.any(axis=1))
            patient = np.argmax(waiting[rr], axis=1)
            aa = np.full(rr.size, healer)
            roll = stress(self.rng, rr.size, botch=False) + t.healer[aa] - self.impairment(rr, aa)
            saved = roll >= self.rules.revive_difficulty + t.revive_extra[patient]
            self._revived(rr[saved], patient[saved])
        self.health[:, :h][self.health[:, :h] == DYING] = DEAD
        won = ~(self.health[:, h:] == ACTIVE).any(axis=1)
        left = (self.health[:, h:] == DOWN) & won[:, None] & (self.felled_by[:, h:] >= 0)
        rr, ff = np.nonzero(left)
        ff = ff + h
        by = self.felled_by[rr, ff]
        np.add.at(self.dealt, (rr, by), np.maximum(0, self.hp[rr, ff]))
        np.add.at(self.blows, (rr, by), t.death_blow[ff])
