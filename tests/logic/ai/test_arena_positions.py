"""Positions from arena games where Master went wrong, replayed from their deals (arena seeds,
every player without a clock so that each run plays the same moves): what it does there now."""

from game.logic import Game, Rules, legal_actions, player_view
from game.logic.actions import Draw, TakePile
from game.logic.ai import ComputerPlayer, evaluation
from game.logic.ai.sparring import SPARRING
from game.logic.cards import CARD_CODE, sorted_codes
from game.logic.phases import DRAW
from tests.helpers.scenario import position


def arena_position(deal_seed, levels, turn):
    """The arena's first hand on `deal_seed` with these bots by seat (seeded as the arena seeds
    them), played up to the start of turn `turn`; the game and the bots."""
    game = Game(Rules(), seed=deal_seed)
    bots = [
        ComputerPlayer(name, seed=deal_seed + 1 + seat)
        if name not in SPARRING
        else SPARRING[name](seed=deal_seed + 1 + seat)
        for seat, name in enumerate(levels)
    ]
    while game.turn.no < turn:
        game.apply(bots[game.to_act].decide(player_view(game, game.to_act)))
    return game, bots


def test_master_does_not_take_a_pile_it_cannot_open_with():
    # Deal seed 1000016 (arena --seed 1, deal 13), turn 1: 8C 8S take the pile [2S 8H], but the
    # Eights (30) and its Sevens (15) make 45 of the 50 an opening needs, the 2S taken from the
    # pile being locked. It used to take the pile, then give it back and pay 50.
    game, bots = arena_position(1_000_016, ("master", "careful"), turn=1)
    assert game.phase == DRAW and game.to_move == 0
    assert [CARD_CODE[c] for c in game.pile] == ["2S", "8H"]
    assert {"8C", "8S", "7C", "7D", "7H"} <= set(sorted_codes(game.players[0].hand))
    assert TakePile(with_=("8C", "8S")) in legal_actions(game)
    action = bots[0].decide(player_view(game, 0))
    assert action == Draw()
    game.apply(action)
    while game.to_move == 0:
        game.apply(bots[0].decide(player_view(game, 0)))
    assert game.players[0].returns == 0


def test_a_pile_given_back_costs_its_penalty_in_the_evaluation():
    game = position(hands=("5S 6H 9D", "5H 6D 9C"), pile="4S 7H")
    even = evaluation.value(game, 0)
    game.players[0].returns = 1
    penalty = game.rules.discard_return_penalty
    assert evaluation.value(game, 0) == even - penalty
    assert evaluation.value(game, 1) == -even + penalty
