"""Rate limits at the door (joining and opening tables), kept in memory: token buckets per client
address and per table.

A join costs a password check (PBKDF2, tens of milliseconds of CPU on purpose) and an invite code can be
guessed, so both are limited where they are cheap to count:

- per client address, GUESSES_PER_MINUTE joins that fail (an unknown invite code or a wrong password);
  a join that succeeds gives its token back, so a whole group joining from one network is never slowed;
- per table, JOINS_PER_MINUTE join attempts of any kind, so many addresses together cannot hammer one
  table's password either;
- per client address, TABLES_PER_MINUTE new tables: each costs rows and, with a password, a PBKDF2 hash,
  and needs no token at all.

Buckets refill continuously (the per-minute figure is both the burst and the sustained rate). An empty
bucket refuses with `RateLimited`, which says how many seconds until the next attempt is allowed. A
restart forgets every bucket, which only ever lets a client try again sooner.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections.abc import Callable
from typing import Any

from runehall.errors import N_, RunehallError

GUESSES_PER_MINUTE = 10  # a person mistyping a code or password a few times never reaches it
JOINS_PER_MINUTE = 30  # a real table seats a dozen; a burst of 30 covers a whole class joining at once
TABLES_PER_MINUTE = 60  # an organiser opening a convention's tables; bench/load.py opens 50 at once
MAX_KEYS = 10_000  # addresses or tables remembered at once; full buckets are forgotten first


class RateLimited(RunehallError):
    """Too many attempts in a short time; `retry_after` says how many seconds to wait."""

    def __init__(self, message: str, retry_after: int, **values: Any) -> None:
        super().__init__(message, **values)
        self.retry_after = retry_after


class Buckets:
    """One token bucket per key, `per_minute` tokens a minute, holding at most `per_minute`."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.levels: dict[str, tuple[float, float]] = {}  # key -> (tokens, when counted)
        self.lock = threading.Lock()

    def _level(self, key: str, now: float) -> float:
        tokens, stamp = self.levels.get(key, (self.capacity, now))
        return min(self.capacity, tokens + (now - stamp) * self.rate)

    def take(self, key: str) -> float:
        """Take a token; 0 if one was there, else the seconds until there is one (nothing is taken)."""
        with self.lock:
            now = self.clock()
            level = self._level(key, now)
            if level < 1:
                self.levels[key] = (level, now)
                return (1 - level) / self.rate
            self.levels[key] = (level - 1, now)
            self._forget(now)
            return 0.0

    def give_back(self, key: str) -> None:
        with self.lock:
            now = self.clock()
            self.levels[key] = (min(self.capacity, self._level(key, now) + 1), now)

    def _forget(self, now: float) -> None:
        if len(self.levels) <= MAX_KEYS:
            return
        full = [key for key in self.levels if self._level(key, now) >= self.capacity]
        for key in full:
            del self.levels[key]
        while len(self.levels) > MAX_KEYS:  # all busy (many addresses at once): forget the oldest counted
            del self.levels[min(self.levels, key=lambda k: self.levels[k][1])]


class JoinLimits:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.guesses = Buckets(GUESSES_PER_MINUTE, clock)
        self.joins = Buckets(JOINS_PER_MINUTE, clock)
        self.tables = Buckets(TABLES_PER_MINUTE, clock)

    def guess(self, address: str) -> None:
        """Count an attempt from this address before it is checked (given back if it succeeds)."""
        wait = self.guesses.take(client_key(address))
        if wait:
            raise RateLimited(
                N_("too many failed joins from your address: at most {n} a minute"),
                _seconds(wait),
                n=GUESSES_PER_MINUTE,
            )

    def succeeded(self, address: str) -> None:
        self.guesses.give_back(client_key(address))

    def attempt(self, table_id: str) -> None:
        wait = self.joins.take(table_id)
        if wait:
            raise RateLimited(
                N_("too many joins at this table: at most {n} a minute"), _seconds(wait), n=JOINS_PER_MINUTE
            )

    def opening(self, address: str) -> None:
        wait = self.tables.take(client_key(address))
        if wait:
            raise RateLimited(
                N_("too many new tables from your address: at most {n} a minute"), _seconds(wait), n=TABLES_PER_MINUTE
            )


def client_key(address: str) -> str:
    """Whom an address stands for: an IPv6 host usually holds a whole /64 (and can pick any address in
    it), so those count as one; IPv4 addresses and anything else count as they are."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _seconds(wait: float) -> int:
    return max(1, math.ceil(wait))
