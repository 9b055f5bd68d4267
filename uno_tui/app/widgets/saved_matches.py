"""The unfinished matches on the setup screen, newest first; one of them resumes with a key.

Also the notice for save files that could not be read (they were moved aside).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...saves import SaveFileError, SaveSummary

__all__ = ["SavedMatches", "describe", "ago"]

#: At most this many unfinished matches are listed (the newest).
SHOWN = 5


def ago(when: datetime, now: datetime | None = None) -> str:
    """"just now", "5 min ago", "3 h ago", "2 days ago"."""
    seconds = ((now or datetime.now(timezone.utc)) - when).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    days = int(seconds // 86400)
    return f"{days} day{'s' if days != 1 else ''} ago"


def describe(summary: SaveSummary, now: datetime | None = None) -> Text:
    """One line about an unfinished match: variant, players, round, scores, when."""
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(summary.variant_label, style="bold")
    line.append(" · ")
    line.append(", ".join(summary.names))   # names are data: plain text, never markup
    line.append(f" · round {summary.round_number} · ")
    line.append("/".join(str(score) for score in summary.scores))
    line.append(f" · {ago(summary.updated, now)}", style="dim")
    return line


class SavedMatches(Widget, can_focus=True):
    """The newest unfinished matches; Up/Down pick one, ``r`` or a click resumes it."""

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
    ]

    class Resume(Message):
        """The player asked to resume the match saved in ``path``."""

        def __init__(self, summary: SaveSummary) -> None:
            super().__init__()
            self.summary = summary

    cursor: reactive[int] = reactive(0)

    def __init__(self, summaries: Sequence[SaveSummary], problems: Sequence[SaveFileError] = (),
                 *, total: int | None = None, id: str | None = None) -> None:
        """``total``: how many unfinished matches there are, when ``summaries`` holds only
        the newest (default: all of them are in ``summaries``)."""
        super().__init__(id=id)
        self.summaries = tuple(summaries[:SHOWN])
        self.more = max(0, (len(summaries) if total is None else total) - len(self.summaries))
        self.problems = tuple(problems)
        self.display = bool(self.summaries or self.problems)

    @property
    def picked(self) -> SaveSummary | None:
        """The match ``r`` resumes (the newest unless another is picked)."""
        return self.summaries[self.cursor] if self.summaries else None

    def _listing(self) -> Text:
        text = Text()
        if self.summaries:
            text.append("Unfinished matches", style="bold")
            text.append(" (r resumes the one marked ▶)", style="dim")
            for number, summary in enumerate(self.summaries):
                here = number == self.cursor
                marker = "▶ " if here else "  "
                text.append("\n" + marker, style="bold" if here else "")
                line = describe(summary)
                if here and self.has_focus:
                    line.stylize("reverse")
                # One line per match, cut to the width (the notices below may wrap).
                line.truncate(max(1, self.size.width - 2), overflow="ellipsis")
                text.append_text(line)
            if self.more:
                text.append(f"\n  and {self.more} older", style="dim")
        return text

    def _notices(self) -> Text:
        text = Text()
        for problem in self.problems:
            if text:
                text.append("\n")
            moved = f"; it was moved to {problem.moved_to}" if problem.moved_to else ""
            text.append(f"⚠ The save {problem.path.name} can't be used: {problem.problem}{moved}",
                        style="bold red")
        return text

    def render(self) -> Text:
        listing, notices = self._listing(), self._notices()
        if listing and notices:
            listing.append("\n")
        listing.append_text(notices)
        return listing

    def get_content_height(self, container, viewport, width: int) -> int:
        rows = (1 + len(self.summaries) + (1 if self.more else 0)) if self.summaries else 0
        notices = self._notices()
        if notices:
            rows += len(notices.wrap(self.app.console, max(1, width)))
        return rows

    def action_move(self, step: int) -> None:
        if self.summaries:
            self.cursor = (self.cursor + step) % len(self.summaries)

    def resume_picked(self) -> bool:
        """Ask to resume the picked match; False when there is none."""
        if self.picked is None:
            return False
        self.post_message(self.Resume(self.picked))
        return True

    def on_click(self, event: events.Click) -> None:
        row = event.y - 1
        if 0 <= row < len(self.summaries):
            self.cursor = row
            self.resume_picked()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
