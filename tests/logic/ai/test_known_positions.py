"""The computer's judgement on scripted positions with known best moves: going out, waiting,
freezing the pile, spending wild cards and Black Threes only where they pay."""

import random

import pytest

from game.logic import Rules, player_view
from game.logic.actions import Discard, Draw, Meld, TakePile
from game.logic.ai import ComputerPlayer, heuristic
from game.logic.cards import CARD_CODE, CARD_RANK, IDS_OF_CODE, IS_WILD, JOKER
from game.logic.phases import PLAY
from tests.helpers.scenario import position

CANASTA_Q = "QS QH QD QC QS QH QD"
CANASTA_J = "JS JH JD JC JS JH JD"
CANASTA_9 = "9S 9H 9D 9C 9S 9H 9D"
CANASTA_10 = "10S 10H 10D 10C 10S 10H 10D"


def play_turn(game, player):
    """Let `player` play the mover's whole turn; the actions it chose."""
    mover, chosen = game.to_move, []
    while game.phase in ("draw", "play") and game.to_move == mover and len(chosen) < 20:
        action = player.decide(player_view(game, mover))
        chosen.append(action)
        game.apply(action)
    return chosen


def quick(level):
    return ComputerPlayer(level, seed=1, samples=3, aggressiveness=0)


# Going out here wins the hand by about 60 points, and the opponent (two canastas, two cards) will
# go out next turn.
OUT_AHEAD = {
    "hands": ("KS KH 4C", "5H 6H"),
    "melds": (
        {"Q": CANASTA_Q, "J": CANASTA_J, "K": "KC KD KC"},
        {"9": CANASTA_9, "10": CANASTA_10, "A": "AS AH AD AC AS"},
    ),
    "phase": PLAY,
}


@pytest.mark.parametrize("level", ["advanced", "expert", "master"])
def test_goes_out_with_two_canastas_when_the_opponent_holds_two_cards(level):
    # Behind on the table, but the opponent (two canastas, two cards) will go out next turn:
    # going out now banks the bonus and catches its cards.
    game = position(**OUT_AHEAD)
    play_turn(game, quick(level))
    assert game.phase == "hand_over" and game.went_out == 0


@pytest.mark.parametrize("level", ["advanced", "master"])
def test_does_not_go_out_while_far_ahead_and_the_opponent_cannot_go_out(level):
    # 1200 against 60 on the table, a canasta in waiting (six Eights), and an opponent with no
    # canasta and nothing near one: playing on can add far more than going out banks.
    game = position(
        hands=("5S 5H 5D 9C", "4S 4H 6D 6C 7S 7H KS KH AD AC"),
        melds=({"Q": CANASTA_Q, "J": CANASTA_J, "8": "8S 8H 8D 8C 8S 8H"}, {"K": "KC KD KD"}),
        pile="6S 7D",
        phase=PLAY,
    )
    play_turn(game, quick(level))
    assert game.phase == PLAY or game.phase == "draw"
    assert game.went_out is None and game.players[0].hand


def test_going_out_gain_counts_the_opponents_hand_and_its_threat():
    base = {
        "hands": ("KS KH 4C", "5H 6H"),
        "melds": ({"Q": CANASTA_Q, "J": CANASTA_J}, {"9": CANASTA_9, "10": CANASTA_10}),
        "phase": PLAY,
    }
    close = position(**base)
    assert heuristic.opponent_out_chance(close) >= 0.5
    assert heuristic.going_out_gain(close) > 0
    far = position(**(base | {"melds": ({"Q": CANASTA_Q, "J": CANASTA_J}, {"9": "9S 9H 9D"})}))
    assert heuristic.opponent_out_chance(far) == 0.0
    big_hand = position(
        **(base | {"hands": ("KS KH 4C", "5H 6H 7S 7H 8S 8H AS AH KD KC 2S JK 6C 6D")})
    )
    assert heuristic.hand_points_of(big_hand, 1) > heuristic.hand_points_of(close, 1) + 100


@pytest.mark.parametrize("level", ["expert", "master"])
def test_a_fast_hand_does_not_go_out_behind_while_the_opponent_cannot_go_out(level):
    # Going out is possible (Kings down, Four away), but it would bank less than the opponent's
    # Aces canasta and four Red Threes, and the opponent, one canasta and nothing near a second,
    # cannot go out soon: even in a hand played fast, the search levels play on.
    game = position(
        hands=("KS KH KD 4C", "6D 6H 7S 7H 8S 8H 9C 10D JC QD"),
        melds=(
            {"4": "4S 4H 4D 4C 4S 4H 4D", "5": "5S 5D 5C 5S 5D 5C 5H"},
            {"A": "AS AH AD AC AS AH AD", "K": "KC KD KC"},
        ),
        threes=("", "3H 3D 3H 3D"),
        phase=PLAY,
    )
    assert heuristic.opponent_out_chance(game) == 0.0
    assert heuristic.going_out_gain(game) < 0
    player = ComputerPlayer(level, seed=1, samples=3, aggressiveness=100)
    assert player.aggressive_in_hand(game.hand_no)
    play_turn(game, player)
    assert game.went_out is None and game.players[0].hand


# Going out here loses the hand by about 185 points (Kings down, Four away, against the
# opponent's Aces canasta and four Red Threes), and the opponent cannot go out soon.
BEHIND_BUT_OUT = {
    "hands": ("KS KH KD 4C", "6D 6H 7S 7H 8S 8H 9C 10D JC QD"),
    "melds": (
        {"4": "4S 4H 4D 4C 4S 4H 4D", "5": "5S 5D 5C 5S 5D 5C 5H"},
        {"A": "AS AH AD AC AS AH AD", "K": "KC KD KC"},
    ),
    "threes": ("", "3H 3D 3H 3D"),
    "phase": PLAY,
}


@pytest.mark.parametrize("level", ["advanced", "master"])
@pytest.mark.parametrize("aggressiveness", [0, 100])
def test_goes_out_behind_in_the_hand_when_that_wins_the_game(level, aggressiveness):
    game = position(**BEHIND_BUT_OUT, totals=(4700, 3800))
    assert heuristic.going_out_lead(game) < 0
    assert heuristic.going_out_ends_game(game) > 500
    play_turn(game, ComputerPlayer(level, seed=1, samples=3, aggressiveness=aggressiveness))
    assert game.went_out == 0 and game.winner == 0


def test_going_out_ends_the_game_only_with_a_side_alone_at_the_top_of_the_target():
    # Only the totals differ from the position where going out loses the hand: it matters to
    # the game only once a side would reach the target score.
    assert heuristic.going_out_ends_game(position(**BEHIND_BUT_OUT)) is None
    assert heuristic.going_out_ends_game(position(**BEHIND_BUT_OUT, totals=(3000, 3500))) is None
    scores = heuristic.going_out_scores(position(**BEHIND_BUT_OUT))
    level = position(**BEHIND_BUT_OUT, totals=(4000, 4000 + int(scores[0] - scores[1])))
    assert heuristic.going_out_ends_game(level) == pytest.approx(0.0, abs=1.0)
    lost = position(**BEHIND_BUT_OUT, totals=(3500, 4000))
    assert heuristic.going_out_ends_game(lost) < 0 and heuristic.going_out_gain(lost) < 0


@pytest.mark.parametrize("level", ["advanced", "master"])
@pytest.mark.parametrize("aggressiveness", [0, 100])
def test_does_not_go_out_ahead_in_the_hand_when_that_loses_the_game(level, aggressiveness):
    # The position where every judging level goes out at 0-0 (ahead by about 60, the opponent
    # two cards from going out): here it would end the game 800 behind, so the player plays on.
    game = position(**OUT_AHEAD, totals=(3000, 3900))
    assert heuristic.going_out_lead(game) > 0
    assert heuristic.going_out_ends_game(game) < -500
    play_turn(game, ComputerPlayer(level, seed=1, samples=3, aggressiveness=aggressiveness))
    assert game.went_out is None and game.players[0].hand


@pytest.mark.parametrize("level", ["advanced", "master"])
def test_freezes_the_pile_when_the_opponent_threatens_to_take_a_large_one(level):
    # Every natural card would let the opponent take twelve cards onto its melds.
    game = position(
        hands=("2C 5S 8D KC", "4H 4D 7C 9H 9D"),
        melds=({"A": "AS AH AD"}, {"5": "5H 5D 5C", "8": "8S 8H 8C", "K": "KS KH KD"}),
        pile="4S 6H 7D 9C 10S 10H JD QC QS 6D 7S 10C",
        phase=PLAY,
    )
    chosen = play_turn(game, quick(level))
    assert chosen[-1] == Discard("2C")
    assert game.pile_is_frozen_for(1)


def test_black_three_is_kept_rather_than_thrown_onto_an_empty_pile():
    game = position(hands=("3S 9D KC 4H 4D", "5H 6H 7S"), phase=PLAY)
    game.pile = []
    chosen = play_turn(game, quick("advanced"))
    assert isinstance(chosen[-1], Discard) and chosen[-1].card != "3S"


def test_no_wild_card_spent_on_the_pile_with_a_huge_hand():
    hand = "KS JK 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H 10S 10H JS JH"
    game = position(
        hands=(hand, "5D 6D 7D"),
        melds=({"A": "AS AH AD"}, {"Q": "QS QH QD"}),
        pile="4D 9C 10C KH",
        phase="draw",
    )
    player = quick("advanced")
    action = player.decide(player_view(game, 0))
    assert isinstance(action, Draw) or (isinstance(action, TakePile) and "JK" not in action.with_)


def test_opening_spends_no_more_wild_cards_than_the_minimum_needs():
    # 8H 8S JK JK would make 120 for a minimum of 50: one wild card is enough.
    game = position(
        hands=("8H 8S JK JK 5C 6D 9C 10H QS KD KC KH 4S", "5H 6H 7S"),
        opened=(False, False),
        phase=PLAY,
    )
    plan = heuristic._opening_plan(game)
    assert plan is not None
    wilds = [c for _key, cards in plan for c in cards if IS_WILD[c]]
    assert len(wilds) <= 1
    for level in ("advanced", "master"):
        trial = game.clone()
        chosen = play_turn(trial, quick(level))
        melded = [code for a in chosen if a.type == "meld" for code in a.cards]
        assert melded.count("JK") <= 1, (level, chosen)


def test_twos_before_jokers_when_a_two_reaches_the_minimum():
    game = position(
        hands=("KS KH KD 9C 9D 2C JK 5C 6D 4S 7H", "5H 6H 7S"),
        opened=(False, False),
        phase=PLAY,
    )
    plan = heuristic._opening_plan(game)
    assert plan is not None
    assert not any(CARD_RANK[c] == JOKER for _key, cards in plan for c in cards)


def test_heuristic_choices_are_legal_in_the_scripted_positions():
    game = position(hands=("3S 9D KC 4H 4D", "5H 6H 7S"), phase=PLAY)
    action = heuristic.choose(game, heuristic.ADVANCED, random.Random(1))
    assert game.check(action) is None
    assert Rules() == game.rules


def _risky_and_dead_position(known: str = ""):
    # The mover holds a lone Ace and a lone Nine. Every other Nine is in sight (the opponent's
    # canasta), while seven Aces are out of sight, among them perhaps a pair in the opponent's
    # ten hidden cards. The pile is frozen, so only a natural pair takes it.
    game = position(
        hands=("AS 9S KD QC", "4H 4D 6C 6D 7C 7D 8C 8D JS JH"),
        melds=({"K": "KS KH KC"}, {"9": "9S 9H 9H 9D 9D 9C 9C"}),
        pile="2C 6H 10S 5D 5C",
        phase=PLAY,
    )
    if known:
        # Cards the opponent took from the pile are known to be in its hand.
        hand = game.players[1].hand
        for code in known.split():
            card = next(c for c in game.stock if CARD_CODE[c] == code)
            game.stock.remove(card)
            hand.append(card)
            game.players[1].known.add(card)
    return game


def test_pair_risk_comes_from_the_copies_out_of_sight():
    risks = heuristic.pair_risks(_risky_and_dead_position())
    assert risks[CARD_RANK[IDS_OF_CODE["9S"][0]]] == 0.0  # all eight Nines are in sight
    ace = CARD_RANK[IDS_OF_CODE["AS"][0]]
    assert 0.05 < risks[ace] < 0.5
    # Two Fives in the pile leave fewer out of sight than the Aces.
    five = CARD_RANK[IDS_OF_CODE["5S"][0]]
    assert risks[five] < risks[ace]
    # Two Aces known to be in the opponent's hand make a pair for certain.
    assert heuristic.pair_risks(_risky_and_dead_position("AH AD"))[ace] == 1.0


def test_discards_the_card_the_opponent_cannot_hold_a_pair_of():
    game = _risky_and_dead_position()
    discards = [Discard("AS"), Discard("9S")]
    for style in (heuristic.INTERMEDIATE, heuristic.ADVANCED, heuristic.MASTER):
        assert heuristic.choose_discard(game, discards, style, random.Random(1)) == Discard("9S")


def test_master_weighs_a_hidden_pair_more_than_advanced():
    # The Nine would break the mover's pair of Nines (all eight are in sight); the lone Ace is
    # otherwise the better discard, unless the chance of a hidden pair of Aces counts fully.
    game = position(
        hands=("AS 9S 9D KD QC", "4H 4D 6C 6D 7C 7D 8C 8D JS JH"),
        melds=({"K": "KS KH KC"}, {"9": "9S 9H 9H 9D 9C 9C"}),
        pile="2C 6H 10S 5D 5C",
        phase=PLAY,
    )
    discards = [Discard("AS"), Discard("9S")]
    rng = random.Random(1)
    assert heuristic.choose_discard(game, discards, heuristic.ADVANCED, rng) == Discard("AS")
    assert heuristic.choose_discard(game, discards, heuristic.MASTER, rng) == Discard("9S")


EIGHTS = Meld(("8S", "8H", "8D"))


def _three_eights(
    opponent_hand: str = "4H 4D 6C 6D 7C 7D JS JH QC QD",
    opponent_melds: dict[str, str] | None = None,
):
    # Master has opened and holds three Eights, none of them taken from the pile; by default
    # the opponent is far from going out.
    return position(
        hands=("8S 8H 8D 5C 9D QS 4C 6S", opponent_hand),
        melds=({"K": "KS KC KD"}, opponent_melds or {"A": "AS AH AD"}),
        pile="6H 10S",
        phase=PLAY,
    )


def test_master_keeps_three_of_a_kind_out_of_sight_while_the_opponent_is_far_from_out():
    # Laid down, the Eights would tell the opponent never to discard one; kept, they catch the
    # pile when it does. Advanced lays them down.
    game = _three_eights()
    assert game.check(EIGHTS) is None
    master = heuristic.choose(game, heuristic.MASTER, random.Random(1))
    assert isinstance(master, Discard) and master.card not in ("8S", "8H", "8D")
    assert heuristic.choose(game, heuristic.ADVANCED, random.Random(1)) == EIGHTS


def test_master_playing_fast_melds_three_of_a_kind_at_once():
    # Aggressiveness keeps its meaning: a hand played fast melds early.
    game = _three_eights()
    assert heuristic.choose(game, heuristic.MASTER, random.Random(1), aggressive=True) == EIGHTS


def test_master_lays_down_three_of_a_kind_once_the_opponent_may_go_out():
    # The opponent has its two canastas and three cards: the Eights must not be caught in hand.
    game = _three_eights(
        "4H 4D 6C",
        {"A": "AS AH AD AC AS AH AD", "J": "JS JH JD JC JS JH JD"},
    )
    assert heuristic.choose(game, heuristic.MASTER, random.Random(1)) == EIGHTS


def test_master_lays_down_three_of_a_kind_the_opponent_saw_it_take():
    # An Eight taken from the pile is known to the opponent, which will not discard Eights.
    game = _three_eights()
    game.players[0].known.add(game.players[0].hand[0])
    assert heuristic.choose(game, heuristic.MASTER, random.Random(1)) == EIGHTS
