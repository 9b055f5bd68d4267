"""The setup screen: variant, seats (names, people or computers), match mode, target,
a preset of house rules, house rules.

Nothing private exists yet, so nothing private can show. Enter or Ctrl+S starts;
bad values get a message and change nothing. The screen is a handful of light
widgets, so that ``uno-tui`` opens about as fast as an empty Textual app.
"""

from __future__ import annotations

from dataclasses import replace

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from ...bots import LEVEL_DESCRIPTIONS, TESTING_LEVELS, levels_in_order
from ...config import (
    MAX_NAME, MAX_SEATS, MODE_LABELS, PlayConfig, SeatSpec, computer_name, player_count_problem,
    default_bot_level, name_problem,
)
from ...engine import HOUSE_RULES, MODES, PRESETS, VARIANTS, ConfigError, expand_rules, get_variant
from ...engine.registry import PRESET_PREFIX, house_rule
from ...engine.ruleset import NUMBER_MARK
from ...i18n import LANGUAGES, N_, Translator, translator
from ..widgets.action import ActionLink
from ..widgets.checklist import CheckList
from ..widgets.saved_matches import SavedMatches
from ..widgets.choice import ChoiceRow
from ..widgets.seat_table import KindSwitch, NameInput, SeatTable, level_word
from ..widgets.title import TitleBar
from ..widgets.footer import KeysFooter
from ..widgets.prose import Prose
from .styled import StyledAsMounted

__all__ = ["SetupScreen", "default_seats", "computer_levels", "preset_of", "TARGETS",
           "TESTING_LEVELS", "CUSTOM"]

#: What the hint line says while no computer seat is picked and nothing is wrong.
_HINT = N_("Tab moves between the fields; ? explains the rules and every house rule.")

#: The preset row's value while the ticked house rules are no preset's.
CUSTOM = ""

#: Target scores offered (the command line's --target is added when it is another).
TARGETS = (100, 150, 200, 250, 300, 400, 500, 750, 1000)


def next_computer_seat(seats) -> SeatSpec:
    """The seat "+" adds after ``seats``: a computer at the default level, called "CPU n"
    with the first number no seat's name has."""
    names = {seat.name.casefold() for seat in seats}
    number = 1
    while f"cpu {number}" in names:
        number += 1
    return SeatSpec(computer_name(number), default_bot_level())


def computer_levels() -> tuple[str, ...]:
    """The computer levels in the order a player goes through them: weakest first, the
    levels for testing last (Right on "Person" went to "random" first)."""
    return levels_in_order()


#: The person's seat's name until they type one (in the screen's language).
PERSON = N_("Player {number}")


def default_seats(count: int = 4, person: str = "Player 1") -> tuple[SeatSpec, ...]:
    """One person (named ``person``) and computers for the rest: what Enter starts with."""
    level = default_bot_level()
    return (SeatSpec(person),) + tuple(SeatSpec(computer_name(n), level) for n in range(1, count))


def _default_person(tr: Translator) -> str:
    return tr(PERSON, number=1)


def _rule_items(rules) -> list[tuple[str, str]]:
    """The house rules to tick, with their help lines; a rule given with its number
    (``catch-window:5`` from the command line) stands in its list place with it."""
    numbered = {rule.partition(NUMBER_MARK)[0]: rule for rule in rules if NUMBER_MARK in rule}
    return [(numbered[name], house_rule(numbered[name]).help) if name in numbered
            else (name, help) for name, help in HOUSE_RULES.items()]


def preset_rules(variant: str, preset: str) -> frozenset[str]:
    """The house rules preset ``preset`` ticks for ``variant`` (those that apply to it)."""
    return expand_rules(get_variant(variant), [PRESET_PREFIX + preset])


def preset_of(variant: str, rules) -> str:
    """The preset whose rules for ``variant`` are exactly ``rules``, else :data:`CUSTOM`
    (a rule with its number counts as the rule: ``catch-window:5`` as ``catch-window``)."""
    rules = frozenset(rule.partition(NUMBER_MARK)[0] for rule in rules)
    return next((name for name in PRESETS if preset_rules(variant, name) == rules), CUSTOM)


class SetupScreen(StyledAsMounted, Screen[None]):
    """Choose the game; ``start`` hands a :class:`PlayConfig` to the app."""

    #: Textual's own, without its repaint: a focus change drew the whole screen again
    #: (every Tab, Up/Down and "+"), though the widget that gains the focus and the one
    #: that loses it redraw themselves (their :focus styles), and nothing else changes.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    #: The app's stylesheets this screen needs (see UnoApp.STYLESHEETS).
    STYLESHEETS = ("setup.tcss",)
    AUTO_FOCUS = None
    BINDINGS = [
        Binding("enter", "start", "Start", key_display="⏎"),
        Binding("ctrl+s", "start", "Start", priority=True, show=False),
        # Tab and + act before any key typed after them reaches a field (see widgets/keys.py).
        Binding("tab", "app.focus_next", "Next field", key_display="Tab", priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
        Binding("plus", "add_seat", "Add seat", key_display="+", priority=True),
        Binding("minus", "remove_seat", "Remove seat", key_display="-"),
        Binding("r", "resume", "Resume saved"),
        Binding("question_mark", "help", "Help", key_display="?"),
        # Not in the footer (full at 80 columns): the Language field shows the way.
        Binding("l", "next_language", "Language", show=False),
        Binding("escape", "blur", show=False),
    ]

    def __init__(self, config: PlayConfig, tr: Translator | None = None) -> None:
        super().__init__(classes="setup-screen")
        self.config = config
        self.seats = config.seats or default_seats(person=_default_person(tr or translator()))
        #: True once the player (or the command line) chose a match mode: another
        #: variant then keeps it.
        self._mode_chosen = config.mode != PlayConfig().mode
        self._setting_mode = False
        #: The field that had the focus when the hint line last said a problem.
        self._problem_at: Widget | None = None

    def compose(self) -> ComposeResult:
        config = self.config
        tr = self.app.tr
        targets = sorted(set(TARGETS) | {config.target})
        yield TitleBar(tr("New game"))
        with VerticalScroll(id="setup"):
            yield self.app.saved_matches()
            yield ChoiceRow([(tr(v.label), name) for name, v in VARIANTS.items()],
                            config.variant, label=tr("Variant"), id="variant")
            yield SeatTable(self.seats, computer_levels(), id="seat-table", max_seats=MAX_SEATS,
                            testing=TESTING_LEVELS, next_seat=next_computer_seat)
            yield ChoiceRow([(tr(MODE_LABELS[m]) if m in MODE_LABELS else m, m) for m in MODES],
                            config.mode, label=tr("Match"), id="mode")
            # The language on the target's line: a field of its own would push the
            # last house rules below an 80x24 screen.
            with Horizontal(id="target-line"):
                yield ChoiceRow([(tr("{points} points", points=t), t) for t in targets],
                                config.target, label=tr("Target"), compact=True, id="target")
                # Each language in its own words, so a player who switched by mistake
                # finds their way back.
                yield ChoiceRow(list((name, code) for code, name in LANGUAGES.items()),
                                self.app.language, label=tr("Language"), compact=True,
                                id="language")
            presets = [(tr(preset.label), name) for name, preset in PRESETS.items()]
            # The house rules' heading is the preset row: choosing one ticks its rules.
            heading = tr("House rules")
            yield ChoiceRow(presets + [(tr("custom"), CUSTOM)],
                            preset_of(config.variant, config.rules), label=heading,
                            label_width=cell_len(heading) + 2, id="preset")
            yield CheckList([(name, tr(text)) for name, text in _rule_items(config.rules)],
                            sorted(config.rules), id="rules")
            yield ActionLink(tr("Start the game (Enter)"), id="start")
        # Outside the scrolling part, so a problem always shows.
        yield Prose(tr(_HINT), id="setup-error")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._watch_fields()

    def _watch_fields(self) -> None:
        # Tab goes from field to field; the column scrolls to the focused one by itself.
        self.query_one("#setup").can_focus = False
        table = self.query_one(SeatTable)
        self.watch(table, "rows", self._describe_focus, init=False)
        self.watch(table, "cursor", self._describe_focus, init=False)
        self.watch(self.query_one("#rules", CheckList), "cursor", self._describe_focus,
                   init=False)
        self.watch(self.query_one("#rules", CheckList), "checked", self._show_preset, init=False)

    # ------------------------------------------------------------ language

    @on(ChoiceRow.Changed, "#language")
    def _language_chosen(self, event: ChoiceRow.Changed) -> None:
        event.stop()
        self.app.switch_language(event.row.value)

    def action_next_language(self) -> None:
        """``l``: the next language, at once."""
        codes = list(LANGUAGES)
        self.app.switch_language(codes[(codes.index(self.app.language) + 1) % len(codes)])

    async def on_uno_app_language_changed(self) -> None:
        """Every word again in the new language; what was set up (names typed, rules
        ticked, the field in use) stays as it was."""
        self.config = self.current_setup()
        # The person's default name is the new language's, unless they typed one.
        defaults = {_default_person(translator(code)) for code in LANGUAGES}
        self.seats = tuple(SeatSpec(_default_person(self.app.tr)) if seat.is_human
                           and seat.name in defaults else seat for seat in self.config.seats)
        self.config = replace(self.config, seats=self.seats)
        focus = self._focus_place()
        rules_cursor = self.query_one("#rules", CheckList).cursor
        scrolled = self.query_one("#setup").scroll_y
        await self.recompose()
        self._watch_fields()
        self.query_one("#rules", CheckList).cursor = rules_cursor
        self.query_one("#setup").scroll_to(y=scrolled, animate=False, immediate=True)
        self._put_focus(focus)

    def _focus_place(self) -> tuple[str, int] | None:
        """Where the focus is, in words that outlive the widgets: a field's id, or a
        seat's column ("name"/"kind") and number."""
        focused = self.focused
        if focused is None:
            return None
        table = self.query_one(SeatTable)
        for number, row in enumerate(table.seat_rows):
            if focused in row.children:
                return ("kind" if isinstance(focused, KindSwitch) else "name", number)
        return (focused.id, -1) if focused.id else None

    def _put_focus(self, place: tuple[str, int] | None) -> None:
        if place is None:
            return
        where, number = place
        if number >= 0:
            rows = self.query_one(SeatTable).seat_rows
            if number < len(rows):
                column = KindSwitch if where == "kind" else NameInput
                self.set_focus(rows[number].query_one(column))
            return
        found = self.query(f"#{where}")
        if found:
            self.set_focus(found.first())

    def current_setup(self) -> PlayConfig:
        """The fields as they are now, checked or not (see :meth:`read_config`)."""
        return PlayConfig(variant=self.query_one("#variant", ChoiceRow).value,
                          seats=tuple(self.query_one(SeatTable).rows), seed=self.config.seed,
                          target=self.query_one("#target", ChoiceRow).value,
                          mode=self.query_one("#mode", ChoiceRow).value,
                          rules=frozenset(self.query_one("#rules", CheckList).selected))

    def on_resize(self) -> None:
        # After a resize the focused field stays in view: a house rule toggled with Space
        # off screen (seen after 120x40 to 80x24) is a change nobody saw.
        self.call_after_refresh(self._focus_in_view)

    def _focus_in_view(self) -> None:
        focused = self.focused
        if focused is not None and focused.is_attached:
            focused.scroll_visible(animate=False)

    @on(Input.Submitted)
    def _name_entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    @on(events.DescendantFocus)
    @on(events.DescendantBlur)
    def _focus_moved(self) -> None:
        # A problem stays up until the focus leaves the field it was said in (the
        # focus event of that field may come after it).
        if self._problem_at is not self.focused or not self.query_one("#setup-error").has_class(
                "-problem"):
            self._describe_focus()

    def _describe_focus(self) -> None:
        """The hint line says what the field in use means: the house rule under the
        cursor, whole (the list cuts its lines at 80 columns); a computer seat's level
        while the seats are in use (or nothing is); else how to go from field to field."""
        focused = self.focused
        rules = self.query_one("#rules", CheckList)
        tr = self.app.tr
        if focused is rules:
            name, description = rules.items[rules.cursor]
            self._show_hint(tr("{rule}: {description}", rule=name, description=description))
        elif focused is None or self.query_one(SeatTable) in focused.ancestors:
            self._show_hint(self._level_words())
        else:
            self._show_hint(tr(_HINT))

    def _level_words(self) -> str:
        """What the level of the computer seat under the seat table's cursor plays like
        (the general hint on a person's seat)."""
        table = self.query_one(SeatTable)
        rows = table.rows
        # A removed seat shortens the rows before the cursor moves back onto them.
        level = rows[min(table.cursor, len(rows) - 1)].level if rows else None
        tr = self.app.tr
        description = LEVEL_DESCRIPTIONS.get(level, "")
        return (tr(_HINT) if level is None else
                tr("Computer {level}: {description}", level=level_word(level, tr),
                   description=tr(description) if description else ""))

    def _show_hint(self, words: str) -> None:
        hint = self.query_one("#setup-error", Static)
        if hint.has_class("-problem") or str(hint.content) != str(words):
            # (Only when it changes: each update lays the screen out again, and every
            # "+" asked three times, for the rows, the cursor and the new name.)
            hint.set_class(False, "-problem")
            hint.update(words)

    # ------------------------------------------------------------ reading

    def read_config(self) -> PlayConfig:
        """The game as set up now; :class:`ConfigError` with a clear message when it is wrong."""
        variant_name = self.query_one("#variant", ChoiceRow).value
        variant = get_variant(variant_name)
        seats = self.query_one(SeatTable).seats
        tr = self.app.tr
        try:
            variant.check_players(len(seats))
        except ConfigError:
            raise ConfigError(player_count_problem(variant, len(seats), tr)) from None
        seen: dict[str, int] = {}
        for number, seat in enumerate(seats, start=1):
            if not seat.name:
                raise ConfigError(tr("seat {number} needs a name", number=number))
            problem = name_problem(seat.name, seat=number)
            if problem is not None:
                message, fields = problem
                raise ConfigError(tr(message, **fields))
            key = seat.name.casefold()
            if key in seen:
                raise ConfigError(tr("seats {first} and {second} are both called {name}",
                                     first=seen[key], second=number, name=repr(seat.name)))
            seen[key] = number
        rules = frozenset(self.query_one("#rules", CheckList).selected)
        variant.check_rules(rules)
        return PlayConfig(variant=variant_name, seats=tuple(seats), seed=self.config.seed,
                          target=self.query_one("#target", ChoiceRow).value,
                          mode=self.query_one("#mode", ChoiceRow).value, rules=rules)

    def _say(self, text: str) -> None:
        # Names are data: a problem that quotes one is text, never markup.
        self.query_one("#setup-error", Static).update(Text(text))
        self.query_one("#setup-error").set_class(True, "-problem")
        self._problem_at = self.focused

    # ------------------------------------------------------------ actions

    def action_start(self) -> None:
        try:
            config = self.read_config()
        except ConfigError as exc:
            self._say(self.app.tr("Can't start: {problem}.", problem=exc))
            return
        self.app.start_match(config)

    @on(ActionLink.Pressed, "#start")
    def _start_pressed(self, event: ActionLink.Pressed) -> None:
        event.stop()
        self.action_start()

    @on(ChoiceRow.Changed, "#variant")
    def _variant_changed(self, event: ChoiceRow.Changed) -> None:
        """Another variant brings its own match mode (Party: one round), unless the
        player chose one."""
        if self._mode_chosen:
            return
        mode = self.query_one("#mode", ChoiceRow)
        values = [value for _, value in mode.options]
        wanted = get_variant(event.row.value).default_mode
        if wanted in values and mode.value != wanted:
            self._setting_mode = True
            mode.index = values.index(wanted)

    @on(ChoiceRow.Changed, "#variant")
    def _variant_changed_rules(self, event: ChoiceRow.Changed) -> None:
        """A preset ticks, for another variant, the rules of it that apply there (Flip
        has no 7-0); hand-ticked rules stay as they are."""
        preset = self.query_one("#preset", ChoiceRow).value
        if preset != CUSTOM:
            self._tick_preset(preset)
        else:
            self._show_preset()

    @on(ChoiceRow.Changed, "#preset")
    def _preset_chosen(self, event: ChoiceRow.Changed) -> None:
        event.stop()
        if event.row.value != CUSTOM:
            self._tick_preset(event.row.value)

    def _tick_preset(self, preset: str) -> None:
        variant = self.query_one("#variant", ChoiceRow).value
        rules = self.query_one("#rules", CheckList)
        # A rule listed with its number (catch-window:5) is ticked for the preset's rule.
        listed = {name.partition(NUMBER_MARK)[0]: name for name, _ in rules.items}
        rules.checked = frozenset(listed.get(rule, rule) for rule in preset_rules(variant, preset))

    def _show_preset(self) -> None:
        """The preset row follows the ticks: a preset's rules exactly, or "custom"."""
        row = self.query_one("#preset", ChoiceRow)
        preset = preset_of(self.query_one("#variant", ChoiceRow).value,
                           self.query_one("#rules", CheckList).checked)
        row.index = [value for _, value in row.options].index(preset)

    @on(ChoiceRow.Changed, "#mode")
    def _mode_changed(self, event: ChoiceRow.Changed) -> None:
        if self._setting_mode:
            self._setting_mode = False
        else:
            self._mode_chosen = True

    @on(NameInput.TooWide)
    def _name_too_wide(self, event: NameInput.TooWide) -> None:
        event.stop()
        self._say(self.app.tr("A name takes at most {most} letters, or {half} wide "
                              "characters (kanji, kana)", most=MAX_NAME, half=MAX_NAME // 2))

    @on(SeatTable.AddRequested)
    def _add_pressed(self, event: SeatTable.AddRequested) -> None:
        event.stop()
        self.action_add_seat()

    @on(SeatTable.RemoveRequested)
    def _remove_pressed(self, event: SeatTable.RemoveRequested) -> None:
        event.stop()
        self.action_remove_seat()

    def action_add_seat(self) -> None:
        table = self.query_one(SeatTable)
        if not table.add_seat(next_computer_seat(table.rows)):
            self._say(self.app.tr("At most {most} seats.", most=MAX_SEATS))

    def action_remove_seat(self) -> None:
        if not self.query_one(SeatTable).remove_seat():
            self._say(self.app.tr("A game needs at least {least} seats.", least=2))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            # (Asked while the screen is rebuilt for another language, too.)
            saved = self.query(SavedMatches)
            return bool(saved) and saved.first().picked is not None
        return True

    def action_resume(self) -> None:
        self.query_one(SavedMatches).resume_picked()

    @on(SavedMatches.Resume)
    def _resume(self, event: SavedMatches.Resume) -> None:
        event.stop()
        self.app.resume_saved(event.summary.path)

    def action_blur(self) -> None:
        self.set_focus(None)

    def action_help(self) -> None:
        from .help import RULES_TAB, HelpScreen

        variant = self.query_one("#variant", ChoiceRow).value
        # The house rules' lines are cut short at 80 columns: the help tells them whole.
        self.app.push_screen(HelpScreen(variant, (), tab=RULES_TAB, choosing=True))
