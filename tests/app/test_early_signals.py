"""A hangup that comes while the app is still being built (the match already on disk)
ends it as one after: through the app's exit path, 128 + the signal, not by the signal."""

from __future__ import annotations

import os
import signal

from uno_tui.app import app as app_module
from uno_tui.app import early_signals

from .helpers import make_app, make_controller


async def test_a_hangup_before_the_app_has_mounted_is_taken_when_it_mounts(monkeypatch):
    watchdogs = []
    monkeypatch.setattr(app_module.threading, "Timer",
                        lambda *args, **kwargs: watchdogs.append(args) or _Idle())
    kept = {signum: signal.getsignal(signum) for signum in early_signals.EXIT_SIGNALS}
    try:
        early_signals.hold()
        os.kill(os.getpid(), signal.SIGHUP)     # held: the process lives on
        app = make_app(make_controller("Ann,cpu"))
        app._catch_signals_on_mount = True
        async with app.run_test() as pilot:
            await pilot.pause()
        assert app.signal_received == signal.SIGHUP
        assert app.return_code == 128 + signal.SIGHUP
        assert early_signals.take_held() is None
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


class _Idle:
    daemon = False

    def start(self) -> None:
        pass
