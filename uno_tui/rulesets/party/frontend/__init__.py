"""UNO Party!'s front end: its cards in a hand and on a card face, its log lines and
headlines, its prompts (Point Taken's vote, Wild Pile Up's mini-pile, Wild Drawn
Together's two players), the words of its speed play, the mini-pile and the ballot box
on the table, and its rules page (``help.md``, ``ja/help.md``)."""

from __future__ import annotations

from ....app.frontends import FrontEnd, PackageFolder
from ....engine import DecisionKind, Kind
from ....i18n import N_
from . import tellers
from .moments import MOMENTS
from .prompts import ask_link, ask_pile_up, ask_point
from .widgets import BallotBox, MiniPile

__all__ = ["FRONT_END"]

FRONT_END = FrontEnd(
    short_labels={
        Kind.POINT_TAKEN: N_("Point"),
        Kind.WILD_PILE_UP: N_("PileUp"),
        Kind.WILD_DRAWN_TOGETHER: N_("Link"),
    },
    symbols={
        Kind.POINT_TAKEN: "☞",
        Kind.WILD_PILE_UP: "▤",
        Kind.WILD_DRAWN_TOGETHER: "∞",
    },
    tellers=tellers.TELLERS,
    moments=MOMENTS,
    prompts={DecisionKind.POINT: ask_point, DecisionKind.PILE_UP: ask_pile_up,
             DecisionKind.LINK: ask_link},
    out_of_turn={"Speed play": {
        "who": N_("Speed play on {card}: who are you?"),
        "which": N_("{name}: speed play on {card}"),
        "none": N_("{name}: no speed play"),
        "claims": N_("{name} claims a speed play on {card}."),
        "played": N_("{name} makes a speed play with {cards}!"),
    }},
    widgets=(MiniPile, BallotBox),
    help_folder=PackageFolder(__name__),
)
