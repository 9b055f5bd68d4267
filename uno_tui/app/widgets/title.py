"""The title line at the top of a screen."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import N_

__all__ = ["TitleBar", "TITLE_SEPARATOR"]

#: Between the app's name and what is being played: a message, since the dash is an
#: ambiguous-width character (a terminal set up for Japanese draws it two cells wide,
#: and the title shifts); Japanese puts a full-width bar there.
TITLE_SEPARATOR = N_(" — ")


class TitleBar(Widget):
    """``uno-tui — Classic UNO · 4 players``: the app's name and what is being played."""

    subtitle: reactive[str] = reactive("")

    def __init__(self, subtitle: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(TitleBar.subtitle, subtitle)

    def render(self) -> Text:
        text = Text("uno-tui", style="bold")
        if self.subtitle:
            text.append(self.app.tr(TITLE_SEPARATOR) + self.subtitle, style="not bold")
        return text
