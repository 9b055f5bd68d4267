"""The lobby of ``uno-tui serve``: the open tables, a new table, join, watch."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..app.widgets.footer import KeysFooter
from ..app.widgets.prose import Prose
from ..app.widgets.title import TitleBar
from ..config import MAX_NAME, name_problem
from ..i18n import LANGUAGES, N_
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
        Binding("l", "next_language", "Language"),
        Binding("q", "app.request_quit", "Leave"),
        Binding("question_mark", "app.help", "Help", key_display="?"),
    ]

    def __init__(self, message: str = "") -> None:
        super().__init__()
        #: What the message line says now (kept as a message and its fields, so that
        #: another language says it again in its words).
        self._message: tuple[str, dict] = (message, {}) if message else ("", {})
        self._message_translated = bool(message)

    def compose(self) -> ComposeResult:
        yield TitleBar(self.app.tr("lobby"), id="lobby-title")
        with Vertical(id="lobby"):
            # Prose: its Japanese lines broken by the line-breaking rules (Textual's own
            # wrapping started a line with 、 at 80 columns).
            yield Prose(self._greeting(), id="lobby-greeting")
            yield OptionList(id="tables")
            # Prose too: a notice in Japanese ("Table 1 had to close…") was folded at the
            # last cell, in the middle of a word or before a 。.
            yield Prose(self._message_text(), id="lobby-message")
        yield KeysFooter()

    def _greeting(self) -> Text:
        """"Welcome, Ann. p plays now ...", in the app's words; the names are data."""
        tr = self.app.tr
        name = self.app.player_name
        greeting = Text()
        _append_with_name(greeting, tr("Welcome, {name}. p plays now (a seat at once); or "
                                       "pick a table and press Enter to sit down, w to watch, "
                                       "n for a new table; r changes your name."), name)
        login = comeback_login(self.app.key, name)
        if login is not None:
            greeting.append("\n")
            # {name} is left in the words for the bold login (the quoted one is plain).
            _append_with_name(greeting, tr("Lost the connection? Log in as {name} (ssh -l "
                                           "'{login}' …) to take your seat back; only that "
                                           "login does.", login=login, name="{name}"), login)
        return greeting

    def on_mount(self) -> None:
        self.query_one("#tables").border_title = self.app.tr("Tables")
        self.show_tables()

    # ------------------------------------------------------------ language

    def action_next_language(self) -> None:
        """``l``: the next language, at once (remembered for this visitor)."""
        codes = list(LANGUAGES)
        self.app.switch_language(codes[(codes.index(self.app.language) + 1) % len(codes)])

    def on_uno_app_language_changed(self) -> None:
        """Every word of the lobby again, in the new language (the app redraws its footer)."""
        tr = self.app.tr
        self.query_one("#lobby-title", TitleBar).subtitle = tr("lobby")
        self.query_one("#lobby-greeting", Static).update(self._greeting())
        self.query_one("#tables").border_title = tr("Tables")
        self.query_one("#lobby-message", Static).update(self._message_text())
        self.show_tables()

    def _message_text(self) -> Text:
        message, fields = self._message
        if not message:
            return Text("")
        # A message handed over already in words (the app's show_lobby) stays as it is.
        return Text(message if self._message_translated else self.app.tr(message, **fields))

    def show_tables(self) -> None:
        """List the host's tables again, keeping the highlighted one."""
        found = self.query("#tables")
        if not found:   # not composed yet, or being taken down
            return
        tables = found.first(OptionList)
        highlighted = tables.highlighted_option.id if tables.highlighted_option else None
        tables.clear_options()
        tr = self.app.tr
        options = [Option(Text(table.describe(tr)), id=str(table.number))
                   for table in self.app.host.lobby_tables]
        if options:
            tables.add_options(options)
            ids = [option.id for option in options]
            tables.highlighted = ids.index(highlighted) if highlighted in ids else 0
        else:
            tables.add_option(Option(Text(tr("No tables yet: press n to start one.")),
                                     disabled=True))

    @on(LobbyChanged)
    def _lobby_changed(self) -> None:
        self._say("")      # an old "can't sit down" may no longer hold
        self.show_tables()

    def _chosen_table(self):
        option = self.query_one("#tables", OptionList).highlighted_option
        if option is None or option.id is None:
            self._say(N_("There is no table yet: press n to start one."))
            return None
        table = self.app.host.table(int(option.id))
        if table is None:
            self._say(N_("That table has closed."))
            self.show_tables()
        return table

    def _say(self, message: str, **fields: object) -> None:
        """Say ``message`` (English, with its fields) on the message line, in the app's
        words; what fills a field (a name, a refusal) is text, never markup."""
        self._message, self._message_translated = (message, fields), False
        for line in self.query("#lobby-message").results(Static):
            line.update(self._message_text())

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
            lambda: self.app.sit_at(table),
            N_("Can't sit down: {problem}. Press w to watch instead.")))

    async def action_watch(self) -> None:
        table = self._chosen_table()
        if table is None:
            return
        await self.app.seat_once(lambda: self._try(lambda: self.app.watch(table),
                                                   N_("Can't watch: {problem}.")))

    async def action_play_now(self) -> None:
        await self.app.seat_once(lambda: self._try(self.app.play_now,
                                                   N_("Can't play now: {problem}.")))

    async def _try(self, request, refusal: str) -> None:
        try:
            await request()
        except TableError as exc:
            self._say(refusal, problem=exc.words(self.app.tr))

    def action_rename(self) -> None:
        def named(name: str | None) -> None:
            if name:
                kept = self.app.rename(name)
                self.query_one("#lobby-greeting", Static).update(self._greeting())
                self._say(N_("You are {name} from now on."), name=kept)

        tr = self.app.tr
        self.app.push_screen(NameDialog(tr("Your name at the tables?"),
                                        tr("Enter keeps it; Escape cancels.")), named)


def _append_with_name(text: Text, words: str, name: str) -> None:
    """Append ``words`` to ``text`` with ``{name}`` in it filled by ``name`` in bold
    (a name is data: appended as text, never read as markup or as a format)."""
    before, found, after = words.partition("{name}")
    text.append(before)
    if found:
        text.append(name, style="bold")
        text.append(after)


class NameDialog(ModalScreen[str | None]):
    """Ask for the name of one more person at this terminal (Escape: nobody)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, hint: str | None = None) -> None:
        """``question`` and ``hint`` in the app's words (the hint says Enter sits them
        down by default)."""
        super().__init__(classes="dialog-screen")
        self.question = question
        self.hint = hint

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        with Vertical(id="dialog"):
            # The question and the hint are text, never markup.
            yield Static(Text(self.question), classes="dialog-title")
            yield Input(placeholder=tr("name"), max_length=MAX_NAME, id="name")
            yield Static(Text(self.hint or tr("Enter sits them down; Escape cancels.")),
                         classes="dialog-hint", id="name-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    @on(Input.Submitted, "#name")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if not name:
            self.query_one("#name-hint", Static).update(
                self.app.tr("A name, please (Escape cancels)."))
            return
        if name_problem(name) is not None:       # 16 cells: eight kanji fill the room
            self.query_one("#name-hint", Static).update(
                self.app.tr("A name takes at most {most} letters, or {half} wide "
                            "characters (kanji, kana)", most=MAX_NAME, half=MAX_NAME // 2))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
