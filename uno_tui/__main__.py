"""``python -m uno_tui``: the same as the ``uno-tui`` command."""

import sys

from .launch import main

sys.exit(main())
