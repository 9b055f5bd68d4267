"""``uno-tui serve``: friends join one table over SSH, each at their own terminal.

:mod:`.host` listens and logs, :mod:`.session` is one SSH connection, :mod:`.driver`
draws a Textual app onto its channel, :mod:`.client` is that app (the lobby and the
table screen), and :mod:`.table` holds each table's one authoritative match.
"""

from .host import Host, ServeConfig, ServeError, run_server

__all__ = ["Host", "ServeConfig", "ServeError", "run_server"]
