"""A finished match played back on the table's own widgets, with every hand shown."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ..cardtext import card_style, short_label
from ..replay import Replay, ReplayError
from ..tablestate import TableState
from ..widgets.bound import StateFeed
from ..widgets.extras import extra_widgets
from ..widgets.footer import KeysFooter
from ..widgets.log import GameLog
from ..widgets.table_area import compose_table_area
from ..widgets.title import TitleBar

__all__ = ["ReplayScreen"]


def _digit_bindings() -> list[Binding]:
    return [Binding(str(n), f"round({n - 1})", show=False) for n in range(1, 10)]


class ReplayScreen(Screen[None]):
    """Step through a saved match: ←/→ one action, PgUp/PgDn a round, Home/End, 1-9 a round."""

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("right", "step(1)", "Step", key_display="←→"),
        Binding("left", "step(-1)", show=False),
        Binding("space", "step(1)", show=False),
        Binding("pagedown", "round_step(1)", "Round", key_display="PgUp/PgDn"),
        Binding("pageup", "round_step(-1)", show=False),
        Binding("home", "start", "Deal", key_display="Home"),
        Binding("end", "end", "End", key_display="End"),
        *_digit_bindings(),
        Binding("q", "app.quit", "Quit"),
    ]

    #: The public table at the replay's position; the table's widgets bind to it
    #: (through the screen's state feed).
    state: reactive[TableState | None] = reactive(None, repaint=False)

    def watch_state(self, state: TableState | None) -> None:
        self._feed.send(state)

    def __init__(self, replay: Replay) -> None:
        super().__init__(classes="table-screen replay-screen")
        self.replay = replay
        self.problem = ""
        self._extras = [factory() for factory in extra_widgets(replay.record.config.variant)]
        self._feed = StateFeed()

    def compose(self) -> ComposeResult:
        replay = self.replay
        tr = self.app.tr
        yield TitleBar(tr.plural("Replay · {variant} · {count} player",
                                 "Replay · {variant} · {count} players", len(replay.names),
                                 variant=tr(replay.game.variant.label)))
        with Horizontal(id="top"):
            yield from compose_table_area(len(replay.names), self._extras, self._feed)
            yield GameLog(id="log")
        yield Static(id="replay-status")
        with VerticalScroll(id="replay-hands"):
            yield Static(id="replay-hand-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        tr = self.app.tr
        self.query_one("#log").border_title = tr("Log")
        self.query_one("#replay-hands").border_title = tr("Every hand")
        self.call_after_refresh(self._show)

    # --------------------------------------------------------------- drawing

    def table_state(self) -> TableState:
        """The public table at the replay's position (hands are drawn separately, all of them)."""
        replay, game = self.replay, self.replay.game
        seat = game.decision.seat if not game.is_over else 0
        config = replay.record.config
        return TableState(
            view=game.view(seat), viewer=None, names=replay.names,
            levels=tuple(spec.level for spec in config.seats), scores=replay.scores,
            round_number=replay.round_number, target=config.target, mode=config.mode,
            variant_label=game.variant.label)

    def _show(self) -> None:
        self.state = self.table_state()
        self.query_one(GameLog).replace(self.replay.lines)
        self.query_one("#replay-hand-text", Static).update(self._hands())
        self.query_one("#replay-status", Static).update(self._status())

    def _hands(self) -> Text:
        game, names = self.replay.game, self.replay.names
        text = Text()
        width = max(cell_len(name) for name in names)     # in cells: a kanji is two
        words = self.app.tr.words
        for seat, name in enumerate(names):
            if seat:
                text.append("\n")
            hand = game.hands[seat]
            # A name is data, not markup.
            text.append(name + " " * (width - cell_len(name) + 1), style="bold")
            text.append(f"{len(hand):>3} ", style="dim")
            for card in hand:
                face = game.face(card)
                text.append(words(short_label(face)), style=card_style(face))
                text.append("  ")
        return text

    def _status(self) -> Text:
        replay = self.replay
        tr = self.app.tr
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(tr("Round {number} of {rounds}", number=replay.round_number,
                       rounds=replay.rounds), style="bold")
        text.append(" · " + tr("action {step} of {steps}", step=replay.step,
                               steps=replay.steps))
        if replay.game.is_over and replay.step == replay.steps:
            text.append(" · " + tr("round over"))
        if self.problem:
            text.append(f" · {self.problem}", style="bold red")
        return text

    # --------------------------------------------------------------- moving

    def _move(self, how) -> None:
        try:
            how()
            self.problem = ""
        except ReplayError as exc:
            self.problem = exc.words(self.app.tr)
        self._show()

    def action_step(self, step: int) -> None:
        self._move(self.replay.forward if step > 0 else self.replay.back)

    def action_round_step(self, step: int) -> None:
        target = self.replay.round_index + step
        if 0 <= target < self.replay.rounds:
            self._move(lambda: self.replay.go(target))

    def action_round(self, index: int) -> None:
        if index < self.replay.rounds:
            self._move(lambda: self.replay.go(index))

    def action_start(self) -> None:
        self._move(lambda: self.replay.go(self.replay.round_index))

    def action_end(self) -> None:
        self._move(self.replay.to_end)
