"""``uno-tui serve`` as a process: refusals, the host key, SIGTERM saving and goodbyes."""

from __future__ import annotations

import asyncio
import re
import signal
import sys

from uno_tui.cli import main
from uno_tui.saves import MatchStore
from uno_tui.server.host import HOST_KEY_FILE, SAVES_FOLDER

from .support import ssh_terminal


def test_another_address_without_keys_or_password_is_refused(tmp_path, capsys):
    assert main(["serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "--authorized-keys FILE or --password-file FILE" in err[0]
    assert not (tmp_path / HOST_KEY_FILE).exists()


def test_bad_serve_arguments_get_one_line(tmp_path, capsys):
    for argv, words in ((["--port", "70000"], "out of range"),
                        (["--max-sessions", "0"], "out of range"),
                        (["--hold", "-1"], "from 0 to 86,400"),
                        (["--workers", "0"], "out of range"),
                        (["--workers", "two"], "not a whole number"),
                        (["--password-file", str(tmp_path / "none")], "can't read the password")):
        assert main(["serve", "--data-dir", str(tmp_path), *argv]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and words in err[0], err


async def test_sigterm_saves_every_table_and_says_goodbye_to_every_client(tmp_path):
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "uno_tui", "serve", "--port", "0", "--data-dir", str(tmp_path),
        stderr=asyncio.subprocess.PIPE)
    try:
        port = None
        while port is None:
            line = (await asyncio.wait_for(server.stderr.readline(), 30)).decode()
            found = re.search(r"serving on 127\.0\.0\.1:(\d+)", line)
            port = int(found.group(1)) if found else None
        assert (tmp_path / HOST_KEY_FILE).exists()
        conn, process, until = await ssh_terminal(port)
        async with conn:
            await until(b"New table")
            process.stdin.write(b"n")             # the setup screen
            await until(b"Start the game")
            process.stdin.write(b"\r")            # ann and three computers
            await until(b"ann's hand")
            server.send_signal(signal.SIGTERM)
            await until(b"Goodbye!")
            await asyncio.wait_for(process.wait_closed(), 30)
        assert await asyncio.wait_for(server.wait(), 30) == 0
        rest = (await server.stderr.read()).decode()
        assert "stopping (SIGTERM)" in rest and "ended='server stopped'" in rest
        store = MatchStore(tmp_path / SAVES_FOLDER)
        saves = store.unfinished()
        assert len(saves) == 1
        record = store.load(saves[0].path)
        assert record.config.seats[0].name == "ann" and record.config.seats[0].is_human
        assert [s.level for s in record.config.seats[1:]] == ["normal"] * 3
        assert record.restore().players == 4        # it can be resumed
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
