"""Saved matches on disk: autosave, resume, history and replays.

Nothing here draws a screen: the app, the CLI and the server share it.

    store = MatchStore(data_dir())
    recorder = MatchRecorder(store, config)        # the controller calls its hooks
    for summary in store.unfinished(): ...
    record = store.load(path)                       # SaveFileError(path, problem)
"""

from .record import FORMAT, KIND, MatchRecord, RoundRecord
from .recorder import MatchRecorder
from .store import MatchStore, SaveFileError, SaveSummary, write_atomic
from .writer import SaveWriter

__all__ = [
    "FORMAT", "KIND", "MatchRecord", "RoundRecord", "MatchRecorder", "MatchStore",
    "SaveFileError", "SaveSummary", "SaveWriter", "write_atomic",
]
