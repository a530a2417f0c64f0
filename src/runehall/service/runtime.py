"""How the long-running server process treats Python's cyclic garbage collector.

With a thousand live sockets the process holds about 330,000 tracked objects, and each full (oldest
generation) collection walks all of them while every request and socket waits: on this 2-core machine
that was a 100-600 ms pause every 13-17 s under load, the whole of the broadcast latency's tail
(measured with gc.callbacks during bench/load.py). Two standard remedies, both from the `gc` docs:

- After start-up, everything imported and built so far (modules, pydantic schemas, rules data, about
  145,000 objects) is moved to the permanent generation with `gc.freeze()`: it lives as long as the
  process and no collection needs to look at it again.
- Collections of the youngest generation run after YOUNG_THRESHOLD new objects instead of 700. Requests
  and broadcasts are short-lived, so a larger young generation lets them die by reference counting
  before a collection would promote them; fewer promotions mean full collections come minutes apart
  instead of seconds, and each young collection stays a few milliseconds.

Reference counting still frees nearly everything at once; only garbage in reference cycles waits for a
collection, so memory use is unchanged in practice.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 20_000
# The older generations keep their default ratios (collected every 10 collections of the one below).
OLDER_THRESHOLDS = (10, 10)


def settle_heap() -> None:
    """Collect once, then freeze what start-up built and raise the young generation's threshold."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
