"""The data classes' methods compiled at one launch are read back at the next
(uno_tui.compiled_methods): each method is the one ``dataclasses`` would have compiled,
and a file that can't be used only means compiling."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import pytest

from uno_tui.compiled_methods import CompiledMethods


def _make_point():
    @dataclasses.dataclass(frozen=True)
    class Point:
        """A frozen data class with a default and a default factory."""

        x: int
        y: int = 0
        tags: tuple = dataclasses.field(default_factory=tuple)

    return Point


def _made_through(path):
    methods = CompiledMethods(path)
    methods.install()
    try:
        return _make_point(), methods
    finally:
        methods.uninstall()


def _same_behaviour(made, plain) -> None:
    a, b = made(1, 2), plain(1, 2)
    assert repr(a).split(".")[-1] == repr(b).split(".")[-1] == "Point(x=1, y=2, tags=())"
    assert a == made(1, 2) and a != made(1, 3) and hash(a) == hash(made(1, 2))
    assert made(5).y == 0 and made(5).tags == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 3
    # No __future__ flag of this file leaked in: the annotations are the types' names
    # as dataclasses gives them, the same for both.
    assert made.__init__.__annotations__.keys() == plain.__init__.__annotations__.keys()
    assert dataclasses.replace(a, y=7) == made(1, 7)


def test_a_second_launch_compiles_no_method_the_first_one_did(tmp_path):
    path = tmp_path / "methods.marshal"
    first, methods = _made_through(path)
    assert methods.compiled > 0
    methods.save()
    second, again = _made_through(path)
    assert again.compiled == 0
    _same_behaviour(second, _make_point())
    _same_behaviour(first, _make_point())
    assert "exec" not in vars(dataclasses)      # uninstalled: the builtin again


@pytest.mark.parametrize("content", [b"", b"not marshal at all", None])
def test_a_file_that_cannot_be_used_means_compiling(tmp_path, content):
    import marshal

    path = tmp_path / "methods.marshal"
    if content is None:     # another Python's
        path.write_bytes(marshal.dumps(("2.7.18", {"def f(): pass": None})))
    else:
        path.write_bytes(content)
    made, methods = _made_through(path)
    assert methods.compiled > 0
    _same_behaviour(made, _make_point())


def test_the_programs_launch_keeps_the_methods_and_reads_them_back(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    command = [sys.executable, "-m", "uno_tui", "--help"]
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
    (kept,) = (tmp_path / "uno-tui").glob("dataclass-methods.*.marshal")
    written = kept.stat().st_mtime_ns
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
    # Nothing was compiled the second time, so nothing was written.
    assert kept.stat().st_mtime_ns == written
