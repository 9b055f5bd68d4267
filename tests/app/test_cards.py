"""Cards drawn as cards, their colours on small terminals, and the table's headlines."""

from __future__ import annotations

import pytest
from rich.color import Color, ColorSystem
from rich.style import Style

from uno_tui.app.cardtext import color_style
from uno_tui.app.moments import ballot_reveal, headlines, pending_draw_line
from uno_tui.app.widgets.card import (
    COMPACT, LARGE, card_size_for, card_text, corner_index, hotkey_for,
)
from uno_tui.engine import Event, EventKind, Face, Kind
from uno_tui.engine.variants import VARIANTS

ALL_FACES = sorted({face for variant in VARIANTS.values()
                    for face, _ in variant.deck + variant.dark_deck}, key=str)


def test_a_compact_card_has_a_border_the_colour_initial_a_number_and_its_colour():
    face = Face("blue", Kind.NUMBER, 1)
    assert card_text(face, COMPACT, 0, True) == [
        "╭1───────B╮",
        "│    1    │",
        "│   Blue  │",
        "╰─────────╯",
    ]


def test_an_unplayable_card_is_marked_without_colour_and_the_picked_one_doubled():
    face = Face("blue", Kind.NUMBER, 1)
    unplayable = card_text(face, COMPACT, 0, False)
    assert unplayable[0].startswith("┌") and unplayable[-1].endswith("no┘")
    assert set(unplayable[1][0] + unplayable[1][-1]) == {"╎"}
    picked = card_text(face, COMPACT, 0, True, picked=True)
    assert picked[0].startswith("╒") and picked[-1].startswith("╘")
    assert picked[1:-1] == card_text(face, COMPACT, 0, True)[1:-1]    # the sides stay
    assert [hotkey_for(i) for i in (0, 8, 9, 10)] == ["1", "9", "0", ""]


def test_a_large_card_has_corner_indices_and_five_rows_inside():
    face = Face("yellow", Kind.SKIP)
    lines = card_text(face, LARGE, 2, None)
    assert len(lines) == LARGE.height >= 7
    assert lines[1].strip("│").startswith("Y⊘")
    assert lines[-2].strip("│").endswith("Y⊘")
    assert any("Skip" in line for line in lines)
    five = card_text(Face("red", Kind.NUMBER, 5), LARGE)
    assert five[2:5] == ["│    ┏━━    │", "│    ┗━┓    │", "│    ━━┛    │"]   # a big 5
    assert card_size_for(80, 24) == COMPACT and card_size_for(120, 40) == LARGE


@pytest.mark.parametrize("size", [COMPACT, LARGE], ids=["compact", "large"])
@pytest.mark.parametrize("face", ALL_FACES, ids=str)
def test_every_card_of_every_deck_shows_its_name_whole(face, size):
    """No "P SkipAl" or "Wild+Col": every word on the card is a whole word of its name,
    and only a wild's leading "Wild" may give way (its corner says W)."""
    lines = card_text(face, size)
    assert all(len(line) == size.width for line in lines)
    inside = " ".join(line[1:-1] for line in lines[1:-1]).split()
    name = face.label.split()
    if face.color is not None:
        name = name[1:] if face.kind != Kind.NUMBER else name[:1]
    words = [w for w in inside if w not in card_text_symbols(face) and not set(w) <= BIG_STROKES]
    assert words and set(words) <= set(name), (face, lines)
    dropped = [w for w in name if w not in words]
    assert dropped in ([], ["Wild"]), (face, lines)
    assert lines[0].rstrip("╮").endswith(corner_index(face)[0])


#: The strokes of the big digits on large cards.
BIG_STROKES = set("┏━┓┃┗┛┣┫┻")


def card_text_symbols(face: Face) -> set[str]:
    index = corner_index(face)
    return {index, index[1:]}


#: On a 16-colour terminal each card colour must come out as its own colour: Rich's
#: standard palette numbers (1 red, 2 green, 3 dark yellow, 5 magenta, 6 cyan,
#: 9 bright red, 11 bright yellow, 12 bright blue, 13 bright magenta).
SIXTEEN = {
    "red": {1, 9},
    "yellow": {11},
    "green": {2, 10},
    "blue": {4, 12},
    "pink": {13},
    "teal": {6, 14},
    "orange": {3},
    "purple": {5},
}


@pytest.mark.parametrize("color", sorted(SIXTEEN))
def test_card_colours_keep_their_colour_on_16_colour_terminals(color):
    background = Style.parse(color_style(color)).bgcolor
    downgraded = background.downgrade(ColorSystem.STANDARD).number
    assert downgraded in SIXTEEN[color], (color, downgraded)
    # The 256-colour downgrade (tmux, many terminals) is a close match as well.
    assert background.downgrade(ColorSystem.EIGHT_BIT).number > 15


def test_yellow_and_green_were_the_ones_that_failed_before():
    """The old hexes: yellow came out bright red and green grey (the bug this guards)."""
    assert Color.parse("#f9a825").downgrade(ColorSystem.STANDARD).number == 9
    assert Color.parse("#2e7d32").downgrade(ColorSystem.STANDARD).number == 8


NAMES = ("Ann", "Bob", "[b]Cy", "Dee")


def test_headlines_tell_the_moments_in_names():
    events = [
        Event(EventKind.PLAY, 0, (3,)),
        Event(EventKind.UNO, 0),
        Event(EventKind.CATCH, 1, target=2),
        Event(EventKind.CHALLENGE, 1, target=0, detail="guilty"),
        Event(EventKind.FLIP, 0, (5,), detail="dark"),
        Event(EventKind.LINK, 0, target=3),
        Event(EventKind.PILE_TAKEN, 3, (1, 2, 4), count=3),
        Event(EventKind.DRAW, 1, (7, 8), count=2, audience=1),
    ]
    lines = headlines(events, NAMES)
    assert lines == [
        "Ann calls UNO!",
        "Caught! [b]Cy forgot UNO (Bob saw it)",
        "Challenge won: Ann bluffed, Bob was right",
        "FLIP! Everything turns over: the DARK side is in play",
        "Linked: Ann and Dee draw together",
        "Dee takes the mini-pile (3 cards)",
    ]
    assert not any("you" in line.lower().split() for line in lines)


def test_a_ballot_shows_only_when_revealed_and_draws_at_most_five():
    assert ballot_reveal([Event(EventKind.BALLOT, 0), Event(EventKind.BALLOT, 1)], NAMES) == ()
    events = [Event(EventKind.POINT, 0, target=1), Event(EventKind.POINT, 1, target=2),
              Event(EventKind.POINTED, 1, count=1), Event(EventKind.POINTED, 2, count=7)]
    assert ballot_reveal(events, NAMES) == (
        "Ann → Bob", "Bob → [b]Cy", "Bob draws 1", "[b]Cy draws 5")


def test_stacking_says_how_many_the_next_player_draws():
    assert pending_draw_line(6, "Bob") == "Bob draws 6 cards unless they stack"
    assert pending_draw_line("until", "Bob") == "Bob draws until the colour shows unless they stack"
    assert pending_draw_line(0, "Bob") == ""


#: The table's background and text colour (Textual's dark theme).
SCREEN = Style(color="#e0e0e0", bgcolor="#121212")
#: The 256-colour numbers that are greys.
GREYS = set(range(232, 256)) | {16, 59, 102, 145, 188, 231}


def _contrast(one, other) -> float:
    def luminance(triplet):
        def channel(value):
            value /= 255
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        red, green, blue = (channel(v) for v in triplet)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _shown_face(face: Face, playable: bool, app) -> Style:
    """The style the face's name is written in, after the app's line filters (what
    the terminal is sent, before its colour system's downgrade)."""
    from rich.segment import Segment
    from textual.color import Color as TextualColor

    from uno_tui.app.widgets.card import card_lines

    lines = card_lines(face, LARGE, 0, playable)
    text, style = next(piece for line in lines[1:-1] for piece in line
                       if piece[0].strip() and piece[0].strip() not in "│╎")
    segments = [Segment(text, SCREEN + Style.parse(style))]
    for line_filter in app.get_line_filters():
        segments = line_filter.apply(segments, TextualColor.parse("#121212"))
    return segments[0].style


def _triplets(style: Style) -> tuple:
    def triplet(color, default):
        if color is None or color.is_default:
            return Color.parse(default).get_truecolor()
        return color.get_truecolor()
    return triplet(style.color, "#e0e0e0"), triplet(style.bgcolor, "#121212")


@pytest.mark.parametrize("color", sorted(SIXTEEN))
@pytest.mark.parametrize("mode", ["truecolor", "no_color", "ansi"])
def test_unplayable_cards_read_in_every_colour_mode(color, mode, monkeypatch):
    """Issue 23: on 16 colours unplayable green and blue cards came out grey (SGR 90)
    while red stayed red; under NO_COLOR their faces were grey 236 on 233. An unplayable
    face is now its colour's ink, never dimmed: its own colour on 16 and 256 colours,
    readable on the table in true colour and under NO_COLOR, and unlike a playable card
    (which is filled) in every mode."""
    from textual.app import App

    if mode == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = App(ansi_color=mode == "ansi")
    face = Face(color, Kind.NUMBER, 7)
    unplayable = _shown_face(face, False, app)
    playable = _shown_face(face, True, app)
    assert not unplayable.dim, unplayable
    fg, bg = _triplets(unplayable)
    assert _contrast(fg, bg) >= 3.5, (color, mode, fg, bg)
    if mode != "no_color":
        ink = Color.from_triplet(fg)
        assert ink.downgrade(ColorSystem.STANDARD).number in SIXTEEN[color], (color, ink)
        assert ink.downgrade(ColorSystem.EIGHT_BIT).number not in GREYS, (color, ink)
    if not (mode == "no_color" and app.native_ansi_color):
        assert _triplets(playable)[1] != bg           # filled, the unplayable one is not
