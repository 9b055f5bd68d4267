"""The setup screen: variant, seats (names, people or computers), target, mode, house rules.

Nothing private exists yet, so nothing private can show. Enter (outside a text
field's own use of it) or Ctrl+S starts; bad values get a message and change nothing.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup, VerticalGroup, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import (
    Button, Footer, Header, Input, Label, RadioButton, RadioSet, SelectionList, Static,
)

from ...bots import BOT_LEVELS
from ...cli import PlayConfig, SeatSpec, default_bot_level
from ...engine import HOUSE_RULES, MODES, VARIANTS, ConfigError, get_variant

__all__ = ["SetupScreen", "SeatRow", "default_seats"]

#: Longest name a seat may have (as on the command line).
MAX_NAME = 16
#: The most seats the screen offers (the largest variant's maximum is checked on start).
MAX_SEATS = 16

_MODE_LABELS = {
    "target": "First to target",
    "single": "Single round",
    "five-rounds": "Five rounds",
    "lowest": "Lowest wins",
}


def default_seats(count: int = 4) -> tuple[SeatSpec, ...]:
    """One person and computers for the rest: what Enter starts with."""
    level = default_bot_level()
    return (SeatSpec("Player 1"),) + tuple(SeatSpec(f"CPU {n}", level) for n in range(1, count))


class SeatRow(HorizontalGroup):
    """One seat: its number, a name field, and a button that cycles person / computer levels."""

    class Changed(Message):
        """The seat's kind changed."""

    #: None for a person, else the computer's level.
    level: reactive[str | None] = reactive(None)

    def __init__(self, number: int, spec: SeatSpec) -> None:
        super().__init__(classes="seat-row")
        self.number = number
        self.spec = spec
        self.set_reactive(SeatRow.level, spec.level)

    def compose(self) -> ComposeResult:
        yield Label(f"{self.number}.", classes="seat-number")
        yield Input(self.spec.name, placeholder="name", max_length=MAX_NAME, compact=True,
                    classes="seat-name")
        yield Button(self._kind_label(self.level), classes="seat-kind", compact=True)

    @staticmethod
    def _kind_label(level: str | None) -> str:
        return "Person" if level is None else f"Computer: {level}"

    def watch_level(self, level: str | None) -> None:
        for button in self.query(".seat-kind").results(Button):
            button.label = self._kind_label(level)

    @on(Button.Pressed, ".seat-kind")
    def _cycle(self, event: Button.Pressed) -> None:
        event.stop()
        self.cycle()

    def cycle(self) -> None:
        """Person → each computer level in turn → person."""
        choices: list[str | None] = [None, *BOT_LEVELS]
        index = choices.index(self.level) if self.level in choices else 0
        self.level = choices[(index + 1) % len(choices)]
        self.post_message(self.Changed())

    @property
    def name_text(self) -> str:
        """The name as typed, trimmed."""
        return self.query_one(Input).value.strip()

    def seat(self) -> SeatSpec:
        """This row as a seat."""
        return SeatSpec(self.name_text, self.level)


class SetupScreen(Screen[None]):
    """Choose the game; ``start`` hands a :class:`PlayConfig` to the app."""

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("enter", "start", "Start", key_display="⏎"),
        Binding("ctrl+s", "start", "Start", priority=True, show=False),
        Binding("plus", "add_seat", "Add seat", key_display="+"),
        Binding("minus", "remove_seat", "Remove seat", key_display="-"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("escape", "blur", show=False),
    ]

    def __init__(self, config: PlayConfig) -> None:
        super().__init__(classes="setup-screen")
        self.config = config
        self.seats = config.seats or default_seats()

    def compose(self) -> ComposeResult:
        config = self.config
        yield Header()
        with VerticalScroll(id="setup"):
            with HorizontalGroup(classes="setup-line"):
                yield Label("Variant", classes="setup-label")
                with RadioSet(id="variant", compact=True):
                    for name, variant in VARIANTS.items():
                        yield RadioButton(variant.label, value=name == config.variant,
                                          name=name)
            yield Label("Seats (Tab to a name to type it; the button switches person or "
                        "computer)", classes="setup-heading")
            with VerticalGroup(id="seat-rows"):
                for number, spec in enumerate(self.seats, start=1):
                    yield SeatRow(number, spec)
            with HorizontalGroup(classes="setup-line"):
                yield Button("+ Add seat", id="add-seat", compact=True)
                yield Button("- Remove seat", id="remove-seat", compact=True)
            with HorizontalGroup(classes="setup-line"):
                yield Label("Match", classes="setup-label")
                with RadioSet(id="mode", compact=True):
                    for mode in MODES:
                        yield RadioButton(_MODE_LABELS.get(mode, mode), value=mode == config.mode,
                                          name=mode)
            with HorizontalGroup(classes="setup-line"):
                yield Label("Target", classes="setup-label")
                yield Input(str(config.target), id="target", type="integer", max_length=6,
                            compact=True)
                yield Label(" points (first to it wins; or lowest wins)", classes="setup-note")
            yield Label("House rules (Space toggles)", classes="setup-heading")
            yield SelectionList[str](
                *[(f"{rule}: {text}", rule, rule in config.rules)
                  for rule, text in HOUSE_RULES.items()],
                id="rules", compact=True)
            yield Button("Start the game (Enter)", id="start", variant="primary", compact=True)
        # Outside the scrolling part, so a problem always shows.
        yield Static("", id="setup-error")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "uno-tui"
        self.sub_title = "New game"
        if getattr(self.app, "steady", False):
            for field in self.query(Input):
                field.cursor_blink = False

    # ------------------------------------------------------------ reading

    def _radio_value(self, selector: str) -> str:
        radio = self.query_one(selector, RadioSet)
        button = radio.pressed_button
        return button.name if button is not None and button.name else ""

    def read_config(self) -> PlayConfig:
        """The game as set up now; :class:`ConfigError` with a clear message when it is wrong."""
        variant_name = self._radio_value("#variant") or self.config.variant
        variant = get_variant(variant_name)
        seats = [row.seat() for row in self.query(SeatRow)]
        variant.check_players(len(seats))
        seen: dict[str, int] = {}
        for number, seat in enumerate(seats, start=1):
            if not seat.name:
                raise ConfigError(f"seat {number} needs a name")
            if len(seat.name) > MAX_NAME:
                raise ConfigError(f"the name of seat {number} is longer than {MAX_NAME} characters")
            key = seat.name.casefold()
            if key in seen:
                raise ConfigError(f"seats {seen[key]} and {number} are both called {seat.name!r}")
            seen[key] = number
        mode = self._radio_value("#mode") or self.config.mode
        target_text = self.query_one("#target", Input).value.strip()
        if not target_text.isdigit() or int(target_text) < 1:
            raise ConfigError(f"the target score must be a whole number of at least 1, "
                              f"not {target_text!r}")
        rules = frozenset(self.query_one("#rules", SelectionList).selected)
        variant.check_rules(rules)
        return PlayConfig(variant=variant_name, seats=tuple(seats), seed=self.config.seed,
                          target=int(target_text), mode=mode, rules=rules)

    # ------------------------------------------------------------ actions

    def action_start(self) -> None:
        try:
            config = self.read_config()
        except ConfigError as exc:
            self.query_one("#setup-error", Static).update(f"Can't start: {exc}.")
            return
        self.app.start_match(config)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    @on(Button.Pressed, "#start")
    def _start_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    @on(Button.Pressed, "#add-seat")
    def _add_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_add_seat()

    @on(Button.Pressed, "#remove-seat")
    def _remove_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_remove_seat()

    def action_add_seat(self) -> None:
        rows = self.query(SeatRow)
        if len(rows) >= MAX_SEATS:
            self.query_one("#setup-error", Static).update(f"At most {MAX_SEATS} seats.")
            return
        number = len(rows) + 1
        names = {row.name_text.casefold() for row in rows}
        cpu = 1
        while f"cpu {cpu}" in names:
            cpu += 1
        row = SeatRow(number, SeatSpec(f"CPU {cpu}", default_bot_level()))
        self.query_one("#seat-rows").mount(row)
        if getattr(self.app, "steady", False):
            self.call_after_refresh(self._steady_inputs)

    def _steady_inputs(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = False

    def action_remove_seat(self) -> None:
        rows = self.query(SeatRow)
        if len(rows) <= 2:
            self.query_one("#setup-error", Static).update("A game needs at least 2 seats.")
            return
        rows.last().remove()

    def action_blur(self) -> None:
        self.set_focus(None)

    def action_help(self) -> None:
        from .help import KEYS_TAB, HelpScreen

        variant = self._radio_value("#variant") or self.config.variant
        self.app.push_screen(HelpScreen(variant, (), tab=KEYS_TAB))

