"""Which language a player reads: --lang, else the locale, else English."""

from __future__ import annotations

import pytest

from uno_tui.cli import main
from uno_tui.i18n import LanguageError, choose_language, language_from_environment, parse_language


@pytest.mark.parametrize("text", ["ja", "JA", "ja_JP", "ja_JP.UTF-8", "ja-JP", "ja_JP.eucJP@x"])
def test_a_language_is_read_from_its_code_or_a_locale_name(text):
    assert parse_language(text) == "ja"


@pytest.mark.parametrize("text", ["de", "", "C", "klingon", "\x1b[2J"])
def test_a_language_without_words_is_refused_by_name(text):
    with pytest.raises(LanguageError, match="choose one of en \\(English\\), ja"):
        parse_language(text)


@pytest.mark.parametrize("environ, lang", [
    ({}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),
    # LC_ALL is the strongest: it decides even for a language we have no words for.
    ({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "C"}, "ja"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "", "LC_MESSAGES": "", "LC_ALL": ""}, "en"),
])
def test_the_locale_decides_the_posix_way(environ, lang):
    assert language_from_environment(environ) == lang


def test_the_flag_wins_over_the_locale():
    assert choose_language("en", {"LANG": "ja_JP.UTF-8"}) == "en"
    assert choose_language(None, {"LANG": "ja_JP.UTF-8"}) == "ja"


def test_a_bad_lang_flag_says_which_languages_there_are(capsys):
    assert main(["--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "--lang" in err and "'fr'" in err and "ja (日本語)" in err
    assert "Traceback" not in err


def test_the_help_names_the_flag(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--lang LANG" in capsys.readouterr().out
