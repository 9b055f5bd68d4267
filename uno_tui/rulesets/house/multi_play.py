"""House rule ``multi-play``: several cards of the same number played at once.

Source: the "play multiple cards" option of UNO's digital editions and the most asked-for
house rule on UNO forums after stacking ("drop all your 5s in one go"); Mattel's UNO
Show 'Em No Mercy prints it as "Discard All" for numbers of one colour, players widen it
to the same number in any colour.

Decisions:

- After playing a number card, a player who still holds cards of the same number may
  play them one after another onto it, in any colour and order (each goes on top and
  its colour comes into play), then stops (:class:`StopPlaying`). Playing them is part
  of the same turn: nobody else acts in between.
- Only numbers: a set of action cards would multiply their effects.
- The last card of the set takes effect (e.g. under 7-0, a set ending on a 7 swaps once).
- UNO is called for the hand as it is after the set, as after any play; a set that
  empties the hand goes out.
"""

from __future__ import annotations

from ...engine.actions import Action, Play, interned, register_action
from ...engine.cards import Face, Kind
from ...engine.ruleset import DecisionRule, Effect, HouseRule
from ...i18n import Phrase

__all__ = ["RULE", "MORE", "StopPlaying"]

#: The decision: play another card of the same number, or stop.
MORE = "play_more"


@register_action
class StopPlaying(Action):
    """multi-play: play no more cards of the same number this turn."""

    __slots__ = ()


def _same_number(game, seat: int, number: int) -> list[int]:
    faces = game.faces
    return [c for c in game.hands[seat]
            if faces[c].kind == Kind.NUMBER and faces[c].number == number]


def _numbers(base: Effect) -> Effect:
    def effect(game, seat: int, card: int, face: Face, ctx: dict) -> None:
        if (game.goer is None and not ctx.get("stopped")
                and _same_number(game, seat, face.number)):
            game.decide(MORE, seat, number=face.number)
            return
        base(game, seat, card, face, ctx)
    return effect


def legal_more(game, seat: int) -> list[Action]:
    """Another card of the number, or stop."""
    number = game.context["number"]
    return [*(interned(Play, seat, c) for c in _same_number(game, seat, number)),
            interned(StopPlaying, seat)]


def on_stop(game, action: StopPlaying) -> None:
    """The last card played takes effect."""
    top = game.discard[-1]
    face = game.faces[top]
    game.card_effect(face.kind)(game, action.seat, top, face, {"stopped": True})


def check_more(game, ctx: dict) -> None:
    """``number`` is the number on top, and its player holds another one."""
    if set(ctx) != {"number"}:
        raise ValueError(Phrase("unexpected decision details {details}",
                                details=str(sorted(ctx))))
    top = game.faces[game.discard[-1]]
    if top.kind != Kind.NUMBER or ctx["number"] != top.number:
        raise ValueError(Phrase("a set of numbers goes on from a number card on top"))


def explain(game, action: Action) -> str | None:
    if game.decision.kind != MORE or action.seat != game.decision.seat:
        if type(action) is StopPlaying:
            return Phrase("there is no set of numbers to stop playing")
        return None
    if type(action) is Play:
        return Phrase("only another {number} may go on the set now (or stop playing)",
                      number=game.context["number"])
    return None


RULE = HouseRule(
    name="multi-play",
    help="after playing a number, more cards of the same number may be played at once",
    label="Multi-play: several cards of one number at once",
    effects={Kind.NUMBER: _numbers},
    handlers={StopPlaying: on_stop},
    decisions={MORE: DecisionRule(legal_more, "play another card of the same number or stop",
                                  check_context=check_more)},
    explain=explain,
)
