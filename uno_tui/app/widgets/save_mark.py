"""The table's mark while the match is not saved: what failed, since when, and where
saving tries again. It stays up until a save works again (a toast went after a few
seconds, and a full disk from the first deal showed nothing at all)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

__all__ = ["SaveMark"]

#: Seconds between looks at the recorder (its writer may fail in its own thread).
POLL = 0.5


class SaveMark(Static):
    """One or two lines over the table, shown only while saving fails."""

    DEFAULT_CSS = """
    SaveMark {
        display: none;
        height: auto;
        padding: 0 1;
        background: $error;
        color: $text;
        text-style: bold;
    }
    SaveMark.-failing { display: block; }
    """

    def __init__(self, recorder) -> None:
        super().__init__(id="save-mark")
        self.recorder = recorder
        self._shown: tuple | None = None

    def on_mount(self) -> None:
        self.look()
        self.set_interval(POLL, self.look)

    def look(self) -> None:
        """Show the recorder's state now (hidden while saving works)."""
        from ...saves import NEXT_TRY

        state = self.recorder.state()
        shown = (state.unsaved(), state.moves, state.where) if state.problem else None
        if shown == self._shown:
            return
        self._shown = shown
        self.set_class(shown is not None, "-failing")
        if shown is not None:
            unsaved = state.unsaved() or f"not saved: {state.reason}"
            self.update(Text(f"⚠ {unsaved[0].upper()}{unsaved[1:]} (now move {state.moves}). "
                             f"{NEXT_TRY[0].upper()}{NEXT_TRY[1:]}, to {state.where}. "
                             "q offers to save elsewhere."))
