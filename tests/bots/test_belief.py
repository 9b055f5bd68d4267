"""What the hard bot reads off its opponents' past turns (uno_tui.bots.belief)."""

import random

from uno_tui.bots import make_bot
from uno_tui.bots.belief import mismatches, past_turns
from uno_tui.engine import Face, Game, Play
from uno_tui.engine.determinize import deck_of


def _card(game: Game, seat: int, code: str) -> int:
    face = Face.parse(code)
    return next(c for c in game.hands[seat] if game.face(c) == face)


def _unseen(game: Game, code: str, taken: set) -> int:
    """A card of ``code`` from the draw pile (a card seat 2 can't see)."""
    face = Face.parse(code)
    cid = next(c for c in game.draw_pile if game.face(c) == face and c not in taken)
    taken.add(cid)
    return cid


def _after_seat_one_switches_to_green() -> Game:
    """Seat 0 plays Red 5 on Red 3; seat 1, holding two greens, switches to Green 5."""
    game = Game.from_position(hands=[["R5", "Y2", "Y3"], ["B5", "G5", "G7", "Y1"],
                                     ["B1", "B2", "B3"], ["Y4", "Y6", "Y8"]], top="R3")
    game.apply(Play(0, _card(game, 0, "R5")))
    game.apply(Play(1, _card(game, 1, "G5")))
    return game


def test_past_turns_record_what_the_table_saw():
    game = _after_seat_one_switches_to_green()
    turns = {t.seat: t for t in past_turns(game.view(2))}
    # Seat 0's turn began on a table set up by hand, whose first card the history lacks.
    assert set(turns) == {1}
    one = turns[1]
    assert one.top == Face.parse("R5") and one.color == "red" and one.direction == 1
    assert one.counts == (2, 4, 3, 3)
    assert one.played == Face.parse("G5") and one.named is None and one.fresh == 0
    assert [face for _, face in one.gone] == [Face.parse("G5")]


def test_a_deal_that_explains_the_switch_has_no_mismatch():
    game = _after_seat_one_switches_to_green()
    view = game.view(2)
    turns = [t for t in past_turns(view) if t.seat == 1]
    assert mismatches(turns, game.hands, view, random.Random(1)) == 0


def test_a_deal_where_the_normal_bot_would_have_stayed_in_blue_is_a_mismatch():
    game = _after_seat_one_switches_to_green()
    view = game.view(2)
    turns = [t for t in past_turns(view) if t.seat == 1]
    taken: set = set()
    hands = [list(h) for h in game.hands]
    # Three blues and no other green: the normal bot plays Blue 5, not Green 5.
    hands[1] = [_card(game, 1, "B5"), _unseen(game, "B7", taken), _unseen(game, "B8", taken)]
    assert mismatches(turns, hands, view, random.Random(1)) == 1


def test_a_drawn_turn_is_explained_only_by_a_hand_with_nothing_to_play():
    game = Game.from_position(hands=[["R5", "Y2", "Y4"], ["B1", "G2", "Y7"], ["B4", "B6"]],
                              top="R3", draw=["G9"])
    game.apply(Play(0, _card(game, 0, "R5")))
    bot = make_bot("normal", 1)
    game.apply(bot.choose(game.view(1), game.legal_actions(1)))     # nothing fits: it draws
    while game.decision.seat == 1:
        game.apply(bot.choose(game.view(1), game.legal_actions(1)))
    view = game.view(2)
    turns = [t for t in past_turns(view) if t.seat == 1]
    assert len(turns) == 1 and turns[0].played is None and turns[0].fresh == 1
    assert mismatches(turns, game.hands, view, random.Random(2)) == 0
    taken: set = set()
    holding_red = [list(h) for h in game.hands]
    holding_red[1] = [_unseen(game, "R7", taken), _unseen(game, "R8", taken),
                      _unseen(game, "R9", taken), _unseen(game, "B2", taken)]
    # Whichever card arrived last, a red one was held on the turn: it would have been played.
    assert mismatches(turns, holding_red, view, random.Random(2)) == 1


def test_normal_bots_are_explained_by_their_own_hands_far_more_than_by_random_deals():
    from uno_tui.engine.determinize import sample_state
    true_missed = random_missed = 0
    for seed in range(6):
        game = Game("classic", 4, seed=seed)
        bots = [make_bot("normal", s, random.Random(s)) for s in range(4)]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.decision.seat
            view = game.view(seat)
            if seat == 0 and view.decision_kind == "turn":
                turns = past_turns(view)
                true_missed += mismatches(turns, game.hands, view, rng)
                random_missed += mismatches(turns, sample_state(view, rng)["hands"], view, rng)
            game.apply(bots[seat].choose(view, game.legal_actions(seat)))
    assert true_missed * 3 < random_missed


def test_two_sided_decks_give_no_evidence():
    game = Game("flip", 3, seed=1)
    assert past_turns(game.view(0)) == []
    assert deck_of("flip")     # the deck is there; its hidden faces are what can't be read
