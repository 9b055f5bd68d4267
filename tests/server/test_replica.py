"""A table's mirror in a render worker follows the host's match from the deal and the
actions applied (the engine is deterministic from the deal)."""

from __future__ import annotations

import random

import pytest

from uno_tui.app.controller import TableController
from uno_tui.config import SeatSpec
from uno_tui.server.replica import TableFeed, TableMirror, TableState, TableSync


def _state(ctl, number=1) -> TableState:
    return TableState(number=number, config=None, show_ids=True, names=ctl.names,
                      log=tuple(ctl.log), seat_specs=ctl.seats, free_seats=(),
                      computers=frozenset(ctl.bots), summary=None, deal=0, version=0,
                      description="")


class _Follower:
    """What a worker link keeps for one table: the epoch and steps it has sent."""

    def __init__(self, feed: TableFeed) -> None:
        self.feed = feed
        self.sent = (-1, 0)
        self.mirror: TableMirror | None = None

    def sync(self, ctl) -> None:
        feed = self.feed
        epoch, count = self.sent
        if epoch != feed.epoch or feed.base is None:
            epoch, base = feed.follow(ctl)
            steps, events = tuple(feed.steps), feed.base_events
        else:
            base, steps, events = None, tuple(feed.steps[count:]), ((), ())
        self.sent = (epoch, len(feed.steps))
        sync = TableSync(_state(ctl), epoch, base, steps, events)
        if self.mirror is None:
            self.mirror = TableMirror(sync, lambda message: None)
        else:
            self.mirror.take(sync)


def _same(ctl, mirror: TableMirror) -> None:
    game, copy = ctl.game, mirror.ctl.game
    assert copy.hands == game.hands
    assert copy.discard == game.discard and copy.draw_pile == game.draw_pile
    assert copy.decision == game.decision and copy.is_over == game.is_over
    assert mirror.ctl.match.scores == ctl.match.scores
    for seat in range(ctl.players):
        assert copy.legal_actions(seat) == game.legal_actions(seat)
        assert mirror.ctl.last_events_for(seat) == ctl.last_events_for(seat)
    assert mirror.ctl.last_events == ctl.last_events
    assert mirror.ctl.log == ctl.log


@pytest.mark.parametrize("variant", ["classic", "flip", "party", "pokemon"])
def test_mirrors_follow_a_match_through_rounds_whenever_they_start(variant):
    feed = TableFeed()
    seats = [SeatSpec(f"CPU {n}", "normal") for n in range(1, 5)]
    ctl = TableController(variant, seats, seed=5, mode="target", target=200, recorder=feed)
    early, late = _Follower(feed), _Follower(feed)
    early.sync(ctl)
    rng = random.Random(3)
    rounds = 0
    for step in range(4000):
        if ctl.game.is_over:
            ctl.finish_round()
            if ctl.match.is_over:
                break
            early.sync(ctl)
            ctl.next_round()
            rounds += 1
        else:
            ctl.bot_step()
        if rng.random() < 0.5:         # a worker hears of changes in batches
            early.sync(ctl)
            _same(ctl, early.mirror)
        if step == 30:
            late.sync(ctl)             # a second worker starts following mid-round
        if late.mirror is not None and rng.random() < 0.2:
            late.sync(ctl)
            _same(ctl, late.mirror)
    assert rounds >= 1
    early.sync(ctl)
    late.sync(ctl)
    _same(ctl, early.mirror)
    _same(ctl, late.mirror)


def test_a_mirror_refuses_steps_of_another_deal():
    feed = TableFeed()
    ctl = TableController("classic", [SeatSpec("a", "normal"), SeatSpec("b", "normal")],
                          seed=1, recorder=feed)
    follower = _Follower(feed)
    follower.sync(ctl)
    with pytest.raises(ValueError, match="epoch"):
        follower.mirror.take(TableSync(_state(ctl), follower.sent[0] + 1, None, ()))


def test_nothing_is_kept_for_a_table_nobody_follows():
    feed = TableFeed()
    ctl = TableController("classic", [SeatSpec("a", "normal"), SeatSpec("b", "normal")],
                          seed=1, recorder=feed)
    for _ in range(20):
        ctl.bot_step()
    assert feed.base is None and feed.steps == []


def test_a_position_played_after_a_scored_round_is_a_round_in_play_for_saves_and_mirrors():
    """``use_position`` on a table whose round was just scored (the table's first deal
    played out while a test, puzzle or lesson set up its position): the scored round's
    result goes with the round it replaces, so the match a worker's mirror starts from
    (the saves' format) is one ``Match.from_json`` restores."""
    from uno_tui.engine import Game, Match, Play

    feed = TableFeed()
    ctl = TableController("classic", [SeatSpec("a", "normal"), SeatSpec("b", "normal")],
                          seed=1, mode="target", target=500, recorder=feed)
    follower = _Follower(feed)
    ctl.use_position(Game.from_position(hands=[["R1"], ["G1", "G2"]], top="R3"))
    ctl.apply(Play(0, ctl.game.hands[0][0]))
    follower.sync(ctl)
    scored = ctl.finish_round()
    assert scored.gained[0] > 0 and ctl.match.round_scored
    follower.sync(ctl)                 # the mirror scores it too
    ctl.use_position(Game.from_position(hands=[["R5", "G7"], ["B1", "B2"]], top="R3"))
    follower.sync(ctl)                 # a new base: the worker restores the match
    _same(ctl, follower.mirror)
    match = ctl.match
    assert not match.round_scored and match.results == [] and match.scores == [0, 0]
    assert match.round_number == 1 and not match.is_over
    assert Match.from_json(match.to_json()).to_json() == match.to_json()
    # The position plays on and is scored once, as any round.
    ctl.apply(Play(0, next(c for c in ctl.game.hands[0] if ctl.game.face(c).code == "R5")))
    follower.sync(ctl)
    _same(ctl, follower.mirror)
