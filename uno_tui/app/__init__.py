"""The Textual hot-seat app. ``run_app(config)`` runs it and returns the exit status."""

from __future__ import annotations

import gc
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..config import PlayConfig
    from ..saves import MatchRecord, MatchStore
    from ..preferences import Preferences
    from .replay import Replay

__all__ = ["run_app"]


def run_app(config: "PlayConfig", *, store: "MatchStore | None" = None,
            resume: "MatchRecord | None" = None, replay: "Replay | None" = None,
            lang: str = "en", preferences: "Preferences | None" = None) -> int:
    """Run the game until the players quit (autosaving to ``store``, playing on from
    ``resume`` if given, or playing back ``replay``), its words in ``lang``; returns the
    process exit status."""
    # Everything the launch makes (modules, classes, styles, the first screen's widgets)
    # lives as long as the app: looking for garbage among it took ~25 ms of CPU before
    # the first frame. The collector waits for the first frame (see UnoApp.on_mount).
    gc.disable()
    # A hangup while the app is being built ends it as one after: saved, 128 + n.
    from . import early_signals
    early_signals.hold()
    try:
        from .app import UnoApp
        from .parsed_styles import ParsedStyles, cache_file

        parsed_styles = ParsedStyles(cache_file())
        app = UnoApp(config, store=store, resume=resume, replay=replay, catch_signals=True,
                     gc_after_first_frame=True, lang=lang, preferences=preferences,
                     parsed_styles=parsed_styles)
        try:
            app.run()
        finally:
            app.flush_saves(5.0)
            parsed_styles.save()
    finally:
        gc.enable()
    # The exit status says whether the match is saved: a quiet 0 after failed saves
    # let four moves go without a word.
    line, status = app.exit_report()
    if line:
        try:
            print(f"uno-tui: {line}", file=sys.stderr)
        except (OSError, ValueError):
            pass        # the terminal is gone (a hangup): the save itself is what matters
    return app.return_code or status
