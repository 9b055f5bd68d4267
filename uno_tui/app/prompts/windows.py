"""Questions the table asks outside a decision: who plays out of turn (jump-in, Party's
speed play) and with which card, and a notice a person reads before play goes on.

An out-of-turn play is a ``what``: ``"Speed play"`` or ``"Jump in"`` (the key's own
words); each has whole sentences of its own, since a language may not build them from
the one word, which the rule set or house rule that brings it gives in its front end
(``FrontEnd.out_of_turn``)."""

from __future__ import annotations

from typing import Sequence

from ...engine import Face, JumpIn
from ...i18n import Translator, translator
from .. import frontends
from ..cardtext import card_style, long_label
from .question import Option, Question

__all__ = ["who_plays_out_of_turn", "out_of_turn_card", "nothing_to_claim", "notice",
           "out_of_turn_sentence"]

ENGLISH = translator()


def out_of_turn_sentence(what: str, key: str) -> str:
    """One sentence (``key``: one of ``frontends.OUT_OF_TURN_KEYS``) of the out-of-turn
    play ``what``, from the front end that brings it; one that brings no words for it
    gets the key's own words and the card: ``"Jump in: {card}"``."""
    words = frontends.out_of_turn_words(what) or {}
    return words.get(key) or f"{what}: {{{'name' if key == 'none' else 'card'}}}"


def who_plays_out_of_turn(candidates: Sequence[tuple[int, str]], top: Face,
                          what: str, tr: Translator = ENGLISH) -> Question[int]:
    """Which person claims the out-of-turn play (``what``: "Speed play", "Jump in").

    Picking a name is that person taking the keyboard, as on a handoff: what follows
    is for their eyes.
    """
    card = long_label(top)
    return Question(tr(out_of_turn_sentence(what, "who"), card=card),
                    tr("A card identical to {card} may be played out of turn. "
                       "Whoever has the keyboard now picks their own name.", card=card),
                    [Option(tr("I am {name}", name=name), seat, number=seat + 1)
                     for seat, name in candidates],
                    cancel=True)


def out_of_turn_card(player: str, top: Face, choices: Sequence[tuple[JumpIn, str, Face]],
                     what: str, tr: Translator = ENGLISH) -> Question[JumpIn]:
    """The claimer's identical card, as ``(action, label, face)`` (one per face). Nothing
    private shows: an identical card looks like the top card."""
    return Question(tr(out_of_turn_sentence(what, "which"), name=player, card=long_label(top)),
                    tr("{name}'s identical card goes down at once, and play goes on after "
                       "{name}.", name=player),
                    [Option(tr("Play {card}", card=label), action, swatch=card_style(face))
                     for action, label, face in choices], cancel=True)


def nothing_to_claim(player: str, top: Face, what: str, then: str,
                     tr: Translator = ENGLISH) -> tuple[str, str]:
    """The notice for a claimer who holds no identical card (their eyes only: they
    picked their name): its title and text; ``then`` says how play goes on."""
    text = tr("{name} holds no card identical to {card}, so nothing is played and nothing "
              "changes.", name=player, card=long_label(top))
    if then:
        text = tr("{sentence} {more}", sentence=text, more=then)
    return tr(out_of_turn_sentence(what, "none"), name=player), text


def notice(title: str, text: str, tr: Translator = ENGLISH) -> Question[bool]:
    """Something to read before play goes on; Enter (or a click) goes on."""
    return Question(title, text, [Option(tr("Go on"), True, "g")])
