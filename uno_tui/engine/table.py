"""The turn machine as a rule set's hooks see it: the :class:`Table` protocol.

A rule set's or a house rule's hooks receive the game as a :class:`Table` and drive
it only through these members; :class:`~uno_tui.engine.game.Game` implements it. The
protocol is what lets the rule modules, the registry and the save format be written
without importing the turn machine (so no two engine modules import each other).

**The decision context** (:attr:`Table.context`) is the detail of the decision the game
waits on. Keys any seat may see are listed in :data:`PUBLIC_CONTEXT` (a rule set adds
its own with ``Variant.public_context``); every other key is the game's secret (e.g.
``bluff``). The shared decisions carry:

- ``turn``: nothing, or ``guilty: True`` after a guilty challenge;
- ``drawn``: ``card``, the card just drawn (public only to its drawer);
- ``color``: a played wild's ``card``, ``prev_color`` and ``bluff``; or ``then: "turn"``
  (a first card: the decider plays next), or ``then: "advance"`` with ``from`` (play
  goes on after that seat);
- ``respond``: the draw card's ``card``, ``prev_color``, ``bluff``, ``attacker`` and
  ``amount`` (what one such card makes a player draw; :attr:`Table.pending_draw` is
  the total of a stack).

**Order of calls.** A hook that hands the decision to another seat sets
:attr:`Table.current` first (the seat whose turn it is, which the table shows), then
calls :meth:`Table.decide`. :meth:`Table.advance`, :meth:`Table.start_turn` and
:meth:`Table.skip_after` set both themselves.

**Randomness.** Hooks draw random numbers from :attr:`Table.rng` only: it is saved with
the game, so the same seed and the same actions give the same game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .actions import Decision
    from .cards import Card, Face

__all__ = ["Table", "PUBLIC_CONTEXT"]

#: Decision-context keys any seat may see (see the module's docstring).
PUBLIC_CONTEXT = ("card", "prev_color", "attacker", "amount", "then", "from")


@runtime_checkable
class Table(Protocol):
    """The turn-machine API a rule set's hooks use (implemented by ``Game``)."""

    # ------------------------------------------------------------- the state
    variant: Any
    players: int
    rules: frozenset[str]
    seed: int | str | None
    hands: list[list[int]]
    draw_pile: list[int]
    discard: list[int]
    out_of_play: list[int]
    color: str | None
    direction: int
    dealer: int
    current: int
    decision: "Decision"
    uno_window: int | None
    called: set[int]
    winner: int | None
    goer: int | None
    pending_draw: int
    side: int

    @property
    def rng(self) -> random.Random:
        """The game's random generator, saved with it: the one hooks draw from."""

    @property
    def context(self) -> dict:
        """The details of the decision in progress (may hold secrets)."""

    @property
    def faces(self) -> list["Face"]:
        """Every card's face on the side in play, by id."""

    @property
    def colors(self) -> tuple[str, ...]:
        """The colours of the side in play."""

    @property
    def deck_size(self) -> int:
        """Number of physical cards in the game."""

    @property
    def cards(self) -> tuple["Card", ...]:
        """Every physical card, by id."""

    @property
    def top(self) -> "Face":
        """The face of the discard pile's top card."""

    @property
    def is_over(self) -> bool:
        """True once the round has ended."""

    # ------------------------------------------------------- the machine API
    def emit(self, kind: str, seat: int | None, cards: tuple[int, ...] = (), count: int = 0,
             color: str | None = None, target: int | None = None, detail: str = "",
             audience: int | None = None) -> None:
        """Report an event of the action being applied."""

    def decide(self, kind: str, seat: int, **ctx) -> None:
        """Wait on ``seat`` for a decision of ``kind`` with context ``ctx``."""

    def decision_rule(self, kind: str):
        """The :class:`~uno_tui.engine.ruleset.DecisionRule` of ``kind`` in this game."""

    def card_effect(self, kind: str) -> Callable:
        """The effect of a card of ``kind`` with the house rules in play."""

    def start_turn(self, seat: int) -> None:
        """It is ``seat``'s turn to play or draw."""

    def advance(self, seat: int, skip: int = 0) -> None:
        """End ``seat``'s turn; the next turn starts ``skip`` seats on."""

    def skip_after(self, seat: int) -> None:
        """``seat`` loses its turn: play goes on after it."""

    def finish(self, winner: int | None) -> None:
        """The round ends."""

    def finish_if_gone_out(self) -> bool:
        """End the round if a seat has played its last card; whether it did."""

    def play_card(self, seat: int, card: int) -> None:
        """``seat`` plays ``card``: colour named if wild, then its effect."""

    def draw(self, seat: int, count: int) -> list[int]:
        """Move ``count`` cards to ``seat``'s hand."""

    def draw_until(self, seat: int, wanted: Callable[[int], bool]) -> list[int]:
        """Draw one card at a time until ``wanted(card)``."""

    def penalize(self, seat: int, amount, extra: int = 0) -> list[int]:
        """Make ``seat`` draw ``amount`` (a number, ``"until"`` or a random amount)."""

    def reshuffle(self) -> None:
        """The discard pile but its top card becomes the draw pile."""

    def hand_shrank(self, seat: int, cards: int = 1) -> None:
        """``seat`` parted with ``cards`` cards by playing or shedding them."""

    def rotate_hands(self) -> None:
        """Every hand passes to the next seat in the direction of play."""

    def reset_hands_after_exchange(self) -> None:
        """Hands changed owners."""

    def forget_shown_cards(self) -> None:
        """Forget shown hands and what seats drew on."""

    def set_side(self, side: int) -> None:
        """Put side ``side`` of every card in play."""

    def face(self, card_id: int) -> "Face":
        """The face of ``card_id`` on the side in play."""

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play."""

    def prev_seat(self, seat: int) -> int:
        """The seat before ``seat``."""

    def seats_from(self, seat: int) -> list[int]:
        """Every seat once, in the direction of play, from ``seat``."""

    def playable(self, seat: int, card: int) -> bool:
        """Whether ``seat`` may play ``card`` on the top card now."""

    def holds_color(self, seat: int, besides: int | None = None) -> bool:
        """Whether ``seat`` holds a card of the colour in play."""

    def can_challenge(self, ctx: dict) -> bool:
        """Whether the wild draw card resolved with ``ctx`` may be challenged."""

    @property
    def stacks_draws(self) -> bool:
        """Whether draw cards stack in this game (a house rule)."""

    def stackable_cards(self, seat: int) -> list[int]:
        """Cards ``seat`` may stack on the draw card on top."""

    def answer_cards(self, seat: int) -> list[int]:
        """Every card ``seat`` may answer the draw card on top with."""

    def conservation_problems(self) -> list[str]:
        """Cards in two places at once or nowhere, in words."""

    # ------------------------------------------------------ save and restore
    @property
    def window_seconds(self) -> int | None:
        """Seconds a missed UNO stays catchable at most (``catch-window:N``), else None."""

    @property
    def uno_window_clock(self) -> tuple[int, int] | None:
        """``(opened, seconds)`` of an open window a clock closes (``catch-window:N``)."""

    def snapshot(self) -> dict:
        """The whole state as the keyword arguments of ``saves.save_data``."""

    def restore(self, parts: dict) -> None:
        """Put the state ``parts`` (checked values, see ``saves``) into this table."""
