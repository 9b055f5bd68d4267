"""Log lines that tell two events as one: an out-of-turn play and its card, in the words of
the rule set or house rule that brings it, and UNO Party!'s action cards turned up first
and passed over (not three "First card:" lines in a row)."""

from __future__ import annotations

from uno_tui.app.narration import Narrator
from uno_tui.engine import EventKind as E, Face, Game, JumpIn, get_variant
from uno_tui.i18n import translator

NAMES = ["Ann", "Bob", "Cid"]


def _speed_play(variant: str, rules=()) -> tuple[Game, list[str]]:
    """Cid plays his Red 7 on the Red 7 on top while it is Ann's turn."""
    game = Game.from_position(variant, hands=[["G1", "G2"], ["B7", "R8"], ["R7", "Y3"]],
                              top="R7", current=0, rules=rules)
    red_seven = next(c for c in game.hands[2] if game.face(c) == Face.parse("R7"))
    events = game.apply(JumpIn(2, red_seven))
    assert [e.kind for e in events][:2] == [E.JUMP_IN, E.PLAY]
    return game, Narrator.for_game(NAMES, game).lines(events)


def test_party_tells_a_speed_play_and_its_card_as_one_line_in_its_own_words():
    game, lines = _speed_play("party")
    assert lines[0] == "Cid makes a speed play with Red 7!"
    assert not any("Cid plays" in line or "jumps in" in line for line in lines)
    assert translator("ja").words(lines[0]) == "Cidが赤の7でスピードプレイ！"


def test_the_jump_in_house_rule_tells_its_play_in_its_own_words():
    game, lines = _speed_play("classic", rules=("jump-in",))
    assert lines[0] == "Cid jumps in with Red 7!"
    assert not any("Cid plays" in line for line in lines)


def test_a_wrong_speed_play_is_told_as_taken_back_not_as_made():
    game = Game.from_position("party", hands=[["G1", "G2"], ["B7", "R8"], ["R6", "Y3"]],
                              top="R7", current=0, draw=["G9"])
    wrong = next(c for c in game.hands[2] if game.face(c) == Face.parse("R6"))
    lines = Narrator.for_game(NAMES, game).lines(game.apply(JumpIn(2, wrong)))
    assert lines == ["Cid's speed play of Red 6 does not match: it goes back",
                     "Cid draws a card"]


def _opening(variant: str, first: list[str]) -> Game:
    """A three-seat deal (dealer Ann) whose first cards turned are ``first``."""
    pool: dict[Face, list[int]] = {}
    for c in get_variant(variant).build_deck():
        pool.setdefault(c.light, []).append(c.id)
    dealt = [f"{color}{n}" for color in "RGY" for n in range(1, 8)]
    hands = [pool[Face.parse(code)].pop() for code in dealt]
    turned = [pool[Face.parse(code)].pop() for code in first]
    rest = [cid for ids in pool.values() for cid in ids]
    return Game(variant, 3, dealer=0, deck=hands + turned + rest)


def test_party_action_cards_turned_up_first_are_told_as_passed_over():
    game = _opening("party", ["WPU", "W+4", "B3"])
    lines = Narrator.for_game(NAMES, game).lines(game.opening_events)
    told = lines[-3:]
    assert told == [
        "Wild Pile Up has no effect: cards are turned until a number shows",
        "Wild Draw Four has no effect: cards are turned until a number shows",
        "First card: Blue 3",
    ]
    assert translator("ja").words(told[0]) == "ワイルドパイルアップは効果なし：数字カードが出るまでめくる"


def test_a_classic_first_card_sent_back_is_told_as_before():
    game = _opening("classic", ["W+4", "B3"])
    lines = Narrator.for_game(NAMES, game).lines(game.opening_events)
    assert lines[-3:] == ["First card: Wild Draw Four", "Wild Draw Four goes back into the pile",
                          "First card: Blue 3"]
