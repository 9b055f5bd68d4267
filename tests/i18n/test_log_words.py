"""The log, the banner and the cards' names in each reader's language (issue 25).

The narrator makes phrases with no language (the server tells one table to readers of
several); each reader's translator puts them into words. English reads as it always
did; Japanese reads in the seeds' terms.
"""

from __future__ import annotations

import pickle
import re

import pytest

from uno_tui.app.cardtext import color_label, long_label, short_label
from uno_tui.app.moments import headlines, pending_draw_line
from uno_tui.app.narration import _SILENT, Narrator
from uno_tui.app.widgets.log import wrap_line
from uno_tui.engine import (
    Challenge, ChooseColor, Draw, Event, EventKind, Face, Game, Play, VARIANTS,
)
from uno_tui.i18n import Phrase, translator

from ..app.helpers import make_controller

JA = translator("ja")
EN = translator("en")
NAMES = ("Ann", "Bob", "Cy")


def card(game: Game, seat: int, code: str) -> int:
    face = Face.parse(code)
    return next(c for c in game.hands[seat] if game.face(c) == face)


def told(game: Game, *steps) -> list:
    """The log lines (phrases) of ``steps`` (actions, or functions of the game giving one)."""
    narrator = Narrator.for_game(NAMES[:game.players], game)
    lines = []
    for step in steps:
        action = step(game) if callable(step) else step
        lines += narrator.lines(game.apply(action))
    return lines


def both(lines) -> tuple[list[str], list[str]]:
    return [JA.words(line) for line in lines], [EN.words(line) for line in lines]


#: English words left in a Japanese line once the names and the UNO call are taken out.
def english_words(line: str, names=NAMES) -> list[str]:
    for name in names:
        line = line.replace(name, "")
    return [word for word in re.findall(r"[A-Za-z]{2,}", line) if word != "UNO"]


# ------------------------------------------------------------- rigged games

def test_classic_a_bluffed_wild_draw_four_challenged():
    game = Game.from_position("classic", hands=[["W+4", "R7", "R8"], ["B1", "B2", "B3"]],
                              top="R3", draw=["G7", "G8", "G9", "G1", "G2", "G3"], current=0)
    ja, en = both(told(game, lambda g: Play(0, card(g, 0, "W+4")), ChooseColor(0, "blue"),
                       Challenge(1)))
    assert en == ["Ann plays Wild Draw Four", "Ann names Blue (B)",
                  "Bob challenges Ann and wins: it was a bluff",
                  "Ann's hand is shown to Bob alone", "Wild Draw Four goes back to Ann",
                  "Ann draws 4 cards"]
    assert ja == ["Annがワイルドドロー4を出した", "Annが青 (B)を指定した",
                  "BobがAnnにチャレンジして成功：ごまかしだった",
                  "Annの手札をBobにだけ見せた", "ワイルドドロー4はAnnの手札に戻った",
                  "Annが4枚引いた"]


def test_pokemon_snorlax_makes_the_next_player_draw_and_discard_the_colour():
    game = Game.from_position("pokemon", hands=[["SNORLAX", "R1", "G4"], ["B1", "G2", "B7"],
                                                ["Y1", "Y2"]], top="R3", draw=["B5", "G6", "Y7"])
    ja, en = both(told(game, lambda g: Play(0, card(g, 0, "SNORLAX")), ChooseColor(0, "blue")))
    assert en == ["Ann plays Snorlax", "Ann names Blue (B)", "Bob draws 3 cards",
                  "Bob discards Blue 1, Blue 7, Blue 5", "Bob is skipped"]
    assert ja == ["Annがカビゴンを出した", "Annが青 (B)を指定した", "Bobが3枚引いた",
                  "Bobが青の1、青の7、青の5を捨てた", "Bobは1回休み"]


def test_flip_a_flip_card_turns_everything_over_to_the_dark_side():
    game = Game.from_position("flip", hands=[["RF/T1", "G2/O3"], ["B5/P5"]], top="R2/O8",
                              discard=["B1/P9"], leftover="out")
    ja, en = both(told(game, lambda g: Play(0, next(c for c in g.hands[0]
                                                    if g.face(c).code == "RF"))))
    assert en == ["Ann plays Red Flip",
                  "Everything turns over: the dark side is in play, Pink 9 on top"]
    assert ja == ["Annが赤のフリップを出した",
                  "すべてが裏返った：ダークサイドで続行、いちばん上はピンクの9"]


def test_party_a_wild_pile_up_and_a_card_on_the_mini_pile():
    game = Game.from_position("party", hands=[["WPU", "G2", "G3"], ["B3", "Y5"], ["Y3"]],
                              top="R1", draw=["W", "W+4", "Y9"], current=0, leftover="draw")
    lines = told(game, lambda g: Play(0, card(g, 0, "WPU")), lambda g: Play(1, card(g, 1, "Y5")))
    ja, en = both(lines)
    assert en == ["Ann plays Wild Pile Up",
                  "Wild Pile Up: 3 cards turned onto a mini-pile (Wild, Wild Draw Four, "
                  "Yellow 9); Yellow (Y) is in play, Bob is next on it",
                  "Bob plays Yellow 5 on the mini-pile"]
    assert ja == ["Annがワイルドパイルアップを出した",
                  "ワイルドパイルアップ：3枚をミニパイルにめくった（ワイルド、ワイルドドロー4、"
                  "黄の9）。色は黄 (Y)、次に出すのはBob",
                  "Bobがミニパイルに黄の5を出した"]


def test_a_count_changes_the_english_and_the_japanese_counts():
    game = Game.from_position("classic", hands=[["R5", "R6"], ["B1", "B2"]], top="G3",
                              draw=["G7"], current=0)
    ja, en = both(told(game, Draw(0)))
    assert (en, ja) == (["Ann draws a card"], ["Annが1枚引いた"])
    event = Event(EventKind.DRAW, 1, count=3)
    narrator = Narrator(NAMES, lambda c: Face.parse("R5"))
    assert both([narrator.line(event)]) == (["Bobが3枚引いた"], ["Bob draws 3 cards"])
    one, three = (pending_draw_line(n, "Cy") for n in (1, 3))
    assert (str(one), str(three)) == ("Cy draws 1 card unless they stack",
                                      "Cy draws 3 cards unless they stack")
    assert (JA.words(one), JA.words(three)) == ("Cyは重ねなければ1枚引く",
                                                "Cyは重ねなければ3枚引く")


# ------------------------------------------------------- every kind of event

def _samples(kind: str):
    details = {EventKind.CHALLENGE: ("guilty", "innocent"), EventKind.FLIP: ("light", "dark"),
               EventKind.ROTATE: ("clockwise", "counter-clockwise")}.get(kind, ("",))
    for detail in details:
        for count in (1, 3):
            for seat in (0, None) if kind in (EventKind.ROUND_OVER, EventKind.RETURNED) else (0,):
                yield Event(kind, seat, cards=(5, 9), count=count, color="red", target=1,
                            detail=detail)


#: Every event the log tells: the shared ones (app/narration.py, app/frontends.py) and
#: each rule set's own (rulesets/<name>/frontend/tellers.py).
KINDS = sorted(set(EventKind) - _SILENT)


@pytest.mark.parametrize("kind", KINDS)
def test_every_event_the_log_tells_reads_in_japanese(kind):
    faces = {5: Face.parse("R5"), 9: Face.parse("BS")}
    narrator = Narrator(NAMES, faces.__getitem__)
    for event in _samples(kind):
        line = narrator.line(event)
        assert isinstance(line, Phrase), f"{kind}: a plain string has no other language"
        ja = JA.words(line)
        assert ja != str(line) and not english_words(ja), (kind, ja)
        assert all(name in ja for name in NAMES if name in str(line)), (kind, ja)


@pytest.mark.parametrize("kind", sorted(set(EventKind) - _SILENT))
def test_every_moment_reads_in_japanese(kind):
    for event in _samples(kind):
        for news in headlines([event], NAMES):
            ja = JA.words(news)
            assert ja != str(news) and not english_words(ja), (kind, ja)


def test_a_revealed_ballot_reads_in_japanese():
    events = [Event(EventKind.POINT, 0, target=1), Event(EventKind.POINT, 1, target=0),
              Event(EventKind.POINT, 2, target=0), Event(EventKind.POINTED, 0, count=2)]
    (news,) = headlines(events, NAMES)
    assert str(news) == "Point Taken: Ann → Bob, Bob → Ann, Cy → Ann, Ann draws 2"
    assert JA.words(news) == "ポイントテイク：Ann → Bob、Bob → Ann、Cy → Ann、Annは2枚"


# ------------------------------------------------------------------- cards

def test_every_card_of_every_rule_set_has_japanese_words_and_latin_initials():
    for name, variant in VARIANTS.items():
        for cards in variant.build_deck():
            for face in filter(None, (cards.light, getattr(cards, "dark", None))):
                long, short = long_label(face), short_label(face)
                assert str(long) == face.label          # the English name is the engine's
                assert not english_words(JA.words(long)), (name, face)
                ja_short = JA.words(short)
                assert not english_words(ja_short), (name, face, ja_short)
                if face.color is not None:
                    # The initial stays a Latin letter: cards are sized in cells.
                    assert ja_short[0] == str(short)[0] and ja_short[0].isascii()
    assert JA.words(color_label("purple")) == "紫 (U)"
    assert JA.words(color_label(None)) == "なし"


def test_a_phrase_sent_to_a_render_worker_keeps_its_words():
    line = Narrator(NAMES, lambda c: Face.parse("G7")).line(Event(EventKind.PLAY, 2, (4,)))
    copy = pickle.loads(pickle.dumps(line))
    assert copy == "Cy plays Green 7" and JA.words(copy) == "Cyが緑の7を出した"


def test_a_name_is_data_never_a_message():
    # A player called like a message keeps their name in every language.
    line = Narrator(("Red", "{name}"), lambda c: Face.parse("G7")).line(
        Event(EventKind.SWAP, 0, target=1))
    assert JA.words(line) == "Redが{name}と手札を交換した"


# --------------------------------------------------------- whole random games

@pytest.mark.parametrize("variant, rules", [("classic", ("7-0", "jump-in", "stacking")),
                                            ("pokemon", ()), ("flip", ()), ("party", ())])
def test_the_log_of_a_random_game_has_no_english_word_in_japanese(variant, rules):
    controller = make_controller("cpu,cpu,cpu", seed=5, variant=variant, rules=rules, ids=False)
    for _ in range(400):          # a few hundred actions: most of each rule set's events
        if controller.game.is_over:
            break
        controller.bot_step()
    names = controller.names
    for line in controller.log:
        ja = JA.words(line)
        assert not english_words(ja, names), (line, ja)


# ----------------------------------------------------------------- wrapping

@pytest.mark.parametrize("width", [20, 26, 37])
def test_a_japanese_line_wraps_by_cells_and_no_row_starts_with_a_stop(width):
    from rich.cells import cell_len

    line = ("ワイルドパイルアップ：3枚をミニパイルにめくった（ワイルド、ワイルドドロー4、"
            "黄の9）。色は黄 (Y)、次に出すのはBob")
    rows = wrap_line(line, width)
    assert len(rows) > 1 and all(cell_len(row) <= width for row in rows)
    assert all(row.startswith("  ") for row in rows[1:])
    assert not any(row.strip()[:1] in "、。）" for row in rows[1:]), rows
    assert "".join(row.strip() for row in rows).replace(" ", "") == line.replace(" ", "")


def test_a_card_name_given_to_any_message_reads_in_that_messages_language():
    # The prompts say "Stack {card}" with the card's name: the name follows the language.
    card_name = long_label(Face.parse("W+4"))
    assert JA("{name} plays {cards}", name="Ann", cards=card_name) == "Annがワイルドドロー4を出した"
    assert EN("{name} plays {cards}", name="Ann", cards=card_name) == "Ann plays Wild Draw Four"
    assert JA.plural("{name} draws a card", "{name} draws {count} cards", 2,
                     name=Phrase("The table")) == "場が2枚引いた"


@pytest.mark.parametrize("size", ["COMPACT", "LARGE", "HUGE"])
def test_every_card_face_in_japanese_keeps_its_frame_and_names_the_card(size):
    from rich.cells import cell_len

    from uno_tui.app.widgets import card as cards

    shape = getattr(cards, size)
    faces = {face for variant in VARIANTS.values() for both_sides in variant.build_deck()
             for face in (both_sides.light, getattr(both_sides, "dark", None)) if face}
    for face in faces:
        for playable in (None, False):
            rows = cards.card_text(face, shape, index=0, playable=playable, tr=JA)
            assert all(cell_len(row) == shape.width for row in rows), (face, rows)
            symbol = cards.card_symbol(face)
            assert not english_words(" ".join(rows).replace(symbol, "")), (face, rows)
            english = cards.card_text(face, shape, index=0, playable=playable)
            if face.kind != "number" or shape is not cards.COMPACT:
                assert rows != english, face          # the name is written in Japanese
    assert cards.card_text(Face.parse("W+4"), cards.COMPACT, tr=JA)[1:3] == [
        "│ワイルド │", "│ ドロー4 │"]
