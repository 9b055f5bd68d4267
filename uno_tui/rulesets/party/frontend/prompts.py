"""UNO Party!'s own prompts: Point Taken's secret vote, Wild Pile Up's mini-pile,
Wild Drawn Together's two players (picked one after the other, never as pairs)."""

from __future__ import annotations

from ....engine import COLOR_NAMES, DecisionKind, LinkPlayers, Play, PointAt, TakePile
from ....app.cardtext import card_style, long_label
from ....app.prompts.question import Option, Question
from ....app.prompts.registry import PromptContext, distinct_faces, register

__all__ = ["ask_point", "ask_pile_up", "ask_link"]

_D = DecisionKind


@register(_D.POINT)
async def ask_point(context: PromptContext):
    """A secret vote: point at another player; every vote shows once all are in."""
    view = context.view
    targets = {a.target: a for a in context.actions if type(a) is PointAt}
    # Each player with their card count: a vote is about who should draw.
    options = [Option(f"{context.names[s]} · {_cards(view.seats[s].card_count)}", targets[s],
                      number=s + 1)
               for s in context.others() if s in targets]
    player = view.context.get("player")
    cast = len(view.extras.get("ballots_cast", ()))
    who = f"{context.names[player]} played Point Taken. " if player is not None else ""
    message = (f"{who}Point at a player, in secret: the votes show together once all "
               f"{view.players} are in ({cast} so far). Each player draws a card for each "
               f"vote against them, at most 5.")
    return await context.ask(Question(f"{context.name}: point at whom?", message, options,
                                      about_players=True))


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


@register(_D.PILE_UP)
async def ask_pile_up(context: PromptContext):
    """Play a card of the mini-pile's colour (or a wild) on it, or take the whole pile."""
    view, extras = context.view, context.view.extras
    pile = extras.get("mini_pile", ())
    color = extras.get("mini_pile_color") or view.context.get("color") or view.color
    color_name = COLOR_NAMES.get(color, str(color))
    shown = ", ".join(long_label(card.face) for card in pile)
    message = f"Mini-pile ({color_name}, {len(pile)} card{'s' if len(pile) != 1 else ''}): {shown}."
    plays = {a.card: a for a in context.actions if type(a) is Play}
    options = [Option(f"Play {long_label(card.face)} on it", plays[card.id],
                      swatch=card_style(card.face)) for card in distinct_faces(view.hand)
               if card.id in plays]
    take = TakePile(context.seat)
    if take in context.actions:
        options.append(Option(f"Take the pile ({len(pile)} cards)", take, "t"))
        message += f" {context.name} has no {color_name} card or wild, so takes the pile."
    else:
        message += f" Play a {color_name} card or a wild on it; the pile passes on."
    return await context.ask(Question(f"{context.name}: Wild Pile Up", message, options))


@register(_D.LINK)
async def ask_link(context: PromptContext):
    """Two players, by name, one after the other (Escape on the second goes back)."""
    legal = {(a.first, a.second) for a in context.actions if type(a) is LinkPlayers}
    seats = [context.seat] + context.others()
    rule = ("Wild Drawn Together: from now on, whenever one of the two linked players draws, "
            "the other draws as many.")
    while True:
        first = await context.ask(Question(
            f"{context.name}: link whom? (first of two players)", rule,
            [Option(context.names[s], s, number=s + 1) for s in seats
             if any(s in pair for pair in legal)]))
        if first is None:
            return None
        partners = [s for s in seats if s != first and tuple(sorted((first, s))) in legal]
        second = await context.ask(Question(
            f"{context.name}: link {context.names[first]} with whom?",
            f"{context.names[first]} is the first. Pick the second player.",
            [Option(context.names[s], s, number=s + 1) for s in partners], cancel=True))
        if second is not None:
            return LinkPlayers(context.seat, first, second)
