"""The ``uno-tui`` command: :func:`uno_tui.cli.main`, with the data classes' methods read
back compiled from an earlier launch (see :mod:`uno_tui.compiled_methods`)."""

from __future__ import annotations

from typing import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, else the process's) and return its exit status."""
    from .compiled_methods import CompiledMethods, cache_file

    # Installed before the game's modules are imported: their data classes are made then.
    methods = CompiledMethods(cache_file())
    methods.install()
    try:
        from .cli import main as cli_main
        return cli_main(argv)
    finally:
        methods.uninstall()
        methods.save()
