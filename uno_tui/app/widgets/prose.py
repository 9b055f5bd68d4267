"""A ``Static`` for sentences a player reads in dialogs and the handoff, broken into
lines by the Japanese line-breaking rules (see :mod:`..wrapping`).

Textual wraps text only at spaces and folds a sentence without any (Japanese) at the
last cell, so a line could start with 。 or ッ. :class:`Prose` breaks such text itself
at the width it is laid out at; text in one-cell letters is left to Textual as before.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..wrapping import break_text

__all__ = ["Prose"]


class Prose(Static):
    """Static text (never markup), its Japanese lines broken by :func:`break_text`."""

    def __init__(self, text: str | Text, **kwargs) -> None:
        self._text = Text(text) if isinstance(text, str) else text
        super().__init__(self._text, **kwargs)

    def _broken(self, width: int) -> Text | None:
        return break_text(self._text, width) if width > 0 else None

    def render(self):
        broken = self._broken(self.content_size.width)
        return super().render() if broken is None else broken

    def get_content_height(self, container, viewport, width: int) -> int:
        broken = self._broken(width)
        if broken is None:
            return super().get_content_height(container, viewport, width)
        return len(broken.plain.split("\n"))

    def update(self, text: str | Text = "", *, layout: bool = True) -> None:
        self._text = Text(text) if isinstance(text, str) else text
        super().update(self._text, layout=layout)
