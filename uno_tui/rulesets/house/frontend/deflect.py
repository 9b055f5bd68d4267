"""Deflect's front end: the log line of a draw sent on, and its own words in the prompts
of a seat that may send a draw on (a Draw Two to answer, or a draw deflected to it)."""

from __future__ import annotations

from ....app.cardtext import card_style, long_label
from ....app.frontends import FrontEnd
from ....app.prompts.turn import amount_words
from ....app.prompts.question import Option, Question
from ....app.prompts.registry import PromptContext, Prompter, distinct_faces
from ....engine import Accept, DecisionKind, EventKind, Play
from ....engine.cards import Kind
from ....i18n import Phrase
from ..deflect import DEFLECTED, DEFLECTORS

__all__ = ["FRONT_END", "ask_deflected", "answer_or_send_on"]


def _deflect(event, name, target, cards):
    return Phrase("{name} deflects the draw of {count} on to {target}", name=name,
                  target=target, count=event.count)


def _sends(context: PromptContext) -> dict[int, Play]:
    """The seat's plays that send the draw on (a Skip or Reverse of the colour in play),
    by card id."""
    view = context.view
    return {a.card: a for a in context.actions
            if type(a) is Play and (face := context.face_of(a.card)).kind in DEFLECTORS
            and face.color == view.color}


def _ask_to_send_on(context: PromptContext, sends: dict[int, Play], title: str,
                    happened: str) -> Question:
    """Take the draw, stack on it (other plays), or send it on: a Skip to the next
    player, a Reverse back."""
    view, seat, tr = context.view, context.seat, context.tr
    ahead = context.names[(seat + view.direction) % view.players]
    back = context.names[(seat - view.direction) % view.players]
    amount = amount_words(view.pending_draw or view.context.get("amount", 0), tr)
    options = []
    accept = Accept(seat)
    if accept in context.actions:
        options.append(Option(tr("Accept: draw {amount}", amount=amount), accept, "a"))
    plays = {a.card: a for a in context.actions if type(a) is Play}
    for card in distinct_faces(view.hand):
        play = plays.get(card.id)
        if play is None:
            continue
        label = long_label(card.face)
        if card.id not in sends:
            words = tr("Stack {card}", card=label)
        elif card.face.kind == Kind.REVERSE:
            words = tr("Send it back to {name} with {card}", name=back, card=label)
        else:
            words = tr("Send it on to {name} with {card}", name=ahead, card=label)
        options.append(Option(words, play, swatch=card_style(card.face)))
    how = tr("A Skip sends the draw on to {ahead}; a Reverse sends it back to {back}.",
             ahead=ahead, back=back)
    # Two sentences: Japanese runs them on without a space.
    return Question(title, tr("{sentence} {more}", sentence=happened, more=how), options)


def answer_or_send_on(ask_respond: Prompter) -> Prompter:
    """The prompt of a draw card to answer, under deflect: with a Skip or Reverse of its
    colour to send it on, it says so; else the prompt it wraps."""
    async def ask(context: PromptContext):
        sends = _sends(context)
        if not sends:
            return await ask_respond(context)
        view, tr = context.view, context.tr
        attacker = context.names[view.context.get("attacker", view.current)]
        # (Which cards send it on, and where, the options say: the title fits 80 columns.)
        title = tr("{name}: take the draw or send it on", name=context.name)
        happened = tr("{attacker} played {card} on {name}.", attacker=attacker,
                      card=long_label(view.top), name=context.name)
        return await context.ask(_ask_to_send_on(context, sends, title, happened))
    return ask


async def ask_deflected(context: PromptContext):
    """A draw sent on to this seat: take it, or send it on again."""
    view, tr = context.view, context.tr
    sender = context.names[view.context.get("attacker", view.current)]
    title = tr("{name}: take the draw or send it on again", name=context.name)
    happened = tr("{sender} sent the draw on to {name} with {card}.", sender=sender,
                  name=context.name, card=long_label(view.top))
    return await context.ask(_ask_to_send_on(context, _sends(context), title, happened))


FRONT_END = FrontEnd(
    tellers={EventKind.DEFLECT: _deflect},
    prompts={DEFLECTED: ask_deflected},
    prompt_wraps={DecisionKind.RESPOND: answer_or_send_on},
)
