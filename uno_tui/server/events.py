"""server.log's lines: one per event, ``EVENT key=value ...``, safe to read in a terminal.

No SSH and no Textual here. What a client chose (a login name, a command) is written
with ``repr``: quoted, and with every control character escaped, so no line of the log
can be forged or carry an escape sequence to whoever reads it.
"""

from __future__ import annotations

from typing import Hashable

__all__ = ["event_line", "CHOSEN", "RepeatFolder"]

#: Fields whose values come from a client: always quoted.
CHOSEN = frozenset({"user", "name", "to", "command", "reason", "ended", "why", "error"})


def _value(key: str, value: object) -> str:
    if value is None:
        return "-"
    if key in CHOSEN or not isinstance(value, (int, float, str)):
        return repr(str(value))
    text = str(value)
    if not text or any(not ch.isprintable() or ch.isspace() for ch in text):
        return repr(text)
    return text


def event_line(what: str, **fields: object) -> str:
    """``what`` and its fields as one line: ``auth failed addr=1.2.3.4 user='ann' ...``."""
    parts = [what]
    for key, value in fields.items():
        parts.append(f"{key}={_value(key, value)}")
    return " ".join(parts)


class RepeatFolder:
    """Folds a flood of the same line (a limit hit again and again: a thousand refused
    connections a second would cost more in log writes than in refusing them, and fill
    the disk) into one line per ``every`` seconds that says how many it stands for.

    ``note(key, now)`` is None for a line to leave out, else how many were left out
    since the last one written; ``due(now)`` gives the keys whose leftover count is
    older than ``every``, with the count, and forgets them.
    """

    def __init__(self, every: float) -> None:
        self.every = every
        #: key -> (when its last line was written, lines left out since).
        self._open: dict[Hashable, tuple[float, int]] = {}

    def note(self, key: Hashable, now: float) -> int | None:
        written, left_out = self._open.get(key, (None, 0))
        if written is not None and now - written < self.every:
            self._open[key] = (written, left_out + 1)
            return None
        self._open[key] = (now, 0)
        return left_out

    def take_back(self, key: Hashable) -> None:
        """One of the lines counted under ``key`` was written on its own after all."""
        entry = self._open.get(key)
        if entry is not None and entry[1]:
            self._open[key] = (entry[0], entry[1] - 1)

    def due(self, now: float) -> list[tuple[Hashable, int]]:
        done = [(key, left_out) for key, (written, left_out) in self._open.items()
                if now - written >= self.every]
        for key, _ in done:
            del self._open[key]
        return [(key, left_out) for key, left_out in done if left_out]
