"""One word for one thing in Japanese, as the seeds spell it (../shared/JAPANESE.md):
the catalogue and every Japanese help page say it the same way."""

from __future__ import annotations

import re

from pathlib import Path

import uno_tui

from .catalogue import read_catalogue

PACKAGE = Path(uno_tui.__file__).parent


def _japanese_words() -> dict[str, str]:
    """Every Japanese text a player may read: each translation in the catalogue and
    each help page, by where it comes from."""
    texts = {}
    for entry in read_catalogue("ja"):
        if entry.id:
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            texts[f"msgid {entry.id!r}"] = "\n".join(strings)
    for page in PACKAGE.rglob("ja/*.md"):
        texts[str(page.relative_to(PACKAGE))] = page.read_text(encoding="utf-8")
    return texts


def test_the_dealer_is_called_as_the_seeds_call_it():
    # Seeds 000, 001 and 004 say ディーラー, 002 says 親: the seat badge said 親 while
    # the log said ディーラー決め.
    # Except the one-line seat's badge (16 seats at 80x24): ディーラー is ten cells and
    # left the names one; 親 is Mattel Japan's word, one character.
    texts = _japanese_words()
    assert [where for where, text in texts.items() if "親" in text] == ["msgid ' D'"]
    assert {where for where, text in texts.items() if "ディーラー" in text} >= {
        "msgid 'D {score}'", "msgid 'the dealer'",
        "msgid '{name} turns up {cards} to choose the dealer'"}


def test_a_bluff_is_called_one_thing():
    # The challenge's question said はったり, its result in the log and the rules pages
    # ごまかし: two words for one bluff a player has to match up.
    texts = _japanese_words()
    assert [where for where, text in texts.items() if "はったり" in text] == []
    assert {where for where, text in texts.items() if "ごまかし" in text} >= {
        "msgid 'A bluff? Challenge: if it was, {attacker} draws {guilty}; if not, "
        "{challenger} draws {innocent}.'", "rulesets/classic/frontend/ja/help.md"}


def test_others_are_written_one_way():
    # The rules pages and most messages write ほかの; Flip's side line wrote 他の人.
    texts = _japanese_words()
    assert [where for where, text in texts.items() if "他の" in text] == []


def test_the_uno_call_is_written_one_way():
    # The prompt line's labels wrote 「UNO! (u)」, 「{name}のUNO! (u)」 and 「カードと一緒に
    # UNO!」 beside the log's 「UNO！」 and 指摘！: the call is written with the full-width
    # mark everywhere (at 80x24 the labels fit with it, one cell wider each).
    texts = _japanese_words()
    assert [where for where, text in texts.items() if "UNO!" in text] == []
    assert {where for where, text in texts.items() if "UNO！" in text} >= {
        "msgid 'UNO!'", "msgid 'UNO! (u)'", "msgid 'UNO! for {name} (u)'",
        "msgid 'UNO! with the card, u: not'", "msgid ' · UNO! goes with the card'"}


def test_a_name_is_written_next_to_its_particle_without_a_space():
    # The waiting line over SSH read 「ボブ を待っています」, the lobby's rename
    # 「これからは ボブ です。」, the server's refusals 「bob はそのカードを…」 (a seat is
    # its name there): every other line writes 「ボブを」「ボブが」. (A name
    # quoted as data in an error, 「名前 {name} が長すぎます」, stands apart on purpose.)
    texts = _japanese_words()
    spaced = [where for where, text in texts.items() if where.startswith("msgid")
              and re.search(r"(?<!名前 )(?<!言語 )\{(name|target|seat)\} [ぁ-ん]|[ぁ-ん] \{(name|target)\}",
                            text)]
    assert spaced == []
