"""The lobby and the server's lines in each visitor's language: the lobby's switch
(kept for the visitor while the server runs), the lines of the tables, the last words,
and the web page's language from the browser's Accept-Language."""

from __future__ import annotations

import aiohttp

from uno_tui.app.widgets.footer import KeysFooter
from uno_tui.i18n import translator
from uno_tui.server.lobby import LobbyScreen

from ..server.support import Client, people, serving, wait_until
from ..server.web_support import Browser, base_url

JA = translator("ja")


def footer_words(app) -> list[str]:
    with app._context():
        return [item.description for item in app.screen.query_one(KeysFooter).items]


async def in_lobby(client) -> None:
    await wait_until(lambda: client.app is not None and isinstance(client.app.screen,
                                                                    LobbyScreen), "the lobby")


async def test_l_in_the_lobby_switches_at_once_and_the_visitor_keeps_it(tmp_path):
    async with serving(tmp_path) as host:
        ann = await Client(host, "ann").connect()
        await in_lobby(ann)
        await ann.until(b"Welcome, ")
        assert "New table" in footer_words(ann.app)
        since = len(ann.received)
        ann.keys("l")
        await wait_until(lambda: ann.app.language == "ja", "the switch")
        # The lobby's words and its footer (which is not built again) change at once.
        await ann.until("ようこそ、".encode(), since)
        await ann.until(JA("New table").encode(), since)
        assert JA("New table") in footer_words(ann.app) and "New table" not in footer_words(ann.app)
        assert "ようこそ、annさん" in ann.text()
        assert host.languages == {ann.seat_key: "ja"}
        comeback = ann.comeback
        ann.keys("\x03")                         # leave: the last words are Japanese too
        await ann.until(JA("Thanks for playing.").encode())
        await ann.close()
        # The same visitor (their comeback login: the same identity) is greeted in
        # Japanese at the next connection, their client's locale being English.
        again = await Client(host, comeback).connect()
        await in_lobby(again)
        assert again.seat_key == ann.seat_key and again.app.language == "ja"
        await again.until("ようこそ、".encode())
        # Somebody else still reads English.
        bob = await Client(host, "bob").connect()
        await in_lobby(bob)
        await bob.until(b"Welcome, ")
        assert bob.app.language == "en" and "Welcome, bob." in bob.text()
        await again.close()
        await bob.close()


async def test_the_tables_are_listed_in_each_visitors_words(tmp_path):
    async with serving(tmp_path) as host:
        host.create_table(people("Zed", computers=2))
        ann = await Client(host, "ann").connect()
        await in_lobby(ann)
        await ann.until(b"Table 1 \xc2\xb7 Classic UNO \xc2\xb7 round 1")
        ann.keys("l")
        await ann.until("テーブル1 · クラシックUNO · ラウンド1".encode())
        assert "空席" in ann.text() and "CPU 1（コンピューター）" in ann.text()
        await ann.close()


async def test_render_workers_keep_the_switch_per_visitor(tmp_path):
    async with serving(tmp_path, workers=2) as host:
        assert host.pool is not None
        host.create_table(people("Zed", computers=2))
        ann = await Client(host, "ann").connect()
        await ann.until(b"Welcome, ")
        ann.keys("l")
        # The worker draws the lobby, its table line too, in the new words ...
        await ann.until("ようこそ、".encode())
        await ann.until("テーブル1 · クラシックUNO".encode())
        # ... and the host, which keeps the visitor's choice, hears of it.
        await wait_until(lambda: host.languages.get(ann.seat_key) == "ja",
                         "the host to hear of the switch")
        await ann.close()


async def browser(host, language: str | None) -> Browser:
    """A browser whose every request asks for ``language`` (Accept-Language)."""
    page = Browser(host, "ann")
    await page.http.close()
    headers = {"Accept-Language": language} if language else {}
    page.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                      headers=headers)
    return page


async def test_the_browsers_accept_language_picks_the_sessions_language(tmp_path):
    async with serving(tmp_path, web_port=0) as host:
        ann = await browser(host, "ja,en-US;q=0.8")
        page = await ann.http.get(base_url(host) + "/?name=ann")
        text = await page.text()
        assert '<html lang="ja">' in text and "もう一度参加" in text
        assert 'data-ended="セッションが終わりました。"' in text
        await ann.connect()
        await wait_until(lambda: ann.app is not None and isinstance(ann.app.screen, LobbyScreen),
                         "ann's lobby")
        assert ann.app.language == "ja"
        await ann.until("ようこそ、".encode())
        await ann.keys("\x03")
        code, _ = await ann.until_closed()
        assert code == 1000 and ann.received.endswith(
            (JA("Thanks for playing.") + "\r\n").encode())
        await ann.close()

        bob = await browser(host, "fr-FR,de;q=0.5")     # none of ours: English
        bob.name = "bob"
        page = await bob.http.get(base_url(host) + "/?name=bob")
        text = await page.text()
        assert '<html lang="en">' in text and ">Join again</button>" in text
        await bob.connect()
        await wait_until(lambda: bob.app is not None and isinstance(bob.app.screen, LobbyScreen),
                         "bob's lobby")
        assert bob.app.language == "en"
        await bob.until(b"Welcome, ")
        assert "Welcome, bob." in bob.text()
        await bob.close()


async def test_the_join_form_speaks_the_browsers_language(tmp_path):
    (tmp_path / "password.txt").write_text("sesame\n")
    async with serving(tmp_path, web_port=0, host="127.0.0.1",
                       password_file=tmp_path / "password.txt") as host:
        ann = await browser(host, "ja")
        form = await ann.http.get(base_url(host) + "/login")
        text = await form.text()
        assert '<html lang="ja">' in text and "テーブルのパスワード" in text
        assert ">参加</button>" in text
        wrong = await ann.http.post(base_url(host) + "/login",
                                    data={"name": "ann", "password": "nope"})
        assert wrong.status == 401 and "テーブルのパスワードと違います" in await wrong.text()
        await ann.http.close()


def test_a_close_reason_is_cut_between_characters():
    from uno_tui.server.web.front import close_reason

    reason = close_reason("お断りしました：" + "あ" * 60)
    assert len(reason) <= 120
    reason.decode("utf-8")               # whole characters only
    assert close_reason("Refused: too many.") == b"Refused: too many."


async def test_a_refusal_before_any_app_is_in_the_clients_language(tmp_path):
    import asyncssh

    from uno_tui.server.session import NO_PTY_MESSAGE

    async with serving(tmp_path) as host:
        for env, words in (({"LANG": "ja_JP.UTF-8"}, JA(NO_PTY_MESSAGE)),
                           ({}, NO_PTY_MESSAGE)):
            async with asyncssh.connect("127.0.0.1", host.port, username="ann",
                                        known_hosts=None, client_keys=None) as conn:
                result = await conn.run("", timeout=10, env=env)
            assert result.stdout.strip() == words and result.exit_status == 1
    assert words != JA(NO_PTY_MESSAGE)


async def test_a_refused_seat_is_told_in_the_visitors_words(tmp_path):
    async with serving(tmp_path) as host:
        table = host.create_table(people("Zed", computers=1))
        ann = await Client(host, "ann").connect()
        await in_lobby(ann)
        ann.keys("l")
        await ann.until("ようこそ、".encode())
        bob = await Client(host, "bob").connect()
        await in_lobby(bob)
        bob.keys("\r")                                 # Bob takes the one free seat
        await wait_until(lambda: table.free_seats() == (), "Bob seated")
        with ann.app._context():
            ann.app.screen.show_tables()
        ann.keys("\r")                                 # and Ann is refused it
        await ann.until("席に着けません：テーブル1に空席がありません。".encode())
        await ann.close()
        await bob.close()
