"""The handoff: every hand is hidden until the named player takes the keyboard."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button

from ..widgets.footer import KeysFooter
from ..widgets.prose import Prose
from .styled import StyledAsMounted

__all__ = ["HandoffScreen"]


class HandoffScreen(StyledAsMounted, Screen[bool]):
    """"Pass to Bob — press Enter when only Bob is looking". Dismisses with True."""

    BINDINGS = [
        Binding("enter", "ready", "I'm ready", key_display="⏎"),
        Binding("question_mark", "app.help", "Help", key_display="?"),
        Binding("q", "app.request_quit", "Quit"),
    ]

    #: The most lines of "since your last turn" shown on a short terminal and on a tall
    #: one (from :data:`TALL` rows); the log has the rest.
    RECENT_LINES = (5, 8)
    TALL = 30

    def __init__(self, player: str, reason: str = "", recent: Sequence[str] = (), *,
                 shows: str = "my cards", kept: bool = False) -> None:
        super().__init__(classes="handoff-screen")
        self.player = player
        self.reason = reason
        #: What Enter shows, in the player's words ("my cards", "CPU 2's hand").
        self.shows = shows
        #: The player has the keyboard already (a hand shown to them alone): nothing is
        #: passed, only the others look away.
        self.kept = kept
        #: The public log lines written since this player last passed the keyboard on.
        self.recent = tuple(recent)

    def _recent_text(self) -> Text:
        most = self.RECENT_LINES[self.app.size.height >= self.TALL]
        shown = self.recent[-most:]
        tr = self.app.tr
        text = Text(tr("Since {name}'s last turn:", name=self.player), style="bold")
        earlier = len(self.recent) - len(shown)
        if earlier:
            text.append(tr(" ({count} more in the log)", count=earlier), style="dim")
        for line in shown:
            text.append("\n")
            text.append(tr.words(line))
        return text

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        with Vertical(id="handoff"):
            # Names are data: every line is text, never markup.
            title = (tr("Only {name} may look", name=self.player) if self.kept
                     else tr("Pass to {name}", name=self.player))
            # Prose: Japanese lines broken by its line-breaking rules.
            yield Prose(title, id="handoff-title")
            yield Prose(tr("Press Enter when only {name} is looking.", name=self.player),
                        id="handoff-message")
            if self.reason:
                yield Prose(self.reason, id="handoff-reason")
            if self.recent:
                yield Prose(self._recent_text(), id="handoff-recent")
            with Center():
                yield Button(Text(tr("I am {name}: show {what}", name=self.player,
                                     what=self.shows)), id="handoff-ready",
                             variant="primary", compact=True)
        yield KeysFooter()

    @on(Button.Pressed, "#handoff-ready")
    def _ready(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(True)
