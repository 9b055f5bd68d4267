"""The table: everything public at a glance, the hand of the person at the keyboard,
and its keys.

This module is the table's layout and keys. What comes next is the hot-seat flow's
(:class:`~uno_tui.app.hotseat.HotSeat`), carried out by :class:`.table_flow.TableFlow`;
the computers' pace is :class:`~uno_tui.app.pacing.ComputerPacing`'s; questions are asked
inline by :class:`~uno_tui.app.prompts.host.PromptHost` through the prompt registry; the
rounds' ends are :class:`.between_rounds.BetweenRounds`'; a failure is told in words by
:class:`.error.StopsInWords`.
"""

from __future__ import annotations

import asyncio
from functools import partial

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.compose import compose
from textual.containers import Horizontal
from textual.geometry import Region
from textual.reactive import reactive
from textual.screen import Screen

from ...engine import DecisionKind, Draw, Play
from .. import frontends
from ..controller import DEFAULT_PACE, TableController
from ..hotseat import Handoff, HotSeat
from ..moments import ballot_result
from ..pacing import ComputerPacing
from ..prompts import PromptHost, PromptPanel
from ..tablestate import TableState, public_table_view
from ..timers import call_after
from ..window_clock import UnoWindowClock
from ..widgets.save_mark import SaveMark
from ..widgets.banner import MomentBanner
from ..widgets.bound import StateFeed
from ..widgets.card import COMPACT, HUGE, LARGE, card_size_for
from ..widgets.discard import DiscardPile
from ..widgets.draw_pile import DrawPile
from ..widgets.extras import extra_widgets
from ..widgets.footer import KeysFooter
from ..widgets.hand import HandTitle, HandView
from ..widgets.log import GameLog
from ..widgets.prompt import PromptBar, refused
from ..widgets.table_area import (
    SeatArea, TableArea, compose_table_area, fits_round, piles_at_a_round_table,
)
from ..widgets.title import TitleBar
from .between_rounds import BetweenRounds
from .error import StopsInWords
from .styled import StyledAsMounted
from .table_flow import TableFlow

__all__ = ["TableScreen"]

#: Lines of the table that are one line high whatever the size: the title, the banner,
#: the prompt line, the hand's title and the footer.
ONE_LINE_BARS = 5
#: The log's width by card size (the table takes the rest).
LOG_WIDTH = {COMPACT: 27, LARGE: 40, HUGE: 56}
#: Narrower logs a size step takes when that lets the seats sit around the piles (a
#: terminal between the steps, e.g. 180x55: the round table needs the cells more).
LOG_WIDTH_FOR_ROUND = {COMPACT: (), LARGE: (36,), HUGE: (48, 40)}


def _digit_bindings() -> list[Binding]:
    keys = [str(n) for n in range(1, 10)] + ["0"]
    return [Binding(key, f"select({index})", show=False) for index, key in enumerate(keys)]


class TableScreen(StyledAsMounted, TableFlow, BetweenRounds, PromptHost, StopsInWords,
                  Screen[None]):
    """The game table for one match, driven by a :class:`TableController`."""

    AUTO_FOCUS = None
    #: The app's stylesheets this screen needs (see UnoApp.STYLESHEETS).
    STYLESHEETS = ("table.tcss", "prompts/prompts.tcss")
    #: Lets the app find the table among its screens without importing this module.
    is_table = True
    BINDINGS = [
        Binding("left", "move(-1)", "Pick", key_display="←→"),
        Binding("right", "move(1)", show=False),
        *_digit_bindings(),
        Binding("enter", "play", "Play", key_display="⏎"),
        Binding("d", "draw", "Draw"),
        Binding("u", "uno", "UNO!"),
        Binding("c", "catch", "Catch!"),
        Binding("j", "jump_in(True)", "Speed play"),
        Binding("j", "jump_in(False)", "Jump in"),
        Binding("s", "sort(True)", "Sort"),
        Binding("s", "sort(False)", "As dealt"),
        Binding("f", "pace(True)", "Fast"),
        Binding("f", "pace(False)", "Normal pace"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", show=False),
        Binding("q", "request_quit", "Quit"),
    ]

    def __init__(self, controller: TableController, *, pace: float = DEFAULT_PACE,
                 held: frozenset[int] | None = None) -> None:
        super().__init__(classes="table-screen")
        self.ctl = controller
        #: Who is at the keyboard, and what may show (``held``: the seats at this terminal).
        self.flow = HotSeat(controller, held)
        #: When the computers act (this screen is its host: see TableFlow).
        self.pacing = ComputerPacing(controller, self, pace)
        #: True while the viewer is asked to play a card or draw.
        self.awaiting_turn = False
        #: The viewer asked to call UNO together with their next card.
        self.uno_armed = False
        #: An explanation for the last refused move, shown until the next move.
        self.message = ""
        self._footer_keys: tuple = ()
        self._extras = [factory() for factory in extra_widgets(controller.variant)]
        #: Gives the table's widgets each new state (see :attr:`state`).
        self._feed = StateFeed()
        #: The controller's last events as last drawn, and how many batches were drawn.
        self._events_seen: tuple = ()
        self._serial = 0
        #: Closes a missed UNO's window N seconds after it opened (catch-window:N).
        self._uno_clock = UnoWindowClock(partial(call_after, self), self._uno_window_ran_out)
        #: The last ballot revealed, and the serial it came with.
        self._ballot = None
        #: The seats whose person chose to see their hand sorted (``s``), kept all match.
        self.sorted_seats: set[int] = set()

    @property
    def viewer(self) -> int | None:
        """Whose hand is on screen (None: every hand hidden)."""
        return self.flow.viewer

    @property
    def bot_busy(self) -> bool:
        """True while computer players are waiting for their pace or thinking."""
        return self.pacing.busy

    @property
    def fast(self) -> bool:
        """True while the computers play at the fast pace."""
        return self.pacing.fast

    # --------------------------------------------------------------- layout

    #: What the table shows now; every widget of the table is bound to it (through the
    #: screen's state feed: see :meth:`watch_state`).
    state: reactive[TableState | None] = reactive(None, repaint=False)

    def watch_state(self, state: TableState | None) -> None:
        self._feed.send(state)

    #: A table whose first step is a handoff is built once that handoff has shown (see
    #: :meth:`compose`).
    builds_beneath_handoff = True
    #: Not built yet: the table has no widgets, and its first handoff covers it.
    _unbuilt = False
    #: The build of the table beneath the first handoff, once begun.
    _building: asyncio.Future | None = None

    def compose(self) -> ComposeResult:
        self.flow.tr = self.app.tr
        # A table whose first step is a handoff is not seen until that handoff is
        # dismissed: composed, mounted and styled before the handoff's first frame, it
        # delayed that frame by ~15% of a hot-seat start. (next_step hides the hands, as
        # the resume in on_mount would at once.)
        if self.builds_beneath_handoff and isinstance(self.flow.next_step(), Handoff):
            self._unbuilt = True
            return
        yield from self._table_widgets()

    def _table_widgets(self) -> ComposeResult:
        ctl, tr = self.ctl, self.app.tr
        bind = self._feed
        # The size's classes before any widget: added once they were mounted, each
        # restyled the whole table (from 120x40: 176 style applications before the
        # first frame at 200x60, 51 at 80x24).
        size = card_size_for(*self.app.size)
        self._size_classes(size)
        yield TitleBar(tr.plural("{variant} · {count} player", "{variant} · {count} players",
                                 ctl.players, variant=tr(ctl.game.variant.label)))
        recorder = getattr(ctl, "recorder", None)
        if hasattr(recorder, "state"):          # saved: a mark while saving fails
            yield SaveMark(recorder)
        with Horizontal(id="top"):
            yield from compose_table_area(ctl.players, self._extras, bind, draw_key="d",
                                          round_table=self._room(size)[2])
            yield GameLog(id="log")
        yield bind.bind(MomentBanner(id="banner"))
        yield PromptBar(id="prompt")
        yield bind.bind(HandTitle(id="hand-title"))
        yield bind.bind(HandView(id="hand"))
        yield KeysFooter()

    def on_mount(self) -> None:
        if not self._unbuilt:
            self._set_up()
        # The turn starts (or the handoff covers the table) before the first frame: a key
        # pressed as soon as the table shows must find its action, not be dropped.
        self.resume()
        if self.state is None and not self._unbuilt:
            self._refresh()     # nothing to start (e.g. a table waiting for its server)

    def _set_up(self) -> None:
        # The prompt panel lies over the table, empty until a question comes.
        self.mount(PromptPanel())
        self.query_one("#log").border_title = self.app.tr("Log")
        # An open panel follows every layout (the hand's height moves its place).
        self.screen_layout_refresh_signal.subscribe(self, self._place_open_panel)
        # The log keeps the deal's lines and wraps them once its width is known.
        self.query_one(GameLog).add(self.ctl.log)
        # Sized for the terminal before the first layout: the table's first resize event
        # comes after its first frame when it is the app's first screen (at 120x40 that
        # frame had the small cards, and the next one redrew the whole screen).
        self._fit_to_terminal()

    #: Covered since before it was first shown: a hot-seat start's handoff was pushed
    #: over it as it mounted. Textual lays out the screen beneath the top one at its
    #: resume, at every resize and whenever a widget asks: 11 layouts of the table
    #: before the handoff's first frame, none of them seen. It is laid out once, after
    #: that frame, while the handoff is read (or as it shows, if that comes first).
    _unseen_beneath = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if self._unseen_beneath:
            self._unseen_beneath = False            # showing now: laid out as it shows
        elif not self._shown and self.app.screen is not self:
            self._unseen_beneath = True
            event.prevent_default()                 # (Textual's resume: a layout)
            # (Called back after the next frame, the handoff's first.)
            self.app.screen.call_after_refresh(self._lay_out_beneath)

    def _lay_out_beneath(self) -> None:
        if self._unseen_beneath and self.is_attached and not self._unbuilt:
            self._unseen_beneath = False
            self._refresh_layout(self.app.size)
        # (Not built yet: laid out as the build ends.)

    def build_beneath(self) -> None:
        """Build the table covered by its first handoff, once: its widgets, the log's
        lines, its sizes for the terminal and its state (see :meth:`compose`)."""
        if self._building is None:
            self._building = asyncio.ensure_future(self._build())

    async def built_beneath(self) -> None:
        """Wait for the table beneath the first handoff to be built (building it now)."""
        self.build_beneath()
        await self._building

    async def _build(self) -> None:
        await self.mount_all(compose(self, self._table_widgets()))
        if not self.is_attached:
            # The app closed while its widgets were mounted (a signal just after the first
            # Enter): there is no screen left to set up, and mounting on it would raise.
            return
        self._unbuilt = False
        self._set_up()
        self._refresh()
        self._lay_out_beneath()

    def _refresh_layout(self, size=None, scroll: bool = False) -> None:
        if not self._unseen_beneath:
            super()._refresh_layout(size, scroll)

    def on_resize(self) -> None:
        if self.is_attached and not self._unbuilt:
            # (Not while the app closes: as the bottom screen the table may still be
            # sent a resize, the terminal going away, once its widgets are gone.)
            self._fit_to_terminal()

    def _size_classes(self, size) -> None:
        # "-large" from 120x40 on (the piles' height, the statuses); "-huge" from 200x60.
        self.set_class(size in (LARGE, HUGE), "-large")
        self.set_class(size == HUGE, "-huge")

    def _fit_to_terminal(self) -> None:
        """Cards, log and seats sized for the terminal's size."""
        size = card_size_for(*self.app.size)
        # A rule set's widget drawing cards (Party's mini-pile) has a size_class too.
        for pile in (self.query_one(DiscardPile), self.query_one(DrawPile),
                     *(extra for extra in self._extras if hasattr(extra, "size_class"))):
            pile.size_class = size
        self._size_classes(size)
        # Arrange the seats for the room they will get with a one-row hand, before the
        # first layout: arranged only once the seat area is laid out, the first frame
        # waited for a second layout of every panel (the table corrects it if the hand
        # takes another row).
        log_width, table_rows, _ = self._room(size)
        self.query_one(GameLog).styles.width = log_width
        self.query_one(TableArea).arrange_seats(self.app.size.width - log_width, table_rows)
        self._place_open_panel()

    def _room(self, size) -> tuple[int, int, bool]:
        """The log's width, the table's rows with a one-row hand, and whether the seats
        sit around the piles then, on this terminal with cards of ``size`` (the log
        gives way to a round table)."""
        width, height = self.app.size
        table_rows = height - ONE_LINE_BARS - (size.height + 1)
        piles = piles_at_a_round_table(self._extras)
        log_width = next((log for log in (LOG_WIDTH[size], *LOG_WIDTH_FOR_ROUND[size])
                          if fits_round(self.ctl.players, piles, width - log, table_rows,
                                        self.app.size)), None)
        if log_width is None:
            return LOG_WIDTH[size], table_rows, False
        return log_width, table_rows, True

    @on(SeatArea.Resized)
    def _seats_moved(self) -> None:
        self._place_panel(self.query_one(PromptPanel))

    #: The open question's answer is a player: it lies below the seats (see Question).
    _about_players = False

    async def ask(self, question):
        self._about_players = question.about_players
        return await super().ask(question)

    def _question_region(self) -> Region:
        """Where the open question lies: over the seats, or, when its answer is a
        player, below them (over the piles and the hand) so that they stay in view; at
        a round table below the piles (down over the hand for a player)."""
        table = self.query_one(TableArea)
        if not self._about_players:
            return table.question_region()
        below = table.below_seats_region()
        hand = self.query_one(HandView).region
        # Over the whole width of the hand (the log's last lines beside the piles give
        # way); at a round table between the seats at the sides, which reach down there.
        right = below.right if table.is_round else hand.right
        return Region(below.x, below.y, right - below.x, max(1, hand.bottom - below.y))

    def _place_panel(self, panel: PromptPanel) -> None:
        # The prompt panel lies over the seats, never taller than they are.
        height = self._question_region().height
        if panel.styles.max_height is None or panel.styles.max_height.value != height:
            panel.styles.max_height = height
        super()._place_panel(panel)

    def prompt_opens(self) -> None:
        # What just happened is in the log's latest lines, even if it was scrolled back.
        self.query_one(GameLog).show_latest()

    def prompt_panel_margin(self) -> tuple[int, int, int, int]:
        """Where the prompt panel lies (it is docked at the screen's bottom): over the
        seats, left of the log, so that the piles, the hand, the announcements, the
        prompt line and the log's latest lines stay in view."""
        region = self._question_region()
        below = max(0, self.size.height - region.bottom)
        return (0, max(0, self.size.width - region.right), below, region.x)

    # ---------------------------------------------------------------- state

    def table_state(self) -> TableState:
        """What the table shows now (the viewer's view, or public parts only)."""
        ctl = self.ctl
        seat = self.viewer
        if seat is None:
            decider = ctl.decider
            seat = decider if decider is not None else 0
        match = ctl.match
        view = ctl.view(seat)
        if self.viewer is None and ctl.game.variant.dark_deck and ctl.players > 1:
            view = public_table_view(view, ctl.view((seat + 1) % ctl.players))
        return TableState(
            view=view, viewer=self.viewer, names=ctl.names,
            levels=tuple(spec.level for spec in ctl.seats), scores=tuple(match.scores),
            round_number=match.round_number, target=ctl.target, mode=ctl.mode,
            variant_label=ctl.game.variant.label, show_ids=ctl.show_ids,
            playable=ctl.playable(self.viewer) if self.awaiting_turn else None,
            notice=self._hidden_notice(),
            thinking=ctl.decider if self.pacing.busy and ctl.decider is not None
            and not ctl.is_human(ctl.decider) else None,
            events=tuple(event.for_seat(None) for event in ctl.last_events),
            serial=self._serial,
            ballot=self._ballot[0] if self._ballot is not None else None,
            sorted_hand=self.viewer in self.sorted_seats,
        )

    def _refresh(self) -> None:
        """Give the table's widgets the controller's state (they redraw what changed)."""
        ctl = self.ctl
        if ctl.last_events is not self._events_seen:
            self._events_seen = ctl.last_events
            self._serial += 1
            ballot = ballot_result(ctl.last_events)
            if ballot is not None:
                self._ballot = (ballot, self._serial)
            elif self._ballot is not None and (
                    self._serial > self._ballot[1] + ctl.players
                    or ctl.decision_kind == DecisionKind.POINT):
                # Old news once every player has had a turn since, or a new vote is
                # open: its seats must not show the last ballot's marks as if they
                # were this vote's.
                self._ballot = None
        self.state = self.table_state()
        self._uno_clock.follow(self.ctl.game)
        self._refresh_prompt()
        self.call_after_refresh(self._place_open_panel)

    def _uno_window_ran_out(self, game, opened: int) -> None:
        """``catch-window:N``: the missed UNO's window has been open N seconds."""
        lines = self.ctl.close_uno_window(game, opened)
        if lines is not None:
            self.query_one(GameLog).add(lines)
            self._refresh()

    def _refresh_prompt(self) -> None:
        """Redraw the prompt line and the footer's keys only (the table has not changed)."""
        ctl = self.ctl
        prompt = self.query_one(PromptBar)
        prompt.text = self._prompt_text()
        catches = self._catches()
        prompt.catch_label = (self.app.tr("Catch! {name} forgot UNO (c)",
                                          name=ctl.names[catches[0].target])
                              if catches else "")
        prompt.uno_label = self._uno_label()
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Update the footer's keys, only when the keys that apply have changed."""
        keys = tuple(self.check_action(action, parameters)
                     for action, parameters in (("play", ()), ("uno", ()), ("catch", ()),
                                                ("jump_in", (True,)), ("jump_in", (False,)),
                                                ("pace", (True,)), ("move", ()),
                                                ("sort", (True,))))
        if keys != self._footer_keys:
            self._footer_keys = keys
            self.refresh_bindings()

    def _hidden_notice(self) -> str:
        ctl, tr = self.ctl, self.app.tr
        decider = ctl.decider
        if decider is None:
            return tr("The round is over.")
        if self.claiming:
            return tr("Hands are hidden while someone plays out of turn.")
        if ctl.is_human(decider):
            return tr("Hands are hidden until {name} takes the keyboard.",
                      name=ctl.names[decider])
        return tr("Hands are hidden while {name} (computer) plays.", name=ctl.names[decider])

    def _prompt_text(self) -> str:
        ctl, tr = self.ctl, self.app.tr
        if self.message:
            return self.message
        decider = ctl.decider
        if decider is None:
            return tr("The round is over.")
        name = ctl.names[decider]
        if self._asking:
            return ""          # the question and its keys are in the prompt panel
        if self.awaiting_turn:
            # Wordings, longest first: the prompt line shows the first that fits.
            unpicked = self.query_one(HandView).unpicked
            pick = tr("pick a card (←→, 1-9)") if unpicked else tr("←→ or 1-9 picks a card")
            uno = tr(" · UNO! goes with the card") if self.uno_armed else ""
            return "\n".join((tr("{name}: {pick}, Enter plays it, d draws{uno}", name=name,
                                 pick=pick, uno=uno),
                              tr("{name}: ←→ 1-9 pick, Enter plays, d draws{uno}", name=name,
                                 uno=uno),
                              tr("Enter plays, d draws{uno}", uno=uno),
                              uno.strip(" ·") or tr("Enter plays")))
        if not ctl.is_human(decider):
            return tr("{name} is playing…", name=name)
        decision = tr(ctl.game.decision_verb)
        if self.pacing.busy:
            # A person is next, but computers have their say first (e.g. their votes).
            return "\n".join((tr("Computers are playing; then {name} is to {decision}",
                                 name=name, decision=decision),
                              tr("Computers are playing; then it is {name}'s turn", name=name),
                              tr("Computers are playing")))
        return tr("Waiting for {name} to {decision}", name=name, decision=decision)

    def _can_arm_uno(self) -> bool:
        if not self.awaiting_turn or self.viewer is None:
            return False
        view_count = self.ctl.game.view(self.viewer).seats[self.viewer].card_count
        return view_count == 2 and bool(self.ctl.playable(self.viewer))

    def _uno_label(self) -> str:
        ctl, tr = self.ctl, self.app.tr
        uno = ctl.uno_option()
        if uno is not None:
            return tr("UNO! for {name} (u)", name=ctl.names[uno.seat])
        if self._can_arm_uno():
            return tr("UNO! with the card, u: not") if self.uno_armed else tr("UNO! (u)")
        return ""

    @property
    def waiting_for_person(self) -> bool:
        """True when nothing happens until a person acts (a turn, a question, a dialog)."""
        return (not self.pacing.busy and (not self.is_active or self.awaiting_turn
                                        or self.asking or self.ctl.game.is_over))

    # -------------------------------------------------------- keys and mouse

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        ctl = self.ctl
        if action in ("move", "select", "play", "draw"):
            return self.awaiting_turn
        if action == "uno":
            return ctl.uno_option() is not None or self._can_arm_uno()
        if action == "catch":
            return not self._asking and bool(self._catches())
        if action == "jump_in":
            speed = bool(ctl.game.variant.builtin_jump_in)
            return (not self._asking and bool(parameters) and parameters[0] == speed
                    and bool(self._claimers()))
        if action == "sort":
            return (self.viewer is not None and bool(parameters)
                    and parameters[0] != (self.viewer in self.sorted_seats))
        if action == "pace":
            return bool(ctl.bots) and bool(parameters) and parameters[0] != self.fast
        return True

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)
        self.query_one(PromptBar).text = self._prompt_text()

    def action_select(self, index: int) -> None:
        hand = self.query_one(HandView)
        if not hand.select(index):
            self.message = self.app.tr("There is no card {number} in the hand.",
                                       number=index + 1 if index < 9 else 10)
            self.query_one(PromptBar).text = self._prompt_text()
            self.message = ""
            return
        self.query_one(PromptBar).text = self._prompt_text()

    def action_play(self) -> None:
        card = self.query_one(HandView).selected_card
        if card is None:
            self.message = self.app.tr("Pick a card first: ←→ or its number (1-9); d draws.")
            self.query_one(PromptBar).text = self._prompt_text()
            self.message = ""
            return
        self.try_play(card)

    def try_play(self, card: int) -> None:
        """Play ``card`` for the viewer, or explain why it can't be played (nothing changes)."""
        ctl = self.ctl
        seat = self.viewer
        if seat is None or not self.awaiting_turn:
            tr = self.app.tr
            who = ctl.names[ctl.decider] if ctl.decider is not None else tr("nobody")
            self.message = tr("✗ Not now: the game is waiting for {name}.", name=who)
            self.query_one(PromptBar).text = self._prompt_text()
            return
        action = Play(seat, card)
        if action not in ctl.game.legal_actions(seat):
            self.message = refused(self.app.tr, ctl.explain(action))
            self.query_one(PromptBar).text = self._prompt_text()
            self.app.bell()
            return
        self._act(seat, action)

    def action_draw(self) -> None:
        seat = self.viewer
        if seat is None or not self.awaiting_turn:
            return
        self._act(seat, Draw(seat))

    def action_uno(self) -> None:
        uno = self.ctl.uno_option()
        if uno is not None:
            self._window(uno)
        elif self._can_arm_uno():
            self.uno_armed = not self.uno_armed
            self._refresh()

    def action_catch(self) -> None:
        """Catch a player who forgot UNO: at a shared keyboard where several people could,
        the one who pressed c says who they are first (see :meth:`TableFlow._claim_catch`)."""
        if self._asking:
            return
        catches = self._catches()
        if len(catches) > 1 and self.flow.shared:
            self.awaiting_turn = False
            self._run_prompt(partial(self._claim_catch, catches))
            return
        if catches:
            self._window(catches[0])

    def action_jump_in(self, speed: bool) -> None:
        """Someone claims an out-of-turn play (see :meth:`TableFlow._claim`)."""
        claimers = self._claimers()
        if not claimers or self._asking:
            return
        self.awaiting_turn = False
        self._run_prompt(partial(self._claim, claimers,
                                 frontends.out_of_turn_play(self.ctl.game.variant.name)))

    def action_sort(self, by_color: bool) -> None:
        """Show the viewer's hand sorted by colour and number, or as dealt (kept for
        their seat until they change it)."""
        if self.viewer is None:
            return
        if by_color:
            self.sorted_seats.add(self.viewer)
        else:
            self.sorted_seats.discard(self.viewer)
        self._refresh()
        self.refresh_bindings()

    def action_pace(self, fast: bool) -> None:
        self.pacing.fast = fast
        self.refresh_bindings()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.ctl.variant, self.ctl.rules),
                             lambda _: self.resume())

    def action_request_quit(self) -> None:
        self.app.request_quit()

    @on(HandView.CardChosen)
    def _card_clicked(self, message: HandView.CardChosen) -> None:
        self.try_play(message.card_id)

    @on(DrawPile.DrawRequested)
    def _pile_clicked(self) -> None:
        self.action_draw()

    @on(PromptBar.CatchRequested)
    def _catch_clicked(self) -> None:
        self.action_catch()

    @on(PromptBar.UnoRequested)
    def _uno_clicked(self) -> None:
        self.action_uno()