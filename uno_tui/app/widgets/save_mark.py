"""The table's mark while the match is not saved: what failed, since when, and where
saving tries again. It stays up until a save works again (a toast went after a few
seconds, and a full disk from the first deal showed nothing at all)."""

from __future__ import annotations

from rich.text import Text

from .prose import Prose

__all__ = ["SaveMark"]

#: Seconds between looks at the recorder (its writer may fail in its own thread).
POLL = 0.5


class SaveMark(Prose):
    """One or two lines over the table, shown only while saving fails. Prose: Textual
    folded the Japanese sentence (no spaces in it) onto the next line and left the ⚠
    alone on the first."""

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
        super().__init__("", id="save-mark")
        self.recorder = recorder
        self._shown: tuple | None = None

    def on_mount(self) -> None:
        self.look()
        self.set_interval(POLL, self.look)

    def look(self) -> None:
        """Show the recorder's state now (hidden while saving works)."""
        state = self.recorder.state()
        shown = (state.unsaved(), state.moves, state.where) if state.problem else None
        if shown == self._shown:
            return
        self._shown = shown
        self.set_class(shown is not None, "-failing")
        if shown is not None:
            self.update(Text(self._words(state)))

    def _words(self, state) -> str:
        """The mark's sentence, whole (the recorder's own words are its log's, in English:
        :meth:`SaveState.unsaved` and ``NEXT_TRY`` say the same)."""
        tr = self.app.tr
        fields = dict(moves=state.moves, where=state.where)
        if not state.behind:
            return tr("⚠ Not saved: {reason} (now move {moves}). It tries again at every move, "
                      "to {where}. q offers to save elsewhere.", reason=state.reason, **fields)
        reason = state.reason or tr("the disk is still writing")
        if state.saved_moves:
            return tr("⚠ Not saved since move {saved}: {reason} (now move {moves}). It tries "
                      "again at every move, to {where}. q offers to save elsewhere.",
                      saved=state.saved_moves, reason=reason, **fields)
        return tr("⚠ Not saved at all: {reason} (now move {moves}). It tries again at every "
                  "move, to {where}. q offers to save elsewhere.", reason=reason, **fields)
