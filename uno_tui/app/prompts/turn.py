"""The turn machine's prompts, which every rule set shares: a colour, a drawn card, a draw
card to answer."""

from __future__ import annotations

from ...engine import (
    Accept, Challenge, ChooseColor, DecisionKind, EventKind, Keep, Play, get_variant,
)
from ...engine.cards import COLOR_LETTERS
from ...i18n import Translator, translator
from ..cardtext import card_style, color_label, color_name, color_style, long_label
from .question import Option, Question
from .registry import PromptContext, distinct_faces, register

__all__ = ["ask_color", "ask_drawn", "ask_respond", "amount_words"]

_D = DecisionKind
ENGLISH = translator()


def _cards(count: int, tr: Translator = ENGLISH) -> str:
    return tr.plural("{count} card", "{count} cards", count)


def amount_words(amount, tr: Translator = ENGLISH) -> str:
    """A draw penalty in words: ``4 cards``, or ``until the named colour shows``."""
    if amount == "until":
        return tr("cards until the named colour shows")
    return _cards(amount, tr)


def _what_happened(context: PromptContext) -> str:
    """After Greninja: who drew until which colour (the colour is now named again)."""
    named = next((e.color for e in context.events if e.kind == EventKind.COLOR), None)
    victim = context.view.context.get("from")
    drawn = sum(e.count for e in context.events
                if e.kind == EventKind.DRAW and e.seat == victim)
    if victim is None or named is None:
        return ""
    return context.tr.plural(
        "{name} drew {count} card until a {color} card showed, and is skipped. "
        "Now name the colour in play again.",
        "{name} drew {count} cards until a {color} card showed, and is skipped. "
        "Now name the colour in play again.",
        drawn, name=context.names[victim], color=color_name(named))


@register(_D.COLOR)
async def ask_color(context: PromptContext):
    """A colour: by its initial, its digit, the arrows, or a click."""
    view, tr = context.view, context.tr
    colors = [a.color for a in context.actions if type(a) is ChooseColor]
    options = [Option(tr.words(color_name(c)), ChooseColor(context.seat, c), COLOR_LETTERS[c].lower(),
                      swatch=color_style(c)) for c in colors]
    again = view.context.get("then") == "advance" and _what_happened(context)
    if again:
        title = tr("{name}: name the colour again", name=context.name)
        message = again
    else:
        title = tr("{name}: name a colour", name=context.name)
        message = tr("{card} is down. Which colour now? Your hand is below.",
                     card=long_label(view.top))
        # What the colour will do, in the rule set's words (Snorlax, Greninja).
        words = get_variant(view.variant).color_words.get(view.top.kind)
        if words:
            following = (view.current + view.direction) % view.players
            message += "\n" + tr(words, next=context.names[following])
    return await context.ask(Question(title, message, options))


@register(_D.DRAWN)
async def ask_drawn(context: PromptContext):
    """The card just drawn can be played: play it, or keep it (not under forced play)."""
    tr = context.tr
    play = next(a for a in context.actions if type(a) is Play)
    face = context.face_of(play.card)
    label = long_label(face)
    options = [Option(tr("Play {card}", card=label), play, "p", swatch=card_style(face))]
    keep = Keep(context.seat)
    if keep in context.actions:
        options.append(Option(tr("Keep it and end the turn"), keep, "k"))
    return await context.ask(Question(tr("{name} drew {card}", name=context.name, card=label),
                                      tr("It can be played right away."), options))


@register(_D.RESPOND)
async def ask_respond(context: PromptContext):
    """Accept the penalty, challenge a wild draw card, or stack a matching card."""
    view, seat, actions, tr = context.view, context.seat, context.actions, context.tr
    attacker = context.names[view.context.get("attacker", view.current)]
    amount = view.pending_draw or view.context.get("amount", 0)
    top = long_label(view.top)
    options = []
    if Accept(seat) in actions:
        options.append(Option(_accept_words(amount, view.color, tr), Accept(seat), "a"))
    challenge = Challenge(seat) in actions
    if challenge:
        options.append(Option(tr("Challenge: see {name}'s hand", name=attacker),
                              Challenge(seat), "c"))
    plays = {a.card: a for a in actions if type(a) is Play}
    for card in distinct_faces(view.hand):
        if card.id in plays:
            options.append(Option(tr("Stack {card}", card=long_label(card.face)), plays[card.id],
                                  swatch=card_style(card.face)))
    prev = view.context.get("prev_color")
    shorter: list[str] = []
    if challenge and prev is not None:
        message = tr("{attacker} played {card} on {name} (the colour was {color}).",
                     attacker=attacker, card=top, name=context.name, color=color_label(prev))
        shorter.append(tr("The colour was {color}.", color=color_label(prev)))
    else:
        message = tr("{attacker} played {card} on {name}.", attacker=attacker, card=top,
                     name=context.name)
    if challenge:
        # Two sentences: Japanese runs them on without a space. Shorter, for a panel of
        # few rows (UNO Flip's Wild Draw Color at 80x24 cut what a wrong challenge
        # costs): the colour before it, then the stakes alone (the title names the card).
        stakes = _challenge_stakes(view, attacker, context.name, tr)
        message, *shorter = [tr("{sentence} {more}", sentence=sentence, more=stakes)
                             for sentence in (message, *shorter)]
        shorter.append(stakes)
    return await context.ask(Question(tr("{name}: answer the {card}", name=context.name,
                                         card=top), message, options, shorter=shorter))


def _accept_words(amount, color: str | None, tr: Translator = ENGLISH) -> str:
    """The Accept option: ``Accept: draw 4 cards``; a draw until a colour names it
    (UNO Flip's Wild Draw Color: "Accept: draw cards until the named colour shows" was
    cut before its key at 80x24)."""
    if amount == "until" and color is not None:
        return tr("Accept: draw until a {color} card shows", color=color_name(color))
    return tr("Accept: draw {amount}", amount=amount_words(amount, tr))


def _challenge_stakes(view, attacker: str, challenger: str, tr: Translator = ENGLISH) -> str:
    """What a challenge risks, from the rule set's own penalty table."""
    penalty = get_variant(view.variant).challenges.get(view.top.kind)
    if penalty is None:
        return tr("A bluff? Challenge: if it was, the player who played it draws instead; "
                  "if not, you draw more.")
    guilty = amount_words(penalty.guilty_draw, tr)
    innocent = amount_words(penalty.innocent_draw, tr)
    if penalty.innocent_extra:
        innocent = tr("{amount} and {extra} more", amount=innocent,
                      extra=_cards(penalty.innocent_extra, tr))
    if penalty.guilty_returns_card:
        return tr("A bluff? Challenge: if it was, {attacker} draws {guilty} and takes the card "
                  "back; if not, {challenger} draws {innocent}.", attacker=attacker,
                  guilty=guilty, challenger=challenger, innocent=innocent)
    return tr("A bluff? Challenge: if it was, {attacker} draws {guilty}; "
              "if not, {challenger} draws {innocent}.", attacker=attacker, guilty=guilty,
              challenger=challenger, innocent=innocent)
