"""UNO Party!'s own prompts: Point Taken's secret vote, Wild Pile Up's mini-pile,
Wild Drawn Together's two players (picked one after the other, never as pairs)."""

from __future__ import annotations

from ....engine import DecisionKind, LinkPlayers, Play, PointAt, TakePile
from ....i18n import Phrase
from ....app.cardtext import card_style, color_name, long_label
from ....app.prompts.question import Option, Question
from ....app.prompts.registry import PromptContext, distinct_faces, player_option, register

__all__ = ["ask_point", "ask_pile_up", "ask_link"]

_D = DecisionKind


@register(_D.POINT)
async def ask_point(context: PromptContext):
    """A secret vote: point at another player; every vote shows once all are in."""
    view, tr = context.view, context.tr
    targets = {a.target: a for a in context.actions if type(a) is PointAt}
    # Each player with their card count: a vote is about who should draw.
    options = [player_option(context, s, targets[s]) for s in context.others() if s in targets]
    player = view.context.get("player")
    cast = len(view.extras.get("ballots_cast", ()))
    message = tr("Point at a player, in secret: the votes show together once all {players} "
                 "are in ({cast} so far). Each player draws a card for each vote against "
                 "them, at most 5.", players=view.players, cast=cast)
    if player is not None:
        message = tr("{name} played Point Taken. {rule}", name=context.names[player],
                     rule=message)
    return await context.ask(Question(tr("{name}: point at whom?", name=context.name),
                                      message, options, about_players=True))



@register(_D.PILE_UP)
async def ask_pile_up(context: PromptContext):
    """Play a card of the mini-pile's colour (or a wild) on it, or take the whole pile."""
    view, extras, tr = context.view, context.view.extras, context.tr
    pile = extras.get("mini_pile", ())
    color = extras.get("mini_pile_color") or view.context.get("color") or view.color
    color_words = color_name(color) if color else str(color)
    shown = Phrase.joined(", ", [long_label(card.face) for card in pile])
    message = tr.plural("Mini-pile ({color}, {count} card): {cards}.",
                        "Mini-pile ({color}, {count} cards): {cards}.", len(pile),
                        color=color_words, cards=shown)
    plays = {a.card: a for a in context.actions if type(a) is Play}
    options = [Option(tr("Play {card} on it", card=long_label(card.face)), plays[card.id],
                      swatch=card_style(card.face)) for card in distinct_faces(view.hand)
               if card.id in plays]
    take = TakePile(context.seat)
    if take in context.actions:
        options.append(Option(tr("Take the pile ({count} cards)", count=len(pile)), take, "t"))
        what_now = tr("{name} has no {color} card or wild, so takes the pile.",
                      name=context.name, color=color_words)
    else:
        what_now = tr("Play a {color} card or a wild on it; the pile passes on.",
                      color=color_words)
    message = tr("{sentence} {more}", sentence=message, more=what_now)
    return await context.ask(Question(tr("{name}: Wild Pile Up", name=context.name), message,
                                      options))


@register(_D.LINK)
async def ask_link(context: PromptContext):
    """Two players, by name, one after the other (Escape on the second goes back)."""
    tr = context.tr
    legal = {(a.first, a.second) for a in context.actions if type(a) is LinkPlayers}
    seats = range(context.view.players)
    rule = tr("Wild Drawn Together: from now on, whenever one of the two linked players "
              "draws, the other draws as many.")
    while True:
        first = await context.ask(Question(
            tr("{name}: link whom? (first of two players)", name=context.name), rule,
            [Option(context.names[s], s, number=s + 1) for s in seats
             if any(s in pair for pair in legal)], about_players=True))
        if first is None:
            return None
        partners = [s for s in seats if s != first and tuple(sorted((first, s))) in legal]
        second = await context.ask(Question(
            tr("{name}: link {first} with whom?", name=context.name, first=context.names[first]),
            tr("{first} is the first. Pick the second player.", first=context.names[first]),
            [Option(context.names[s], s, number=s + 1) for s in partners], cancel=True,
            about_players=True))
        if second is not None:
            return LinkPlayers(context.seat, first, second)
