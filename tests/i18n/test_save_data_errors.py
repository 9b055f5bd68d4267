"""A corrupt save, whatever is wrong in it, reads in Japanese: the engine's
``SaveDataError`` reasons (and the checks under them) are phrases with named fields,
so a Japanese player reads a Japanese reason; what is quoted from the file (a field's
name, a value) stays as it is."""

from __future__ import annotations

import copy
import json
import re

import pytest

from uno_tui.cli import main
from uno_tui.engine import Game, SaveDataError, action_from_json
from uno_tui.i18n import reason, translator
from uno_tui.saves import MatchStore, SaveFileError

from ..saves.test_store import legacy_envelope, only_save, play_actions, recorded_table

JA = translator("ja")
#: Words of the file itself a reason may quote: the save's field names and values.
FILE_WORDS = {"format", "scores", "hands", "pairing", "bluff", "called", "direction",
              "guilty", "scored", "rules", "side", "stalled", "held", "revealed", "drew_on",
              "true", "false", "null", "JSON", "UNO", "gauss", "Play", "Draw", "seat", "card",
              "color", "action", "ChooseColor", "nope", "Fly", "turn", "purple", "fast",
              "then", "dealer", "game", "match", "rng", "XX"}


@pytest.fixture(scope="module")
def journal(tmp_path_factory) -> bytes:
    """A good save as uno-tui writes them: a line for the match, then one per action."""
    store = MatchStore(tmp_path_factory.mktemp("good"))
    ctl = recorded_table(store)
    play_actions(ctl, 60)
    return only_save(store).read_bytes()


@pytest.fixture(scope="module")
def envelope(journal) -> dict:
    return legacy_envelope(journal)


def _game(e):
    return e["match"]["game"]


#: Each kind of damaged action, as the journal's first action line instead of its own.
ACTION_DAMAGE = {
    "an action that is not an object": [1],
    "an unknown action": {"action": "Fly"},
    "an action with a field missing": {"action": "Play", "seat": 2},
    "an action field of the wrong type": {"action": "Play", "seat": 2, "card": "54"},
}
#: Each kind of damage the engine finds in a match, as a change to a good save.
DAMAGE = {
    "a game of another save format": lambda e: _game(e).update(format=99),
    "a game that is not an object": lambda e: e["match"].update(game=[1, 2]),
    "a game with a bad set-up": lambda e: _game(e).update(players=99),
    "a game field missing": lambda e: _game(e).pop("hands"),
    "a game field of the wrong type": lambda e: _game(e).update(side="one"),
    "a seat out of range": lambda e: _game(e).update(dealer=7),
    "a card id out of range": lambda e: _game(e)["hands"][0].append(5000),
    "a card in two places": lambda e: _game(e)["hands"][0].append(_game(e)["discard"][-1]),
    "a card nowhere": lambda e: _game(e)["draw_pile"].pop(),
    "an empty discard pile": lambda e: _game(e).update(discard=[]),
    "a bad direction": lambda e: _game(e).update(direction=2),
    "an unknown decision": lambda e: _game(e).update(decision=["nope", 0]),
    "a colour not in play": lambda e: _game(e).update(color="purple"),
    "a bad random state": lambda e: _game(e).update(rng=[3, [1.5], None]),
    "a match that is not an object": lambda e: e.update(match=[]),
    "a match of an unknown mode": lambda e: e["match"].update(mode="fast"),
    "a match with too few scores": lambda e: e["match"].update(scores=[0]),
    "a match's score that is not a number": lambda e: e["match"].update(
        scores=["x"] * e["match"]["players"]),
    "a match's round of another variant": lambda e: _game(e).update(variant="pokemon"),
}

_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|/[^\s（）()]+")


def english_words(text: str, path: str = "") -> list[str]:
    """Latin words of three letters or more in ``text`` but the file's own (its path
    and where it was moved, what it quotes, its field names)."""
    text = _QUOTED.sub(" ", text.replace(path, " ") if path else text)
    return [w for w in re.findall(r"[A-Za-z_]{3,}", text) if w not in FILE_WORDS]


def _opened(tmp_path, data: bytes) -> SaveFileError:
    store = MatchStore(tmp_path)
    path = store.saves / "match-bad.json"
    store.saves.mkdir(parents=True)
    path.write_bytes(data)
    with pytest.raises(SaveFileError) as caught:
        store.load(path)
    return caught.value


def _reads_japanese(error: SaveFileError, what: str) -> None:
    english = str(error)
    japanese = JA.words(reason(error))
    assert japanese != english
    assert english_words(japanese) == [], (what, english, japanese)


@pytest.mark.parametrize("damage", sorted(ACTION_DAMAGE))
def test_each_kind_of_corrupt_action_reads_japanese(tmp_path, journal, damage):
    lines = journal.splitlines()
    assert lines[2].startswith(b'{"action":')
    lines[2] = json.dumps(ACTION_DAMAGE[damage]).encode()
    _reads_japanese(_opened(tmp_path, b"\n".join(lines) + b"\n"), damage)


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_each_kind_of_corrupt_save_reads_japanese(tmp_path, envelope, damage):
    broken = copy.deepcopy(envelope)
    DAMAGE[damage](broken)
    store = MatchStore(tmp_path)
    path = store.saves / "match-bad.json"
    store.saves.mkdir(parents=True)
    path.write_text(json.dumps(broken))
    with pytest.raises(SaveFileError) as caught:
        store.load(path)
    english = str(caught.value)
    japanese = JA.words(reason(caught.value))
    assert japanese != english
    assert english_words(japanese, str(path)) == [], (damage, english, japanese)


def test_a_corrupt_replay_opened_with_lang_ja_says_why_in_japanese(tmp_path, envelope,
                                                                   capsys):
    broken = copy.deepcopy(envelope)
    _game(broken).update(dealer=7)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken))
    assert main(["replay", "--lang", "ja", "--data-dir", str(tmp_path / "data"),
                 str(path)]) == 2
    err = capsys.readouterr().err
    assert "ディーラーは0〜2の席でなければなりません（7ではなく）" in err, err
    assert english_words(err.replace("uno-tui replay", ""), str(path)) == [], err


def test_the_engines_own_loaders_say_their_reasons_in_japanese():
    for load in (lambda: action_from_json({"action": "Play", "seat": 0}),
                 lambda: Game.loads("[1, 2]"),
                 lambda: Game.loads('{"format": 1}')):
        with pytest.raises(SaveDataError) as caught:
            load()
        japanese = JA.words(reason(caught.value))
        assert english_words(japanese) == [], japanese
