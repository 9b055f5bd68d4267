"""No English word reaches a Japanese player off the table's screens either (issue 25).

The sibling of ``test_no_english.py``: the engine's reasons for refusing an action
(after ✗), every subcommand's errors for bad input, and the ``sim`` summary, read in
``ja`` and scanned for words in Latin letters. What may stay Latin is data the player
typed or the command line takes (quoted values, flags, file names, the names of rule
sets, house rules, presets, levels and modes), listed below with why.
"""

from __future__ import annotations

import random
import re

import pytest

from uno_tui.cli import main
from uno_tui.config import bot_levels
from uno_tui.engine import (
    HOUSE_RULES, MODES, PRESETS, VARIANTS, Accept, CallUno, Catch, Challenge, ChooseColor,
    Draw, Game, JumpIn, Keep, LinkPlayers, Play, PointAt, SwapHands, TakePile,
)
from uno_tui.engine.cards import DARK_COLORS, LIGHT_COLORS
from uno_tui.i18n import translator

from .test_no_english import english_words

JA = translator("ja")

#: Latin words the command line takes, so its errors name them as typed.
COMMAND_WORDS = {
    **{word: "a name the command line takes (a rule set, house rule, preset, level, mode)"
       for name in [*HOUSE_RULES, *PRESETS, *VARIANTS, *MODES, *bot_levels()]
       for word in re.findall(r"[A-Za-z]+", name)},
    **{command: "a subcommand's name (uno-tui sim)" for command in ("sim", "replay", "serve")},
    "help": "the --help flag's name, in 'uno-tui --help'",
    "preset": "the --rules preset:NAME prefix",
    "FILE": "a flag's metavar (--authorized-keys FILE)",
    "PORT": "a flag's metavar (--web PORT)",
    "JSON": "the save format's name",
    "UTF": "the text encoding's name (UTF-8)",
    "kind": "a save's own key (\"kind\": \"uno-tui-match\")",
    "match": "a save's own kind value (uno-tui-match)",
    "pid": "a process id, as ps and top call it",
    "en": "a language code --lang takes",
    "ja": "a language code --lang takes",
    "English": "the language's own name for itself, beside ja (日本語)",
    "LC_ALL": "a locale variable",
    "SSH": "the protocol's name",
}


def japanese_problems(text: str) -> list[str]:
    """The English words of ``text`` once data is taken out: quoted values, flags,
    file paths, action class names and the command line's own words."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "", text)
    text = re.sub(r"--[a-z][a-z-]*|[\w.-]*(?:/[\w.-]+)+", "", text)
    text = re.sub(r"\b[A-Z][a-z]+[A-Z]\w*\b", "", text)       # TakePile: a class, data
    return [word for word in english_words(text) if word not in COMMAND_WORDS
            and not all(part in COMMAND_WORDS for part in word.split("-"))]


def test_the_scan_finds_english_and_lets_data_through():
    assert japanese_problems("席0を待っています：name a colour") == ["name", "colour"]
    assert japanese_problems("ハウスルール 'catch-window:99'：catch-window:Nには秒") == []
    assert japanese_problems("セーブ /tmp/x/match.json は使えません：JSON") == []


# ------------------------------------------------------- the engine's refusals

def _candidates(game: Game) -> list:
    """Actions worth refusing now: every seat's play of every card (its own or not),
    and every other kind of action at every seat."""
    seats = range(game.players)
    cards = [card for hand in game.hands for card in hand][:12]
    colors = [*LIGHT_COLORS, DARK_COLORS[0], "mauve"]
    actions = []
    for seat in seats:
        actions += [Play(seat, card) for card in cards] + [JumpIn(seat, card) for card in cards[:3]]
        actions += [Draw(seat), Keep(seat), Challenge(seat), Accept(seat), CallUno(seat),
                    TakePile(seat), LinkPlayers(seat, 0, 1), LinkPlayers(seat, 0, 0)]
        actions += [ChooseColor(seat, color) for color in colors]
        for target in (*seats, game.players):
            actions += [Catch(seat, target), PointAt(seat, target), SwapHands(seat, target)]
    return actions + [Play(game.players + 1, 0)]


@pytest.mark.parametrize("variant, rules", [
    ("classic", ("7-0", "jump-in", "stacking", "no-action-finish")),
    ("classic", ("multi-play", "no-bluffing")),
    ("pokemon", ()), ("flip", ()), ("party", ()),
])
def test_every_refusal_of_random_games_reads_japanese(variant, rules):
    rng = random.Random(5)
    found: dict[str, str] = {}
    read: set[str] = set()
    for seed in (1, 2):
        game = Game(variant, 3, seed=seed, rules=rules)
        for _step in range(60):
            if game.is_over:
                break
            legal = [a for seat in range(game.players) for a in game.legal_actions(seat)]
            for action in _candidates(game):
                if action in legal:
                    continue
                words = JA.words(game.explain_illegal(action))
                read.add(words)
                problems = japanese_problems(words)
                if problems:
                    found.setdefault(words, f"{action!r} in {variant} seed {seed}")
            game.apply(rng.choice(game.legal_actions(game.decision.seat)))
    assert len(read) >= 20      # the scan read many kinds of refusal, not a few
    assert found == {}, "\n".join(f"{words}  ({where})" for words, where in found.items())


# ------------------------------------------------------------ the CLI's errors

def _journal(tmp_path, lines: str):
    path = tmp_path / "journal.json"
    path.write_text(lines, encoding="utf-8")
    return str(path)


#: (argv, where the test's folder goes) for every subcommand's bad input.
BAD_INPUT = [
    ["--rules", "nonsense"], ["--rules", "catch-window:99"], ["--rules", "stacking:3"],
    ["--rules", "forced-play,draw-and-pass"], ["--rules", "catch-window:3,catch-window:5"],
    ["--variant", "flip", "--rules", "7-0"], ["--variant", "flip", "--rules", "no-bluffing"],
    ["--rules", "preset:nope"], ["--players", "a"], ["--players", "Ann,ann"],
    ["--seed", "-1"], ["--mode", "zz"], ["--target", "0"], ["--lang", "fr"],
    ["--resume", "{dir}/corrupt.json"], ["--resume", "{dir}/notes.json"],
    ["--resume", "{dir}/missing.json"], ["--resume", "{dir}/journal.json"],
    ["--resume", "{dir}"], ["--resume"], ["--players", "a,b", "--resume"],
    ["--data-dir", "{dir}/corrupt.json/x"], ["--bogus"],
    ["replay", "{dir}/corrupt.json"], ["replay", "{dir}/journal.json"], ["replay"],
    ["replay", "{dir}/missing.json"],
    ["sim", "--bots", "x"], ["sim", "--bots", "random,easy"], ["sim", "--players", "1"],
    ["sim", "--players", "99"], ["sim", "--rules", "catch-window:0"],
    ["sim", "--variant", "flip", "--rules", "7-0"], ["sim", "--games", "-1"],
    ["sim", "--think-ms", "0"], ["sim", "--workers", "999"], ["sim", "--variant", "nope"],
    ["serve", "--port", "99999"], ["serve", "--no-ssh"], ["serve", "--web", "2222"],
    ["serve", "--host", "0.0.0.0", "--port", "0"],
    ["serve", "--password-file", "{dir}/empty.txt", "--port", "0"],
    ["serve", "--open", "--password-file", "{dir}/corrupt.json", "--port", "0"],
    ["serve", "--data-dir", "{dir}/corrupt.json/x", "--port", "0"],
    ["serve", "--workers", "0"],
]


@pytest.mark.parametrize("argv", BAD_INPUT, ids=[" ".join(a) for a in BAD_INPUT])
def test_every_subcommand_tells_bad_input_in_japanese(argv, tmp_path, capsys, monkeypatch):
    (tmp_path / "corrupt.json").write_text("{bad", encoding="utf-8")
    (tmp_path / "notes.json").write_text('{"format": 2}', encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    _journal(tmp_path, '{"kind": "uno-tui-match", "format": 2}\n{bad\n')
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")          # serve has no --lang: the locale
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    argv = [part.replace("{dir}", str(tmp_path)) for part in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert re.match(r"uno-tui( \w+)?: エラー: ", err), err
    assert japanese_problems(err.replace(str(tmp_path), "")) == [], err


# ------------------------------------------------------------ the sim summary

@pytest.mark.parametrize("argv", [
    ["--players", "3", "--bots", "random,easy,normal", "--rules", "stacking"],
    ["--players", "2", "--bots", "random,easy", "--duplicate", "--no-check"],
    ["--variant", "party", "--mode", "target", "--target", "30"],
])
def test_the_sim_summary_reads_japanese(argv, capsys):
    assert main(["sim", "--lang", "ja", "--games", "2", "--seed", "3", "--workers", "1",
                 *argv]) == 0
    out = capsys.readouterr().out
    assert "ラウンド" in out and "勝率" in out
    assert japanese_problems(out) == [], out
