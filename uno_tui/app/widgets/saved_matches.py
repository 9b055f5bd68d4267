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

from ...i18n import Translator, translator
from ...saves import SaveFileError, SaveSummary
from ..glyphs import unambiguous, unambiguous_text
from ..wrapping import break_text

__all__ = ["SavedMatches", "describe", "ago"]

#: At most this many unfinished matches are listed (the newest).
SHOWN = 5


def ago(when: datetime, now: datetime | None = None, tr: Translator | None = None) -> str:
    """"just now", "5 min ago", "3 h ago", "2 days ago" (in ``tr``'s words)."""
    tr = tr or translator()
    seconds = ((now or datetime.now(timezone.utc)) - when).total_seconds()
    if seconds < 60:
        return tr("just now")
    if seconds < 3600:
        return tr("{minutes} min ago", minutes=int(seconds // 60))
    if seconds < 86400:
        return tr("{hours} h ago", hours=int(seconds // 3600))
    return tr.plural("{count} day ago", "{count} days ago", int(seconds // 86400))


def describe(summary: SaveSummary, now: datetime | None = None,
             tr: Translator | None = None) -> Text:
    """One line about an unfinished match: variant, players, round, scores, when (in
    ``tr``'s words; English by default)."""
    tr = tr or translator()
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(tr(summary.variant_label), style="bold")
    line.append(" · ")
    line.append(", ".join(summary.names))   # names are data: plain text, never markup
    line.append(" · " + tr("round {number}", number=summary.round_number) + " · ")
    line.append("/".join(str(score) for score in summary.scores))
    line.append(f" · {ago(summary.updated, now, tr)}", style="dim")
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
        tr = self.app.tr
        if self.summaries:
            text.append(tr("Unfinished matches"), style="bold")
            text.append(" " + tr("(r resumes the one marked ▶)"), style="dim")
            for number, summary in enumerate(self.summaries):
                here = number == self.cursor
                marker = unambiguous("▶ ", tr.lang) if here else "  "
                text.append("\n" + marker, style="bold" if here else "")
                line = describe(summary, tr=tr)
                if here and self.has_focus:
                    line.stylize("reverse")
                # One line per match, cut to the width (the notices below may wrap).
                line.truncate(max(1, self.size.width - 2), overflow="ellipsis")
                text.append_text(unambiguous_text(line, tr.lang))
            if self.more:
                text.append("\n  " + tr("and {count} older", count=self.more), style="dim")
        return text

    def _notices(self) -> Text:
        text = Text()
        tr = self.app.tr
        for problem in self.problems:
            if text:
                text.append("\n")
            if problem.moved_to:
                notice = tr("⚠ The save {file} can't be used: {problem}; it was moved to "
                            "{moved_to}", file=problem.path.name, problem=problem.problem,
                            moved_to=problem.moved_to)
            else:
                notice = tr("⚠ The save {file} can't be used: {problem}",
                            file=problem.path.name, problem=problem.problem)
            text.append(notice, style="bold red")
        return text

    def render(self) -> Text:
        listing, notices = self._listing(), self._notices()
        # The notices' Japanese broken by the line-breaking rules (Textual folds a
        # sentence without spaces onto the next line, a lone ⚠ left on the first).
        notices = break_text(notices, max(1, self.content_size.width)) or notices
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
