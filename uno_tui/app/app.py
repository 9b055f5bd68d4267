"""The Textual application: the first screen, switching screens, size and quit handling."""

from __future__ import annotations

import json
import os
import tempfile
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.screen import Screen

from ..config import PlayConfig
from .controller import DEFAULT_PACE, TableController
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

if TYPE_CHECKING:
    from .screens.table import TableScreen

# The setup and table screens are imported when first shown, so that starting
# straight at one does not pay for loading the other.

__all__ = ["UnoApp", "write_crash_report"]

_HERE = Path(__file__).parent


def write_crash_report(error: BaseException, table=None) -> str | None:
    """Save the traceback (and the game, if one is in play) to a file; its path, or None."""
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    if table is not None:
        try:
            lines.append("\nThe match, as JSON:\n" + json.dumps(table.ctl.match.to_json()) + "\n")
        except Exception as exc:  # the report must not fail because the game is broken
            lines.append(f"\nThe match could not be saved: {exc!r}\n")
    try:
        handle, path = tempfile.mkstemp(prefix="uno-tui-crash-", suffix=".txt")
        with os.fdopen(handle, "w", encoding="utf-8") as report:
            report.writelines(lines)
    except OSError:
        return None
    return path


class UnoApp(App[int]):
    """Hot-seat UNO. ``config.seats`` set: straight to the table; else the setup screen.

    ``pace`` is the pause between computer actions (0 in tests). ``steady`` turns off
    animations and cursor blinking (stable screenshots). ``show_card_ids`` appends each
    card's id to its label, so a test can tell two identical cards apart. A
    ``controller`` opens the table on a match already set up.
    """

    # One stylesheet, read once at start: a screen's own CSS would be parsed and applied
    # to every widget again when the screen first shows.
    CSS_PATH = [_HERE / "app.tcss", _HERE / "table.tcss", _HERE / "setup.tcss",
                _HERE / "prompts" / "prompts.tcss"]
    TITLE = "uno-tui"
    ENABLE_COMMAND_PALETTE = False
    # Game keys are letters and arrows: nothing may grab them by being focused first.
    AUTO_FOCUS = None

    def __init__(self, config: PlayConfig | None = None, *, pace: float = DEFAULT_PACE,
                 steady: bool = False, show_card_ids: bool = False,
                 controller: TableController | None = None) -> None:
        super().__init__()
        self.config = config or PlayConfig()
        #: A match already set up (e.g. a rigged position) to open at the table.
        self.controller = controller
        self.pace = pace
        self.steady = steady
        self.show_card_ids = show_card_ids
        if steady:
            self.animation_level = "none"

    def _first_screen(self) -> Screen:
        if self.controller is not None:
            return self._table(self.controller)
        if self.config.seats:
            return self._table_for(self.config)
        return self._setup()

    def _setup(self) -> Screen:
        from .screens.setup import SetupScreen

        return SetupScreen(self.config)

    def _table(self, controller: TableController) -> "TableScreen":
        from .screens.table import TableScreen

        return TableScreen(controller, pace=self.pace)

    def _table_for(self, config: PlayConfig) -> "TableScreen":
        return self._table(TableController(
            config.variant, config.seats, target=config.target, mode=config.mode,
            rules=config.rules, seed=config.seed, show_ids=self.show_card_ids))

    # ------------------------------------------------------------ screens

    def start_match(self, config: PlayConfig) -> None:
        """Leave the setup screen for a table playing ``config``."""
        self.config = config
        self.switch_screen(self._table_for(config))

    def show_setup(self) -> None:
        """Close every dialog and go back to the setup screen (the same settings)."""
        # The bottom of the stack is Textual's blank default screen; ours sit on top.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(self._setup())

    @property
    def table(self) -> "TableScreen | None":
        """The table screen, if a match is in play."""
        for screen in self.screen_stack:
            if getattr(screen, "is_table", False):
                return screen
        return None

    # --------------------------------------------------------------- size

    def on_mount(self) -> None:
        self.push_screen(self._first_screen())
        self._check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen
        if small:
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen())
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()
            table = self.table
            if table is not None:
                self.call_later(table.resume)

    # ------------------------------------------------------------- crashes

    def _handle_exception(self, error: Exception) -> None:
        """An error nothing else caught: the player gets one line, the details a file.

        Textual would print a full traceback on exit; this app keeps it in a crash
        report instead (the game's state included, to replay it) and says where.
        """
        report = write_crash_report(error, self.table)
        super()._handle_exception(error)
        message = f"uno-tui stopped after an internal error: {error or type(error).__name__}"
        if report:
            message += f"\nThe details are in {report}"
        self._exit_renderables[:] = [message]

    # --------------------------------------------------------------- quit

    async def action_quit(self) -> None:
        """Ctrl+Q: during a match ask first; otherwise quit."""
        self.request_quit()

    def action_request_quit(self) -> None:
        """Quit, asking first during a match (the q key of screens without their own)."""
        self.request_quit()

    def action_help(self) -> None:
        """The rules of the variant in play, and the keys."""
        from .screens.help import HelpScreen

        table = self.table
        variant = table.ctl.variant if table is not None else self.config.variant
        rules = table.ctl.rules if table is not None else self.config.rules
        self.push_screen(HelpScreen(variant, rules))

    def request_quit(self) -> None:
        """Quit, asking first while a match is in play."""
        from .screens.confirm import ConfirmDialog

        if self.table is None or isinstance(self.screen, (TooSmallScreen, ConfirmDialog)):
            self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()
            else:
                table = self.table
                if table is not None:
                    table.resume()

        self.push_screen(ConfirmDialog("Quit the game?", "The match in play will be lost.",
                                       yes="Quit", no="Keep playing"), answered)
