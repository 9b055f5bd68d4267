"""The real app in a pseudo-terminal: killed at random points, hung up on, terminated.

Each test starts ``python -m uno_tui`` in its own pseudo-terminal (not Pilot), types
keys, sends a signal, and looks at the exit status, the bytes written at the end and
the save left behind. Few and short: each takes a few seconds.
"""

from __future__ import annotations

import fcntl
import os
import random
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from uno_tui.saves import MatchStore, parse_save

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")

PLAYERS = "Ann,Bob,cpu"
#: Sequences Textual's exit must write after a signal: leave the alternate screen,
#: mouse reporting off, cursor shown.
RESTORE = (b"\x1b[?1049l", b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l", b"\x1b[?25h")
KEYS = [b"\r", b"d", b"1", b"2", b"3", b"\r", b"\r", b"k", b"\x1b[C"]


class Terminal:
    """A child ``uno-tui`` in a pseudo-terminal of 80x24, and everything it wrote."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        env.pop("TEXTUAL", None)
        self.pid, self.fd = os.forkpty()
        if self.pid == 0:   # the child: become uno-tui
            try:
                os.execve(sys.executable, [sys.executable, "-m", "uno_tui", "--data-dir",
                                           str(data_dir), *args], env)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = bytearray()
        self.status: int | None = None

    def read(self, seconds: float) -> None:
        """Collect output for ``seconds`` (or until the child closes the terminal)."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def wait_for(self, predicate, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while not predicate():
            assert time.monotonic() < end, bytes(self.output[-400:])
            self.read(0.1)

    def type(self, key: bytes) -> None:
        os.write(self.fd, key)

    def finish(self, timeout: float = 20.0) -> int:
        """Read to the end and reap the child; its exit status (128+n for signal n)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.read(0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.read(0.2)
                self.status = os.waitstatus_to_exitcode(status)
                if self.status < 0:
                    self.status = 128 - self.status
                return self.status
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError("the app did not exit")

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass


def saves(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "saves").glob("*.json"))


def actions(path: Path) -> int:
    try:
        return parse_save(path.read_bytes()).moves
    except (OSError, ValueError):
        return -1


def started(data_dir: Path):
    return lambda: bool(saves(data_dir))


def assert_terminal_restored(term: Terminal) -> None:
    output = bytes(term.output)
    entered = output.rfind(b"\x1b[?1049h")
    assert entered >= 0, "never entered the alternate screen"
    tail = output[entered:]
    for sequence in RESTORE:
        assert sequence in tail, sequence
    assert b"Traceback" not in output


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kill_9_at_a_random_point_loses_at_most_one_action_and_resumes(tmp_path, seed):
    rng = random.Random(seed)
    term = Terminal(tmp_path, "--players", PLAYERS, "--seed", str(seed))
    try:
        term.wait_for(started(tmp_path))
        for _ in range(rng.randrange(3, 25)):
            term.type(rng.choice(KEYS))
            term.read(rng.uniform(0.02, 0.25))
        os.kill(term.pid, signal.SIGKILL)
        assert term.finish() == 128 + signal.SIGKILL
    finally:
        term.close()
    [path] = saves(tmp_path)
    raw = path.read_bytes()
    before = parse_save(raw)        # a cut-short last line is dropped, never refused
    whole = raw[:before.length]
    store = MatchStore(tmp_path)
    assert [s.path for s in store.unfinished()] == [path]   # the next start offers it

    term = Terminal(tmp_path, "--resume")
    try:
        # Up when the footer is drawn (the log's "resumed" line may be behind a handoff).
        term.wait_for(lambda: b"Quit" in term.output)
        term.read(0.3)
        os.kill(term.pid, signal.SIGTERM)
        assert term.finish() == 128 + signal.SIGTERM
    finally:
        term.close()
    assert_terminal_restored(term)
    after = path.read_bytes()
    # The resumed match is the saved one, played on: its whole lines, then new ones.
    assert after.startswith(whole) and after.endswith(b"\n")
    again = parse_save(after)
    assert again.config == before.config and again.created == before.created
    if again.moves == before.moves:
        assert again.match == before.match


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
def test_a_signal_saves_restores_the_terminal_and_exits_128_plus_n(tmp_path, signum):
    term = Terminal(tmp_path, "--players", PLAYERS, "--seed", "4")
    try:
        term.wait_for(started(tmp_path))
        term.type(b"\r")    # through the first handoff
        term.read(0.5)
        os.kill(term.pid, signum)
        assert term.finish() == 128 + signum, bytes(term.output[-600:])
    finally:
        term.close()
    assert_terminal_restored(term)
    [path] = saves(tmp_path)
    assert MatchStore(tmp_path).load(path).restore() is not None
    assert not list(tmp_path.rglob("crash-*"))


def test_a_hangup_with_the_terminal_gone_still_saves_and_exits(tmp_path):
    term = Terminal(tmp_path, "--players", PLAYERS, "--seed", "5")
    term.wait_for(started(tmp_path))
    term.read(0.3)
    pid = term.pid
    term.close()                     # the SSH link drops: nobody reads the terminal any more
    os.kill(pid, signal.SIGHUP)
    end = time.monotonic() + 20
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise AssertionError("the app hung after the hangup")
    code = os.waitstatus_to_exitcode(status)
    assert code == 128 + signal.SIGHUP, code
    [path] = saves(tmp_path)
    assert MatchStore(tmp_path).load(path).restore() is not None
    assert not list(tmp_path.rglob("crash-*"))   # a hangup is not a crash
