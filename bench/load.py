"""The table service under load: N live WebSocket clients over 50 tables, a fixed number of rolls.

One run starts `runehall serve` as a subprocess on a fresh SQLite file (in a temporary directory, on a
free loopback port), creates 50 dice tables and joins N players spread evenly over them, connects every
player's live WebSocket (since = the table's last seq, so no backlog), and checks through the API that
all N are online. It then rolls WARMUP_ROLLS unmeasured rolls, and measures, in this process (the only
client process, separate from the server):

1. Paced: ROLLS rolls of 2d6 at RATE rolls/s, round-robin over the tables, each POSTed by its table's
   game master on schedule (open loop, at most MAX_IN_FLIGHT at once). A roll's broadcast latency, for
   each client at its table, runs from just before its POST is sent to the moment that client's socket
   hands over the event (matched by table and seq); p50 and p99 are over every (roll, client) delivery.
   Accepted rolls/s is acknowledged POSTs (201) over the time from the first send to the last answer.
2. Peak: PEAK_ROLLS rolls as fast as the server answers them, one roll in flight per table (50 game
   masters rolling back to back): the most rolls/s the server acknowledges while broadcasting them.

After each phase every delivery is awaited (at most DRAIN seconds); one that never came is missing.

The machine has two cores shared by the server, this client process and anything else running, so each
phase records the CPU each of them used (from /proc) and this process's event-loop lag; nothing is
retried or left out. The server is always terminated, whatever happens.

Setup requests go through httpx; the measured rolls through `Poster`, a minimal keep-alive HTTP/1.1
client whose own CPU cost is an order of magnitude below httpx's (see its docstring).

    python bench/load.py 1000                  one run, printed (bench/run.py load-1000 makes it a row)
    python bench/load.py 1000 --driver httpx   the same with httpx posting the rolls
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from runehall.table.limits import GUESSES_PER_MINUTE

T = TypeVar("T")

HOST = "127.0.0.1"
TABLES = 50
ROLLS = 2500  # paced phase: 25 s at RATE
RATE = 100.0  # rolls/s offered in the paced phase: 2 a second at each table
PEAK_ROLLS = 500  # closed-loop phase
WARMUP_ROLLS = TABLES  # one per table, not measured
MAX_IN_FLIGHT = 64
KEEP_ALIVE = 5.0  # seconds uvicorn keeps an idle HTTP/1.1 connection open (its timeout_keep_alive default)
SETUP_CONCURRENCY = 16  # WebSocket handshakes at once
JOIN_CONCURRENCY = GUESSES_PER_MINUTE // 2  # joins at once, well inside one address's allowance of failed joins
NOTATION = "2d6"
ROLL = json.dumps({"system": "dice", "mechanic": "roll", "params": {"notation": NOTATION}}).encode()
DRIVERS = ("raw", "httpx")
STARTUP = 30.0  # seconds for the server to answer
DRAIN = 15.0  # seconds to wait for the last deliveries of a phase
REQUEST_TIMEOUT = 30.0
LAG_PERIOD = 0.01  # seconds between two samples of the client's event-loop lag
FILE_LIMIT = 8192

METHOD = f"""\
- Table service load (`bench/load.py`): `runehall serve` runs as a subprocess on a fresh SQLite file
  and a loopback port; one client process (asyncio: `websockets` for the live sockets, `httpx` for the
  setup) creates {TABLES} tables, joins N players spread evenly over them and connects each player's
  WebSocket (permessage-deflate offered, as browsers do; the server declines it), and checks through
  the API that all N are online before anything is measured. The server runs as `runehall serve` always
  does: its start-up heap frozen out of the garbage collector's reach and a larger young generation
  (`runehall.service.runtime`); without that, full collections paused it 100-600 ms every 13-17 s with
  1,000 sockets (p99 130-365 ms). Rolls are `{NOTATION}`, public, posted by each table's game master
  over HTTP/1.1 keep-alive connections written directly on asyncio streams: httpx spent 2-6 ms of client
  CPU per request here (about 0.2 ms this way), CPU the server would lose (`--driver httpx` compares).
- Paced: {ROLLS:,} rolls at {RATE:.0f} rolls/s ({RATE / TABLES:.0f} a second at each table), open loop.
  Latency runs from just before a roll's POST is sent to the moment each client of that table receives
  the event (matched by seq), over every (roll, client) delivery; accepted rolls/s counts acknowledged
  POSTs. Peak: {PEAK_ROLLS} rolls with one in flight per table, as fast as the server answers (its
  latency is queueing and is only given in the notes). Missing deliveries count both phases: an event
  acknowledged to the roller that a connected client had not received {DRAIN:.0f} s later.
- The client process shares the 2 cores with the server and with whatever else runs on the machine;
  all three are measured (CPU per process from /proc; "Other load" is the rest of the machine during
  the paced phase) with the client's event-loop lag, which delays the arrival times it takes. Nothing
  is retried or left out. Latency tails depend on that other load and vary from run to run; read them
  with the CPU figures beside them."""


# -- the server ------------------------------------------------------------------------------------------
def raise_file_limit(wanted: int = FILE_LIMIT) -> int:
    """Raise this process's open-file limit (the server, started afterwards, inherits it); the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads) so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_cpu_seconds() -> float:
    """CPU time every process on the machine has spent so far (all cores), from /proc/stat."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    busy = sum(int(x) for i, x in enumerate(fields[:8]) if i not in (3, 4))  # not idle, not iowait
    return busy / os.sysconf("SC_CLK_TCK")


def serve_command(database: str, port: int) -> list[str]:
    return [sys.executable, "-m", "runehall", "serve", "--database-url", database, "--host", HOST, "--port", str(port)]


@contextlib.contextmanager
def server(workdir: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """`runehall serve` on a fresh SQLite file and a free loopback port, terminated on the way out."""
    port = free_port()
    url = f"http://{HOST}:{port}"
    log_path = workdir / "server.log"
    with log_path.open("wb") as log:
        command = serve_command(f"sqlite:///{workdir / 'load.sqlite3'}", port)
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + STARTUP
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"the server exited ({process.returncode}): {_tail(log_path)}")
                with contextlib.suppress(httpx.TransportError):
                    if httpx.get(f"{url}/openapi.json", timeout=1.0).status_code == 200:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not answer in {STARTUP:.0f} s: {_tail(log_path)}")
                time.sleep(0.1)
            yield process, url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _tail(path: Path) -> str:
    try:
        return path.read_text(errors="replace")[-2000:]
    except OSError:
        return ""


# -- what is measured --------------------------------------------------------------------------------------
@dataclass
class Table:
    id: str
    invite: str
    gm_token: str
    players: list[str] = field(default_factory=list)  # tokens
    last_seq: int = 0


@dataclass
class Listener:
    """One participant's live socket: when each event arrived, by seq. It only receives."""

    table: int
    socket: ClientConnection
    arrived: dict[int, float] = field(default_factory=dict)
    duplicates: int = 0
    closed: str = ""  # the close code and reason, if the socket closed before the end

    async def listen(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for message in self.socket:  # ends when the socket closes
                now = time.perf_counter()
                seq = int(json.loads(message)["seq"])
                if seq in self.arrived:
                    self.duplicates += 1
                else:
                    self.arrived[seq] = now
        self.closed = f"{self.socket.close_code} {self.socket.close_reason or ''}".strip()


@dataclass
class Sent:
    table: int
    start: float = 0.0  # perf_counter just before the POST
    seq: int | None = None  # from the 201 answer; None if not acknowledged
    answered: float = 0.0
    failure: str = ""  # the status and detail or the error, when not acknowledged


@dataclass
class Usage:
    """What a phase cost: CPU in cores busy (1.0 = one core all the time) and this process's loop lag."""

    server: float = 0.0
    client: float = 0.0  # this process
    others: float = 0.0  # everything else on the machine
    lag: list[float] = field(default_factory=list)  # event-loop lag samples, seconds


@dataclass
class Phase:
    sent: list[Sent]
    seconds: float  # first send to last answer
    latencies: list[float]  # every delivery, seconds
    missing: int
    late: float  # how far behind schedule the latest paced send started
    closed: Counter[str]  # sockets closed by then, by close code and reason
    usage: Usage = field(default_factory=Usage)

    @property
    def accepted(self) -> int:
        return sum(1 for s in self.sent if s.seq is not None)

    @property
    def per_second(self) -> float:
        return self.accepted / self.seconds if self.seconds > 0 else 0.0

    @property
    def failures(self) -> Counter[str]:
        return Counter(s.failure for s in self.sent if s.seq is None)

    def quantile(self, q: float) -> float:
        return quantile(self.latencies, q)


def quantile(values: Sequence[float], q: float) -> float:
    """The nearest-rank quantile (0 < q ≤ 1); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -int(-len(ordered) * q // 1))
    return ordered[min(len(ordered), rank) - 1]


async def bounded(limit: int, jobs: Sequence[Callable[[], Awaitable[T]]]) -> list[T]:
    """Run the jobs, at most `limit` at a time."""
    gate = asyncio.Semaphore(limit)

    async def one(job: Callable[[], Awaitable[T]]) -> T:
        async with gate:
            return await job()

    return await asyncio.gather(*(one(j) for j in jobs))


# -- the clients -------------------------------------------------------------------------------------------
Stream = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class Poster:
    """The measured rolls' HTTP client: HTTP/1.1 keep-alive POSTs written on asyncio streams, with a pool
    of idle connections per path (one per table unless its rolls overlap).

    httpx, used for the setup, spends 2 to 6 ms of this process's CPU on each request (measured on this
    machine: 4-6 ms with one shared pool and 50 requests in flight, about 2 ms with a client per table),
    CPU taken from the server on a 2-core machine; this client spends about 0.2 ms. `--driver httpx`
    measures with httpx instead (a client per table), for comparison."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.idle: dict[str, list[tuple[float, Stream]]] = {}  # when each went idle, and the connection
        self.open: set[asyncio.StreamWriter] = set()

    async def connection(self, path: str) -> Stream:
        """An idle connection the server still keeps open, else a new one. The server closes a connection
        idle for KEEP_ALIVE seconds; one idle nearly that long could close under the request, and a POST
        is not safely repeated, so it is not used."""
        pool = self.idle.setdefault(path, [])
        while pool:
            since, (reader, writer) = pool.pop()
            if time.monotonic() - since < KEEP_ALIVE - 1.0 and not reader.at_eof():
                return reader, writer
            self.open.discard(writer)
            writer.close()
        return await asyncio.open_connection(self.host, self.port)

    async def post(self, path: str, token: str, body: bytes) -> tuple[int, bytes]:
        reader, writer = await self.connection(path)
        self.open.add(writer)
        try:
            head = (
                f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            )
            writer.write(head.encode() + body)
            answer = await reader.readuntil(b"\r\n\r\n")
            status = int(answer.split(b" ", 2)[1])
            fields = dict(line.split(b":", 1) for line in answer.split(b"\r\n")[1:] if b":" in line)
            headers = {k.strip().lower(): v.strip().lower() for k, v in fields.items()}
            content = await reader.readexactly(int(headers[b"content-length"]))
        except BaseException:
            self.open.discard(writer)
            writer.close()
            raise
        if headers.get(b"connection") == b"close":
            self.open.discard(writer)
            writer.close()
        else:
            self.idle[path].append((time.monotonic(), (reader, writer)))
        return status, content

    def close(self) -> None:
        for writer in self.open:
            writer.close()
        self.open.clear()
        self.idle.clear()


class HttpxPoster:
    """The same POSTs with httpx: an AsyncClient per table (cheaper than one shared pool)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.clients: dict[str, httpx.AsyncClient] = {}

    async def post(self, path: str, token: str, body: bytes) -> tuple[int, bytes]:
        client = self.clients.get(path)
        if client is None:
            client = self.clients[path] = httpx.AsyncClient(base_url=self.url, timeout=REQUEST_TIMEOUT)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        answer = await client.post(path, content=body, headers=headers)
        return answer.status_code, answer.content

    async def aclose(self) -> None:
        await asyncio.gather(*(c.aclose() for c in self.clients.values()), return_exceptions=True)
        self.clients.clear()


class Load:
    def __init__(self, http: httpx.AsyncClient, url: str, server_pid: int, clients: int, driver: str) -> None:
        self.http, self.url, self.server_pid, self.clients = http, url, server_pid, clients
        host, port = url.removeprefix("http://").rsplit(":", 1)
        self.poster: Poster | HttpxPoster = HttpxPoster(url) if driver == "httpx" else Poster(host, int(port))
        self.tables: list[Table] = []
        self.listeners: list[Listener] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = await self.http.post(path, json=body)
        if answer.status_code != 201:
            raise RuntimeError(f"POST {path}: {answer.status_code} {answer.text[:200]}")
        data: dict[str, Any] = answer.json()
        return data

    async def summary(self, table: Table) -> dict[str, Any]:
        answer = await self.http.get(f"/api/tables/{table.id}", headers={"Authorization": f"Bearer {table.gm_token}"})
        answer.raise_for_status()
        data: dict[str, Any] = answer.json()
        return data

    async def setup(self) -> None:
        """The tables, and the players joined evenly over them (not measured)."""
        for i in range(TABLES):
            made = await self.post("/api/tables", {"name": f"Load {i}", "system": "dice", "gm_name": "GM"})
            self.tables.append(Table(made["table_id"], made["invite_code"], made["token"]))

        def join(i: int, table: Table) -> Callable[[], Awaitable[None]]:
            async def job() -> None:
                joined = await self.post("/api/join", {"invite_code": table.invite, "name": f"Player {i}"})
                table.players.append(joined["token"])

            return job

        # (each join is counted against the address's failed-join allowance until it succeeds: fewer in flight
        # than that allowance, or the server refuses the rest as guessing)
        await bounded(JOIN_CONCURRENCY, [join(i, self.tables[i % TABLES]) for i in range(self.clients)])
        for table in self.tables:
            table.last_seq = int((await self.summary(table))["last_seq"])

    async def connect_all(self) -> None:
        """Every player's live socket, and the API's word that each is online (subscribed)."""
        base = self.url.replace("http://", "ws://", 1)

        def opener(index: int, table: Table, token: str) -> Callable[[], Awaitable[None]]:
            async def job() -> None:
                uri = f"{base}/api/tables/{table.id}/ws?token={token}&since={table.last_seq}"
                ws = await connect(uri, open_timeout=REQUEST_TIMEOUT, ping_interval=None, close_timeout=2)
                listener = Listener(index, ws)
                self.listeners.append(listener)  # closed by close_all, even if a later one fails
                self.tasks.append(asyncio.create_task(listener.listen()))

            return job

        jobs = [opener(i, t, token) for i, t in enumerate(self.tables) for token in t.players]
        await bounded(SETUP_CONCURRENCY, jobs)
        deadline = time.monotonic() + REQUEST_TIMEOUT
        while True:
            online = 0
            for table in self.tables:
                online += sum(1 for p in (await self.summary(table))["participants"] if p["online"])
            if online == self.clients:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"only {online} of {self.clients} clients online")
            await asyncio.sleep(0.2)

    async def close_all(self) -> None:
        if isinstance(self.poster, HttpxPoster):
            await self.poster.aclose()
        else:
            self.poster.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(ls.socket.close() for ls in self.listeners)), 15)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def clocks(self) -> tuple[float, float, float, float]:
        return time.perf_counter(), cpu_seconds(self.server_pid), time.process_time(), machine_cpu_seconds()

    @contextlib.asynccontextmanager
    async def observing(self) -> AsyncIterator[Usage]:
        """CPU used meanwhile by the server, this process and the rest of the machine, and how late this
        process's event loop wakes up (a busy client delays every arrival it times)."""
        usage = Usage()
        stop = asyncio.Event()

        async def watch() -> None:
            while not stop.is_set():
                start = time.perf_counter()
                await asyncio.sleep(LAG_PERIOD)
                usage.lag.append(time.perf_counter() - start - LAG_PERIOD)

        task = asyncio.create_task(watch())
        wall, server, client, machine = self.clocks()
        try:
            yield usage
        finally:
            stop.set()
            await task
            wall2, server2, client2, machine2 = self.clocks()
            spent = max(wall2 - wall, 1e-9)
            usage.server, usage.client = (server2 - server) / spent, (client2 - client) / spent
            usage.others = max(0.0, (machine2 - machine) / spent - usage.server - usage.client)

    async def roll(self, sent: Sent) -> None:
        table = self.tables[sent.table]
        path = f"/api/tables/{table.id}/rolls"
        sent.start = time.perf_counter()
        try:
            status, content = await asyncio.wait_for(self.poster.post(path, table.gm_token, ROLL), REQUEST_TIMEOUT)
        except Exception as error:  # a roll that fails is recorded as not acknowledged, and the run goes on
            sent.failure = type(error).__name__
            return
        sent.answered = time.perf_counter()
        if status == 201:
            sent.seq = int(json.loads(content)["seq"])
        else:
            sent.failure = f"{status} {content[:120].decode(errors='replace')}"

    async def paced(self, count: int, rate: float) -> Phase:
        """`count` rolls sent on a fixed schedule, whether or not earlier ones were answered."""
        gate = asyncio.Semaphore(MAX_IN_FLIGHT)
        sent = [Sent(i % TABLES) for i in range(count)]

        async def one(s: Sent) -> None:
            async with gate:
                await self.roll(s)

        tasks = []
        late = 0.0
        async with self.observing() as usage:
            begin = time.perf_counter()
            for i, s in enumerate(sent):
                wait = begin + i / rate - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                else:
                    late = max(late, -wait)
                tasks.append(asyncio.create_task(one(s)))
            await asyncio.gather(*tasks)
            phase = await self.settle(sent, late)
        phase.usage = usage
        return phase

    async def closed_loop(self, count: int) -> Phase:
        """`count` rolls, one in flight at each table, each sent as soon as the previous one is answered."""
        sent = [Sent(i % TABLES) for i in range(count)]

        async def worker(table: int) -> None:
            for s in sent[table::TABLES]:
                await self.roll(s)

        async with self.observing() as usage:
            await asyncio.gather(*(worker(t) for t in range(TABLES)))
            phase = await self.settle(sent, 0.0)
        phase.usage = usage
        return phase

    async def settle(self, sent: list[Sent], late: float) -> Phase:
        """Wait for every delivery (at most DRAIN seconds), then match deliveries to rolls."""
        at: dict[int, list[Listener]] = {}
        for listener in self.listeners:
            at.setdefault(listener.table, []).append(listener)
        done = [s for s in sent if s.seq is not None]
        deadline = time.monotonic() + DRAIN
        while time.monotonic() < deadline:
            if all(s.seq in ls.arrived for s in done for ls in at.get(s.table, [])):
                break
            await asyncio.sleep(0.05)
        latencies, missing = [], 0
        for s in done:
            for listener in at.get(s.table, []):
                arrived = listener.arrived.get(s.seq or 0)
                if arrived is None:
                    missing += 1
                else:
                    latencies.append(arrived - s.start)
        first = min((s.start for s in sent), default=0.0)
        last = max((s.answered for s in sent), default=0.0)
        closed = Counter(ls.closed for ls in self.listeners if ls.closed)
        return Phase(sent, last - first, latencies, missing, late, closed)


# -- the row ------------------------------------------------------------------------------------------------
def ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms"


@dataclass(frozen=True)
class LoadRow:
    TABLE: ClassVar[str] = "Table service load"
    HEADERS: ClassVar[tuple[str, ...]] = (
        "Clients",
        "Tables",
        "Paced rolls",
        "Offered rolls/s",
        "Accepted rolls/s",
        "Deliveries",
        "Latency p50",
        "Latency p99",
        "Max",
        "Missing deliveries",
        "Peak rolls/s",
        "Other load (cores)",
    )

    clients: int
    offered: float
    paced: Phase
    peak: Phase
    setup_seconds: float

    @property
    def p99(self) -> float:
        return self.paced.quantile(0.99)

    @property
    def missing(self) -> int:
        """Missing deliveries in both phases."""
        return self.paced.missing + self.peak.missing

    def cells(self) -> tuple[str, ...]:
        return (
            f"{self.clients:,}",
            str(TABLES),
            f"{len(self.paced.sent):,}",
            f"{self.offered:,.0f}",
            f"{self.paced.per_second:,.1f}",
            f"{len(self.paced.latencies):,}",
            ms(self.paced.quantile(0.5)),
            ms(self.p99),
            ms(max(self.paced.latencies, default=float("nan"))),
            f"{self.missing:,}",
            f"{self.peak.per_second:,.0f}",
            f"{self.paced.usage.others:.2f}",
        )

    def detail(self) -> str:
        p, k = self.paced, self.peak
        return (
            f"{self.clients:,} clients ({self.clients // TABLES} a table). Paced: {_usage(p)}. "
            f"Peak: {k.accepted:,} rolls in {k.seconds:.1f} s, latency p50 {ms(k.quantile(0.5))}, "
            f"p99 {ms(k.quantile(0.99))}; {_usage(k)}. Setup (tables, joins, sockets): {self.setup_seconds:.1f} s."
        )


def _usage(phase: Phase) -> str:
    u = phase.usage
    text = (
        f"CPU cores busy: server {u.server:.2f}, client process {u.client:.2f}, rest of the machine "
        f"{u.others:.2f}; client loop lag p99 {ms(quantile(u.lag, 0.99))}"
    )
    if phase.missing:
        text += f"; {phase.missing:,} deliveries missing"
    if phase.failures:
        text += "; not acknowledged: " + ", ".join(f"{n}× {why}" for why, n in phase.failures.items())
    if phase.late > 0.01:
        text += f"; sends up to {ms(phase.late)} behind schedule"
    if phase.closed:
        text += "; sockets closed early: " + ", ".join(f"{n}× {why}" for why, n in phase.closed.items())
    return text


# -- one run --------------------------------------------------------------------------------------------------
async def _measure(url: str, pid: int, clients: int, rolls: int, rate: float, peak: int, driver: str) -> LoadRow:
    limits = httpx.Limits(max_connections=MAX_IN_FLIGHT, max_keepalive_connections=MAX_IN_FLIGHT)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=REQUEST_TIMEOUT) as http:
        load = Load(http, url, pid, clients, driver)
        began = time.perf_counter()
        try:
            await load.setup()
            await load.connect_all()
            setup = time.perf_counter() - began
            await load.closed_loop(WARMUP_ROLLS)
            paced = await load.paced(rolls, rate)
            fastest = await load.closed_loop(peak)
        finally:
            await load.close_all()
    return LoadRow(clients, rate, paced, fastest, setup)


def measure(
    clients: int,
    rolls: int = ROLLS,
    rate: float = RATE,
    peak: int = PEAK_ROLLS,
    driver: str = "raw",
    keep: Path | None = None,
) -> LoadRow:
    """One run; `keep` is a directory for the database and the server's log, else a temporary one."""
    if driver not in DRIVERS:
        raise ValueError(f"driver: one of {', '.join(DRIVERS)}")
    if clients <= 0 or clients % TABLES:
        raise ValueError(f"spread the clients evenly: a positive multiple of {TABLES}")
    raise_file_limit(max(FILE_LIMIT, 2 * clients + 256))
    with contextlib.ExitStack() as stack:
        workdir = keep or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="runehall-load-")))
        (workdir / "load.sqlite3").unlink(missing_ok=True)
        process, url = stack.enter_context(server(workdir))
        return asyncio.run(_measure(url, process.pid, clients, rolls, rate, peak, driver))


def load_100() -> LoadRow:
    return measure(100)


def load_500() -> LoadRow:
    return measure(500)


def load_1000() -> LoadRow:
    return measure(1000)


def main(argv: Sequence[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("clients", type=int, nargs="?", default=100)
    parser.add_argument("--rate", type=float, default=RATE, help="paced rolls/s")
    parser.add_argument("--rolls", type=int, default=ROLLS, help="paced rolls")
    parser.add_argument("--peak", type=int, default=PEAK_ROLLS, help="closed-loop rolls")
    parser.add_argument("--driver", choices=DRIVERS, default="raw", help="the measured rolls' HTTP client")
    parser.add_argument("--keep", type=Path, help="keep the database and server.log in this directory")
    args = parser.parse_args(argv)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    row = measure(args.clients, args.rolls, args.rate, args.peak, args.driver, args.keep)
    print(" | ".join(row.HEADERS))
    print(" | ".join(row.cells()))
    print(row.detail())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
