"""Rule sets as data: deck contents, points, first-card rules, challenge penalties.

One :class:`Variant` per rule set. The shared turn machinery in ``game.py`` reads
these tables; a rule difference between variants is an entry here, not a copy of
the machinery.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import DARK_COLORS, LIGHT_COLORS, Card, Face, Kind
from .errors import ConfigError

__all__ = [
    "HOUSE_RULES",
    "FirstCard",
    "Challenge",
    "Variant",
    "VARIANTS",
    "get_variant",
]

#: House-rule names as typed on the command line, with a one-line description.
HOUSE_RULES = {
    "stacking": "a Draw Two may answer a Draw Two and a Wild Draw Four a Wild Draw Four; "
                "the first player who can't add draws the total",
    "7-0": "a 7 swaps hands with a chosen player; a 0 passes every hand on in the direction of play",
    "jump-in": "a card identical in colour and symbol to the top card may be played out of turn",
    "forced-play": "a playable drawn card must be played",
    "draw-to-match": "drawing continues until a playable card is drawn",
    "no-bluffing": "wild draw cards may only be played legally and can't be challenged",
}


class FirstCard:
    """What happens when a card of some kind is turned to start the discard pile."""

    PLAY = "play"                   # nothing special: the first player plays on it
    RETURN = "return"               # back into the pile, reshuffle, turn a new card
    CHOOSE_COLOR = "choose_color"   # the first player names the colour, then plays
    SKIP = "skip"                   # the first player is skipped
    DEALER_REVERSED = "dealer_reversed"  # the dealer starts, counter-clockwise
    DRAW_AND_SKIP = "draw_and_skip"  # the first player draws (kind's draw count) and is skipped
    TURN_ANOTHER = "turn_another"   # effect ignored, another card turned on top


@dataclass(frozen=True)
class Challenge:
    """Penalties for challenging a wild draw card.

    ``guilty_draw`` / ``innocent_draw`` are a card count or ``"until"`` (draw until
    the named colour). ``innocent_extra`` is drawn on top of a draw-until.
    ``guilty_returns_card``: the card goes back to its player's hand, the colour
    reverts and that player takes the turn again (classic); otherwise the card and
    colour stay and the challenger takes its turn normally.
    """

    guilty_draw: int | str
    innocent_draw: int | str
    innocent_extra: int = 0
    guilty_returns_card: bool = False


#: Cards that make the next player draw, and how many (``"until"``: until the named colour).
DRAW_EFFECTS = {
    Kind.DRAW_TWO: 2,
    Kind.WILD_DRAW_FOUR: 4,
    Kind.DRAW_ONE: 1,
    Kind.DRAW_FIVE: 5,
    Kind.WILD_DRAW_TWO: 2,
    Kind.WILD_DRAW_COLOR: "until",
    Kind.SNORLAX: 3,
    Kind.GRENINJA: "until",
}

#: Wild draw cards whose legality depends on the hand (and so may be bluffed and challenged).
RESTRICTED_WILDS = frozenset({Kind.WILD_DRAW_FOUR, Kind.WILD_DRAW_TWO, Kind.WILD_DRAW_COLOR})

#: Draw cards a player may answer with the same kind under the stacking house rule.
STACKABLE = frozenset({Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR, Kind.DRAW_ONE, Kind.DRAW_FIVE,
                       Kind.WILD_DRAW_TWO})


@dataclass(frozen=True)
class Variant:
    """A rule set: everything that differs between classic, Pokémon, Flip and Party."""

    name: str
    label: str
    #: ``(face, copies)`` for the light side; Flip pairs these with ``dark_deck``.
    deck: tuple[tuple[Face, int], ...]
    points: dict[str, int]
    first_card: dict[str, str]
    challenges: dict[str, Challenge]
    min_players: int = 2
    max_players: int = 10
    colors: tuple[str, ...] = LIGHT_COLORS
    dark_deck: tuple[tuple[Face, int], ...] = ()
    dark_colors: tuple[str, ...] = ()
    #: House rules this variant refuses, with the reason shown to the player.
    unsupported_rules: dict[str, str] = field(default_factory=dict)
    #: Jump-in that is part of the variant itself (Party's speed play): "numbers" or "".
    builtin_jump_in: str = ""
    hand_size: int = 7
    #: Party: any wild card in hand counts as a card of the colour in play, so holding
    #: one makes a Wild Draw Four a bluff.
    wilds_match_color: bool = False
    #: The player counts the rule set is made for (the setup screen recommends them).
    recommended_players: tuple[int, int] | None = None
    #: The match mode the rule set's own rules describe (Party: one round decides).
    default_mode: str = "target"

    def build_deck(self, rng: random.Random | None = None) -> list[Card]:
        """Every physical card of the variant, with ids 0..N-1.

        A one-sided deck comes in table order. A two-sided (Flip) deck pairs its
        light and dark faces at random with ``rng`` and shuffles the ids too, so a
        seat that sees a card's id and one face can't work out the other face.
        """
        faces = [face for face, copies in self.deck for _ in range(copies)]
        if not self.dark_deck:
            return [Card(i, face) for i, face in enumerate(faces)]
        darks = [face for face, copies in self.dark_deck for _ in range(copies)]
        if len(darks) != len(faces):
            raise ConfigError(f"{self.label} has {len(faces)} light faces but {len(darks)} dark ones")
        rng = rng or random.Random()
        rng.shuffle(faces)
        rng.shuffle(darks)
        return [Card(i, light, dark) for i, (light, dark) in enumerate(zip(faces, darks))]

    def face_points(self, face: Face) -> int:
        """Points a face scores when left in a losing hand."""
        if face.kind == Kind.NUMBER:
            return face.number or 0
        return self.points[face.kind]

    def check_rules(self, rules: frozenset[str]) -> None:
        """Raise :class:`ConfigError` for an unknown rule or one this variant refuses."""
        for rule in sorted(rules):
            if rule not in HOUSE_RULES:
                known = ", ".join(HOUSE_RULES)
                raise ConfigError(f"unknown house rule {rule!r} (known: {known})")
            if rule in self.unsupported_rules:
                raise ConfigError(f"house rule {rule!r} does not apply to {self.label}: "
                                  f"{self.unsupported_rules[rule]}")

    def check_players(self, players: int) -> None:
        """Raise :class:`ConfigError` when ``players`` is outside the variant's range."""
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(f"{self.label} takes {self.min_players} to {self.max_players} "
                              f"players, not {players}")


def _colored(colors, numbers, actions):
    """Deck rows for each colour: ``numbers`` maps number→copies, ``actions`` kind→copies."""
    rows = []
    for color in colors:
        rows += [(Face(color, Kind.NUMBER, n), copies) for n, copies in numbers.items()]
        rows += [(Face(color, kind), copies) for kind, copies in actions.items()]
    return rows


_CLASSIC_DECK = tuple(
    _colored(LIGHT_COLORS, {0: 1, **{n: 2 for n in range(1, 10)}},
             {Kind.SKIP: 2, Kind.REVERSE: 2, Kind.DRAW_TWO: 2})
    + [(Face(None, Kind.WILD), 4), (Face(None, Kind.WILD_DRAW_FOUR), 4)]
)
_CLASSIC_POINTS = {Kind.SKIP: 20, Kind.REVERSE: 20, Kind.DRAW_TWO: 20,
                   Kind.WILD: 50, Kind.WILD_DRAW_FOUR: 50}
_CLASSIC_FIRST = {
    Kind.NUMBER: FirstCard.PLAY,
    Kind.SKIP: FirstCard.SKIP,
    Kind.REVERSE: FirstCard.DEALER_REVERSED,
    Kind.DRAW_TWO: FirstCard.DRAW_AND_SKIP,
    Kind.WILD: FirstCard.CHOOSE_COLOR,
    Kind.WILD_DRAW_FOUR: FirstCard.RETURN,
}
_CLASSIC_CHALLENGES = {
    Kind.WILD_DRAW_FOUR: Challenge(guilty_draw=4, innocent_draw=6, guilty_returns_card=True),
}

CLASSIC = Variant(
    name="classic",
    label="Classic UNO",
    deck=_CLASSIC_DECK,
    points=_CLASSIC_POINTS,
    first_card=_CLASSIC_FIRST,
    challenges=_CLASSIC_CHALLENGES,
)

POKEMON = Variant(
    name="pokemon",
    label="Pokémon UNO",
    deck=_CLASSIC_DECK + ((Face(None, Kind.SNORLAX), 2), (Face(None, Kind.GRENINJA), 2)),
    points={**_CLASSIC_POINTS, Kind.SNORLAX: 50, Kind.GRENINJA: 50},
    first_card={**_CLASSIC_FIRST, Kind.SNORLAX: FirstCard.CHOOSE_COLOR,
                Kind.GRENINJA: FirstCard.CHOOSE_COLOR},
    challenges=_CLASSIC_CHALLENGES,
)

_FLIP_NUMBERS = {n: 2 for n in range(1, 10)}

FLIP = Variant(
    name="flip",
    label="UNO Flip",
    deck=tuple(
        _colored(LIGHT_COLORS, _FLIP_NUMBERS,
                 {Kind.DRAW_ONE: 2, Kind.REVERSE: 2, Kind.SKIP: 2, Kind.FLIP: 2})
        + [(Face(None, Kind.WILD), 4), (Face(None, Kind.WILD_DRAW_TWO), 4)]
    ),
    dark_deck=tuple(
        _colored(DARK_COLORS, _FLIP_NUMBERS,
                 {Kind.DRAW_FIVE: 2, Kind.REVERSE: 2, Kind.SKIP_EVERYONE: 2, Kind.FLIP: 2})
        + [(Face(None, Kind.WILD), 4), (Face(None, Kind.WILD_DRAW_COLOR), 4)]
    ),
    dark_colors=DARK_COLORS,
    points={Kind.DRAW_ONE: 10, Kind.DRAW_FIVE: 20, Kind.REVERSE: 20, Kind.SKIP: 20,
            Kind.FLIP: 20, Kind.SKIP_EVERYONE: 30, Kind.WILD: 40, Kind.WILD_DRAW_TWO: 50,
            Kind.WILD_DRAW_COLOR: 60},
    # Only light faces are ever turned first: a round always starts on the light side,
    # so a first Flip goes back like a first Wild Draw Two (seed 001: "the game always
    # starts on the light side").
    first_card={
        Kind.NUMBER: FirstCard.PLAY,
        Kind.SKIP: FirstCard.SKIP,
        Kind.REVERSE: FirstCard.DEALER_REVERSED,
        Kind.DRAW_ONE: FirstCard.DRAW_AND_SKIP,
        Kind.WILD: FirstCard.CHOOSE_COLOR,
        Kind.WILD_DRAW_TWO: FirstCard.RETURN,
        Kind.FLIP: FirstCard.RETURN,
    },
    # Seed 001: a guilty Wild Draw Two player draws 2 *instead* of the challenger.
    challenges={
        Kind.WILD_DRAW_TWO: Challenge(guilty_draw=2, innocent_draw=4),
        Kind.WILD_DRAW_COLOR: Challenge(guilty_draw="until", innocent_draw="until",
                                        innocent_extra=2),
    },
    unsupported_rules={
        "7-0": "UNO Flip has no 0 cards, so there is nothing to pass the hands on with",
    },
)

# UNO Party! The box holds 224 cards; the direction tracker and the two link cards
# are set aside at the start and never played, so 221 are playing cards. The seed
# gives only the total: this mix (two 0s and four each of 1-9 per colour, three of
# each coloured action, 21 wilds) is this project's decision, kept in this one table.
PARTY_SET_ASIDE = {"direction tracker": 1, "link card": 2}
_PARTY_DECK = tuple(
    _colored(LIGHT_COLORS, {0: 2, **{n: 4 for n in range(1, 10)}},
             {Kind.DRAW_TWO: 3, Kind.REVERSE: 3, Kind.SKIP: 3, Kind.POINT_TAKEN: 3})
    + [(Face(None, Kind.WILD), 5), (Face(None, Kind.WILD_DRAW_FOUR), 8),
       (Face(None, Kind.WILD_PILE_UP), 4), (Face(None, Kind.WILD_DRAWN_TOGETHER), 4)]
)
_PARTY_KINDS = (Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP, Kind.POINT_TAKEN, Kind.WILD,
                Kind.WILD_DRAW_FOUR, Kind.WILD_PILE_UP, Kind.WILD_DRAWN_TOGETHER)

PARTY = Variant(
    name="party",
    label="UNO Party!",
    deck=_PARTY_DECK,
    points={Kind.DRAW_TWO: 20, Kind.POINT_TAKEN: 20, Kind.REVERSE: 20, Kind.SKIP: 20,
            Kind.WILD: 50, Kind.WILD_DRAW_FOUR: 50, Kind.WILD_DRAWN_TOGETHER: 50,
            Kind.WILD_PILE_UP: 50},
    # An action card turned first has no effect: cards are turned until a number shows.
    first_card={Kind.NUMBER: FirstCard.PLAY,
                **{kind: FirstCard.TURN_ANOTHER for kind in _PARTY_KINDS}},
    # A caught bluff: its player draws 4; the card and its chosen colour stay.
    challenges={Kind.WILD_DRAW_FOUR: Challenge(guilty_draw=4, innocent_draw=6)},
    max_players=16,
    recommended_players=(6, 16),
    builtin_jump_in="numbers",
    wilds_match_color=True,
    default_mode="single",
)

#: Every variant the engine knows, by name. Later variants register here.
VARIANTS: dict[str, Variant] = {v.name: v for v in (CLASSIC, POKEMON, FLIP, PARTY)}


def get_variant(name: str) -> Variant:
    """The variant called ``name``; :class:`ConfigError` naming the known ones otherwise."""
    try:
        return VARIANTS[name]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise ConfigError(f"unknown variant {name!r} (known: {known})") from None


__all__ += ["DRAW_EFFECTS", "RESTRICTED_WILDS", "STACKABLE", "CLASSIC", "POKEMON", "FLIP",
            "PARTY", "PARTY_SET_ASIDE", "DARK_COLORS"]
