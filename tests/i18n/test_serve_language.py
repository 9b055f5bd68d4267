"""``uno-tui serve --lang``: the server's own language, for its console and for every
visitor whose terminal or browser names none (a client that names one reads its own)."""

from __future__ import annotations

import asyncio

import aiohttp
import asyncssh

from uno_tui.cli import main, serve_parser
from uno_tui.server.host import LOG_FILE
from uno_tui.server.lobby import LobbyScreen

from ..server.support import serving, wait_until
from ..server.web_support import base_url


def test_serve_takes_lang_like_the_other_commands(capsys):
    assert serve_parser().parse_args(["--lang", "ja_JP.UTF-8"]).lang == "ja"
    assert serve_parser().parse_args([]).lang is None
    assert main(["serve", "--lang", "xx", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "no words for the language 'xx'" in err and "ja (日本語)" in err


def test_serve_help_reads_japanese_with_lang_ja(capsys):
    try:
        main(["serve", "--lang", "ja", "--help"])
    except SystemExit:
        pass
    out = "".join(capsys.readouterr().out.split())     # as one line, unwrapped
    assert "--langLANGサーバーのメッセージと、端末やブラウザーが言語を伝えない来訪者の言語" in out


async def _lobby_words(host, name: str, env: dict[str, str], word: str) -> str:
    """What ``name``'s terminal (its client sending ``env``) is sent until ``word``."""
    async with asyncssh.connect("127.0.0.1", host.port, username=name, known_hosts=None,
                                client_keys=None, password=None) as conn:
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 32),
                                            encoding=None, env=env)
        seen = b""
        while word.encode() not in seen:
            seen += await asyncio.wait_for(process.stdout.read(65536), 10)
        session = next(s for s in host.sessions if s.user == name)
        await wait_until(lambda: session.app is not None
                         and isinstance(session.app.screen, LobbyScreen), f"{name}'s lobby")
        lang = session.app.language
        process.stdin.write(b"\x03")
        await asyncio.wait_for(process.wait_closed(), 10)
        return lang


async def test_a_visitor_who_names_no_language_reads_the_servers(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")   # the process's locale plays no part
    async with serving(tmp_path, lang="ja") as host:
        assert await _lobby_words(host, "ann", {}, "新しいテーブル") == "ja"
        # A client that names a language reads its own, even one we have no words for.
        assert await _lobby_words(host, "bob", {"LANG": "en_GB.UTF-8"}, "New table") == "en"
        assert await _lobby_words(host, "cid", {"LANG": "de_DE.UTF-8"}, "New table") == "en"
        console = host.test_log.getvalue()
    # The console reads the server's language; server.log stays English.
    assert "127.0.0.1:" in console and "で開いています" in console
    log = (tmp_path / LOG_FILE).read_text(encoding="utf-8")
    assert "serving on 127.0.0.1:" in log and "で開いています" not in log


async def test_a_browser_without_accept_language_reads_the_servers(tmp_path):
    async with serving(tmp_path, web_port=0, lang="ja") as host:
        async with aiohttp.ClientSession() as http:
            page = await (await http.get(base_url(host) + "/?name=ann")).text()
            assert '<html lang="ja">' in page
            asked = await (await http.get(base_url(host) + "/?name=ann",
                                          headers={"Accept-Language": "fr"})).text()
            assert '<html lang="en">' in asked
        console = host.test_log.getvalue()
    assert "ブラウザーで参加：http://127.0.0.1:" in console
