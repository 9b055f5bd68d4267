"""A yes/no question, e.g. "Quit the game?"."""

from __future__ import annotations

from textual.binding import Binding

from .dialog import Dialog, Option

__all__ = ["ConfirmDialog"]


class ConfirmDialog(Dialog[bool]):
    """Dismisses with True (yes) or False (no, or Escape)."""

    BINDINGS = [Binding("y", "pick_key('y')", "Yes"), Binding("n", "pick_key('n')", "No"),
                Binding("escape", "pick_key('n')", "Cancel", show=False)]

    def __init__(self, question: str, detail: str = "", yes: str | None = None,
                 no: str | None = None) -> None:
        """``question``, ``detail``, ``yes`` and ``no`` in the app's words (the options
        are "Yes" and "No" in them by default)."""
        tr = self.app.tr
        super().__init__(question, detail, [Option(yes or tr("Yes"), True, "y"),
                                            Option(no or tr("No"), False, "n")])
