"""The quit dialog while the match is not saved: it says so, and offers to save it
elsewhere (the match's own folder is what fails)."""

from __future__ import annotations

from textual.binding import Binding

from .dialog import Dialog, Option

__all__ = ["UnsavedQuitDialog", "QUIT", "SAVE_ELSEWHERE", "KEEP_PLAYING"]

QUIT, SAVE_ELSEWHERE, KEEP_PLAYING = "quit", "elsewhere", "keep"


class UnsavedQuitDialog(Dialog[str]):
    """Dismisses with QUIT, SAVE_ELSEWHERE or KEEP_PLAYING (also Escape)."""

    BINDINGS = [Binding("q", "pick_key('q')", "Quit"),
                Binding("s", "pick_key('s')", "Save elsewhere"),
                Binding("n", "pick_key('n')", "Keep playing"),
                Binding("escape", "pick_key('n')", "Cancel", show=False)]

    def __init__(self, unsaved: str, moves: int, folders: str) -> None:
        """``unsaved``: what is not saved, in the app's words; ``folders``: where the
        match may go instead."""
        tr = self.app.tr
        detail = tr("{unsaved}. Quit now and the match is lost from there (it is at move "
                    "{moves}); or save all of it to a new file in {folders}.",
                    unsaved=unsaved[:1].upper() + unsaved[1:], moves=moves, folders=folders)
        super().__init__(tr("Quit the game?"), detail, [
            Option(tr("Save elsewhere, then quit"), SAVE_ELSEWHERE, "s"),
            Option(tr("Quit without saving"), QUIT, "q"),
            Option(tr("Keep playing"), KEEP_PLAYING, "n"),
        ])
