"""The risk estimate's fight model written again as a plain Python loop, one run after another (no NumPy), for
the benchmark's side-by-side time and as an independent check of the vectorised one: the same rules, the same
tactics, its own code and its own random numbers, so both must agree within their errors.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from runehall.systems.rune.encounters.risk_table import Rules, Table

ACTIVE, DOWN, DYING, DEAD = 0, 1, 2, 3


def stress(rng: random.Random, botch: bool = True) -> int:
    first = rng.randint(1, 10)
    if first == 10 or (botch and first == 1):
        extra = 0
        while True:
            face = rng.randint(1, 10)
            extra += face
            if face != 10:
                break
        return 10 + extra if first == 10 else -extra
    return first


@dataclass
class Run:
    t: Table
    rules: Rules
    rng: random.Random
    hp: list[int] = field(default_factory=list)
    wounds: list[int] = field(default_factory=list)
    health: list[int] = field(default_factory=list)
    target: list[int] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    blows: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    almost: list[bool] = field(default_factory=list)
    downed: list[bool] = field(default_factory=list)
    felled_by: list[int] = field(default_factory=list)
    pending: dict[int, set[int]] = field(default_factory=dict)  # dying hero -> friends yet to act
    rounds: int = 0

    def __post_init__(self) -> None:
        t = self.t
        n, self.h = len(t.hero), int(t.hero.sum())
        self.hp, self.wounds = [int(x) for x in t.hp], [int(x) for x in t.wounds]
        self.health = [DOWN if w >= 4 else ACTIVE for w in self.wounds]
        self.target, self.felled_by = [-1] * n, [-1] * n
        self.dealt, self.blows, self.taken = [0] * self.h, [0] * self.h, [0] * self.h
        self.almost, self.downed = [False] * self.h, [False] * self.h

    def imp(self, c: int) -> int:
        return max(0, self.wounds[c] + int(self.t.impairment_other[c]) - int(self.t.invigoration[c]))

    def over(self) -> bool:
        foes = any(s == ACTIVE for s in self.health[self.h :])
        keep = (ACTIVE, DOWN) if self.rules.finish_downed else (ACTIVE,)
        return not foes or not any(s in keep for s in self.health[: self.h])

    def play(self) -> None:
        t, n = self.t, len(self.t.hero)
        for _ in range(self.rules.max_rounds):
            if self.over():
                break
            self.rounds += 1
            slots = []
            for c in range(n):
                if self.health[c] != ACTIVE:
                    continue
                total = stress(self.rng) + int(t.init[c]) - self.imp(c)
                tie = self.rng.random() if t.hero[c] else 0.0
                steps = [total] if total <= 0 else list(range(total, 0, -20))
                slots += [(-s, 0 if t.hero[c] else 1, -int(t.gifts[c]) if t.hero[c] else 0, tie, c) for s in steps]
            for *_, c in sorted(slots):
                if self.over():
                    break
                if self.health[c] == ACTIVE:
                    self.act(c)
        self.afterwards()

    def act(self, a: int) -> None:
        if not (self.t.hero[a] and self.revive(a)):
            d = self.choose(a)
            if d >= 0:
                self.ripostes(a, d, self.swing(a, d), 0)
        for p in [p for p, left in self.pending.items() if not left and self.health[p] == DYING]:
            self.health[p] = DEAD
            del self.pending[p]

    def choose(self, a: int) -> int:
        t, n = self.t, len(self.t.hero)
        cur = self.target[a]
        hunting = self.rules.finish_downed and not t.hero[a]
        if cur >= 0 and (self.health[cur] == ACTIVE or (hunting and self.health[cur] != DEAD)):
            return cur
        counts = [0] * n
        for j in range(n):
            if self.health[j] == ACTIVE and self.target[j] >= 0 and j != a:
                counts[self.target[j]] += 1
        room = [j for j in range(n) if t.hero[j] != t.hero[a] and counts[j] < self.rules.most_attackers]
        ok = [j for j in room if self.health[j] == ACTIVE]
        if not ok and hunting:
            ok = [j for j in room if self.health[j] in (DOWN, DYING)]
        if not ok:
            return -1
        if t.hero[a]:
            pick = min(ok, key=lambda j: (self.hp[j], j))
        else:
            pick = min(ok, key=lambda j: (counts[j], -self.hp[j], j))
        self.target[a] = pick
        return pick

    def swing(self, a: int, d: int) -> int:
        t, rules = self.t, self.rules
        atk = stress(self.rng) + int(t.atk[a]) - self.imp(a)
        up = self.health[d] == ACTIVE
        score = int(t.dfn[d]) if up or rules.down_dfn == "normal_dfn" else 0
        n = sum(
            1 for j in range(len(t.hero)) if self.target[j] == d and self.health[j] == ACTIVE and t.hero[j] != t.hero[d]
        )
        roll = 5 if rules.static_dfn else stress(self.rng)
        dfn = roll + score - 2 * max(0, n - 1) - self.imp(d)
        if rules.down_dfn == "automatic_hit" and not up:
            dfn = 0
        tm = atk - dfn
        if tm >= 0:
            self.hurt(d, max(0, tm + int(t.dam[a]) - int(t.soak[d])), a)
        return tm

    def ripostes(self, a: int, d: int, tm: int, depth: int) -> None:
        if depth >= self.rules.riposte_depth or tm > -20:
            return
        for _ in range(-tm // 20):
            if self.health[d] == ACTIVE and self.health[a] != DEAD:
                self.ripostes(d, a, self.swing(d, a), depth + 1)

    def hurt(self, d: int, lost: int, a: int) -> None:
        if lost <= 0:
            return
        t = self.t
        before, was = self.hp[d], self.health[d]
        self.hp[d] -= lost
        self.wounds[d] += lost // int(t.wt[d])
        hp, w = self.hp[d], self.wounds[d]
        if was == DEAD or hp < -20:
            new = DEAD
        elif hp <= 0 or w >= 5 or was == DYING:
            new = DYING
        else:
            new = DOWN if w >= 4 else ACTIVE
        self.health[d] = new
        if t.hero[a] and not t.hero[d]:
            self.dealt[a] += min(lost, max(0, before))
            if was <= DOWN and new >= DYING:
                self.blows[a] += int(t.death_blow[d])
            if was == ACTIVE and new == DOWN:
                self.felled_by[d] = a
        if t.hero[d]:
            self.taken[d] += lost
            self.almost[d] = self.almost[d] or hp <= 20 or w == 4
            self.downed[d] = self.downed[d] or new != ACTIVE
            if new == DYING and was != DYING:
                self.pending[d] = {j for j in range(self.h) if self.health[j] == ACTIVE}
            if new != ACTIVE:
                for left in self.pending.values():
                    left.discard(d)
            if new == DEAD:
                self.pending.pop(d, None)

    def revive(self, a: int) -> bool:
        waiting = sorted(p for p, left in self.pending.items() if a in left and self.health[p] == DYING)
        for left in self.pending.values():
            left.discard(a)
        if not waiting or not self.t.has_healer[a]:
            return False
        self.try_revive(a, waiting[0])
        return True

    def try_revive(self, a: int, p: int) -> None:
        t = self.t
        roll = stress(self.rng, botch=False) + int(t.healer[a]) - self.imp(a)
        if roll < self.rules.revive_difficulty + int(t.revive_extra[p]):
            return
        hp, w = self.hp[p], self.wounds[p]
        if hp <= 0:
            hp = 4 if self.rules.revive_sets_hp_to_4 else hp + 4
        elif w >= 5:
            hp += 4
        w = 4 if w >= 5 else w
        self.hp[p], self.wounds[p] = hp, w
        self.health[p] = DYING if hp <= 0 or w >= 5 else DOWN if w >= 4 else ACTIVE
        if self.health[p] != DYING:
            self.pending.pop(p, None)

    def afterwards(self) -> None:
        t = self.t
        for healer in range(self.h):
            if self.health[healer] != ACTIVE or not t.has_healer[healer]:
                continue
            waiting = sorted(p for p, left in self.pending.items() if healer in left and self.health[p] == DYING)
            for left in self.pending.values():
                left.discard(healer)
            if waiting:
                self.try_revive(healer, waiting[0])
        self.health[: self.h] = [DEAD if s == DYING else s for s in self.health[: self.h]]
        if not any(s == ACTIVE for s in self.health[self.h :]):
            for f in range(self.h, len(t.hero)):
                by = self.felled_by[f]
                if self.health[f] == DOWN and by >= 0:
                    self.dealt[by] += max(0, self.hp[f])
                    self.blows[by] += int(t.death_blow[f])


def play(table: Table, rules: Rules, runs: int, seed: int) -> list[Run]:
    rng = random.Random(seed)
    out = []
    for _ in range(runs):
        run = Run(table, rules, rng)
        run.play()
        out.append(run)
    return out
