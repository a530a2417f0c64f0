"""A private PostgreSQL cluster for the tests (standard library only: it runs before anything is installed).

`python3 dev.py test` calls `test_env()`, which

1. finds the server binaries (initdb, pg_ctl, postgres, psql), preferring PostgreSQL 15; if they are
   missing and we are root, installs Debian's `postgresql` package with apt-get;
2. creates a cluster of our own in `.pgtest/` under the repository (not the system's cluster), owned by
   the `postgres` user when we are root (initdb refuses to run as root), listening on 127.0.0.1 only, on
   port 54329 (or a free port if that one is taken), with its unix socket in the same directory;
3. starts it with pg_ctl unless it is already running (a stale postmaster.pid left by a killed server
   is cleared), and creates the test role and database if they are missing;
4. returns RUNEHALL_TEST_POSTGRES=postgresql://runehall:runehall@127.0.0.1:PORT/runehall_test.

The server is left running so the next run reuses it; `python3 dev.py postgres stop` stops it and
`rm -rf .pgtest` forgets it. RUNEHALL_SKIP_POSTGRES=1 runs the tests on SQLite only; a
RUNEHALL_TEST_POSTGRES already set is used as it is. Concurrent runs are serialised by a file lock.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import hashlib
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

PREFERRED_MAJOR = 15
DEFAULT_PORT = 54329
ROLE = "runehall"
PASSWORD = "runehall"
DATABASE = "runehall_test"
SUPERUSER = "postgres"
URL_VAR = "RUNEHALL_TEST_POSTGRES"
SKIP_VAR = "RUNEHALL_SKIP_POSTGRES"
BINDIR_VAR = "RUNEHALL_PG_BINDIR"
TOOLS = ("initdb", "pg_ctl", "postgres", "psql")
SOCKET_PATH_MAX = 100  # sun_path holds 108 bytes; the socket's name adds ".s.PGSQL.NNNNN"


class PostgresError(Exception):
    """Why a test cluster could not be provided, in one sentence a person can act on."""


def _log(message: str) -> None:
    print(f"postgres: {message}", flush=True)


# -- binaries ------------------------------------------------------------------------------------------
def _has_tools(bindir: Path) -> bool:
    return all((bindir / tool).is_file() and os.access(bindir / tool, os.X_OK) for tool in TOOLS)


def find_bindir(use_override: bool = True) -> Path | None:
    """The directory holding the server binaries: $RUNEHALL_PG_BINDIR, Debian's layout, or PATH."""
    override = os.environ.get(BINDIR_VAR) if use_override else None
    if override:
        return Path(override) if _has_tools(Path(override)) else None

    def major(path: str) -> int:
        name = Path(path).parent.name
        return int(name) if name.isdigit() else 0

    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: (major(p) == PREFERRED_MAJOR, major(p)))
    for candidate in reversed(debian):
        if _has_tools(Path(candidate)):
            return Path(candidate)
    on_path = shutil.which("pg_ctl")
    if on_path and _has_tools(Path(on_path).resolve().parent):
        return Path(on_path).resolve().parent
    return None


def install() -> Path:
    """apt-get install postgresql (root only), quietly; returns the binaries' directory."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise PostgresError(
            "the PostgreSQL server (initdb, pg_ctl, postgres) is not installed and this is not a root shell on a "
            "Debian-like system, so it cannot be installed here: install it (Debian: apt-get install postgresql), "
            f"or point {BINDIR_VAR} at its bin directory, or set {SKIP_VAR}=1 to run the tests on SQLite only"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    _log("installing PostgreSQL with apt-get (once per machine)")
    for command in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "postgresql"],
    ):
        done = subprocess.run(command, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            sys.stderr.write(done.stdout + done.stderr)
            raise PostgresError(f"{shlex.join(command)} failed (exit {done.returncode}); its output is above")
    bindir = find_bindir(use_override=False)
    if bindir is None:
        raise PostgresError("apt-get installed postgresql but its server binaries were not found")
    return bindir


# -- running things as the cluster's owner -----------------------------------------------------------------
class Cluster:
    """One private cluster: its directory, its owner, and the commands that drive it."""

    def __init__(self, root: Path, bindir: Path) -> None:
        self.root = root
        self.bindir = bindir
        self.owner = SUPERUSER if os.geteuid() == 0 else None  # None: the current user owns it
        self.base = self._choose_base()
        self.data = self.base / "data"
        self.logfile = self.base / "server.log"

    def _choose_base(self) -> Path:
        base = self.root / ".pgtest"
        too_long = len(str(base)) > SOCKET_PATH_MAX
        if too_long or (self.owner is not None and not self._owner_can_reach(self.root)):
            # The owner cannot walk into the checkout (or the socket path would be too long): keep the
            # cluster in a directory of its own under the temporary directory instead.
            digest = hashlib.sha256(str(self.root).encode()).hexdigest()[:10]
            base = Path(tempfile.gettempdir()) / f"runehall-pgtest-{digest}"
        return base

    def _owner_can_reach(self, path: Path) -> bool:
        return subprocess.run(self._as_owner(["test", "-x", str(path)]), capture_output=True).returncode == 0

    def _as_owner(self, command: Sequence[str]) -> list[str]:
        if self.owner is None:
            return list(command)
        if shutil.which("runuser"):
            return ["runuser", "-u", self.owner, "--", *command]
        return ["su", self.owner, "-s", "/bin/sh", "-c", shlex.join(command)]

    def run(self, *command: str, check: bool = True, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            self._as_owner(command),
            input=stdin,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            capture_output=True,
            text=True,
            cwd=self.base if self.base.exists() else None,
        )
        if check and done.returncode != 0:
            raise PostgresError(
                f"{Path(command[0]).name} failed (exit {done.returncode}): {(done.stderr or done.stdout).strip()}"
                + (f"\n--- {self.logfile} ---\n{self._log_tail()}" if self.logfile.exists() else "")
            )
        return done

    def _log_tail(self) -> str:
        try:
            return "\n".join(self.logfile.read_text(errors="replace").splitlines()[-20:])
        except OSError:
            return ""

    def tool(self, name: str) -> str:
        return str(self.bindir / name)

    # -- set-up ------------------------------------------------------------------------------------------
    def _ensure_owner_account(self) -> None:
        if self.owner is None:
            return
        try:
            pwd.getpwnam(self.owner)
        except KeyError:
            _log(f"creating the system user {self.owner!r}")
            subprocess.run(["useradd", "--system", "--no-create-home", self.owner], check=True)

    def prepare_base(self) -> None:
        self._ensure_owner_account()
        self.base.mkdir(parents=True, exist_ok=True)
        os.chmod(self.base, 0o700)
        if self.owner is not None:
            entry = pwd.getpwnam(self.owner)
            os.chown(self.base, entry.pw_uid, entry.pw_gid)

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """One run at a time sets the cluster up (two checkouts' test runs may start together)."""
        with open(self.base / "setup.lock", "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def initdb(self) -> None:
        if (self.data / "PG_VERSION").exists() and (self.data / "postgresql.conf").exists():
            return
        # initdb into a scratch directory and rename it, so an interrupted initdb leaves nothing half made.
        scratch = self.base / "data.initdb"
        for leftover in (scratch, self.data):
            if leftover.exists():
                shutil.rmtree(leftover)
        _log(f"creating a private cluster in {self.data}")
        with tempfile.NamedTemporaryFile("w", dir=self.base, delete=False) as pwfile:
            pwfile.write(PASSWORD + "\n")
        try:
            if self.owner is not None:
                entry = pwd.getpwnam(self.owner)
                os.chown(pwfile.name, entry.pw_uid, entry.pw_gid)
            self.run(
                self.tool("initdb"),
                "-D",
                str(scratch),
                "-U",
                SUPERUSER,
                "--pwfile",
                pwfile.name,
                "--auth-local=trust",  # the socket lives in a 0700 directory of the cluster's owner
                "--auth-host=scram-sha-256",
                "--encoding=UTF8",
                "--locale=C",
                "--no-instructions",
            )
        finally:
            os.unlink(pwfile.name)
        with open(scratch / "postgresql.conf", "a") as conf:
            conf.write(
                "\n# runehall test cluster (devtools/postgres.py)\n"
                "listen_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{self.base}'\n"
                "max_connections = 200\n"
            )
        scratch.rename(self.data)

    # -- running -----------------------------------------------------------------------------------------
    def _pidfile(self) -> list[str] | None:
        try:
            return (self.data / "postmaster.pid").read_text().splitlines()
        except (FileNotFoundError, PermissionError):
            return None

    def _is_our_postmaster(self, pid: int) -> bool:
        """Whether `pid` is a live postmaster of this cluster (after a reboot the pid may be anyone's)."""
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass  # alive, and someone else's: look at what it is
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0]
        except OSError:
            return True  # no /proc: trust the pid
        if Path(command.decode(errors="replace")).name not in ("postgres", "postmaster"):
            return False
        try:
            return Path(os.readlink(f"/proc/{pid}/cwd")) == self.data.resolve()  # a postmaster runs in its data
        except OSError:
            return True

    def running_port(self, wait: float = 30.0) -> int | None:
        """The port of our running server, or None when it is not running (a stale pid file is removed)."""
        deadline = time.monotonic() + wait
        while True:
            lines = self._pidfile()
            if lines is None:
                return None
            if len(lines) < 8 or not lines[0].strip().isdigit():
                if time.monotonic() > deadline:  # half-written for that long: not a live server
                    self._remove_stale()
                    return None
                time.sleep(0.1)
                continue
            if not self._is_our_postmaster(int(lines[0])):
                self._remove_stale()
                return None
            status = lines[7].strip()
            if status == "ready" and _port_open(int(lines[3])):
                return int(lines[3])
            if time.monotonic() > deadline:
                raise PostgresError(f"the test cluster in {self.data} is stuck in state {status!r}")
            time.sleep(0.1)

    def _remove_stale(self) -> None:
        _log("removing a stale postmaster.pid (the server was killed)")
        (self.data / "postmaster.pid").unlink(missing_ok=True)
        for lock in self.base.glob(".s.PGSQL.*.lock"):
            lock.unlink(missing_ok=True)

    def start(self) -> int:
        port = DEFAULT_PORT if not _port_open(DEFAULT_PORT) else _free_port()
        _log(f"starting the test cluster on 127.0.0.1:{port}")
        for attempt in range(3):
            done = self.run(
                self.tool("pg_ctl"),
                "-D",
                str(self.data),
                "-l",
                str(self.logfile),
                "-o",
                f"-p {port}",
                "-w",
                "-t",
                "60",
                "start",
                check=False,
            )
            if done.returncode == 0:
                break
            # Backends of a killed postmaster may hold its shared memory for a moment; try again.
            if attempt == 2:
                raise PostgresError(f"pg_ctl start failed: {done.stderr.strip()}\n{self._log_tail()}")
            self.running_port(wait=0)
            time.sleep(1)
        found = self.running_port()
        if found is None:
            raise PostgresError(f"the test cluster did not start\n{self._log_tail()}")
        return found

    def stop(self) -> bool:
        if self.running_port() is None:
            return False
        self.run(self.tool("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        return True

    def psql(self, port: int, sql: str) -> str:
        done = self.run(
            self.tool("psql"),
            "-h",
            str(self.base),
            "-p",
            str(port),
            "-U",
            SUPERUSER,
            "-d",
            "postgres",
            "-X",
            "-q",
            "-t",
            "-A",
            "-v",
            "ON_ERROR_STOP=1",
            stdin=sql,
        )
        return done.stdout

    def ensure_database(self, port: int) -> None:
        self.psql(
            port,
            f"""
            SELECT format('CREATE ROLE {ROLE} LOGIN PASSWORD %L', '{PASSWORD}')
             WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') \\gexec
            SELECT 'CREATE DATABASE {DATABASE} OWNER {ROLE}'
             WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '{DATABASE}') \\gexec
            """,
        )

    def url(self, port: int) -> str:
        return f"postgresql://{ROLE}:{PASSWORD}@127.0.0.1:{port}/{DATABASE}"


def _port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- what dev.py calls ------------------------------------------------------------------------------------
def cluster(root: Path, install_missing: bool = True) -> Cluster:
    bindir = find_bindir()
    if bindir is None:
        if not install_missing:
            raise PostgresError("the PostgreSQL server is not installed")
        bindir = install()
    return Cluster(root, bindir)


def ensure(root: Path) -> str:
    """Start (or reuse) the private test cluster and return the URL of its test database."""
    pg = cluster(root)
    pg.prepare_base()
    with pg.locked():
        pg.initdb()
        port = pg.running_port()
        if port is None:
            port = pg.start()
        pg.ensure_database(port)
    return pg.url(port)


def test_env(root: Path) -> dict[str, str]:
    """The environment variables pytest needs for the PostgreSQL backend (empty when it is skipped)."""
    if os.environ.get(SKIP_VAR) == "1":
        _log(f"{SKIP_VAR}=1: the service tests run on SQLite only")
        return {}
    if os.environ.get(URL_VAR):
        _log(f"using {URL_VAR} from the environment")
        return {URL_VAR: os.environ[URL_VAR]}
    try:
        url = ensure(root)
    except PostgresError as error:
        print(f"error: no PostgreSQL for the tests: {error}", file=sys.stderr)
        sys.exit(1)
    return {URL_VAR: url}


def command(root: Path, action: str) -> None:
    """`python3 dev.py postgres start|stop|status`."""
    try:
        if action == "start":
            print(ensure(root))
        elif action in ("stop", "status"):
            pg = cluster(root, install_missing=False)
            if action == "stop":
                print("stopped" if pg.stop() else "not running")
            else:
                port = pg.running_port(wait=0) if pg.data.exists() else None
                print(pg.url(port) if port else f"not running ({pg.data})")
        else:
            raise PostgresError(f"unknown action {action!r}: use start, stop or status")
    except PostgresError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
