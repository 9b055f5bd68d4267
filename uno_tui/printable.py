"""Text from outside (a player's name above all) made safe to show on a terminal.

A name comes from the command line, a save file, the setup screen or an SSH user name.
Written to the terminal as it is, ``ESC ] 2 ; ... BEL`` sets the window's title,
``ESC [ 2 J`` blanks the screen and ``ESC [ 31 m`` changes colours. :func:`printable`
is the one function every such text goes through: escape sequences are removed whole,
other control characters (C0, DEL, C1) are shown as visible symbols or dropped, so
what is left is plain printable text. Nothing here imports anything of the game, so
every layer (the engine too) may use it.

    >>> printable("A\\x1b[31mnn")
    'Ann'
    >>> printable("Bob\\x07")
    'Bob␇'
    >>> clean_name("  \\x1b]2;PWNED\\x07Eve\\n ")
    'Eve'
"""

from __future__ import annotations

import re

__all__ = ["printable", "clean_name", "is_printable", "UNSAFE"]

#: The longest name :func:`clean_name` gives (the same as ``config.MAX_NAME``; kept
#: here so that this module imports nothing).
NAME_LIMIT = 16

# ESC-led sequences, removed whole: CSI (ESC [ ... final byte), OSC, DCS, SOS, PM and
# APC strings (ESC ] ... up to BEL or ST, or to the end of the text when unterminated),
# and two-character escapes (ESC and one more character). The 8-bit forms (CSI as
# U+009B, OSC as U+009D, ...) are caught the same way.
_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?"        # CSI
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # strings
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]?"                               # other escapes
)
#: Every character that must never reach the terminal from a name: C0, DEL, C1.
UNSAFE = frozenset(map(chr, [*range(0x20), 0x7F, *range(0x80, 0xA0)]))
# C0 controls and DEL as the Unicode "control pictures" (U+2400...): seen, not obeyed.
_PICTURES = {code: 0x2400 + code for code in range(0x20)} | {0x7F: 0x2421}
_SPACES = re.compile(r"\s+")


def printable(text: str) -> str:
    """``text`` with nothing a terminal would obey: escape sequences removed, C0
    controls and DEL shown as their control pictures (``␇``), C1 controls and every
    other character that is not printable (format characters such as a right-to-left
    override, unassigned code points, lone surrogates) removed."""
    if text.isprintable():
        return text
    text = _SEQUENCE.sub("", text)
    return "".join(
        chr(_PICTURES[ord(ch)]) if ord(ch) in _PICTURES else ch
        for ch in text if ch.isprintable() or ord(ch) in _PICTURES)


def clean_name(text: str, limit: int | None = NAME_LIMIT) -> str:
    """A player's name from ``text``: :func:`printable`, every run of white space
    (tabs and new lines too) one space, trimmed, at most ``limit`` characters (None:
    as long as it is, for a caller that refuses long names in its own words).
    It may be empty: the caller says what an empty name means."""
    name = printable(_SPACES.sub(" ", _SEQUENCE.sub("", text))).strip()
    return name if limit is None else name[:limit].rstrip()


def is_printable(text: str) -> bool:
    """Whether ``text`` is already what :func:`printable` makes of it."""
    return text.isprintable()
