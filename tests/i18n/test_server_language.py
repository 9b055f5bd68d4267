"""Over SSH each session reads the language of its own client's locale (sent with
ssh's SendEnv), whatever the server's is; two sessions of one server may differ."""

from __future__ import annotations

import asyncio

import asyncssh

from uno_tui.server.lobby import LobbyScreen

from ..server.support import serving, wait_until


async def _open(host, name: str, env: dict[str, str]):
    conn = await asyncssh.connect("127.0.0.1", host.port, username=name, known_hosts=None,
                                  client_keys=None, password=None)
    process = await conn.create_process(term_type="xterm-256color", term_size=(100, 32),
                                        encoding=None, env=env)
    session = None

    def started() -> bool:
        nonlocal session
        session = next((s for s in host.sessions if s.user == name), None)
        return (session is not None and session.app is not None
                and isinstance(session.app.screen, LobbyScreen))

    await wait_until(started, f"{name}'s lobby")
    return conn, process, session


async def test_each_ssh_session_reads_its_clients_language(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")   # the server's own locale plays no part
    async with serving(tmp_path) as host:
        ann = await _open(host, "ann", {"LANG": "ja_JP.UTF-8"})
        bob = await _open(host, "bob", {"LC_ALL": "C", "LANG": "ja_JP.UTF-8"})
        cid = await _open(host, "cid", {})
        assert ann[2].app.tr.lang == "ja"
        assert bob[2].app.tr.lang == "en" and cid[2].app.tr.lang == "en"
        # What each terminal is sent: the lobby's footer in each one's language.
        for (_conn, process, _session), word in ((ann, "新しいテーブル"), (cid, "New table")):
            seen = b""
            while word.encode() not in seen:
                seen += await asyncio.wait_for(process.stdout.read(65536), 10)
        for conn, _process, _session in (ann, bob, cid):
            conn.close()
            await conn.wait_closed()
