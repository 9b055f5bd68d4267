"""The lobby of ``uno-tui serve``: the open tables, a new table, join, watch."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ..app.widgets.title import TitleBar
from ..config import MAX_NAME
from .identity import comeback_login
from .table import TableError

__all__ = ["LobbyScreen", "LobbyChanged", "NameDialog"]


class LobbyChanged(Message):
    """A table opened, closed, or someone sat down or left."""


class LobbyScreen(Screen[None]):
    """Pick a table: join a free seat, watch, or start a new table."""

    AUTO_FOCUS = "#tables"
    BINDINGS = [
        Binding("p", "play_now", "Play now"),
        Binding("n", "new_table", "New table"),
        Binding("enter", "join", "Join", key_display="⏎"),
        Binding("w", "watch", "Watch"),
        Binding("r", "rename", "Rename"),
        Binding("q", "app.request_quit", "Leave"),
        Binding("question_mark", "app.help", "Help", key_display="?"),
    ]

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self._first_message = message

    def compose(self) -> ComposeResult:
        yield TitleBar("lobby")
        with Vertical(id="lobby"):
            yield Static(self._greeting(), id="lobby-greeting")
            yield OptionList(id="tables")
            yield Static(Text(self._first_message), id="lobby-message")
        yield Footer()

    def _greeting(self) -> Text:
        name = self.app.player_name
        greeting = Text("Welcome, ")
        greeting.append(name, style="bold")
        greeting.append(". p plays now (a seat at once); or pick a table and press Enter to "
                        "sit down, w to watch, n for a new table; r changes your name.")
        login = comeback_login(self.app.key, name)
        if login is not None:
            greeting.append("\nLost the connection? Log in as ")
            greeting.append(login, style="bold")
            greeting.append(f" (ssh -l '{login}' …) to take your seat back; only that "
                            "login does.")
        return greeting

    def on_mount(self) -> None:
        self.query_one("#tables").border_title = "Tables"
        self.show_tables()

    def show_tables(self) -> None:
        """List the host's tables again, keeping the highlighted one."""
        found = self.query("#tables")
        if not found:   # not composed yet, or being taken down
            return
        tables = found.first(OptionList)
        highlighted = tables.highlighted_option.id if tables.highlighted_option else None
        tables.clear_options()
        options = [Option(Text(table.describe()), id=str(table.number))
                   for table in self.app.host.lobby_tables]
        if options:
            tables.add_options(options)
            ids = [option.id for option in options]
            tables.highlighted = ids.index(highlighted) if highlighted in ids else 0
        else:
            tables.add_option(Option(Text("No tables yet: press n to start one."),
                                     disabled=True))

    @on(LobbyChanged)
    def _lobby_changed(self) -> None:
        self._say("")      # an old "can't sit down" may no longer hold
        self.show_tables()

    def _chosen_table(self):
        option = self.query_one("#tables", OptionList).highlighted_option
        if option is None or option.id is None:
            self._say("There is no table yet: press n to start one.")
            return None
        table = self.app.host.table(int(option.id))
        if table is None:
            self._say("That table has closed.")
            self.show_tables()
        return table

    def _say(self, text: str) -> None:
        for message in self.query("#lobby-message").results(Static):
            message.update(Text(text))

    def action_new_table(self) -> None:
        if not self.app.seating:
            self.app.push_screen(self.app._setup())

    @on(OptionList.OptionSelected, "#tables")
    async def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        await self.action_join()

    async def action_join(self) -> None:
        table = self._chosen_table()
        if table is None:
            return
        await self.app.seat_once(lambda: self._try(
            lambda: self.app.sit_at(table), "Can't sit down: {}. Press w to watch instead."))

    async def action_watch(self) -> None:
        table = self._chosen_table()
        if table is None:
            return
        await self.app.seat_once(lambda: self._try(lambda: self.app.watch(table),
                                                   "Can't watch: {}."))

    async def action_play_now(self) -> None:
        await self.app.seat_once(lambda: self._try(self.app.play_now, "Can't play now: {}."))

    async def _try(self, request, refusal: str) -> None:
        try:
            await request()
        except TableError as exc:
            self._say(refusal.format(exc))

    def action_rename(self) -> None:
        def named(name: str | None) -> None:
            if name:
                kept = self.app.rename(name)
                self.query_one("#lobby-greeting", Static).update(self._greeting())
                self._say(f"You are {kept} from now on.")

        self.app.push_screen(NameDialog("Your name at the tables?", "Enter keeps it; "
                                        "Escape cancels."), named)


class NameDialog(ModalScreen[str | None]):
    """Ask for the name of one more person at this terminal (Escape: nobody)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, hint: str = "Enter sits them down; Escape cancels.") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, classes="dialog-title")
            yield Input(placeholder="name", max_length=MAX_NAME, id="name")
            yield Static(self.hint, classes="dialog-hint", id="name-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    @on(Input.Submitted, "#name")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if not name:
            self.query_one("#name-hint", Static).update("A name, please (Escape cancels).")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
