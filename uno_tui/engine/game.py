"""The table: one turn machine for every rule set.

A :class:`Game` is one round of UNO. It always waits on a :class:`Decision`
(whose, and of what kind); other seats may act at the same time through
*windows* (catching a missed UNO, jumping in). ``legal_actions(seat)`` lists
what a seat may do now, ``apply(action)`` does it and returns the events that
happened, and ``view(seat)`` is everything that seat may know.

What differs between rule sets is declared by each one's
:class:`~uno_tui.engine.ruleset.Variant` (tables and hooks, one module per rule set);
the machine looks hooks up by card kind, action class and decision kind, and never
names a rule set. Rule modules drive the machine through its turn-machine API
(:meth:`Game.emit`, :meth:`Game.decide`, :meth:`Game.draw`, :meth:`Game.advance`,
:meth:`Game.finish` ...).
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from typing import Callable, Iterable, Sequence

from ..i18n import Phrase, json_reason
from . import decks, saves
from .actions import (
    Accept, Action, CallUno, Catch, Challenge, ChooseColor, CloseUnoWindow, Decision, DecisionKind,
    Draw, Event, EventKind, JumpIn, Keep, Play, interned,
)
from .cards import Card, Face, Kind
from .errors import ConfigError, IllegalActionError, SaveDataError, shown
from .registry import MAX_CARDS, MAX_SEATS, declared_decision, get_variant
from .ruleset import DecisionRule, FirstCard, RandomDraw, Variant, house_rule_spec, pass_on
from .table import PUBLIC_CONTEXT
from .view import DrewOn, GameView, HandCard, SeatInfo
from .words import card_name, color_name, color_word

__all__ = ["Game", "SAVE_FORMAT", "decision_verb"]

SAVE_FORMAT = saves.SAVE_FORMAT

_D = DecisionKind
_E = EventKind
# Enum members looked up once: the hot paths compare and emit these.
_TURN, _DRAWN, _COLOR, _RESPOND, _ROUND_OVER = (
    _D.TURN, _D.DRAWN, _D.COLOR, _D.RESPOND, _D.ROUND_OVER)
_E_TURN, _E_PLAY, _E_DRAW, _E_SKIP = _E.TURN, _E.PLAY, _E.DRAW, _E.SKIP

_MAX_CARDS = MAX_CARDS
_MAX_SEATS = MAX_SEATS
_new_tuple = tuple.__new__
#: Playable-card sets by (colour, top face), one cache per one-sided rule set, shared
#: by all its games (and their copies).
_SHARED_MATCH_SETS: dict[str, dict] = {}
#: Shared empty context for effects that need none; never mutated.
_NO_CONTEXT: dict = {}

# Interned actions: the same immutable value every time, so legal-action lists are cheap
# and ``apply`` can recognise a listed action by identity.
_PLAYS: list["_SeatPlays"] = []
_DRAWS = [interned(Draw, seat) for seat in range(_MAX_SEATS)]
_KEEPS = [interned(Keep, seat) for seat in range(_MAX_SEATS)]
_ACCEPTS = [interned(Accept, seat) for seat in range(_MAX_SEATS)]
_CHALLENGES = [interned(Challenge, seat) for seat in range(_MAX_SEATS)]
#: The colour choices of a seat by (seat, colours of the side in play).
_COLOR_CHOICES: dict[tuple[int, tuple[str, ...]], tuple[ChooseColor, ...]] = {}
# Values every turn repeats, made once: the turn decision and event of each seat, and
# the event of each seat playing each card (all immutable).
_TURN_DECISIONS = [Decision(_TURN, seat) for seat in range(_MAX_SEATS)]
_TURN_EVENTS = [Event(_E_TURN, seat) for seat in range(_MAX_SEATS)]
_PLAY_EVENTS: list[list[Event]] = [
    [_new_tuple(Event, (_E_PLAY, seat, (card,), 0, None, None, "", None))
     for card in range(_MAX_CARDS)] for seat in range(_MAX_SEATS)]


def shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)``: the same order from the same generator state, which it
    leaves the same, in about half the time for a plain ``random.Random`` (the steps of
    its ``_randbelow`` done in one loop, not two calls a card; every reshuffle of a
    round's discard pile goes through here)."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class _SeatPlays(dict):
    """Interned ``Play(seat, card)`` by card id, each made the first time it is asked for:
    making all of a seat's 256 up front took about 0.7 ms a seat, before a table's first
    frame (11 ms at 16 seats)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, card: int) -> Play:
        play = self[card] = interned(Play, self.seat, card)
        return play


def _plays_for(seat: int) -> _SeatPlays:
    """Interned ``Play(seat, card)`` for every card id, by card id."""
    while len(_PLAYS) <= seat:
        _PLAYS.append(_SeatPlays(len(_PLAYS)))
    return _PLAYS[seat]


class Game:
    """One round of UNO for ``players`` seats (numbered from 0, clockwise).

    >>> game = Game("classic", players=4, seed=1)
    >>> seat = game.decision.seat
    >>> events = game.apply(game.legal_actions(seat)[0])

    ``rules`` is a set of house-rule names (see ``variants.HOUSE_RULES``).
    ``dealer`` fixes the dealer; otherwise each player draws a card and the
    highest number deals. ``deck`` rigs the deck: card ids in the order they are
    drawn (top first); it is not shuffled. ``cards`` plays with these physical cards
    (a two-sided deck keeps its pairing from round to round: see ``Game.cards``).

    **Turn-machine API.** Rule modules (the hooks of a
    :class:`~uno_tui.engine.ruleset.Variant` or a
    :class:`~uno_tui.engine.ruleset.HouseRule`) change the game only through the
    :class:`~uno_tui.engine.table.Table` protocol, which this class implements (the
    decision contexts and their public keys are documented there): :meth:`emit`, :meth:`decide`, :attr:`context`, :meth:`start_turn`,
    :meth:`advance`, :meth:`skip_after`, :meth:`finish`, :meth:`draw`,
    :meth:`draw_until`, :meth:`penalize`, :meth:`reshuffle`, :meth:`hand_shrank`,
    :meth:`finish_if_gone_out`, :meth:`reset_hands_after_exchange`, :meth:`set_side`, :meth:`forget_shown_cards`,
    :meth:`next_seat`, :meth:`seats_from`, :meth:`can_challenge`,
    :meth:`stackable_cards`, :meth:`holds_color`, :meth:`playable`, and the public
    attributes (``hands``, ``draw_pile``, ``discard``, ``color``, ``direction``,
    ``current``, ``called``, ``uno_window``, ``goer``, ``pending_draw``, the rule set's
    own state fields) and :attr:`rng`, the game's random generator. Players use only ``legal_actions``, ``apply`` and ``view``.
    """

    # Slots: the hot paths read and write these attributes on every action, a little
    # faster than through the instance's dict. A rule set's own state fields (named by
    # its ``Variant.state``) still go to ``__dict__``; ``__weakref__`` for the checker's
    # pairing memory (invariants.py).
    __slots__ = (
        "variant", "players", "rules", "seed", "_rng", "_machine", "_handlers", "_effects",
        "_after_draw", "_cards", "side", "_faces", "_match_sets", "hands", "draw_pile",
        "discard", "out_of_play", "color", "direction", "dealer", "current", "decision",
        "_ctx", "uno_window", "_window_opened", "called", "winner", "goer", "_stalled",
        "pending_draw", "_revealed", "_drew_on", "_version", "_legal_version", "_legal_seat",
        "_legal_list", "_jump_mode", "_checks_bluffs", "_turn_plays", "_plain_turns",
        "_window_until_card", "_may_finish", "_draw_hook", "_play_drawn", "_plays",
        "_events", "opening_events", "_hand_card_cache", "__dict__", "__weakref__",
    )

    def __init__(self, variant: str | Variant = "classic", players: int = 4, *,
                 seed: int | None = None, rules: Iterable[str] = (),
                 dealer: int | None = None, deck: list[int] | None = None,
                 cards: Sequence[Card] | None = None) -> None:
        self._configure(variant, players, rules, seed, cards)
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < players):
            raise ConfigError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        self._events: list[Event] = []
        self._deal_round(dealer, deck)
        self.opening_events: tuple[Event, ...] = tuple(self._events)
        self._events = []

    # ------------------------------------------------------------------ set-up

    def _configure(self, variant, players, rules, seed, cards=None, deal_cards=True) -> None:
        self.variant: Variant = variant if isinstance(variant, Variant) else get_variant(variant)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(Phrase("players must be a whole number, not {value}",
                                     value=shown(players)))
        self.variant.check_players(players)
        try:
            rules = None if isinstance(rules, str) else frozenset(rules)
        except TypeError:
            rules = None
        if rules is None or not all(isinstance(r, str) for r in rules):
            raise ConfigError(Phrase("rules must be a collection of house-rule names"))
        self.rules: frozenset[str] = rules
        self.variant.check_rules(self.rules)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise ConfigError(Phrase("the seed must be a whole number or text, not {value}",
                                     value=shown(seed)))
        self.players = players
        self.seed = seed
        self._rng = random.Random(seed)
        self._machine = machine = _machine_for(self.variant, self.rules)
        # The tables the hot paths read, one attribute away.
        self._handlers, self._effects, self._after_draw = (
            machine.handlers, machine.effects, machine.after_draw)
        if not deal_cards and self.variant.dark_deck:
            self._cards = []    # a saved pairing follows
        elif cards is None:
            self._cards: list[Card] = self.variant.build_deck(self._rng)
        else:
            self._cards = _checked_cards(self.variant, cards)
        self.side = 0
        self._faces: list[Face] = [card.face(0) for card in self._cards]
        self._match_sets = self._new_match_sets()
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.draw_pile: list[int] = []   # top is the last element
        self.discard: list[int] = []     # top is the last element
        self.out_of_play: list[int] = []  # cards a rigged position left out of the game
        self.color: str | None = None
        self.direction = 1
        self.dealer = 0
        self.current = 0
        self.decision = Decision(_TURN, 0)
        self._ctx: dict = {}
        self.uno_window: int | None = None
        # When the window open now opened (the _version then): tells it from every other.
        self._window_opened = -1
        self.called: set[int] = set()
        self.winner: int | None = None
        #: The seat that has played its last card while the action is being resolved.
        self.goer: int | None = None
        self._stalled = 0
        self.pending_draw = 0
        self._revealed: dict[int, tuple[int, tuple[int, ...]]] = {}
        # Public: when each seat last drew instead of playing (see SeatInfo.drew_on).
        self._drew_on: dict[int, tuple[str | None, int, int]] = {}
        self._version = 0
        # legal_actions() of one seat, valid while _version is unchanged.
        self._legal_version = -1
        self._legal_seat = -1
        self._legal_list: list[Action] = []
        # A house rule may widen a built-in speed play (numbers only) to every identical
        # coloured card.
        self._jump_mode = machine.jump_in or self.variant.builtin_jump_in
        self._checks_bluffs = machine.strict_wilds or machine.may_finish is not None
        self._turn_plays = machine.turn_plays
        # Looked up on every card played or drawn: one attribute away.
        self._window_until_card = machine.window_until_card
        self._may_finish = machine.may_finish
        self._draw_hook = machine.draw
        self._play_drawn = machine.play_drawn
        # One flag for an ordinary turn: True when no house rule has a say in it (no
        # turn plays, no jump-in, no check of a card's legality beyond colour and face,
        # no draw of its own, a playable drawn card may be played) and the deck is
        # one-sided (its playable sets cached). Then the turn's legal actions and a draw
        # skip every hook's check.
        self._plain_turns = (not self.variant.dark_deck and not self._checks_bluffs
                             and machine.turn_plays is None and not self._jump_mode
                             and machine.draw is None and machine.play_drawn)
        self._plays = [_plays_for(seat) for seat in range(players)]
        self._hand_card_cache = None
        for state in self.variant.state:
            setattr(self, state.name, state.new_value(self))

    def _deal_round(self, dealer: int | None, deck: list[int] | None) -> None:
        rigged = deck is not None
        if rigged:
            ids = list(deck)
            if any(type(i) is not int for i in ids) or sorted(ids) != list(range(len(self._cards))):
                raise ConfigError(f"a rigged deck must hold each of the {len(self._cards)} "
                                  "card ids exactly once")
            self.draw_pile = ids[::-1]
        else:
            self.draw_pile = list(range(len(self._cards)))
            shuffle(self._rng, self.draw_pile)
        if dealer is None:
            dealer = self._choose_dealer(rigged)
        self.dealer = dealer
        self.emit(_E.DEALER, dealer)
        for seat in self.seats_from(self.next_seat(dealer)):
            self.hands[seat] = [self.draw_pile.pop() for _ in range(self.variant.hand_size)]
            self.emit(_E.DEAL, seat, count=self.variant.hand_size)
        self._turn_first_card(rigged)

    def _choose_dealer(self, rigged: bool) -> int:
        """Each player draws; the highest number deals (actions count 0); ties draw again."""
        contenders = list(range(self.players))
        while True:
            drawn = {}
            for seat in contenders:
                if not self.draw_pile:
                    return contenders[0]
                card = self.draw_pile.pop()
                drawn[seat] = card
                self.emit(_E.DEALER_DRAW, seat, (card,))
            # Cards go back under the pile so a rigged deck stays predictable.
            self.draw_pile[:0] = list(drawn.values())[::-1]
            values = {seat: self._cards[c].light.number or 0 for seat, c in drawn.items()}
            best = max(values.values())
            contenders = [seat for seat in contenders if values[seat] == best]
            if len(contenders) == 1:
                if not rigged:
                    shuffle(self._rng, self.draw_pile)
                return contenders[0]

    def _turn_first_card(self, rigged: bool) -> None:
        first = self.next_seat(self.dealer)
        while True:
            card = self.draw_pile.pop()
            self.discard.append(card)
            face = self._faces[card]
            self.emit(_E.FIRST_CARD, None, (card,))
            rule = self.variant.first_card.get(face.kind, FirstCard.PLAY)
            if rule == FirstCard.RETURN:
                self.discard.pop()
                self.draw_pile.insert(0, card)
                if not rigged:
                    shuffle(self._rng, self.draw_pile)
                self.emit(_E.RETURNED, None, (card,))
                continue
            if rule == FirstCard.TURN_ANOTHER:
                continue
            break
        self.color = face.color
        if rule == FirstCard.CHOOSE_COLOR:
            self.current = first
            self.decide(_COLOR, first, then="turn")
        elif rule == FirstCard.SKIP:
            self.emit(_E_SKIP, first)
            self.start_turn(self.next_seat(first))
        elif rule == FirstCard.DEALER_REVERSED:
            self.direction = -1
            self.emit(_E.REVERSE, None)
            self.start_turn(self.dealer)
        elif rule == FirstCard.DRAW_AND_SKIP:
            self.draw(first, self.variant.draw_amounts[face.kind])
            self.emit(_E_SKIP, first)
            self.start_turn(self.next_seat(first))
        else:
            self.start_turn(first)

    @classmethod
    def from_position(cls, variant: str = "classic", *, hands: list[list[str]],
                      top: str, draw: Iterable[str] = (), discard: Iterable[str] = (),
                      color: str | None = None, current: int = 0, direction: int = 1,
                      dealer: int | None = None, rules: Iterable[str] = (),
                      seed: int | None = 0, leftover: str = "draw", side: int = 0) -> "Game":
        """Build an exact situation, for tests and puzzles.

        Cards are written in compact notation (``"R5"``, ``"BS"``, ``"G+2"``,
        ``"W+4"``). ``draw`` lists the cards drawn next, in order; ``discard`` the
        cards under ``top``, bottom first. The rest of the deck goes under the
        draw pile, shuffled (``leftover="draw"``), or out of the game
        (``leftover="out"``). It is ``current``'s turn to play or draw.

        Two-sided decks (UNO Flip): ``side`` is the side in play (0 light, 1 dark); a
        card is ``"R5/P3"`` (light face / dark face; ``*`` leaves a half to chance) or
        one code read on the side in play, its other face dealt from what is left.
        """
        game = cls.__new__(cls)
        game._configure(variant, len(hands), rules, seed)
        game._events = []
        if side not in (0, 1) or (side and not game.variant.dark_deck):
            raise ConfigError(f"side {side!r} is not a side of {game.variant.label}")
        pool: dict[Face | None, list[int]] = defaultdict(list)
        if game.variant.dark_deck:
            hands, discard, draw = [list(h) for h in hands], list(discard), list(draw)
            texts = [t for hand in hands for t in hand] + discard + [top] + draw
            game._cards, named = decks.position_deck(game.variant, texts, side, game._rng)
            game.set_side(side)
            pool[None] = sorted(set(range(len(game._cards))) - set(named))
            named.reverse()

            def take(text: str) -> int:
                return named.pop()
        else:
            for card in reversed(game._cards):
                pool[card.light].append(card.id)

            def take(text: str) -> int:
                face = Face.parse(text)
                if not pool.get(face):
                    raise ConfigError(f"the {game.variant.label} deck has no more {face.label} cards")
                return pool[face].pop()

        game.hands = [[take(t) for t in hand] for hand in hands]
        game.discard = [take(t) for t in discard] + [take(top)]
        drawn_next = [take(t) for t in draw]
        rest = [cid for ids in pool.values() for cid in ids]
        game._rng.shuffle(rest)
        if leftover == "out":
            game.out_of_play = rest
            rest = []
        elif leftover != "draw":
            raise ConfigError("leftover must be 'draw' or 'out'")
        game.draw_pile = rest + drawn_next[::-1]
        top_face = game._faces[game.discard[-1]]
        game.color = color or top_face.color
        if game.color is None:
            raise ConfigError("a wild top card needs color=...")
        if game.color not in game.colors:
            raise ConfigError(f"{game.color!r} is not a colour of the side in play "
                              f"({', '.join(game.colors)})")
        if direction not in (1, -1):
            raise ConfigError(f"direction must be 1 or -1, not {direction!r}")
        for name, seat in (("current", current), ("dealer", dealer)):
            if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
                raise ConfigError(f"{name} must be a seat from 0 to {game.players - 1}, not {seat!r}")
        game.direction = direction
        game.dealer = game.prev_seat(current) if dealer is None else dealer
        game.called = {s for s, h in enumerate(hands) if len(h) == 1}
        game.start_turn(current)
        game.opening_events = ()
        game._events = []
        return game

    # --------------------------------------------------------------- accessors

    def card(self, card_id: int) -> Card:
        """The physical card with this id."""
        return self._cards[card_id]

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every physical card, by id (pass them to the next round's ``Game(cards=...)``)."""
        return tuple(self._cards)

    def face(self, card_id: int) -> Face:
        """The face of ``card_id`` on the side in play."""
        return self._faces[card_id]

    @property
    def faces(self) -> list[Face]:
        """Every card's face on the side in play, by id (read it, never change it)."""
        return self._faces

    @property
    def top(self) -> Face:
        """The face of the discard pile's top card."""
        return self._faces[self.discard[-1]]

    @property
    def jump_in_allowed(self) -> bool:
        """True when players may play out of turn here (the jump-in house rule, or a rule
        set's own speed play)."""
        return bool(self._jump_mode)

    @property
    def window_seconds(self) -> int | None:
        """Seconds a missed UNO stays catchable at most (``catch-window:N``); ``None``: no
        clock, the window closes by the rules alone. The table keeps the time (see
        :attr:`uno_window_clock`) and applies :meth:`uno_window_closer` when it has run out."""
        return self._machine.window_seconds

    @property
    def uno_window_clock(self) -> tuple[int, int] | None:
        """While a missed UNO's window that a clock closes (``catch-window:N``) is open:
        ``(opened, seconds)``, when it opened (a number that tells this opening from
        every other of this game, a reopening for the same seat included) and how many
        seconds it stays open at most. ``None``: no such window is open.

        The table's driver starts its clock when it sees a new ``opened`` and, when the
        time has run out, applies ``uno_window_closer(opened)``."""
        seconds = self._machine.window_seconds
        if seconds is None or self.uno_window is None:
            return None
        return self._window_opened, seconds

    def uno_window_closer(self, opened: int) -> CloseUnoWindow | None:
        """The action that closes the missed UNO's window ``opened`` (see
        :attr:`uno_window_clock`) now that the table's clock has run out on it: a
        :class:`~uno_tui.engine.actions.CloseUnoWindow`, applied (and recorded) as any
        action. ``None`` when that window is no longer the one open (it closed by the
        rules, or another opened since) or no clock closes windows in this game."""
        clock = self.uno_window_clock
        if clock is None or clock[0] != opened:
            return None
        return CloseUnoWindow(self.uno_window)

    @property
    def is_over(self) -> bool:
        """True once the round has ended (with or without a winner)."""
        return self.decision.kind == _ROUND_OVER

    @property
    def deck_size(self) -> int:
        """Number of physical cards in this game."""
        return len(self._cards)

    @property
    def context(self) -> dict:
        """The details of the decision in progress (the rule modules' view; may be secret:
        see :mod:`~uno_tui.engine.table` for the shared decisions' keys)."""
        return self._ctx

    @property
    def rng(self) -> random.Random:
        """The game's random generator: hooks draw from it (it is saved with the game)."""
        return self._rng

    def card_effect(self, kind: str):
        """The effect a card of ``kind`` has in this game: the rule set's, as the house
        rules in play change it (kinds without one pass the turn on)."""
        return self._effects.get(kind, pass_on)

    def decision_rule(self, kind: str) -> DecisionRule:
        """The :class:`~uno_tui.engine.ruleset.DecisionRule` of decision ``kind`` in this
        game (``KeyError`` when no rule in play declares it)."""
        return self._machine.decisions[kind]

    @property
    def colors(self) -> tuple[str, ...]:
        """The colours of the side in play."""
        return self.variant.dark_colors if self.side else self.variant.colors

    @property
    def decision_verb(self) -> str:
        """What the game waits for, in words: e.g. ``"pick whom to swap hands with"``."""
        return self._machine.decisions[self.decision.kind].verb

    def hand_points(self, seat: int) -> int:
        """Points of the cards left in ``seat``'s hand, on the side in play."""
        points = self.variant.face_points
        return sum(points(self._faces[c]) for c in self.hands[seat])

    def round_points(self) -> int:
        """What the round's winner scores: every other hand's points (0 with no winner)."""
        if self.winner is None:
            return 0
        return sum(self.hand_points(s) for s in range(self.players) if s != self.winner)

    def zones(self) -> dict[str, list[int]]:
        """Every place a card can be, by name, for conservation checks."""
        # Phrases (strings that are the English names), so a corrupt save's problems
        # read in the player's words.
        zones = {Phrase("hand {seat}", seat=s): h for s, h in enumerate(self.hands)}
        zones[Phrase("draw pile")] = self.draw_pile
        zones[Phrase("discard pile")] = self.discard
        zones[Phrase("out of play")] = self.out_of_play
        for state in self.variant.state:
            if state.zone:
                zones[state.name.replace("_", "-")] = getattr(self, state.name)
        return zones

    def conservation_problems(self) -> list[str]:
        """Cards in two places at once or nowhere, in words; empty when every card is once."""
        seen: dict[int, str] = {}
        problems = []
        for zone, cards in self.zones().items():
            for c in cards:
                if c in seen:
                    problems.append(Phrase("card {card} is both in {first} and in {second}",
                                           card=c, first=seen[c], second=zone))
                seen[c] = zone
        missing = len(self._cards) - len(seen)
        if missing:
            problems.append(Phrase.plural("{count} card is nowhere", "{count} cards are nowhere",
                                          missing))
        return problems

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, windows included. Empty when none."""
        if self._legal_version == self._version and self._legal_seat == seat:
            return self._legal_list
        kind, decider = self.decision
        if seat == decider and kind == _TURN and not self._ctx:
            # The common case first: an ordinary turn (the decider is always a real seat).
            if self._plain_turns:
                # No house rule has a say: the cards that go on the top card, the draw,
                # and a missed UNO to call or catch, if any.
                key = (self.color, self._faces[self.discard[-1]])
                playable = self._match_sets.get(key)
                if playable is None:
                    playable = self._match_sets[key] = self._matching_cards(*key)
                plays = self._plays[seat]
                actions = []
                for card in self.hands[seat]:
                    if card in playable:
                        actions.append(plays[card])
                actions.append(_DRAWS[seat])
                if self.uno_window is not None:
                    actions = self._add_window_actions(seat, kind, decider, actions)
                self._legal_version, self._legal_seat, self._legal_list = (
                    self._version, seat, actions)
                return actions
            match_sets = self._match_sets
            if match_sets is not None and not self._checks_bluffs:
                # _playable_plays, inlined for a one-sided deck: one lookup of the cards
                # that go on the top card, then the seat's cards among them.
                key = (self.color, self._faces[self.discard[-1]])
                playable = match_sets.get(key)
                if playable is None:
                    playable = match_sets[key] = self._matching_cards(*key)
                plays = self._plays[seat]
                # A loop, not a list comprehension: few cards match, and Python 3.11
                # makes a comprehension a function call of its own.
                actions = []
                for card in self.hands[seat]:
                    if card in playable:
                        actions.append(plays[card])
            else:
                actions = self._playable_plays(seat)
            actions.append(_DRAWS[seat])
            if self._turn_plays is not None:
                actions += self._turn_plays(self, seat)
            if self.uno_window is not None or self._jump_mode:
                actions = self._add_window_actions(seat, kind, decider, actions)
        else:
            actions = self._compute_legal(seat, kind, decider)
        self._legal_version, self._legal_seat, self._legal_list = self._version, seat, actions
        return actions

    def _compute_legal(self, seat: int, kind: str, decider: int) -> list[Action]:
        if kind == _ROUND_OVER or type(seat) is not int or not 0 <= seat < self.players:
            return []
        actions: list[Action] = []
        rule = self._machine.decisions[kind]
        if seat == decider or rule.open_to_all:
            actions = rule.legal(self, seat)
        if self.uno_window is None and not self._jump_mode:
            return actions          # nothing out of turn (most decisions): no call
        return self._add_window_actions(seat, kind, decider, actions)

    def _legal_turn(self, seat: int) -> list[Action]:
        actions = self._playable_plays(seat)
        if self._ctx.get("guilty"):
            # After a guilty challenge the player plays a legal card instead: no bluff, no draw.
            holds = self.holds_color(seat)
            restricted = self.variant.restricted_wilds
            legal = [a for a in actions if not (holds and self._faces[a.card].kind in restricted)]
            return legal or actions + [_DRAWS[seat]]
        actions.append(_DRAWS[seat])
        if self._turn_plays is not None:
            actions += self._turn_plays(self, seat)
        return actions

    def _legal_drawn(self, seat: int) -> list[Action]:
        actions: list[Action] = [self._plays[seat][self._ctx["card"]]]
        if self._machine.keep_drawn:
            actions.append(_KEEPS[seat])
        return actions

    def _legal_color(self, seat: int) -> list[Action]:
        colors = self.colors
        choices = _COLOR_CHOICES.get((seat, colors))
        if choices is None:
            choices = _COLOR_CHOICES[seat, colors] = tuple(
                interned(ChooseColor, seat, c) for c in colors)
        return list(choices)

    def _legal_respond(self, seat: int) -> list[Action]:
        actions: list[Action] = [_ACCEPTS[seat]]
        if self.can_challenge(self._ctx):
            actions.append(_CHALLENGES[seat])
        plays = self._plays[seat]
        actions += [plays[c] for c in self.answer_cards(seat)]
        return actions

    def _add_window_actions(self, seat: int, kind: str, decider: int,
                            actions: list[Action]) -> list[Action]:
        """``actions`` plus what ``seat`` may do out of turn: call UNO, catch, jump in."""
        window = self.uno_window
        if window is not None and window not in self.called and len(self.hands[window]) == 1:
            actions.append(interned(CallUno, seat) if seat == window
                           else interned(Catch, seat, window))
        if self._jump_mode and kind == _TURN and seat != decider:
            actions += [interned(JumpIn, seat, c) for c in self._jump_cards(seat)]
        return actions

    def _playable_plays(self, seat: int) -> list[Action]:
        """``Play`` actions for the seat's cards that match the top card (the hot path)."""
        plays = self._plays[seat]
        if self._checks_bluffs:
            return [plays[c] for c in self.hands[seat] if self.playable(seat, c)]
        key = (self.color, self._faces[self.discard[-1]])
        match_sets = self._match_sets
        if match_sets is None:
            faces, color, top = self._faces, key[0], key[1]
            out = []
            for card in self.hands[seat]:
                face_color, kind, number = faces[card]
                if (face_color is None or face_color == color
                        or (kind == top.kind and number == top.number)):
                    out.append(plays[card])
            return out
        playable = match_sets.get(key)
        if playable is None:
            playable = match_sets[key] = self._matching_cards(*key)
        return [plays[c] for c in self.hands[seat] if c in playable]

    def _matching_cards(self, color: str | None, top: Face) -> frozenset[int]:
        """Ids of every card whose face (on the side in play) may go on ``top`` in ``color``."""
        return frozenset(card for card, (face_color, kind, number) in enumerate(self._faces)
                         if face_color is None or face_color == color
                         or (kind == top.kind and number == top.number))

    def _new_match_sets(self) -> dict | None:
        """A cache of :meth:`_matching_cards` by (colour, top face), or ``None``.

        One-sided decks list the same faces by id in every game, so all their games
        share one cache. A two-sided deck's faces change with each pairing and each
        flip, so a cache would be rebuilt too often to pay: cards are matched one by one.
        """
        if self.variant.dark_deck:
            return None
        return _SHARED_MATCH_SETS.setdefault(self.variant.name, {})

    def playable(self, seat: int, card: int) -> bool:
        """Whether ``seat`` may play ``card`` on the top card now (house rules included)."""
        face = self._faces[card]
        may_finish = self._may_finish
        if may_finish is not None and len(self.hands[seat]) == 1 and not may_finish(face):
            return False
        if face.color is None:
            if face.kind in self.variant.restricted_wilds and self._machine.strict_wilds:
                return not self.holds_color(seat, besides=card)
            return True
        if face.color == self.color:
            return True
        top = self._faces[self.discard[-1]]
        return face.kind == top.kind and face.number == top.number

    def holds_color(self, seat: int, besides: int | None = None) -> bool:
        """Whether ``seat`` holds a card of the colour in play (other than ``besides``)."""
        faces, color = self._faces, self.color
        if self.variant.wilds_match_color:
            return any(faces[c].color in (color, None) for c in self.hands[seat] if c != besides)
        for card in self.hands[seat]:       # a loop: cheaper than any() over a generator
            if faces[card].color == color:
                return True
        return False

    def can_challenge(self, ctx: dict) -> bool:
        """Whether the wild draw card resolved with ``ctx`` may be challenged."""
        if "bluff" not in ctx or self._machine.strict_wilds:
            return False
        if self._faces[ctx["card"]].kind not in self.variant.challenges:
            return False
        # Under stacking only a lone wild draw card can be challenged, not a stack of them.
        amount = ctx["amount"]
        return self.pending_draw <= (amount if isinstance(amount, int) else 0)

    @property
    def stacks_draws(self) -> bool:
        """Whether draw cards stack here (a house rule lets one answer another)."""
        return self._machine.stacks is not None

    def stackable_cards(self, seat: int) -> list[int]:
        """Cards ``seat`` may stack on the draw card on top (the stacking house rules)."""
        stacks = self._machine.stacks
        if stacks is None:
            return []
        faces, variant = self._faces, self.variant
        top = faces[self.discard[-1]]
        return [c for c in self.hands[seat] if stacks(variant, top, faces[c])
                and self._may_finish_with(seat, c)]

    def answer_cards(self, seat: int) -> list[int]:
        """Every card ``seat`` may answer the draw card on top with: stacked, or another
        answer a house rule allows (e.g. deflecting it)."""
        cards = self.stackable_cards(seat)
        for answers in self._machine.answers:   # usually none
            cards += [c for c in answers(self, seat)
                      if c not in cards and self._may_finish_with(seat, c)]
        return cards

    def _may_finish_with(self, seat: int, card: int) -> bool:
        may_finish = self._may_finish
        return (may_finish is None or len(self.hands[seat]) != 1
                or may_finish(self._faces[card]))

    def _jump_cards(self, seat: int) -> list[int]:
        top = self._faces[self.discard[-1]]
        if top.color is None or (self._jump_mode == "numbers" and top.kind != Kind.NUMBER):
            return []
        return [c for c in self.hands[seat] if self._faces[c] == top
                and self._may_finish_with(seat, c)]

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Perform ``action`` and return the events that happened.

        Raises :class:`IllegalActionError` (and changes nothing) when the action
        is not legal now.
        """
        try:
            seat = action.seat
        except AttributeError:
            raise IllegalActionError(Phrase("{action} is not an action",
                                            action=repr(action))) from None
        if self._legal_version == self._version and self._legal_seat == seat:
            legal = self._legal_list
        else:
            legal = self.legal_actions(seat)
        for listed in legal:
            if listed is action:
                break
        else:
            if action not in legal:
                return self._apply_unlisted(action)
        self._events = events = []
        self._version += 1
        cls = type(action)
        window = self.uno_window
        # Calling, catching (and a rule set's window-neutral actions such as voting) are
        # not acting on the table: a missed UNO stays catchable through them.
        if window is not None and seat != window and not self._window_until_card \
                and cls not in self._machine.keeps_window:
            self.uno_window = None
        if self._revealed:
            self._revealed.pop(seat, None)
        self._handlers[cls](self, action)
        return tuple(events)

    def _apply_unlisted(self, action: Action) -> tuple[Event, ...]:
        """An action missing from the legal list: one the table takes (a house rule's
        ``table_actions``), a rule set's penalty for it, or an error."""
        allowed = self._machine.table_actions.get(type(action))
        if allowed is not None:
            if self.is_over or not allowed(self, action):
                raise IllegalActionError(self.explain_illegal(action))
            self._events = events = []
            self._version += 1
            self._handlers[type(action)](self, action)
            return tuple(events)
        unlisted = self.variant.unlisted
        if unlisted is None or not isinstance(action, Action) or self.is_over:
            raise IllegalActionError(self.explain_illegal(action))
        self._events = events = []
        if not unlisted(self, action):
            self._events = []
            raise IllegalActionError(self.explain_illegal(action))
        self._version += 1
        return tuple(events)

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words a player understands: a
        :class:`~uno_tui.i18n.Phrase` (the English sentence, with its message and fields,
        so the app puts it into its reader's language; cards and colours are named by
        :mod:`~uno_tui.engine.words`)."""
        seat = getattr(action, "seat", None)
        if not isinstance(action, Action):
            return Phrase("{action} is not an action", action=repr(action))
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return Phrase("there is no seat {seat} at this table", seat=repr(seat))
        if self.is_over:
            return Phrase("the round is over")
        kind, decider = self.decision
        cls = type(action)
        for explain in self._machine.explainers:
            reason = explain(self, action)
            if reason is not None:
                return reason
        verb = Phrase(self._machine.decisions[kind].verb)
        if cls not in self._machine.handlers:
            return Phrase("{action} is not an action of {rules}", action=cls.__name__,
                          rules=Phrase(self.variant.label))
        if cls is CallUno:
            if len(self.hands[seat]) != 1:
                return Phrase("UNO can only be called when holding exactly one card")
            return Phrase("UNO was already called, or the moment to call it has passed")
        if cls is Catch:
            return Phrase("seat {seat} can't be caught: only a player down to one card who "
                          "has not called UNO can be caught, before the next player acts",
                          seat=action.target)
        if cls is JumpIn:
            if not self._jump_mode:
                return Phrase("jumping in is not allowed in this game")
            return Phrase("jumping in needs a card identical to the top card, before the "
                          "next player acts")
        if seat != decider:
            return Phrase("the game is waiting for seat {seat} to {decision}", seat=decider,
                          decision=verb)
        if cls is Draw and kind == _TURN and self._ctx.get("guilty"):
            return Phrase("after a guilty challenge the player must play a legal card "
                          "instead, not draw")
        if cls is Play:
            if action.card not in self.hands[seat]:
                return Phrase("seat {seat} does not hold card {card}", seat=seat,
                              card=action.card)
            face = self._faces[action.card]
            if kind == _DRAWN:
                drawn = self._faces[self._ctx["card"]]
                return Phrase("after drawing, only the drawn card ({card}) may be played",
                              card=card_name(drawn))
            if kind == _RESPOND:
                return Phrase("{card} can't be stacked on {top}", card=card_name(face),
                              top=card_name(self.top))
            if kind != _TURN:
                return Phrase("now is the time to {decision}, not to play a card",
                              decision=verb)
            if face.kind in self.variant.restricted_wilds:
                return Phrase("{card} may only be played with no {color} card in hand",
                              card=card_name(face), color=color_name(self.color))
            # Shorter for a narrow prompt line: the colour in play is the one thing a
            # cut must not lose (the top card is on the pile for all to see).
            card, color = card_name(face), color_name(self.color)
            return Phrase("{card} does not match {top} (the colour in play is {color})",
                          card=card, top=card_name(self.top), color=color).or_shorter(
                Phrase("{card} can't be played: the colour in play is {color}",
                       card=card, color=color),
                Phrase("the colour in play is {color}", color=color))
        if cls is ChooseColor and kind == _COLOR:
            return Phrase("{color} is not a colour of the side in play: name a colour "
                          "from {colors}", color=repr(action.color),
                          colors=Phrase.joined(", ", [color_word(c) for c in self.colors]))
        return Phrase("now is the time to {decision}", decision=verb)

    # ----------------------------------------------------------------- handlers

    def _on_jump_in(self, action: JumpIn) -> None:
        self.emit(_E.JUMP_IN, action.seat)
        self.current = action.seat
        self.play_card(action.seat, action.card)

    def _on_draw(self, action: Draw) -> None:
        seat = action.seat
        self._drew_on[seat] = (self.color, self.discard[-1], len(self.hands[seat]))
        if self._plain_turns and self.draw_pile:
            # No house rule has a say: one card, played at once if it goes on the top
            # card (its playable set is cached from the turn's legal actions).
            card = self.draw(seat, 1)[0]
            playable = self._match_sets.get((self.color, self._faces[self.discard[-1]]))
            if playable is None:
                playable = self._matching_cards(self.color, self._faces[self.discard[-1]])
            if card in playable:
                self.decide(_DRAWN, seat, card=card)
            else:
                self.advance(seat)
            return
        draw = self._draw_hook
        drawn = self.draw(seat, 1) if draw is None else draw(self, seat)
        if not drawn:
            # Nothing was drawn, so the hand is as it was when the player chose to draw.
            could_play = any(self.playable(seat, c) for c in self.hands[seat])
            self._stalled = 0 if could_play else self._stalled + 1
            if self._stalled >= self.players:
                self.finish(None)
                return
        if drawn and self._play_drawn and self.playable(seat, drawn[-1]):
            self.decide(_DRAWN, seat, card=drawn[-1])
        else:
            self.advance(seat)

    def _on_keep(self, action: Keep) -> None:
        self.emit(_E.KEEP, action.seat)
        self.advance(action.seat)

    def _on_choose_color(self, action: ChooseColor) -> None:
        seat, ctx = action.seat, self._ctx
        self.color = action.color
        self.emit(_E.COLOR, seat, color=action.color)
        then = ctx.get("then")
        if then == "turn":
            self.start_turn(seat)
        elif then == "advance":
            self.advance(ctx["from"])
        else:
            self._resolve(seat, ctx["card"], ctx)

    def _on_accept(self, action: Accept) -> None:
        seat, ctx = action.seat, self._ctx
        self.emit(_E.ACCEPT, seat)
        amount = self.pending_draw or ctx["amount"]
        self.pending_draw = 0
        self.penalize(seat, amount)
        self.skip_after(seat)

    def _on_challenge(self, action: Challenge) -> None:
        challenger, ctx = action.seat, self._ctx
        attacker, card = ctx["attacker"], ctx["card"]
        spec = self.variant.challenges[self._faces[card].kind]
        guilty = ctx["bluff"]
        self.pending_draw = 0
        self.emit(_E.CHALLENGE, challenger, target=attacker,
                  detail="guilty" if guilty else "innocent")
        shown = tuple(self.hands[attacker])
        self._revealed[challenger] = (attacker, shown)
        self.emit(_E.REVEAL, challenger, shown, target=attacker, audience=challenger)
        if not guilty:
            self.penalize(challenger, spec.innocent_draw, spec.innocent_extra)
            self.skip_after(challenger)
            return
        if spec.guilty_returns_card:
            self.color = ctx["prev_color"]
            # After a reshuffle (a catch can cause one) the card may be all that is left
            # of the discard pile; then it stays there, with the old colour in force.
            if len(self.discard) > 1:
                self.discard.pop()
                self.hands[attacker].append(card)
                self.emit(_E.RETURNED, attacker, (card,), color=self.color)
        self.penalize(attacker, spec.guilty_draw)
        self.start_turn(attacker if spec.guilty_returns_card else challenger)
        if spec.guilty_returns_card:
            self._ctx = {"guilty": True}

    def _on_call_uno(self, action: CallUno) -> None:
        self.called.add(action.seat)
        self.uno_window = None
        self.emit(_E.UNO, action.seat)

    def _on_catch(self, action: Catch) -> None:
        self.uno_window = None
        self.emit(_E.CATCH, action.seat, target=action.target)
        self.draw(action.target, 2)

    # ---------------------------------------------------------- turn-machine API

    def play_card(self, seat: int, card: int) -> None:
        """``seat`` plays ``card`` onto the discard pile: its colour is named if wild, then
        its effect (the rule set's ``effects[kind]``) happens."""
        self._on_play(self._plays[seat][card])

    def _on_play(self, action: Play) -> None:
        # play_card's work, as the handler of Play itself: every card played by choice
        # comes here straight from apply, one call less than through play_card.
        seat, card = action.seat, action.card
        hand = self.hands[seat]
        face = self._faces[card]
        face_color, kind, _ = face
        prev_color = self.color
        hand.remove(card)
        drew = self._drew_on.get(seat)
        if drew is not None and drew[2]:
            self._drew_on[seat] = (drew[0], drew[1], drew[2] - 1)
        self.discard.append(card)
        self._stalled = 0
        self._events.append(_PLAY_EVENTS[seat][card])
        if self._window_until_card:
            self.uno_window = None
        if self.called:
            self.called.discard(seat)
        if len(hand) == 1:
            self.uno_window = seat
            self._window_opened = self._version
        elif not hand:
            self.goer = seat
        variant = self.variant
        if face_color is not None:
            self.color = face_color
            ctx = _NO_CONTEXT if kind not in variant.draw_amounts else {
                "card": card, "prev_color": prev_color, "bluff": False}
            # _resolve, inlined: most cards played are coloured.
            effect = self._effects.get(kind)
            if effect is None:
                self.advance(seat)
            else:
                effect(self, seat, card, face, ctx)
            return
        ctx = {"card": card, "prev_color": prev_color,
               "bluff": kind in variant.restricted_wilds and self.holds_color(seat)}
        # A last card skips naming a colour unless its draw effect depends on it.
        if kind not in variant.no_color_choice and (self.goer is None or kind in variant.color_driven):
            self.decide(_COLOR, seat, **ctx)
            return
        self._resolve(seat, card, ctx)

    def _resolve(self, seat: int, card: int, ctx: dict) -> None:
        """Carry out a played card's effect once any colour has been named."""
        face = self._faces[card]
        effect = self._effects.get(face.kind)
        if effect is None:
            self.advance(seat)
        else:
            effect(self, seat, card, face, ctx)

    def hand_shrank(self, seat: int, cards: int = 1) -> None:
        """``seat`` parted with ``cards`` cards by playing or shedding them (not by giving
        them away): its UNO call lapses, at one card it must call UNO again (it can be
        caught until the next player acts), and with none left it has gone out
        (:attr:`goer`, unless someone already has)."""
        hand = self.hands[seat]
        if seat in self._drew_on:
            self._count_off(seat, cards)
        self._stalled = 0
        self.called.discard(seat)
        if len(hand) == 1:
            self.uno_window = seat
            self._window_opened = self._version
        elif not hand and self.goer is None:
            self.goer = seat

    def rotate_hands(self) -> None:
        """Every hand passes to the next seat in the direction of play."""
        hands = self.hands
        rotated = [None] * self.players
        for seat in range(self.players):
            rotated[self.next_seat(seat)] = hands[seat]
        self.hands = rotated
        self.emit(_E.ROTATE, None,
                  detail="clockwise" if self.direction == 1 else "counter-clockwise")
        self.reset_hands_after_exchange()

    def _count_off(self, seat: int, cards: int) -> None:
        """``seat`` parted with ``cards`` cards: fewer may be left from its last draw."""
        color, top, held = self._drew_on[seat]
        self._drew_on[seat] = (color, top, max(0, held - cards))

    def reset_hands_after_exchange(self) -> None:
        """Hands changed owners: what seats drew on no longer applies, nobody can be
        caught for it, and a one-card hand counts as called."""
        self._drew_on.clear()
        self.uno_window = None
        self.called = {s for s, h in enumerate(self.hands) if len(h) == 1}

    def forget_shown_cards(self) -> None:
        """Forget hands shown after a challenge and what seats could not play when they
        last drew (every face they concern has changed, e.g. after a flip)."""
        self._revealed.clear()
        self._drew_on.clear()

    def penalize(self, seat: int, amount, extra: int = 0) -> list[int]:
        """Make ``seat`` draw ``amount`` cards, or until the colour in play (``"until"``),
        or a :class:`~uno_tui.engine.ruleset.RandomDraw` rolled with :attr:`rng`."""
        if isinstance(amount, RandomDraw):
            amount = amount.roll(self._rng)
        if amount == "until":
            color = self.color
            drawn = self.draw_until(seat, lambda c: self._faces[c].color == color)
            if extra:
                drawn += self.draw(seat, extra)
            return drawn
        return self.draw(seat, amount + extra)

    def draw(self, seat: int, count: int) -> list[int]:
        """Move ``count`` cards (fewer if both piles run out) to ``seat``'s hand."""
        pile, hand = self.draw_pile, self.hands[seat]
        if count == 1 and pile:
            # A single card from a pile that has one: the commonest draw by far.
            card = pile.pop()
            hand.append(card)
            drawn, cards = [card], (card,)
        else:
            drawn = []
            for _ in range(count):
                if not pile:
                    self.reshuffle()
                    pile = self.draw_pile
                    if not pile:
                        break
                drawn.append(pile.pop())
            hand += drawn
            cards = tuple(drawn)
        if self.called and len(hand) != 1:
            self.called.discard(seat)
        self._events.append(_new_tuple(Event, (_E_DRAW, seat, cards, len(cards),
                                               None, None, "", seat)))
        after = self._after_draw
        if after is not None and drawn:
            after(self, seat, len(drawn))
        return drawn

    def draw_until(self, seat: int, wanted: Callable[[int], bool]) -> list[int]:
        """Draw one card at a time until ``wanted(card)`` or both piles are exhausted."""
        drawn: list[int] = []
        while True:
            got = self.draw(seat, 1)
            if not got:
                return drawn
            drawn += got
            if wanted(got[0]):
                return drawn

    def reshuffle(self) -> None:
        """The discard pile but its top card, shuffled, becomes the draw pile."""
        if len(self.discard) <= 1:
            return
        top = self.discard.pop()
        pile = self.discard
        shuffle(self._rng, pile)
        self.draw_pile = pile
        self.discard = [top]
        self.emit(_E.RESHUFFLE, None, count=len(pile))

    def finish_if_gone_out(self) -> bool:
        """End the round if a seat has played its last card (:attr:`goer`); whether it did.

        A rule set's effect calls it first when a last card must not carry out the rest."""
        if self.goer is None:
            return False
        self.finish(self.goer)
        return True

    def advance(self, seat: int, skip: int = 0) -> None:
        """End ``seat``'s turn: the round ends if someone went out, else the next turn
        starts, ``skip`` seats on."""
        if self.goer is not None:
            self.finish(self.goer)
            return
        nxt = (seat + self.direction) % self.players
        if skip:
            for _ in range(skip):
                self.emit(_E_SKIP, nxt)
                nxt = (nxt + self.direction) % self.players
        # start_turn(nxt), inlined: every turn passes through here.
        self.current = nxt
        self.decision = _TURN_DECISIONS[nxt]
        self._ctx = _NO_CONTEXT
        self._events.append(_TURN_EVENTS[nxt])

    def skip_after(self, seat: int) -> None:
        """``seat`` loses its turn (after a penalty): play goes on after it."""
        if self.finish_if_gone_out():
            return
        self.emit(_E_SKIP, seat)
        self.start_turn(self.next_seat(seat))

    def start_turn(self, seat: int) -> None:
        """It is ``seat``'s turn to play or draw."""
        self.current = seat
        self.decision = _TURN_DECISIONS[seat]
        self._ctx = _NO_CONTEXT
        self._events.append(_TURN_EVENTS[seat])

    def decide(self, kind: str, seat: int, **ctx) -> None:
        """The game now waits on ``seat`` for a decision of ``kind``; ``ctx`` is its detail
        (public only for keys listed as public: the rest stays the game's secret)."""
        self.decision = _new_tuple(Decision, (kind, seat))
        self._ctx = ctx

    def finish(self, winner: int | None) -> None:
        """The round ends: ``winner`` went out (``None``: nobody could go on)."""
        self.winner = winner
        self.goer = winner
        self.uno_window = None
        self.decision = Decision(_ROUND_OVER, -1 if winner is None else winner)
        self._ctx = {}
        self.emit(_E.ROUND_OVER, winner, count=self.round_points())

    def emit(self, kind: str, seat: int | None, cards: tuple[int, ...] = (), count: int = 0,
             color: str | None = None, target: int | None = None, detail: str = "",
             audience: int | None = None) -> None:
        """Report an event of the action being applied (``audience``: the one seat that may
        see ``cards``)."""
        # tuple.__new__ skips NamedTuple's Python-level constructor: events are the hot path.
        self._events.append(_new_tuple(Event, (kind, seat, cards, count, color, target,
                                               detail, audience)))

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play."""
        return (seat + self.direction) % self.players

    def prev_seat(self, seat: int) -> int:
        """The seat before ``seat`` in the direction of play."""
        return (seat - self.direction) % self.players

    def seats_from(self, seat: int) -> list[int]:
        """Every seat once, in the direction of play, starting at ``seat``."""
        return [(seat + i * self.direction) % self.players for i in range(self.players)]

    def set_side(self, side: int) -> None:
        """Put side ``side`` (0 light, 1 dark) of every card in play."""
        if side not in (0, 1) or (side == 1 and not self.variant.dark_deck):
            raise ConfigError(f"side {side!r} is not in play in {self.variant.label}")
        self.side = side
        self._faces = [card.face(side) for card in self._cards]
        self._match_sets = self._new_match_sets()

    # -------------------------------------------------------------------- views

    def view(self, seat: int) -> GameView:
        """Everything ``seat`` may know now (see :class:`~uno_tui.engine.view.GameView`)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalActionError(Phrase("there is no seat {seat} at this table",
                                            seat=repr(seat)))
        faces = self._faces
        dark = self.variant.dark_deck != ()
        other_side = 1 - self.side
        seats = tuple(
            SeatInfo(s, len(hand), s in self.called,
                     tuple(self._cards[c].face(other_side) for c in hand) if dark and s != seat else (),
                     self._drew_on_view(s))
            for s, hand in enumerate(self.hands)
        )
        revealed = self._revealed.get(seat)
        window = self.uno_window
        catchable = (window,) if (window is not None and window not in self.called
                                  and len(self.hands[window]) == 1) else ()
        hand_cards = self._hand_cards()
        extras = self.variant.view_extras
        return GameView(
            variant=self.variant.name,
            seat=seat,
            players=self.players,
            hand=tuple(map(hand_cards.__getitem__, self.hands[seat])),
            seats=seats,
            top=faces[self.discard[-1]],
            color=self.color,
            side=self.side,
            direction=self.direction,
            current=self.current,
            dealer=self.dealer,
            decision_kind=self.decision.kind,
            decision_seat=self.decision.seat,
            draw_count=len(self.draw_pile),
            discard=tuple(map(hand_cards.__getitem__, self.discard)),
            draw_top_back=(self._cards[self.draw_pile[-1]].face(other_side)
                           if dark and self.draw_pile else None),
            catchable=catchable,
            revealed=(revealed[0], tuple(faces[c] for c in revealed[1])) if revealed else None,
            pending_draw=self.pending_draw,
            winner=self.winner,
            uno_window=self.uno_window,
            rules=self.rules,
            extras=extras(self, seat) if extras is not None else {},
            context=self._public_context(seat),
        )

    def _drew_on_view(self, seat: int) -> DrewOn | None:
        drew = self._drew_on.get(seat)
        return None if drew is None else DrewOn(drew[0], HandCard(drew[1], self._faces[drew[1]]),
                                                drew[2])

    def _public_context(self, seat: int) -> dict:
        """The decision details ``seat`` may know: listed keys only, so new ones stay hidden."""
        ctx = self._ctx
        if not ctx:
            return {}
        public = {key: ctx[key] for key in self._machine.public_context if key in ctx}
        if self.decision.kind == _DRAWN and seat != self.decision.seat:
            public.pop("card", None)
        return public

    def _hand_cards(self) -> list[HandCard]:
        """``HandCard(id, face)`` for every card on the side in play, built once per side."""
        cached = self._hand_card_cache
        if cached is None or cached[0] is not self._faces:
            cached = (self._faces, [HandCard(c, f) for c, f in enumerate(self._faces)])
            self._hand_card_cache = cached
        return cached[1]

    # ---------------------------------------------------------- serialization

    def to_json(self) -> dict:
        """The whole state as plain JSON values; :meth:`from_json` restores it exactly."""
        return saves.game_to_json(self)

    def dumps(self) -> str:
        """The state as a JSON string."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> "Game":
        """Restore a game saved with :meth:`dumps`; :class:`SaveDataError` if it is corrupt."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveDataError(Phrase("the saved game is not valid JSON: {problem}",
                                       problem=json_reason(exc))) from None
        except TypeError:
            raise SaveDataError(Phrase("the saved game is not text")) from None
        except RecursionError:
            raise SaveDataError(Phrase("the saved game is nested too deeply")) from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: dict) -> "Game":
        """Restore a game from :meth:`to_json` data; :class:`SaveDataError` if it is corrupt."""
        return saves.game_from_json(cls, data)

    def snapshot(self) -> dict:
        """The whole state as plain values: the keyword arguments of
        :func:`~uno_tui.engine.saves.save_data` (the save format reads nothing else)."""
        return {
            "variant": self.variant.name, "players": self.players, "rules": self.rules,
            "seed": self.seed, "side": self.side,
            "cards": self.cards if self.variant.dark_deck else None,
            "hands": self.hands, "draw_pile": self.draw_pile, "discard": self.discard,
            "out_of_play": self.out_of_play, "color": self.color, "direction": self.direction,
            "dealer": self.dealer, "current": self.current, "decision": self.decision,
            "ctx": self._ctx, "uno_window": self.uno_window, "called": self.called,
            "winner": self.winner, "goer": self.goer, "stalled": self._stalled,
            "pending_draw": self.pending_draw,
            "revealed": [[s, t, list(cards)] for s, (t, cards) in self._revealed.items()],
            "drew_on": [[s, c, t, h] for s, (c, t, h) in sorted(self._drew_on.items())],
            "rng": saves.rng_to_json(self._rng),
            "state": {f.name: f.save(getattr(self, f.name)) for f in self.variant.state},
        }

    @classmethod
    def blank(cls, variant: str | Variant, players: int, rules: Iterable[str] = (),
              seed: int | str | None = None) -> "Game":
        """A game set up but not dealt, to :meth:`restore` a saved state into."""
        game = cls.__new__(cls)
        game._configure(variant, players, rules, seed, deal_cards=False)
        game._events = []
        game.opening_events = ()
        return game

    def restore(self, parts: dict) -> None:
        """Put a state into this game (one from :meth:`blank`): ``parts`` holds the
        values of :meth:`snapshot`, already checked by the save format (``cards``: the
        physical cards; ``state``: the rule set's fields, already loaded; ``revealed``
        and ``drew_on`` as dicts by seat; ``rng`` as JSON). Only the keys given change."""
        if parts.get("cards") is not None:
            self._cards = list(parts["cards"])
        if "side" in parts:
            self.set_side(parts["side"])
        simple = {"hands", "draw_pile", "discard", "out_of_play", "color", "direction",
                  "dealer", "current", "decision", "uno_window", "called", "winner", "goer",
                  "pending_draw"}
        for name in simple & parts.keys():
            setattr(self, name, parts[name])
        if "ctx" in parts:
            self._ctx = dict(parts["ctx"])
        if "stalled" in parts:
            self._stalled = parts["stalled"]
        if "revealed" in parts:
            self._revealed = dict(parts["revealed"])
        if "drew_on" in parts:
            self._drew_on = dict(parts["drew_on"])
        if "rng" in parts:
            saves.rng_from_json(parts["rng"], self._rng)
        for name, value in parts.get("state", {}).items():
            setattr(self, name, value)
        self._version += 1
        if parts.get("uno_window") is not None:
            self._window_opened = self._version     # a new opening for any clock

    def copy(self) -> "Game":
        """An independent copy to play out (for search); the original is left as it is.

        Equal to ``Game.from_json(game.to_json())`` but much cheaper: containers in the
        state are copied, immutable values (cards, faces, the rule set, the shared
        playable-card cache) are shared, and every random generator (the game's, and a
        rule set's own) is duplicated with its own state.
        """
        twin = _new_game(Game)
        # Attribute by attribute, as slots: a loop over the slots' names with setattr
        # made a copy a third slower than one over a dict's items (copies are most of
        # a searching bot's work). Every slot must be here (test_seeded_games checks).
        # Shared: immutable, or never changed in place by play.
        twin.variant, twin.players, twin.rules, twin.seed = (
            self.variant, self.players, self.rules, self.seed)
        twin._machine, twin._handlers, twin._effects, twin._after_draw = (
            self._machine, self._handlers, self._effects, self._after_draw)
        twin._cards, twin.side, twin._faces, twin._match_sets = (
            self._cards, self.side, self._faces, self._match_sets)
        twin.color, twin.direction, twin.dealer, twin.current, twin.decision = (
            self.color, self.direction, self.dealer, self.current, self.decision)
        twin.uno_window, twin._window_opened, twin.winner, twin.goer = (
            self.uno_window, self._window_opened, self.winner, self.goer)
        twin._stalled, twin.pending_draw, twin._version = (
            self._stalled, self.pending_draw, self._version)
        twin._legal_version, twin._legal_seat = self._legal_version, self._legal_seat
        twin._jump_mode, twin._checks_bluffs, twin._turn_plays, twin._plain_turns = (
            self._jump_mode, self._checks_bluffs, self._turn_plays, self._plain_turns)
        twin._window_until_card, twin._may_finish, twin._draw_hook, twin._play_drawn = (
            self._window_until_card, self._may_finish, self._draw_hook, self._play_drawn)
        twin._plays, twin.opening_events, twin._hand_card_cache = (
            self._plays, self.opening_events, self._hand_card_cache)
        # Copied: what play changes in place.
        twin._rng = _copied(self._rng)
        twin.hands = [hand[:] for hand in self.hands]
        twin.draw_pile, twin.discard, twin.out_of_play = (
            self.draw_pile[:], self.discard[:], self.out_of_play[:])
        twin._legal_list, twin._events = self._legal_list[:], self._events[:]
        twin._ctx = {key: _copy_inner(value) for key, value in self._ctx.items()}
        twin.called = set(self.called)
        twin._revealed, twin._drew_on = dict(self._revealed), dict(self._drew_on)
        # A rule set's own state fields.
        state = twin.__dict__
        for name, value in self.__dict__.items():
            state[name] = _copied(value)
        return twin


#: The attributes in Game's slots (``__dict__`` holds a rule set's own state fields).
_SLOTS = tuple(name for name in Game.__slots__ if name not in ("__dict__", "__weakref__"))
_new_game = object.__new__


def _copied(value):
    """A game's attribute as its copy gets it (see ``Game.copy``): containers copied (one
    level in), a random generator duplicated with its state, the rest shared."""
    kind = type(value)
    if kind is list:
        return ([_copy_inner(v) for v in value] if value and type(value[0]) in _INNER
                else value[:])
    if kind is dict:
        return {k: _copy_inner(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    if kind is random.Random:
        # Not Random(): seeding it from the system's entropy first costs more than the
        # rest of a copy's generator.
        twin = random.Random.__new__(random.Random)
        twin.setstate(value.getstate())
        return twin
    return value


_INNER = (list, dict, set)


def _copy_inner(value):
    kind = type(value)
    if kind is list:
        return value[:]
    if kind is dict:
        return dict(value)
    if kind is set:
        return set(value)
    return value


def _checked_cards(variant: Variant, cards: Sequence[Card]) -> list[Card]:
    """``cards`` as a deck of ``variant``: ids 0..N-1 in order, exactly the variant's faces."""
    cards = list(cards)
    if (any(not isinstance(c, Card) or c.id != i for i, c in enumerate(cards))
            or Counter(c.light for c in cards) != decks.face_counts(variant.deck)
            or Counter(c.dark for c in cards if c.dark) != decks.face_counts(variant.dark_deck)):
        raise ConfigError(f"those cards are not a {variant.label} deck")
    return cards


# ------------------------------------------------------------ the assembly

def _first(values):
    return next((v for v in values if v is not None), None)


class _Machine:
    """One rule set's dispatch tables with a set of house rules, assembled once from the
    shared ones, the rule set's and the house rules' hooks."""

    __slots__ = ("effects", "handlers", "decisions", "keeps_window", "public_context",
                 "after_draw", "variant", "rules", "jump_in", "strict_wilds", "draw",
                 "keep_drawn", "play_drawn", "stacks", "answers", "may_finish", "turn_plays",
                 "window_until_card", "window_seconds", "explainers", "table_actions")

    def __init__(self, variant: Variant, rules: frozenset[str]) -> None:
        cards = sum(copies for _, copies in variant.deck)
        if variant.max_players > _MAX_SEATS or cards > _MAX_CARDS:
            raise ConfigError(f"{variant.label} wants {variant.max_players} seats and {cards} "
                              f"cards: the engine plays at most {_MAX_SEATS} and {_MAX_CARDS}")
        house = [house_rule_spec(name) for name in sorted(rules)]
        self.variant = variant
        self.rules = rules
        effects = dict(variant.effects)
        for rule in house:
            for kind, wrap in rule.effects.items():
                effects[kind] = wrap(effects.get(kind, pass_on))
        # A card that only passes the turn on needs no call: play_card passes it on.
        self.effects = {kind: effect for kind, effect in effects.items()
                        if effect is not pass_on}
        self.handlers = {**_SHARED_HANDLERS, **variant.handlers}
        self.decisions = {**_SHARED_DECISIONS, **variant.decisions}
        neutral = variant.window_neutral
        self.table_actions: dict[type, Callable] = {}
        for rule in house:
            self.handlers.update(rule.handlers)
            self.table_actions.update(rule.table_actions)
            self.decisions.update(rule.decisions)
            neutral |= rule.window_neutral
        self.keeps_window = frozenset({CallUno, Catch}) | neutral
        self.public_context = PUBLIC_CONTEXT + tuple(
            key for key in variant.public_context if key not in PUBLIC_CONTEXT)
        self.after_draw = variant.after_draw
        self.jump_in = _first(rule.jump_in or None for rule in house) or ""
        self.strict_wilds = any(rule.strict_wilds for rule in house)
        self.draw = _first(rule.draw for rule in house)
        self.keep_drawn = all(rule.keep_drawn for rule in house)
        self.play_drawn = all(rule.play_drawn for rule in house)
        stackers = [rule.stacks for rule in house if rule.stacks is not None]
        self.stacks = (None if not stackers else stackers[0] if len(stackers) == 1
                       else (lambda v, top, face: any(s(v, top, face) for s in stackers)))
        self.answers = tuple(rule.answers for rule in house if rule.answers is not None)
        self.may_finish = _first(rule.may_finish for rule in house)
        plays = [rule.turn_plays for rule in house if rule.turn_plays is not None]
        self.turn_plays = (None if not plays else plays[0] if len(plays) == 1
                           else (lambda game, seat: [a for p in plays for a in p(game, seat)]))
        self.window_until_card = any(rule.window_until_card for rule in house)
        self.window_seconds = _first(rule.window_seconds for rule in house)
        self.explainers = tuple(e for e in [variant.explain, *(r.explain for r in house)]
                                if e is not None)


_MACHINES: dict[tuple[int, frozenset[str]], _Machine] = {}


def _machine_for(variant: Variant, rules: frozenset[str] = frozenset()) -> _Machine:
    key = (id(variant), rules)
    machine = _MACHINES.get(key)
    if machine is None or machine.variant is not variant:
        machine = _MACHINES[key] = _Machine(variant, rules)
    return machine


_SHARED_HANDLERS: dict[type, Callable[[Game, Action], None]] = {
    Play: Game._on_play,
    JumpIn: Game._on_jump_in,
    Draw: Game._on_draw,
    Keep: Game._on_keep,
    ChooseColor: Game._on_choose_color,
    Accept: Game._on_accept,
    Challenge: Game._on_challenge,
    CallUno: Game._on_call_uno,
    Catch: Game._on_catch,
}


def _no_legal(game: Game, seat: int) -> list[Action]:
    return []


#: The decision kinds every rule set shares (their context is checked in ``saves``).
_SHARED_DECISIONS: dict[str, DecisionRule] = {
    _TURN: DecisionRule(Game._legal_turn, "play a card or draw", check_context=saves.check_turn),
    _DRAWN: DecisionRule(Game._legal_drawn, "play the drawn card or keep it",
                         check_context=saves.check_drawn),
    # A last wild whose effect needs the colour waits for it with its player gone out.
    _COLOR: DecisionRule(Game._legal_color, "name a colour", check_context=saves.check_color,
                         after_out=True),
    _RESPOND: DecisionRule(Game._legal_respond, "answer the draw card",
                           check_context=saves.check_respond),
    _ROUND_OVER: DecisionRule(_no_legal, "start a new round"),
}


def decision_verb(kind: str) -> str:
    """What a decision of ``kind`` asks for, in words ("name a colour"), from the rule that
    declares it (shared, or any registered rule set's or house rule's); a kind no rule
    declares is spelt out."""
    rule = _SHARED_DECISIONS.get(kind) or declared_decision(kind)
    return rule.verb if rule is not None else str(kind).replace("_", " ")

