"""Screens whose first showing keeps the styles their widgets were given as they mounted."""

from __future__ import annotations

from textual import events

__all__ = ["StyledAsMounted"]


class StyledAsMounted:
    """Mixin for a screen: the first time it comes to the front, Textual's resume does
    not style its widgets again.

    Every widget on a screen that has just been put up was styled as it mounted (and
    again whenever a class of it changed since); the resume restyled the whole screen
    once more before the first frame: 66 of the setup screen's 183 style applications
    at launch, ~6 ms of the table's. Later resumes (a dialog over it closed) restyle as
    Textual does.
    """

    _shown = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown:
            self._shown = True
            event.refresh_styles = False
