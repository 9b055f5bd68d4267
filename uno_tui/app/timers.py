"""One-shot timers that fire however late the event loop comes to them.

Textual's ``set_timer`` makes a one-shot timer that reads the clock twice when its task
first runs; if more than its delay passes between the two reads (the process preempted
on a crowded machine), it counts its moment as skipped and never fires. A 1 ms timer of
the computers' pacing was lost that way and the table stood still for good ("CPU 2 is
playing… thinking…"); a banner or a highlight could stay up the same way. asyncio's
``call_later`` has no skip: its callback runs once its moment has come.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Callable

from textual.message_pump import MessagePump

__all__ = ["call_after"]


def call_after(node: MessagePump, delay: float, callback: Callable[[], object]) -> asyncio.TimerHandle:
    """Call ``callback`` on ``node``'s message queue ``delay`` seconds from now, or as soon
    after as the loop can; ``cancel()`` the handle to call it off. Once ``node`` is
    removed the call is dropped with its queue."""
    return asyncio.get_running_loop().call_later(delay, partial(node.call_next, callback))
