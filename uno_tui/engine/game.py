"""The table: one state machine for every variant.

A :class:`Game` is one round of UNO. It always waits on a :class:`Decision`
(whose, and of what kind); other seats may act at the same time through
*windows* (catching a missed UNO, jumping in). ``legal_actions(seat)`` lists
what a seat may do now, ``apply(action)`` does it and returns the events that
happened, and ``view(seat)`` is everything that seat may know.

Variant differences are read from :mod:`uno_tui.engine.variants` tables and the
``_EFFECTS`` dispatch table at the bottom of this module; they are not copies of
the machinery.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Callable, Iterable

from . import party
from .actions import (
    DECISION_VERBS, Accept, Action, CallUno, Catch, Challenge, ChooseColor, Decision,
    DecisionKind, Draw, Event, EventKind, JumpIn, Keep, LinkPlayers, Play, PointAt, SwapHands, TakePile,
)
from .cards import COLOR_NAMES, Card, Face, Kind
from .errors import ConfigError, IllegalActionError, SaveDataError
from .variants import (
    DRAW_EFFECTS, RESTRICTED_WILDS, STACKABLE, FirstCard, Variant, get_variant,
)
from .view import DrewOn, GameView, HandCard, SeatInfo
from . import flip

__all__ = ["Game", "SAVE_FORMAT"]

SAVE_FORMAT = 1

#: Wild cards whose draw effect needs the named colour, so the colour is chosen
#: even when the card is its player's last.
_COLOR_DRIVEN = frozenset({Kind.SNORLAX, Kind.GRENINJA, Kind.WILD_DRAW_COLOR})
#: Wild cards whose player names no colour (Wild Pile Up's mini-pile sets it).
_NO_COLOR_CHOICE = frozenset({Kind.WILD_PILE_UP})

_D = DecisionKind
_E = EventKind

#: Decision-context keys any seat may see (``bluff`` is the game's secret).
_PUBLIC_CONTEXT = ("card", "prev_color", "attacker", "amount", "then", "from",
                   "player", "color")

# Interned actions: the same immutable value every time, so legal-action lists are cheap
# and ``apply`` can recognise a listed action by identity.
_cache: dict[tuple, Action] = {}
_PLAYS: list[list[Play]] = []


def _plays_for(seat: int) -> list[Play]:
    """Interned ``Play(seat, card)`` for every card id, indexed by card id."""
    while len(_PLAYS) <= seat:
        owner = len(_PLAYS)
        _PLAYS.append([_act(Play, owner, card) for card in range(_MAX_CARDS)])
    return _PLAYS[seat]


_MAX_CARDS = 256
_MAX_SEATS = 16
_new_tuple = tuple.__new__
_SHARED_MATCH_SETS: dict[str, dict] = {}
#: Shared empty context for effects that need none; never mutated.
_NO_CONTEXT: dict = {}


def _act(cls, seat: int, arg=None) -> Action:
    key = (cls, seat, arg)
    action = _cache.get(key)
    if action is None:
        action = cls(seat) if arg is None else cls(seat, arg)
        _cache[key] = action
    return action


_DRAWS = [_act(Draw, seat) for seat in range(_MAX_SEATS)]


class Game:
    """One round of UNO for ``players`` seats (numbered from 0, clockwise).

    >>> game = Game("classic", players=4, seed=1)
    >>> seat = game.decision.seat
    >>> events = game.apply(game.legal_actions(seat)[0])

    ``rules`` is a set of house-rule names (see ``variants.HOUSE_RULES``).
    ``dealer`` fixes the dealer; otherwise each player draws a card and the
    highest number deals. ``deck`` rigs the deck: card ids in the order they are
    drawn (top first); it is not shuffled.
    """

    def __init__(self, variant: str | Variant = "classic", players: int = 4, *,
                 seed: int | None = None, rules: Iterable[str] = (),
                 dealer: int | None = None, deck: list[int] | None = None) -> None:
        self._configure(variant, players, rules, seed)
        if dealer is not None and not 0 <= dealer < players:
            raise ConfigError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
        self._events: list[Event] = []
        self._deal_round(dealer, deck)
        self.opening_events: tuple[Event, ...] = tuple(self._events)
        self._events = []

    # ------------------------------------------------------------------ set-up

    def _configure(self, variant, players, rules, seed) -> None:
        self.variant: Variant = variant if isinstance(variant, Variant) else get_variant(variant)
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"players must be a whole number, not {players!r}")
        self.variant.check_players(players)
        self.rules: frozenset[str] = frozenset(rules)
        self.variant.check_rules(self.rules)
        self.players = players
        self.seed = seed
        self._rng = random.Random(seed)
        self._cards: list[Card] = self.variant.build_deck(self._rng)
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
        self.decision = Decision(_D.TURN, 0)
        self._ctx: dict = {}
        self.uno_window: int | None = None
        self.called: set[int] = set()
        self.winner: int | None = None
        self._goer: int | None = None
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
        # The jump-in house rule widens a built-in speed play (Party's numbers only) to
        # every identical coloured card.
        self._jump_mode = "identical" if "jump-in" in self.rules else self.variant.builtin_jump_in
        #: Party: the two seats holding the link cards (lowest first), or None.
        self.link: tuple[int, int] | None = None
        #: Party: Wild Pile Up's mini-pile, bottom first (a card zone).
        self.mini_pile: list[int] = []

    def _deal_round(self, dealer: int | None, deck: list[int] | None) -> None:
        rigged = deck is not None
        if rigged:
            ids = list(deck)
            if sorted(ids) != list(range(len(self._cards))):
                raise ConfigError(f"a rigged deck must hold each of the {len(self._cards)} "
                                  "card ids exactly once")
            self.draw_pile = ids[::-1]
        else:
            self.draw_pile = list(range(len(self._cards)))
            self._rng.shuffle(self.draw_pile)
        if dealer is None:
            dealer = self._choose_dealer(rigged)
        self.dealer = dealer
        self._emit(_E.DEALER, dealer)
        for seat in self._seats_from(self._next(dealer)):
            self.hands[seat] = [self.draw_pile.pop() for _ in range(self.variant.hand_size)]
            self._emit(_E.DEAL, seat, count=self.variant.hand_size)
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
                self._emit(_E.DEALER_DRAW, seat, (card,))
            # Cards go back under the pile so a rigged deck stays predictable.
            self.draw_pile[:0] = list(drawn.values())[::-1]
            values = {seat: self._cards[c].light.number or 0 for seat, c in drawn.items()}
            best = max(values.values())
            contenders = [seat for seat in contenders if values[seat] == best]
            if len(contenders) == 1:
                if not rigged:
                    self._rng.shuffle(self.draw_pile)
                return contenders[0]

    def _turn_first_card(self, rigged: bool) -> None:
        first = self._next(self.dealer)
        while True:
            card = self.draw_pile.pop()
            self.discard.append(card)
            face = self._faces[card]
            self._emit(_E.FIRST_CARD, None, (card,))
            rule = self.variant.first_card.get(face.kind, FirstCard.PLAY)
            if rule == FirstCard.RETURN:
                self.discard.pop()
                self.draw_pile.insert(0, card)
                if not rigged:
                    self._rng.shuffle(self.draw_pile)
                self._emit(_E.RETURNED, None, (card,))
                continue
            if rule == FirstCard.TURN_ANOTHER:
                continue
            break
        self.color = face.color
        if rule == FirstCard.CHOOSE_COLOR:
            self.current = first
            self._decide(_D.COLOR, first, then="turn")
        elif rule == FirstCard.SKIP:
            self._emit(_E.SKIP, first)
            self._start_turn(self._next(first))
        elif rule == FirstCard.DEALER_REVERSED:
            self.direction = -1
            self._emit(_E.REVERSE, None)
            self._start_turn(self.dealer)
        elif rule == FirstCard.DRAW_AND_SKIP:
            self._draw(first, DRAW_EFFECTS[face.kind])
            self._emit(_E.SKIP, first)
            self._start_turn(self._next(first))
        else:
            self._start_turn(first)

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

        UNO Flip: ``side`` is the side in play (0 light, 1 dark); a card is
        ``"R5/P3"`` (light face / dark face; ``*`` leaves a half to chance) or one
        code read on the side in play, its other face dealt from what is left.
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
            game._cards, named = flip.position_deck(game.variant, texts, side, game._rng)
            game._set_side(side)
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
        game.direction = direction
        game.dealer = game._prev(current) if dealer is None else dealer
        game.called = {s for s, h in enumerate(hands) if len(h) == 1}
        game._start_turn(current)
        game.opening_events = ()
        game._events = []
        return game

    # --------------------------------------------------------------- accessors

    def card(self, card_id: int) -> Card:
        """The physical card with this id."""
        return self._cards[card_id]

    def face(self, card_id: int) -> Face:
        """The face of ``card_id`` on the side in play."""
        return self._faces[card_id]

    @property
    def top(self) -> Face:
        """The face of the discard pile's top card."""
        return self._faces[self.discard[-1]]

    @property
    def is_over(self) -> bool:
        """True once the round has ended (with or without a winner)."""
        return self.decision.kind == _D.ROUND_OVER

    @property
    def deck_size(self) -> int:
        """Number of physical cards in this game."""
        return len(self._cards)

    def hand_points(self, seat: int) -> int:
        """Points of the cards left in ``seat``'s hand, on the side in play."""
        points = self.variant.face_points
        return sum(points(self._faces[c]) for c in self.hands[seat])

    def round_points(self) -> int:
        """What the round's winner scores: every other hand's points."""
        return sum(self.hand_points(s) for s in range(self.players) if s != self.winner)

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, windows included. Empty when none."""
        if self._legal_version == self._version and self._legal_seat == seat:
            return self._legal_list
        actions = self._compute_legal(seat)
        self._legal_version, self._legal_seat, self._legal_list = self._version, seat, actions
        return actions

    def _compute_legal(self, seat: int) -> list[Action]:
        kind, decider = self.decision
        if seat == decider and kind == _D.TURN and not self._ctx:
            # The common case first: an ordinary turn (the decider is always a real seat).
            actions = self._playable_plays(seat)
            actions.append(_DRAWS[seat])
            if self.uno_window is None and not self._jump_mode:
                return actions
            return self._add_window_actions(seat, kind, decider, actions)
        if kind == _D.ROUND_OVER or type(seat) is not int or not 0 <= seat < self.players:
            return []
        actions: list[Action] = []
        if seat == decider:
            if kind == _D.TURN:
                actions = self._playable_plays(seat)
                if self._ctx and self._ctx.get("guilty"):
                    actions = self._legal_instead(seat, actions)
                else:
                    actions.append(_DRAWS[seat])
            elif kind == _D.DRAWN:
                actions.append(_act(Play, seat, self._ctx["card"]))
                if "forced-play" not in self.rules:
                    actions.append(_act(Keep, seat))
            elif kind == _D.COLOR:
                actions = [_act(ChooseColor, seat, c) for c in self.colors]
            elif kind == _D.RESPOND:
                actions.append(_act(Accept, seat))
                if self._challengeable():
                    actions.append(_act(Challenge, seat))
                actions += [_act(Play, seat, c) for c in self._stackable_cards(seat)]
            elif kind == _D.SWAP:
                actions = [_act(SwapHands, seat, t) for t in range(self.players) if t != seat]
            elif kind in _DECISION_ACTIONS:
                actions = _DECISION_ACTIONS[kind](self, seat)
        return self._add_window_actions(seat, kind, decider, actions)

    def _add_window_actions(self, seat: int, kind: str, decider: int,
                            actions: list[Action]) -> list[Action]:
        """``actions`` plus what ``seat`` may do out of turn: call UNO, catch, jump in."""
        window = self.uno_window
        if window is not None and window not in self.called and len(self.hands[window]) == 1:
            actions.append(_act(CallUno, seat) if seat == window else _act(Catch, seat, window))
        if self._jump_mode and kind == _D.TURN and seat != decider:
            actions += [_act(JumpIn, seat, c) for c in self._jump_cards(seat)]
        return actions

    @property
    def colors(self) -> tuple[str, ...]:
        """The colours of the side in play."""
        return self.variant.dark_colors if self.side else self.variant.colors

    def _legal_instead(self, seat: int, plays: list[Action]) -> list[Action]:
        """After a guilty challenge the player plays a legal card instead: no bluff, no draw."""
        holds = self._holds_color(seat)
        legal = [a for a in plays if not (holds and self._faces[a.card].kind in RESTRICTED_WILDS)]
        return legal or plays + [_DRAWS[seat]]

    def _playable_plays(self, seat: int) -> list[Action]:
        """``Play`` actions for the seat's cards that match the top card (the hot path)."""
        if "no-bluffing" in self.rules:
            plays = _plays_for(seat)
            return [plays[c] for c in self.hands[seat] if self._playable(seat, c)]
        plays = _plays_for(seat)
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
        share one cache. A Flip deck's faces change with each game's pairing and each
        flip, so a cache would be rebuilt too often to pay: cards are matched one by one.
        """
        if self.variant.dark_deck:
            return None
        return _SHARED_MATCH_SETS.setdefault(self.variant.name, {})

    def _playable(self, seat: int, card: int) -> bool:
        face = self._faces[card]
        if face.color is None:
            if face.kind in RESTRICTED_WILDS and "no-bluffing" in self.rules:
                return not self._holds_color(seat, besides=card)
            return True
        if face.color == self.color:
            return True
        top = self._faces[self.discard[-1]]
        return face.kind == top.kind and face.number == top.number

    def _holds_color(self, seat: int, besides: int | None = None) -> bool:
        """Whether ``seat`` holds a card of the colour in play (other than ``besides``)."""
        faces, color = self._faces, self.color
        if self.variant.wilds_match_color:
            return any(faces[c].color in (color, None) for c in self.hands[seat] if c != besides)
        return any(faces[c].color == color for c in self.hands[seat])

    def _challengeable(self) -> bool:
        ctx = self._ctx
        if "bluff" not in ctx or "no-bluffing" in self.rules:
            return False
        if self._faces[ctx["card"]].kind not in self.variant.challenges:
            return False
        # Under stacking only a lone wild draw card can be challenged, not a stack of them.
        amount = ctx["amount"]
        return self.pending_draw <= (amount if isinstance(amount, int) else 0)

    def _stackable_cards(self, seat: int) -> list[int]:
        if "stacking" not in self.rules:
            return []
        top_kind = self._faces[self.discard[-1]].kind
        return [c for c in self.hands[seat] if self._faces[c].kind == top_kind]

    def _jump_cards(self, seat: int) -> list[int]:
        top = self._faces[self.discard[-1]]
        if top.color is None or (self._jump_mode == "numbers" and top.kind != Kind.NUMBER):
            return []
        return [c for c in self.hands[seat] if self._faces[c] == top]

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Perform ``action`` and return the events that happened.

        Raises :class:`IllegalActionError` (and changes nothing) when the action
        is not legal now.
        """
        try:
            seat = action.seat
        except AttributeError:
            raise IllegalActionError(f"{action!r} is not an action") from None
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
        # Voting is not acting on the table: a missed UNO stays catchable through a ballot.
        if (cls is not CallUno and cls is not Catch and cls is not PointAt
                and seat != self.uno_window):
            self.uno_window = None
        if self._revealed:
            self._revealed.pop(seat, None)
        _HANDLERS[cls](self, action)
        return tuple(events)

    def _apply_unlisted(self, action: Action) -> tuple[Event, ...]:
        """An action missing from the legal list: Party's wrong speed play (a penalty), or an error."""
        if not party.is_wrong_speed_play(self, action):
            raise IllegalActionError(self.explain_illegal(action))
        self._events = events = []
        self._version += 1
        party.on_wrong_speed_play(self, action)
        return tuple(events)

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words a player understands."""
        seat = getattr(action, "seat", None)
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r} at this table"
        if self.is_over:
            return "the round is over"
        kind, decider = self.decision
        cls = type(action)
        reason = party.explain(self, action)
        if reason is not None:
            return reason
        if cls is CallUno:
            if len(self.hands[seat]) != 1:
                return "UNO can only be called when holding exactly one card"
            return "UNO was already called, or the moment to call it has passed"
        if cls is Catch:
            return (f"seat {action.target} can't be caught: only a player down to one card who "
                    "has not called UNO can be caught, before the next player acts")
        if cls is JumpIn:
            if not self._jump_mode:
                return "jumping in is not allowed in this game"
            return "jumping in needs a card identical to the top card, before the next player acts"
        if seat != decider:
            return f"the game is waiting for seat {decider} to {DECISION_VERBS[kind]}"
        if cls is Draw and kind == _D.TURN and self._ctx.get("guilty"):
            return "after a guilty challenge the player must play a legal card instead, not draw"
        if cls is Play:
            if action.card not in self.hands[seat]:
                return f"seat {seat} does not hold card {action.card}"
            face = self._faces[action.card]
            if kind == _D.DRAWN:
                drawn = self._faces[self._ctx["card"]]
                return f"after drawing, only the drawn card ({drawn.label}) may be played"
            if kind == _D.RESPOND:
                return f"{face.label} can't be stacked on {self.top.label}"
            if kind != _D.TURN:
                return f"now is the time to {DECISION_VERBS[kind]}, not to play a card"
            if face.kind in RESTRICTED_WILDS:
                return (f"{face.label} may only be played with no "
                        f"{COLOR_NAMES[self.color]} card in hand")
            return (f"{face.label} does not match {self.top.label} "
                    f"(the colour in play is {COLOR_NAMES[self.color]})")
        if cls is ChooseColor and kind == _D.COLOR:
            return (f"{action.color!r} is not a colour of the side in play: "
                    f"name a colour from {', '.join(self.colors)}")
        return f"now is the time to {DECISION_VERBS[kind]}"

    # ----------------------------------------------------------------- handlers

    def _on_play(self, action: Play) -> None:
        if self.decision.kind == _D.PILE_UP:
            party.play_on_mini_pile(self, action.seat, action.card)
            return
        self._play_card(action.seat, action.card)

    def _on_jump_in(self, action: JumpIn) -> None:
        self._emit(_E.JUMP_IN, action.seat)
        self.current = action.seat
        self._play_card(action.seat, action.card)

    def _on_draw(self, action: Draw) -> None:
        seat = action.seat
        self._drew_on[seat] = (self.color, self.discard[-1], len(self.hands[seat]))
        if "draw-to-match" in self.rules:
            drawn = self._draw_until(seat, lambda c: self._playable(seat, c))
        else:
            drawn = self._draw(seat, 1)
        if not drawn:
            # Nothing was drawn, so the hand is as it was when the player chose to draw.
            could_play = any(self._playable(seat, c) for c in self.hands[seat])
            self._stalled = 0 if could_play else self._stalled + 1
            if self._stalled >= self.players:
                self._finish(None)
                return
        if drawn and self._playable(seat, drawn[-1]):
            self._decide(_D.DRAWN, seat, card=drawn[-1])
        else:
            self._advance(seat)

    def _on_keep(self, action: Keep) -> None:
        self._emit(_E.KEEP, action.seat)
        self._advance(action.seat)

    def _on_choose_color(self, action: ChooseColor) -> None:
        seat, ctx = action.seat, self._ctx
        self.color = action.color
        self._emit(_E.COLOR, seat, color=action.color)
        then = ctx.get("then")
        if then == "turn":
            self._start_turn(seat)
        elif then == "advance":
            self._advance(ctx["from"])
        else:
            self._resolve(seat, ctx["card"], ctx)

    def _on_accept(self, action: Accept) -> None:
        seat, ctx = action.seat, self._ctx
        self._emit(_E.ACCEPT, seat)
        amount = self.pending_draw or ctx["amount"]
        self.pending_draw = 0
        self._penalty(seat, amount)
        self._skip_to_after(seat)

    def _on_challenge(self, action: Challenge) -> None:
        challenger, ctx = action.seat, self._ctx
        attacker, card = ctx["attacker"], ctx["card"]
        spec = self.variant.challenges[self._faces[card].kind]
        guilty = ctx["bluff"]
        self.pending_draw = 0
        self._emit(_E.CHALLENGE, challenger, target=attacker,
                   detail="guilty" if guilty else "innocent")
        shown = tuple(self.hands[attacker])
        self._revealed[challenger] = (attacker, shown)
        self._emit(_E.REVEAL, challenger, shown, target=attacker, audience=challenger)
        if not guilty:
            self._penalty(challenger, spec.innocent_draw, spec.innocent_extra)
            self._skip_to_after(challenger)
            return
        if spec.guilty_returns_card:
            self.color = ctx["prev_color"]
            # After a reshuffle (a catch can cause one) the card may be all that is left
            # of the discard pile; then it stays there, with the old colour in force.
            if len(self.discard) > 1:
                self.discard.pop()
                self.hands[attacker].append(card)
                self._emit(_E.RETURNED, attacker, (card,), color=self.color)
        self._penalty(attacker, spec.guilty_draw)
        self._start_turn(attacker if spec.guilty_returns_card else challenger)
        if spec.guilty_returns_card:
            self._ctx = {"guilty": True}

    def _on_call_uno(self, action: CallUno) -> None:
        self.called.add(action.seat)
        self.uno_window = None
        self._emit(_E.UNO, action.seat)

    def _on_catch(self, action: Catch) -> None:
        self.uno_window = None
        self._emit(_E.CATCH, action.seat, target=action.target)
        self._draw(action.target, 2)

    def _on_swap(self, action: SwapHands) -> None:
        seat, target = action.seat, action.target
        self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
        self._emit(_E.SWAP, seat, target=target)
        self._reset_uno_after_exchange()
        self._advance(seat)

    # ------------------------------------------------------------ the machinery

    def _play_card(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        face = self._faces[card]
        face_color, kind, _ = face
        prev_color = self.color
        hand.remove(card)
        if seat in self._drew_on:
            self._count_off(seat, 1)
        self.discard.append(card)
        self._stalled = 0
        self._emit(_E.PLAY, seat, (card,))
        self.called.discard(seat)
        if len(hand) == 1:
            self.uno_window = seat
        elif not hand:
            self._goer = seat
        if face_color is not None:
            self.color = face_color
            ctx = _NO_CONTEXT if kind not in DRAW_EFFECTS else {
                "card": card, "prev_color": prev_color, "bluff": False}
            self._resolve(seat, card, ctx)
            return
        ctx = {"card": card, "prev_color": prev_color,
               "bluff": kind in RESTRICTED_WILDS and self._holds_color(seat)}
        # A last card skips naming a colour unless its draw effect depends on it.
        if kind not in _NO_COLOR_CHOICE and (self._goer is None or kind in _COLOR_DRIVEN):
            self._decide(_D.COLOR, seat, **ctx)
            return
        self._resolve(seat, card, ctx)

    def _resolve(self, seat: int, card: int, ctx: dict) -> None:
        """Carry out a played card's effect once any colour has been named."""
        face = self._faces[card]
        effect = _EFFECTS.get(face.kind)
        if effect is None:
            self._advance(seat)
        else:
            effect(self, seat, card, face, ctx)

    def _effect_number(self, seat, card, face, ctx) -> None:
        if "7-0" in self.rules and self._goer is None:
            if face.number == 7:
                self._decide(_D.SWAP, seat)
                return
            if face.number == 0:
                self._rotate_hands()
        self._advance(seat)

    def _effect_skip(self, seat, card, face, ctx) -> None:
        self._advance(seat, skip=1)

    def _effect_reverse(self, seat, card, face, ctx) -> None:
        if self.players == 2:
            self._advance(seat, skip=1)
            return
        self.direction = -self.direction
        self._emit(_E.REVERSE, seat)
        self._advance(seat)

    def _effect_draw(self, seat, card, face, ctx) -> None:
        """Draw Two, Wild Draw Four and their Flip cousins: respond, or draw and lose the turn."""
        victim = self._next(seat)
        amount = DRAW_EFFECTS[face.kind]
        if self._goer is not None:
            self._penalty(victim, amount)
            self._finish(self._goer)
            return
        ctx = dict(ctx, attacker=seat, amount=amount)
        if "stacking" in self.rules and face.kind in STACKABLE:
            self.pending_draw += amount
        self._ctx = ctx
        self.decision = Decision(_D.RESPOND, victim)
        if self._challengeable() or self._stackable_cards(victim):
            self.current = victim
            self._decide(_D.RESPOND, victim, **ctx)
            return
        total = self.pending_draw or amount
        self.pending_draw = 0
        self._penalty(victim, total)
        self._skip_to_after(victim)

    def _effect_wild(self, seat, card, face, ctx) -> None:
        self._advance(seat)

    def _effect_snorlax(self, seat, card, face, ctx) -> None:
        """The next player draws 3, then discards every card of the named colour."""
        victim = self._next(seat)
        self._penalty(victim, DRAW_EFFECTS[Kind.SNORLAX])
        hand = self.hands[victim]
        shed = [c for c in hand if self._faces[c].color == self.color]
        if shed:
            self.hands[victim] = [c for c in hand if c not in shed]
            if victim in self._drew_on:
                self._count_off(victim, len(shed))
            # Under the Snorlax, so the top card and the named colour stay in force.
            self.discard[-1:-1] = shed
            self._emit(_E.DISCARD_COLOR, victim, tuple(shed), color=self.color)
            if len(self.hands[victim]) != 1:
                self.called.discard(victim)
        if self._goer is not None:
            self._finish(self._goer)
        elif not self.hands[victim]:
            self._finish(victim)
        else:
            self._skip_to_after(victim)

    def _effect_greninja(self, seat, card, face, ctx) -> None:
        """The next player draws until the named colour; then the colour is named again."""
        victim = self._next(seat)
        self._penalty(victim, "until")
        if self._goer is not None:
            self._finish(self._goer)
            return
        self._emit(_E.SKIP, victim)
        self._decide(_D.COLOR, seat, then="advance", **{"from": victim})

    def _rotate_hands(self) -> None:
        hands = self.hands
        rotated = [None] * self.players
        for seat in range(self.players):
            rotated[self._next(seat)] = hands[seat]
        self.hands = rotated
        self._emit(_E.ROTATE, None, detail="clockwise" if self.direction == 1 else "counter-clockwise")
        self._reset_uno_after_exchange()

    def _count_off(self, seat: int, cards: int) -> None:
        """``seat`` parted with ``cards`` cards: fewer may be left from its last draw."""
        color, top, held = self._drew_on[seat]
        self._drew_on[seat] = (color, top, max(0, held - cards))

    def _reset_uno_after_exchange(self) -> None:
        self._drew_on.clear()
        # Nobody played down to one card, so nobody can be caught for it.
        self.uno_window = None
        self.called = {s for s, h in enumerate(self.hands) if len(h) == 1}

    def _penalty(self, seat: int, amount: int | str, extra: int = 0) -> list[int]:
        """Make ``seat`` draw ``amount`` cards, or until the colour in play (``"until"``)."""
        if amount == "until":
            color = self.color
            drawn = self._draw_until(seat, lambda c: self._faces[c].color == color)
            if extra:
                drawn += self._draw(seat, extra)
            return drawn
        return self._draw(seat, amount + extra)

    def _draw(self, seat: int, count: int) -> list[int]:
        """Move ``count`` cards (fewer if both piles run out) to ``seat``'s hand."""
        pile, hand = self.draw_pile, self.hands[seat]
        if count == 1 and pile:
            # A single card from a pile that has one: the commonest draw by far.
            drawn = [pile.pop()]
        else:
            drawn = []
            for _ in range(count):
                if not pile:
                    self._reshuffle()
                    pile = self.draw_pile
                    if not pile:
                        break
                drawn.append(pile.pop())
        hand += drawn
        if len(hand) != 1:
            self.called.discard(seat)
        self._emit(_E.DRAW, seat, tuple(drawn), count=len(drawn), audience=seat)
        if self.link is not None and drawn:
            party.echo_linked_draw(self, seat, len(drawn))
        return drawn

    def _draw_until(self, seat: int, wanted: Callable[[int], bool]) -> list[int]:
        """Draw one card at a time until ``wanted(card)`` or both piles are exhausted."""
        drawn: list[int] = []
        while True:
            got = self._draw(seat, 1)
            if not got:
                return drawn
            drawn += got
            if wanted(got[0]):
                return drawn

    def _reshuffle(self) -> None:
        if len(self.discard) <= 1:
            return
        top = self.discard.pop()
        pile = self.discard
        self._rng.shuffle(pile)
        self.draw_pile = pile
        self.discard = [top]
        self._emit(_E.RESHUFFLE, None, count=len(pile))

    def _advance(self, seat: int, skip: int = 0) -> None:
        """End ``seat``'s turn: the round ends if it went out, else the next turn starts."""
        if self._goer is not None:
            self._finish(self._goer)
            return
        nxt = self._next(seat)
        for _ in range(skip):
            self._emit(_E.SKIP, nxt)
            nxt = self._next(nxt)
        self._start_turn(nxt)

    def _skip_to_after(self, seat: int) -> None:
        """``seat`` loses its turn (after a penalty): play goes on after it."""
        if self._goer is not None:
            self._finish(self._goer)
            return
        self._emit(_E.SKIP, seat)
        self._start_turn(self._next(seat))

    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.decision = _new_tuple(Decision, (_D.TURN, seat))
        self._ctx = _NO_CONTEXT
        self._emit(_E.TURN, seat)

    def _decide(self, kind: str, seat: int, **ctx) -> None:
        self.decision = Decision(kind, seat)
        self._ctx = ctx

    def _finish(self, winner: int | None) -> None:
        self.winner = winner
        self._goer = winner
        self.uno_window = None
        self.decision = Decision(_D.ROUND_OVER, -1 if winner is None else winner)
        self._ctx = {}
        self._emit(_E.ROUND_OVER, winner, count=self.round_points() if winner is not None else 0)

    def _emit(self, kind: str, seat: int | None, cards: tuple[int, ...] = (), count: int = 0,
              color: str | None = None, target: int | None = None, detail: str = "",
              audience: int | None = None) -> None:
        # tuple.__new__ skips NamedTuple's Python-level constructor: events are the hot path.
        self._events.append(_new_tuple(Event, (kind, seat, cards, count, color, target,
                                               detail, audience)))

    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def _prev(self, seat: int) -> int:
        return (seat - self.direction) % self.players

    def _seats_from(self, seat: int) -> list[int]:
        return [(seat + i * self.direction) % self.players for i in range(self.players)]

    # -------------------------------------------------------------------- views

    def view(self, seat: int) -> GameView:
        """Everything ``seat`` may know now (see :class:`~uno_tui.engine.view.GameView`)."""
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"there is no seat {seat} at this table")
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
        return GameView(
            variant=self.variant.name,
            seat=seat,
            players=self.players,
            hand=tuple(map(self._hand_cards().__getitem__, self.hands[seat])),
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
            discard=tuple(map(self._hand_cards().__getitem__, self.discard)),
            draw_top_back=(self._cards[self.draw_pile[-1]].face(other_side)
                           if dark and self.draw_pile else None),
            catchable=catchable,
            revealed=(revealed[0], tuple(faces[c] for c in revealed[1])) if revealed else None,
            pending_draw=self.pending_draw,
            winner=self.winner,
            uno_window=self.uno_window,
            rules=self.rules,
            extras=self._view_extras(seat),
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
        public = {key: ctx[key] for key in _PUBLIC_CONTEXT if key in ctx}
        if self.decision.kind == _D.DRAWN and seat != self.decision.seat:
            public.pop("card", None)
        return public

    def _hand_cards(self) -> list[HandCard]:
        """``HandCard(id, face)`` for every card on the side in play, built once per side."""
        cached = getattr(self, "_hand_card_cache", None)
        if cached is None or cached[0] is not self._faces:
            cached = (self._faces, [HandCard(c, f) for c, f in enumerate(self._faces)])
            self._hand_card_cache = cached
        return cached[1]

    def _view_extras(self, seat: int) -> dict:
        extras = _VIEW_EXTRAS.get(self.variant.name)
        return extras(self, seat) if extras else {}

    # ---------------------------------------------------------- serialization

    def to_json(self) -> dict:
        """The whole state as plain JSON values; :meth:`from_json` restores it exactly."""
        version, *state, gauss = self._rng.getstate()
        return {
            "format": SAVE_FORMAT,
            "variant": self.variant.name,
            "players": self.players,
            "rules": sorted(self.rules),
            "seed": self.seed,
            "side": self.side,
            **({"pairing": flip.pairing_to_json(self._cards)} if self.variant.dark_deck else {}),
            "hands": [list(h) for h in self.hands],
            "draw_pile": list(self.draw_pile),
            "discard": list(self.discard),
            "out_of_play": list(self.out_of_play),
            "color": self.color,
            "direction": self.direction,
            "dealer": self.dealer,
            "current": self.current,
            "decision": list(self.decision),
            "ctx": dict(self._ctx),
            "uno_window": self.uno_window,
            "called": sorted(self.called),
            "winner": self.winner,
            "goer": self._goer,
            "stalled": self._stalled,
            "pending_draw": self.pending_draw,
            "link": list(self.link) if self.link else None,
            "mini_pile": list(self.mini_pile),
            "revealed": [[s, t, list(cards)] for s, (t, cards) in self._revealed.items()],
            "drew_on": [[s, c, t, h] for s, (c, t, h) in sorted(self._drew_on.items())],
            "rng": [version, list(state[0]), gauss],
        }

    def dumps(self) -> str:
        """The state as a JSON string."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> "Game":
        """Restore a game saved with :meth:`dumps`; :class:`SaveDataError` if it is corrupt."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError, RecursionError) as exc:
            raise SaveDataError(f"the saved game is not valid JSON: {exc}") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: dict) -> "Game":
        """Restore a game from :meth:`to_json` data; :class:`SaveDataError` if it is corrupt."""
        if not isinstance(data, dict):
            raise SaveDataError("the saved game is not a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveDataError(f"unsupported save format {data.get('format')!r} "
                                f"(this version reads format {SAVE_FORMAT})")
        try:
            game = cls.__new__(cls)
            game._configure(data["variant"], data["players"], data["rules"], data["seed"])
            game._events = []
            game.opening_events = ()
            game._restore(data)
        except ConfigError as exc:
            raise SaveDataError(f"the saved game has a bad set-up: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            raise SaveDataError(f"the saved game is corrupt ({type(exc).__name__}: {exc})") from None
        problems = game._conservation_problems()
        if problems:
            raise SaveDataError("the saved game is corrupt: " + "; ".join(problems))
        return game

    def _restore(self, data: dict) -> None:
        n, size = self.players, len(self._cards)

        def ids(values) -> list[int]:
            out = [int(v) for v in values]
            if any(not 0 <= v < size for v in out):
                raise ValueError(f"card ids must be 0 to {size - 1}")
            return out

        def seat_or_none(value):
            if value is None:
                return None
            if not isinstance(value, int) or not 0 <= value < n:
                raise ValueError(f"{value!r} is not a seat")
            return value

        if self.variant.dark_deck:
            self._cards = flip.pairing_from_json(self.variant, data["pairing"])
        self._set_side(int(data["side"]))
        if len(data["hands"]) != n:
            raise ValueError(f"expected {n} hands, found {len(data['hands'])}")
        self.hands = [ids(h) for h in data["hands"]]
        self.draw_pile = ids(data["draw_pile"])
        self.discard = ids(data["discard"])
        if not self.discard:
            raise ValueError("the discard pile is empty")
        self.out_of_play = ids(data["out_of_play"])
        self.color = data["color"]
        if self.color is not None and self.color not in self.colors:
            raise ValueError(f"{self.color!r} is not a colour of the side in play")
        if data["direction"] not in (1, -1):
            raise ValueError("direction must be 1 or -1")
        self.direction = data["direction"]
        self.dealer = seat_or_none(data["dealer"])
        self.current = seat_or_none(data["current"])
        kind, seat = data["decision"]
        if kind not in vars(DecisionKind).values():
            raise ValueError(f"unknown decision {kind!r}")
        self.decision = Decision(kind, seat if kind == _D.ROUND_OVER else seat_or_none(seat))
        self._ctx = dict(data["ctx"])
        self.uno_window = seat_or_none(data["uno_window"])
        self.called = {seat_or_none(s) for s in data["called"]}
        self.winner = seat_or_none(data["winner"])
        self._goer = seat_or_none(data["goer"])
        self._stalled = int(data["stalled"])
        self.pending_draw = int(data["pending_draw"])
        link = data["link"]
        if link is not None:
            first, second = (seat_or_none(s) for s in link)
            if first is None or second is None or first >= second:
                raise ValueError(f"the link cards must be held by two different seats, not {link}")
            link = (first, second)
        self.link = link
        self.mini_pile = ids(data["mini_pile"])
        self._revealed = {seat_or_none(s): (seat_or_none(t), tuple(ids(c)))
                          for s, t, c in data["revealed"]}
        self._drew_on = {seat_or_none(s): (c, ids([t])[0], int(h))
                         for s, c, t, h in data["drew_on"]}
        version, state, gauss = data["rng"]
        self._rng.setstate((version, tuple(state), gauss))

    def _set_side(self, side: int) -> None:
        if side not in (0, 1) or (side == 1 and not self.variant.dark_deck):
            raise ValueError(f"side {side} is not in play in {self.variant.label}")
        self.side = side
        self._faces = [card.face(side) for card in self._cards]
        self._match_sets = self._new_match_sets()

    def zones(self) -> dict[str, list[int]]:
        """Every place a card can be, by name, for conservation checks."""
        zones = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["draw pile"] = self.draw_pile
        zones["discard pile"] = self.discard
        zones["out of play"] = self.out_of_play
        zones["mini-pile"] = self.mini_pile
        return zones

    def _conservation_problems(self) -> list[str]:
        seen: dict[int, str] = {}
        problems = []
        for zone, cards in self.zones().items():
            for c in cards:
                if c in seen:
                    problems.append(f"card {c} is both in {seen[c]} and in {zone}")
                seen[c] = zone
        missing = len(self._cards) - len(seen)
        if missing:
            problems.append(f"{missing} card(s) are nowhere")
        return problems


_HANDLERS: dict[type, Callable[[Game, Action], None]] = {
    Play: Game._on_play,
    JumpIn: Game._on_jump_in,
    Draw: Game._on_draw,
    Keep: Game._on_keep,
    ChooseColor: Game._on_choose_color,
    Accept: Game._on_accept,
    Challenge: Game._on_challenge,
    CallUno: Game._on_call_uno,
    Catch: Game._on_catch,
    SwapHands: Game._on_swap,
    PointAt: party.on_point_at,
    TakePile: party.on_take_pile,
    LinkPlayers: party.on_link,
}

#: Legal actions of the decider, for decision kinds that only some variants use.
_DECISION_ACTIONS: dict[str, Callable[[Game, int], list[Action]]] = {
    _D.POINT: party.legal_point,
    _D.PILE_UP: party.legal_pile,
    _D.LINK: party.legal_link,
}

#: ``GameView.extras`` by variant name.
_VIEW_EXTRAS: dict[str, Callable[[Game, int], dict]] = {
    "party": party.view_extras,
}

#: What a played card does, by kind. Kinds not listed just pass the turn on.
_EFFECTS: dict[str, Callable] = {
    Kind.NUMBER: Game._effect_number,
    Kind.SKIP: Game._effect_skip,
    Kind.REVERSE: Game._effect_reverse,
    Kind.DRAW_TWO: Game._effect_draw,
    Kind.WILD_DRAW_FOUR: Game._effect_draw,
    Kind.DRAW_ONE: Game._effect_draw,
    Kind.DRAW_FIVE: Game._effect_draw,
    Kind.WILD_DRAW_TWO: Game._effect_draw,
    Kind.WILD_DRAW_COLOR: Game._effect_draw,
    Kind.SKIP_EVERYONE: flip.effect_skip_everyone,
    Kind.FLIP: flip.effect_flip,
    Kind.WILD: Game._effect_wild,
    Kind.SNORLAX: Game._effect_snorlax,
    Kind.GRENINJA: Game._effect_greninja,
    Kind.POINT_TAKEN: party.effect_point_taken,
    Kind.WILD_PILE_UP: party.effect_pile_up,
    Kind.WILD_DRAWN_TOGETHER: party.effect_drawn_together,
}
