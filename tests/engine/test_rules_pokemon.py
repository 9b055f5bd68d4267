"""Scenario tests for RULES.md §3, Pokémon UNO: the deck, Snorlax and Greninja."""

from collections import Counter

from uno_tui.engine import ChooseColor, Decision, Draw, EventKind as E, Game, get_variant

from .support import any_hands, codes, deal_deck, hand, kinds, of_kind, play, plays


def test_pokemon_deck_is_classic_plus_two_snorlax_two_greninja():
    """RULES §3 deck, 112: the classic 108 plus 2 Snorlax and 2 Greninja."""
    classic = Counter(c.light for c in get_variant("classic").build_deck())
    pokemon = Counter(c.light for c in get_variant("pokemon").build_deck())
    assert sum(pokemon.values()) == 112
    extra = pokemon - classic
    assert {face.code: n for face, n in extra.items()} == {"SNORLAX": 2, "GRENINJA": 2}
    assert classic - pokemon == Counter()


def test_snorlax_and_greninja_are_wild():
    """RULES §3: both are wild, playable on anything."""
    game = Game.from_position("pokemon", hands=[["SNORLAX", "GRENINJA", "B1"], ["Y1"]],
                              top="R3")
    assert plays(game, 0) == ["GRENINJA", "SNORLAX"]


def _snorlax_game(victim_hand, draw):
    game = Game.from_position(
        "pokemon", hands=[["SNORLAX", "R1", "G4"], victim_hand, ["Y1", "Y2"]],
        top="R3", draw=draw)
    play(game, 0, "SNORLAX")
    assert game.decision == Decision("color", 0)
    return game


def test_snorlax_next_draws_three_discards_named_colour_turn_ends():
    """RULES §3 Snorlax: next draws 3, then discards every card of the named colour,
    and their turn ends. Decision: the discards go under the top card with no effect
    and the named colour stays."""
    game = _snorlax_game(["B1", "G2", "B7"], ["B5", "G6", "Y7"])
    events = game.apply(ChooseColor(0, "blue"))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(1, 3)]
    shed = of_kind(events, E.DISCARD_COLOR)[0]
    assert shed.seat == 1 and sorted(codes(game, shed.cards)) == ["B1", "B5", "B7"]
    assert hand(game, 1) == ["G2", "G6", "Y7"]
    assert game.top.code == "SNORLAX" and game.color == "blue"
    assert sorted(codes(game, game.discard[1:-1])) == ["B1", "B5", "B7"]
    assert codes(game, game.discard[:1]) == ["R3"]
    assert game.decision == Decision("turn", 2)


def test_snorlax_victim_without_the_colour_keeps_everything():
    """RULES §3 Snorlax: with no card of the colour nothing is discarded."""
    game = _snorlax_game(["G2", "G3"], ["G5", "G6", "Y7"])
    events = game.apply(ChooseColor(0, "blue"))
    assert not of_kind(events, E.DISCARD_COLOR)
    assert hand(game, 1) == ["G2", "G3", "G5", "G6", "Y7"]
    assert game.decision == Decision("turn", 2)


def test_snorlax_victim_who_empties_their_hand_wins():
    """RULES §3 Decision: a player who empties their hand by a Snorlax discard wins."""
    game = _snorlax_game(["B1", "B2"], ["B3", "B4", "B5"])
    events = game.apply(ChooseColor(0, "blue"))
    assert game.is_over and game.winner == 1
    assert game.hands[1] == []
    over = of_kind(events, E.ROUND_OVER)[0]
    assert over.seat == 1 and over.count == 1 + 4 + 1 + 2   # seat 0's R1 G4, seat 2's Y1 Y2
    assert game.round_points() == 8


def test_snorlax_as_last_card_victim_draws_and_discards_then_round_ends():
    """RULES §1/§3: a last Snorlax still names the colour; the victim draws 3 first."""
    game = Game.from_position("pokemon", hands=[["SNORLAX"], ["B1", "G2"], ["Y1"]],
                              top="R3", draw=["B5", "G6", "Y7"])
    play(game, 0, "SNORLAX")
    assert game.decision == Decision("color", 0)
    game.apply(ChooseColor(0, "blue"))
    assert game.is_over and game.winner == 0
    assert hand(game, 1) == ["G2", "G6", "Y7"]
    assert game.round_points() == 2 + 6 + 7 + 1


def test_greninja_next_draws_until_colour_cannot_play_turn_ends_colour_named_again():
    """RULES §3 Greninja: the next player draws until they draw a card of the named
    colour, may not play any of them, their turn ends; then the Greninja player names
    the colour again."""
    game = Game.from_position(
        "pokemon", hands=[["GRENINJA", "R1", "Y4"], ["B1", "B2"], ["Y1", "Y2"]],
        top="R3", draw=["B5", "R6", "G7", "Y9"])
    play(game, 0, "GRENINJA")
    events = game.apply(ChooseColor(0, "green"))
    assert sum(e.count for e in of_kind(events, E.DRAW) if e.seat == 1) == 3
    assert hand(game, 1) == ["B1", "B2", "B5", "G7", "R6"]
    assert of_kind(events, E.SKIP)[0].seat == 1
    # Seat 1 can't play the green card it drew: seat 0 names the colour again.
    assert game.decision == Decision("color", 0)
    assert [a for a in game.legal_actions(1)] == []
    events = game.apply(ChooseColor(0, "yellow"))
    assert kinds(events) == [E.COLOR, E.TURN]
    assert game.color == "yellow" and game.decision == Decision("turn", 2)


def test_first_card_snorlax_or_greninja_first_player_names_colour():
    """RULES §3: first card Snorlax / Greninja: the first player names the colour."""
    for code in ("SNORLAX", "GRENINJA"):
        deck = deal_deck("pokemon", 3, any_hands(3), [code])
        game = Game("pokemon", 3, dealer=1, deck=deck, seed=2)
        assert game.top.code == code
        assert game.decision == Decision("color", 2)
        assert all(len(h) == 7 for h in game.hands)
        game.apply(ChooseColor(2, "red"))
        assert game.color == "red" and game.decision == Decision("turn", 2)


def test_pokemon_points_snorlax_and_greninja_fifty():
    """RULES §3 points: Snorlax and Greninja score 50 each (others as classic)."""
    game = Game.from_position("pokemon", hands=[["R1"], ["SNORLAX", "GRENINJA", "W+4", "B7"]],
                              top="R3")
    assert game.hand_points(1) == 50 + 50 + 50 + 7
    play(game, 0, "R1")
    assert game.round_points() == 157


def test_pokemon_first_draws_and_turns_behave_as_classic():
    """RULES §3 builds on §1-2: drawing in Pokémon is classic drawing."""
    game = Game.from_position("pokemon", hands=[["B1", "B2"], ["G1", "G2"]], top="R3",
                              draw=["Y5"])
    game.apply(Draw(0))
    assert hand(game, 0) == ["B1", "B2", "Y5"] and game.decision == Decision("turn", 1)


def test_a_snorlax_victim_shed_down_to_one_card_must_call_uno_and_can_be_caught():
    """Seed 002: whoever gets down to one card must call UNO at once. Engine fix: a
    Snorlax victim who sheds down to one card had no UNO duty at all."""
    from uno_tui.engine import CallUno, Catch

    game = _snorlax_game(["B1", "B2", "G2"], ["B5", "B6", "B7"])
    game.apply(ChooseColor(0, "blue"))
    assert hand(game, 1) == ["G2"]
    assert game.decision == Decision("turn", 2)
    assert game.uno_window == 1 and game.view(2).catchable == (1,)
    assert CallUno(1) in game.legal_actions(1)
    assert Catch(2, 1) in game.legal_actions(2)
    events = game.apply(Catch(2, 1))
    assert [(e.seat, e.count) for e in of_kind(events, E.DRAW)] == [(1, 2)]
    # Called in time, the victim is safe.
    game = _snorlax_game(["B1", "B2", "G2"], ["B5", "B6", "B7"])
    game.apply(ChooseColor(0, "blue"))
    game.apply(CallUno(1))
    assert 1 in game.called and Catch(2, 1) not in game.legal_actions(2)


def test_the_colour_words_tell_what_each_colour_driven_card_does():
    """The colour prompt says what a Snorlax's or Greninja's colour does, from these
    words; each names the next player and agrees with the card's draw."""
    from uno_tui.rulesets.pokemon.rules import SNORLAX_DRAW
    from uno_tui.engine.variants import get_variant

    variant = get_variant("pokemon")
    assert set(variant.color_words) == set(variant.color_driven)
    for words in variant.color_words.values():
        assert "{next}" in words and words.format(next="Bob").count("Bob") == 1
    assert f"draws {SNORLAX_DRAW}," in variant.color_words["snorlax"]
    assert "draws until" in variant.color_words["greninja"]
    assert get_variant("classic").color_words == {}
