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
  most of, and stays in it), while nothing says it has run out of it;
- its latest open choices (:class:`Choice`): the card it played on its turn, the colour
  it named, with the table as it stood, and the faces it shed since. A world can then
  rebuild the hand each choice was made from and ask whether a careful player (the
  normal bot's heuristics) would have chosen the same: see :meth:`HandBeliefs.likelihood`.

:meth:`Belief.snapshot` freezes that into a :class:`HandBeliefs`, whose
:meth:`~HandBeliefs.deal` is the sampler's ``deal_hidden`` hook
(:func:`uno_tui.engine.determinize.sample_state`). A belief never sees a hidden card:
it reads events as redacted for its seat and views only.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple, Sequence

from ..engine import Action, ChooseColor, Draw, Event, EventKind, Face, GameView, Kind, Play
from ..engine.actions import DecisionKind
from ..engine.determinize import DeterminizeError
from ..engine.registry import HOUSE_RULE_SPECS, get_variant
from .heuristics import Situation, color_scores, play_scores

__all__ = ["Lack", "Choice", "SeatBelief", "HandBeliefs", "Belief", "NAMED_TRUST",
           "OFF_HEURISTIC"]

#: How often a sampled world honours "it holds the colour it named" (people, and bots
#: holding only wilds, may name a colour they lack).
NAMED_TRUST = 0.85

_E = EventKind
#: The entry tick of a slot no lack binds.
_UNBOUND = 1 << 62
#: Events that take cards out of a hand onto a pile everyone sees.
_SHEDS = frozenset({_E.PLAY, _E.PILE_ON})
#: Open choices kept per seat (the latest ones; older hands are mostly played out).
_KEPT_CHOICES = 4
#: How likely a choice the normal heuristics would not have made is, against one they
#: would have (1): a floor, so a player who plays otherwise (a person, another level)
#: is never ruled out, only made less likely.
OFF_HEURISTIC = 0.2


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


class Choice(NamedTuple):
    """One decision a seat made in the open, with the table as it stood then."""

    #: The hand then: the cards that entered it at or before this tick.
    tick: int
    #: Cards it held then.
    size: int
    #: ``DecisionKind.TURN`` (it played ``picked``) or ``DecisionKind.COLOR`` (it named it).
    kind: str
    #: The face it played, or the colour it named.
    picked: Face | str
    seat: int
    #: Every seat's card count then.
    counts: tuple[int, ...]
    direction: int
    color: str | None
    top: Face
    side: int
    #: Whether a restricted wild draw card needed the colour in force missing (house rule).
    strict_wilds: bool = False

    def agrees(self, hand: Sequence[Face], variant) -> bool:
        """Whether the normal heuristics, holding ``hand`` then, would have chosen the same
        (ties count as agreeing: which of equal cards comes first is not seen)."""
        sit = Situation(seat=self.seat, players=len(self.counts), direction=self.direction,
                        hand=list(enumerate(hand)), counts=list(self.counts), color=self.color,
                        top=self.top, side=self.side, variant=variant,
                        colors=variant.dark_colors if self.side else variant.colors,
                        kind=self.kind, context={}, seen=tuple)
        if self.kind == DecisionKind.COLOR:
            scores = color_scores(sit)
            return scores.get(self.picked, -math.inf) >= max(scores.values()) - 1e-9
        plays = [Play(self.seat, index) for index, face in enumerate(hand)
                 if self._playable(face, hand)]
        picked = [i for i, play in enumerate(plays) if hand[play.card] == self.picked]
        if not picked:
            return True     # the hand rebuilt lacks the card played: nothing to compare
        scores = play_scores(sit, plays)
        best = max(scores)
        return best > 0 and max(scores[i] for i in picked) >= best - 1e-9

    def _playable(self, face: Face, hand: Sequence[Face]) -> bool:
        if face.color is None:
            return not (self.strict_wilds and any(f.color == self.color for f in hand))
        if face.color == self.color:
            return True
        return face.kind == self.top.kind and face.number == self.top.number


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
    #: Its latest choices made in the open, oldest first (see :class:`Choice`).
    choices: tuple[Choice, ...] = ()
    #: ``(tick, face)`` of each card it shed since its oldest choice.
    sheds: tuple[tuple[int, Face], ...] = ()

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

    def chose(self, choice: Choice) -> "SeatBelief":
        """It made ``choice`` (the latest :data:`_KEPT_CHOICES` are kept)."""
        choices = (self.choices + (choice,))[-_KEPT_CHOICES:]
        oldest = choices[0].tick
        sheds = tuple(s for s in self.sheds if s[0] > oldest)
        return self._replace(choices=choices, sheds=sheds)

    def lacking(self, tick: int, lack: Lack) -> "SeatBelief":
        """Every card in the hand now lacks ``lack``."""
        named = None if self.named == lack.color else self.named
        return self._pruned(self._replace(lacks=self.lacks + ((tick, lack),), named=named))

    def shed(self, card: int, face: Face | None, tick: int = 0) -> "SeatBelief":
        """Card ``card`` (showing ``face``, ``None`` if unknown) left the hand at ``tick``."""
        belief = self._logged_shed(face, tick)
        if card in belief.known:
            known = list(belief.known)
            known.remove(card)
            return belief._replace(known=tuple(known))
        if not belief.slots:
            return belief._replace(choices=(), sheds=())
        named = None if face is not None and face.color == belief.named else belief.named
        if face is None:
            return belief._pruned(belief._replace(slots=belief.slots[1:], named=named))
        # The card came out of a slot that could have held it: the oldest such one, so
        # the constraints kept are those every explanation of the play agrees on.
        bound = max((t for t, lack in belief.lacks if not lack.allows(face)), default=None)
        slots = belief.slots
        index = 0 if bound is None else next(
            (i for i, entry in enumerate(slots) if entry >= bound), None)
        if index is None:
            # No slot could have held it: the seat drew with a card that fitted (a person
            # may), so what it seemed to lack was never so.
            return belief._replace(slots=slots[1:], lacks=(), named=named)
        return belief._pruned(belief._replace(slots=slots[:index] + slots[index + 1:],
                                              named=named))

    def _logged_shed(self, face: Face | None, tick: int) -> "SeatBelief":
        """The hands of its choices are rebuilt from the faces shed since: log ``face``
        (a face no one saw makes them unrebuildable)."""
        if not self.choices:
            return self
        if face is None:
            return self._replace(choices=(), sheds=())
        return self._replace(sheds=self.sheds + ((tick, face),))

    def resized(self, count: int, tick: int) -> "SeatBelief":
        """The belief with its hand made ``count`` cards (the view's size is the truth)."""
        size = self.size
        if size < count:
            return self.add(count - size, tick)
        if size > count:
            # Cards left unseen: the hands of its choices can't be rebuilt any more.
            drop = size - count
            slots = self.slots[drop:]
            known = self.known[max(0, drop - len(self.slots)):]
            return self._pruned(self._replace(slots=slots, known=known, choices=(), sheds=()))
        return self

    def forget(self) -> "SeatBelief":
        """Keep the known cards and the slots, drop every inference about faces."""
        return self._replace(lacks=(), named=None, choices=(), sheds=())

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
             rng: random.Random | None = None, entries: dict | None = None) -> list[int]:
        """Deal the hands of the seats ``hands`` leaves open (``None``) from ``rest`` (the
        unseen cards left, in random order) as the beliefs say; return the cards left.
        With ``entries`` (a dict), ``entries[seat]`` is set to ``(tick, face)`` for each
        card dealt to ``seat``, in the hand's order: when the belief has the card enter
        the hand (``None`` for a known card) and its face (for :meth:`likelihood`).

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
            ticks: list[int | None] = [None] * len(hand)
            need = info.card_count - len(hand)
            slots = list(belief.slots[-need:]) if need > 0 else []
            slots += [_UNBOUND] * (need - len(slots))
            if belief.named is not None and slots and rng.random() < NAMED_TRUST:
                entry = slots.pop()      # the youngest slot is the least bound
                got = pick(1, belief.slot_lacks(entry), belief.named) or pick(1, ())
                hand += got
                ticks += [entry] * len(got)
            start = 0
            while start < len(slots):
                end = start
                while end < len(slots) and slots[end] == slots[start]:
                    end += 1
                count = end - start
                got = pick(count, belief.slot_lacks(slots[start]))
                got += pick(count - len(got), ())
                hand += got
                ticks += [slots[start]] * len(got)
                start = end
            if len(hand) < info.card_count:
                raise DeterminizeError(f"too few unseen cards left for seat {seat}'s hand")
            hands[seat] = hand
            if entries is not None:
                entries[seat] = list(zip(ticks, (faces[cid] for cid in hand)))
        return list(free)

    def likelihood(self, entries: dict, variant, floor: float = OFF_HEURISTIC) -> float:
        """How well a dealt world explains the choices the seats made in the open.

        ``entries`` are a deal's (see :meth:`deal`) and ``variant`` the rule set in play.
        Each seat's hand at each of its open choices is rebuilt (the cards dealt to it that
        had entered by then, and the faces it shed since); a choice the normal heuristics
        would have made from that hand counts 1, one they would not ``floor``. Seats
        holding known cards, and choices whose hand can't be rebuilt to its size, count 1.
        """
        weight = 1.0
        for seat, dealt in entries.items():
            if seat >= len(self.seats):
                continue
            belief = self.seats[seat]
            if not belief.choices or any(tick is None for tick, _ in dealt):
                continue
            for choice in belief.choices:
                at = choice.tick
                hand = [face for tick, face in dealt if tick <= at]
                hand += [face for tick, face in belief.sheds if tick > at]
                if len(hand) == choice.size and not choice.agrees(hand, variant):
                    weight *= floor
        return weight


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
        # Wilds whose colour choice hangs on the cards no one sees (the rule set's
        # colour-driven ones): a colour named after one says too little to weigh a hand by.
        self._color_driven: frozenset[str] = frozenset()
        #: The rest of the table as the last view showed it, for the seats' choices:
        #: card counts, direction, side in play and whether the decision was a plain one.
        self._table: tuple = ((), 1, 0, False)
        #: Whether a restricted wild draw card needs the colour in force missing (house rule).
        self._strict_wilds = False

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
            self._color_driven = get_variant(view.variant).color_driven
            # A house rule (no-bluffing) may make restricted wilds legal only without the colour.
            self._strict_wilds = any(HOUSE_RULE_SPECS[r].strict_wilds for r in view.rules
                                     if r in HOUSE_RULE_SPECS)
        seats = list(self._seats)
        choice = self._choice(action, view) if action is not None else None
        if choice is not None:
            seats[choice.seat] = seats[choice.seat].chose(choice)
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
                    seats[seat] = seats[seat].shed(card, faces.get(card), tick)
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
        self._table = (tuple(info.card_count for info in view.seats), view.direction,
                       view.side, not view.context)

    def _choice(self, action: Action, view: GameView) -> Choice | None:
        """The open choice ``action`` was, if it says something about its player's hand:
        a card played on its own plain turn, or a colour named (not after a wild whose
        colour is chosen by the cards no one sees)."""
        seat = action.seat
        kind, decider, color, top = self._before
        counts, direction, side, plain = self._table
        if seat == self.seat or seat != decider or top is None or not 0 <= seat < len(counts):
            return None
        cls = type(action)
        if cls is Play and kind == DecisionKind.TURN and plain:
            picked = _public_faces(view).get(action.card)
            if picked is None:
                return None
        elif cls is ChooseColor and kind == DecisionKind.COLOR and top.kind not in self._color_driven:
            picked = action.color
        else:
            return None
        return Choice(self._tick, counts[seat], kind, picked, seat, counts, direction, color,
                      top, side, self._strict_wilds)

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
