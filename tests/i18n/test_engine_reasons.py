"""The engine's reasons for refusing an action read in the player's language (issue 25).

The engine has no translator: ``Game.explain_illegal`` (and a rule set's or house rule's
``explain``) gives a phrase, the English sentence with its message and fields, which the
app puts into its reader's words after ✗. English reads as it always did.
"""

from __future__ import annotations

import re

import pytest

from uno_tui.engine import (
    CallUno, Catch, ChooseColor, Draw, Face, Game, IllegalActionError, JumpIn, LinkPlayers,
    Play, PointAt, TakePile,
)
from uno_tui.i18n import Phrase, reason, translator

from ..app.helpers import make_app, press, rigged, settle, shown

JA = translator("ja")
EN = translator("en")


def card(game: Game, seat: int, code: str) -> int:
    face = Face.parse(code)
    return next(c for c in game.hands[seat] if game.face(c) == face)


def latin_words(text: str) -> list[str]:
    """Words of two or more Latin letters but the UNO call."""
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in {"UNO"}]


def classic_turn() -> Game:
    return Game.from_position("classic", hands=[["B1", "W+4", "R2"], ["G1", "G2"]],
                              top="R3", current=0)


#: (how the game is set, the refused action, the English reason, the Japanese reason)
CASES = [
    (classic_turn, lambda g: Play(0, card(g, 0, "B1")),
     "Blue 1 does not match Red 3 (the colour in play is Red)",
     "青の1は赤の3に合いません（場の色は赤）"),
    (classic_turn, lambda g: Play(0, card(g, 0, "W+4")),
     "Wild Draw Four may only be played with no Red card in hand",
     "ワイルドドロー4は赤のカードを持っていないときだけ出せます"),
    (classic_turn, lambda g: Play(1, card(g, 1, "G1")),
     "the game is waiting for seat 0 to play a card or draw",
     "席0を待っています：カードを出すか引く"),
    (classic_turn, lambda g: Play(0, 99),
     "seat 0 does not hold card 99", "席0はカード99を持っていません"),
    (classic_turn, lambda g: CallUno(0),
     "UNO can only be called when holding exactly one card",
     "UNOと言えるのは手札がちょうど1枚のときだけです"),
    (classic_turn, lambda g: JumpIn(1, card(g, 1, "G1")),
     "jumping in is not allowed in this game", "このゲームでは割り込みはできません"),
    (classic_turn, lambda g: Catch(1, 0),
     "seat 0 can't be caught: only a player down to one card who has not called UNO can be "
     "caught, before the next player acts",
     "席0は指摘できません：指摘できるのは、手札が1枚になってUNOと言っていない人だけで、"
     "次の人が動く前までです"),
    (classic_turn, lambda g: ChooseColor(0, "red"),
     "now is the time to play a card or draw", "今はカードを出すか引くときです"),
    (classic_turn, lambda g: Play(7, 0),
     "there is no seat 7 at this table", "この卓に席7はありません"),
    (classic_turn, lambda g: TakePile(0),
     "TakePile is not an action of Classic UNO", "TakePileはクラシックUNOの操作ではありません"),
]


def _wild_played() -> Game:
    game = Game.from_position("classic", hands=[["W", "R2"], ["G1", "G2"]], top="B3", current=0)
    game.apply(Play(0, card(game, 0, "W")))
    return game


def _drawn_playable() -> Game:
    game = Game.from_position("classic", hands=[["B1", "R2"], ["G1", "G2"]], top="R3",
                              draw=["R9"], current=0)
    game.apply(Draw(0))
    return game


def _stacking() -> Game:
    game = Game.from_position("classic", hands=[["G+2", "R2"], ["B5", "Y+2", "B+2"]], top="G3",
                              current=0, rules=["stacking"])
    game.apply(Play(0, card(game, 0, "G+2")))
    return game


def _party_pile_up() -> Game:
    game = Game.from_position("party", hands=[["WPU", "G2", "G3"], ["B3", "Y5"], ["Y3"]],
                              top="R1", draw=["W", "W+4", "Y9"], current=0, leftover="draw")
    game.apply(Play(0, card(game, 0, "WPU")))     # a yellow mini-pile, Bob next on it
    return game


def _no_action_finish() -> Game:
    return Game.from_position("classic", hands=[["RS"], ["G1", "G2"]], top="R3", current=0,
                              rules=["no-action-finish"])


CASES += [
    (_wild_played, lambda g: ChooseColor(0, "pink"),
     "'pink' is not a colour of the side in play: name a colour from red, yellow, green, blue",
     "'pink'は今の面の色ではありません：赤、黄、緑、青から選んでください"),
    (_wild_played, lambda g: Play(0, card(g, 0, "R2")),
     "now is the time to name a colour, not to play a card",
     "今はカードを出すときではなく、色を指定するときです"),
    (_drawn_playable, lambda g: Play(0, card(g, 0, "R2")),
     "after drawing, only the drawn card (Red 9) may be played",
     "引いたあとに出せるのは、引いたカード（赤の9）だけです"),
    (_stacking, lambda g: Play(1, card(g, 1, "B5")),
     "Blue 5 can't be stacked on Green Draw Two", "青の5は緑のドロー2に重ねられません"),
    (_party_pile_up, lambda g: Play(1, card(g, 1, "B3")),
     "only a Yellow card or a wild may go on the mini-pile, not Blue 3",
     "ミニパイルに出せるのは黄のカードかワイルドだけで、青の3は出せません"),
    (_party_pile_up, lambda g: TakePile(1),
     "you hold a Yellow or wild card, so you must play it on the mini-pile",
     "黄のカードかワイルドを持っているので、ミニパイルに出さなければなりません"),
    (_party_pile_up, lambda g: PointAt(1, 2),
     "pointing at a player only happens after a Point Taken card",
     "人を指すのはポイントテイクのあとだけです"),
    (_party_pile_up, lambda g: LinkPlayers(1, 0, 2),
     "players are only linked after a Wild Drawn Together card",
     "リンクはワイルド・ドラウンド・トゥギャザーのあとだけです"),
    (_no_action_finish, lambda g: Play(0, card(g, 0, "RS")),
     "Red Skip can't be the last card: going out takes a number card (no-action-finish)",
     "赤のスキップは最後の1枚にできません：上がるには数字カードが必要です（no-action-finish）"),
]


@pytest.mark.parametrize("setup, refused, english, japanese", CASES,
                         ids=[case[2][:40] for case in CASES])
def test_a_refusal_reads_in_each_language(setup, refused, english, japanese):
    game = setup()
    action = refused(game)
    reason = game.explain_illegal(action)
    assert isinstance(reason, Phrase)
    assert reason == english                  # the English text, as before
    assert EN.words(reason) == english
    assert JA.words(reason) == japanese
    # Left in English: data (an action's class, a colour code the action gave) and a
    # house rule's name as --rules takes it.
    data = re.sub(r"'[a-z]+'|TakePile|no-action-finish", "", japanese)
    assert latin_words(data) == []


def test_the_error_an_illegal_action_raises_keeps_its_phrase():
    game = classic_turn()
    with pytest.raises(IllegalActionError) as raised:
        game.apply(Play(0, card(game, 0, "B1")))
    assert str(raised.value) == "Blue 1 does not match Red 3 (the colour in play is Red)"
    assert JA.words(reason(raised.value)) == "青の1は赤の3に合いません（場の色は赤）"
    assert reason(IllegalActionError("plain words")) == "plain words"


def test_a_card_that_does_not_match_is_refused_in_shorter_words_that_keep_the_colour():
    import pickle

    from uno_tui.app.widgets.prompt import refused

    game = classic_turn()
    with pytest.raises(IllegalActionError) as raised:
        game.apply(Play(0, card(game, 0, "B1")))
    why = pickle.loads(pickle.dumps(reason(raised.value)))    # as a render worker gets it
    assert refused(EN, why).split("\n") == [
        "✗ Blue 1 does not match Red 3 (the colour in play is Red).",
        "✗ Blue 1 can't be played: the colour in play is Red.",
        "✗ the colour in play is Red."]
    assert refused(JA, why).split("\n") == [
        "✗ 青の1は赤の3に合いません（場の色は赤）。", "✗ 青の1は出せません（場の色は赤）。",
        "✗ 場の色は赤です。"]
    assert refused(JA, Phrase("jumping in is not allowed in this game")).count("\n") == 0


async def test_an_unplayable_card_is_explained_in_japanese_after_the_cross():
    ctl = rigged("アン,cpu", hands=[["B1", "R2"], ["G1"]], top="R3")
    async with make_app(ctl, lang="ja").run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter")
        await settle(pilot)
        text = await shown(pilot)
    assert "✗ 青の1は赤の3に合いません（場の色は赤）。" in text
    assert "does not match" not in text


async def test_the_round_lines_of_a_resumed_match_read_in_japanese(tmp_path):
    """The controller's "Round {n}" and "Round {n} resumed from the save" are phrases:
    each viewer's log words them (the save keeps no language)."""
    from uno_tui.app.app import UnoApp
    from uno_tui.app.widgets.log import GameLog
    from uno_tui.saves import MatchStore

    from ..app.test_resume import saved_match

    store = MatchStore(tmp_path)
    saved_match(store, 9).recorder.flush()
    record = store.load(store.unfinished()[0].path)
    app = UnoApp(pace=0, steady=True, store=store, resume=record, lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        entries = app.table.query_one(GameLog).entries
        words = [JA.words(entry) for entry in entries]
        assert words[0] == "第1ラウンド" and entries[0] == "Round 1"
        assert "第1ラウンドを保存から再開" in words
        assert "Round 1 resumed from the save" in entries      # as English stores it
