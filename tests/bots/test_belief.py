"""Hand inference (uno_tui/bots/belief.py): what a seat works out from the public events,
and the worlds the sampler deals from it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from uno_tui.bots import make_bot
from uno_tui.bots.belief import NAMED_TRUST, Belief, Lack, SeatBelief
from uno_tui.engine import ChooseColor, Draw, Face, Game, Play, SwapHands
from uno_tui.engine.determinize import sample_state
from uno_tui.sim import play_round

from .situations import card_of


def follow(game: Game, belief: Belief, action) -> None:
    """Apply ``action`` and tell ``belief`` what its seat saw."""
    events = game.apply(action)
    seat = belief.seat
    belief.observe(action, [e.for_seat(seat) for e in events], game.view(seat))


def started(game: Game, seat: int = 0) -> Belief:
    belief = Belief(seat)
    belief.observe(None, [e.for_seat(seat) for e in game.opening_events], game.view(seat))
    return belief


def play(game: Game, belief: Belief, seat: int, code: str) -> None:
    follow(game, belief, Play(seat, card_of(game, seat, code)))


def dealt_faces(game: Game, belief: Belief | None, seat: int, samples: int = 200):
    """Faces dealt to ``seat`` in sampled worlds of the viewer's view (with the belief, or
    with the sampler's own last-draw rule when ``belief`` is None)."""
    view = game.view(0)
    rng = random.Random(7)
    out = []
    for _ in range(samples):
        deal = belief.snapshot().deal if belief is not None else None
        world = Game.from_json(sample_state(view, rng, forced_draws=True, deal_hidden=deal))
        out.append([world.face(cid) for cid in world.hands[seat]])   # Flip pairs anew
    return out


def two_draws() -> tuple[Game, Belief]:
    """Seat 1 draws at red (top R5), later again at blue (top B8): its dealt cards lack
    both; the card drawn at the first lacks only blue, the last one too."""
    game = Game.from_position(
        hands=[["B8", "R1", "G7", "Y7", "B2"], ["G1", "G2", "Y3"], ["B5", "R6", "B6", "Y5", "G5"]],
        top="R5", current=1, draw=["Y9", "Y4", "G9", "G8"])
    belief = started(game)
    follow(game, belief, Draw(1))          # Y9: no red, no 5: the turn passes
    play(game, belief, 2, "B5")            # blue now
    play(game, belief, 0, "B8")
    follow(game, belief, Draw(1))          # Y4: no blue, no 8
    play(game, belief, 2, "B6")
    return game, belief


def test_a_seat_that_drew_twice_lacks_both_colours_in_every_world():
    game, belief = two_draws()
    assert game.decision.seat == 0 and len(game.hands[1]) == 5
    for hand in dealt_faces(game, belief, 1):
        assert len(hand) == 5
        assert not any(f.color == "blue" or f.color is None or f.number == 8 for f in hand)
        # Only the card drawn after the red turn may be red.
        assert sum(f.color == "red" or f.number == 5 for f in hand) <= 1
    # The sampler's own rule remembers only the last draw: red comes back.
    assert any(sum(f.color == "red" for f in hand) >= 2 for hand in dealt_faces(game, None, 1))


def test_a_belief_binds_the_oldest_cards_and_a_play_comes_out_of_the_oldest_that_fits():
    red = Lack("red", Face.parse("R5"))
    blue = Lack("blue", Face.parse("B8"))
    belief = SeatBelief(slots=(1, 1, 1, 5, 9), lacks=((4, red), (8, blue)))
    assert belief.slot_lacks(1) == [red, blue] and belief.slot_lacks(5) == [blue]
    assert belief.slot_lacks(9) == []
    # A red card can only have been drawn after the red lack: the slot from tick 5 goes.
    assert belief.shed(0, Face.parse("R2")).slots == (1, 1, 1, 9)
    # A green card fits any slot: the oldest goes, the lacks stay.
    after = belief.shed(0, Face.parse("G2"))
    assert after.slots == (1, 1, 5, 9) and after.lacks == belief.lacks
    # A blue card fits only the youngest slot.
    assert belief.shed(0, Face.parse("B2")).slots == (1, 1, 1, 5)
    # A wild fits no bound slot but the last: and when none fits, the lacks are dropped.
    assert SeatBelief(slots=(1,), lacks=((4, red),)).shed(0, Face.parse("W")).lacks == ()


def test_lacks_that_bind_no_card_any_more_are_dropped():
    red = Lack("red", None, False)
    belief = SeatBelief(slots=(1, 9), lacks=((4, red),))
    assert belief.shed(0, Face.parse("G2")).lacks == ()     # the bound card went


def test_a_hand_given_away_in_a_seven_swap_is_known_to_its_new_holder():
    game = Game.from_position(
        hands=[["R7", "B1", "G2", "Y3"], ["R1", "R2", "R3", "G4", "G5", "G6"], ["B5", "B6", "Y6"]],
        top="R5", rules=("7-0",))
    belief = started(game)
    mine = {c for c in game.hands[0] if game.face(c) != Face.parse("R7")}
    play(game, belief, 0, "R7")
    follow(game, belief, SwapHands(0, 1))
    assert set(game.hands[1]) == mine
    assert set(belief.snapshot().seats[1].known) == mine
    view = game.view(0)
    for _ in range(20):
        state = sample_state(view, random.Random(_), deal_hidden=belief.snapshot().deal)
        assert set(state["hands"][1]) == mine


def test_a_named_colour_is_held_in_most_worlds():
    game = Game.from_position(
        hands=[["B8", "B1", "G7"], ["W", "G1", "Y3"], ["B5", "R6", "B6", "Y5", "G5"]],
        top="R5", current=1)
    belief = started(game)
    play(game, belief, 1, "W")
    follow(game, belief, ChooseColor(1, "green"))
    assert belief.snapshot().seats[1].named == "green"
    with_belief = dealt_faces(game, belief, 1, 400)
    without = dealt_faces(game, None, 1, 400)
    share = lambda hands: sum(any(f.color == "green" for f in h) for h in hands) / len(hands)  # noqa: E731
    assert share(with_belief) >= NAMED_TRUST - 0.05
    assert share(without) < 0.6


def test_the_belief_depends_on_what_the_seat_saw_alone():
    # Two tables that look the same to seat 0 but hide different cards.
    tables = [Game.from_position(hands=[["B8", "R1"], hand, ["B5", "B6"]], top="R5", current=1,
                                 draw=["Y9", "G9", "G8"])
              for hand in (["G1", "G2", "Y3"], ["Y1", "Y2", "G3"])]
    beliefs = []
    for game in tables:
        belief = started(game)
        follow(game, belief, Draw(1))
        play(game, belief, 2, "B5")
        beliefs.append(belief.snapshot())
    assert tables[0].view(0) == tables[1].view(0)
    assert beliefs[0] == beliefs[1]


class Watcher:
    """Normal play for one seat, with a belief checked against the real hands."""

    observes = True
    wants_view = True

    def __init__(self, bot, game: Game, tally: Counter) -> None:
        self.bot, self.game, self.tally = bot, game, tally
        self.belief = Belief(bot.seat)

    def choose(self, view, actions):
        return self.bot.choose(view, actions)

    def react(self, view, actions):
        return self.bot.react(view, actions)

    def observe(self, action, events, view):
        self.belief.observe(action, events, view)
        game = self.game
        for seat, belief in enumerate(self.belief.snapshot().seats):
            if seat == self.belief.seat:
                continue
            hand = game.hands[seat]
            faces = [game.face(c) for c in hand]
            self.tally["sized"] += belief.size == len(hand)
            self.tally["seats"] += 1
            self.tally["known"] += len(belief.known)
            self.tally["known wrong"] += sum(c not in hand for c in belief.known)
            for tick, lack in belief.lacks:
                unbound = sum(entry >= tick for entry in belief.slots) + len(belief.known)
                self.tally["lacks"] += 1
                self.tally["lacks wrong"] += sum(not lack.allows(f) for f in faces) > unbound


@pytest.mark.parametrize("variant, rules", [("classic", ()), ("classic", ("7-0",)),
                                            ("pokemon", ()), ("party", ()), ("flip", ())])
def test_against_normal_players_the_real_hands_fit_the_beliefs(variant, rules):
    tally = Counter()
    for seed in range(6):
        game = Game(variant, 4, seed=seed, rules=rules)
        rng = random.Random(seed)
        bots = [make_bot("normal", seat, random.Random(seed * 10 + seat)) for seat in range(4)]
        bots[0] = Watcher(bots[0], game, tally)
        play_round(game, bots, rng)
    assert tally["lacks"] > 100
    assert tally["sized"] == tally["seats"]
    assert tally["known wrong"] == 0
    # A normal player draws with a card that fits only when playing it would hand the
    # turn to someone about to go out; such a lack is wrong until the card is played.
    assert tally["lacks wrong"] <= tally["lacks"] * 0.005


def test_the_hard_bot_is_told_the_round_by_the_simulator():
    game = Game("classic", 3, seed=4)
    hard = make_bot("hard", 0, random.Random(1), think_ms=2)
    bots = [hard] + [make_bot("normal", seat, random.Random(seat)) for seat in (1, 2)]
    seen = []
    original = hard.observe
    hard.observe = lambda action, events, view: (seen.append(action), original(action, events, view))
    play_round(game, bots, random.Random(4))
    assert seen[0] is None and len(seen) > 10
    assert hard.belief.active
    sizes = [b.size for b in hard.belief.snapshot().seats]
    assert sizes[1:] == [len(h) for h in game.hands[1:]]


def test_a_plain_wild_played_on_a_turn_says_nothing_else_fitted():
    game = Game.from_position(
        hands=[["B8", "B1", "G7"], ["W", "G1", "Y3", "G4"], ["B5", "R6", "B6", "Y5", "G5"]],
        top="R5", current=1)
    belief = started(game)
    play(game, belief, 1, "W")
    follow(game, belief, ChooseColor(1, "green"))
    lacks = [lack for _, lack in belief.snapshot().seats[1].lacks]
    assert lacks == [Lack("red", Face.parse("R5"), False)]
    for hand in dealt_faces(game, belief, 1):
        assert not any(f.color == "red" or f.number == 5 for f in hand)


def test_a_wild_draw_four_says_only_that_the_colour_was_missing():
    game = Game.from_position(
        hands=[["B8", "B1", "G7"], ["W+4", "G1", "Y5", "G4"], ["B5", "R6", "B6", "Y5", "G5"]],
        top="R5", current=1)
    belief = started(game)
    play(game, belief, 1, "W+4")
    assert [lack for _, lack in belief.snapshot().seats[1].lacks] == [Lack("red", None, False)]


@pytest.mark.parametrize("variant", ["classic", "pokemon", "flip", "party"])
def test_against_careless_players_with_every_house_rule_the_facts_stay_true(variant):
    # Random players draw when they could play, so lacks may be wrong; but the sizes and
    # the cards known to be in a hand (taken, returned, shown, swapped) are facts,
    # whatever anyone does.
    from uno_tui.engine import HOUSE_RULES, get_variant

    spec = get_variant(variant)
    rules = []
    for rule in HOUSE_RULES:
        try:
            spec.check_rules(frozenset(rules + [rule]))
        except Exception:
            continue
        rules.append(rule)
    tally = Counter()
    for seed in range(3):
        for table_rules in ((), tuple(rules)):
            game = Game(variant, 4, seed=seed, rules=table_rules)
            # Easy players keep the rounds short; a random one challenges, swaps at random.
            bots = [make_bot("random" if seat == 3 else "easy", seat, random.Random(seed * 10 + seat))
                    for seat in range(4)]
            bots[0] = Watcher(bots[0], game, tally)
            play_round(game, bots, random.Random(seed))
    assert tally["seats"] > 300
    assert tally["sized"] == tally["seats"]
    assert tally["known wrong"] == 0


def test_a_colour_played_is_taken_as_one_its_player_still_holds():
    game = Game.from_position(
        hands=[["B8", "B1", "G7"], ["R1", "G3", "Y3", "Y4"], ["B5", "R6", "B6", "Y5", "G5"]],
        top="R3", current=1)
    belief = started(game)
    play(game, belief, 1, "G3")            # switches to green by the number
    assert belief.snapshot().seats[1].named == "green"
    play(game, belief, 2, "G5")
    play(game, belief, 0, "G7")
    follow(game, belief, Draw(1))          # no green after all: the belief lets it go
    assert belief.snapshot().seats[1].named is None


def test_in_flip_a_seat_that_drew_is_dealt_fronts_it_could_not_have_played():
    # Flip shows every hand's backs, so the sampler pairs the hidden fronts with them:
    # the belief chooses those fronts as it chooses whole cards elsewhere.
    game = Game.from_position(
        "flip", hands=[["B8", "R1", "G7", "Y7", "B2"], ["G1", "G2", "Y3", "G4"],
                       ["B5", "R6", "B6", "Y5", "G5"]],
        top="R5", current=1, draw=["Y9"])
    belief = started(game)
    follow(game, belief, Draw(1))          # Y9: no red, no 5, no wild: the turn passes
    assert game.decision.seat == 2 and len(game.hands[1]) == 5
    hands = dealt_faces(game, belief, 1)
    for hand in hands:
        assert len(hand) == 5
        assert not any(f.color in ("red", None) or f.number == 5 for f in hand)
    # Without the belief, the fronts are dealt at random: red and wilds come back.
    assert any(any(f.color in ("red", None) for f in hand) for hand in dealt_faces(game, None, 1))


def test_the_colour_a_seat_lacks_is_the_latest_lack_that_binds_its_whole_hand():
    game, belief = two_draws()
    beliefs = belief.snapshot()
    assert beliefs.lacked_color(1) == "blue"      # drew at red, later at blue
    assert beliefs.lacked_color(2) is None        # never drew
    assert beliefs.lacked_color(0) is None        # the viewer's own hand is no belief
    # A card that entered the hand after the lack (a penalty, say) may be blue.
    seats = list(beliefs.seats)
    seats[1] = seats[1].add(1, seats[1].slots[-1] + 100)
    assert beliefs._replace(seats=tuple(seats)).lacked_color(1) is None
