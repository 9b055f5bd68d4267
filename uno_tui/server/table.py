"""One authoritative match at one server table: seats, members, the action queue, the bots.

No Textual here. The table owns a :class:`~uno_tui.app.controller.TableController`
(the match, the public log, the bots) and is the only thing that applies actions to
it: people's actions and the computers' answers go through one asyncio queue and are
applied in order, so two terminals acting at once are settled by arrival. A member
(an SSH session's app, or a test) holds seats, or none to watch, and is told about
every change through :meth:`Member.table_changed`; what it draws of the match it reads
through the views of its own seats only.

Seats of people come and go: a free seat, or one whose person dropped and did not come
back within ``hold`` seconds, is played by a computer until someone sits there.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import os
import random
import re
import time
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol, Sequence

from ..app.controller import (
    DEFAULT_PACE, RoundSummary, TableController,
)
from ..app.narration import Narrator
from ..app.pacing import CATCH_GRACE, Answer, first_answer
from ..app.window_clock import UnoWindowClock
from ..bots import make_bot
from ..config import MAX_LOG_LINES, PlayConfig, SeatSpec, default_bot_level, name_problem
from ..engine import Accept, Action, CallUno, Catch, Draw, EngineError, Keep, Play
from ..i18n import N_, Phrase, Translator, reason as reason_of, translator
from ..saves import MatchRecord, MatchRecorder, MatchStore
from .replica import TableFeed

__all__ = [
    "TableError", "Member", "TableChange", "Submission", "ServerTable", "DEFAULT_HOLD",
    "DEFAULT_ROUND_PAUSE",
]

#: Seconds a dropped person's seat waits for them before a computer plays it.
DEFAULT_HOLD = 60.0
#: Seconds after a round ends before the next deal, if not everyone is ready sooner.
DEFAULT_ROUND_PAUSE = 30.0

#: How the engine's reasons name a seat and a card (people see names and faces).
_SEAT = re.compile(r"\bseat (\d+)\b")
_CARD = re.compile(r"\bcard \d+\b")
#: The engine's reasons that name a seat, as people read them: the seat's number fields
#: (counted from 0) become its holder's name, which is data and never translated, and a
#: card's id is "that card". (The English is what the patterns above make of the reason.)
_NAMED = {
    "the game is waiting for seat {seat} to {decision}":
        N_("the game is waiting for {seat} to {decision}"),
    "seat {seat} can't be caught: only a player down to one card who has not called UNO "
    "can be caught, before the next player acts":
        N_("{seat} can't be caught: only a player down to one card who has not called UNO "
           "can be caught, before the next player acts"),
    "seat {seat} does not hold card {card}": N_("{seat} does not hold that card"),
    "seat {seat} has already voted": N_("{seat} has already voted"),
    "pick two players from seat 0 to seat {last}": N_("pick two players from {first} to {last}"),
}
_SEAT_FIELDS = ("seat", "first", "last")


class TableError(ValueError):
    """A lobby move the table refuses (a taken seat, a name already playing ...).

    ``str()`` says it in English (the server's log); :meth:`words` in a visitor's
    language. (One from a render worker's question comes already in its words.)"""

    def __init__(self, message: str, /, **fields: object) -> None:
        self.message = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)

    def words(self, tr: Translator) -> str:
        """The refusal in ``tr``'s language."""
        return tr(self.message, **self.fields)


class Member(Protocol):
    """Someone at the table: holds seats (or none, to watch) and hears of every change."""

    name: str
    #: The fingerprint of the SSH key the member logged in with, if any.
    key: str | None

    def table_changed(self, change: "TableChange") -> None:
        """The table moved on (called on the event loop; must not block)."""


@dataclass(frozen=True)
class TableChange:
    """What a member is told after each change: public lines and its own results."""

    #: New public log lines (built from events as everyone saw them).
    lines: tuple[str, ...] = ()
    #: The member's own submission was refused: the engine's reason.
    refusal: str = ""
    #: True for the member whose submission this change answers (applied or refused).
    answered: bool = False
    #: A new deal or a new match: the log starts again with ``lines``.
    fresh: bool = False
    #: The table has closed while the member was at it: why, for its message line (a
    #: phrase, in each reader's words); the terminal goes back to the lobby.
    closed: str = ""

    @classmethod
    def merged(cls, changes: Sequence["TableChange"]) -> "TableChange":
        """One change saying what ``changes`` say, in order: a terminal that fell behind
        redraws once for all of them.

        The log restarts at the last fresh change (what came before it is gone with
        the game it belonged to); the answer and its refusal are the latest answer's.
        """
        lines: list[str] = []
        fresh = answered = False
        refusal = closed = ""
        for change in changes:
            if change.fresh:
                lines.clear()
                fresh = True
            lines += change.lines
            if change.answered:
                answered, refusal = True, change.refusal
            closed = change.closed or closed
        return cls(tuple(lines), refusal, answered, fresh, closed)


@dataclass(frozen=True)
class Submission:
    """Actions a member sends together: a card and, if then legal, its UNO call."""

    actions: tuple[Action, ...]
    call_uno: bool = False


#: Beside a table's save: whom each seat belongs to (its identity: a key's fingerprint
#: or a connection's token), so that after a restart a seat goes back to its person
#: only, not to whoever types the name the save keeps.
SEAT_KEYS_SUFFIX = ".seats"


def seat_keys_path(save: Path) -> Path:
    """The file of seat identities beside the save ``save``."""
    return save.with_name(save.name + SEAT_KEYS_SUFFIX)


@dataclass
class _Seat:
    name: str
    #: A computer seat's level; None for a people's seat.
    level: str | None
    holder: Member | None = None
    key: str | None = None
    #: A dropped person's seat is kept for them until this time (monotonic clock).
    held_until: float | None = None
    #: The person lost the connection and has not come back (they may, to take it back).
    away: bool = False

    @property
    def for_people(self) -> bool:
        return self.level is None


@dataclass
class _Entry:
    member: Member | None
    submission: Submission | None = None
    bot: Answer = None
    done: asyncio.Future | None = field(default=None, repr=False)
    #: The turn timer ran out: this action is made for the seat (its person is slow).
    timed_out: int | None = None


#: What a seat whose turn timer ran out does, in this order of preference: the least a
#: player may do (draw, keep the drawn card, accept), else the decision's first option.
_TIMEOUT_PREFERENCE = (Draw, Keep, Accept)
#: Timeouts in a row after which a computer plays the seat until its person is back.
TIMEOUTS_BEFORE_COMPUTER = 2
#: Actions in a row whose applying failed on a bug, after which the table gives up: it
#: is saved and closed (a failure that repeats, such as a computer's answer failing each
#: time the computer is asked again, wrote one more crash report at every pace, for ever).
FAILURES_BEFORE_CLOSING = 3
#: The key of the timer that ticks the lobby's countdown of kept seats.
HELD_TICK = "held-tick"
#: The key of the clock's timer of catch-window:N among the table's timers.
UNO_WINDOW_TIMER = "uno-window"


class ServerTable:
    """A match hosted for several terminals. Start it with :meth:`start` on the loop.

    With a ``store`` the match is saved after every deal, action and score (the disk's
    part in a thread, so the loop never waits for it). ``record`` plays on a match
    saved before (the server stopped or crashed): such a table is *interrupted* and
    waits, its people's seats kept for them by name, until someone sits down or watches.
    """

    def __init__(self, number: int, config: PlayConfig, *, pace: float = DEFAULT_PACE,
                 hold: float = DEFAULT_HOLD, round_pause: float = DEFAULT_ROUND_PAUSE,
                 executor: Executor | None = None, on_empty=None, on_seats=None,
                 show_ids: bool = False, store: MatchStore | None = None,
                 record: MatchRecord | None = None, on_save_problem=None,
                 turn_seconds: float = 0.0, on_crash=None, on_broken=None) -> None:
        if not config.seats:
            raise TableError(N_("a table needs seats"))
        self.number = number
        self.config = config
        self.pace = pace
        self.hold = hold
        self.round_pause = round_pause
        self._executor = executor
        self._on_empty = on_empty
        self._on_seats = on_seats
        #: Told (table, error) when applying an action fails on a bug (see _apply_failed).
        self._on_crash = on_crash
        #: Told (table) when FAILURES_BEFORE_CLOSING actions in a row failed: it closes it.
        self._on_broken = on_broken
        #: Actions whose applying failed on a bug since the last one that did not.
        self.failures_in_a_row = 0
        self.show_ids = show_ids
        self._seats = [_Seat(spec.name, spec.level) for spec in config.seats]
        self.recorder = match = None
        if store is not None:
            self.recorder = MatchRecorder(store, config, record, on_problem=on_save_problem,
                                          background=True, on_file=self._save_file_made)
        if record is not None:
            match = record.restore()        # ValueError for a corrupt one: not a table
            if self.recorder is not None:
                self.recorder.resume(match)
        #: What the render workers' mirrors of this table follow (it passes every
        #: change on to the save's recorder).
        self.feed = TableFeed(self.recorder)
        self.ctl = TableController(config.variant, config.seats, target=config.target,
                                   mode=config.mode, rules=config.rules, seed=config.seed,
                                   show_ids=show_ids, recorder=self.feed, match=match)
        #: Made from a save and not yet played on since (nobody has come back yet).
        self.interrupted = record is not None
        #: When the table last became interrupted (monotonic), else None: a table
        #: nobody comes back to is closed after a while (see Host).
        self.interrupted_since = time.monotonic() if self.interrupted else None
        #: Where the seats' identities were last written (see SEAT_KEYS_SUFFIX).
        self._seat_keys_file: Path | None = None
        #: The seats' identities are to be written once the save's file exists.
        self._seat_keys_due = False
        #: The loop the table plays on (the save's writer thread calls back onto it).
        self._loop: asyncio.AbstractEventLoop | None = None
        if self.interrupted:
            for s in self._seats:
                s.away = s.for_people      # each person may come back and take theirs
            if self._restore_seat_keys(record.path):
                for s in self._seats:
                    # Nobody had this seat (a computer stood in for a visitor who never
                    # came): nobody to wait for.
                    s.away = s.away and s.key is not None
        self._rng = random.Random(config.seed)
        self._members: dict[Member, set[int]] = {}
        self._queue: asyncio.Queue[_Entry] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task] = []
        self._timers: dict[object, asyncio.TimerHandle] = {}
        #: Closes a missed UNO's window N seconds after it opened (catch-window:N).
        self._uno_clock = UnoWindowClock(self._uno_window_later, self._uno_window_ran_out)
        #: Bumped on every change; a round counter for the clients' round screens.
        self.version = 0
        self.deal = 0
        #: The finished round waiting for the next deal, else None.
        self.summary: RoundSummary | None = None
        self._ready: set[Member] = set()
        self.closed = False
        #: The identity of the person who opened the table (None: the host did).
        self.opener: str | None = None
        #: Seconds a person has for each decision (0: no limit).
        self.turn_seconds = turn_seconds
        #: The seat whose turn timer runs and when it runs out (monotonic), else None.
        self.turn_seat: int | None = None
        self.turn_deadline: float | None = None
        self._turn_armed: tuple | None = None
        #: Timeouts in a row per seat; seats a computer plays until their person is back.
        self._timeouts: dict[int, int] = {}
        self.asleep: set[int] = set()
        for seat, s in enumerate(self._seats):
            if not s.away:
                self._stand_in(seat)

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Start applying actions and playing the computers (on the running loop).

        An interrupted table starts when someone comes back to it (:meth:`sit` or
        :meth:`watch`), not here.
        """
        if self.interrupted:
            return
        # In a context of their own: a task (or timer) keeps the context it was made
        # in, and a table started by a visitor's request kept that visitor's whole app
        # (Textual's active app is a context variable) for as long as the table lived.
        self._tasks = [asyncio.create_task(self._apply_loop(), name=f"table-{self.number}",
                                           context=contextvars.Context()),
                       asyncio.create_task(self._bot_loop(), name=f"table-{self.number}-bots",
                                           context=contextvars.Context())]
        if self.ctl.game.is_over and self.summary is None:
            self._changed(())      # saved between the last card and the count
        elif self.summary is not None:
            self._later("deal", self.round_pause, self._deal)    # paused between rounds
        self._wake.set()

    def _play_on(self) -> None:
        """Someone came back to an interrupted table: it plays on. The people not back
        yet get the usual wait before a computer plays their seat."""
        if not self.interrupted:
            return
        self.interrupted = False
        self.interrupted_since = None
        self.start()
        waiting = [seat for seat, s in enumerate(self._seats) if s.away and s.holder is None]
        for seat in waiting:
            self._keep_for(seat)
        if waiting:
            self._news(*(Phrase("the seat of {name} waits {seconds} s for them",
                                name=self._seats[seat].name, seconds=f"{self.hold:g}")
                         for seat in waiting))

    def _keep_for(self, seat: int) -> None:
        s = self._seats[seat]
        s.away = True
        if self.hold > 0:
            self.ctl.bots.pop(seat, None)      # the seat waits for its person
            s.held_until = time.monotonic() + self.hold
            self._later(("hold", seat), self.hold, self._hold_over, seat)
            self._later(HELD_TICK, 1.0, self._held_tick)
        else:
            s.held_until = None
            self._stand_in(seat)

    # ---------------------------------------------------------------- saves

    def save_config(self) -> PlayConfig:
        """The table's settings as saved: its seats' names now, a level for each
        computer's seat and none for a people's seat (a computer standing in for a
        person is not saved as a computer)."""
        return replace(self.config, seats=tuple(SeatSpec(s.name, s.level)
                                                for s in self._seats))

    def flush_save(self, timeout: float | None = None) -> bool:
        """Wait until the latest save is on disk (the seats' identities beside it);
        False if ``timeout`` ran out first."""
        done = self.recorder.flush(timeout) if self.recorder is not None else True
        self._write_due_seat_keys()
        return done

    def discard_save(self, keep_in: "Path | None" = None) -> "Path | None":
        """Take the table's save out of those a restart offers again: nothing to come
        back to. Moved into the folder ``keep_in`` (its path there), else removed."""
        recorder = self.recorder
        if recorder is None:
            return None
        # The journal's file is made by the writer (in its thread): wait for it first.
        recorder.flush(5.0)
        self._seat_keys_due = False                              # nobody is to come back
        if recorder.record is None or recorder.record.path is None:
            return None
        path = recorder.record.path
        try:
            seat_keys_path(path).unlink(missing_ok=True)     # nobody is to come back
            if keep_in is not None and path.exists():
                keep_in.mkdir(parents=True, exist_ok=True)
                kept = keep_in / path.name
                os.replace(path, kept)
                return kept
            path.unlink(missing_ok=True)
        except OSError:
            pass
        return None

    @property
    def awaited(self) -> bool:
        """True while someone who lost the connection may come back to a seat here."""
        return any(s.away for s in self._seats)

    def pause(self) -> None:
        """Nobody is here, but someone who lost the connection may come back: stop
        playing and wait for them, interrupted (the save is up to date)."""
        if self.interrupted or self.closed:
            return
        self._uno_clock.stop()
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for task in self._tasks:
            task.cancel()
        self._tasks = []
        while not self._queue.empty():      # nobody is left to hear the answers
            entry = self._queue.get_nowait()
            if entry.done is not None and not entry.done.done():
                entry.done.set_result(None)
        for s in self._seats:
            s.held_until = None
        self.interrupted = True
        self.interrupted_since = time.monotonic()

    def shut(self) -> None:
        """Stop the table at once: no more actions are applied, no timer fires."""
        self.closed = True
        self._uno_clock.stop()
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        for task in self._tasks:
            task.cancel()

    async def close(self) -> None:
        """Stop the table (:meth:`shut`) and wait for its tasks to end."""
        self.shut()
        for task in self._tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass

    def to_json(self) -> dict:
        """The table as plain JSON: its settings, its seats and the match (for a save)."""
        config = self.config
        return {
            "table": self.number, "variant": config.variant, "mode": config.mode,
            "target": config.target, "rules": sorted(config.rules),
            "seats": [{"name": s.name, "level": s.level} for s in self._seats],
            "match": self.ctl.match.to_json(),
        }

    # --------------------------------------------------------------- seats

    @property
    def names(self) -> tuple[str, ...]:
        return self.ctl.names

    @property
    def members(self) -> tuple[Member, ...]:
        return tuple(self._members)

    def seats_of(self, member: Member) -> tuple[int, ...]:
        """The seats ``member`` holds, in seat order (empty: watching, or not here)."""
        return tuple(sorted(self._members.get(member, ())))

    def played_by_computer(self, seat: int) -> bool:
        """True while a computer plays ``seat`` (a computer seat, or a people's seat
        nobody holds now)."""
        return seat in self.ctl.bots

    def seat_specs(self) -> tuple[SeatSpec, ...]:
        """Each seat as the table shows it: a computer level while a computer plays it."""
        bots = self.ctl.bots
        return tuple(SeatSpec(s.name, s.level or (default_bot_level() if i in bots else None))
                     for i, s in enumerate(self._seats))

    def seat_levels(self) -> tuple[str | None, ...]:
        """Each seat's own level: a computer seat's, None for a people's seat (even while
        a computer stands in)."""
        return tuple(s.level for s in self._seats)

    def people_seated(self) -> int:
        """Seats a person holds now."""
        return sum(1 for s in self._seats if s.holder is not None)

    def free_seats(self) -> tuple[int, ...]:
        """People's seats anyone may take: nobody holds them and none is kept for a
        dropped person."""
        return tuple(i for i, s in enumerate(self._seats)
                     if s.for_people and s.holder is None and s.held_until is None
                     and not (self.interrupted and s.away))

    def _free_seat_for(self, name: str) -> int | None:
        """A free seat for ``name``: the one set up under that name, else the first."""
        free = self.free_seats()
        wanted = name.casefold()
        named = [seat for seat in free if self._seats[seat].name.casefold() == wanted]
        return (named or list(free) or [None])[0]

    def describe(self, tr: Translator | None = None) -> str:
        """One line for the lobby: the variant and who sits where (in ``tr``'s words;
        English by default)."""
        tr = tr or translator()
        parts = []
        for seat, s in enumerate(self._seats):
            if not s.for_people:
                parts.append(tr("{name} (computer)", name=s.name))
            elif s.holder is not None:
                parts.append(s.name)
            elif s.held_until is not None:
                left = max(0, round(s.held_until - time.monotonic()))
                parts.append(tr("{name} (away, seat kept {seconds} s)", name=s.name,
                                seconds=left))
            elif s.away:
                parts.append(tr("{name} (away)", name=s.name) if self.interrupted
                             else tr("free seat ({name} away)", name=s.name))
            else:
                parts.append(tr("free seat"))
        watchers = sum(1 for seats in self._members.values() if not seats)
        tail = " · " + tr("{count} watching", count=watchers) if watchers else ""
        if self.interrupted:
            tail += " · " + tr("interrupted: sit down to play on")
        return (tr("Table {number} · {variant} · round {round}", number=self.number,
                   variant=tr(self.ctl.game.variant.label),
                   round=self.ctl.match.round_number)
                + " · " + tr(", ").join(parts) + tail)

    def kept_seat(self, name: str, key: str | None) -> int | None:
        """The seat of a person who lost the connection, for them to take back: the
        one held by identity ``key`` (an SSH key's fingerprint, or a connection's
        token), whatever name they come back under; after a restart too (the
        identities are kept beside the save). Only a seat from a save with no such file
        (made before it existed) is found by ``name``."""
        wanted = name.casefold()
        for seat, s in enumerate(self._seats):
            if not s.away or s.holder is not None:
                continue
            if s.key is not None and s.key == key:
                return seat
            if s.key is None and s.name.casefold() == wanted:
                return seat
        return None

    def watch(self, member: Member) -> None:
        """``member`` joins as a spectator (or keeps its seats if it holds some); an
        interrupted table plays on."""
        self._members.setdefault(member, set())
        self._play_on()
        self._broadcast(TableChange())

    def sit(self, member: Member, seat: int | None = None, name: str | None = None) -> int:
        """Seat ``member`` (under ``name``, default its own) at ``seat`` or the first
        free one; its index. Refused with :class:`TableError`, changing nothing."""
        name = (name if name is not None else member.name).strip()
        if not name:
            raise TableError(N_("a player needs a name"))
        problem = name_problem(name)
        if problem is not None:
            message, fields = problem
            raise TableError(message, name=repr(name), **fields)
        for mine in self.seats_of(member):
            if self._seats[mine].name.casefold() == name.casefold() and seat in (None, mine):
                return mine    # asked twice (a double Enter): seated once
        kept = self.kept_seat(name, member.key)
        if seat is None:
            seat = kept if kept is not None else self._free_seat_for(name)
        if seat is None:
            raise TableError(N_("table {number} has no free seat"), number=self.number)
        if not 0 <= seat < len(self._seats):
            raise TableError(N_("table {number} has no seat {seat}"), number=self.number,
                             seat=seat + 1)
        target = self._seats[seat]
        if not target.for_people:
            raise TableError(N_("seat {seat} is a computer's"), seat=seat + 1)
        if target.holder is not None:
            raise TableError(N_("seat {seat} is taken by {name}"), seat=seat + 1,
                             name=target.name)
        if target.held_until is not None and seat != kept:
            raise TableError(N_("seat {seat} is kept for {name}, who may come back"),
                             seat=seat + 1, name=target.name)
        for other, s in enumerate(self._seats):
            if other != seat and s.name.casefold() == name.casefold():
                raise TableError(N_("{name} already has a seat at this table"), name=s.name)
        target.holder = member
        changed = target.key != member.key
        target.key = member.key
        target.held_until = None
        target.away = False
        self._cancel_timer(("hold", seat))
        self.ctl.bots.pop(seat, None)
        # Back (or someone new): the timeouts while the seat was kept are not theirs.
        self.asleep.discard(seat)
        self._timeouts.pop(seat, None)
        self._rename(seat, name)
        self._members.setdefault(member, set()).add(seat)
        self._news(Phrase("{name} sits down at seat {seat}", name=name, seat=seat + 1))
        if changed:
            self._save_seat_keys()
        self._play_on()
        self._wake.set()
        return seat

    def _restore_seat_keys(self, save: Path | None) -> bool:
        """Whom the seats belonged to before the restart (see SEAT_KEYS_SUFFIX); a save
        with no such file (or a broken one) leaves its seats to be found by name.
        True when the file was read."""
        if save is None:
            return False
        try:
            keys = json.loads(seat_keys_path(save).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        if not isinstance(keys, list) or len(keys) != len(self._seats):
            return False
        for seat, key in zip(self._seats, keys):
            if isinstance(key, str) and key and seat.for_people:
                seat.key = key
        self._seat_keys_file = seat_keys_path(save)
        return True

    def _save_seat_keys(self) -> None:
        """Write whom each seat belongs to beside the save (readable by the server's
        user only: a token is what takes a keyless seat back), now or, while the save's
        writer thread has not made its file yet, as soon as it has.

        (It waited a second for that file here, on the loop; a writer slower than that,
        on a loaded machine, left the seats with no identities beside the save: after a
        restart anyone typing a name took that person's seat.)"""
        if self.recorder is None or self.closed:
            return
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            pass
        self._seat_keys_due = True
        self._write_due_seat_keys()

    def _save_file_made(self, _path: Path) -> None:
        """The save's writer made the match's file (in its thread)."""
        loop = self._loop
        if loop is None or not self._seat_keys_due:
            return
        try:
            loop.call_soon_threadsafe(self._write_due_seat_keys)
        except RuntimeError:     # the loop is closed: flush_save wrote them, if it could
            pass

    def _write_due_seat_keys(self) -> None:
        recorder = self.recorder
        path = recorder.record.path if recorder is not None and recorder.record is not None \
            else None
        if not self._seat_keys_due or path is None:
            return
        self._seat_keys_due = False
        target = seat_keys_path(path)
        temp = target.with_name(target.name + ".tmp")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump([s.key for s in self._seats], out)
            os.replace(temp, target)
            # A new match has a save of its own: the last one's file has no save left.
            old, self._seat_keys_file = self._seat_keys_file, target
            if old is not None and old != target:
                old.unlink(missing_ok=True)
        except OSError:
            pass      # the save's own writer reports the disk's problems

    def leave(self, member: Member) -> None:
        """``member`` leaves on purpose: its seats are free, computers play them now."""
        self._part(member, keep=False)

    def drop(self, member: Member) -> None:
        """``member``'s connection was lost: its seats wait ``hold`` seconds for it."""
        self._part(member, keep=True)

    def _part(self, member: Member, keep: bool) -> None:
        seats = self._members.pop(member, None)
        self._ready.discard(member)
        if seats is None:
            return
        lines = []
        for seat in sorted(seats):
            s = self._seats[seat]
            s.holder = None
            if seat in self.asleep:
                self.asleep.discard(seat)
                self.ctl.bots.pop(seat, None)   # stood in for below as for anyone
            self._timeouts.pop(seat, None)
            if keep:
                self._keep_for(seat)
            else:
                s.away = False
                s.held_until = None
                self._stand_in(seat)
            if s.held_until is not None:
                lines.append(Phrase("{name} lost the connection; the seat waits {seconds} s "
                                    "for them", name=s.name, seconds=f"{self.hold:g}"))
            else:
                lines.append(Phrase("{name} left; a computer plays the seat", name=s.name))
        self._news(*lines)
        self._check_round_ready()
        self._wake.set()
        if not self._members and self._on_empty is not None \
                and not any(s.held_until is not None for s in self._seats):
            self._on_empty(self)

    def _held_tick(self) -> None:
        """Each second while a seat is kept for someone: the lobby's line counts down
        (the table's own terminals tick by themselves)."""
        if not self.held_seats():
            return
        if self._on_seats is not None:
            self._on_seats(self)
        self._later(HELD_TICK, 1.0, self._held_tick)

    def _hold_over(self, seat: int) -> None:
        s = self._seats[seat]
        if s.holder is not None:
            return
        s.held_until = None
        self._stand_in(seat)
        self._news(Phrase("{name} did not come back; a computer plays the seat", name=s.name))
        self._wake.set()
        if not self._members and self._on_empty is not None:
            self._on_empty(self)

    def _stand_in(self, seat: int) -> None:
        s = self._seats[seat]
        if s.for_people and s.holder is None and s.held_until is None \
                and seat not in self.ctl.bots:
            self.ctl.bots[seat] = make_bot(default_bot_level(), seat,
                                           random.Random(self._rng.randrange(2**63)))

    def _rename(self, seat: int, name: str) -> None:
        s = self._seats[seat]
        if s.name == name:
            return
        s.name = name
        ctl = self.ctl
        names = list(ctl.names)
        names[seat] = name
        ctl.names = tuple(names)
        ctl.seats = tuple(SeatSpec(s.name, s.level) for s in self._seats)
        game = ctl.game
        ctl.narrator = Narrator.for_game(ctl.names, game, ctl.show_ids)
        recorder = self.recorder
        if recorder is not None and recorder.record is not None:
            # The save names who sits here now (whoever comes back after a restart
            # finds their seat by that name).
            recorder.config = recorder.record.config = self.save_config()
            recorder.save()

    def use_position(self, game) -> None:
        """Play on from ``game`` (``Game.from_position``): for tests, puzzles, lessons."""
        if self.recorder is not None:
            # The position is not a round of the saved match: its save starts afresh.
            self.discard_save()
            self.recorder.record = None
            self.recorder.config = self.save_config()
        self.ctl.use_position(game)
        self._timeouts.clear()      # those of the game replaced are not "in a row" here
        if self.recorder is not None and any(seat.key for seat in self._seats):
            self._save_seat_keys()          # beside the new save
        self.summary = None
        self.version += 1
        self._broadcast(TableChange(tuple(self.ctl.log), fresh=True))
        self._wake.set()

    # ------------------------------------------------------------- actions

    def submit(self, member: Member, submission: Submission) -> None:
        """Queue ``member``'s actions; they are applied in arrival order."""
        self._queue.put_nowait(_Entry(member, submission))

    async def _apply_loop(self) -> None:
        while True:
            entry = await self._queue.get()
            try:
                self._apply(entry)
                self.failures_in_a_row = 0
            except Exception as error:
                self._apply_failed(entry, error)
            finally:
                if entry.done is not None and not entry.done.done():
                    entry.done.set_result(None)
                # Not kept while the loop waits for the next: the entry names the member
                # (a session, its app) who sent it, maybe long gone by then.
                entry = None

    def _apply_failed(self, entry: _Entry, error: Exception) -> None:
        """Applying ``entry`` failed on a bug, not on the engine's refusal: it is
        refused, reported (server.log and a crash report, by ``on_crash``) and the table
        goes on with the next. Not closed: the engine applies an action whole or not at
        all, so the game is one it could be in, and closing would end everyone's match
        for one bad action. (Uncaught, it ended the loop: the table stalled for good
        and nothing said why.) After FAILURES_BEFORE_CLOSING in a row, ``on_broken``
        closes the table instead."""
        # Whatever fails here has nowhere left to be reported: the loop must live on.
        self.failures_in_a_row += 1
        with contextlib.suppress(Exception):
            if self._on_crash is not None:
                self._on_crash(self, error)
        if self.failures_in_a_row >= FAILURES_BEFORE_CLOSING and self._on_broken is not None:
            # The same failure again and again (the game stays as it was, so whatever
            # failed is asked again): going on would only write more reports.
            with contextlib.suppress(Exception):
                self._on_broken(self)
            return
        refusal = Phrase("Something went wrong") if entry.member is not None else ""
        with contextlib.suppress(Exception):
            self._changed((), answered=entry.member, refusal=refusal)

    def _apply(self, entry: _Entry) -> None:
        ctl = self.ctl
        if entry.timed_out is not None:
            self._apply_timeout(entry.timed_out)
            return
        if entry.bot is not None:
            lines = ctl.apply_bot(*entry.bot)
            if lines:
                self._changed(lines)
            return
        member, submission = entry.member, entry.submission
        mine = self._members.get(member, set())
        refusal = ""
        lines: list[str] = []
        for action in submission.actions:
            if action.seat not in mine:
                seat = action.seat
                whose = self.names[seat] if 0 <= seat < len(self.names) else Phrase("that player")
                refusal = Phrase("the seat of {name} is not yours", name=whose)
                break
            if self.summary is not None:
                refusal = Phrase("the round is over")
                break
            if action not in ctl.game.legal_actions(action.seat):
                refusal = self.in_names(ctl.explain(action))
                break
            try:
                lines += ctl.apply(action)
            except EngineError as exc:  # legal_actions said yes: the engine is the judge
                refusal = self.in_names(reason_of(exc))
                break
            if submission.call_uno and type(action) is Play:
                uno = CallUno(action.seat)
                if uno in ctl.game.legal_actions(action.seat):
                    lines += ctl.apply(uno)
        self._changed(lines, answered=member, refusal=refusal)

    def in_names(self, reason: str) -> str:
        """The engine's reason in the words people at the table see: their names for
        its seat numbers (counted from 0), "that card" for a card's id. A phrase stays a
        phrase (its seat fields names), which each terminal words in its language."""
        names = self.names

        def name(found: re.Match) -> str:
            seat = int(found.group(1))
            return names[seat] if seat < len(names) else found.group(0)

        english = _CARD.sub("that card", _SEAT.sub(name, reason))
        if english == reason:
            return reason       # a phrase naming no seat is read as it is
        named = _NAMED.get(getattr(reason, "message", None))
        if named is not None:
            fields = {"first": 0, **reason.fields}     # pick-two names seat 0 in its words
            phrase = Phrase(named, **{
                key: names[value] if key in _SEAT_FIELDS and type(value) is int
                and 0 <= value < len(names) else value for key, value in fields.items()})
            if phrase == english:
                return phrase
        return english

    # ---------------------------------------------------------- turn timer

    def _arm_turn_timer(self) -> None:
        """Start the turn timer for a person's decision that is new (same seat and
        version: it goes on running)."""
        if not self.turn_seconds or self.closed or self.interrupted:
            return
        game = self.ctl.game
        seat = None if game.is_over or self.summary is not None else game.decision.seat
        if seat is not None and (seat in self.ctl.bots or not self._waits_for_person(seat)):
            seat = None
        armed = (seat, self.version, self.deal)
        if armed == self._turn_armed:
            return
        self._turn_armed = armed
        self._cancel_timer("turn")
        if seat is None:
            self.turn_seat = self.turn_deadline = None
            return
        self.turn_seat = seat
        self.turn_deadline = time.monotonic() + self.turn_seconds
        self._later("turn", self.turn_seconds, self._turn_over, armed)

    def _waits_for_person(self, seat: int) -> bool:
        """True while ``seat``'s decisions are a person's: someone sits there, or it is
        kept for one who lost the connection (the turn timer runs for them too, so a
        drop stalls the table no longer than a slow player does)."""
        s = self._seats[seat]
        return s.holder is not None or s.held_until is not None

    def held_seats(self) -> dict[int, float]:
        """Seats kept for a person who lost the connection: when each hold ends
        (monotonic clock; a computer plays the seat then)."""
        return {seat: s.held_until for seat, s in enumerate(self._seats)
                if s.holder is None and s.held_until is not None}

    def _turn_over(self, armed: tuple) -> None:
        if armed == self._turn_armed:
            self._queue.put_nowait(_Entry(None, timed_out=armed[0]))

    def _apply_timeout(self, seat: int) -> None:
        ctl = self.ctl
        game = ctl.game
        if game.is_over or self.summary is not None or game.decision.seat != seat \
                or seat in ctl.bots:
            return
        legal = ctl.legal(seat)
        action = next((a for kind in _TIMEOUT_PREFERENCE for a in legal if type(a) is kind),
                      legal[0] if legal else None)
        if action is None:
            return
        name = self._seats[seat].name
        # Log lines are phrases: every terminal at the table reads them in its language.
        seconds = format(self.turn_seconds, "g")
        note = Phrase("{name}'s time ran out ({seconds} s)", name=name, seconds=seconds)
        ctl.log.append(note)
        lines = [note] + ctl.apply(action)
        # The draw it made may ask the seat again (keep or play the drawn card): it
        # keeps, at once, instead of the table waiting a second turn's time.
        for _ in range(3):
            game = ctl.game
            if game.is_over or game.decision.seat != seat:
                break
            follow = next((a for a in ctl.legal(seat) if type(a) in (Keep, Accept)), None)
            if follow is None:
                break
            lines += ctl.apply(follow)
        count = self._timeouts[seat] = self._timeouts.get(seat, 0) + 1
        if count >= TIMEOUTS_BEFORE_COMPUTER:
            self.asleep.add(seat)
            self._timeouts[seat] = 0
            self.ctl.bots[seat] = make_bot(default_bot_level(), seat,
                                           random.Random(self._rng.randrange(2**63)))
            if self._seats[seat].holder is None:      # they lost the connection
                note = Phrase("{name} timed out {count} times in a row: a computer plays "
                              "the seat until they come back", name=name, count=count)
            else:
                note = Phrase("{name} timed out {count} times in a row: a computer plays "
                              "the seat until they press a key", name=name, count=count)
            ctl.log.append(note)
            lines.append(note)
        self._changed(lines)
        if self._on_seats is not None:
            self._on_seats(self)

    def wake(self, member: Member) -> None:
        """``member`` pressed a key: the seats a computer played for them after their
        timeouts are theirs again."""
        mine = self._members.get(member, set()) & self.asleep
        if not mine:
            return
        for seat in mine:
            self.asleep.discard(seat)
            self.ctl.bots.pop(seat, None)
        self._news(*(Phrase("{name} is back; the seat is theirs again",
                            name=self._seats[seat].name) for seat in sorted(mine)))
        self._wake.set()
        self._arm_turn_timer()

    def mark_away(self, member: Member, seat: int) -> str:
        """The table's creator (``member``) marks the person at ``seat`` away: a computer
        plays it until they press a key. '' or why not."""
        if member.key != self.opener:
            return Phrase("only the player who opened the table may mark someone away")
        if seat in self.held_seats():
            # Kept for someone who lost the connection: the table need not wait out
            # the hold. They may still come back to the seat while nobody takes it.
            s = self._seats[seat]
            self._cancel_timer(("hold", seat))
            s.held_until = None
            self._stand_in(seat)
            self._news(Phrase("{name} is marked away: a computer plays the seat until they "
                              "come back", name=s.name))
            self._wake.set()
            return ""
        if not 0 <= seat < len(self._seats) or self._seats[seat].holder is None:
            return Phrase("nobody sits there")
        if seat in self.asleep:
            return ""
        self.asleep.add(seat)
        self.ctl.bots[seat] = make_bot(default_bot_level(), seat,
                                       random.Random(self._rng.randrange(2**63)))
        self._news(Phrase("{name} is marked away: a computer plays the seat until they "
                          "press a key", name=self._seats[seat].name))
        self._wake.set()
        self._arm_turn_timer()
        return ""

    def _changed(self, lines: Sequence[str], answered: Member | None = None,
                 refusal: str = "") -> None:
        if lines:
            self.version += 1
        if answered is not None and lines:
            for seat in self._members.get(answered, ()):
                self._timeouts.pop(seat, None)      # they acted: not slow in a row
        self._arm_turn_timer()
        self._uno_clock.follow(self.ctl.game)
        if self.ctl.game.is_over and self.summary is None:
            self.summary = self.ctl.finish_round()
            self._ready.clear()
            self._later("deal", self.round_pause, self._deal)
        change = TableChange(tuple(lines))
        # The others first: the one who acted already sees "Sent…", and the terminals
        # redraw in the order they hear (those sharing a process, one after another).
        for member in list(self._members):
            if member is not answered:
                member.table_changed(change)
        if answered is not None:
            seated = answered in self._members
            answered.table_changed(TableChange(tuple(lines) if seated else (), refusal,
                                               answered=True))
        self._wake.set()

    def _news(self, *lines: str) -> None:
        """Seat news: in the public log (for those who come later) and to everyone."""
        log = self.ctl.log
        log.extend(lines)
        del log[:max(0, len(log) - MAX_LOG_LINES)]
        self._broadcast(TableChange(lines))

    def _broadcast(self, change: TableChange) -> None:
        self._arm_turn_timer()
        self._uno_clock.follow(self.ctl.game)
        for member in list(self._members):
            member.table_changed(change)
        if self._on_seats is not None:
            self._on_seats(self)

    # -------------------------------------------------------------- rounds

    def ready(self, member: Member) -> None:
        """``member`` has seen the round's result (or wants the next match)."""
        if self.summary is None:
            return
        self._ready.add(member)
        self._check_round_ready()

    def _check_round_ready(self) -> None:
        if self.summary is None:
            return
        waiting = [m for m, seats in self._members.items() if seats and m not in self._ready]
        if not waiting:
            self._deal()

    def _deal(self) -> None:
        self._cancel_timer("deal")
        if self.summary is None or self.closed:
            return
        over = self.summary.match_over
        self.summary = None
        self._ready.clear()
        ctl = self.ctl
        if over:
            ctl.restart()
            for seat in range(len(self._seats)):
                self._stand_in(seat)
            lines = list(ctl.log)
            if any(s.key for s in self._seats):
                # The new match is saved in a file of its own: whom its seats belong
                # to goes beside it (else a restart gave them to whoever typed a name).
                self._save_seat_keys()
        else:
            lines = ctl.next_round()
        self.deal += 1
        self.version += 1
        self._broadcast(TableChange(tuple(lines), fresh=over))
        self._wake.set()

    # ---------------------------------------------------------------- bots

    def _delay(self) -> float:
        """The pause before a computer acts: longer while a person could catch someone."""
        legal = self.ctl.game.legal_actions
        people = (seat for seats in self._members.values() for seat in seats)
        if any(type(action) is Catch for seat in people for action in legal(seat)):
            return self.pace * CATCH_GRACE
        return self.pace

    async def _bot_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self.ctl.bot_pending() and self.summary is None:
                await asyncio.sleep(self._delay())
                turns = self.ctl.bot_turns()
                if not turns:
                    break
                answer = await loop.run_in_executor(self._executor, first_answer, turns)
                if answer is None:
                    continue
                done = loop.create_future()
                self._queue.put_nowait(_Entry(None, bot=answer, done=done))
                await done

    # -------------------------------------------------------------- timers

    def _uno_window_later(self, delay: float, callback):
        self._later(UNO_WINDOW_TIMER, delay, callback)
        return self._timers[UNO_WINDOW_TIMER]

    def _uno_window_ran_out(self, game, opened: int) -> None:
        """``catch-window:N``: the missed UNO's window has been open N seconds; closed,
        every terminal (and every render worker's mirror) hears of it."""
        lines = None if self.interrupted else self.ctl.close_uno_window(game, opened)
        if lines is None:
            return
        self.version += 1
        self._broadcast(TableChange(tuple(lines)))

    def _later(self, key: object, delay: float, callback, *args) -> None:
        self._cancel_timer(key)
        loop = asyncio.get_running_loop()
        self._timers[key] = loop.call_later(delay, self._fire, key, callback, args,
                                            context=contextvars.Context())

    def _fire(self, key, callback, args) -> None:
        self._timers.pop(key, None)
        if not self.closed:
            callback(*args)

    def _cancel_timer(self, key: object) -> None:
        handle = self._timers.pop(key, None)
        if handle is not None:
            handle.cancel()
