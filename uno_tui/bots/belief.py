"""What a seat has worked out about the other hands during a round, from public events.

The hard bot's imagined worlds deal the hidden cards at random, but a watchful player
knows more than hand sizes: a player who drew had nothing that fitted, a player who
named a colour most likely holds it, a Snorlax victim holds none of its colour, a
player who took Party's mini-pile holds those very cards. :class:`Belief` follows the
round event by event (the game runner hands it each applied action, the events the
seat may see and the seat's view after them) and keeps, for every other seat:

- its cards as *slots*, each stamped with the moment it entered the hand;
- the moments it *lacked* something (:class:`Lack`): it drew, or it played a wild on
  its turn (a careful player keeps wilds for when nothing else fits). A lack binds every slot that
  was in the hand then; a card played later comes out of the oldest slot it is
  consistent with, so the constraints left are the ones the table can still vouch for;
- the cards known to be in it (taken from the mini-pile, handed over in a 7-0 swap);
- the colour it named or played last (a careful player names the colour it holds
  most of, and stays in it), while nothing says it has run out of it.

:meth:`Belief.snapshot` freezes that into a :class:`HandBeliefs`, whose
:meth:`~HandBeliefs.deal` is the sampler's ``deal_hidden`` hook
(:func:`uno_tui.engine.determinize.sample_state`). A belief never sees a hidden card:
it reads events as redacted for its seat and views only.
"""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from ..engine import Action, Draw, Event, EventKind, Face, GameView, Kind
from ..engine.actions import DecisionKind
from ..engine.determinize import DeterminizeError
from ..engine.variants import get_variant

__all__ = ["Lack", "SeatBelief", "HandBeliefs", "Belief", "NAMED_TRUST"]

#: How often a sampled world honours "it holds the colour it named" (people, and bots
#: holding only wilds, may name a colour they lack).
NAMED_TRUST = 0.85

_E = EventKind
#: The entry tick of a slot no lack binds.
_UNBOUND = 1 << 62
#: Events that take cards out of a hand onto a pile everyone sees.
_SHEDS = frozenset({_E.PLAY, _E.PILE_ON})


class Lack(NamedTuple):
    """Something a seat showed it did not hold at one moment."""

    #: The colour in force then: no card of it.
    color: str | None
    #: The top card then: no card of its kind and number either (``None``: colour only).
    top: Face | None = None
    #: No wild either (a player with a wild need not draw).
    wilds: bool = True

    def allows(self, face: Face) -> bool:
        """Whether a card showing ``face`` could have been in the hand then."""
        if face.color is None:
            return not self.wilds
        if face.color == self.color:
            return False
        top = self.top
        return top is None or face.kind != top.kind or face.number != top.number


class SeatBelief(NamedTuple):
    """One seat's hand as far as the table can tell (immutable)."""

    #: When each unknown card entered the hand (event ticks), oldest first.
    slots: tuple[int, ...] = ()
    #: ``(tick, lack)``: every slot that entered before ``tick`` lacks ``lack``.
    lacks: tuple[tuple[int, Lack], ...] = ()
    #: Card ids known to be in the hand.
    known: tuple[int, ...] = ()
    #: The colour it named or played last, while it may still hold some.
    named: str | None = None

    @property
    def size(self) -> int:
        """Cards in the hand."""
        return len(self.slots) + len(self.known)

    def slot_lacks(self, entry: int) -> list[Lack]:
        """What a card that entered at tick ``entry`` must not be."""
        return [lack for tick, lack in self.lacks if tick > entry]

    def add(self, count: int, tick: int) -> "SeatBelief":
        """``count`` unknown cards entered the hand at ``tick``."""
        return self._replace(slots=self.slots + (tick,) * count) if count > 0 else self

    def lacking(self, tick: int, lack: Lack) -> "SeatBelief":
        """Every card in the hand now lacks ``lack``."""
        named = None if self.named == lack.color else self.named
        return self._pruned(self._replace(lacks=self.lacks + ((tick, lack),), named=named))

    def shed(self, card: int, face: Face | None) -> "SeatBelief":
        """Card ``card`` (showing ``face``, ``None`` if unknown) left the hand."""
        if card in self.known:
            known = list(self.known)
            known.remove(card)
            return self._replace(known=tuple(known))
        if not self.slots:
            return self
        named = None if face is not None and face.color == self.named else self.named
        if face is None:
            return self._pruned(self._replace(slots=self.slots[1:], named=named))
        # The card came out of a slot that could have held it: the oldest such one, so
        # the constraints kept are those every explanation of the play agrees on.
        bound = max((tick for tick, lack in self.lacks if not lack.allows(face)), default=None)
        slots = self.slots
        index = 0 if bound is None else next(
            (i for i, entry in enumerate(slots) if entry >= bound), None)
        if index is None:
            # No slot could have held it: the seat drew with a card that fitted (a person
            # may), so what it seemed to lack was never so.
            return self._replace(slots=slots[1:], lacks=(), named=named)
        return self._pruned(self._replace(slots=slots[:index] + slots[index + 1:], named=named))

    def resized(self, count: int, tick: int) -> "SeatBelief":
        """The belief with its hand made ``count`` cards (the view's size is the truth)."""
        size = self.size
        if size < count:
            return self.add(count - size, tick)
        if size > count:
            drop = size - count
            slots = self.slots[drop:]
            known = self.known[max(0, drop - len(self.slots)):]
            return self._pruned(self._replace(slots=slots, known=known))
        return self

    def forget(self) -> "SeatBelief":
        """Keep the known cards and the slots, drop every inference about faces."""
        return self._replace(lacks=(), named=None)

    @staticmethod
    def _pruned(belief: "SeatBelief") -> "SeatBelief":
        """Without lacks that bind no slot any more."""
        if not belief.lacks:
            return belief
        oldest = belief.slots[0] if belief.slots else None
        lacks = tuple((tick, lack) for tick, lack in belief.lacks
                      if oldest is not None and tick > oldest)
        return belief if len(lacks) == len(belief.lacks) else belief._replace(lacks=lacks)


class HandBeliefs(NamedTuple):
    """Every seat's :class:`SeatBelief` at one moment, for one viewer (immutable)."""

    seat: int
    seats: tuple[SeatBelief, ...]

    def lacked_color(self, seat: int) -> str | None:
        """A colour ``seat`` is believed to hold none of: the colour of its latest lack
        that binds every card in its hand (``None``: no such lack, or cards known to be
        in the hand, which may be of any colour)."""
        if not 0 <= seat < len(self.seats) or seat == self.seat:
            return None
        belief = self.seats[seat]
        if belief.known or not belief.slots:
            return None
        newest = belief.slots[-1]
        return next((lack.color for tick, lack in reversed(belief.lacks)
                     if tick > newest and lack.color is not None), None)

    def deal(self, view: GameView, hands: list, rest: list[int], deck,
             rng: random.Random | None = None) -> list[int]:
        """Deal the hands of the seats ``hands`` leaves open (``None``) from ``rest`` (the
        unseen cards left, in random order) as the beliefs say; return the cards left.

        Known cards come first, then a card of the colour named (most of the time, see
        :data:`NAMED_TRUST`), then each slot from the cards it may hold, most bound
        first. A slot nothing left fits is dealt any card: a belief is evidence, not
        proof. Seats the view sizes differently from the belief get slots added
        (unconstrained) or dropped (the oldest).
        """
        rng = rng or random
        side = view.side
        faces = {cid: deck[cid].face(side) for cid in rest}
        free = dict.fromkeys(rest)

        def pick(count: int, lacks: Sequence[Lack], color: str | None = None) -> list[int]:
            out = []
            if count <= 0:
                return out
            for cid in free:
                face = faces[cid]
                if (color is None or face.color == color) and all(l.allows(face) for l in lacks):
                    out.append(cid)
                    if len(out) == count:
                        break
            for cid in out:
                del free[cid]
            return out

        for info in view.seats:
            seat = info.seat
            if seat == self.seat or hands[seat] is not None or seat >= len(self.seats):
                continue
            belief = self.seats[seat].resized(info.card_count, _UNBOUND)
            hand = [cid for cid in belief.known if cid in free][:info.card_count]
            for cid in hand:
                del free[cid]
            need = info.card_count - len(hand)
            slots = list(belief.slots[-need:]) if need > 0 else []
            slots += [_UNBOUND] * (need - len(slots))
            if belief.named is not None and slots and rng.random() < NAMED_TRUST:
                entry = slots.pop()      # the youngest slot is the least bound
                got = pick(1, belief.slot_lacks(entry), belief.named) or pick(1, ())
                hand += got
            start = 0
            while start < len(slots):
                end = start
                while end < len(slots) and slots[end] == slots[start]:
                    end += 1
                count = end - start
                got = pick(count, belief.slot_lacks(slots[start]))
                hand += got + pick(count - len(got), ())
                start = end
            if len(hand) < info.card_count:
                raise DeterminizeError(f"too few unseen cards left for seat {seat}'s hand")
            hands[seat] = hand
        return list(free)


class Belief:
    """Follows one round from one seat's side; see the module docs."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._seats: tuple[SeatBelief, ...] = ()
        self._tick = 0
        self._hand: tuple[int, ...] = ()
        #: The decision, colour and top card as the last view showed them.
        self._before: tuple = (None, None, None, None)
        #: The wild draw cards of the rule set in play that need the colour in force missing.
        self._restricted: frozenset[str] = frozenset()

    @property
    def active(self) -> bool:
        """True once the belief has followed a round (it knows the table)."""
        return bool(self._seats)

    def snapshot(self) -> HandBeliefs:
        """The beliefs as they stand, frozen (safe to read while the round goes on)."""
        return HandBeliefs(self.seat, self._seats)

    def observe(self, action: Action | None, events: Sequence[Event], view: GameView) -> None:
        """Take in one applied ``action`` (``None``: a round's opening), the ``events`` it
        caused as this seat may see them, and this seat's ``view`` after them."""
        me = self.seat
        if any(e.kind == _E.DEAL for e in events) or len(self._seats) != view.players:
            self._seats = (SeatBelief(),) * view.players
            self._restricted = get_variant(view.variant).restricted_wilds
        seats = list(self._seats)
        drawer = action.seat if type(action) is Draw and action.seat != me else None
        faces = None
        for event in events:
            self._tick += 1
            tick, kind, seat = self._tick, event.kind, event.seat
            if kind == _E.SWAP or kind == _E.ROTATE:
                seats = self._exchanged(seats, event, view)
                continue
            if kind == _E.FLIP:
                seats = [b.forget() for b in seats]
                continue
            if kind == _E.REVEAL and event.audience == me and event.cards:
                # Our challenge showed us the whole hand.
                seats[event.target] = SeatBelief(known=tuple(event.cards))
                continue
            if seat == me:
                self._hand_changed(event)
                continue
            if seat is None:
                continue
            if kind == _E.DRAW:
                if seat == drawer:
                    seats[seat] = self._drew(seats[seat], seat, event.count, view)
                    drawer = None
                else:
                    seats[seat] = seats[seat].add(event.count, tick)
            elif kind in _SHEDS or kind == _E.DISCARD_COLOR:
                if faces is None:
                    faces = _public_faces(view)
                for card in event.cards:
                    seats[seat] = seats[seat].shed(card, faces.get(card))
                if kind == _E.PLAY and len(event.cards) == 1:
                    played = faces.get(event.cards[0])
                    self._wild_played(seats, seat, played)
                    if played is not None and played.color is not None and seats[seat].size > 1:
                        # A player leaves in force the colour it holds most of, if it can.
                        seats[seat] = seats[seat]._replace(named=played.color)
                if kind == _E.DISCARD_COLOR:
                    # A Snorlax victim sheds every card of the colour: it holds none now.
                    self._tick += 1
                    seats[seat] = seats[seat].lacking(self._tick, Lack(event.color, None, False))
            elif kind == _E.COLOR:
                seats[seat] = seats[seat]._replace(named=event.color)
            elif kind == _E.PILE_TAKEN or (kind == _E.RETURNED and event.cards):
                b = seats[seat]
                seats[seat] = b._replace(known=b.known + tuple(event.cards))
        self._tick += 1
        for info in view.seats:
            if info.seat != me:
                seats[info.seat] = seats[info.seat].resized(info.card_count, self._tick)
        self._seats = tuple(seats)
        self._hand = tuple(card.id for card in view.hand)
        self._before = (view.decision_kind, view.decision_seat, view.color, view.top)

    def _wild_played(self, seats: list[SeatBelief], seat: int, face: Face | None) -> None:
        """A plain Wild played as ``seat``'s turn (not the card it just drew) says the rest
        of its hand had nothing that fitted; a wild draw card that may only be played
        without the colour in force, that it had none of it (a bluff is rare). Wilds with
        other effects (Pokémon's) are played for the effect, so they say nothing."""
        kind, decider, color, top = self._before
        if (face is None or kind != DecisionKind.TURN or decider != seat or top is None
                or (face.kind != Kind.WILD and face.kind not in self._restricted)):
            return
        self._tick += 1
        lack = Lack(color, top if face.kind == Kind.WILD else None, False)
        seats[seat] = seats[seat].lacking(self._tick, lack)

    def _hand_changed(self, event: Event) -> None:
        """Keep track of the viewer's own hand within one action (a 7 it played goes
        to the discard pile, not with its hand to another seat)."""
        kind = event.kind
        if kind == _E.DRAW or kind == _E.PILE_TAKEN or kind == _E.RETURNED:
            self._hand += tuple(event.cards)
        elif kind in _SHEDS or kind == _E.DISCARD_COLOR:
            gone = set(event.cards)
            self._hand = tuple(card for card in self._hand if card not in gone)

    def _drew(self, belief: SeatBelief, seat: int, count: int, view: GameView) -> SeatBelief:
        """``seat`` chose to draw: it had nothing that fitted, and neither does what it
        drew, unless the game now offers to play that card (the last one drawn)."""
        _, _, color, top = self._before
        lack = Lack(color, top, True) if top is not None else Lack(view.color, view.top, True)
        playable = view.decision_kind == DecisionKind.DRAWN and view.decision_seat == seat
        lacking = count - 1 if playable else count
        self._tick += 1
        belief = belief.add(lacking, self._tick)
        self._tick += 1
        belief = belief.lacking(self._tick, lack)
        return belief.add(count - lacking, self._tick)

    def _exchanged(self, seats: list[SeatBelief], event: Event, view: GameView) -> list[SeatBelief]:
        """Hands changed owners (7-0): the beliefs go with them; the viewer's old hand is
        known to its new holder."""
        mine = SeatBelief(known=self._hand)
        if event.kind == _E.SWAP:
            a, b = event.seat, event.target
            seats[a], seats[b] = seats[b], seats[a]
            if self.seat in (a, b):
                seats[b if self.seat == a else a] = mine
            return seats
        players = len(seats)
        moved = [SeatBelief()] * players
        for seat in range(players):
            moved[(seat + view.direction) % players] = seats[seat]
        moved[(self.seat + view.direction) % players] = mine
        return moved


def _public_faces(view: GameView) -> dict[int, Face]:
    """Faces of the cards every seat can see, by id."""
    faces = {card.id: card.face for card in view.discard}
    faces.update((card.id, card.face) for card in view.extras.get("mini_pile", ()))
    return faces
