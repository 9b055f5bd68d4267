"""After a challenge: the challenged hand, for the challenger's eyes only."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import Face
from ..cardtext import card_style, short_label
from ..widgets.footer import KeysFooter
from ..widgets.prose import Prose

__all__ = ["RevealScreen"]


class RevealScreen(ModalScreen[None]):
    """Shows ``target``'s hand as it was when ``challenger`` challenged."""

    BINDINGS = [Binding("enter", "close", "Done", key_display="⏎"),
                Binding("escape", "close", show=False)]

    def __init__(self, challenger: str, target: str, faces: Sequence[Face], verdict: str) -> None:
        super().__init__(classes="dialog-screen")
        self.challenger = challenger
        self.target = target
        self.faces = tuple(faces)
        self.verdict = verdict

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        cards = Text()
        for face in self.faces:
            cards.append(f" {tr.words(short_label(face))} ", style=card_style(face))
            cards.append(" ")
        with Vertical(id="dialog"):
            yield Prose(tr("{target}'s hand, for {name} only", target=self.target,
                           name=self.challenger), classes="dialog-title")
            yield Static(cards or tr("(no cards)"), classes="dialog-message",
                         id="revealed-cards")
            yield Prose(tr.words(self.verdict), classes="dialog-message")
            yield Static(tr("Press Enter to hide it and go on."), classes="dialog-hint")
        yield KeysFooter()

    def on_click(self) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)
