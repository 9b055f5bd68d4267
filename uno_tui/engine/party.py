"""UNO Party!'s own rules, plugged into the shared machinery of ``game.py``.

Speed play itself is the shared jump-in window (``Variant.builtin_jump_in``); this
module adds what only Party has: the penalty for a wrong speed play, Point Taken's
secret ballot, Wild Pile Up's mini-pile and Wild Drawn Together's link.

The functions here are the effects, handlers and legal-action builders that
``game.py`` dispatches to by card kind, action class and decision kind. They work
on a :class:`~uno_tui.engine.game.Game` through the same private helpers as the
classic effects (``_draw``, ``_advance``, ``_decide``, ``_emit`` ...).

Where the seed is silent, this engine decides:

- A wrong speed play is a :class:`JumpIn` with a held card that is not identical to a
  number card on top, while the window is open. It is not listed in ``legal_actions``
  (nobody means to make one) but ``apply`` accepts it: the card stays in the hand and
  its player draws 1.
- Point Taken ballots are cast one seat at a time in turn order from the card's
  player; no view or event tells a vote before the last one is in. Casting a vote
  does not close a missed UNO's window.
- Wild Pile Up, Point Taken and Wild Drawn Together played as a last card end the
  round at once: no mini-pile, no ballot, no link (they make no *next* player draw).
  Whoever plays their last card onto a mini-pile wins; the mini-pile is not scored.
- Taking the mini-pile is not drawing, so it does not make a linked partner draw.
  The card's player may link themself.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .actions import (
    Action, DecisionKind, EventKind, JumpIn, LinkPlayers, Play, PointAt, TakePile,
)
from .cards import COLOR_NAMES
from .view import HandCard

if TYPE_CHECKING:
    from .game import Game

__all__ = ["POINT_TAKEN_CAP", "WRONG_SPEED_PLAY_DRAW", "PUBLIC_EXTRAS"]

#: Point Taken: the most cards one player draws, however many point at them.
POINT_TAKEN_CAP = 5
#: Cards drawn for a speed play that did not match the top card.
WRONG_SPEED_PLAY_DRAW = 1
#: The keys of ``GameView.extras`` in Party; nothing else is shown (never a ballot).
PUBLIC_EXTRAS = ("direction_tracker", "link", "mini_pile", "mini_pile_color",
                 "mini_pile_seat", "ballots_cast")

_D = DecisionKind
_E = EventKind

# Interned actions, as in game.py: legal-action lists reuse the same immutable values.
_interned: dict[tuple, Action] = {}
#: ``Play(seat, card)`` for every card id, by seat (a mini-pile is played on often).
_plays: dict[int, list[Play]] = {}


def _act(cls, seat: int, *args) -> Action:
    key = (cls, seat, *args)
    action = _interned.get(key)
    if action is None:
        action = _interned[key] = cls(seat, *args)
    return action


# ------------------------------------------------------------------ speed play

def is_wrong_speed_play(game: "Game", action: Action) -> bool:
    """True when ``action`` is a speed play the rules take back with a penalty.

    That is a :class:`JumpIn` in a variant with speed play built in, while the
    speed-play window is open (the game waits on another seat to play or draw),
    with a card the seat holds that is not identical to a number card on top.
    Callers ask only about actions that are not legal.
    """
    if type(action) is not JumpIn or not game.variant.builtin_jump_in:
        return False
    seat = action.seat
    kind, decider = game.decision
    return (kind == _D.TURN and type(seat) is int and 0 <= seat < game.players
            and seat != decider and action.card in game.hands[seat])


def on_wrong_speed_play(game: "Game", action: JumpIn) -> None:
    """The card goes back to the hand (it never left it here) and its player draws 1."""
    game._emit(_E.WRONG_SPEED_PLAY, action.seat, (action.card,))
    game._draw(action.seat, WRONG_SPEED_PLAY_DRAW)


# ----------------------------------------------------------------- Point Taken

def effect_point_taken(game: "Game", seat: int, card: int, face, ctx: dict) -> None:
    """End the link at once, then hold the ballot (unless the card was the player's last)."""
    end_link(game)
    if game._goer is not None:
        game._finish(game._goer)
        return
    game._decide(_D.POINT, seat, player=seat, votes=[])


def legal_point(game: "Game", seat: int) -> list[Action]:
    """A voter may point at any other player."""
    return [_act(PointAt, seat, t) for t in range(game.players) if t != seat]


def on_point_at(game: "Game", action: PointAt) -> None:
    """Record the vote; once every seat has voted, reveal them and make the draws."""
    ctx = game._ctx
    player = ctx["player"]
    votes = ctx["votes"] + [[action.seat, action.target]]
    game._emit(_E.BALLOT, action.seat)
    if len(votes) < game.players:
        game._decide(_D.POINT, game._next(action.seat), player=player, votes=votes)
        return
    for voter, target in votes:
        game._emit(_E.POINT, voter, target=target)
    tally = Counter(target for _, target in votes)
    # One player at a time, in turn order from the card's player.
    for seat in game._seats_from(player):
        if tally[seat]:
            game._emit(_E.POINTED, seat, count=tally[seat])
            game._draw(seat, min(tally[seat], POINT_TAKEN_CAP))
    game._advance(player)


# ---------------------------------------------------------------- Wild Pile Up

def effect_pile_up(game: "Game", seat: int, card: int, face, ctx: dict) -> None:
    """Turn cards onto a mini-pile until a non-wild shows; its colour is the colour in play."""
    if game._goer is not None:
        game._finish(game._goer)
        return
    turned: list[int] = []
    color = None
    while color is None:
        if not game.draw_pile:
            game._reshuffle()
            if not game.draw_pile:
                break
        turned.append(game.draw_pile.pop())
        color = game._faces[turned[-1]].color
    game.mini_pile = turned
    # With both piles exhausted before a coloured card shows, the colour in play stays.
    if color is not None:
        game.color = color
    first = game._next(seat)
    game._emit(_E.PILE_UP, seat, tuple(turned), color=game.color, target=first)
    _ask_pile(game, first)


def _ask_pile(game: "Game", seat: int) -> None:
    game.current = seat
    game._decide(_D.PILE_UP, seat, color=game.color)


def legal_pile(game: "Game", seat: int) -> list[Action]:
    """Every card of the mini-pile's colour or wild; only when there is none, taking it."""
    color, faces = game._ctx["color"], game._faces
    plays = _plays.get(seat)
    if plays is None:
        plays = _plays[seat] = [Play(seat, c) for c in range(game.deck_size)]
    out = []
    for card in game.hands[seat]:
        face_color = faces[card][0]
        if face_color is None or face_color == color:
            out.append(plays[card])
    return out or [_act(TakePile, seat)]


def play_on_mini_pile(game: "Game", seat: int, card: int) -> None:
    """The card goes on the mini-pile without effect, and the pile passes on."""
    hand = game.hands[seat]
    hand.remove(card)
    game.mini_pile.append(card)
    game._stalled = 0
    game._emit(_E.PILE_ON, seat, (card,))
    game.called.discard(seat)
    if not hand:
        game._finish(seat)
        return
    if len(hand) == 1:
        game.uno_window = seat
    _ask_pile(game, game._next(seat))


def on_take_pile(game: "Game", action: TakePile) -> None:
    """The taker gets the whole mini-pile, its turn is over, and play goes on after it."""
    seat = action.seat
    taken, game.mini_pile = game.mini_pile, []
    hand = game.hands[seat]
    hand += taken
    if len(hand) != 1:
        game.called.discard(seat)
    game._emit(_E.PILE_TAKEN, seat, tuple(taken), count=len(taken), color=game.color)
    game._advance(seat)


# --------------------------------------------------------- Wild Drawn Together

def effect_drawn_together(game: "Game", seat: int, card: int, face, ctx: dict) -> None:
    """After the colour is named, its player picks the two players to link."""
    if game._goer is not None:
        game._finish(game._goer)
        return
    game._decide(_D.LINK, seat)


def legal_link(game: "Game", seat: int) -> list[Action]:
    """Any two different players (the card's player may be one of them)."""
    actions = []
    for first in range(game.players):
        for second in range(first + 1, game.players):
            actions.append(_act(LinkPlayers, seat, first, second))
    return actions


def on_link(game: "Game", action: LinkPlayers) -> None:
    """Hand the link cards to the two players; a link already in place moves."""
    end_link(game)
    game.link = (action.first, action.second)
    game._emit(_E.LINK, action.first, target=action.second)
    game._advance(action.seat)


def end_link(game: "Game") -> None:
    """Take the link cards back, if two players hold them."""
    if game.link is not None:
        first, second = game.link
        game.link = None
        game._emit(_E.UNLINK, first, target=second)


def echo_linked_draw(game: "Game", seat: int, count: int) -> None:
    """``seat`` drew ``count`` cards: if it is linked, its partner draws as many.

    The partner's draw does not echo back, and a partner who has gone out of the
    round (the last card made the other one draw) draws nothing.
    """
    link = game.link
    if seat not in link:
        return
    partner = link[1] if seat == link[0] else link[0]
    if partner == game._goer:
        return
    game._emit(_E.LINKED_DRAW, partner, target=seat, count=count)
    game.link = None
    try:
        game._draw(partner, count)
    finally:
        game.link = link


# -------------------------------------------------------- views, words, checks

def view_extras(game: "Game", seat: int) -> dict:
    """Party's public table: direction tracker, link cards, mini-pile, who has voted."""
    kind, decider = game.decision
    faces = game._faces
    return {
        "direction_tracker": "clockwise" if game.direction == 1 else "counter-clockwise",
        "link": game.link,
        "mini_pile": tuple(HandCard(c, faces[c]) for c in game.mini_pile),
        "mini_pile_color": game._ctx["color"] if kind == _D.PILE_UP else None,
        "mini_pile_seat": decider if kind == _D.PILE_UP else None,
        # Who has voted, never whom they pointed at.
        "ballots_cast": tuple(voter for voter, _ in game._ctx["votes"]) if kind == _D.POINT else (),
    }


def explain(game: "Game", action: Action) -> str | None:
    """Why a Party action (or a play on the mini-pile) is illegal now; ``None``: not ours."""
    kind, decider = game.decision
    cls, seat = type(action), action.seat
    if cls is JumpIn and game.variant.builtin_jump_in:
        if seat == decider:
            return "it is your turn: play the card normally instead of speed-playing it"
        if action.card not in game.hands[seat]:
            return f"seat {seat} does not hold card {action.card}"
        return "speed play is only possible before the player whose turn it is plays or draws"
    if seat != decider:
        return None
    if cls is PointAt:
        if kind != _D.POINT:
            return "pointing at a player only happens after a Point Taken card"
        if action.target == seat:
            return "point at another player, not at yourself"
        return f"there is no seat {action.target!r} to point at"
    if cls is TakePile:
        if kind != _D.PILE_UP:
            return "there is no mini-pile waiting for you to take"
        color = COLOR_NAMES[game._ctx["color"]]
        return f"you hold a {color} or wild card, so you must play it on the mini-pile"
    if cls is LinkPlayers:
        if kind != _D.LINK:
            return "players are only linked after a Wild Drawn Together card"
        if action.first == action.second:
            return "pick two different players to link"
        return f"pick two players from seat 0 to seat {game.players - 1}"
    if cls is Play and kind == _D.PILE_UP and action.card in game.hands[seat]:
        face = game._faces[action.card]
        color = COLOR_NAMES[game._ctx["color"]]
        return f"only a {color} card or a wild may go on the mini-pile, not {face.label}"
    return None


def state_problems(game: "Game", views) -> list[str]:
    """Broken Party invariants, in words; ``views`` holds every seat's view, by seat."""
    problems = []
    kind, decider = game.decision
    n = game.players
    if game.link is not None:
        first, second = game.link
        if not (0 <= first < second < n):
            problems.append(f"the link cards are held by {game.link}, not two different seats")
    if game.mini_pile and kind not in (_D.PILE_UP, _D.ROUND_OVER):
        problems.append(f"the mini-pile holds {len(game.mini_pile)} card(s) outside a pile-up")
    if kind == _D.PILE_UP and game._ctx.get("color") != game.color:
        problems.append("the colour in play is not the mini-pile's colour during a pile-up")
    if kind == _D.POINT:
        voters = [voter for voter, _ in game._ctx["votes"]]
        if len(set(voters)) != len(voters) or decider in voters or len(voters) >= n:
            problems.append(f"the Point Taken ballot is inconsistent: voters {voters}, "
                            f"waiting on seat {decider}")
        if any(voter == target for voter, target in game._ctx["votes"]):
            problems.append("a seat pointed at itself")
    for viewer, view in enumerate(views):
        extras = view.extras
        if set(extras) - set(PUBLIC_EXTRAS):
            problems.append(f"seat {viewer}'s view shows unexpected extras {sorted(extras)}")
    return problems
