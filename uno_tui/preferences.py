"""What a player chose once and keeps from one launch to the next: so far, the language.

They live in ``preferences.json`` in the data directory (``--data-dir``, else the
user data folder; see :mod:`uno_tui.paths`), per user. A file that is missing, can't
be read or holds nonsense counts as no choice: the game starts in the locale's
language and says nothing (the file is a convenience, never a reason to stop). A
choice is written whole to a new file that then takes the old one's place, so a
crash mid-write leaves the old choice, never half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .i18n import LanguageError, os_reason, parse_language

__all__ = ["Preferences", "FILE_NAME"]

#: The file's name in the data directory.
FILE_NAME = "preferences.json"
#: A preferences file longer than this is not one of ours: it is not read.
MAX_BYTES = 64 * 1024


class Preferences:
    """The preferences kept in ``folder`` (made when a choice is first written)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME

    def _read(self) -> dict:
        try:
            with open(self.path, "rb") as source:
                raw = source.read(MAX_BYTES + 1)
            data = json.loads(raw) if raw and len(raw) <= MAX_BYTES else {}
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    @property
    def language(self) -> str | None:
        """The language the player chose (a code of :data:`uno_tui.i18n.LANGUAGES`), or
        None when they chose none (or the file names one we have no words for)."""
        value = self._read().get("language")
        if not isinstance(value, str):
            return None
        try:
            return parse_language(value)
        except LanguageError:
            return None

    def remember_language(self, lang: str) -> str | None:
        """Keep ``lang`` as the player's language; None when done, else the problem in
        words (the folder can't be written: the choice holds until the app ends)."""
        data = self._read()
        data["language"] = parse_language(lang)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".preferences-", dir=self.path.parent)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as target:
                    json.dump(data, target, ensure_ascii=False, indent=1)
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError as exc:
            return os_reason(exc)
        return None

    def __repr__(self) -> str:
        return f"Preferences({str(self.path.parent)!r})"
