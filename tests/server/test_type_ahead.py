"""Keys typed before a session's app can take them (right after login, before the
lobby's first frame) are kept, in order, and handled once it can."""

from __future__ import annotations

import pytest

from .support import serving, typing_ahead, wait_until


@pytest.mark.parametrize("workers", [1, 2], ids=["in-process", "render-workers"])
async def test_new_table_keys_typed_ahead_of_the_lobby_open_one_table(tmp_path, workers):
    async with serving(tmp_path, workers=workers) as host:
        # n, then Enter on the new-table screen (its game as set up), then one more
        # Enter: all of it on its way before the server has answered the shell request.
        conn, process = await typing_ahead(host.port, b"n\r\r")
        await wait_until(lambda: any(session.table is not None
                                     and session.table.seats_of(session)
                                     for session in host.sessions),
                         "ann seated at the table her keys opened")
        assert [table.number for table in host.lobby_tables] == [1]
        conn.close()
        await conn.wait_closed()


def test_input_kept_before_a_driver_goes_to_it_in_order_and_within_a_bound():
    from uno_tui.server.typeahead import TypeAhead

    fed: list[str] = []
    typed = TypeAhead(limit=5)
    typed.feed("n\r")
    typed.feed("\rabcd")              # 7 characters: the last 2 go beyond the bound
    assert (fed, typed.dropped) == ([], 2)
    typed.attach(fed.append)
    typed.feed("q")
    assert fed == ["n\r\rab", "q"]
    typed.attach(None)                # the app ends: nothing goes to its driver
    typed.feed("x")
    assert fed == ["n\r\rab", "q"]
