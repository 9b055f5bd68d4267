"""Where uno-tui keeps its files: saves, history, crash reports, the server's host key and logs.

Everything lives under one data directory: the platform's user data directory
(platformdirs, which honours ``XDG_DATA_HOME``), or the one given with ``--data-dir``.
"""

from __future__ import annotations

import stat
from pathlib import Path

from .i18n import Phrase, os_reason

__all__ = ["data_dir", "APP_NAME", "DataDirError"]

#: The folder name under the user's data directory.
APP_NAME = "uno-tui"


class DataDirError(ValueError):
    """The data directory can't be used; ``str()`` says why (``path`` is None when even
    its name could not be worked out, ``given`` whether it was named on the command line)."""

    def __init__(self, problem: str, path: Path | None, given: bool) -> None:
        self.problem = problem
        self.path = path
        self.given = given
        super().__init__(problem)


def data_dir(override: str | Path | None = None, *, create: bool = True) -> Path:
    """The data directory (``override`` if given), checked to be usable: it, or the
    nearest folder above it that exists, must be a folder. With ``create`` it is made
    if it does not exist yet; without, nothing is made (the saves make their folders
    when they first write, so a command that fails leaves nothing behind).
    :class:`DataDirError` says what is wrong."""
    given = override is not None
    path = _named(override) if given else _default()
    _check(path, given)
    if create:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DataDirError(os_reason(exc), path, given) from None
    return path


def _named(override: str | Path) -> Path:
    text = str(override)
    if not text.strip():
        raise DataDirError(Phrase("the folder's name is empty"), None, True)
    try:
        return Path(text).expanduser()
    except RuntimeError:    # ~name of a user that does not exist
        user = text[1:].split("/", 1)[0]
        raise DataDirError(Phrase("there is no user {user} for {home}", user=repr(user),
                                  home=repr("~" + user)), None, True) from None


def _default() -> Path:
    from platformdirs import user_data_path
    return user_data_path(APP_NAME, appauthor=False)


def _check(path: Path, given: bool) -> None:
    for folder in (path, *path.parents):
        try:
            mode = folder.stat().st_mode
        except (FileNotFoundError, NotADirectoryError):   # looked at just above
            continue
        except OSError as exc:
            raise DataDirError(os_reason(exc), path, given) from None
        if not stat.S_ISDIR(mode):
            problem = (Phrase("it is a file, not a folder") if folder == path
                       else Phrase("a folder on its path is a file ({folder})",
                                   folder=str(folder)))
            raise DataDirError(problem, path, given)
        return
