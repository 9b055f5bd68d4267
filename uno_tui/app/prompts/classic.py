"""The prompts every rule set shares: a colour, a drawn card, a draw card to answer,
whom to swap hands with (7-0)."""

from __future__ import annotations

from ...engine import (
    COLOR_NAMES, Accept, Challenge, ChooseColor, DecisionKind, EventKind, Keep, Play, SwapHands,
)
from ...engine.cards import COLOR_LETTERS
from ...engine.variants import get_variant
from ..cardtext import card_style, color_label, color_style, long_label
from .question import Option, Question
from .registry import PromptContext, distinct_faces, player_option, register

__all__ = ["ask_color", "ask_drawn", "ask_respond", "ask_swap", "amount_words"]

_D = DecisionKind


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def amount_words(amount) -> str:
    """A draw penalty in words: ``4 cards``, or ``until the named colour shows``."""
    if amount == "until":
        return "cards until the named colour shows"
    return _cards(amount)


def _what_happened(context: PromptContext) -> str:
    """After Greninja: who drew until which colour (the colour is now named again)."""
    named = next((e.color for e in context.events if e.kind == EventKind.COLOR), None)
    victim = context.view.context.get("from")
    drawn = sum(e.count for e in context.events
                if e.kind == EventKind.DRAW and e.seat == victim)
    if victim is None or named is None:
        return ""
    who = context.names[victim]
    return (f"{who} drew {_cards(drawn)} until a {COLOR_NAMES.get(named, named)} card showed, "
            f"and is skipped. Now name the colour in play again.")


@register(_D.COLOR)
async def ask_color(context: PromptContext):
    """A colour: by its initial, its digit, the arrows, or a click."""
    view = context.view
    colors = [a.color for a in context.actions if type(a) is ChooseColor]
    options = [Option(COLOR_NAMES[c], ChooseColor(context.seat, c), COLOR_LETTERS[c].lower(),
                      swatch=color_style(c)) for c in colors]
    again = view.context.get("then") == "advance" and _what_happened(context)
    if again:
        title = f"{context.name}: name the colour again"
        message = again
    else:
        title = f"{context.name}: name a colour"
        message = f"{long_label(view.top)} is down. Which colour now? Your hand is below."
        # What the colour will do, in the rule set's words (Snorlax, Greninja).
        words = get_variant(view.variant).color_words.get(view.top.kind)
        if words:
            following = (view.current + view.direction) % view.players
            message += "\n" + words.format(next=context.names[following])
    return await context.ask(Question(title, message, options))


@register(_D.DRAWN)
async def ask_drawn(context: PromptContext):
    """The card just drawn can be played: play it, or keep it (not under forced play)."""
    play = next(a for a in context.actions if type(a) is Play)
    face = context.face_of(play.card)
    label = long_label(face)
    options = [Option(f"Play {label}", play, "p", swatch=card_style(face))]
    keep = Keep(context.seat)
    if keep in context.actions:
        options.append(Option("Keep it and end the turn", keep, "k"))
    return await context.ask(Question(f"{context.name} drew {label}",
                                      "It can be played right away.", options))


@register(_D.RESPOND)
async def ask_respond(context: PromptContext):
    """Accept the penalty, challenge a wild draw card, or stack a matching card."""
    view, seat, actions = context.view, context.seat, context.actions
    attacker = context.names[view.context.get("attacker", view.current)]
    amount = amount_words(view.pending_draw or view.context.get("amount", 0))
    top = long_label(view.top)
    options = []
    if Accept(seat) in actions:
        options.append(Option(f"Accept: draw {amount}", Accept(seat), "a"))
    challenge = Challenge(seat) in actions
    if challenge:
        options.append(Option(f"Challenge: see {attacker}'s hand", Challenge(seat), "c"))
    plays = {a.card: a for a in actions if type(a) is Play}
    for card in distinct_faces(view.hand):
        if card.id in plays:
            options.append(Option(f"Stack {long_label(card.face)}", plays[card.id],
                                  swatch=card_style(card.face)))
    message = f"{attacker} played {top} on {context.name}"
    prev = view.context.get("prev_color")
    if challenge and prev is not None:
        message += f" (the colour was {color_label(prev)})"
    message += "."
    if challenge:
        message += " " + _challenge_stakes(view, attacker, context.name)
    return await context.ask(Question(f"{context.name}: answer the {top}", message, options))


def _challenge_stakes(view, attacker: str, challenger: str) -> str:
    """What a challenge risks, from the rule set's own penalty table."""
    penalty = get_variant(view.variant).challenges.get(view.top.kind)
    if penalty is None:
        return ("A bluff? Challenge: if it was, the player who played it draws instead; "
                "if not, you draw more.")
    guilty = amount_words(penalty.guilty_draw)
    innocent = amount_words(penalty.innocent_draw)
    if penalty.innocent_extra:
        innocent += f" and {_cards(penalty.innocent_extra)} more"
    back = " and takes the card back" if penalty.guilty_returns_card else ""
    return (f"A bluff? Challenge: if it was, {attacker} draws {guilty}{back}; "
            f"if not, {challenger} draws {innocent}.")


@register(_D.SWAP)
async def ask_swap(context: PromptContext):
    """7-0: the seat to swap hands with, by name and hand size."""
    view = context.view
    targets = {a.target: a for a in context.actions if type(a) is SwapHands}
    options = [player_option(context, s, targets[s]) for s in context.others() if s in targets]
    return await context.ask(Question(
        f"{context.name}: swap hands with whom?",
        "The 7 lets you trade your whole hand with another player.", options,
        about_players=True))
