"""A connection the server's limits refuse is told why in its visitor's language: a
browser's Accept-Language, an SSH client's LANG where it has sent it, else the server's
``--lang``. Over SSH a refusal before the session (no LANG yet) goes as an
authentication banner, since OpenSSH shows a disconnect's reason in ASCII only; the
disconnect itself says it in English."""

from __future__ import annotations

import asyncio

import aiohttp
import asyncssh
import pytest

from uno_tui.i18n import translator
from uno_tui.server import limits as limits_module
from uno_tui.server.limits import Limits

from ..server.support import serving
from ..server.web_support import base_url

JA = translator("ja")


class _Listener(asyncssh.SSHClient):
    """Keeps the banners the server sends and tries one wrong password after another."""

    def __init__(self) -> None:
        self.banners: list[str] = []
        self.tried = 0

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)

    def password_auth_requested(self):
        self.tried += 1
        return f"guess {self.tried}"


async def _refused(host) -> tuple[_Listener, str]:
    """A client's banners and the reason it was disconnected for."""
    client = _Listener()
    with pytest.raises(asyncssh.DisconnectError) as caught:
        await asyncio.wait_for(asyncssh.connect(
            "127.0.0.1", host.port, username="mallory", known_hosts=None, client_keys=None,
            agent_path=None, client_factory=lambda: client), 30)
    return client, caught.value.reason


def _is_ascii(text: str) -> bool:
    return all(ord(c) < 128 for c in text)


async def test_too_many_failed_logins_on_a_connection_read_the_servers_language(
        tmp_path, monkeypatch):
    monkeypatch.setattr(limits_module, "FIRST_FAILURE_DELAY", 0.001)
    (tmp_path / "table.txt").write_text("open sesame\n")
    async with serving(tmp_path, password_file=tmp_path / "table.txt", lang="ja",
                       limits=Limits(auth_attempts=2)) as host:
        client, reason = await _refused(host)
    assert client.banners == [JA("Too many failed logins on this connection ({most}): "
                                 "connect again to try once more.", most=2) + "\r\n"]
    assert "この接続で失敗したログインが多すぎます（2）" in client.banners[0]
    assert reason == "Too many failed logins (2)" and _is_ascii(reason)


async def test_an_address_blocked_for_its_failed_logins_is_told_in_the_servers_language(
        tmp_path, monkeypatch):
    monkeypatch.setattr(limits_module, "FIRST_FAILURE_DELAY", 0.001)
    (tmp_path / "table.txt").write_text("open sesame\n")
    async with serving(tmp_path, password_file=tmp_path / "table.txt", lang="ja",
                       limits=Limits(failed_logins_per_minute=2)) as host:
        for guess in ("g1", "g2"):
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncssh.connect("127.0.0.1", host.port, username="m", known_hosts=None,
                                       client_keys=None, agent_path=None, password=guess)
        client, reason = await _refused(host)
        log = host.test_log.getvalue()
    assert len(client.banners) == 1 and "1分待ってからもう一度どうぞ" in client.banners[0]
    assert client.tried == 0                       # told before any password is asked
    assert _is_ascii(reason) and "Too many failed logins" in reason
    assert "too many failed logins from 127.0.0.1 in the last minute (2)" in log


async def test_a_session_beyond_the_address_limit_reads_its_clients_language(tmp_path):
    async with serving(tmp_path, limits=Limits(sessions_per_address=1)) as host:
        async with asyncssh.connect("127.0.0.1", host.port, username="ann", known_hosts=None,
                                    client_keys=None) as first:
            await first.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            said = {}
            for name, env in (("eve", {"LANG": "ja_JP.UTF-8"}), ("bob", {})):
                async with asyncssh.connect("127.0.0.1", host.port, username=name,
                                            known_hosts=None, client_keys=None) as conn:
                    process = await conn.create_process(term_type="xterm", encoding=None,
                                                        term_size=(80, 24), env=env)
                    said[name] = (await asyncio.wait_for(process.stdout.read(), 10)).decode()
    assert JA("Too many sessions from your address ({most}). Try again later.",
              most=1) in said["eve"]
    assert "Too many sessions from your address (1)" in said["bob"]


async def test_a_browser_refused_at_a_limit_reads_why_in_its_language(tmp_path):
    async with serving(tmp_path, web_port=0,
                       limits=Limits(max_unauthenticated_per_address=1)) as host:
        # One SSH connection from this address, logging in: the address's one.
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
        await asyncio.wait_for(reader.readline(), 10)
        async with aiohttp.ClientSession(headers={"Accept-Language": "ja"}) as http:
            await (await http.get(base_url(host) + "/?name=ann")).read()
            socket = await http.ws_connect(base_url(host) + "/ws?cols=80&rows=24",
                                           headers={"Origin": base_url(host)})
            closing = await asyncio.wait_for(socket.receive(), 10)
        writer.close()
    assert closing.type == aiohttp.WSMsgType.CLOSE
    reason = closing.extra or ""
    assert "お断りしました：127.0.0.1 から同時にログイン中の接続が多すぎます（1）" in reason, reason
