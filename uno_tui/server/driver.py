"""A Textual driver for one SSH channel, running on the server's own event loop.

Textual's Linux driver owns the process: it reads stdin in a thread, writes to the
real stderr, puts the tty in raw mode and installs SIGWINCH/SIGTSTP/SIGCONT handlers.
Several apps share the server's process, so this driver does none of that: output
goes to the session's channel, input arrives from the channel's ``data_received``
and is parsed with Textual's own ``XTermParser``, and the size comes from the SSH
``window-change`` requests the client sends.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from .limits import InputRate

__all__ = ["Terminal", "ChannelDriver", "KeyParser", "color_system_for"]

#: How long after the last input the parser is asked whether a lone Escape has timed out
#: (Textual's parser waits 0.1 s for the rest of an escape sequence).
_TICK = 0.11


class KeyParser(XTermParser):
    """Textual's key parser without its cache of extended key sequences.

    ``XTermParser._parse_extended_key`` is an ``lru_cache`` on the class, keyed by the
    parser and the sequence, and the Key events it keeps name the app they were made
    for: one terminal's app (screens, widgets, its session) lived on after its visitor
    left, until 1,024 other sequences had pushed it out. Parsed afresh each time here
    (a regular expression and a few lookups; nothing any terminal types often enough
    to matter), so nothing outlives the parser.
    """

    def _parse_extended_key(self, sequence: str):
        return _parse_extended_key(self, sequence)


#: The parsing itself, without the cache (functools keeps the wrapped function).
_parse_extended_key = XTermParser._parse_extended_key.__wrapped__


class Terminal(Protocol):
    """The client's end of the session, as the driver sees it."""

    size: tuple[int, int]
    #: Drops the keys (and clicks) typed beyond the terminal's rate; None: no limit.
    input_rate: "InputRate | None"

    def write(self, data: str) -> None:
        """Send terminal output to the client (never blocks)."""

    def attach(self, driver: "ChannelDriver | None") -> None:
        """Deliver input and size changes to ``driver`` from now on (None: to nobody)."""


class ChannelDriver(Driver):
    """Draws an app onto an SSH channel. The app names its terminal as ``app.terminal``."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._terminal: Terminal = app.terminal
        self._parser = KeyParser(debug)
        self._tick_handle: asyncio.TimerHandle | None = None
        self._input = False

    # ------------------------------------------------------------------ output

    def write(self, data: str) -> None:
        self._terminal.write(data)

    def start_application_mode(self) -> None:
        write = self.write
        write("\x1b[?1049h")   # the alternate screen: the client's shell comes back intact
        if self._mouse:
            write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        write("\x1b[?25l")     # hide the cursor
        write("\x1b[?1004h")   # focus in/out reports
        write("\x1b[?2004h")   # bracketed paste
        write("\x1b[?7l")      # no line wrap
        write("\x1b[?2026$p")  # does the terminal support synchronized output?
        self._input = True
        self._terminal.attach(self)
        self._send_size()

    def disable_input(self) -> None:
        self._input = False
        self._terminal.attach(None)
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        write = self.write
        if self._mouse:
            write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        write("\x1b[?2004l\x1b[?7h\x1b[?1004l")
        write("\x1b[?1049l\x1b[?25h")

    # ------------------------------------------------------------------- input

    def send_message(self, message: Message) -> None:
        # Input arrives on the event loop's own thread: post straight to the app.
        self._app.post_message(message)

    def feed(self, text: str) -> None:
        """Parse ``text`` typed at the client into key, mouse and paste events."""
        if not self._input:
            return
        rate = getattr(self._terminal, "input_rate", None)
        for message in self._parser.feed(text):
            # Mouse moves cost nothing (a moving mouse sends dozens a second); every
            # key, click and paste counts, and what goes beyond the rate is dropped
            # here, before any screen hears of it.
            if rate is not None and not isinstance(message, events.MouseMove) \
                    and not isinstance(message, events.Resize) and not rate.allow():
                continue
            self.process_message(message)
        if self._tick_handle is None:
            self._tick_handle = self._loop.call_later(_TICK, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        if self._input:
            for message in self._parser.tick():
                self.process_message(message)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size."""
        self._send_size()

    def _send_size(self) -> None:
        width, height = self._terminal.size
        size = Size(max(1, width), max(1, height))
        self._app.post_message(events.Resize(size, size))


#: Terminal types known to show only the 16 ANSI colours.
_SIXTEEN_COLOURS = ("linux", "vt100", "vt102", "vt220", "ansi", "cons25", "xterm-color",
                    "xterm-16color")


def color_system_for(term: str | None, colorterm: str | None = None) -> str | None:
    """The Rich colour system for a client's TERM (and COLORTERM, if the client sent it).

    SSH carries TERM but not COLORTERM (unless the client's SendEnv passes it), so
    256 colours is the default: nearly every terminal shows them.
    """
    term = (term or "").lower()
    if (colorterm or "").lower() in ("truecolor", "24bit") or "direct" in term \
            or "truecolor" in term:
        return "truecolor"
    if term == "dumb":
        return None
    if term in _SIXTEEN_COLOURS or term.endswith("-16color"):
        return "standard"
    if term.endswith("-mono") or term.endswith("-m"):
        return None
    return "256"
