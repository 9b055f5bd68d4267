"""The prompt line: what the table waits for, and the Catch! / UNO! actions."""

from __future__ import annotations

from typing import Callable

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ..wrapping import crop_cells, wrap
from .bound import DrawnInLines

__all__ = ["PromptBar", "refused"]

_CATCH_STYLE = "bold black on #ffb300"
_UNO_STYLE = "bold black on #43a047"


def fit_words(wordings: list[str], room: int) -> str:
    """The first of ``wordings`` at most ``room`` cells wide; else the last, cut after
    its last whole word (in Japanese, phrase) that fits (counted in cells: a kanji is
    two, and is never cut in half), with an ellipsis."""
    for wording in wordings:
        if cell_len(wording) <= room:
            return wording
    last = wordings[-1] if wordings else ""
    if room <= 0:
        return ""
    if cell_len(last) != len(last):
        # Wide characters: cut between phrases, as the lines wrap (a Japanese sentence
        # has no spaces: cut at its only one, a refusal at 80x24 read "✗…").
        cut = next(iter(wrap(last, room - 1)), "")
    else:
        cut = crop_cells(last, room - 1)
        if " " in cut:
            cut = cut[:cut.rindex(" ")]
    return cut + "…"


def refused(tr: Callable[..., str], reason: str) -> str:
    """The prompt line's words for an action refused for ``reason``: "✗ {reason}." in
    ``tr``'s language, then as many again with the reason's shorter wordings (a
    :class:`~uno_tui.i18n.Phrase`'s), one a line, longest first, as :attr:`PromptBar.text`
    takes them."""
    wordings = (reason, *getattr(reason, "shorter", ()))
    return "\n".join(tr("✗ {reason}.", reason=wording) for wording in wordings)


class PromptBar(DrawnInLines):
    """A one-line instruction, and at its right the actions open to anyone right now.

    The actions answer to their keys through the table's bindings; a click on one
    posts :class:`CatchRequested` or :class:`UnoRequested`. A new instruction rewrites
    the cells that differ ("CPU 1 is playing…" to "CPU 2 is playing…": one).
    """

    class CatchRequested(Message):
        """Someone clicked Catch!."""

    class UnoRequested(Message):
        """Someone clicked UNO!."""

    #: What to say: one wording or several, longest first, one a line; the first that
    #: fits beside the actions is shown (a cut word reads as a mistake).
    text: reactive[str] = reactive("", repaint=False)
    #: Label of the Catch! action ("" hides it), e.g. "Catch! Bob forgot UNO (c)".
    catch_label: reactive[str] = reactive("", repaint=False)
    #: Label of the UNO! action ("" hides it).
    uno_label: reactive[str] = reactive("", repaint=False)

    def on_mount(self) -> None:
        for name in ("text", "catch_label", "uno_label"):
            self.watch(self, name, lambda *_: self.redraw(), init=False)

    def _actions(self) -> list[tuple[str, str, type[Message]]]:
        actions = []
        if self.catch_label:
            actions.append((self.catch_label, _CATCH_STYLE, self.CatchRequested))
        if self.uno_label:
            actions.append((self.uno_label, _UNO_STYLE, self.UnoRequested))
        return actions

    def _action_spans(self) -> list[tuple[int, int, type[Message]]]:
        """Where each action is drawn: (start, end) cells, right-aligned."""
        spans, end = [], self.size.width
        for label, _, message in reversed(self._actions()):
            start = end - cell_len(label) - 2
            spans.append((start, end, message))
            end = start - 1
        return spans[::-1]

    def lines(self) -> list[Text]:
        actions = self._actions()
        room = self.size.width - sum(cell_len(label) + 3 for label, _, _ in actions)
        text = Text(fit_words(self.text.split("\n"), room - 1))
        text.pad_right(max(0, room - text.cell_len))
        for label, style, _ in actions:
            text.append(" ")
            text.append(f" {label} ", style=style)
        return [text]

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for start, end, message in self._action_spans():
            if start <= offset.x < end:
                self.post_message(message())
                return

    def action_region(self, label: str) -> tuple[int, int] | None:
        """The (start, end) content cells of the action whose label starts with ``label``."""
        for (text, _, _), (start, end, _) in zip(self._actions(), self._action_spans()):
            if text.startswith(label):
                return start, end
        return None
