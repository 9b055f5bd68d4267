"""Where uno-tui keeps its files: saves, history, crash reports, the server's host key and logs.

Everything lives under one data directory: the platform's user data directory
(platformdirs, which honours ``XDG_DATA_HOME``), or the one given with ``--data-dir``.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_dir", "APP_NAME"]

#: The folder name under the user's data directory.
APP_NAME = "uno-tui"


def data_dir(override: str | Path | None = None) -> Path:
    """The data directory (``override`` if given), created if it does not exist yet."""
    if override is not None:
        path = Path(override).expanduser()
    else:
        from platformdirs import user_data_path
        path = user_data_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path
