"""Textual's parsed stylesheets, kept from one launch to the next.

Textual parses every stylesheet (ours and its widgets' own) at every launch: ~3% of the
instructions to a table's first frame (42.6 million of 1,445 at 80x24), where reading
the rules back from a file is ~0.5 ms. The file is the user's cache
(``~/.cache/uno-tui/parsed-styles.pickle``, platformdirs, which honours
``XDG_CACHE_HOME``); only the program's own launch (``run_app``) uses it, not an app
made in a test or a server's session.

A parse is looked up by everything it depends on: the stylesheet's text, where it was
read from, its place among the others, the theme's variables, and the versions of
Python, Textual and Rich (whose classes the rules are made of). A file that can't be
read, or was written by another version, only means parsing as before; one that can't
be written, parsing again next time. It is the user's own file, as the saves are.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path
from typing import Any

__all__ = ["ParsedStyles", "cache_file"]

#: The file's name in the user's cache folder.
FILE_NAME = "parsed-styles.pickle"


def cache_file() -> Path:
    """Where the launch keeps its parsed stylesheets."""
    from platformdirs import user_cache_path

    from ..paths import APP_NAME
    return user_cache_path(APP_NAME, appauthor=False) / FILE_NAME


def _versions() -> tuple[str, ...]:
    """Python's version, the installed Textual's and Rich's (their dist-info folders'
    names, as pip wrote them: importlib.metadata would cost more than the file saves),
    and when their style modules were last written (a development install of either)."""
    import rich.style
    import textual.css.model
    import textual.css.styles
    modules = (textual.css.model, textual.css.styles, rich.style)
    found = [sys.version, *(f"{module.__name__} {os.stat(module.__file__).st_mtime_ns}"
                            for module in modules)]
    site = Path(textual.css.model.__file__).parent.parent.parent
    try:
        found += sorted(name for name in os.listdir(site)
                        if name.startswith(("textual-", "rich-")) and name.endswith(".dist-info"))
    except OSError:
        pass
    return tuple(found)


class ParsedStyles:
    """The rules of each stylesheet parsed in this launch or a recent one (``path``).

    :meth:`install` on an app's stylesheet before it is parsed; :meth:`save` once the
    app has run. ``parsed`` counts the stylesheets that had to be parsed."""

    #: At most this many parsed stylesheets are kept (an edited one is another).
    LIMIT = 200

    def __init__(self, path: Path) -> None:
        self.path = path
        self.parsed = 0
        self._versions = _versions()
        #: Each stylesheet's rules as pickled, read back only if a screen needs them
        #: (reading every one back took more than the table's own parse saves).
        self._pickled: dict[tuple, bytes] = self._read()
        self._used: dict[tuple, Any] = {}

    def _read(self) -> dict[tuple, bytes]:
        try:
            with open(self.path, "rb") as file:
                versions, pickled = pickle.load(file)
        except Exception:       # none yet, unreadable, or another version's classes
            return {}
        return pickled if versions == self._versions and isinstance(pickled, dict) else {}

    def install(self, stylesheet) -> None:
        """Make ``stylesheet`` (a Textual Stylesheet) take its parsed rules from here."""
        parse = stylesheet._parse_rules
        # The theme's variables as one tuple while they stay the same dict, so the file
        # holds them once (pickle writes an object used again as a reference to it).
        variables: list = [None, ()]

        def parse_rules(css: str, read_from, is_default_rules: bool = False,
                        tie_breaker: int = 0, scope: str = ""):
            if variables[0] is not stylesheet._variables:
                variables[:] = [stylesheet._variables,
                                tuple(sorted(stylesheet._variables.items()))]
            key = (variables[1], css, read_from, is_default_rules, tie_breaker, scope)
            rules = self._used.get(key)
            if rules is None:
                rules = self._unpickled(key)
            if rules is None:
                rules = parse(css, read_from, is_default_rules, tie_breaker, scope)
                self.parsed += 1
            self._used[key] = rules
            return rules

        stylesheet._parse_rules = parse_rules

    def _unpickled(self, key: tuple):
        pickled = self._pickled.get(key)
        if pickled is None:
            return None
        try:
            return pickle.loads(pickled)
        except Exception:
            del self._pickled[key]
            return None

    def save(self) -> None:
        """Keep this launch's parsed stylesheets (and the most recent others) for the
        next one, if any had to be parsed."""
        if not self.parsed:
            return
        pickled = {key: data for key, data in self._pickled.items() if key not in self._used}
        for key, rules in self._used.items():
            data = self._pickled.get(key)
            pickled[key] = data if data is not None else pickle.dumps(
                rules, protocol=pickle.HIGHEST_PROTOCOL)
        pickled = dict(list(pickled.items())[-self.LIMIT:])
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(temporary, "wb") as file:
                pickle.dump((self._versions, pickled), file, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, self.path)
        except Exception:       # a full disk, a read-only home: parsed again next time
            try:
                temporary.unlink()
            except OSError:
                pass
