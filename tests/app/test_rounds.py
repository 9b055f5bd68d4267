"""Whole rounds played through the UI, by keys and by clicks, watching for leaked cards."""

from __future__ import annotations

from collections import Counter

from uno_tui.app.screens.handoff import HandoffScreen
from uno_tui.app.screens.round_result import RoundResultScreen

from .helpers import (
    PublicCards, answer_by_clicks, answer_by_keys, assert_no_leak, check_every_frame, make_app,
    make_controller, screen_text, settle,
)

MAX_STEPS = 600


async def play_round(pilot, answer, public: PublicCards) -> Counter:
    """Answer every prompt until the match result; check for leaks at each one, and
    in every frame drawn in between (computers' turns, handoffs, dialogs)."""
    app = pilot.app
    table = app.table
    seen: Counter = Counter()
    failures = check_every_frame(app, lambda app: assert_no_leak(app, public))
    frames = 0

    def counted(app):
        nonlocal frames
        frames += 1

    check_every_frame(app, counted)
    for _ in range(MAX_STEPS):
        await settle(pilot)
        assert not failures, failures[0]
        if not app.is_running:
            return seen
        assert_no_leak(app, public, own_hand_drawn=True)      # settled: drawn up to date
        screen = app.screen
        recipient = screen.player if isinstance(screen, HandoffScreen) else None
        if isinstance(screen, RoundResultScreen):
            text = screen_text(app)
            winner = table.ctl.names[screen.summary.winner]
            assert f"Round 1: {winner} goes out" in text
        kind = await answer(pilot)
        seen[kind] += 1
        if recipient is not None:
            await settle(pilot)
            # Only the handoff's recipient's hand may appear after it.
            assert table.viewer is not None
            assert table.ctl.names[table.viewer] == recipient
        if kind == "match-result":
            await settle(pilot)
            assert not failures, failures[0]
            assert frames > seen.total()      # the check did see the frames
            return seen
    raise AssertionError(f"the round did not end in {MAX_STEPS} prompts: {seen}")


async def test_one_person_and_three_computers_play_a_round_by_keys():
    controller = make_controller("Ann,cpu,cpu,cpu", seed=27)
    public = PublicCards(controller)
    app = make_app(controller)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, answer_by_keys, public)
    assert app.return_code == 0
    # One person: nobody else shares the screen, so no handoff is ever needed.
    assert seen["handoff"] == 0
    assert {"play", "draw", "color", "drawn", "respond", "round-result", "match-result"} <= set(seen)
    assert controller.game.winner is not None
    assert not app.is_running


async def test_two_people_and_a_computer_play_a_round_by_clicks():
    controller = make_controller("Ann,Bob,cpu", seed=3, rules=("7-0",))
    public = PublicCards(controller)
    # A small pace, so that the screen is drawn (and scanned) during the computer's turns too.
    app = make_app(controller, pace=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, answer_by_clicks, public)
    assert app.return_code == 0
    assert seen["handoff"] >= seen["play"] // 2
    assert {"play", "color", "drawn", "respond", "swap", "handoff", "round-result",
            "match-result"} <= set(seen)


async def test_two_people_play_a_round_by_keys_at_120x40():
    controller = make_controller("Ann,Bob,cpu", seed=9, rules=("7-0",))
    public = PublicCards(controller)
    app = make_app(controller)
    async with app.run_test(size=(120, 40)) as pilot:
        seen = await play_round(pilot, answer_by_keys, public)
    assert {"handoff", "swap", "respond", "reveal", "color"} <= set(seen)
