"""Driving the app in Pilot tests: build a table, read the screen, wait, answer prompts."""

from __future__ import annotations

import asyncio
import io
import re
import threading
from contextlib import contextmanager
from time import monotonic
from types import SimpleNamespace
from typing import Callable, Sequence

from rich.console import Console
from textual import events
from textual import timer as textual_timer
from textual.geometry import Offset
from textual.pilot import OutOfBounds, _get_mouse_message_arguments
from textual.widget import Widget

from uno_tui.app.app import UnoApp
from uno_tui.app.controller import TableController
from uno_tui.app.prompts import PromptPanel
from uno_tui.app.screens.dialog import Dialog
from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.match_result import MatchResultDialog
from uno_tui.app.screens.reveal import RevealScreen
from uno_tui.app.screens.round_result import RoundResultScreen
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.widgets.hand import ChipGrid, HandView
from uno_tui.bots import Bot
from uno_tui.config import SeatSpec
from uno_tui.engine import Challenge, Game, Play, TakePile

#: A card id as printed with ``show_card_ids``: ``#23`` (in a chip's border, the log, the pile).
CARD_ID = re.compile(r"#(\d+)")


def screen_text(app) -> str:
    """The plain text of the whole terminal, with what shows beneath a dialog."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    console.print(app.screen._compositor.render_update(full=True,
                                                         screen_stack=app._background_screens))
    return console.export_text()


#: The longest a test waits for the app (seconds). Only a broken app takes this long: every
#: wait ends as soon as its condition holds, so a slow machine only makes the tests slower.
WAIT_LIMIT = 60.0


_PENDING_FLAGS = ("_repaint_required", "_layout_required", "_scroll_required",
                  "_refresh_styles_required", "_recompose_required")


def _has_work(app) -> bool:
    """True while the app has something left to do: a message or callback not yet
    handled, a layout or repaint not yet done on the screen in front."""
    screen = app.screen
    nodes = [node for each in app.screen_stack for node in each.walk_children(with_self=True)]
    for pump in (app, *nodes):
        if not pump._message_queue.empty() or pump._next_callbacks:
            return True
    # A screen behind another, and every widget on it, is only laid out and drawn when it
    # comes to the front.
    for node in screen.walk_children(with_self=True):
        if any(getattr(node, flag) for flag in _PENDING_FLAGS):
            return True
    return bool(app._batch_count or screen._dirty_widgets or screen._callbacks
                or screen._compositor._dirty_regions)


async def quiet(pilot, deadline: float | None = None) -> None:
    """Wait until the app has handled every message and drawn the screen up to date.

    Unlike ``pilot.pause()``, this does not guess from the CPU clock that the app is idle
    (a guess a busy machine can fool): it waits until nothing is left to do. Computers
    (their pace timer, their thinking in a worker thread) are not waited for: see
    :func:`settle`.
    """
    app = pilot.app
    deadline = monotonic() + WAIT_LIMIT if deadline is None else deadline
    clean = 0
    # Twice in a row: a handler that was still running when a pass began (say, one
    # called once its pump went idle) has surely ended by the next.
    while app.is_running and clean < 2:
        await pilot._wait_for_screen()
        await asyncio.sleep(0)
        app.screen._on_timer_update()        # lay out and draw what changed, now
        if not _has_work(app):
            clean += 1
            continue
        clean = 0
        if monotonic() > deadline:
            raise AssertionError(f"the app never became idle; screen:\n{screen_text(app)}")
        await asyncio.sleep(0.001)


async def wait_for(pilot, condition: Callable[[], bool], what: str = "") -> None:
    """Wait (bounded) until ``condition()`` holds, checking it whenever the app is quiet."""
    deadline = monotonic() + WAIT_LIMIT
    while True:
        await quiet(pilot, deadline)
        if condition():
            return
        if monotonic() > deadline:
            raise AssertionError(f"waited in vain for {what or condition}; screen:\n"
                                 f"{screen_text(pilot.app)}")
        await asyncio.sleep(0.002)


async def shown(pilot) -> str:
    """The screen's text once every change so far has been drawn."""
    await quiet(pilot)
    return screen_text(pilot.app)


def seats_from(players: str, level: str = "random") -> tuple[SeatSpec, ...]:
    """``"Ann,cpu,cpu"`` as seats: a name is a person, ``cpu`` a computer of ``level``."""
    seats = []
    for name in players.split(","):
        if name == "cpu":
            seats.append(SeatSpec(f"CPU {sum(1 for s in seats if not s.is_human) + 1}", level))
        else:
            seats.append(SeatSpec(name))
    return tuple(seats)


def make_controller(players: str, *, seed: int = 7, variant: str = "classic",
                    rules: Sequence[str] = (), mode: str = "single", target: int = 500,
                    ids: bool = True) -> TableController:
    return TableController(variant, seats_from(players), target=target, mode=mode,
                           rules=rules, seed=seed, show_ids=ids)


def make_app(controller: TableController, pace: float = 0.0, lang: str = "en") -> UnoApp:
    """An app opening at the table of ``controller``, computers at ``pace``, steady screen,
    its words in ``lang``."""
    return UnoApp(pace=pace, steady=True, show_card_ids=controller.show_ids,
                  controller=controller, lang=lang)


class FirstBot(Bot):
    """A predictable computer: plays its first playable card, else its first option.

    ``calls_uno`` decides whether it calls UNO when it may; it never catches.
    """

    wants_view = False

    def __init__(self, seat: int, calls_uno: bool = True) -> None:
        super().__init__(seat)
        self.calls_uno = calls_uno

    def choose(self, view, actions):
        plays = [a for a in actions if type(a) is Play]
        return plays[0] if plays else actions[0]

    def react(self, view, actions):
        for action in actions:
            if type(action).__name__ == "CallUno" and self.calls_uno:
                return action
        return None


class GatedBot(FirstBot):
    """A :class:`FirstBot` that, asked for a move, thinks until the test calls
    :meth:`release`: the test decides what happens while a computer thinks, not the clock."""

    def __init__(self, seat: int, calls_uno: bool = True) -> None:
        super().__init__(seat, calls_uno)
        #: Set once the computer has started thinking about a move.
        self.thinking = threading.Event()
        #: How many times it was asked for a move.
        self.asked = 0
        self._gate = threading.Event()

    def release(self) -> None:
        """Let the computer answer (now and from then on)."""
        self._gate.set()

    def choose(self, view, actions):
        self.asked += 1
        self.thinking.set()
        if not self._gate.wait(WAIT_LIMIT):
            raise RuntimeError("the test never let the computer answer")
        return super().choose(view, actions)


def rigged(players: str, *, hands, top: str, draw: Sequence[str] = (), rules=(),
           current: int = 0, color: str | None = None, calls_uno: bool = True,
           ids: bool = False, mode: str = "single", variant: str = "classic",
           direction: int = 1, side: int = 0) -> TableController:
    """A table at an exact position (``side`` 1: UNO Flip's dark side up); computer
    seats play with :class:`FirstBot`."""
    controller = make_controller(players, rules=rules, ids=ids, mode=mode, variant=variant)
    controller.use_position(Game.from_position(
        variant, hands=hands, top=top, draw=draw, rules=rules, current=current, color=color,
        direction=direction, side=side))
    for seat in list(controller.bots):
        controller.bots[seat] = FirstBot(seat, calls_uno)
    return controller


class PublicCards:
    """Which cards each person may see: those shown to the whole table (played, turned,
    discarded), plus, for each person, the cards that have been in their own hand.

    Wraps the controller's ``apply`` so that it sees each action's events as the public
    sees them (``Event.for_seat(None)``).
    """

    def __init__(self, controller: TableController) -> None:
        self.controller = controller
        self.ids: set[int] = set(controller.game.discard)
        self.held: dict[int, set[int]] = {}
        self._note(controller.game.opening_events)
        apply, next_round = controller.apply, controller.next_round

        def watched_apply(action):
            lines = apply(action)
            self._note(controller.last_events)
            return lines

        def watched_next_round():
            lines = next_round()
            self._note(controller.game.opening_events)
            return lines

        controller.apply = watched_apply
        controller.next_round = watched_next_round

    def _note(self, events_) -> None:
        for event in events_:
            self.ids.update(event.for_seat(None).cards)

    def allowed(self, viewer: int | None) -> set[int]:
        """Cards ``viewer`` may see now (None: only public ones)."""
        if viewer is None:
            return self.ids
        held = self.held.setdefault(viewer, set())
        held.update(self.controller.game.hands[viewer])
        return self.ids | held


def assert_no_leak(app, public: PublicCards, own_hand_drawn: bool = False) -> set[int]:
    """No card of a seat other than the one whose hand is shown may be on screen.

    A card may show if the whole table has seen it, or if it is (or was) in the hand
    of the person the screen is handed to. With ``own_hand_drawn`` (the screen is
    known to be up to date) the shown hand's own cards must be found too, so the scan
    can't pass by seeing nothing. Returns the ids on screen.
    """
    table: TableScreen = app.table
    game = table.ctl.game
    text = screen_text(app)
    shown = {int(n) for n in CARD_ID.findall(text)}
    viewer = table.viewer
    if isinstance(app.screen, HandoffScreen):
        assert viewer is None, "a hand is still meant to show during a handoff"
    others = {card for seat, hand in enumerate(game.hands) if seat != viewer for card in hand}
    leaked = (shown & others) - public.allowed(viewer)
    assert not leaked, f"cards of other seats on screen: {sorted(leaked)}\n{text}"
    assert_seats_hide_what_they_must(table)
    if (own_hand_drawn and viewer is not None and isinstance(app.screen, TableScreen)
            and game.hands[viewer] and not _hand_under_a_question(table)):
        assert shown & set(game.hands[viewer]), f"the hand's ids are not on screen:\n{text}"
    return shown


def _hand_under_a_question(table) -> bool:
    """True while a question about the players (a ballot) lies over the hand, leaving
    the seats in view."""
    from uno_tui.app.prompts import PromptPanel
    from uno_tui.app.widgets.hand import HandView

    panel = table.query_one(PromptPanel)
    return (panel.is_open and panel.question.about_players
            and panel.region.overlaps(table.query_one(HandView).region))


def assert_seats_hide_what_they_must(table: TableScreen) -> None:
    """The seats show other hands' backs (UNO Flip: the faces of the side not in play,
    which everyone sees), never a face of the side in play; no vote shows before the
    last is in."""
    from uno_tui.rulesets.party.frontend.widgets import BallotBox
    from uno_tui.app.widgets.seats import SeatPanel
    from uno_tui.engine import DecisionKind

    state = table.state
    if state is None:
        return
    variant = table.ctl.game.variant
    sides = ({face for face, _ in variant.deck}, {face for face, _ in variant.dark_deck})
    in_play = sides[state.view.side]
    other = sides[1 - state.view.side]
    voting = state.view.decision_kind == DecisionKind.POINT
    for panel in table.query(SeatPanel):
        facts = panel.facts
        if facts is None:
            continue
        if panel.seat == state.viewer:
            assert not facts.backs, f"{facts.name}'s own backs are shown on their seat"
        leaked = [face for face in facts.backs if face in in_play and face not in other]
        assert not leaked, f"{facts.name}'s seat shows faces of the side in play: {leaked}"
        if voting:
            assert facts.pointed_at is None, f"{facts.name}'s vote shows before all are in"
    for box in table.query(BallotBox):
        if voting and box.ballot is not None:
            assert not box.ballot.revealed, "the ballot shows as revealed while voting"


def check_every_frame(app, check) -> list[AssertionError]:
    """Run ``check(app)`` on every frame the app sends to the terminal.

    Returns the list its failures are collected in (an assertion inside Textual's
    drawing would only stop the app, so the test asserts the list is empty).
    """
    failures: list[AssertionError] = []
    display = app._display

    def checked_display(screen, renderable) -> None:
        display(screen, renderable)
        if app.table is not None:
            try:
                check(app)
            except AssertionError as failure:
                failures.append(failure)

    app._display = checked_display
    return failures


def on_every_frame(app, note) -> None:
    """Call ``note(app)`` after each frame the app sends to the terminal, on any screen."""
    display = app._display

    def noted(screen, renderable) -> None:
        display(screen, renderable)
        note(app)

    app._display = noted


def redrawn_regions(app) -> list:
    """The regions of the screen the app draws again from now on (Textual's compositor's
    dirty regions at each update), as a list that grows frame by frame."""
    regions: list = []
    compositor = app.screen._compositor
    render_update = compositor.render_update

    def noted(*args, **kwargs):
        regions.extend(compositor._dirty_regions)
        return render_update(*args, **kwargs)

    compositor.render_update = noted
    return regions


def press_at_first_frame(app, key: str) -> dict[str, object]:
    """Press ``key`` the moment the table's first frame has been sent, as a player who
    presses it as soon as the table shows.

    Returns what was noted then: ``screen``, the screen in front, and ``acts``, whether
    ``key`` was bound to an enabled action there (a key with none is dropped). The key
    itself goes to the app's queue, so the test also sees what it did.
    """
    noted: dict[str, object] = {}
    display = app._display

    def display_then_press(screen, renderable) -> None:
        display(screen, renderable)
        if not noted and app.table is not None:
            binding = app.screen.active_bindings.get(key)
            noted.update(screen=app.screen, acts=binding is not None and binding.enabled)
            char = key if len(key) == 1 else _CHARACTERS.get(key)
            app.post_message(events.Key(key, char))

    app._display = display_then_press
    return noted


async def press(pilot, *keys: str) -> None:
    """Press keys as the terminal would, each handled in full before the next.

    ``pilot.press`` waits for the process to look idle instead (at least 40 ms a key,
    and a guess that a busy machine can fool).
    """
    app = pilot.app
    for key in keys:
        char = key if len(key) == 1 else _CHARACTERS.get(key)
        await app._post_message(events.Key(key, char))
        await quiet(pilot)


_CHARACTERS = {"plus": "+", "minus": "-", "space": " ", "question_mark": "?"}


async def click(pilot, target: Widget | type[Widget] | str,
                offset: tuple[int, int] = (0, 0)) -> bool:
    """Click ``target`` (a widget, a widget type or a selector on the screen in front) at
    ``offset`` from its top-left corner, as the terminal would: press, release, click,
    each handled in full. True if the click landed on ``target`` or a widget inside it.

    The app is quiet first, so the target is where it is drawn (not where it was).
    """
    app = pilot.app
    await quiet(pilot)
    screen = app.screen
    widget = target if isinstance(target, Widget) else screen.query_one(target)
    arguments = _get_mouse_message_arguments(widget, offset, button=1)
    position = Offset(arguments["x"], arguments["y"])
    if position not in screen.size.region:
        raise OutOfBounds(f"{position} is off the screen")
    under, _ = app.get_widget_at(*position)
    for event_type in (events.MouseDown, events.MouseUp, events.Click):
        extra = {"chain": 1} if event_type is events.Click else {}
        app.mouse_position = position
        screen._forward_event(event_type(**arguments, **extra))
        await quiet(pilot)
    # A click on a part of ``target`` (e.g. one card of the hand) lands on it too.
    return under is widget or widget in under.ancestors


async def resize(pilot, width: int, height: int) -> None:
    """Resize the terminal, and wait until the app has drawn itself at the new size."""
    await pilot.resize_terminal(width, height)
    await quiet(pilot)


async def settle(pilot) -> None:
    """Wait until the app waits for a person (a prompt, a handoff, a result), every
    computer move before it made and the screen drawn."""
    app = pilot.app
    deadline = monotonic() + WAIT_LIMIT
    while True:
        await quiet(pilot, deadline)
        table = app.table
        if table is None or not app.is_running:
            return
        if table.waiting_for_person:
            return
        if monotonic() > deadline:
            raise AssertionError(f"the app never waited for a person; screen:\n"
                                 f"{screen_text(app)}")
        await asyncio.sleep(0.002)           # a computer's pace timer


async def take_keyboard(pilot, name: str) -> None:
    """The app hands the keyboard to ``name`` (a handoff is in front): take it."""
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HandoffScreen) and screen.player == name, screen
    await press(pilot, "enter")
    await settle(pilot)


async def click_prompt_action(pilot, label: str) -> bool:
    """Click the prompt line's action whose label starts with ``label``."""
    from uno_tui.app.widgets.prompt import PromptBar

    prompt = pilot.app.table.query_one(PromptBar)
    region = prompt.action_region(label)
    if region is None:
        return False
    left_padding = prompt.styles.padding.left
    return await click(pilot, prompt, offset=(left_padding + region[0] + 1, 0))


def playable_indexes(app) -> list[int]:
    """Positions in the shown hand of the cards that can be played now."""
    grid = app.table.query_one(ChipGrid)
    if grid.playable is None:
        return []
    return [i for i, card in enumerate(grid.cards) if card.id in grid.playable]


def panel(app) -> PromptPanel | None:
    """The question open inline on the table, if any."""
    table = app.table
    if table is None or not table.asking or app.screen is not table:
        return None
    return table.query_one(PromptPanel)


def asked(app) -> str:
    """What the open inline question is about ("color", "point", "notice" ...), or ""."""
    return app.table.asked_kind if panel(app) is not None else ""


def choice_for(app) -> int:
    """The option a test player picks: challenge when allowed, a card rather than taking
    the mini-pile, a player the first in turn order from the decider (as the lists of
    players ran before they kept seat order: the seeded rounds play as they did), else
    the first."""
    question = panel(app).question
    for index, option in enumerate(question.options):
        if type(option.value) is Challenge:
            return index
    if asked(app) in ("point", "swap", "link"):
        ctl = app.table.ctl
        decider, view = ctl.decider, ctl.game.view(ctl.decider)
        return min(range(len(question.options)), key=lambda index: (
            (question.options[index].number - 1 - decider) * view.direction) % view.players)
    return 0


async def answer_panel_by_keys(pilot) -> str:
    """Answer the inline question with keys: a letter, a digit, or arrows and Enter."""
    app = pilot.app
    box = panel(app)
    kind = asked(app)
    question = box.question
    index = choice_for(app)
    option = question.options[index]
    if option.key and not question.filtered:
        await press(pilot, option.key)
    elif kind in ("swap", "link"):
        await press(pilot, "right", "left", "enter")      # the arrows, and Enter
    elif question.filtered:
        await press(pilot, *option.label[:3].lower())       # type to find it
        await press(pilot, "1")
    elif option.number is not None and option.number <= 9:
        await press(pilot, str(option.number))            # a seat keeps its number
    elif option.number is not None:
        await press(pilot, *["right"] * box.matching.index(index), "enter")
    else:
        await press(pilot, str(box.visible.index(index) + 1))
    return kind


async def click_option(pilot, index: int) -> bool:
    """Click option ``index`` of the inline question (it must be on the page shown)."""
    box = panel(pilot.app)
    await quiet(pilot)
    x, y = box.option_offset(index)
    inset = box.content_region.offset - box.region.offset
    return await click(pilot, box, offset=(inset.x + x, inset.y + y))


async def answer_panel_by_clicks(pilot) -> str:
    """Answer the inline question with a click on the chosen option."""
    app = pilot.app
    box = panel(app)
    kind = asked(app)
    index = choice_for(app)
    if index not in box.visible:
        await press(pilot, *box.question.options[index].label[:3].lower())
    assert await click_option(pilot, index)
    return kind


async def answer_by_keys(pilot) -> str:
    """Answer what the app asks now, keys only. Returns the kind of prompt answered."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, HandoffScreen):
        await press(pilot, "enter")
        return "handoff"
    if isinstance(screen, RevealScreen):
        await press(pilot, "enter")
        return "reveal"
    if isinstance(screen, RoundResultScreen):
        await press(pilot, "enter")
        return "round-result"
    if isinstance(screen, MatchResultDialog):
        await press(pilot, "q")
        return "match-result"
    if isinstance(screen, Dialog):
        raise AssertionError(f"unexpected dialog {screen!r}")
    if panel(app) is not None:
        return await answer_panel_by_keys(pilot)
    table = app.table
    assert table.awaiting_turn, f"nothing to answer:\n{screen_text(app)}"
    playable = playable_indexes(app)
    if not playable:
        await press(pilot, "d")
        return "draw"
    index = playable[0]
    if index < 10:
        await press(pilot, "0" if index == 9 else str(index + 1))
    else:
        hand = table.query_one(HandView)
        await press(pilot, "right")
        while hand.cursor != index:
            await press(pilot, "right")
    await press(pilot, "enter")
    return "play"


async def answer_by_clicks(pilot) -> str:
    """Answer what the app asks now with the mouse only."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, HandoffScreen):
        assert await click(pilot, "#handoff-ready")
        return "handoff"
    if isinstance(screen, (RevealScreen, RoundResultScreen)):
        await click(pilot, ".dialog-title")
        return "reveal" if isinstance(screen, RevealScreen) else "round-result"
    if isinstance(screen, MatchResultDialog):
        assert await click(pilot, "#option-2")
        return "match-result"
    if isinstance(screen, Dialog):
        raise AssertionError(f"unexpected dialog {screen!r}")
    if panel(app) is not None:
        return await answer_panel_by_clicks(pilot)
    table = app.table
    assert table.awaiting_turn, f"nothing to answer:\n{screen_text(app)}"
    playable = playable_indexes(app)
    if not playable:
        assert await click(pilot, "#draw-pile")
        return "draw"
    hand = table.query_one(HandView)
    hand.select(playable[0])  # scrolls its row into view, as a person would
    await quiet(pilot)
    grid = table.query_one(ChipGrid)
    assert await click(pilot, grid, offset=grid.chip_offset(playable[0]))
    return "play"


def live_objects(*names: str) -> dict[str, int]:
    """How many objects of the classes named (FooterKey, StylesCache, ...) are alive now.

    StylesCache is Textual's private per-widget render cache; counting it is how a test
    sees that dead widgets are really let go of.
    """
    import collections
    import gc

    gc.collect()
    counts = collections.Counter(type(o).__name__ for o in gc.get_objects())
    return {name: counts[name] for name in names}


def painted_rows(app) -> list[set[int]]:
    """Record the screen rows each frame sends to the terminal, one set per frame.

    Textual sends a frame as the changed spans of lines (a ChopsUpdate) or, after a
    layout, as whole lines of a region (a LayoutUpdate); both are private to Textual.
    """
    from textual._compositor import ChopsUpdate, LayoutUpdate

    frames: list[set[int]] = []
    display = app._display

    def recorded(screen, renderable) -> None:
        display(screen, renderable)
        if isinstance(renderable, ChopsUpdate):
            frames.append({y for y, _, _ in renderable.spans})
        elif isinstance(renderable, LayoutUpdate):
            region = renderable.region
            frames.append(set(range(region.y, region.bottom)))

    app._display = recorded
    return frames


async def wheel(pilot, target: Widget | type[Widget] | str, notches: int) -> None:
    """Turn the mouse wheel over ``target``: ``notches`` up (negative: down), each one
    handled in full, as the terminal would send them."""
    app = pilot.app
    await quiet(pilot)
    screen = app.screen
    widget = target if isinstance(target, Widget) else screen.query_one(target)
    arguments = _get_mouse_message_arguments(widget, (1, 1))
    event_type = events.MouseScrollUp if notches > 0 else events.MouseScrollDown
    for _ in range(abs(notches)):
        app.mouse_position = Offset(arguments["x"], arguments["y"])
        screen._forward_event(event_type(**arguments))
        await quiet(pilot)


@contextmanager
def timers_look_late(by: float = 0.002):
    """Textual's timers find their clock ``by`` seconds later at every look, as when a
    crowded machine preempts the process between two looks: a timer shorter than ``by``
    finds its moment already passed when it first looks."""
    real = textual_timer._time
    late = SimpleNamespace(extra=0.0)

    def get_time() -> float:
        late.extra += by
        return real.get_time() + late.extra

    textual_timer._time = SimpleNamespace(get_time=get_time)
    try:
        yield
    finally:
        textual_timer._time = real


class DrivenClock:
    """The clock of what the table shows for a while (the moment banner, the direction
    tracker's highlight), driven by the test: none of it passes until :meth:`advance`,
    however slow the machine. (On wall time, a loaded machine took longer than the 2 s
    highlight between the play and the test's look, and the test failed.)"""

    def __init__(self) -> None:
        self.now = 0.0
        self._due: list[_DueCall] = []

    def monotonic(self) -> float:
        return self.now

    def call_after(self, node, delay: float, callback: Callable[[], object]) -> "_DueCall":
        """As ``uno_tui.app.timers.call_after``, on this clock."""
        call = _DueCall(self.now + delay, node, callback)
        self._due.append(call)
        return call

    def advance(self, seconds: float) -> None:
        """``seconds`` pass: what was due by then is called (on its node's queue)."""
        self.now += seconds
        due = sorted((c for c in self._due if c.when <= self.now), key=lambda c: c.when)
        self._due = [c for c in self._due if c.when > self.now]
        for call in due:
            if not call.cancelled:
                call.node.call_next(call.callback)


class _DueCall:
    def __init__(self, when: float, node, callback: Callable[[], object]) -> None:
        self.when, self.node, self.callback = when, node, callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


def drive_the_clock(monkeypatch) -> DrivenClock:
    """From now on the banner's and the direction tracker's timing runs on a
    :class:`DrivenClock` (returned)."""
    from uno_tui.app.widgets import banner, direction

    clock = DrivenClock()
    for module in (banner, direction):
        monkeypatch.setattr(module, "call_after", clock.call_after)
    monkeypatch.setattr(banner, "monotonic", clock.monotonic)
    return clock
