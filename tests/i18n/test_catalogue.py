"""The catalogues hold every message the game shows, with the same placeholders, and
the compiled ``.mo`` shipped in the package is the ``.po`` as it is now."""

from __future__ import annotations

import pytest

from uno_tui.i18n import DEFAULT_LANGUAGE, LANGUAGES, translator

from .catalogue import all_messages, compiled, mo_path, placeholders, read_catalogue

TRANSLATED = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]


@pytest.fixture(scope="module")
def messages():
    return all_messages()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_a_translation(lang, messages):
    catalogue = read_catalogue(lang)
    missing = []
    for message, places in messages.items():
        entry = catalogue.get(message)
        if entry is None or not all(entry.string if isinstance(entry.string, tuple)
                                    else [entry.string]):
            missing.append(f"{message!r} (from {places[0]})")
    assert missing == [], (f"{len(missing)} messages have no {lang} words; run "
                           "'python -m tests.i18n.catalogue' and translate them: "
                           + "; ".join(missing[:10]))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_message(lang):
    wrong = []
    for entry in read_catalogue(lang):
        if not entry.id:
            continue
        sources = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        texts = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        # A language with one plural form says every field of both English forms.
        wanted = set().union(*(placeholders(text) for text in sources))
        for text in texts:
            if text and placeholders(text) != wanted:
                wrong.append(f"{sources[0]!r} -> {text!r}")
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_compiled_catalogue_is_the_current_one(lang):
    assert mo_path(lang).read_bytes() == compiled(read_catalogue(lang)), (
        f"{mo_path(lang)} is older than its .po: run 'python -m tests.i18n.catalogue'")


def test_the_catalogue_check_sees_messages_marked_in_the_source(messages):
    # The extractor must find the marked calls (a wrong keyword list would find none).
    assert "House rules in this game" in messages
    assert any("screens/help.py" in place for place in messages["Rules"])
    # Footer words come from the screens' bindings.
    assert "uno_tui.app.screens.table.TableScreen" in messages["Draw"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translator_gives_the_catalogue_words_and_english_for_what_it_lacks(lang):
    tr = translator(lang)
    assert tr("Quit") != "Quit"
    assert tr("a message nobody wrote") == "a message nobody wrote"
    assert translator("en")("Quit") == "Quit"
