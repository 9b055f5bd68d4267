"""How often a signal just after the first handoff's Enter ends the game badly.

Run by hand (each run starts ``python -m uno_tui`` in a pseudo-terminal, as
``tests/saves/test_signals.py`` does):

    python tests/benchmarks/signal_after_first_enter.py [DELAYS]

DELAYS (default ``0.06,0.08,0.1,0.12,0.14`` twice) are the seconds between Enter and the
signal; each delay is tried with SIGINT and SIGTERM. A good exit is 128 + the signal's
number. Before the fix in TableScreen._build, 5 of 24 such exits said "internal error"
(MountError: the app closed while the table beneath the handoff was still being built)
and gave status 1.
"""

from __future__ import annotations

import os
import pathlib
import re
import signal
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from tests.saves.test_signals import PLAYERS, Terminal, started  # noqa: E402

ESCAPES = re.compile(rb"\x1b\[[0-9;?<]*[A-Za-z]")


def main() -> int:
    spec = sys.argv[1] if len(sys.argv) > 1 else "0.06,0.08,0.1,0.12,0.14," * 2
    delays = [float(part) for part in spec.split(",") if part]
    bad = runs = 0
    for delay in delays:
        for signum in (signal.SIGINT, signal.SIGTERM):
            data_dir = pathlib.Path(tempfile.mkdtemp(prefix="uno-signal-"))
            term = Terminal(data_dir, "--players", PLAYERS, "--seed", "4")
            try:
                term.wait_for(started(data_dir))
                term.type(b"\r")
                term.read(delay)
                os.kill(term.pid, signum)
                status = term.finish()
            finally:
                term.close()
            runs += 1
            text = ESCAPES.sub(b"", bytes(term.output)).decode("utf-8", "replace")
            good = status == 128 + signum
            bad += not good
            print(f"{delay:.2f} s, {signal.Signals(signum).name}: status {status}"
                  + ("" if good else "  BAD: " + text.strip().splitlines()[-2][:160]))
    print(f"{bad} of {runs} exits were not 128 + the signal")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
