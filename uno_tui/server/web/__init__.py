"""``uno-tui serve --web PORT``: the same lobby and tables in a web browser.

:mod:`.front` serves the page (xterm.js, bundled) and checks who may in,
:mod:`.session` turns each of the page's WebSockets into a session of the host like an
SSH channel's, and :mod:`.limits` caps new sessions per address (the other limits are the SSH server's, counted
for both kinds of terminal together).
"""

from .front import WebFront
from .limits import SessionRate

__all__ = ["WebFront", "SessionRate"]
