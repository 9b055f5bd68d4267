"""The operating system's errors and the JSON reader's, said in the player's language:
``i18n.os_reason`` by errno and ``i18n.json_reason``, each case built for real (a
missing file, a folder opened as a file, a port in use...), and where a save, a replay,
the data folder or ``serve`` shows one."""

from __future__ import annotations

import errno
import json
import os
import resource
import socket
import subprocess
import sys

import pytest

from uno_tui.cli import main
from uno_tui.engine import Game
from uno_tui.engine.errors import SaveDataError
from uno_tui.i18n import Phrase, json_reason, os_reason, reason, translator
from uno_tui.paths import DataDirError, data_dir

JA = translator("ja")


def _error(action) -> OSError:
    try:
        action()
    except OSError as exc:
        return exc
    raise AssertionError("no OSError")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _too_many_open_files() -> OSError:
    """EMFILE, for real: the soft limit lowered to just above what is open now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    opened = []
    resource.setrlimit(resource.RLIMIT_NOFILE, (len(os.listdir("/proc/self/fd")) + 4, hard))
    try:
        while True:
            opened.append(os.open(os.devnull, os.O_RDONLY))
    except OSError as exc:
        return exc
    finally:
        for fd in opened:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _cases(tmp_path):
    """(errno, how to get it for real) for each error built here."""
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    full = tmp_path / "full"
    full.mkdir()
    (full / "in").write_text("x")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    script = tmp_path / "not-executable"
    script.write_text("#!/bin/sh\n")
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    read_end, write_end = os.pipe()
    os.close(read_end)

    def bind(address):
        with socket.socket() as other:
            other.bind(address)

    def connect_closed():
        with socket.create_connection(("127.0.0.1", _free_port()), timeout=5):
            pass

    def write_full():
        with open("/dev/full", "w") as device:
            device.write("x")
            device.flush()

    yield errno.ENOENT, lambda: open(tmp_path / "missing.json")
    # Even root may not run a file without execute permission.
    yield errno.EACCES, lambda: subprocess.run([str(script)])
    # Nor make a hard link to a folder.
    yield errno.EPERM, lambda: os.link(full, tmp_path / "hard-link")
    yield errno.ENOSPC, write_full
    yield errno.EISDIR, lambda: open(full, "w")
    yield errno.ENOTDIR, lambda: open(a_file / "inside")
    yield errno.EEXIST, lambda: os.mkdir(full)
    yield errno.ENOTEMPTY, lambda: os.rmdir(full)
    yield errno.ENAMETOOLONG, lambda: open(tmp_path / ("n" * 300))
    yield errno.ELOOP, lambda: open(loop)
    yield errno.EINVAL, lambda: os.lseek(os.open(a_file, os.O_RDONLY), -1, os.SEEK_SET)
    yield errno.EPIPE, lambda: os.write(write_end, b"x")
    yield errno.EMFILE, lambda: (_ for _ in ()).throw(_too_many_open_files())
    yield errno.EADDRINUSE, lambda: bind(busy.getsockname())
    yield errno.EADDRNOTAVAIL, lambda: bind(("192.0.2.1", 0))     # TEST-NET-1: not ours
    yield errno.ECONNREFUSED, connect_closed
    busy.close()
    os.close(write_end)


def test_every_os_error_built_here_reads_japanese(tmp_path):
    seen = []
    for number, action in _cases(tmp_path):
        exc = _error(action)
        assert exc.errno == number, (errno.errorcode[number], exc)
        words = os_reason(exc)
        assert isinstance(words, Phrase)
        # English reads as the system says it; Japanese is the catalogue's.
        assert str(words) == os.strerror(number)
        japanese = JA.words(words)
        assert japanese != str(words) and not any("a" <= c.lower() <= "z" for c in japanese), \
            (errno.errorcode[number], japanese)
        seen.append(errno.errorcode[number])
    assert len(seen) == 16


def test_an_os_error_without_an_errno_we_know_says_what_the_system_said():
    exc = OSError(errno.ENOLINK, "Link has been severed")
    assert os_reason(exc) == "Link has been severed" and not isinstance(os_reason(exc), Phrase)
    assert os_reason(OSError("no number")) == "no number"


@pytest.mark.parametrize("text", ["", "{", '{"a" 1}', "[1 2]", '"ab', '"\\q"', "1 2"])
def test_a_json_error_reads_japanese_with_where_it_is(text):
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    words = json_reason(caught.value)
    assert str(words).startswith(caught.value.msg + ": line 1, column ")
    japanese = JA.words(words)
    assert "1行目" in japanese and "文字目" in japanese
    assert not any("a" <= c.lower() <= "z" for c in japanese.replace("uXXXX", "")), japanese


def test_a_corrupt_saved_game_says_its_json_problem_in_japanese():
    with pytest.raises(SaveDataError) as caught:
        Game.loads('{"players": [1, 2')
    english = str(reason(caught.value))
    assert english.startswith("the saved game is not valid JSON: Expecting ")
    japanese = JA.words(reason(caught.value))
    assert japanese.startswith("保存されたゲームが正しい JSON ではありません：")
    assert "Expecting" not in japanese


def test_a_data_folder_that_cannot_be_made_says_why_in_japanese():
    with pytest.raises(DataDirError) as caught:
        data_dir("/sys/uno-tui-test")         # sysfs makes no folders, not even for root
    assert JA.words(caught.value.problem) == JA("Operation not permitted")


def test_serve_says_a_port_in_use_in_japanese(tmp_path, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--lang", "ja", "--port", str(port),
                     "--data-dir", str(tmp_path)]) == 2
        assert "そのアドレスはすでに使われています" in capsys.readouterr().err
        assert main(["serve", "--lang", "ja", "--port", "0", "--web", str(port),
                     "--data-dir", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert "ウェブページ用に" in err and "そのアドレスはすでに使われています" in err


def test_serve_says_a_missing_password_file_in_japanese(tmp_path, capsys):
    assert main(["serve", "--lang", "ja", "--port", "0", "--data-dir", str(tmp_path),
                 "--password-file", str(tmp_path / "none.txt")]) == 2
    err = capsys.readouterr().err
    assert "そのファイルやフォルダーはありません" in err and "Errno" not in err


def test_results_written_to_a_full_disk_say_so_in_japanese(tmp_path):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "uno_tui", "sim", "--lang", "ja",
                               "--games", "1"], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    assert done.returncode == 1
    assert "結果を書き出せませんでした：ディスクに空きがありません" in done.stderr


def test_an_autosave_that_fails_says_why_in_japanese(tmp_path, monkeypatch):
    from uno_tui.saves import MatchStore

    from ..saves.test_store import play_actions, recorded_table

    ctl = recorded_table(MatchStore(tmp_path))

    def full(*_):       # the disk fills up under the game (os.fsync is where it shows)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    play_actions(ctl, 3)
    problem = ctl.recorder.problem
    assert problem == "the match could not be saved: No space left on device"
    assert JA.words(problem) == "試合を保存できませんでした：ディスクに空きがありません"
