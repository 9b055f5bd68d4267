"""UNO Party!: its deck, and its own rules plugged into the shared turn machine.

Speed play itself is the shared jump-in window (``Variant.builtin_jump_in``); this
module adds what only Party has: the penalty for a wrong speed play, Point Taken's
secret ballot, Wild Pile Up's mini-pile and Wild Drawn Together's link.

The functions here are the effects, handlers, decision rules and checks that the
turn machine dispatches to by card kind, action class and decision kind (see
:data:`PARTY`). They use the machine's public API (``draw``, ``advance``, ``decide``,
``emit`` ...); the link and the mini-pile are this rule set's own state on the game
(``game.link``, ``game.mini_pile``), saved with it.

Where the seed is silent, this engine decides:

- A wrong speed play is a :class:`JumpIn` with a held card that is not identical to a
  number card on top, while the window is open. It is not listed in ``legal_actions``
  (nobody means to make one) but ``apply`` accepts it: the card stays in the hand and
  its player draws 1.
- Point Taken ballots may be cast in any order (at a physical table everyone points at
  once); the game waits on the first seat in turn order from the card's player that has
  not voted, but every seat that has not voted may vote. No view or event tells a vote
  before the last one is in; then they are revealed in turn order from the card's
  player. Casting a vote does not close a missed UNO's window.
- Wild Pile Up, Point Taken and Wild Drawn Together played as a last card end the
  round at once: no mini-pile, no ballot, no link (they make no *next* player draw).
  Whoever plays their last card onto a mini-pile wins; the mini-pile is not scored.
- Taking the mini-pile is not drawing, so it does not make a linked partner draw.
  The card's player may link themself.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ..classic import rules as classic
from ...engine.actions import (
    Action, DecisionKind, EventKind, JumpIn, LinkPlayers, Play, PointAt, TakePile, interned,
)
from ...engine.cards import LIGHT_COLORS, Face, Kind
from ...engine.ruleset import ChallengePenalty, DecisionRule, FirstCard, StateField, Variant, colored_rows
from ...engine.errors import shown
from ...engine.view import HandCard
from ...engine.words import card_name, color_name
from ...i18n import Phrase

if TYPE_CHECKING:
    from ...engine.table import Table as Game
    from ...engine.view import GameView

__all__ = ["PARTY", "PARTY_SET_ASIDE", "POINT_TAKEN_CAP", "WRONG_SPEED_PLAY_DRAW",
           "PUBLIC_EXTRAS"]

#: Point Taken: the most cards one player draws, however many point at them.
POINT_TAKEN_CAP = 5
#: Cards drawn for a speed play that did not match the top card.
WRONG_SPEED_PLAY_DRAW = 1
#: The keys of ``GameView.extras`` in Party; nothing else is shown (never a ballot).
PUBLIC_EXTRAS = ("direction_tracker", "link", "mini_pile", "mini_pile_color",
                 "mini_pile_seat", "ballots_cast")

_D = DecisionKind
_E = EventKind
_POINT, _PILE_UP, _LINK = _D.POINT, _D.PILE_UP, _D.LINK

#: ``Play(seat, card)`` for every card id, by seat (a mini-pile is played on often).
_plays: dict[int, list[Play]] = {}


# ------------------------------------------------------------------ speed play

def is_wrong_speed_play(game: "Game", action: Action) -> bool:
    """True when ``action`` is a speed play the rules take back with a penalty.

    That is a :class:`JumpIn` while the speed-play window is open (the game waits on
    another seat to play or draw), with a card the seat holds that is not identical to
    a number card on top. Callers ask only about actions that are not legal.
    """
    if type(action) is not JumpIn:
        return False
    seat = action.seat
    kind, decider = game.decision
    return (kind == _D.TURN and type(seat) is int and 0 <= seat < game.players
            and seat != decider and action.card in game.hands[seat])


def take_wrong_speed_play(game: "Game", action: Action) -> bool:
    """Apply a wrong speed play's penalty (the card goes back, its player draws 1);
    ``False`` when ``action`` is not one."""
    if not is_wrong_speed_play(game, action):
        return False
    game.emit(_E.WRONG_SPEED_PLAY, action.seat, (action.card,))
    game.draw(action.seat, WRONG_SPEED_PLAY_DRAW)
    return True


# ----------------------------------------------------------------- Point Taken

def effect_point_taken(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """End the link at once, then hold the ballot (unless the card was the player's last)."""
    end_link(game)
    if game.finish_if_gone_out():
        return
    game.decide(_POINT, seat, player=seat, votes=[])


def legal_point(game: "Game", seat: int) -> list[Action]:
    """A seat that has not voted yet may point at any other player."""
    if any(voter == seat for voter, _ in game.context["votes"]):
        return []
    return [interned(PointAt, seat, t) for t in range(game.players) if t != seat]


def on_point_at(game: "Game", action: PointAt) -> None:
    """Record the vote; once every seat has voted, reveal them and make the draws."""
    ctx = game.context
    player = ctx["player"]
    votes = ctx["votes"] + [[action.seat, action.target]]
    game.emit(_E.BALLOT, action.seat)
    order = game.seats_from(player)
    if len(votes) < game.players:
        voted = {voter for voter, _ in votes}
        waiting = next(seat for seat in order if seat not in voted)
        game.decide(_POINT, waiting, player=player, votes=votes)
        return
    target_of = dict((voter, target) for voter, target in votes)
    for voter in order:
        game.emit(_E.POINT, voter, target=target_of[voter])
    tally = Counter(target_of.values())
    # One player at a time, in turn order from the card's player.
    for seat in order:
        if tally[seat]:
            game.emit(_E.POINTED, seat, count=tally[seat])
            game.draw(seat, min(tally[seat], POINT_TAKEN_CAP))
    game.advance(player)


def check_point(game: "Game", ctx: dict) -> None:
    """A ballot in progress: the card's ``player`` and the ``votes`` cast, all different."""
    if set(ctx) != {"player", "votes"}:
        raise ValueError(Phrase("a Point Taken ballot needs exactly its player and its votes"))
    player, votes = ctx["player"], ctx["votes"]
    if type(player) is not int or not 0 <= player < game.players:
        raise ValueError(Phrase("{value} is not a seat", value=shown(player)))
    if not isinstance(votes, list) or len(votes) >= game.players:
        raise ValueError(Phrase("the votes must be a list with fewer votes than seats"))
    voters = []
    for vote in votes:
        if (not isinstance(vote, list) or len(vote) != 2
                or any(type(s) is not int or not 0 <= s < game.players for s in vote)
                or vote[0] == vote[1]):
            raise ValueError(Phrase("{value} is not a vote [voter, another seat]",
                                    value=shown(vote)))
        voters.append(vote[0])
    if len(set(voters)) != len(voters) or game.decision.seat in voters:
        raise ValueError(Phrase("a seat has voted twice, or the seat waited on has voted"))


# ---------------------------------------------------------------- Wild Pile Up

def effect_pile_up(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """Turn cards onto a mini-pile until a non-wild shows; its colour is the colour in play."""
    if game.finish_if_gone_out():
        return
    turned: list[int] = []
    color = None
    while color is None:
        if not game.draw_pile:
            game.reshuffle()
            if not game.draw_pile:
                break
        turned.append(game.draw_pile.pop())
        color = game.faces[turned[-1]].color
    game.mini_pile = turned
    # With both piles exhausted before a coloured card shows, the colour in play stays.
    if color is not None:
        game.color = color
    first = game.next_seat(seat)
    game.emit(_E.PILE_UP, seat, tuple(turned), color=game.color, target=first)
    _ask_pile(game, first)


def _ask_pile(game: "Game", seat: int) -> None:
    game.current = seat
    game.decide(_PILE_UP, seat, color=game.color)


def legal_pile(game: "Game", seat: int) -> list[Action]:
    """Every card of the mini-pile's colour or wild; only when there is none, taking it."""
    color, faces = game.context["color"], game.faces
    plays = _plays.get(seat)
    if plays is None:
        plays = _plays[seat] = [Play(seat, c) for c in range(game.deck_size)]
    out = []
    for card in game.hands[seat]:
        face_color = faces[card][0]
        if face_color is None or face_color == color:
            out.append(plays[card])
    return out or [interned(TakePile, seat)]


def check_pile(game: "Game", ctx: dict) -> None:
    """A mini-pile waiting: its ``color`` is the colour in play."""
    if set(ctx) != {"color"} or ctx["color"] != game.color or game.color is None:
        raise ValueError(Phrase("a mini-pile's colour must be the colour in play"))


def on_play(game: "Game", action: Play) -> None:
    """A card goes on the mini-pile during a pile-up, else it is played as usual."""
    if game.decision.kind == _PILE_UP:
        play_on_mini_pile(game, action.seat, action.card)
    else:
        game.play_card(action.seat, action.card)


def play_on_mini_pile(game: "Game", seat: int, card: int) -> None:
    """The card goes on the mini-pile without effect, and the pile passes on."""
    game.hands[seat].remove(card)
    game.mini_pile.append(card)
    game.emit(_E.PILE_ON, seat, (card,))
    game.hand_shrank(seat)
    if game.finish_if_gone_out():
        return
    _ask_pile(game, game.next_seat(seat))


def on_take_pile(game: "Game", action: TakePile) -> None:
    """The taker gets the whole mini-pile, its turn is over, and play goes on after it."""
    seat = action.seat
    taken, game.mini_pile = game.mini_pile, []
    hand = game.hands[seat]
    hand += taken
    if len(hand) != 1:
        game.called.discard(seat)
    game.emit(_E.PILE_TAKEN, seat, tuple(taken), count=len(taken), color=game.color)
    game.advance(seat)


# --------------------------------------------------------- Wild Drawn Together

def effect_drawn_together(game: "Game", seat: int, card: int, face: Face, ctx: dict) -> None:
    """After the colour is named, its player picks the two players to link."""
    if game.finish_if_gone_out():
        return
    game.decide(_LINK, seat)


def legal_link(game: "Game", seat: int) -> list[Action]:
    """Any two different players (the card's player may be one of them)."""
    actions = []
    for first in range(game.players):
        for second in range(first + 1, game.players):
            actions.append(interned(LinkPlayers, seat, first, second))
    return actions


def on_link(game: "Game", action: LinkPlayers) -> None:
    """Hand the link cards to the two players; a link already in place moves."""
    end_link(game)
    game.link = (action.first, action.second)
    game.emit(_E.LINK, action.first, target=action.second)
    game.advance(action.seat)


def end_link(game: "Game") -> None:
    """Take the link cards back, if two players hold them."""
    if game.link is not None:
        first, second = game.link
        game.link = None
        game.emit(_E.UNLINK, first, target=second)


def echo_linked_draw(game: "Game", seat: int, count: int) -> None:
    """``seat`` drew ``count`` cards: if it is linked, its partner draws as many.

    The partner's draw does not echo back, and a partner who has gone out of the
    round (the last card made the other one draw) draws nothing.
    """
    link = game.link
    if link is None or seat not in link:
        return
    partner = link[1] if seat == link[0] else link[0]
    if partner == game.goer:
        return
    game.emit(_E.LINKED_DRAW, partner, target=seat, count=count)
    game.link = None
    try:
        game.draw(partner, count)
    finally:
        game.link = link


def _load_link(data, game: "Game") -> tuple[int, int] | None:
    if data is None:
        return None
    if (not isinstance(data, list) or len(data) != 2
            or any(type(s) is not int or not 0 <= s < game.players for s in data)
            or data[0] >= data[1]):
        raise ValueError(Phrase("the link cards must be held by two different seats, not "
                                "{value}", value=shown(data)))
    return (data[0], data[1])


# -------------------------------------------------------- views, words, checks

def view_extras(game: "Game", seat: int) -> dict:
    """Party's public table: direction tracker, link cards, mini-pile, who has voted."""
    kind, decider = game.decision
    faces = game.faces
    ctx = game.context
    if kind == _POINT:
        voted = {voter for voter, _ in ctx["votes"]}
        ballots = tuple(s for s in game.seats_from(ctx["player"]) if s in voted)
    else:
        ballots = ()
    return {
        "direction_tracker": "clockwise" if game.direction == 1 else "counter-clockwise",
        "link": game.link,
        "mini_pile": tuple(HandCard(c, faces[c]) for c in game.mini_pile),
        "mini_pile_color": ctx["color"] if kind == _PILE_UP else None,
        "mini_pile_seat": decider if kind == _PILE_UP else None,
        # Who has voted (in turn order), never whom they pointed at.
        "ballots_cast": ballots,
    }


def explain(game: "Game", action: Action) -> str | None:
    """Why a Party action (or a play on the mini-pile) is illegal now, as a phrase the
    app puts into its reader's words; ``None``: not ours."""
    kind, decider = game.decision
    cls, seat = type(action), action.seat
    if cls is JumpIn:
        if seat == decider:
            return Phrase("it is your turn: play the card normally instead of speed-playing it")
        if action.card not in game.hands[seat]:
            return Phrase("seat {seat} does not hold card {card}", seat=seat, card=action.card)
        return Phrase("speed play is only possible before the player whose turn it is "
                      "plays or draws")
    if cls is PointAt and kind == _POINT:
        if any(voter == seat for voter, _ in game.context["votes"]):
            return Phrase("seat {seat} has already voted", seat=seat)
        if action.target == seat:
            return Phrase("point at another player, not at yourself")
        return Phrase("there is no seat {seat} to point at", seat=repr(action.target))
    if seat != decider:
        return None
    if cls is PointAt:
        return Phrase("pointing at a player only happens after a Point Taken card")
    if cls is TakePile:
        if kind != _PILE_UP:
            return Phrase("there is no mini-pile waiting for you to take")
        return Phrase("you hold a {color} or wild card, so you must play it on the mini-pile",
                      color=color_name(game.context["color"]))
    if cls is LinkPlayers:
        if kind != _LINK:
            return Phrase("players are only linked after a Wild Drawn Together card")
        if action.first == action.second:
            return Phrase("pick two different players to link")
        return Phrase("pick two players from seat 0 to seat {last}", last=game.players - 1)
    if cls is Play and kind == _PILE_UP and action.card in game.hands[seat]:
        return Phrase("only a {color} card or a wild may go on the mini-pile, not {card}",
                      color=color_name(game.context["color"]),
                      card=card_name(game.faces[action.card]))
    return None


def state_problems(game: "Game", views: list["GameView"]) -> list[str]:
    """Broken Party invariants, in words; ``views`` holds every seat's view, by seat."""
    problems = []
    kind, decider = game.decision
    n = game.players
    ctx = game.context
    if game.link is not None:
        first, second = game.link
        if not (0 <= first < second < n):
            problems.append(f"the link cards are held by {game.link}, not two different seats")
    if game.mini_pile and kind not in (_PILE_UP, _D.ROUND_OVER):
        problems.append(f"the mini-pile holds {len(game.mini_pile)} card(s) outside a pile-up")
    if kind == _PILE_UP and ctx.get("color") != game.color:
        problems.append("the colour in play is not the mini-pile's colour during a pile-up")
    if kind == _POINT:
        voters = [voter for voter, _ in ctx["votes"]]
        if len(set(voters)) != len(voters) or decider in voters or len(voters) >= n:
            problems.append(f"the Point Taken ballot is inconsistent: voters {voters}, "
                            f"waiting on seat {decider}")
        if any(voter == target for voter, target in ctx["votes"]):
            problems.append("a seat pointed at itself")
    for viewer, view in enumerate(views):
        extras = view.extras
        if set(extras) - set(PUBLIC_EXTRAS):
            problems.append(f"seat {viewer}'s view shows unexpected extras {sorted(extras)}")
        if "votes" in repr(view.context):
            problems.append(f"seat {viewer}'s view shows a Point Taken vote")
    return problems


def sample(view: "GameView", rng: random.Random, ctx: dict) -> dict:
    """The sampler's Party state from a view: the link and mini-pile as shown, and the
    secret votes cast so far made up (``ctx`` is completed in place)."""
    extras = view.extras
    if view.decision_kind == _POINT:
        ctx["votes"] = [[voter, rng.choice([t for t in range(view.players) if t != voter])]
                        for voter in extras["ballots_cast"]]
    return {"link": list(extras["link"]) if extras.get("link") else None,
            "mini_pile": [card.id for card in extras.get("mini_pile", ())]}


# ------------------------------------------------------------------ the deck

# The box holds 224 cards; the direction tracker and the two link cards are set aside
# at the start and never played, so 221 are playing cards. The seed gives only the
# total: this mix (two 0s and four each of 1-9 per colour, three of each coloured
# action, 21 wilds) is this project's decision, kept in this one table.
PARTY_SET_ASIDE = {"direction tracker": 1, "link card": 2}
_DECK = tuple(
    colored_rows(LIGHT_COLORS, {0: 2, **{n: 4 for n in range(1, 10)}},
                 {Kind.DRAW_TWO: 3, Kind.REVERSE: 3, Kind.SKIP: 3, Kind.POINT_TAKEN: 3})
    + [(Face(None, Kind.WILD), 5), (Face(None, Kind.WILD_DRAW_FOUR), 8),
       (Face(None, Kind.WILD_PILE_UP), 4), (Face(None, Kind.WILD_DRAWN_TOGETHER), 4)]
)
_ACTION_KINDS = (Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP, Kind.POINT_TAKEN, Kind.WILD,
                 Kind.WILD_DRAW_FOUR, Kind.WILD_PILE_UP, Kind.WILD_DRAWN_TOGETHER)

#: The searching bots' win-chance model for this rule set (see Variant.outlook).
# Fitted to 70,614 heads-up positions and 116,149 four-player ones (3,000 rounds each):
# a Party round lasts long, so the cards held now say less about who wins it.
PARTY_OUTLOOK = {2: (-0.162, 0.221, 0.131, -0.080),
                 4: (-0.146, 0.273, -0.015, -0.044, -0.052, -0.047)}


PARTY = Variant(
    name="party",
    label="UNO Party!",
    front_end="uno_tui.rulesets.party.frontend",
    deck=_DECK,
    points={Kind.DRAW_TWO: 20, Kind.POINT_TAKEN: 20, Kind.REVERSE: 20, Kind.SKIP: 20,
            Kind.WILD: 50, Kind.WILD_DRAW_FOUR: 50, Kind.WILD_DRAWN_TOGETHER: 50,
            Kind.WILD_PILE_UP: 50},
    # An action card turned first has no effect: cards are turned until a number shows.
    first_card={Kind.NUMBER: FirstCard.PLAY,
                **{kind: FirstCard.TURN_ANOTHER for kind in _ACTION_KINDS}},
    # A caught bluff: its player draws 4; the card and its chosen colour stay.
    challenges={Kind.WILD_DRAW_FOUR: ChallengePenalty(guilty_draw=4, innocent_draw=6)},
    max_players=16,
    recommended_players=(6, 16),
    builtin_jump_in="numbers",
    # Any wild card in hand counts as a card of the colour in play, so holding one
    # makes a Wild Draw Four a bluff.
    wilds_match_color=True,
    default_mode="single",
    effects={**classic.EFFECTS, Kind.POINT_TAKEN: effect_point_taken,
             Kind.WILD_PILE_UP: effect_pile_up, Kind.WILD_DRAWN_TOGETHER: effect_drawn_together},
    draw_amounts=classic.DRAW_AMOUNTS,
    restricted_wilds=classic.RESTRICTED_WILDS,
    stackable=classic.STACKABLE,
    # Wild Pile Up's mini-pile sets the colour: its player names none.
    no_color_choice=frozenset({Kind.WILD_PILE_UP}),
    handlers={Play: on_play, PointAt: on_point_at, TakePile: on_take_pile, LinkPlayers: on_link},
    decisions={
        _POINT: DecisionRule(legal_point, "point at a player", open_to_all=True,
                             check_context=check_point),
        _PILE_UP: DecisionRule(legal_pile, "play on the mini-pile or take it",
                               check_context=check_pile),
        _LINK: DecisionRule(legal_link, "pick two players to link"),
    },
    # Voting is not acting on the table: a missed UNO stays catchable through a ballot.
    window_neutral=frozenset({PointAt}),
    public_context=("player", "color"),
    view_extras=view_extras,
    explain=explain,
    unlisted=take_wrong_speed_play,
    after_draw=echo_linked_draw,
    invariants=state_problems,
    state=(StateField("link", lambda: None, save=lambda link: list(link) if link else None,
                      load=_load_link),
           StateField("mini_pile", list, zone=True)),
    sample=sample,
    outlook=PARTY_OUTLOOK,
)
