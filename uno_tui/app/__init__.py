"""The Textual hot-seat app. ``run_app(config)`` runs it and returns the exit status."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..config import PlayConfig
    from ..saves import MatchRecord, MatchStore
    from .replay import Replay

__all__ = ["run_app"]


def run_app(config: "PlayConfig", *, store: "MatchStore | None" = None,
            resume: "MatchRecord | None" = None, replay: "Replay | None" = None) -> int:
    """Run the game until the players quit (autosaving to ``store``, playing on from
    ``resume`` if given, or playing back ``replay``); returns the process exit status."""
    from .app import UnoApp

    app = UnoApp(config, store=store, resume=resume, replay=replay, catch_signals=True)
    try:
        app.run()
    finally:
        app.flush_saves(5.0)
    return app.return_code or 0
