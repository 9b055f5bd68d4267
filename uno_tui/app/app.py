"""The Textual application: the first screen, switching screens, size and quit handling."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import shlex
import signal
import threading
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.message import Message
from textual.reactive import reactive
from textual._styles_cache import StylesCache
from textual.screen import Screen

from ..config import DEFAULT_PACE, PlayConfig
from ..i18n import DEFAULT_LANGUAGE, os_reason, parse_language, reason, translator
from ..paths import DataDirError, data_dir
from ..preferences import Preferences
from ..saves import MatchRecord, MatchRecorder, MatchStore, SaveFileError
from . import early_signals
from .input_gate import InputGate
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .compositor import install as patch_the_compositor
from .strips import install as keep_strips_acyclic

if TYPE_CHECKING:
    from .controller import TableController
    from .parsed_styles import ParsedStyles
    from .replay import Replay
    from .screens.table import TableScreen
    from .widgets.saved_matches import SavedMatches

# The setup and table screens are imported when first shown, so that starting
# straight at one does not pay for loading the other.

__all__ = ["UnoApp", "write_crash_report", "EXIT_SIGNALS"]

_HERE = Path(__file__).parent
#: Signals that end the app the clean way: save, restore the terminal, exit 128 + signal.
EXIT_SIGNALS = early_signals.EXIT_SIGNALS
#: Seconds the clean exit after a signal may take before the process ends anyway (a
#: terminal that has gone away can make the last writes hang).
SIGNAL_EXIT_GRACE = 3.0


#: Crash reports one process writes in one second at most (the rest are not written).
_MOST_REPORTS_A_SECOND = 100


def write_crash_report(error: BaseException, table=None, folder: Path | None = None) -> str | None:
    """Save the traceback (and the game, if one is in play) to a file in ``folder`` (the
    data directory's ``crashes`` folder by default); its path, or None."""
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    if table is not None:
        try:
            lines.append("\nThe match, as JSON:\n" + json.dumps(table.ctl.match.to_json()) + "\n")
        except Exception as exc:  # the report must not fail because the game is broken
            lines.append(f"\nThe match could not be saved: {exc!r}\n")
    try:
        folder = folder or data_dir() / "crashes"
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        name = f"crash-{stamp}-{os.getpid()}"
        # A second crash in the same second (a server's) gets a file of its own: "x"
        # refused the name taken, and that report was lost.
        for n in range(1, _MOST_REPORTS_A_SECOND + 1):
            path = folder / (f"{name}.txt" if n == 1 else f"{name}-{n}.txt")
            try:
                with open(path, "x", encoding="utf-8") as report:
                    report.writelines(lines)
                return str(path)
            except FileExistsError:
                continue
    except OSError:
        pass
    return None


class UnoApp(InputGate, App[int]):
    """Hot-seat UNO. ``config.seats`` set: straight to the table; else the setup screen.

    ``pace`` is the pause between computer actions (0 in tests). ``steady`` turns off
    animations and cursor blinking (stable screenshots). ``show_card_ids`` appends each
    card's id to its label, so a test can tell two identical cards apart. A
    ``controller`` opens the table on a match already set up. ``lang`` is the language
    its players read (this app's own :class:`~uno_tui.i18n.Translator` is ``tr``);
    ``preferences`` keep the language a player switches to for the next launch.
    ``parsed_styles`` gives the stylesheets parsed at an earlier launch (the program's).
    """

    # What every screen needs; the other stylesheets are read when a screen that needs
    # them is first put up (see STYLESHEETS): a table launch parsed the setup screen's
    # and the dialogs' rules too (~2.7 ms of CPU), a setup launch the table's and the
    # dialogs' (~4.3 ms). Not as a screen's CSS_PATH: Textual would then parse every
    # stylesheet again and restyle every widget when the screen first shows.
    CSS_PATH = [_HERE / "app.tcss"]
    #: The other stylesheets, in the order they apply. A screen names those it needs in
    #: its own ``STYLESHEETS``; one that names none is given them all. Their rules are
    #: for their own screens' widgets, so no widget already styled needs styling again.
    STYLESHEETS = ("dialogs.tcss", "table.tcss", "setup.tcss", "prompts/prompts.tcss")
    TITLE = "uno-tui"
    ENABLE_COMMAND_PALETTE = False
    # Game keys are letters and arrows: nothing may grab them by being focused first.
    AUTO_FOCUS = None

    #: The language the players read. Switching it (the setup screen's language field,
    #: or ``l`` there and in the lobby) changes ``tr`` at once, redraws every footer in
    #: the stack, and tells every screen in the stack (:class:`LanguageChanged`) to say
    #: its words again. (Not by widgets watching the app: a watcher on the app is only
    #: let go of when the language changes, so every closed screen's would be kept.)
    language: reactive[str] = reactive(DEFAULT_LANGUAGE, init=False)

    class LanguageChanged(Message):
        """The app's language changed (to ``lang``): the screen says its words again."""

        def __init__(self, lang: str) -> None:
            super().__init__()
            self.lang = lang

    def __init__(self, config: PlayConfig | None = None, *, pace: float = DEFAULT_PACE,
                 steady: bool = False, show_card_ids: bool = False,
                 controller: "TableController | None" = None, store: MatchStore | None = None,
                 resume: MatchRecord | None = None, replay: "Replay | None" = None,
                 catch_signals: bool = False, gc_after_first_frame: bool = False,
                 lang: str = DEFAULT_LANGUAGE, preferences: Preferences | None = None,
                 parsed_styles: "ParsedStyles | None" = None) -> None:
        super().__init__()
        # Stylesheets parsed at an earlier launch are read back, not parsed again.
        if parsed_styles is not None:
            parsed_styles.install(self.stylesheet)
        # A kanji in a panel over the table is not lost where a widget beneath it ends, an
        # update renders only the widgets it changed, a layout arranges once (.compositor).
        patch_the_compositor()
        # A strip that answers itself does not keep itself (.strips): no garbage cycles.
        keep_strips_acyclic()
        self.config = config or PlayConfig()
        #: This app's words (each app its own: two sessions of a server may differ).
        self.tr = translator(lang)
        self.set_reactive(UnoApp.language, self.tr.lang)
        #: Where a language switched to is remembered (None: for this run only).
        self.preferences = preferences
        #: Where matches are autosaved (None: not saved).
        self.store = store
        self.resume_record = resume
        #: A saved match to play back instead of playing.
        self.replay = replay
        #: The signal that ended the app, if one did.
        self.signal_received: int | None = None
        #: Where the quit dialog saved a match its own folder would not take.
        self.saved_elsewhere: Path | None = None
        # Only the app that owns the process's terminal takes over its signals (not,
        # e.g., one of many session apps inside ``uno-tui serve``).
        self._catch_signals_on_mount = catch_signals
        #: The process's garbage collector was paused for the launch (``run_app``).
        self._gc_after_first_frame = gc_after_first_frame
        self._launch_frozen = False
        #: A match already set up (e.g. a rigged position) to open at the table.
        self.controller = controller
        #: The crash report written when the app stopped on an internal error.
        self.crash_report: str | None = None
        self.pace = pace
        self.steady = steady
        self.show_card_ids = show_card_ids
        if steady:
            self.animation_level = "none"

    def watch_language(self, lang: str) -> None:
        from .widgets.footer import KeysFooter

        self.tr = translator(lang)
        for screen in self.screen_stack:
            for footer in screen.query(KeysFooter):
                footer.refresh_items()
            screen.post_message(self.LanguageChanged(lang))

    def switch_language(self, lang: str) -> None:
        """Read ``lang`` from now on, on every screen, and remember it for the next
        launch (a folder that can't be written keeps it for this run, and says so)."""
        lang = parse_language(lang)
        if lang == self.language:
            return
        self.language = lang
        problem = self.remember_language(lang)
        if problem:
            self.notify(self.tr("The language could not be kept for next time: {problem}.",
                                problem=problem),
                        title=self.tr("Language"), severity="warning", timeout=8)

    def remember_language(self, lang: str) -> str | None:
        """Keep ``lang`` for the next launch; the problem in words if it can't be."""
        if self.preferences is None:
            return None
        return self.preferences.remember_language(lang)

    def _first_screen(self) -> Screen:
        if self.controller is not None:
            return self._table(self.controller)
        if self.replay is not None:
            from .screens.replay import ReplayScreen
            return ReplayScreen(self.replay)
        if self.resume_record is not None:
            return self._table_for_record(self.resume_record)
        if self.config.seats:
            return self._table_for(self.config)
        return self._setup()

    def _setup(self) -> Screen:
        from .screens.setup import SetupScreen

        return SetupScreen(self.config, self.tr)

    def _table(self, controller: "TableController") -> "TableScreen":
        from .screens.table import TableScreen

        return TableScreen(controller, pace=self.pace)

    def _table_for(self, config: PlayConfig, record: MatchRecord | None = None) -> "TableScreen":
        recorder = match = None
        log: list[str] = []
        if self.store is not None:
            # The disk's part of a save runs in a thread: a keypress never waits for fsync.
            recorder = MatchRecorder(self.store, config, record, on_problem=self._save_problem,
                                     background=True)
        if record is not None:
            from .replay import round_so_far

            match = record.restore()
            log = round_so_far(record)
            if recorder is not None:
                recorder.resume(match)
        # (Imported with the first table: the setup screen needs none of the match's
        # machinery, ~20 million instructions of its launch.)
        from .controller import TableController

        self.controller = TableController(
            config.variant, config.seats, target=config.target, mode=config.mode,
            rules=config.rules, seed=config.seed, show_ids=self.show_card_ids,
            recorder=recorder, match=match, log=log)
        return self._table(self.controller)

    def _table_for_record(self, record: MatchRecord) -> "TableScreen":
        self.config = record.config
        return self._table_for(record.config, record)

    def _save_problem(self, problem: str) -> None:
        words = self.tr.words(problem)
        self.notify(self.tr("{problem}.", problem=words[:1].upper() + words[1:]),
                    title=self.tr("Autosave"), severity="warning", timeout=8)

    # ------------------------------------------------------------ screens

    def start_match(self, config: PlayConfig) -> None:
        """Leave the setup screen for a table playing ``config``."""
        self.config = config
        self.switch_screen(self._table_for(config))

    def saved_matches(self) -> "SavedMatches":
        """The setup screen's list of unfinished matches (and of bad saves set aside)."""
        from .widgets.saved_matches import SHOWN, SavedMatches

        if self.store is None:
            return SavedMatches((), id="saved-matches")
        # Only the newest are read: a long history of saves must not slow the first frame.
        summaries = self.store.unfinished(limit=SHOWN)
        problems, self.store.problems[:] = list(self.store.problems), []
        total = self.store.count_unfinished()
        return SavedMatches(summaries, problems, total=total, id="saved-matches")

    def resume_saved(self, path: Path) -> None:
        """Leave the setup screen for the table of the match saved in ``path``."""
        try:
            record = self.store.load(path)
            screen = self._table_for_record(record)
        except (SaveFileError, ValueError) as exc:
            self.notify(self.tr.words(reason(exc)), title=self.tr("Can't resume"),
                        severity="error", timeout=10)
            return
        self.switch_screen(screen)

    def show_setup(self) -> None:
        """Close every dialog and go back to the setup screen (the same settings)."""
        self.close_dialogs()
        self.switch_screen(self._setup())

    def close_dialogs(self) -> None:
        """Close every screen above the bottom one (the setup screen or the table)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def flush_saves(self, timeout: float | None = None) -> None:
        """Wait until the match in play is saved on disk."""
        recorder = getattr(self.controller, "recorder", None)
        if recorder is not None:
            recorder.flush(timeout)

    def pop_screen(self):
        """Close the top screen, and let go of the widgets of screens closed before.

        Textual keeps the last 1,024 widgets' style caches (with their rendered lines)
        in a class-wide LRU cache, long after the widgets are gone: every round's
        dialogs added to it, about 25 MB over the first hundred rounds of a long match.
        """
        self._thaw_launch()
        done = super().pop_screen()
        StylesCache.get_inner_outer.cache_clear()
        return done

    @property
    def table(self) -> "TableScreen | None":
        """The table screen, if a match is in play."""
        for screen in self.screen_stack:
            if getattr(screen, "is_table", False):
                return screen
        return None

    # --------------------------------------------------------------- size

    def push_screen(self, screen, *args, **kwargs):
        self._read_stylesheets(screen)
        return super().push_screen(screen, *args, **kwargs)

    def _read_stylesheets(self, screen: Screen | str) -> None:
        """Read the stylesheets ``screen`` needs that are not read yet."""
        wanted = getattr(screen, "STYLESHEETS", self.STYLESHEETS)
        stylesheet = self.stylesheet
        added = False
        for name in self.STYLESHEETS:
            path = str(_HERE / name)
            if name in wanted and not stylesheet.has_source(path, ""):
                stylesheet.read(path)
                added = True
        if added:
            # Parsed now, so the screen's widgets are styled with these rules as they
            # mount; the files read before keep their parsed rules.
            stylesheet.parse()

    def get_default_screen(self) -> Screen:
        """The first screen is the bottom of the stack, not one pushed over Textual's
        blank default screen: that screen cost ~10 ms of CPU before the first frame (its
        own mount and layouts, and a second layout of the first screen when the
        terminal's size came)."""
        screen = self._first_screen()
        self._read_stylesheets(screen)
        # What switch_screen gives the screen it puts at the bottom: Textual's own default
        # screen goes without, so switching away from it would fail.
        screen._push_result_callback(screen, None)
        return screen

    def on_mount(self) -> None:
        if self._catch_signals_on_mount:
            self._catch_signals()
        self._check_size(self.size.width, self.size.height)
        if self._gc_after_first_frame:
            self.call_after_refresh(self._collect_from_now_on)

    def _collect_from_now_on(self) -> None:
        """After the first frame: what the launch made is frozen (collections pass it
        by) and garbage is collected again."""
        gc.freeze()
        self._launch_frozen = True
        gc.enable()

    def _thaw_launch(self) -> None:
        """A screen goes: what the launch made may be garbage from now on (the first
        screen's widgets refer to each other, so only a collection frees them)."""
        if self._launch_frozen:
            self._launch_frozen = False
            gc.unfreeze()

    def switch_screen(self, screen):
        self._thaw_launch()
        self._read_stylesheets(screen)
        return super().switch_screen(screen)

    # ------------------------------------------------------------- signals

    def _catch_signals(self) -> None:
        """SIGHUP, SIGTERM and SIGINT end the app through its own exit path."""
        loop = asyncio.get_running_loop()
        for signum in EXIT_SIGNALS:
            try:
                loop.add_signal_handler(signum, self._signalled, signum)
            except (ValueError, RuntimeError, NotImplementedError):  # not the main thread
                return
        held = early_signals.take_held()
        if held is not None:            # it came while the app was being built
            self._signalled(held)

    def _signalled(self, signum: int, watchdog: bool = True) -> None:
        """Save, then exit with 128 + ``signum``; Textual's exit restores the terminal
        (alternate screen left, mouse reporting off, cursor shown)."""
        if self.signal_received is not None:
            return
        self.signal_received = signum
        status = 128 + signum
        controller = self.controller if self.table is not None else None
        recorder = getattr(controller, "recorder", None)
        if recorder is not None:
            recorder.save()
            recorder.flush(SIGNAL_EXIT_GRACE / 2)
        if watchdog:
            # After a hangup the terminal may be gone and the last writes may block: the
            # process ends anyway once the grace time is over (the match is saved).
            timer = threading.Timer(SIGNAL_EXIT_GRACE, os._exit, (status,))
            timer.daemon = True
            timer.start()
        self.exit(return_code=status)

    def action_help_quit(self) -> None:
        """Ctrl+C: as the README says, and as ``kill -INT`` does, save and exit with
        130. (Ctrl+C is also Textual's copy key: with text selected, or in a text
        field, the screen copies it first and this never runs. Textual's own Ctrl+C
        only said "Press ctrl+q to quit", which every terminal program's players
        would read as the game refusing to stop.)"""
        self._signalled(signal.SIGINT, watchdog=False)

    def save_state(self):
        """How the match in play stands on disk (a ``SaveState``), or None when it is
        not being saved."""
        recorder = getattr(self.controller, "recorder", None)
        state = getattr(recorder, "state", None)
        return state() if state is not None else None

    def exit_report(self) -> tuple[str | None, int]:
        """After the app: the line to print about the match's save, and the exit
        status it calls for (0 when nothing is wrong)."""
        tr = self.tr
        if self.saved_elsewhere is not None:
            return tr("the match is saved in {path} (its own file could not be written): "
                      "'uno-tui --resume {path}' goes on with it", path=self.saved_elsewhere), 0
        state = self.save_state()
        unsaved = self.unsaved_words(state) if state is not None else None
        if unsaved is None:
            if state is None or self._match_decided():
                return None, 0
            # Said on the way out too: a player who quit for the night finds it the next day.
            return tr("the match is saved; to go on with it: {command}",
                      command=self.resume_command()), 0
        if state.saved_moves:
            return tr("the match was {unsaved}; moves {first} to {last} are lost",
                      unsaved=unsaved, first=state.saved_moves + 1, last=state.moves), 1
        return tr("the match was {unsaved}; none of it is on disk", unsaved=unsaved), 1

    def resume_command(self) -> str:
        """The command that goes on with the saved match: ``uno-tui --resume``, naming
        the data directory when it is not the default one (else another folder's latest
        match would be the one resumed)."""
        root = self.store.root if self.store is not None else None
        try:
            default = data_dir(create=False)
        except DataDirError:
            default = None
        if root is None or (default is not None and root.resolve() == default.resolve()):
            return "uno-tui --resume"
        return f"uno-tui --data-dir {shlex.quote(str(root))} --resume"

    def _match_decided(self) -> bool:
        controller = self.controller
        return controller is None or controller.match.is_over

    def unsaved_words(self, state) -> str | None:
        """"not saved since move N: reason" while the save file is behind the match (a
        ``SaveState``), in the app's words; else None. (The reason is the system's.)"""
        if state.unsaved() is None:
            return None
        reason = state.reason or self.tr("the disk is still writing")
        if state.saved_moves:
            return self.tr("not saved since move {move}: {reason}", move=state.saved_moves,
                           reason=reason)
        return self.tr("not saved at all: {reason}", reason=reason)

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
        report = self.crash_report = write_crash_report(error, self.table,
                                                        self.crash_folder())
        super()._handle_exception(error)
        message = self.tr("uno-tui stopped after an internal error: {error}",
                          error=error or type(error).__name__)
        if report:
            message += "\n" + self.tr("The details are in {path}", path=report)
        self._exit_renderables[:] = [message]
        # The file's path must be copied whole: no wrapping at the terminal's width.
        self.error_console.soft_wrap = True

    def crash_folder(self) -> Path | None:
        """Where crash reports go (None: the user data folder's ``crashes``)."""
        return self.store.root / "crashes" if self.store is not None else None

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

        state = self.save_state()
        if state is not None:
            self.flush_saves(1.0)
            state = self.save_state()
            if state.unsaved() is not None:
                self._ask_unsaved_quit(state)
                return
        tr = self.tr
        if self.store is not None:
            detail = tr("The match is saved. To go on with it: {command}",
                        command=self.resume_command())
        else:
            detail = tr("The match in play will be lost.")
        self.confirm_leaving(ConfirmDialog(tr("Quit the game?"), detail, yes=tr("Quit"),
                                           no=tr("Keep playing")), self.exit)

    def _ask_unsaved_quit(self, state) -> None:
        """The quit dialog of a match that is not saved: quit anyway, save elsewhere
        (then quit), or play on."""
        from .screens.unsaved import KEEP_PLAYING, SAVE_ELSEWHERE, UnsavedQuitDialog

        folders = _elsewhere_folders(state.where)

        def answered(choice: str | None) -> None:
            if choice == SAVE_ELSEWHERE:
                try:
                    self.saved_elsewhere = self.controller.recorder.save_elsewhere(folders)
                except OSError as exc:
                    self.notify(self.tr("It could not be saved there either: {problem}.",
                                        problem=os_reason(exc)),
                                title=self.tr("Not saved"), severity="error", timeout=10)
                    if self.table is not None:
                        self.table.resume()
                    return
                self.exit()
            elif choice == KEEP_PLAYING or choice is None:
                if self.table is not None:
                    self.table.resume()
            else:
                self.exit()

        places = [str(folder) for folder in folders]
        where = (self.tr("{first} or {second}", first=places[0], second=places[1])
                 if len(places) == 2 else " ".join(places))
        self.push_screen(UnsavedQuitDialog(self.unsaved_words(state), state.moves, where),
                         answered)

    def confirm_leaving(self, dialog, leave) -> None:
        """Show ``dialog``; on yes call ``leave``, on no let the table play on."""
        def answered(yes: bool | None) -> None:
            if yes:
                leave()
            elif self.table is not None:
                self.table.resume()

        self.push_screen(dialog, answered)


def _elsewhere_folders(failing: Path) -> list[Path]:
    """Where a match whose own folder fails may be saved: the home folder, then the
    temporary one (never the folder that fails)."""
    import tempfile

    failing = failing if failing.is_dir() else failing.parent
    folders = []
    for folder in (Path.home(), Path(tempfile.gettempdir())):
        try:
            if folder.resolve() != failing.resolve() and folder not in folders:
                folders.append(folder)
        except (OSError, RuntimeError):
            continue
    return folders
