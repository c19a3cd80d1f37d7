"""RULES.md section 2: the deal, the upcard procedure, talons, Red Threes, dealer rotation."""

import pytest

from game.logic import Draw, Game, IllegalAction, NextHand, Rules
from game.logic import events as ev
from game.logic.cards import CARD_CODE, IS_RED_THREE, IS_WILD, N_CARDS, is_unseen, unseen_card
from tests.helpers.scenario import all_cards


def deck_with(front: list[str]) -> list[int]:
    """108 ids whose first cards have the given codes, the rest in id order."""
    used: list[int] = []
    for code in front:
        used.append(next(i for i in range(N_CARDS) if CARD_CODE[i] == code and i not in used))
    return used + [i for i in range(N_CARDS) if i not in used]


def test_classic_deal_gives_fifteen_cards_each_and_an_upcard():
    game = Game(Rules(), seed=5)
    assert [len(p.hand) for p in game.players] == [15, 15]
    assert len(game.pile) >= 1
    assert all_cards(game) == list(range(N_CARDS))


def test_cards_are_dealt_singly_and_alternately_from_the_deck_front():
    deck = list(range(N_CARDS))
    game = Game(Rules(red_three_replacement=True), deck=deck, first_player=1)
    hand1 = list(deck[0:30:2])
    hand0 = list(deck[1:30:2])
    # Red Threes are laid down, so compare what was dealt before replacement.
    deal_events = [e for e in game.last_events if e.kind == ev.DEAL]
    assert deal_events[0].player == 1 and list(deal_events[0].cards) == hand1
    assert deal_events[1].player == 0 and list(deal_events[1].cards) == hand0


def test_upcard_wild_or_red_three_is_covered_and_the_pile_starts_frozen():
    front = [
        c
        for pair in zip(
            [
                "4S",
                "5S",
                "6S",
                "8S",
                "9S",
                "10S",
                "JS",
                "QS",
                "KS",
                "AS",
                "4H",
                "5H",
                "6H",
                "8H",
                "9H",
            ],
            [
                "4D",
                "5D",
                "6D",
                "8D",
                "9D",
                "10D",
                "JD",
                "QD",
                "KD",
                "AD",
                "4C",
                "5C",
                "6C",
                "8C",
                "9C",
            ],
            strict=True,
        )
        for c in pair
    ]
    game = Game(Rules(), deck=deck_with([*front, "JK", "3H", "7C"]))
    assert [CARD_CODE[c] for c in game.pile] == ["JK", "3H", "7C"]
    assert game.pile_is_frozen_for(0) and game.pile_is_frozen_for(1)
    assert not game.pile_is_blocked()


def test_red_threes_dealt_are_laid_down_and_replaced_first_player_first():
    front = ["3H", "4D", "3D"]
    deck = deck_with(front)
    game = Game(Rules(initial_upcard=False), deck=deck, first_player=0)
    p0, _p1 = game.players
    assert [CARD_CODE[c] for c in p0.threes] == ["3H", "3D"]
    assert len(p0.hand) == 15 and not any(IS_RED_THREE[c] for c in p0.hand)
    stock_front = deck[30]
    assert stock_front in p0.hand  # the first replacement comes from the stock's front


def test_modern_deal_has_thirteen_cards_talons_and_no_upcard():
    game = Game(Rules.modern_american(), seed=3)
    assert [len(p.hand) for p in game.players] == [13, 13]
    assert [len(t) for t in game.talons] == [4, 3]
    assert game.pile == []
    assert all_cards(game) == list(range(N_CARDS))


def test_all_threes_equal_lays_black_threes_down_too():
    deck = deck_with(["3S", "4D", "3C"])
    game = Game(Rules(all_threes_equal=True, initial_upcard=False), deck=deck)
    laid = [CARD_CODE[c] for c in game.players[0].threes]
    assert "3S" in laid and "3C" in laid
    for player in game.players:
        assert not any(CARD_CODE[c].startswith("3") for c in player.hand)


def finish_hand(game: Game) -> None:
    game.players[game.to_move].hand.clear()
    game._end_hand("went_out", [])


def test_dealer_alternates_and_the_non_dealer_starts():
    game = Game(Rules(), seed=1, first_player=0)
    assert game.dealer == 1 and game.to_move == 0
    finish_hand(game)
    game.apply(NextHand())
    assert game.first_player == 1 and game.dealer == 0 and game.to_move == 1
    finish_hand(game)
    game.apply(NextHand())
    assert game.first_player == 0


def test_starter_loser_lets_the_loser_of_the_hand_start():
    game = Game(Rules(starter="loser"), seed=2, first_player=0)
    for player in game.players:
        player.threes = []  # only the cards in hand decide this hand's scores
    game.players[0].hand = game.players[0].hand[:1]  # player 0 holds less: player 1 loses
    game._end_hand("stock_exhausted", [])
    loser = 0 if game.hand_scores[0]["total"] < game.hand_scores[1]["total"] else 1
    game.apply(NextHand())
    assert game.first_player == loser == 1


def test_same_seed_deals_the_same_game():
    assert Game(Rules(), seed=42).state_hash() == Game(Rules(), seed=42).state_hash()
    assert Game(Rules(), seed=42).state_hash() != Game(Rules(), seed=43).state_hash()


def test_upcard_procedure_stops_at_a_natural_card():
    for seed in range(30):
        game = Game(Rules(), seed=seed)
        assert not (IS_WILD[game.pile[-1]] or IS_RED_THREE[game.pile[-1]])
        assert all(IS_WILD[c] or IS_RED_THREE[c] for c in game.pile[:-1])


def test_talons_go_to_the_first_and_second_player_to_open():
    from game.logic import Discard, Meld
    from tests.helpers.scenario import position

    rules = Rules(talons=True)
    game = position(
        rules,
        hands=("AS AD AH 9C 5C", "KS KD KH QS QD QH 6C 4C"),
        opened=(False, False),
        phase="play",
    )
    game.talons = [[game.stock.pop() for _ in range(4)], [game.stock.pop() for _ in range(3)]]
    four, three = list(game.talons[0]), list(game.talons[1])
    game.apply(Meld(("AS", "AD", "AH")))  # 60: opens in Classic
    game.apply(Discard("9C"))
    assert set(four) <= set(game.players[0].hand) and game.talons == [three]
    game.apply({"type": "draw"})
    game.apply(Meld(("KS", "KD", "KH")))
    game.apply(Meld(("QS", "QD", "QH")))
    game.apply(Discard("6C"))
    assert set(three) <= set(game.players[1].hand) and game.talons == []
    assert any(e.kind == "talon" for e in game.last_events)


def seat_view_deck(deck: list[int], seen: set[int]) -> list[int]:
    """`deck` as a seat of a peek-proof deal sees it: unseen cards where it has not looked."""
    return [card if p in seen else unseen_card(p) for p, card in enumerate(deck)]


def test_a_deck_with_unseen_cards_deals_them_as_cards_that_are_never_threes_or_wild():
    front = ["3H", "JK", "2S", "4D", "3D"]
    deck = deck_with(front)
    seen = set(range(0, 30, 2))  # seat 0's hand (seat 0 is dealt first), nothing else
    game = Game(Rules(), deck=seat_view_deck(deck, seen), first_player=0)
    mine, theirs = game.players
    # Seat 0 sees its Red Threes (positions 0 and 4) and lays them, replaced from the stock's
    # top; seat 1's hand and the stock are unseen, so nothing of theirs is laid or frozen.
    assert [CARD_CODE[c] for c in mine.threes] == ["3H", "3D"]
    assert theirs.threes == [] and len(theirs.hand) == 15
    assert all(is_unseen(c) for c in theirs.hand)
    assert [c - N_CARDS for c in mine.hand if is_unseen(c)] == [31, 32]
    assert [c - N_CARDS for c in game.pile] == [30] and game.pile_freezers == 0
    assert len(game.stock) == 108 - 30 - 1 - 2


def test_an_unseen_card_is_counted_and_moved_but_never_melded():
    game = Game(Rules(), deck=seat_view_deck(list(range(N_CARDS)), set()), first_player=0)
    assert [len(p.hand) for p in game.players] == [15, 15]
    game.apply(Draw())
    assert len(game.players[0].hand) == 17
    with pytest.raises(IllegalAction):
        game.apply({"type": "meld", "cards": ["??", "??", "??"]})
    with pytest.raises(IllegalAction):
        game.apply({"type": "discard", "card": "??"})


def test_a_deck_may_hold_an_unseen_card_only_at_its_own_position():
    deck = seat_view_deck(list(range(N_CARDS)), set(range(1, N_CARDS)))
    Game(Rules(), deck=deck)
    deck[0], deck[1] = deck[1], deck[0]
    with pytest.raises(ValueError, match="exactly once"):
        Game(Rules(), deck=deck)
    with pytest.raises(ValueError, match="exactly once"):
        Game(Rules(), deck=[unseen_card(p) for p in range(N_CARDS)][:-1])
