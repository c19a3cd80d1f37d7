"""Hints and choices explained in words, on positions with known answers."""

from game.logic import Rules, player_view
from game.logic.actions import Discard, Draw, Meld, NextHand, Pass, TakePile, Undo, UndoTurn
from game.logic.assist import describe_choices, explain_action, explain_hint
from tests.helpers.scenario import position

OPENING = {
    "hands": ("8H 8S 8D KS KD JK 4C 9C 6D", "5C 6C"),
    "phase": "play",
    "opened": (False, False),
}


def test_meld_explanations_count_towards_the_opening():
    view = player_view(position(**OPENING), 0)
    assert explain_hint(
        view, [Meld(("8H", "8S", "8D")), Meld(("KS", "KD", "JK")), Discard("4C")]
    ) == [
        "Meld 8♠ 8♥ 8♦: 30 points; with 20 more you open.",
        "Meld K♠ K♦ Joker: 70 points; that opens (50 needed).",
        "Discard 4♣: your opponent has no meld of Fours and is not known to hold one.",
    ]


def test_adding_to_a_meld_says_how_far_the_canasta_is():
    game = position(hands=("8C 8D 4C 9C 6D", "5C 6C"), melds=({"8": "8H 8S 8D"}, {}), phase="play")
    assert explain_action(player_view(game, 0), Meld(("8C", "8D"))) == (
        "Add 8♦ 8♣ to your Eights: five cards, two cards short of a canasta."
    )


def test_completing_a_canasta_names_its_kind_and_bonus():
    game = position(
        hands=("9C 2S 4D 5D 6D", "5C 6C"), melds=({"9": "9D 9S 9H 9C 9D 9H"}, {}), phase="play"
    )
    assert explain_action(player_view(game, 0), Meld(("2S",), "9")) == (
        "Add 2♠ to your Nines; it makes a mixed canasta (300 bonus)."
    )


def test_draw_explains_why_the_pile_is_left():
    frozen = position(hands=("9C KS KD 4D 5D", "5C 6C"), pile="5D 9H", opened=(False, False))
    assert explain_action(player_view(frozen, 0), Draw()) == (
        "Draw two cards from the stock: the pile is frozen and your only natural card of its rank "
        "is a Nine."
    )
    blocked = position(hands=("9C KS KD 4D 5D", "5C 6C"), pile="5D 3S")
    assert explain_action(player_view(blocked, 0), Draw()) == (
        "Draw two cards from the stock: a Black Three on the pile blocks it."
    )
    modern = position(Rules.modern_american(), hands=("9C 4D", "5C 6C"))
    assert explain_action(player_view(modern, 0), Draw()) == (
        "Draw a card from the stock: the pile is empty."
    )


def test_taking_the_pile_explains_the_meld_and_the_opening():
    game = position(hands=("9C 9S KS KD KH 4D 5D", "5C 6C"), pile="5D 9H", opened=(False, False))
    lines = explain_hint(player_view(game, 0), [TakePile(("9C", "9S")), Meld(("KS", "KD", "KH"))])
    assert lines == [
        "Take the pile: meld the top card 9♥ with 9♠ 9♣ from your hand and gain one more card: "
        "30 points towards the 50 you need; with 20 more you open.",
        "Meld K♠ K♥ K♦: 30 points; that opens (50 needed).",
    ]
    onto = position(hands=("4D 5D 6C", "5C 6C"), pile="5D 9H", melds=({"9": "9S 9D 9C"}, {}))
    assert explain_action(player_view(onto, 0), TakePile(())) == (
        "Take the pile: add the top card 9♥ to your Nines and gain one more card."
    )


def test_discard_explanations():
    game = position(
        hands=("2S 3S 7D 7C QD", "5C 6C"),
        melds=({"K": "KS KD KH"}, {"7": "7H 7S 7H"}),
        phase="play",
    )
    view = player_view(game, 0)
    assert explain_action(view, Discard("2S")) == (
        "Discard 2♠: a wild card freezes the pile against your opponent."
    )
    assert explain_action(view, Discard("3S")) == (
        "Discard 3♠: a Black Three blocks the pile for your opponent's next turn."
    )
    assert explain_action(view, Discard("7D")) == (
        "Discard 7♦: it is the card you need least, although your opponent could add it to its "
        "Sevens."
    )
    # Five of the eight Nines are in sight (the hand, the pile, the player's meld): a pair of
    # them in the opponent's hand is unlikely, and the explanation says why.
    dead = position(
        hands=("9D 9C 4C QD", "5C 6C"), melds=({"9": "9S 9H 9S"}, {}), pile="5H", phase="play"
    )
    assert explain_action(player_view(dead, 0), Discard("4C")) == (
        "Discard 4♣: your opponent has no meld of Fours and is not known to hold one."
    )
    assert explain_action(player_view(dead, 0), Discard("9D")) == (
        "Discard 9♦: your opponent has no meld of Nines, is not known to hold one, and five of "
        "the eight Nines are in sight."
    )
    last = position(hands=("QD", "5C 6C"), melds=({"K": "KS KD KH"}, {}), phase="play")
    assert explain_action(player_view(last, 0), Discard("QD")) == "Discard Q♦ and go out."


def test_every_kind_of_suggestion_has_an_explanation():
    game = position(
        hands=("8H 8S 8D KS KD JK 4C 9C 6D", "5C 6C"), phase="play", opened=(False, False)
    )
    view = player_view(game, 0)
    game.apply(Meld(("8H", "8S", "8D")))
    after = player_view(game, 0)
    assert explain_action(after, Undo()) == (
        "Take back your last meld: they count 30 of the 50 points you need to open."
    )
    assert explain_action(after, UndoTurn()).startswith("Take back your melds of this turn")
    assert (
        explain_action(view, Pass()) == "End your turn without discarding: you keep your last card."
    )
    assert explain_action(view, NextHand()) == "Deal the next hand."
    seven_pairs = "4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D QS QD"
    special = position(
        Rules.modern_american(), hands=(seven_pairs, "5C 6C"), phase="play", opened=(False, False)
    )
    meld = Meld(tuple(seven_pairs.split(" ")), "special")
    assert explain_action(player_view(special, 0), meld) == (
        "Meld your whole hand as Seven Pairs and go out: 2500 points."
    )


def test_explanations_never_show_card_codes():
    view = player_view(position(**OPENING), 0)
    for line in explain_hint(view, [Meld(("8H", "8S", "8D")), Discard("4C")]):
        for code in ("8H", "8S", "4C", "JK"):
            assert code not in line


def test_what_can_i_do_offers_the_pile_with_a_natural_pair():
    game = position(
        hands=("9C 9S KS KD KH 4D 5D", "5C 6C"), pile="5D 9H", melds=({"4": "4H 4S 4C"}, {})
    )
    assert describe_choices(player_view(game, 0)) == [
        "You can take the pile (two cards): you hold two natural Nines and the top card is a Nine.",
        "Or draw two cards from the stock.",
    ]


def test_what_can_i_do_explains_a_frozen_pile():
    game = position(hands=("9C KS KD KH 4D 5D", "5C 6C"), pile="5D 9H", opened=(False, False))
    assert describe_choices(player_view(game, 0)) == [
        "Draw two cards from the stock.",
        "The pile is frozen for you (you have not opened yet): to take it you need two natural "
        "Nines in your hand, and you hold only one.",
        "You need 50 points to open. You cannot open now: the cards you can meld are worth 30 "
        "points.",
    ]


def test_what_can_i_do_with_a_wild_card_and_a_blocked_pile():
    wild = position(
        hands=("9C 2S KS KD 4D 5D", "5C 6C"), pile="5D 9H", melds=({"4": "4H 4S 4C"}, {})
    )
    assert describe_choices(player_view(wild, 0))[0] == (
        "You can take the pile (two cards): you hold a natural one and a wild card for the top "
        "card, a Nine."
    )
    blocked = position(hands=("9C 2S KS KD 4D 5D", "5C 6C"), pile="5D 3S")
    assert describe_choices(player_view(blocked, 0))[1] == (
        "You cannot take the pile: a Black Three on top blocks it this turn."
    )


def test_what_can_i_do_in_the_play_phase():
    game = position(
        hands=("9C 2S KS KD KC 4D 5D", "5C 6C"), melds=({"4": "4H 4S 4C"}, {}), phase="play"
    )
    assert describe_choices(player_view(game, 0)) == [
        "You can meld Kings (K♠ K♦ K♣).",
        "You can add 4♦ to your Fours.",
        "Your wild cards can join your melds.",
        "You have no canastas of the two you need to go out, so keep at least two cards in your hand.",
        "End your turn by discarding a card.",
    ]


def test_what_can_i_do_when_it_is_not_your_turn():
    game = position(hands=("9C", "5C 6C"), to_move=1)
    assert describe_choices(player_view(game, 0)) == [
        "It is your opponent's turn: wait for its move."
    ]


def test_a_discard_the_opponent_can_use_is_never_called_safe():
    game = position(hands=("6S 9C 4D", "5C 7C"), melds=({}, {"6": "6H 6D 6C"}), phase="play")
    text = explain_action(player_view(game, 0), Discard("6S"))
    assert text == (
        "Discard 6♠: it is the card you need least, although your opponent could add it to its "
        "Sixes."
    )


def test_a_discard_of_a_rank_the_opponent_took_says_so_once():
    game = position(hands=("10S 9C 4D", "10H 7C"), phase="play")
    game.players[1].known.add(game.players[1].hand[0])  # seen taken from the pile
    text = explain_action(player_view(game, 0), Discard("10S"))
    assert text == (
        "Discard 10♠: it is the card you need least, although your opponent took a Ten from "
        "the pile."
    )
