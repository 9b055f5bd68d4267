"""The Textual hot-seat app. ``run_app(config)`` runs it and returns the exit status."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..config import PlayConfig

__all__ = ["run_app"]


def run_app(config: "PlayConfig") -> int:
    """Run the game until the players quit; returns the process exit status."""
    from .app import UnoApp

    app = UnoApp(config)
    app.run()
    return app.return_code or 0
