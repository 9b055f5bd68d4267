"""The save format of a :class:`~uno_tui.engine.game.Game`, in one place.

:func:`save_data` is the one definition of a save's keys: ``Game.to_json`` fills it
from a game, the sampler (:mod:`~uno_tui.engine.determinize`) from a sampled world.
:func:`game_from_json` reads it back and refuses anything a game could not be played
on: wrong types, cards in two places, a seat that does not exist, or a pending
decision whose context is corrupt (each decision kind checks its own context; a rule
set checks its decision kinds' contexts and its own saved state).

A rule set's extra state (``Variant.state``) is saved under each field's name.

This module reads and writes a game only through the
:class:`~uno_tui.engine.table.Table` protocol: ``snapshot()`` for a save, ``blank()``
and ``restore()`` to load one, never the game's private members.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterable

from . import decks
from .actions import Decision, DecisionKind
from .cards import Card
from ..i18n import Phrase
from .errors import ConfigError, SaveDataError, corruption, shown
from .ruleset import RandomDraw

if TYPE_CHECKING:
    from .table import Table as Game

__all__ = ["SAVE_FORMAT", "save_data", "game_to_json", "game_from_json", "rng_to_json",
           "rng_from_json", "check_turn", "check_drawn", "check_color", "check_respond",
           "check_seat", "check_card", "check_int"]

SAVE_FORMAT = 1


def save_data(*, variant: str, players: int, rules: Iterable[str], seed, side: int,
              cards: Iterable[Card] | None, hands, draw_pile, discard, out_of_play, color,
              direction: int, dealer: int, current: int, decision, ctx: dict,
              uno_window, called: Iterable[int], winner, goer, stalled: int,
              pending_draw: int, revealed, drew_on, rng: list, state: dict) -> dict:
    """A save of one game from its parts (plain JSON values in, plain JSON values out).

    ``cards`` is the pairing of a two-sided deck (``None`` for a one-sided one),
    ``revealed`` ``[[seat, target, [cards]], ...]``, ``drew_on``
    ``[[seat, colour, top card, held], ...]``, ``rng`` from :func:`rng_to_json` and
    ``state`` the rule set's own fields, already saved as JSON values.
    """
    return {
        "format": SAVE_FORMAT,
        "variant": variant,
        "players": players,
        "rules": sorted(rules),
        "seed": seed,
        "side": side,
        **({"pairing": decks.pairing_to_json(cards)} if cards is not None else {}),
        "hands": [list(h) for h in hands],
        "draw_pile": list(draw_pile),
        "discard": list(discard),
        "out_of_play": list(out_of_play),
        "color": color,
        "direction": direction,
        "dealer": dealer,
        "current": current,
        "decision": list(decision),
        "ctx": dict(ctx),
        "uno_window": uno_window,
        "called": sorted(called),
        "winner": winner,
        "goer": goer,
        "stalled": stalled,
        "pending_draw": pending_draw,
        **state,
        "revealed": revealed,
        "drew_on": drew_on,
        "rng": rng,
    }


def rng_to_json(rng: random.Random) -> list:
    """A random generator's state as JSON values."""
    version, state, gauss = rng.getstate()
    return [version, list(state), gauss]


def rng_from_json(data, rng: random.Random | None = None) -> random.Random:
    """A random generator (``rng``, or a new one) put in the state :func:`rng_to_json`
    saved; ``ValueError`` if the state is corrupt."""
    if not isinstance(data, list) or len(data) != 3 or not isinstance(data[1], list):
        raise ValueError(Phrase("the random generator's state must be [version, [numbers], "
                                "gauss]"))
    version, state, gauss = data
    rng = rng or random.Random()
    try:
        rng.setstate((version, tuple(state), gauss))
    except (TypeError, OverflowError, ValueError) as exc:
        raise ValueError(Phrase("the random generator's state is not valid")) from None
    return rng


def game_to_json(game: "Game") -> dict:
    """Everything needed to restore ``game`` exactly, as plain JSON values."""
    return save_data(**game.snapshot())


def game_from_json(cls, data: Any) -> "Game":
    """Restore a game of class ``cls`` from :func:`game_to_json` data.

    Raises :class:`SaveDataError` (and nothing else) when the data is not a game this
    engine can play on.
    """
    if not isinstance(data, dict):
        raise SaveDataError(Phrase("the saved game is not a JSON object"))
    if data.get("format") != SAVE_FORMAT:
        raise SaveDataError(Phrase("unsupported save format {format} (this version reads "
                                   "format {known})", format=shown(data.get("format")),
                                   known=SAVE_FORMAT))
    try:
        game = cls.blank(data["variant"], data["players"], data["rules"], data["seed"])
        _restore(game, data)
        problems = game.conservation_problems()
        if problems:
            raise SaveDataError(Phrase("the saved game is corrupt: {problems}",
                                       problems=Phrase.joined("; ", problems)))
        _check_decision(game)
    except SaveDataError:
        raise
    except ConfigError as exc:
        raise SaveDataError(Phrase("the saved game has a bad set-up: {problem}",
                                   problem=corruption(exc))) from None
    except (KeyError, TypeError, ValueError, IndexError, OverflowError, AttributeError) as exc:
        raise SaveDataError(Phrase("the saved game is corrupt ({problem})",
                                   problem=corruption(exc))) from None
    return game


# ------------------------------------------------------------------ checks

def check_int(value, name: str, low: int | None = None) -> int:
    """``value`` if it is a whole number (at least ``low``); ``ValueError`` otherwise."""
    if type(value) is not int or (low is not None and value < low):
        if low is None:
            raise ValueError(Phrase("{name} must be a whole number, not {value}", name=name,
                                    value=shown(value)))
        raise ValueError(Phrase("{name} must be a whole number >= {low}, not {value}",
                                name=name, low=low, value=shown(value)))
    return value


def check_seat(game: "Game", value, name: str = Phrase("a seat"), *, optional: bool = False):
    """``value`` if it is a seat of ``game`` (or ``None`` with ``optional``)."""
    if value is None and optional:
        return None
    if type(value) is not int or not 0 <= value < game.players:
        raise ValueError(Phrase("{name} must be a seat from 0 to {last}, not {value}",
                                name=name, last=game.players - 1, value=shown(value)))
    return value


def check_card(game: "Game", value, name: str = Phrase("a card")) -> int:
    """``value`` if it is a card id of ``game``."""
    if type(value) is not int or not 0 <= value < game.deck_size:
        raise ValueError(Phrase("{name} must be a card id from 0 to {last}, not {value}",
                                name=name, last=game.deck_size - 1, value=shown(value)))
    return value


def _ids(game: "Game", values, name: str) -> list[int]:
    if not isinstance(values, list):
        raise ValueError(Phrase("{name} must be a list of card ids", name=name))
    size = game.deck_size
    for v in values:
        if type(v) is not int or not 0 <= v < size:
            raise ValueError(Phrase("a card in {name} must be a card id from 0 to {last}, not "
                                    "{value}", name=name, last=size - 1, value=shown(v)))
    return values[:]


def _color(game: "Game", value, name: str, *, optional: bool = True):
    if value is None and optional:
        return None
    if value not in game.colors:
        raise ValueError(Phrase("{name} {value} is not a colour of the side in play",
                                name=name, value=shown(value)))
    return value


def _restore(game: "Game", data: dict) -> None:
    n = game.players
    if game.variant.dark_deck:
        game.restore({"cards": decks.pairing_from_json(game.variant, data["pairing"])})
    game.restore({"side": check_int(data["side"], "side")})
    parts: dict[str, Any] = {}
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise ValueError(Phrase("expected {count} hands", count=n))
    parts["hands"] = [_ids(game, h, Phrase("a hand")) for h in hands]
    parts["draw_pile"] = _ids(game, data["draw_pile"], Phrase("the draw pile"))
    parts["discard"] = _ids(game, data["discard"], Phrase("the discard pile"))
    if not parts["discard"]:
        raise ValueError(Phrase("the discard pile is empty"))
    parts["out_of_play"] = _ids(game, data["out_of_play"], Phrase("the cards out of play"))
    parts["color"] = _color(game, data["color"], Phrase("the colour in play"))
    if data["direction"] not in (1, -1) or type(data["direction"]) is not int:
        raise ValueError(Phrase("direction must be 1 or -1"))
    parts["direction"] = data["direction"]
    parts["dealer"] = check_seat(game, data["dealer"], Phrase("the dealer"))
    parts["current"] = check_seat(game, data["current"], Phrase("the current player"))
    decision = data["decision"]
    if not isinstance(decision, list) or len(decision) != 2:
        raise ValueError(Phrase("the decision must be [kind, seat]"))
    kind, seat = decision
    try:
        game.decision_rule(kind)
    except (KeyError, TypeError):
        raise ValueError(Phrase("unknown decision {kind}", kind=shown(kind))) from None
    if kind == DecisionKind.ROUND_OVER:
        if seat != -1:
            check_seat(game, seat, Phrase("the round's winner"))
        kind = DecisionKind.ROUND_OVER
    else:
        check_seat(game, seat, Phrase("the seat decided on"))
        kind = next((k for k in DecisionKind if k == kind), kind)
    parts["decision"] = Decision(kind, seat)
    if not isinstance(data["ctx"], dict):
        raise ValueError(Phrase("the decision context must be an object"))
    parts["ctx"] = dict(data["ctx"])
    parts["uno_window"] = check_seat(game, data["uno_window"], Phrase("the UNO window"), optional=True)
    if not isinstance(data["called"], list):
        raise ValueError(Phrase("called must be a list of seats"))
    parts["called"] = {check_seat(game, s, Phrase("a seat that called UNO")) for s in data["called"]}
    parts["winner"] = check_seat(game, data["winner"], Phrase("the winner"), optional=True)
    parts["goer"] = check_seat(game, data["goer"], Phrase("the seat that went out"), optional=True)
    parts["stalled"] = check_int(data["stalled"], "stalled", 0)
    parts["pending_draw"] = check_int(data["pending_draw"], Phrase("the pending draw"), 0)
    # The rule set's loaders may read the piles and hands: they see them restored.
    game.restore(parts)
    state = {}
    for field in game.variant.state:
        value = data[field.name]
        state[field.name] = (field.load(value, game) if field.load is not None
                             else _ids(game, value, field.name.replace("_", " ")))
    revealed = {}
    for entry in _entries(data["revealed"], 3, "revealed"):
        s, t, cards = entry
        revealed[check_seat(game, s)] = (check_seat(game, t), tuple(_ids(game, cards, Phrase("a shown hand"))))
    drew_on = {}
    for entry in _entries(data["drew_on"], 4, "drew_on"):
        s, c, t, h = entry
        drew_on[check_seat(game, s)] = (_color(game, c, Phrase("a colour drawn on")),
                                        check_card(game, t), check_int(h, "held", 0))
    rng_from_json(data["rng"], random.Random())     # refused here, before anything changes
    game.restore({"state": state, "revealed": revealed, "drew_on": drew_on, "rng": data["rng"]})


def _entries(values, size: int, name: str) -> list[list]:
    if not isinstance(values, list) or any(not isinstance(v, list) or len(v) != size
                                           for v in values):
        raise ValueError(Phrase("{name} must be a list of {size}-item lists", name=name,
                                size=size))
    return values


def _check_decision(game: "Game") -> None:
    """Refuse a pending decision the game could not go on from."""
    kind, seat = game.decision
    ctx = game.context
    rule = game.decision_rule(kind)
    if rule.check_context is not None:
        rule.check_context(game, ctx)
    elif ctx:
        raise ValueError(Phrase("a {kind} decision carries no details, not {details}",
                                kind=str(kind), details=str(sorted(ctx))))
    if game.is_over:
        if game.winner != (None if seat == -1 else seat):
            raise ValueError(Phrase("the finished round's winner is not the decision's seat"))
    else:
        if game.winner is not None:
            raise ValueError(Phrase("the round goes on but has a winner"))
        # Only a decision whose rule says so may wait with a seat gone out: e.g. the
        # colour of a last card whose effect needs one, named by that seat.
        if game.goer is not None and not (rule.after_out and game.goer == seat):
            raise ValueError(Phrase("the round goes on after a seat went out"))
        # A stacked wild draw card names its colour before its draw adds up.
        if game.pending_draw and kind not in (DecisionKind.RESPOND, DecisionKind.COLOR):
            raise ValueError(Phrase("a draw penalty waits outside a response to a draw card"))


def _keys(ctx: dict, *allowed: str) -> None:
    extra = set(ctx) - set(allowed)
    if extra:
        raise ValueError(Phrase("unexpected decision details {details}",
                                details=str(sorted(extra))))


def _played_card(game: "Game", ctx: dict) -> None:
    """``card`` is the top card, ``prev_color`` a colour (or none), ``bluff`` a flag."""
    card = check_card(game, ctx["card"], Phrase("the card being resolved"))
    if card != game.discard[-1]:
        raise ValueError(Phrase("the card being resolved is not the top card"))
    if ctx["prev_color"] is not None and ctx["prev_color"] not in game.colors:
        raise ValueError(Phrase("{value} is not a colour of the side in play",
                                value=shown(ctx["prev_color"])))
    if type(ctx["bluff"]) is not bool:
        raise ValueError(Phrase("bluff must be true or false"))


def check_turn(game: "Game", ctx: dict) -> None:
    """A turn: no details, or ``guilty`` after a guilty challenge."""
    _keys(ctx, "guilty")
    if ctx and ctx["guilty"] is not True:
        raise ValueError(Phrase("guilty must be true"))


def check_drawn(game: "Game", ctx: dict) -> None:
    """A drawn card to play or keep: ``card`` is in the decider's hand."""
    _keys(ctx, "card")
    if check_card(game, ctx["card"], Phrase("the drawn card")) not in game.hands[game.decision.seat]:
        raise ValueError(Phrase("the drawn card is not in its drawer's hand"))


def check_color(game: "Game", ctx: dict) -> None:
    """A colour to name: for a played wild, for a first card (``then: turn``), or to go
    on after an effect (``then: advance``, ``from`` a seat)."""
    then = ctx.get("then")
    if then == "turn":
        _keys(ctx, "then")
    elif then == "advance":
        _keys(ctx, "then", "from")
        check_seat(game, ctx["from"], Phrase("the seat play goes on from"))
    elif "then" in ctx:
        raise ValueError(Phrase("unknown colour follow-up {then}", then=shown(then)))
    else:
        _keys(ctx, "card", "prev_color", "bluff")
        _played_card(game, ctx)
        if game.faces[ctx["card"]].color is not None:
            raise ValueError(Phrase("a colour is named for a card that is not wild"))


def check_respond(game: "Game", ctx: dict) -> None:
    """An answer to a draw card: its ``card`` on top, ``attacker``, ``amount``, ``bluff``."""
    _keys(ctx, "card", "prev_color", "bluff", "attacker", "amount")
    _played_card(game, ctx)
    check_seat(game, ctx["attacker"], Phrase("the attacker"))
    amount = ctx["amount"]
    declared = game.variant.draw_amounts.get(game.faces[ctx["card"]].kind, object())
    if not (amount == declared or (isinstance(declared, RandomDraw) and declared.allows(amount))):
        raise ValueError(Phrase("{value} is not what the card on top makes a player draw",
                                value=shown(amount)))
