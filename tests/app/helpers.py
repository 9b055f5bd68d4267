"""Driving the app in Pilot tests: read the screen, wait for the next prompt, answer it."""

from __future__ import annotations

import asyncio
import io
import re

from rich.console import Console
from textual import events

from uno_tui.app.app import UnoApp
from uno_tui.app.screens.color import ColorDialog
from uno_tui.app.screens.dialog import Dialog
from uno_tui.app.screens.drawn import DrawnDialog
from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.match_result import MatchResultDialog
from uno_tui.app.screens.respond import RespondDialog
from uno_tui.app.screens.reveal import RevealScreen
from uno_tui.app.screens.round_result import RoundResultScreen
from uno_tui.app.screens.swap import SwapDialog
from uno_tui.app.screens.table import TableScreen
from uno_tui.app.widgets.hand import HandView
from uno_tui.cli import PlayConfig, SeatSpec

#: A card id as the app prints it when ``show_card_ids`` is on: ``R 5#23``, ``#23``.
CARD_ID = re.compile(r"#(\d+)")


def screen_text(app) -> str:
    """The plain text of the whole terminal, dialogs and what shows beneath them included."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    console.print(app.screen._compositor.render_update(full=True,
                                                         screen_stack=app._background_screens))
    return console.export_text()


def make_app(players: str, *, seed: int = 7, variant: str = "classic", rules=(),
             mode: str = "target", target: int = 500, ids: bool = False) -> UnoApp:
    """An app at pace 0 that starts straight at the table: ``players`` as on the command line."""
    seats = []
    cpu = 0
    for name in players.split(","):
        if name.startswith("cpu"):
            cpu += 1
            seats.append(SeatSpec(f"CPU {cpu}", name.partition(":")[2] or "random"))
        else:
            seats.append(SeatSpec(name))
    config = PlayConfig(variant=variant, seats=tuple(seats), seed=seed, target=target,
                        mode=mode, rules=frozenset(rules))
    return UnoApp(config, pace=0, steady=True, show_card_ids=ids)


def table_of(app) -> TableScreen:
    table = app.table
    assert table is not None, "no table screen"
    return table


async def _drain(pilot) -> None:
    """Let every queued message run (unlike pilot.pause, without waiting for an idle CPU)."""
    for _ in range(3):
        await pilot._wait_for_screen()
        await asyncio.sleep(0)


async def press(pilot, *keys: str) -> None:
    """Press keys as the terminal would, waiting only for their messages to be handled.

    ``pilot.press`` also waits for the process to look idle (at least 40 ms a key);
    playing whole rounds key by key needs something quicker.
    """
    app = pilot.app
    for key in keys:
        await app._post_message(events.Key(key, key if len(key) == 1 else None))
        await _drain(pilot)


async def settle(pilot, limit: int = 2000) -> None:
    """Wait until the app waits for a person (a prompt, a handoff, a result)."""
    app = pilot.app
    for _ in range(limit):
        await _drain(pilot)
        table = app.table
        if table is None or not app.is_running:
            return
        if table._timer is None and (not table.is_active or table.awaiting_turn
                                     or table.ctl.game.is_over):
            await _drain(pilot)
            return
        await asyncio.sleep(0.002)
    raise AssertionError(f"the app never waited for a person; screen:\n{screen_text(app)}")


def playable_indexes(app) -> list[int]:
    """Positions in the shown hand of the cards that can be played now."""
    grid = app.screen.query_one(HandView).grid
    if grid.playable is None:
        return []
    return [i for i, card in enumerate(grid.cards) if card.id in grid.playable]


async def answer_by_keys(pilot, step: int) -> str:
    """Answer whatever the app asks now with keys only; returns what was answered."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, HandoffScreen):
        await press(pilot, "enter")
        return "handoff"
    if isinstance(screen, ColorDialog):
        await press(pilot, screen.options[step % len(screen.options)].key)
        return "color"
    if isinstance(screen, DrawnDialog):
        key = "p" if step % 2 or not screen.has_key("k") else "k"
        await press(pilot, key)
        return "drawn-" + key
    if isinstance(screen, RespondDialog):
        key = "c" if screen.has_key("c") and step % 2 else "a"
        await press(pilot, key)
        return "respond-" + key
    if isinstance(screen, SwapDialog):
        await press(pilot, "down", "enter")
        return "swap"
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
        await press(pilot, "1")
        return "dialog"
    table = table_of(app)
    if table.awaiting_turn:
        playable = playable_indexes(app)
        if playable and step % 5:
            index = playable[step % len(playable)]
            if index < 10:
                await press(pilot, "0" if index == 9 else str(index + 1))
            else:
                hand = app.screen.query_one(HandView)
                while hand.cursor != index:
                    await press(pilot, "right")
            await press(pilot, "enter")
            return "play"
        await press(pilot, "d")
        return "draw"
    raise AssertionError(f"nothing to answer on {screen!r}:\n{screen_text(app)}")
