"""Saved matches on disk: autosave, resume, history and replays.

Nothing here draws a screen: the app, the CLI and the server share it.

    store = MatchStore(data_dir())
    recorder = MatchRecorder(store, config)        # the controller calls its hooks
    for summary in store.unfinished(): ...
    record = store.load(path)                       # SaveFileError(path, problem)
    store.claim(record)                             # MatchLocked: open in another uno-tui
    lock = MatchLock.acquire(path)                  # the same lock, for any match file
"""

from .lock import MatchLock, MatchLocked
from .record import FORMAT, KIND, MatchRecord, RoundRecord, parse_save
from .recorder import NEXT_TRY, MatchRecorder, SaveState
from .store import MatchStore, SaveFileError, SaveSummary
from .writer import SaveWriter

__all__ = [
    "FORMAT", "KIND", "MatchRecord", "RoundRecord", "MatchRecorder", "MatchStore",
    "SaveFileError", "SaveSummary", "SaveWriter", "MatchLock", "MatchLocked", "SaveState",
    "NEXT_TRY", "parse_save",
]
