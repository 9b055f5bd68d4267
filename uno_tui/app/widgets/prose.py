"""A ``Static`` for sentences a player reads in dialogs and the handoff, broken into
lines by the Japanese line-breaking rules (see :mod:`..wrapping`).

Textual wraps text only at spaces and folds a sentence without any (Japanese) at the
last cell, so a line could start with 。 or ッ. :class:`Prose` breaks such text itself
at the width it is laid out at; text in one-cell letters is left to Textual as before.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ..wrapping import break_text

__all__ = ["Prose"]


class Prose(Static):
    """Static text (never markup), its Japanese lines broken by :func:`break_text`."""

    def __init__(self, text: str | Text, **kwargs) -> None:
        self._keep(text)
        super().__init__(self._text, **kwargs)

    def _keep(self, text: str | Text) -> None:
        self._text = Text(text) if isinstance(text, str) else text
        plain = self._text.plain
        #: Text with a wide character is broken here; the rest is Textual's to wrap.
        self._wide = cell_len(plain) != len(plain)

    def _broken(self, width: int) -> Text | None:
        return break_text(self._text, width) if self._wide and width > 0 else None

    def render(self):
        # Only wide text asks for its width: Textual's own measuring of the rest renders
        # it in the middle of a layout, where asking for the width (the widget's region)
        # laid out the whole screen a second time (at every layout of the setup screen,
        # the handoff and the dialogs, in English).
        if not self._wide:
            return super().render()
        broken = self._broken(self.content_size.width)
        return super().render() if broken is None else broken

    def get_content_height(self, container, viewport, width: int) -> int:
        broken = self._broken(width)
        if broken is None:
            return super().get_content_height(container, viewport, width)
        return len(broken.plain.split("\n"))

    def update(self, text: str | Text = "", *, layout: bool = True) -> None:
        self._keep(text)
        super().update(self._text, layout=layout)
