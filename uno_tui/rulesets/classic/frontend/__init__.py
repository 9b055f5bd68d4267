"""Classic UNO's front end: how its action cards and wilds read in a hand and on a card
face, and its rules page (``help.md``, ``ja/help.md``).

Every other built-in rule set plays these cards too; a kind is described once, by the
rule set whose deck brings it, and the app looks it up by kind whatever the rule set.
"""

from __future__ import annotations

from ....app.frontends import FrontEnd, PackageFolder
from ....engine import Kind
from ....i18n import N_

__all__ = ["FRONT_END"]

FRONT_END = FrontEnd(
    short_labels={
        Kind.SKIP: N_("Skip"),
        Kind.REVERSE: N_("Rev"),
        Kind.DRAW_TWO: "+2",
        Kind.WILD: N_("Wild"),
        Kind.WILD_DRAW_FOUR: N_("Wild+4"),
    },
    symbols={
        Kind.SKIP: "⊘",
        Kind.REVERSE: "⇄",
        Kind.DRAW_TWO: "+2",
        Kind.WILD: "✱",
        Kind.WILD_DRAW_FOUR: "+4",
    },
    help_folder=PackageFolder(__name__),
)
