"""A server table followed from another process: the feed on the host, the mirror in a
render worker.

The host's :class:`~uno_tui.server.table.ServerTable` stays the one authority: it
orders, validates and applies every action. A render worker draws some sessions'
apps and needs to read the match as those sessions' seats see it, without asking the
host for every glance. The engine is deterministic from the deal, so the worker keeps
a copy of the match: the host sends it once (in the saves' format, which resumes a
match exactly), then only the actions it applied, in order (:class:`TableFeed`); the
worker applies them to its copy (:class:`TableMirror`). Everything else the screens read (names, the public log, who
sits where, the round's summary) is small and comes whole with each change
(:class:`TableState`).

No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..app.controller import RoundSummary
from ..app.narration import Narrator
from ..config import PlayConfig, SeatSpec
from ..engine import Action, Event, Match

__all__ = ["SCORED", "TableFeed", "TableState", "TableSync", "TableMirror", "MirrorMatch"]

#: A step of the feed: the round in play was scored (``Match.finish_round``).
SCORED = "scored"


class TableFeed:
    """The host's record of what a mirror needs to follow one table's match.

    It hears every change to the match as a recorder does (it wraps the table's save
    recorder, if any, and passes everything on). ``epoch`` counts the deals: a mirror
    of another epoch starts again from ``base``, the match as saved
    (``Match.to_json``) when the first mirror asked in that epoch, then applies
    ``steps`` (the actions applied since, the clock's closings of a missed UNO's window
    among them, and :data:`SCORED`). Nothing is kept for a
    table nobody follows.
    """

    def __init__(self, inner=None) -> None:
        self.inner = inner
        self.epoch = 0
        self.base: dict | None = None
        #: The last action's events when the base was taken (see TableSync).
        self.base_events: tuple = ((), ())
        self.steps: list[Action | str] = []
        self._match: Match | None = None

    def follow(self, ctl) -> tuple[int, dict]:
        """The epoch and its base, for a mirror of the match of ``ctl`` (a
        ``TableController``) starting now: it applies every step from the first (the
        base is taken now if nobody has asked in this epoch)."""
        match = ctl.match
        if self.base is None or match is not self._match:
            self._new_epoch(match)
            self.base = match.to_json()
            self.base_events = (ctl.last_events, tuple(ctl.last_events_for(seat)
                                                       for seat in range(ctl.players)))
        return self.epoch, self.base

    def _new_epoch(self, match: Match) -> None:
        self.epoch += 1
        self.base = None
        self.steps = []
        self._match = match

    # The recorder's protocol (uno_tui.app.controller.Recorder).

    def round_started(self, match: Match) -> None:
        self._new_epoch(match)
        if self.inner is not None:
            self.inner.round_started(match)

    def recorded(self, match: Match, action: Action) -> None:
        if self.base is not None:
            self.steps.append(action)
        if self.inner is not None:
            self.inner.recorded(match, action)

    def round_scored(self, match: Match) -> None:
        if self.base is not None:
            self.steps.append(SCORED)
        if self.inner is not None:
            self.inner.round_scored(match)


@dataclass(frozen=True)
class TableState:
    """What a mirror reads whole after each change: all of it small."""

    number: int
    config: PlayConfig
    show_ids: bool
    names: tuple[str, ...]
    log: tuple[str, ...]
    seat_specs: tuple[SeatSpec, ...]
    free_seats: tuple[int, ...]
    #: Seats a computer plays now.
    computers: frozenset[int]
    summary: RoundSummary | None
    deal: int
    version: int
    description: str
    #: The seats each of the worker's sessions holds (by session id; () watches).
    seats: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: The turn timer: the seat it runs for and when it runs out (monotonic), else None.
    turn_seat: int | None = None
    turn_deadline: float | None = None
    turn_seconds: float = 0.0
    #: Seats a computer plays until their person presses a key.
    asleep: frozenset[int] = frozenset()
    #: The identity of whoever opened the table.
    opener: str | None = None
    #: Seats kept for a person who lost the connection: when each hold ends (monotonic).
    held: dict[int, float] = field(default_factory=dict)


@dataclass(frozen=True)
class TableSync:
    """One table's news for one worker: its state, and the match's steps it lacks."""

    state: TableState
    epoch: int
    #: The match to start again from (a new epoch for this worker), else None.
    base: dict | None
    steps: tuple[Any, ...]
    #: With a base: the last action's events as the table saw them, then as each seat
    #: did (the match does not keep them; the screens' announcements read them).
    base_events: tuple[tuple[Event, ...], tuple[tuple[Event, ...], ...]] = ((), ())


class MirrorMatch:
    """What the table screen reads of the match through ``table.ctl``, as a
    :class:`~uno_tui.app.controller.TableController` offers it, kept by a mirror."""

    def __init__(self, match: Match, state: TableState, events=((), ())) -> None:
        self.match = match
        #: The last step's events (None: the base's, as each seat saw them).
        self._events: tuple[Event, ...] | None = None
        self.last_events, self._seat_events = events
        self.names = state.names
        self.log: list[str] = list(state.log)
        self.show_ids = state.show_ids
        self.narrator = self._narrator()

    @property
    def game(self):
        return self.match.game

    def _narrator(self) -> Narrator:
        return Narrator.for_game(self.names, self.match.game, self.show_ids)

    def step(self, step) -> None:
        """Apply one step of the host's feed."""
        if step == SCORED:
            if not self.match.round_scored:
                self.match.finish_round()
            return
        events = self.match.game.apply(step)
        self._events = events
        self.last_events = tuple(event.for_seat(None) for event in events)

    def last_events_for(self, seat: int) -> tuple[Event, ...]:
        """The last action's events as ``seat`` may see them."""
        if self._events is None:
            seen = self._seat_events
            return seen[seat] if seat < len(seen) else ()
        return tuple(event.for_seat(seat) for event in self._events)

    def take(self, state: TableState) -> None:
        self.log = list(state.log)
        if state.names != self.names:
            self.names = state.names
            self.narrator = self._narrator()


class TableMirror:
    """A render worker's copy of a host table: what its sessions' screens read, and
    their moves sent on to the host (``send``: a callable taking one message)."""

    def __init__(self, sync: TableSync, send) -> None:
        self._send = send
        self.epoch = -1
        self.ctl: MirrorMatch | None = None
        self.state = sync.state
        self.take(sync)

    def take(self, sync: TableSync) -> None:
        """The host's news: a new base, the steps since, the state now."""
        state = sync.state
        if sync.base is not None:
            self.epoch = sync.epoch
            self.ctl = MirrorMatch(Match.from_json(sync.base), state, sync.base_events)
        elif sync.epoch != self.epoch:
            raise ValueError(f"table {state.number}: a step of epoch {sync.epoch} "
                             f"reached a mirror of epoch {self.epoch}")
        for step in sync.steps:
            self.ctl.step(step)
        self.ctl.take(state)
        self.state = state

    # What the lobby, the app and the table screen read.

    number = property(lambda self: self.state.number)
    config = property(lambda self: self.state.config)
    show_ids = property(lambda self: self.state.show_ids)
    summary = property(lambda self: self.state.summary)
    deal = property(lambda self: self.state.deal)
    version = property(lambda self: self.state.version)
    names = property(lambda self: self.state.names)

    def describe(self) -> str:
        return self.state.description

    def seat_specs(self) -> tuple[SeatSpec, ...]:
        return self.state.seat_specs

    def free_seats(self) -> tuple[int, ...]:
        return self.state.free_seats

    def played_by_computer(self, seat: int) -> bool:
        return seat in self.state.computers

    def seats_of(self, member) -> tuple[int, ...]:
        return self.state.seats.get(member.sid, ())

    # What the table screen does: sent to the host, answered by the table's changes.

    def submit(self, member, submission) -> None:
        self._send(("submit", member.sid, self.number, submission))

    def ready(self, member) -> None:
        self._send(("ready", member.sid, self.number))

    turn_seat = property(lambda self: self.state.turn_seat)
    turn_deadline = property(lambda self: self.state.turn_deadline)
    turn_seconds = property(lambda self: self.state.turn_seconds)
    asleep = property(lambda self: self.state.asleep)
    opener = property(lambda self: self.state.opener)

    def held_seats(self) -> dict[int, float]:
        return self.state.held

    def wake(self, member) -> None:
        self._send(("wake", member.sid, self.number))

    def mark_away(self, member, seat: int) -> str:
        self._send(("away", member.sid, self.number, seat))
        return ""
