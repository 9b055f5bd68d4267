"""House rule ``deflect``: a Skip or Reverse of the Draw Two's colour sends its draw on.

Source: a house rule players of UNO ask for beside stacking ("bounce a +2 with a
Reverse", "skip the +2 on"), played in UNO's Nintendo Switch and mobile house-rule
menus as "Reverse/Skip a Draw Two" and in UNO Show 'Em No Mercy's rule that a Reverse
sends a draw back.

Decisions:

- Only a coloured draw card (Draw Two; UNO Flip's Draw One and Draw Five; a stack of
  them) can be deflected, with a Skip or a Reverse of the colour in play, which is the
  draw card's. Wild draw cards can't (their colour was only named).
- A Skip sends the whole draw to the player after the deflecting one; a Reverse turns the
  direction and sends it back (with two players both send it back to the attacker).
- That player may deflect it again the same way, or takes it (draws and loses the turn);
  once deflected it can't be stacked on.
- A deflecting card played as a last card goes out; the next player still draws.
"""

from __future__ import annotations

from ...engine.actions import Accept, DecisionKind, EventKind, Play, interned
from ...engine.cards import Face, Kind
from ...engine.ruleset import DecisionRule, Effect, HouseRule, Variant
from ...i18n import N_, Phrase

__all__ = ["RULE", "DEFLECTED", "DEFLECTORS"]

#: The decision after a deflect: deflect again, or take the draw.
DEFLECTED = "deflected"
#: The kinds that deflect.
DEFLECTORS = frozenset({Kind.SKIP, Kind.REVERSE})
_ANSWERING = frozenset({DecisionKind.RESPOND, DEFLECTED})


def _deflectors(game, seat: int) -> list[int]:
    faces, color = game.faces, game.color
    return [c for c in game.hands[seat] if faces[c].kind in DEFLECTORS and faces[c].color == color]


def answers(game, seat: int) -> list[int]:
    """A coloured draw card on top (fixed amount) may be deflected by ``seat``."""
    top = game.top
    amount = game.variant.draw_amounts.get(top.kind)
    if top.color is None or amount is None or amount == "until":
        return []
    return _deflectors(game, seat)


def _deflect(base: Effect) -> Effect:
    def effect(game, seat: int, card: int, face: Face, ctx: dict) -> None:
        if game.decision.kind not in _ANSWERING:
            base(game, seat, card, face, ctx)
            return
        amount = game.pending_draw or game.context["amount"]
        game.pending_draw = 0
        if face.kind == Kind.REVERSE and game.players > 2:
            game.direction = -game.direction
            game.emit(EventKind.REVERSE, seat)
        victim = game.next_seat(seat)
        game.emit(EventKind.DEFLECT, seat, count=amount, target=victim)
        if game.goer is None and _deflectors(game, victim):
            game.current = victim
            game.decide(DEFLECTED, victim, card=card, attacker=seat, amount=amount)
            return
        game.penalize(victim, amount)
        if not game.finish_if_gone_out():
            game.skip_after(victim)
    return effect


def legal_deflected(game, seat: int) -> list:
    """Take the draw, or deflect it again."""
    return [interned(Accept, seat), *(interned(Play, seat, c) for c in _deflectors(game, seat))]


def check_deflected(game, ctx: dict) -> None:
    """The deflecting ``card`` is on top; ``attacker`` a seat; ``amount`` a count."""
    if set(ctx) != {"card", "attacker", "amount"}:
        raise ValueError(Phrase("unexpected decision details {details}",
                                details=str(sorted(ctx))))
    if ctx["card"] != game.discard[-1] or game.faces[ctx["card"]].kind not in DEFLECTORS:
        raise ValueError(Phrase("a deflected draw waits with its Skip or Reverse on top"))
    if type(ctx["attacker"]) is not int or not 0 <= ctx["attacker"] < game.players:
        raise ValueError(Phrase("the deflecting seat must be a seat"))
    if type(ctx["amount"]) is not int or ctx["amount"] < 1:
        raise ValueError(Phrase("a deflected draw must be a whole number of cards"))


def _applies(variant: Variant) -> str | None:
    kinds = variant.kinds()
    colored_draws = {face.kind for face, _ in variant.deck + variant.dark_deck
                     if face.color is not None and face.kind in variant.draw_amounts}
    if not (kinds & DEFLECTORS) or not colored_draws:
        return N_("it has no Skip or Reverse and coloured draw card to deflect with")
    return None


RULE = HouseRule(
    name="deflect",
    help="a Skip or Reverse of the Draw Two's colour sends its draw on (Skip: to the next "
         "player, Reverse: back)",
    label="Deflect: Skip or Reverse sends a +2 on",
    applies=_applies,
    effects={Kind.SKIP: _deflect, Kind.REVERSE: _deflect},
    decisions={DEFLECTED: DecisionRule(legal_deflected, "take the draw or deflect it again",
                                       check_context=check_deflected)},
    answers=answers,
    front_end="uno_tui.rulesets.house.frontend.deflect",
)
