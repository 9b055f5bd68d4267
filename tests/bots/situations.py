"""Exact situations for bot tests: one game waiting on each kind of decision."""

from __future__ import annotations

from uno_tui.engine import (
    CallUno, ChooseColor, Decision, DecisionKind, Draw, Face, Game, Kind, Play, PointAt,
    get_variant,
)


def card_of(game: Game, seat: int, code: str) -> int:
    """The id of a card with face ``code`` in ``seat``'s hand."""
    wanted = Face.parse(code)
    return next(c for c in game.hands[seat] if game.face(c) == wanted)


def play(game: Game, seat: int, code: str) -> None:
    game.apply(Play(seat, card_of(game, seat, code)))


def turn() -> Game:
    """Seat 0 may play several cards (a wild among them) or draw."""
    return Game.from_position(hands=[["R5", "R7", "B5", "W", "G+2"], ["Y1", "Y2", "B6", "B7", "B8"],
                                     ["G6", "G7", "G8", "Y6", "Y7"], ["Y8", "Y9", "B9", "G9", "R9"]], top="R3")


def drawn() -> Game:
    """Seat 0 drew a playable card: play it or keep it."""
    game = Game.from_position(hands=[["B1", "G2", "Y3"], ["B6", "B7", "B8", "B9"], ["G6", "G7", "G8", "G9"], ["Y6", "Y7", "Y8", "Y9"]],
                              top="R3", draw=["R9"])
    game.apply(Draw(0))
    return game


def color_after_wild() -> Game:
    """Seat 0 played a Wild and names the colour."""
    game = Game.from_position(hands=[["W", "B1", "B2", "G3"], ["B6", "B7", "B8", "B9"], ["G6", "G7", "G8", "G9"], ["Y6", "Y7", "Y8", "Y9"]],
                              top="R3")
    play(game, 0, "W")
    return game


def color_first_card() -> Game:
    """The first card turned is a Wild: the first player names the colour."""
    deck = get_variant("classic").build_deck()
    numbers = [c.id for c in deck if c.light.kind == Kind.NUMBER]
    wild = next(c.id for c in deck if c.light.kind == Kind.WILD)
    order = numbers[:28] + [wild]
    order += [c.id for c in deck if c.id not in set(order)]
    return Game("classic", 4, dealer=3, deck=order)


def respond_challenge() -> Game:
    """Seat 0 played a Wild Draw Four on seat 1, who may challenge or accept."""
    game = Game.from_position(hands=[["W+4", "R1", "R2"], ["B2", "B3", "G5", "Y5"], ["G6", "G7", "G8", "G9"],
                                     ["Y6", "Y7", "Y8", "Y9"]], top="B3")
    play(game, 0, "W+4")
    game.apply(ChooseColor(0, "red"))
    return game


def respond_stack() -> Game:
    """Under stacking, seat 1 may answer seat 0's Draw Two with its own."""
    game = Game.from_position(hands=[["R+2", "R1", "B2"], ["G+2", "B3", "G5"], ["G6", "G7", "G8", "G9"],
                                     ["Y6", "Y7", "Y8", "Y9"]], top="R3", rules=("stacking",))
    play(game, 0, "R+2")
    return game


def swap() -> Game:
    """Under 7-0, seat 0 played a 7 and picks whom to swap hands with."""
    game = Game.from_position(hands=[["R7", "R1", "B2", "G4"], ["B6", "B7", "B8", "B9", "Y1"], ["G6", "G7"],
                                     ["Y6", "Y7", "Y8", "Y9", "G8", "G9"]], top="R3", rules=("7-0",))
    play(game, 0, "R7")
    return game


def uno_window() -> Game:
    """Seat 0 played down to one card without calling UNO: it may call, others may catch."""
    game = Game.from_position(hands=[["R1", "R2"], ["B6", "B7", "B8", "B9", "Y1"], ["G6", "G7", "G8", "Y6", "Y7"], ["Y8", "Y9", "B9", "G9", "R9"]], top="R3")
    play(game, 0, "R1")
    return game


def uno_window_deciding() -> Game:
    """Seat 0 played a Wild down to one card: it names the colour and may call UNO."""
    game = Game.from_position(hands=[["W", "R2"], ["B6", "B7", "B8", "B9", "Y1"], ["G6", "G7", "G8", "Y6", "Y7"], ["Y8", "Y9", "B9", "G9", "R9"]], top="G3")
    play(game, 0, "W")
    return game


def jump_in() -> Game:
    """Under jump-in, seat 2 holds the card identical to the top one."""
    return Game.from_position(hands=[["B1", "G2"], ["B6", "B7", "B8"], ["R3", "G4", "Y5"], ["Y6", "Y7", "Y8"]],
                              top="R3", rules=("jump-in",))


def snorlax_color() -> Game:
    """Pokémon: seat 0 played Snorlax and names the colour seat 1 sheds."""
    game = Game.from_position("pokemon", hands=[["SNORLAX", "B1", "B2"], ["B3", "G1", "G2"],
                                                ["G6", "G7", "G8"], ["Y6", "Y7", "Y8"]], top="R3")
    play(game, 0, "SNORLAX")
    return game


def greninja_second_color() -> Game:
    """Pokémon: Greninja made seat 1 draw; seat 0 names the colour again."""
    game = Game.from_position("pokemon", hands=[["GRENINJA", "B1", "B2"], ["B6", "B7", "B8"],
                                                ["G6", "G7", "G8"], ["Y6", "Y7", "Y8"]], top="R3",
                              draw=["G5", "Y6", "R6"])
    play(game, 0, "GRENINJA")
    game.apply(ChooseColor(0, "red"))
    assert game.decision == Decision(DecisionKind.COLOR, 0)
    return game


def party_point() -> Game:
    """Party: seat 0 played Point Taken and has voted; seat 1 casts its secret vote."""
    game = Game.from_position("party", hands=[["RPT", "R1", "B2"], ["B6", "B7"], ["G6", "G7", "G8"],
                                              ["Y6", "Y7", "Y8", "Y9"]], top="R3")
    play(game, 0, "RPT")
    game.apply(PointAt(0, 2))
    return game


def party_pile_up() -> Game:
    """Party: seat 0 played Wild Pile Up; seat 1 plays a yellow card or a wild on the mini-pile."""
    game = Game.from_position("party", hands=[["WPU", "R1", "B2"], ["Y6", "W", "B7"], ["G6", "G7", "G8"],
                                              ["Y8", "Y9", "B9"]], top="R3", draw=["W+4", "Y2"])
    play(game, 0, "WPU")
    return game


def party_link() -> Game:
    """Party: seat 0 played Wild Drawn Together, named the colour, and picks two players."""
    game = Game.from_position("party", hands=[["WDT", "R1", "B2"], ["B6", "B7"], ["G6", "G7", "G8"],
                                              ["Y6", "Y7", "Y8", "Y9"]], top="R3")
    play(game, 0, "WDT")
    game.apply(ChooseColor(0, "blue"))
    return game


#: Every situation, by name, with the kind of decision it waits on.
SITUATIONS = {
    "turn": (turn, DecisionKind.TURN),
    "drawn": (drawn, DecisionKind.DRAWN),
    "color after wild": (color_after_wild, DecisionKind.COLOR),
    "color on first card": (color_first_card, DecisionKind.COLOR),
    "respond: challenge": (respond_challenge, DecisionKind.RESPOND),
    "respond: stack": (respond_stack, DecisionKind.RESPOND),
    "swap": (swap, DecisionKind.SWAP),
    "uno window": (uno_window, DecisionKind.TURN),
    "uno window, deciding": (uno_window_deciding, DecisionKind.COLOR),
    "jump in": (jump_in, DecisionKind.TURN),
    "snorlax colour": (snorlax_color, DecisionKind.COLOR),
    "greninja second colour": (greninja_second_color, DecisionKind.COLOR),
    "party: point": (party_point, DecisionKind.POINT),
    "party: pile up": (party_pile_up, DecisionKind.PILE_UP),
    "party: link": (party_link, DecisionKind.LINK),
}

__all__ = ["SITUATIONS", "card_of", "play", "CallUno"]
