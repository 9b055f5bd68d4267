"""The public log in UNO Flip: cards keep the face they were played with."""

from __future__ import annotations

from uno_tui.app.narration import Narrator
from uno_tui.engine import Game, Play

from .helpers import make_controller


def test_a_flip_is_told_with_the_face_it_was_played_with_and_the_new_top():
    game = Game.from_position("flip", hands=[["RF/T1", "G2/O3"], ["B5/P5"]], top="R2/O8",
                              discard=["B1/P9"], leftover="out")
    flip_card = next(c for c in game.hands[0] if game.face(c).code == "RF")
    events = game.apply(Play(0, flip_card))
    narrator = Narrator(("Ann", "Bob"), game.face,
                        other_face_of=lambda card: game.card(card).face(1 - game.side))
    lines = narrator.lines(events)
    assert lines[0] == "Ann plays Red Flip"
    assert lines[1] == "Everything turns over: the dark side is in play, Pink 9 on top"
    # Told again later (no Flip in that batch), the same card shows the side in play.
    assert narrator.lines(events[:1]) == ["Ann plays Teal 1"]


def test_the_table_log_tells_flips_in_a_whole_flip_round():
    controller = make_controller("cpu,cpu,cpu", seed=3, variant="flip", ids=False)
    for _ in range(3000):
        if controller.game.is_over:
            break
        controller.bot_step()
    log = controller.log
    flips = [i for i, line in enumerate(log) if line.startswith("Everything turns over")]
    assert flips
    # Each Flip line follows the play of a Flip card, told with the face it was played with.
    assert all(log[i - 1].endswith(" Flip") for i in flips), [log[i - 1] for i in flips]
