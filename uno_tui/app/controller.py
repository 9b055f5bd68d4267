"""The app-side controller: who sits where, whose move it is, and the bots.

It owns the :class:`~uno_tui.engine.Match` and is the only thing in the app that
applies actions. It knows nothing about Textual, so the hot-seat rules (who acts
next, which window actions a person or a bot may take) are plain, testable code;
the screens ask it what to show and tell it what was chosen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, Sequence

from ..bots import Bot, make_bot
from ..engine import (
    Action, CallUno, Catch, Event, Face, Game, GameView, IllegalActionError, JumpIn, Match,
    Play, WINDOW_ACTIONS,
)
from ..config import DEFAULT_PACE, MAX_LOG_LINES, SeatSpec
from ..i18n import Phrase
from .narration import Narrator

__all__ = ["RoundSummary", "BotTurn", "Recorder", "TableController", "DEFAULT_PACE"]


@dataclass(frozen=True)
class RoundSummary:
    """A finished round as the round-result screen shows it (every hand is public now)."""

    number: int
    winner: int | None
    names: tuple[str, ...]
    hands: tuple[tuple[Face, ...], ...]
    hand_points: tuple[int, ...]
    gained: tuple[int, ...]
    totals: tuple[int, ...]
    match_over: bool
    match_winners: tuple[int, ...]
    mode: str
    target: int


@dataclass(frozen=True)
class BotTurn:
    """One computer player's chance to act, on a snapshot of what its seat may know."""

    seat: int
    bot: Bot
    view: GameView | None
    options: tuple[Action, ...]
    #: True: a window moment (catch, UNO, jump in) the bot may let pass.
    react: bool
    #: The table's state number when the snapshot was taken.
    version: int

    def decide(self) -> Action | None:
        """The bot's answer (None: it lets a window moment pass). Reads only the snapshot."""
        options = list(self.options)
        if self.react:
            return self.bot.react(self.view, options)
        return self.bot.choose(self.view, options)


class Recorder(Protocol):
    """What is told of every change to the match (e.g. the autosave); it must not raise."""

    def round_started(self, match: Match) -> None:
        """A round was dealt (also the first one of a new match)."""

    def recorded(self, match: Match, action: Action) -> None:
        """``action`` was applied to the round in play."""

    def round_scored(self, match: Match) -> None:
        """The round in play was scored."""


class TableController:
    """One match at one table: seats, the match, the bots, and the public log.

    ``seed`` makes the deals and the bots' choices reproducible; with the same seed
    and the same human choices, the same game is played. A ``recorder`` hears of every
    deal, action and score. ``match`` plays on a match already under way (a resumed save),
    whose round's ``log`` so far the log starts with.
    """

    def __init__(self, variant: str, seats: Sequence[SeatSpec], *, target: int = 500,
                 mode: str = "target", rules: Sequence[str] = (), seed: int | None = None,
                 show_ids: bool = False, recorder: Recorder | None = None,
                 match: Match | None = None, log: Sequence[str] = ()) -> None:
        self.variant = variant
        self.seats = tuple(seats)
        self.names = tuple(seat.name for seat in self.seats)
        self.target = target
        self.mode = mode
        self.rules = frozenset(rules)
        self.seed = seed
        self.show_ids = show_ids
        self._rng = random.Random(seed)
        self.log: list[str] = []
        self.recorder = recorder
        self._start_match(seed, match, log)

    def _start_match(self, seed: int | None, match: Match | None = None,
                     log: Sequence[str] = ()) -> None:
        resumed = match is not None
        self.match = match or Match(self.variant, len(self.seats), target=self.target,
                                    mode=self.mode, rules=self.rules, seed=seed)
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec.level, seat, random.Random(self._rng.randrange(2**63)))
            for seat, spec in enumerate(self.seats) if not spec.is_human
        }
        self._version = 0
        self._polled = -1
        self._last_events: tuple[Event, ...] = ()
        #: The events of the last action applied, as the whole table may see them (private
        #: cards removed): for announcements and prompts that follow up on them.
        self.last_events: tuple[Event, ...] = ()
        self.narrator = self._narrator_for(self.match.game)
        if resumed:
            # The round's log so far (``log``, from the save), then word of the resume.
            self._say([*log, Phrase("Round {number} resumed from the save",
                                    number=self.match.round_number)])
        else:
            self._say(self.narrator.lines(self.match.game.opening_events))
            self._tell_bots(None, self.match.game.opening_events)
            if self.recorder is not None:
                self.recorder.round_started(self.match)

    def _tell_bots(self, action: Action | None, events: Sequence[Event]) -> None:
        """Let the computers that follow the round (``Bot.observes``) see what happened,
        as their seats may see it."""
        for seat, bot in self.bots.items():
            if getattr(bot, "observes", False):
                bot.observe(action, [e.for_seat(seat) for e in events], self.game.view(seat))

    def _narrator_for(self, game: Game) -> Narrator:
        """The log's narrator for ``game``."""
        return Narrator.for_game(self.names, game, self.show_ids)

    def use_position(self, game: Game) -> None:
        """Play on from ``game`` (e.g. ``Game.from_position``): for tests, puzzles, lessons."""
        if game.players != self.players:
            raise IllegalActionError(f"the position has {game.players} seats, "
                                     f"the table has {self.players}")
        self.match.replace_round(game)      # a scored round's result goes with it
        self._version += 1
        self._polled = -1
        self.narrator = self._narrator_for(game)
        self.log.clear()
        self._say(self.narrator.lines(game.opening_events))
        self._tell_bots(None, game.opening_events)
        if self.recorder is not None:
            self.recorder.round_started(self.match)

    def restart(self) -> None:
        """A new match with the same seats and settings (a fresh deal)."""
        self.log.clear()
        self._start_match(self._rng.randrange(2**63))

    # ------------------------------------------------------------------ seats

    @property
    def game(self):
        """The round in play (a :class:`~uno_tui.engine.Game`)."""
        return self.match.game

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        return tuple(s for s, spec in enumerate(self.seats) if spec.is_human)

    @property
    def shared_keyboard(self) -> bool:
        """True when two or more people share the screen, so hands hide between turns."""
        return len(self.humans) >= 2

    def is_human(self, seat: int) -> bool:
        """True when ``seat`` is played by a person."""
        return self.seats[seat].is_human

    @property
    def decider(self) -> int | None:
        """The seat the game waits on, or ``None`` once the round is over."""
        if self.game.is_over:
            return None
        return self.game.decision.seat

    @property
    def decision_kind(self) -> str:
        """The kind of decision the game waits on (see ``DecisionKind``)."""
        return self.game.decision.kind

    def view(self, seat: int) -> GameView:
        """What ``seat`` may know now."""
        return self.game.view(seat)

    def last_events_for(self, seat: int) -> tuple[Event, ...]:
        """The events of the last action applied, as ``seat`` may see them."""
        return tuple(event.for_seat(seat) for event in self._last_events)

    def own_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal actions that answer a decision of its own (not window actions:
        catching, calling UNO, jumping in)."""
        return [a for a in self.game.legal_actions(seat) if not isinstance(a, WINDOW_ACTIONS)]

    def deciders(self) -> tuple[int, ...]:
        """The seats the game waits on now: the decider first, then any other seat with a
        decision of its own open at the same time (e.g. Point Taken votes cast in any order)."""
        if self.game.is_over:
            return ()
        decider = self.game.decision.seat
        others = tuple(seat for seat in range(self.players)
                       if seat != decider and self.own_actions(seat))
        return (decider, *others)

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now (a fresh list the caller may keep)."""
        return list(self.game.legal_actions(seat))

    def playable(self, seat: int) -> frozenset[int]:
        """Card ids ``seat`` may play now as its decision (not jump-ins)."""
        return frozenset(a.card for a in self.game.legal_actions(seat) if type(a) is Play)

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now."""
        return self.game.explain_illegal(action)

    @property
    def jump_in_allowed(self) -> bool:
        """True when this game lets players jump in out of turn."""
        return self.game.jump_in_allowed

    # ---------------------------------------------------------------- actions

    def apply(self, action: Action) -> list[str]:
        """Apply ``action``; return the new log lines. Illegal: raises, changes nothing."""
        events = self.game.apply(action)
        self._last_events = events
        self.last_events = tuple(event.for_seat(None) for event in events)
        self._version += 1
        self._tell_bots(action, events)
        if self.recorder is not None:
            self.recorder.recorded(self.match, action)
        lines = self.narrator.lines(events)
        self._say(lines)
        return lines

    def close_uno_window(self, game: Game, opened: int) -> list[str] | None:
        """The table's clock ran out on the missed UNO's window ``opened`` of ``game``
        (``catch-window:N``, see ``window_clock``): it can no longer be caught. The closing
        is an action (``CloseUnoWindow``), applied and recorded as any other, so a save,
        a replay and the server's mirrors close it too. Its new log lines (the log's
        "time is up"), or None: nothing closed, that window has closed since or ``game``
        is no longer the round in play."""
        closer = game.uno_window_closer(opened) if game is self.game else None
        if closer is None:
            return None
        return self.apply(closer)

    def play(self, seat: int, card: int, call_uno: bool = False) -> list[str]:
        """``seat`` plays ``card``; with ``call_uno`` it calls UNO as the card lands."""
        lines = self.apply(Play(seat, card))
        uno = CallUno(seat)
        if call_uno and uno in self.game.legal_actions(seat):
            lines += self.apply(uno)
        return lines

    def _say(self, lines: Sequence[str]) -> None:
        self.log.extend(lines)
        if len(self.log) > MAX_LOG_LINES:
            del self.log[:len(self.log) - MAX_LOG_LINES]

    # ----------------------------------------------------- windows for people

    def catch_option(self, prefer: int | None = None) -> Catch | None:
        """A catch a person may make now, or ``None``.

        The catcher is ``prefer`` (the person at the keyboard) when that seat may
        catch, else the first other person who may; a person never catches
        themselves, and a catch is only offered when it is legal.
        """
        humans = self.humans
        order = ([prefer] if prefer in humans else []) + [s for s in humans if s != prefer]
        for seat in order:
            for action in self.game.legal_actions(seat):
                if type(action) is Catch:
                    return action
        return None

    def uno_option(self) -> CallUno | None:
        """UNO, if a person holding one card may call it now."""
        window = self.game.uno_window
        if window is None or not self.is_human(window):
            return None
        action = CallUno(window)
        return action if action in self.game.legal_actions(window) else None

    def jump_in_actions(self, seat: int) -> list[JumpIn]:
        """The jump-ins ``seat`` may make now."""
        return [a for a in self.game.legal_actions(seat) if type(a) is JumpIn]

    def jump_in_candidates(self) -> tuple[int, ...]:
        """People who could try to jump in now (everyone but the decider, when allowed).

        Offered whether or not they hold a matching card, so the offer itself
        gives nothing away.
        """
        decider = self.decider
        if not self.jump_in_allowed or decider is None or self.decision_kind != "turn":
            return ()
        top = self.game.top
        if top.color is None:
            return ()
        return tuple(s for s in self.humans if s != decider)

    # ------------------------------------------------------------------- bots

    def bot_pending(self) -> bool:
        """True when a computer player has something to do now."""
        if self.game.is_over:
            return False
        decider = self.game.decision.seat
        if any(seat in self.bots for seat in self.deciders()):
            return True
        if self._polled != self._version:
            legal = self.game.legal_actions
            return any(legal(seat) for seat in self.bots if seat != decider)
        return False

    def bot_turns(self) -> list["BotTurn"]:
        """The computer players' chances to act now, in the order they are offered.

        Every bot is offered each new situation's window actions once (in random
        order), as in ``uno-tui sim``; then the bot the game waits on, if any,
        chooses. A bot that just went down to one card comes first, as it calls UNO
        as the card goes down; if it is the one the game waits on (it names a
        colour), it decides before anyone may catch it. Try them in order with
        :meth:`BotTurn.decide` (safe to run in another thread: a turn holds only
        snapshots) and apply the first answer with :meth:`apply_bot`.
        """
        game = self.game
        if game.is_over:
            return []
        decider = game.decision.seat
        deciders = self.deciders()
        window = game.uno_window
        turns = []
        if self._polled != self._version and not (window == decider and decider in self.bots):
            self._polled = self._version
            seats = [s for s in self.bots if s not in deciders]
            self._rng.shuffle(seats)
            if window in seats:
                seats.remove(window)
                seats.insert(0, window)
            for seat in seats:
                options = self.legal(seat)
                if options:
                    turns.append(self._turn(seat, options, react=True))
        for seat in deciders:
            if seat in self.bots:
                turns.append(self._turn(seat, self.legal(seat), react=False))
        return turns

    def _turn(self, seat: int, options: list[Action], react: bool) -> "BotTurn":
        bot = self.bots[seat]
        view = self.game.view(seat) if bot.wants_view else None
        return BotTurn(seat, bot, view, tuple(options), react, self._version)

    def apply_bot(self, turn: "BotTurn", action: Action) -> list[str]:
        """Apply a bot's answer, unless the table moved on while it thought, or the seat
        is no longer that bot's (a person sat down: a server table's stand-in), then []."""
        if turn.version != self._version or self.bots.get(turn.seat) is not turn.bot:
            return []
        return self.apply(action) + self._uno_with_the_card(turn.seat)

    def _uno_with_the_card(self, seat: int) -> list[str]:
        """A computer whose card just left it one calls UNO as the card lands, if it
        means to, before any redraw and before anyone could catch it: only a level that
        forgets (easy) can be caught. Its log lines ([] when it does not call)."""
        game = self.game
        if game.is_over or game.uno_window != seat:
            return []
        uno = CallUno(seat)
        if uno not in game.legal_actions(seat):
            return []
        bot = self.bots[seat]
        if bot.react(game.view(seat) if bot.wants_view else None, [uno]) != uno:
            return []
        return self.apply(uno)

    def bot_step(self) -> list[str]:
        """Let one computer player act now, in this thread; returns the new log lines."""
        for turn in self.bot_turns():
            action = turn.decide()
            if action is not None:
                return self.apply_bot(turn, action)
        return []

    # ----------------------------------------------------------------- rounds

    def finish_round(self) -> RoundSummary:
        """Score the finished round and describe it."""
        game = self.game
        if not game.is_over:
            raise IllegalActionError("the round is still being played")
        scored = self.match.round_scored
        # A round is scored once (Match refuses a second time); asked again, describe it.
        result = self.match.results[-1] if scored else self.match.finish_round()
        if self.recorder is not None and not scored:
            self.recorder.round_scored(self.match)
        # The round is over: every hand is laid open for the count, as at a real table.
        hands = tuple(tuple(game.face(c) for c in game.hands[s]) for s in range(self.players))
        return RoundSummary(
            number=result.number, winner=result.winner, names=self.names, hands=hands,
            hand_points=result.hand_points, gained=result.gained, totals=result.totals,
            match_over=self.match.is_over, match_winners=self.match.winners,
            mode=self.mode, target=self.target,
        )

    def next_round(self) -> list[str]:
        """Deal the next round; returns its opening log lines."""
        game = self.match.next_round()
        self._version += 1
        if self.recorder is not None:
            self.recorder.round_started(self.match)
        self.narrator = self._narrator_for(game)
        lines = [Phrase("Round {number}", number=self.match.round_number),
                 *self.narrator.lines(game.opening_events)]
        self._say(lines)
        self._tell_bots(None, game.opening_events)
        return lines
