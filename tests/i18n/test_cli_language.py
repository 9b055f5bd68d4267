"""``uno-tui --help``, every subcommand's help and the command line's errors in the
language ``--lang`` or the locale gives, argparse's own words included."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

from uno_tui.cli import argparse_words, main, play_parser, replay_parser, serve_parser, sim_parser
from uno_tui.i18n import translator

JA = translator("ja")
UNO_TUI = Path(sys.executable).with_name("uno-tui")


def run(*args: str, **environ: str) -> subprocess.CompletedProcess:
    """The installed ``uno-tui`` command, as a player runs it."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    env.update(COLUMNS="80", **environ)
    return subprocess.run([str(UNO_TUI), *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=60)


def test_help_follows_a_japanese_locale():
    done = run("--help", LANG="ja_JP.UTF-8")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # argparse's own words, and ours.
    assert out.startswith("使い方: uno-tui [-h]")
    assert "\nオプション:\n" in out and JA("show this help message and exit") in out
    assert "端末で遊ぶ" in out and "コンピューターのレベル：" in out
    assert "usage:" not in out and "options:" not in out and "show this help" not in out
    # Wrapped by cells: no line wider than the terminal (a kanji is two cells).
    assert max(cell_len(line) for line in out.splitlines()) <= 80
    # The usage's next lines line up under its first argument.
    first, second = out.splitlines()[:2]
    assert cell_len(first[:first.index("[-h]")]) == len(second) - len(second.lstrip())

    # Broken between phrases, as the screens break Japanese: it read "セットアップ画 / 面",
    # "見てくださ / い。", "どれもなけ / れば"; and catch-window:N's range was English.
    assert "\nセットアップ画面が開きます。" in out and "\n--help' を見てください。" in out, out
    assert "（N：\n" in out or "（N：1〜60秒）" in out, out
    assert "1 to 60 seconds" not in out and "seconds)" not in out


def test_a_bad_flag_is_told_in_japanese():
    done = run("--bogus", LANG="ja_JP.UTF-8")
    assert done.returncode == 2
    assert done.stderr == "uno-tui: エラー: わからない引数：--bogus（'uno-tui --help' を見てください）\n"
    done = run("--seed", "x", LANG="ja_JP.UTF-8")
    assert done.stderr == ("uno-tui: エラー: 引数 --seed：'x' は整数ではありません"
                           "（'uno-tui --help' を見てください）\n")


def test_the_lang_flag_wins_over_the_locale_for_the_help_and_the_errors(capsys):
    assert main(["--lang", "ja", "--mode", "zz"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("uno-tui: エラー: 引数 --mode：選べない値です：'zz'")
    assert main(["--lang=en", "--mode", "zz"]) == 2
    assert capsys.readouterr().err == (
        "uno-tui: error: argument --mode: invalid choice: 'zz' (choose from 'target', "
        "'single', 'five-rounds', 'lowest') (see 'uno-tui --help')\n")


@pytest.mark.parametrize("argv, words", [
    (["sim", "--bots", "zz"], "uno-tui sim: エラー: 引数 --bots：知らないボットのレベル 'zz'"),
    (["serve", "--no-ssh"], "uno-tui serve: エラー: --no-ssh だけでは参加する方法がありません"),
    (["--target"], "uno-tui: エラー: 引数 --target：引数が1つ必要です"),
    (["--players", "Ann,ann"], "uno-tui: エラー: 引数 --players：2人のプレイヤーが同じ名前 'ann' です"),
    (["--lang", "fr"], "uno-tui: エラー: 引数 --lang：言語 'fr' の言葉はありません"),
])
def test_every_kind_of_error_is_told_in_japanese(argv, words, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(words), err
    assert "Traceback" not in err


def test_the_english_errors_are_argparse_s_own(capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "C")
    assert main(["--bogus"]) == 2
    assert capsys.readouterr().err == (
        "uno-tui: error: unrecognized arguments: --bogus (see 'uno-tui --help')\n")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: uno-tui [-h]") and "\noptions:\n" in out
    assert "show this help message and exit" in out


@pytest.mark.parametrize("make", [play_parser, sim_parser, serve_parser, replay_parser])
def test_each_parser_speaks_its_own_language_in_one_process(make):
    japanese, english = make(JA).format_help(), make().format_help()
    assert japanese.startswith("使い方: ") and english.startswith("usage: ")
    assert "オプション:" in japanese and "options:" in english
    # Nothing process-wide changed: argparse's own parser is still English.
    assert argparse.ArgumentParser(prog="x").format_help().startswith("usage: x")
    # Every line of help a player reads is Japanese except flags, names and examples.
    assert "(default:" not in japanese


def test_argparse_words_reads_nested_messages_and_leaves_others_alone():
    message = "argument --mode: invalid choice: 'x' (choose from 'a', 'b')"
    assert argparse_words(message, JA) == "引数 --mode：選べない値です：'x'（'a', 'b' から選んでください）"
    assert argparse_words(message, translator("en")) == message
    assert argparse_words("something of ours", JA) == "something of ours"
