"""server.log's lines: one per event, ``EVENT key=value ...``, safe to read in a terminal.

No SSH and no Textual here. What a client chose (a login name, a command) is written
with ``repr``: quoted, and with every control character escaped, so no line of the log
can be forged or carry an escape sequence to whoever reads it.
"""

from __future__ import annotations

__all__ = ["event_line", "CHOSEN"]

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
