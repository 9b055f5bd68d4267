"""The methods ``dataclasses`` writes for each data class, compiled once and kept in the
user's cache (``~/.cache/uno-tui/dataclass-methods.<python>.marshal``) for the next launch.

For every ``@dataclass`` the standard library writes the source of ``__init__``,
``__repr__``, ``__eq__`` (and ``__hash__``, ``__setattr__``, ``__delattr__`` when frozen)
and compiles it with ``exec``: ~70% of the ~1-1.7 ms each data class costs, and a launch
makes dozens of them (the engine's, the saves', Textual's and Rich's) before its first
frame. The source is the same at every launch, so its compiled code is too: it is read
back from the file, by its source text, instead of compiled again. A source not in the
file is compiled as ``dataclasses`` does it (no ``__future__`` flags: ``exec`` of a
string in that module inherits none), so each method is what it would have been.

Only the ``uno-tui`` command (:mod:`uno_tui.launch`, any of its subcommands) installs it;
tests and anything else importing the package compile as before. A file that can't be read (missing,
foreign, from another Python) or written only means compiling.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import os
import sys
from pathlib import Path

__all__ = ["CompiledMethods", "cache_file"]


def cache_file() -> Path:
    """Where the launch keeps the compiled methods (one file per Python version)."""
    from platformdirs import user_cache_path

    from .paths import APP_NAME
    name = f"dataclass-methods.{sys.implementation.cache_tag}.marshal"
    return user_cache_path(APP_NAME, appauthor=False) / name


class CompiledMethods:
    """The compiled code of each data class method source seen (``path`` keeps them)."""

    #: At most this many sources are kept (the program makes ~150).
    LIMIT = 2000

    def __init__(self, path: Path) -> None:
        self.path = path
        self.codes: dict[str, object] = self._read()
        #: How many sources this launch had to compile (it saves only when some were).
        self.compiled = 0

    def _read(self) -> dict[str, object]:
        try:
            with open(self.path, "rb") as file:
                tag, codes = marshal.load(file)
        except Exception:       # missing, cut short, not ours: compiled as before
            return {}
        if tag != sys.version or not isinstance(codes, dict):
            return {}
        return codes

    def exec(self, source, globals=None, locals=None) -> None:
        """``exec`` as ``dataclasses`` calls it, with the code of a known source read back."""
        if isinstance(source, str):
            code = self.codes.get(source)
            if code is None:
                # As exec() compiles a string in dataclasses.py: no __future__ flags.
                code = compile(source, "<string>", "exec", dont_inherit=True)
                self.codes[source] = code
                self.compiled += 1
            source = code
        builtins.exec(source, globals, locals)

    def install(self) -> None:
        """Make ``dataclasses`` compile through this cache (its module-level ``exec``)."""
        dataclasses.exec = self.exec

    def uninstall(self) -> None:
        """``dataclasses`` compiles with the builtin ``exec`` again."""
        if vars(dataclasses).get("exec") == self.exec:
            del dataclasses.exec

    def save(self) -> None:
        """Keep the compiled methods for the next launch, if this one compiled any."""
        if not self.compiled:
            return
        codes = dict(list(self.codes.items())[-self.LIMIT:])
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(temporary, "wb") as file:
                marshal.dump((sys.version, codes), file)
            os.replace(temporary, self.path)
        except Exception:       # a full disk, a read-only home: compiled again next time
            try:
                temporary.unlink()
            except OSError:
                pass
